package studio

import (
	"crypto/rand"
	"fmt"
	"os"
	"path/filepath"
	"sync"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/internal/safefile"
)

// fileLocks serialise the saves of each file: a save reads the file,
// edits it, checks the result and renames it over the file under the
// file's lock, so that two saves of one file cannot interleave.
type fileLocks struct {
	mu    sync.Mutex
	files map[string]*sync.Mutex // by name in the folder
}

// lock locks the file name and returns its unlock.
func (l *fileLocks) lock(name string) (unlock func()) {
	l.mu.Lock()
	if l.files == nil {
		l.files = map[string]*sync.Mutex{}
	}
	m := l.files[name]
	if m == nil {
		m = new(sync.Mutex)
		l.files[name] = m
	}
	l.mu.Unlock()
	m.Lock()
	return m.Unlock
}

// target returns the file a save of the input p replaces, relative to
// the folder with slashes: p with its symlinks followed, so that a save
// through a symlink replaces the file it names, not the link; errOutside
// when that file lies outside the folder.
func (st *state) target(p string) (string, error) {
	real, err := filepath.EvalSymlinks(filepath.Join(st.dir, filepath.FromSlash(p)))
	if err != nil {
		return "", err
	}
	rel, err := filepath.Rel(st.dir, real)
	if err != nil || !filepath.IsLocal(rel) {
		return "", errOutside
	}
	return filepath.ToSlash(rel), nil
}

// writeAtomic replaces the regular file name (relative to dir, with
// slashes) with data through an os.Root of dir: a temporary file of a
// name no other save uses, beside it, with its mode, synced, then renamed
// over it. A file that is read-only, or that this user may not write, is
// refused and stays as it was.
func writeAtomic(dir, name string, data []byte) error {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return err
	}
	defer root.Close()
	name = filepath.FromSlash(name)
	if err := writable(root, name); err != nil {
		return fmt.Errorf("save %s: %w", filepath.ToSlash(name), err)
	}
	info, _ := root.Lstat(name) // writable read it
	tmp := filepath.Join(filepath.Dir(name), "."+filepath.Base(name)+"."+rand.Text()+".deckpress-tmp")
	f, err := root.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return fmt.Errorf("save %s: %w", filepath.ToSlash(name), err)
	}
	err = f.Chmod(info.Mode().Perm()) // exactly the file's, whatever the umask
	if err == nil {
		_, err = f.Write(data)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = root.Rename(tmp, name)
	}
	if err != nil {
		root.Remove(tmp) // this save's own: no other has its name
		return fmt.Errorf("save %s: %w", filepath.ToSlash(name), err)
	}
	return nil
}

// writable refuses to replace name unless it is a regular file that is
// not read-only and that this user may open for writing.
func writable(root *os.Root, name string) error {
	info, err := root.Lstat(name)
	if err != nil {
		return cards.Cause(err)
	}
	if !info.Mode().IsRegular() {
		return &safefile.NotRegularError{Mode: info.Mode()}
	}
	if perm := info.Mode().Perm(); perm&0o222 == 0 {
		return fmt.Errorf("it is read-only (mode %04o); make it writable to save it from the studio", perm)
	}
	f, err := root.OpenFile(name, os.O_WRONLY, 0) // the system's word for this user; changes nothing
	if err != nil {
		return cards.Cause(err)
	}
	return f.Close()
}
