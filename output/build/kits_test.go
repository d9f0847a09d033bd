package build

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestInitStaysInside: init writes only inside its folder. A folder or a
// file of it that is a symbolic link to somewhere else is refused, with
// --force or without, naming the link, and nothing is written, neither
// where it leads nor in the folder; the folder itself may be a link, and
// --force over a plain earlier copy still works.
func TestInitStaysInside(t *testing.T) {
	for _, c := range []struct {
		name  string
		setup func(t *testing.T, work string) // makes kit/ (and victim/)
		force bool
		want  string // in the error; "" for none
	}{
		{"a linked folder", func(t *testing.T, work string) {
			mkdir(t, work, "kit")
			link(t, filepath.Join("..", "victim"), filepath.Join(work, "kit", "fonts"))
		}, false, filepath.Join("kit", "fonts") + " is a symbolic link, and init writes only inside kit"},
		{"a linked folder, --force", func(t *testing.T, work string) {
			mkdir(t, work, "kit")
			link(t, filepath.Join("..", "victim"), filepath.Join(work, "kit", "fonts"))
		}, true, filepath.Join("kit", "fonts") + " is a symbolic link"},
		{"a linked file, --force", func(t *testing.T, work string) {
			if _, err := Init(Env{Dir: work}, "samples", "kit", false); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(work, "kit", "gallery.yaml")
			if err := os.Remove(path); err != nil {
				t.Fatal(err)
			}
			link(t, filepath.Join("..", "victim", "secret.yaml"), path)
		}, true, filepath.Join("kit", "gallery.yaml") + " is a symbolic link"},
		{"the folder itself a link", func(t *testing.T, work string) {
			mkdir(t, work, "real")
			link(t, "real", filepath.Join(work, "kit"))
		}, false, ""},
		{"--force over a plain copy", func(t *testing.T, work string) {
			if _, err := Init(Env{Dir: work}, "samples", "kit", false); err != nil {
				t.Fatal(err)
			}
		}, true, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			work := t.TempDir()
			mkdir(t, work, "victim")
			secret := filepath.Join(work, "victim", "secret.yaml")
			if err := os.WriteFile(secret, []byte("mine\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			c.setup(t, work)
			before := files(t, work)
			shown, err := Init(Env{Dir: work}, "samples", "kit", c.force)
			if c.want == "" {
				if err != nil || len(shown) == 0 {
					t.Fatalf("%d files, %v", len(shown), err)
				}
				for _, p := range shown {
					if _, err := os.Stat(filepath.Join(work, p)); err != nil {
						t.Errorf("%s not written: %v", p, err)
					}
				}
			} else {
				if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "nothing written") {
					t.Fatalf("error %v, want %q and nothing written", err, c.want)
				}
				if after := files(t, work); after != before {
					t.Errorf("files before:\n%s\nafter:\n%s", before, after)
				}
			}
			if b, err := os.ReadFile(secret); err != nil || string(b) != "mine\n" {
				t.Errorf("the file outside: %q, %v", b, err)
			}
			if ents, _ := os.ReadDir(filepath.Join(work, "victim")); len(ents) != 1 {
				t.Errorf("%d entries in the folder outside, want its one file", len(ents))
			}
		})
	}
}

func mkdir(t *testing.T, parts ...string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Join(parts...), 0o755); err != nil {
		t.Fatal(err)
	}
}

func link(t *testing.T, to, at string) {
	t.Helper()
	if err := os.Symlink(to, at); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
}

// files lists the files and links under dir with their kinds and times,
// without following links.
func files(t *testing.T, dir string) string {
	t.Helper()
	var b strings.Builder
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		b.WriteString(rel + " " + info.Mode().Type().String() + " " + info.ModTime().String() + "\n")
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}
