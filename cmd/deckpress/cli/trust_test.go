package cli

import (
	"bytes"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestContainment: files named by an input must lie inside its project
// folder (the nearest folder holding deckpress.yaml, else the input's own),
// whether they leave it by "..", by an absolute path or through a symlink;
// --allow-outside lifts the rule.
func TestContainment(t *testing.T) {
	var pic bytes.Buffer
	png.Encode(&pic, image.NewGray(image.Rect(0, 0, 4, 4)))

	tests := []struct {
		name    string
		art     string // the image the deck names, relative to project/decks
		project bool   // project/deckpress.yaml exists
		inside  bool
	}{
		{"same folder", "here.png", false, true},
		{"sub-folder", "sub/below.png", false, true},
		{"parent without a project file", "../art/up.png", false, false},
		{"parent inside the project", "../art/up.png", true, true},
		{"outside the project", "../../secret.png", true, false},
		{"absolute path outside", "ABS", true, false},
		{"symlink out of the project", "link.png", true, false},
		{"symlinked folder out of the project", "linkdir/secret.png", true, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			files := map[string][]byte{
				"secret.png":                  pic.Bytes(),
				"project/art/up.png":          pic.Bytes(),
				"project/decks/here.png":      pic.Bytes(),
				"project/decks/sub/below.png": pic.Bytes(),
			}
			if tt.project {
				files["project/deckpress.yaml"] = []byte("project: contained\n")
			}
			for name, b := range files {
				p := filepath.Join(dir, filepath.FromSlash(name))
				os.MkdirAll(filepath.Dir(p), 0o755)
				if err := os.WriteFile(p, b, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			decks := filepath.Join(dir, "project", "decks")
			if err := os.Symlink(filepath.Join(dir, "secret.png"), filepath.Join(decks, "link.png")); err != nil {
				t.Skip("no symlinks here:", err)
			}
			os.Symlink(dir, filepath.Join(decks, "linkdir"))
			art := tt.art
			if art == "ABS" {
				art = filepath.ToSlash(filepath.Join(dir, "secret.png"))
			}
			deck := "deck: contained\ntemplates:\n  t: {elements: [{image: {x: 0, y: 0, w: 10, h: 10, src: \"" + art + "\"}}]}\nfront: t\nback: t\ncards:\n  - {}\n"
			os.WriteFile(filepath.Join(decks, "deck.yaml"), []byte(deck), 0o644)

			code, _, stderr := runCLI(t, dir, "check", "project/decks/deck.yaml")
			if tt.inside && code != 0 {
				t.Errorf("exit %d for a file inside the project:\n%s", code, stderr)
			}
			if !tt.inside && (code != 1 || !strings.Contains(stderr, "outside the project folder")) {
				t.Errorf("exit %d, want 1 with 'outside the project folder':\n%s", code, stderr)
			}
			if code, _, stderr := runCLI(t, dir, "--allow-outside", "check", "project/decks/deck.yaml"); code != 0 {
				t.Errorf("--allow-outside: exit %d:\n%s", code, stderr)
			}
		})
	}
}

// TestLateFailure: a build of two decks that fails late — on a broken
// picture on the very last card, or when the last PDF cannot be put in
// place — leaves both earlier PDFs byte for byte as they were and no
// temporary file behind.
func TestLateFailure(t *testing.T) {
	var pic bytes.Buffer
	img := image.NewRGBA(image.Rect(0, 0, 64, 64))
	for i := range img.Pix {
		img.Pix[i] = byte(i * 7)
	}
	png.Encode(&pic, img)
	deck := func(name, lastArt string) string {
		s := "deck: " + name + "\ntemplates:\n  t: {elements: [{image: {x: 0, y: 0, w: 20, h: 20, src: \"{{art}}\"}}]}\nfront: t\nback: t\ncards:\n"
		for range 40 {
			s += "  - art: good.png\n"
		}
		return s + "  - art: " + lastArt + "\n"
	}
	tests := []struct {
		name    string
		lastArt string
		block   bool // a folder stands where last.pdf goes
	}{
		{"broken picture on the last card", "broken.png", false},
		{"last PDF cannot be written", "good.png", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			write := func(name string, b []byte) {
				if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			write("good.png", pic.Bytes())
			write("broken.png", pic.Bytes()[:pic.Len()/2])
			write("first.yaml", []byte(deck("first", "good.png")))
			write("last.yaml", []byte(deck("last", tt.lastArt)))
			out := filepath.Join(dir, "out")
			os.Mkdir(out, 0o755)
			old := map[string][]byte{"first.pdf": []byte("%PDF-1.3 good first\n")}
			if tt.block {
				os.Mkdir(filepath.Join(out, "last.pdf"), 0o755)
			} else {
				old["last.pdf"] = []byte("%PDF-1.3 good last\n")
			}
			for name, b := range old {
				os.WriteFile(filepath.Join(out, name), b, 0o644)
			}

			code, stdout, stderr := runCLI(t, dir, "build", "first.yaml", "last.yaml")
			if code != 1 || stdout != "" {
				t.Errorf("exit %d, stdout %q; want 1 and nothing listed\n%s", code, stdout, stderr)
			}
			for name, b := range old {
				if got, _ := os.ReadFile(filepath.Join(out, name)); !bytes.Equal(got, b) {
					t.Errorf("%s was changed", name)
				}
			}
			entries, _ := os.ReadDir(out)
			if len(entries) != 2 {
				var names []string
				for _, e := range entries {
					names = append(names, e.Name())
				}
				t.Errorf("out/ holds %v, want only the two earlier files", names)
			}
		})
	}
}

// TestHugeFileRefused: a named file larger than any format allows is
// refused from its size, before it is read (a sparse 1 GiB file here).
func TestHugeFileRefused(t *testing.T) {
	dir := t.TempDir()
	f, err := os.Create(filepath.Join(dir, "huge.png"))
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(1 << 30); err != nil {
		t.Skip("no sparse files here:", err)
	}
	f.Close()
	deck := "deck: huge\ntemplates:\n  t: {elements: [{image: {x: 0, y: 0, w: 10, h: 10, src: huge.png}}]}\nfront: t\nback: t\ncards:\n  - {}\n"
	os.WriteFile(filepath.Join(dir, "deck.yaml"), []byte(deck), 0o644)

	var mem runtime.MemStats
	runtime.ReadMemStats(&mem)
	allocated := mem.TotalAlloc
	code, _, stderr := runCLI(t, dir, "check", "deck.yaml")
	runtime.ReadMemStats(&mem)
	want := "deck.yaml:3:58: error: card 1: image.src: cannot read huge.png: it is 1024 MiB; deckpress reads files of at most 64 MiB"
	if code != 1 || !strings.Contains(stderr, want) {
		t.Errorf("exit %d, want 1 and\n%s\nin:\n%s", code, want, stderr)
	}
	if used := mem.TotalAlloc - allocated; used > 64<<20 {
		t.Errorf("allocated %d MiB: the file was read", used>>20)
	}
}
