package output

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
)

// File is an output file: where it goes and what it holds.
type File struct {
	Path string
	Data []byte
}

// WriteFiles writes every file through one [Stage]: all of them or none.
func WriteFiles(files []File) error {
	st := NewStage()
	defer st.Discard()
	for _, f := range files {
		w, err := st.Create(f.Path)
		if err != nil {
			return err
		}
		if _, err := w.Write(f.Data); err != nil {
			return fmt.Errorf("write %s: %w", f.Path, err)
		}
	}
	return st.Commit()
}

// A Stage writes a set of files atomically, and all of them or none. Each
// file is first written to a temporary file in its target folder (see
// [Stage.Create]); [Stage.Commit] syncs them and, only when all are
// whole, renames them over their targets, so that a reader sees either the
// old file or the new one, never half of one. A failure before the renames
// leaves every target untouched; a rename that fails after others
// succeeded puts those back as they were (an earlier file restored, a new
// one removed), from a hard link (or, where the file system has none, a
// copy) of each file replaced, taken before the first rename. Every file
// written has mode 0644.
//
// The temporary files are named ".NAME.deckpress-PID-N.tmp" (backups
// ".old"), PID being the writing process: [Interrupt] removes this
// process's, and a later Stage removes those in the folders it writes
// whose process is gone (killed, or a machine that stopped).
type Stage struct {
	mu    sync.Mutex
	files []*stagedFile
	dirs  map[string]bool // folders cleaned of stale temporaries
	done  bool            // committed or discarded
}

// stagedFile is a file on its way to path: its open temporary file until
// it is renamed, and the backup of the file it replaces, if any.
type stagedFile struct {
	path, tmp, old string
	f              *os.File
}

// stages are the stages of this process not yet committed or discarded.
var stages struct {
	mu          sync.Mutex
	live        map[*Stage]bool
	interrupted atomic.Bool
}

// errInterrupted refuses to stage or commit once [Interrupt] ran.
var errInterrupted = errors.New("interrupted; nothing written")

// NewStage returns an empty stage.
func NewStage() *Stage {
	s := &Stage{dirs: map[string]bool{}}
	stages.mu.Lock()
	defer stages.mu.Unlock()
	if stages.live == nil {
		stages.live = map[*Stage]bool{}
	}
	stages.live[s] = true
	return s
}

// Create returns a writer for the file that is to be at path once the
// stage is committed: a temporary file beside it. It is safe to call from
// several goroutines, and the writers may be written concurrently; a
// folder at path is refused now rather than at the rename.
func (s *Stage) Create(path string) (io.Writer, error) {
	if stages.interrupted.Load() {
		return nil, errInterrupted
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("create output folder: %w", err)
	}
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return nil, fmt.Errorf("write %s: a folder is in the way", path)
	}
	if st, err := os.Lstat(path); err == nil && !st.Mode().IsRegular() && st.Mode()&fs.ModeSymlink == 0 {
		return nil, fmt.Errorf("write %s: it is not a regular file; deckpress replaces only files", path)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.done {
		return nil, errors.New("write " + path + ": the stage is closed")
	}
	if !s.dirs[dir] {
		s.dirs[dir] = true
		removeStale(dir)
	}
	f, err := os.CreateTemp(dir, tempPattern(path))
	if err != nil {
		return nil, fmt.Errorf("write %s: %w", path, err)
	}
	s.files = append(s.files, &stagedFile{path: path, tmp: f.Name(), f: f})
	return f, nil
}

// tempPattern is the os.CreateTemp pattern of path's temporary file.
func tempPattern(path string) string {
	return "." + filepath.Base(path) + ".deckpress-" + strconv.Itoa(os.Getpid()) + "-*.tmp"
}

// ours matches the temporary files and backups of a Stage: the target's
// name, the process that made them, and which it is.
var ours = regexp.MustCompile(`^\.(.+)\.deckpress-([0-9]+)-[0-9]+\.(tmp|old)$`)

// removeStale removes from dir the temporary files of stages whose
// process no longer runs, and their backups that are still hard links of
// their targets (one that is not holds an earlier file the user may
// want, left as the error that kept it said).
func removeStale(dir string) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		m := ours.FindStringSubmatch(e.Name())
		if m == nil || !e.Type().IsRegular() {
			continue
		}
		pid, err := strconv.Atoi(m[2])
		if err != nil || pid == os.Getpid() || running(pid) {
			continue
		}
		name := filepath.Join(dir, e.Name())
		if m[3] == "old" && !sameFile(name, filepath.Join(dir, m[1])) {
			continue
		}
		os.Remove(name)
	}
}

// sameFile reports whether a and b are the same file.
func sameFile(a, b string) bool {
	sa, err := os.Stat(a)
	if err != nil {
		return false
	}
	sb, err := os.Stat(b)
	return err == nil && os.SameFile(sa, sb)
}

// running reports whether a process pid exists (signal 0 checks, sends
// nothing).
func running(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

// Commit finishes every file written and renames them all into place, or
// none; the stage is then closed, its temporary files gone either way.
func (s *Stage) Commit() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	defer s.close()
	if s.done || stages.interrupted.Load() {
		return errInterrupted
	}
	for _, f := range s.files {
		if err := f.finish(); err != nil {
			return err
		}
	}
	for _, f := range s.files {
		if err := f.keepOld(); err != nil {
			return err
		}
	}
	for i, f := range s.files {
		if err := rename(f.tmp, f.path); err != nil {
			err = fmt.Errorf("write %s: %w", f.path, errors.Unwrap(err))
			return errors.Join(err, restore(s.files[:i]))
		}
		f.tmp = ""
	}
	return nil
}

// Discard removes every temporary file of a stage not committed; after
// Commit it does nothing.
func (s *Stage) Discard() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.close()
}

// close removes what is left of the stage's files and closes it; s.mu is
// held.
func (s *Stage) close() {
	for _, f := range s.files {
		f.discard()
	}
	s.files, s.done = nil, true
	stages.mu.Lock()
	delete(stages.live, s)
	stages.mu.Unlock()
}

// Interrupt removes the temporary files of every stage of this process,
// waiting for a commit in progress to end (so that it stays all or
// none); every later Create and Commit fails. The command calls it on
// SIGINT and SIGTERM, before it exits.
func Interrupt() {
	stages.interrupted.Store(true)
	stages.mu.Lock()
	live := make([]*Stage, 0, len(stages.live))
	for s := range stages.live {
		live = append(live, s)
	}
	stages.mu.Unlock()
	for _, s := range live {
		s.Discard()
	}
}

// finish sets the temporary file's mode, syncs and closes it.
func (f *stagedFile) finish() error {
	file := f.f
	f.f = nil
	err := file.Chmod(0o644)
	if err == nil {
		err = file.Sync()
	}
	if cerr := file.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("write %s: %w", f.path, err)
	}
	return nil
}

// keepOld makes the backup of the file at path, if there is one.
func (f *stagedFile) keepOld() error {
	st, err := os.Lstat(f.path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("write %s: %w", f.path, err)
	}
	old := strings.TrimSuffix(f.tmp, ".tmp") + ".old"
	if link(f.path, old) == nil {
		f.old = old
		return nil
	}
	// no hard links here: a copy, with the file's mode
	if err := copyFile(f.path, old, st.Mode().Perm()); err != nil {
		os.Remove(old)
		return fmt.Errorf("write %s: keep the earlier file: %w", f.path, err)
	}
	f.old = old
	return nil
}

// copyFile copies the file src to a new file dst with mode perm, synced.
func copyFile(src, dst string, perm fs.FileMode) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return err
	}
	if _, err = io.Copy(out, in); err == nil {
		err = out.Sync()
	}
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	return err
}

// restore undoes the renames of files, last first: each earlier file
// back, each new one removed. A backup that cannot be put back is left
// where it is, and the error says where.
func restore(files []*stagedFile) error {
	var errs []error
	for i := len(files) - 1; i >= 0; i-- {
		f := files[i]
		if f.old == "" {
			if err := os.Remove(f.path); err != nil {
				errs = append(errs, fmt.Errorf("remove %s: %w", f.path, err))
			}
			continue
		}
		if err := rename(f.old, f.path); err != nil {
			errs = append(errs, fmt.Errorf("restore %s: %w; its earlier content is in %s", f.path, errors.Unwrap(err), f.old))
		}
		f.old = "" // restored, or kept for the user
	}
	return errors.Join(errs...)
}

// discard removes what is left of a staged file: its temporary file if it
// was not renamed, its backup if it was not restored.
func (f *stagedFile) discard() {
	if f.f != nil {
		f.f.Close()
		f.f = nil
	}
	for _, name := range []string{f.tmp, f.old} {
		if name != "" {
			os.Remove(name)
		}
	}
}

// rename moves a file into place, and link makes a hard link; tests make
// them fail.
var (
	rename = os.Rename
	link   = os.Link
)
