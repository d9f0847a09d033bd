package output

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
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
// untouched.
func WriteFiles(files []File) error {
	tmps := make([]string, 0, len(files))
	cleanUp := func() {
		for _, t := range tmps {
			os.Remove(t)
		}
	}
	for _, f := range files {
		tmp, err := writeTemp(f.Path, f.Data)
		if err != nil {
			cleanUp()
			return err
		}
		tmps = append(tmps, tmp)
	}
	for i, f := range files {
		if err := os.Rename(tmps[i], f.Path); err != nil {
			tmps = tmps[i:]
			cleanUp()
			return fmt.Errorf("write %s: %w", f.Path, errors.Unwrap(err))
		}
	}
	return nil
}

// writeTemp writes data to a synced temporary file next to path and
// returns its name; a folder at path is refused now rather than at the
// rename.
func writeTemp(path string, data []byte) (name string, err error) {
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
	if err = tmp.Chmod(0o644); err != nil {
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
