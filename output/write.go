package output

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// File is an output file: where it goes and what it holds.
type File struct {
	Path string
	Data []byte
}

// WriteFiles writes every file atomically, and all of them or none: each is
// first written to a temporary file in its target folder and synced; only
// when all are written are they renamed over their targets, so a reader
// sees either the old file or the new one, never half of one. A failure
// before the renames removes every temporary file and leaves every target
// untouched; a rename that fails after others succeeded puts those back
// as they were (an earlier file restored, a new one removed), from a hard
// link (or, where the file system has none, a copy) of each file replaced,
// taken before the first rename. Every file written has mode 0644.
func WriteFiles(files []File) error {
	staged := make([]stagedFile, 0, len(files))
	defer func() {
		for _, s := range staged {
			s.discard()
		}
	}()
	for _, f := range files {
		tmp, err := writeTemp(f.Path, f.Data, 0o644)
		if err != nil {
			return err
		}
		staged = append(staged, stagedFile{path: f.Path, tmp: tmp})
	}
	for i := range staged {
		if err := staged[i].keepOld(); err != nil {
			return err
		}
	}
	for i := range staged {
		s := &staged[i]
		if err := rename(s.tmp, s.path); err != nil {
			err = fmt.Errorf("write %s: %w", s.path, errors.Unwrap(err))
			return errors.Join(err, restore(staged[:i]))
		}
		s.tmp = ""
	}
	return nil
}

// stagedFile is a file on its way to path: its temporary file until it is
// renamed, and the backup of the file it replaces, if any.
type stagedFile struct {
	path, tmp, old string
}

// keepOld makes the backup of the file at path, if there is one.
func (s *stagedFile) keepOld() error {
	st, err := os.Lstat(s.path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("write %s: %w", s.path, err)
	}
	old := strings.TrimSuffix(s.tmp, ".tmp") + ".old"
	if link(s.path, old) == nil {
		s.old = old
		return nil
	}
	// no hard links here: a copy, with the file's mode
	data, err := os.ReadFile(s.path)
	if err != nil {
		return fmt.Errorf("write %s: keep the earlier file: %w", s.path, err)
	}
	if old, err = writeTemp(s.path, data, st.Mode().Perm()); err != nil {
		return fmt.Errorf("write %s: keep the earlier file: %w", s.path, errors.Unwrap(err))
	}
	s.old = old
	return nil
}

// restore undoes the renames of files, last first: each earlier file
// back, each new one removed. A backup that cannot be put back is left
// where it is, and the error says where.
func restore(files []stagedFile) error {
	var errs []error
	for i := len(files) - 1; i >= 0; i-- {
		s := &files[i]
		if s.old == "" {
			if err := os.Remove(s.path); err != nil {
				errs = append(errs, fmt.Errorf("remove %s: %w", s.path, err))
			}
			continue
		}
		if err := rename(s.old, s.path); err != nil {
			errs = append(errs, fmt.Errorf("restore %s: %w; its earlier content is in %s", s.path, errors.Unwrap(err), s.old))
		}
		s.old = "" // restored, or kept for the user
	}
	return errors.Join(errs...)
}

// discard removes what is left of a staged file: its temporary file if it
// was not renamed, its backup if it was not restored.
func (s stagedFile) discard() {
	for _, name := range []string{s.tmp, s.old} {
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

// writeTemp writes data to a synced temporary file next to path, with
// mode perm, and returns its name; a folder at path is refused now rather
// than at the rename.
func writeTemp(path string, data []byte, perm fs.FileMode) (name string, err error) {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("create output folder: %w", err)
	}
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return "", fmt.Errorf("write %s: a folder is in the way", path)
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return "", fmt.Errorf("write %s: %w", path, err)
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if _, err = tmp.Write(data); err != nil {
		return "", fmt.Errorf("write %s: %w", path, err)
	}
	if err = tmp.Chmod(perm); err != nil {
		return "", fmt.Errorf("write %s: %w", path, err)
	}
	if err = tmp.Sync(); err != nil {
		return "", fmt.Errorf("write %s: %w", path, err)
	}
	if err = tmp.Close(); err != nil {
		return "", fmt.Errorf("write %s: %w", path, err)
	}
	return tmp.Name(), nil
}
