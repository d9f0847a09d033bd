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

// WriteFiles writes every file atomically: each goes to a temporary file
// in its target folder, is synced, and is renamed over the target, so a
// reader sees either the old file or the new one, never half of one. A
// failure removes the temporary file and leaves the target untouched.
func WriteFiles(files []File) error {
	for _, f := range files {
		if err := writeAtomic(f.Path, f.Data); err != nil {
			return err
		}
	}
	return nil
}

func writeAtomic(path string, data []byte) (err error) {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("create output folder: %w", err)
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if _, err = tmp.Write(data); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err = tmp.Chmod(0o644); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err = tmp.Sync(); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err = tmp.Close(); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err = os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("write %s: %w", path, errors.Unwrap(err))
	}
	return nil
}
