package output

import (
	"os"
	"path/filepath"
	"testing"
)

// TestWriteFilesAllOrNothing: when any file cannot be written, no target
// changes and no temporary file is left; otherwise every target holds its
// new content.
func TestWriteFilesAllOrNothing(t *testing.T) {
	tests := []struct {
		name   string
		second string // the second file's path, relative to the folder
		setup  func(dir string)
		ok     bool
	}{
		{"both written", "b.pdf", func(string) {}, true},
		{"a folder in the way", "b.pdf", func(dir string) { os.Mkdir(filepath.Join(dir, "b.pdf"), 0o755) }, false},
		{"a file in the way of a folder", "blocker/b.pdf", func(dir string) { os.WriteFile(filepath.Join(dir, "blocker"), nil, 0o644) }, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			first := filepath.Join(dir, "a.pdf")
			os.WriteFile(first, []byte("old"), 0o644)
			tt.setup(dir)
			err := WriteFiles([]File{{first, []byte("new a")}, {filepath.Join(dir, tt.second), []byte("new b")}})
			if (err == nil) != tt.ok {
				t.Fatalf("error %v, want ok=%v", err, tt.ok)
			}
			got, _ := os.ReadFile(first)
			want := "old"
			if tt.ok {
				want = "new a"
			}
			if string(got) != want {
				t.Errorf("a.pdf holds %q, want %q", got, want)
			}
			if tmps, _ := filepath.Glob(filepath.Join(dir, ".*.tmp")); len(tmps) != 0 {
				t.Errorf("temporary files left: %v", tmps)
			}
		})
	}
}
