package build

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestWriteStreams: each product is rendered straight into its staged
// file and holds what its Render wrote, in pieces; a Render that fails
// part way leaves every file as it was (the earlier one kept, no
// temporary file) and the error names the product and says why.
func TestWriteStreams(t *testing.T) {
	chunk := strings.Repeat("page ", 10000)
	pieces := func(n int) func(io.Writer) error {
		return func(w io.Writer) error {
			for range n {
				if _, err := io.WriteString(w, chunk); err != nil {
					return err
				}
			}
			return nil
		}
	}
	broken := errors.New("the picture is broken")
	tests := []struct {
		name    string
		second  func(io.Writer) error
		want    map[string]string
		wantErr string
	}{
		{"written", pieces(7), map[string]string{"a.pdf": strings.Repeat(chunk, 3), "b.pdf": strings.Repeat(chunk, 7)}, ""},
		{"fails part way", func(w io.Writer) error {
			pieces(2)(w)
			return broken
		}, map[string]string{"b.pdf": "old b"}, "b.pdf: the picture is broken; nothing written"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "b.pdf"), []byte("old b"), 0o644); err != nil {
				t.Fatal(err)
			}
			err := Write(Env{Dir: dir}, []Product{{Path: "a.pdf", Render: pieces(3)}, {Path: "b.pdf", Render: tt.second}}, nil)
			switch {
			case tt.wantErr == "" && err != nil:
				t.Fatal(err)
			case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr) || !errors.Is(err, broken)):
				t.Fatalf("got %v, want an error saying %q", err, tt.wantErr)
			}
			entries, err := os.ReadDir(dir)
			if err != nil {
				t.Fatal(err)
			}
			if len(entries) != len(tt.want) {
				t.Errorf("%d files in the folder, want %d", len(entries), len(tt.want))
			}
			for name, content := range tt.want {
				if b, err := os.ReadFile(filepath.Join(dir, name)); err != nil || string(b) != content {
					t.Errorf("%s: %d bytes (%v), want %d", name, len(b), err, len(content))
				}
			}
		})
	}
}
