package output

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
)

// folder returns every entry of dir (hidden ones too) with its content,
// or "dir" for a folder.
func folder(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.IsDir() {
			out[e.Name()] = "dir"
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		out[e.Name()] = string(b)
	}
	return out
}

func equalFolder(t *testing.T, dir string, want map[string]string) {
	t.Helper()
	got := folder(t, dir)
	if len(got) != len(want) {
		t.Errorf("folder holds %q, want %q", got, want)
		return
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("folder holds %q, want %q", got, want)
			return
		}
	}
}

// TestWriteFilesAllOrNothing: when any file cannot be written, no target
// changes (read back byte for byte) and no temporary file is left;
// otherwise every target holds its new content.
func TestWriteFilesAllOrNothing(t *testing.T) {
	tests := []struct {
		name   string
		second string // the second file's path, relative to the folder
		setup  func(t *testing.T, dir string)
		want   map[string]string // the folder afterwards; nil: the new files
	}{
		{"both written", "b.pdf", func(*testing.T, string) {}, nil},
		{"a folder in the way", "c.pdf", func(t *testing.T, dir string) {
			if err := os.Mkdir(filepath.Join(dir, "c.pdf"), 0o755); err != nil {
				t.Fatal(err)
			}
		}, map[string]string{"a.pdf": "old a", "b.pdf": "old b", "c.pdf": "dir"}},
		{"a file in the way of a folder", "blocker/b.pdf", func(t *testing.T, dir string) {
			if err := os.WriteFile(filepath.Join(dir, "blocker"), []byte("blocks"), 0o644); err != nil {
				t.Fatal(err)
			}
		}, map[string]string{"a.pdf": "old a", "b.pdf": "old b", "blocker": "blocks"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			for name, data := range map[string]string{"a.pdf": "old a", "b.pdf": "old b"} {
				if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			tt.setup(t, dir)
			err := WriteFiles([]File{{filepath.Join(dir, "a.pdf"), []byte("new a")}, {filepath.Join(dir, tt.second), []byte("new b")}})
			want := tt.want
			if want == nil {
				if err != nil {
					t.Fatal(err)
				}
				want = map[string]string{"a.pdf": "new a", "b.pdf": "new b"}
			} else if err == nil {
				t.Fatal("no error")
			}
			equalFolder(t, dir, want)
		})
	}
}

// failRename makes renames onto the named targets fail, for the test.
func failRename(t *testing.T, targets ...string) {
	t.Helper()
	saved := rename
	t.Cleanup(func() { rename = saved })
	rename = func(from, to string) error {
		if slices.Contains(targets, filepath.Base(to)) {
			return &os.LinkError{Op: "rename", Old: from, New: to, Err: syscall.EIO}
		}
		return saved(from, to)
	}
}

// TestWriteFilesRollback: when a rename fails after others succeeded,
// the files renamed before it are put back as they were (README: a build
// "writes all its files or none"; issue 13, bug 7), and no temporary or
// backup file is left.
func TestWriteFilesRollback(t *testing.T) {
	for _, failing := range []string{"a.pdf", "b.pdf", "c.pdf", "d.pdf"} {
		t.Run(failing, func(t *testing.T) {
			dir := t.TempDir()
			// a and c exist, b and d are new
			old := map[string]string{"a.pdf": "old a", "c.pdf": "old c"}
			for name, data := range old {
				if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			failRename(t, failing)
			var files []File
			for _, n := range []string{"a.pdf", "b.pdf", "c.pdf", "d.pdf"} {
				files = append(files, File{filepath.Join(dir, n), []byte("new " + n)})
			}
			err := WriteFiles(files)
			want := "write " + filepath.Join(dir, failing) + ": input/output error"
			if err == nil || err.Error() != want || !errors.Is(err, syscall.EIO) {
				t.Errorf("error %v, want %q", err, want)
			}
			equalFolder(t, dir, old)
		})
	}
}

// TestWriteFilesModes: every file written is an ordinary file readable by
// all and writable by its owner (0644), as the code sets it, whatever the
// temporary file's mode and whatever the file it replaces had.
func TestWriteFilesModes(t *testing.T) {
	dir := t.TempDir()
	old := filepath.Join(dir, "old.pdf")
	if err := os.WriteFile(old, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(old, 0o600); err != nil {
		t.Fatal(err)
	}
	files := []File{{old, []byte("new")}, {filepath.Join(dir, "sub", "new.pdf"), []byte("new")}}
	if err := WriteFiles(files); err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		st, err := os.Stat(f.Path)
		if err != nil {
			t.Fatal(err)
		}
		if st.Mode() != 0o644 {
			t.Errorf("%s: mode %v, want -rw-r--r--", f.Path, st.Mode())
		}
	}
	// a folder it makes is an ordinary folder
	if st, err := os.Stat(filepath.Join(dir, "sub")); err != nil || st.Mode() != fs.ModeDir|0o755 {
		t.Errorf("sub: %v, %v; want drwxr-xr-x", st.Mode(), err)
	}
}

// TestWriteFilesNone: writing no file does nothing.
func TestWriteFilesNone(t *testing.T) {
	if err := WriteFiles(nil); err != nil {
		t.Fatal(err)
	}
}

// TestWriteFilesRollbackByCopy: where the file system has no hard links,
// the earlier files are kept as copies, and put back with their content
// and mode.
func TestWriteFilesRollbackByCopy(t *testing.T) {
	saved := link
	t.Cleanup(func() { link = saved })
	link = func(string, string) error { return &os.LinkError{Op: "link", Err: syscall.EPERM} }
	failRename(t, "c.pdf")
	dir := t.TempDir()
	a := filepath.Join(dir, "a.pdf")
	if err := os.WriteFile(a, []byte("old a"), 0o600); err != nil {
		t.Fatal(err)
	}
	err := WriteFiles([]File{{a, []byte("new a")}, {filepath.Join(dir, "b.pdf"), []byte("new b")}, {filepath.Join(dir, "c.pdf"), []byte("new c")}})
	if err == nil {
		t.Fatal("no error")
	}
	equalFolder(t, dir, map[string]string{"a.pdf": "old a"})
	if st, err := os.Stat(a); err != nil || st.Mode() != 0o600 {
		t.Errorf("a.pdf restored with mode %v (%v), want -rw-------", st.Mode(), err)
	}
	// and a build that succeeds leaves no copy behind
	rename = os.Rename
	if err := WriteFiles([]File{{a, []byte("new a")}}); err != nil {
		t.Fatal(err)
	}
	equalFolder(t, dir, map[string]string{"a.pdf": "new a"})
}

// TestWriteFilesRestoreFails: when an earlier file cannot be put back
// either, the error says so and where its content is, and that copy is
// kept.
func TestWriteFilesRestoreFails(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.pdf")
	if err := os.WriteFile(a, []byte("old a"), 0o644); err != nil {
		t.Fatal(err)
	}
	saved := rename
	t.Cleanup(func() { rename = saved })
	rename = func(from, to string) error {
		if filepath.Base(to) == "b.pdf" || strings.HasSuffix(from, ".old") {
			return &os.LinkError{Op: "rename", Old: from, New: to, Err: syscall.EIO}
		}
		return saved(from, to)
	}
	err := WriteFiles([]File{{a, []byte("new a")}, {filepath.Join(dir, "b.pdf"), []byte("new b")}})
	got := folder(t, dir)
	var kept string
	for name, data := range got {
		if strings.HasSuffix(name, ".old") && data == "old a" {
			kept = filepath.Join(dir, name)
		}
	}
	want := "write " + filepath.Join(dir, "b.pdf") + ": input/output error\nrestore " + a + ": input/output error; its earlier content is in " + kept
	if kept == "" || err == nil || err.Error() != want {
		t.Errorf("error %v, want %q; folder %q", err, want, got)
	}
	if len(got) != 2 || got["a.pdf"] != "new a" {
		t.Errorf("folder %q, want the new a.pdf and the earlier one kept", got)
	}
}
