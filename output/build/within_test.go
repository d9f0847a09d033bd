package build

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestWithin: with Env.Within set, a run reads nothing outside that
// folder — not an input named through a symlink that leads out (opened
// through the folder's root, not checked beside it), not a picture of a
// project whose deckpress.yaml lies above the folder — and builds what
// lies inside.
func TestWithin(t *testing.T) {
	top := t.TempDir()
	top, _ = filepath.EvalSymlinks(top)
	served := filepath.Join(top, "served")
	outside := filepath.Join(top, "outside")
	for _, d := range []string{served, outside} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	deck := "deck: d\nsize: poker\ntemplates:\n  t: {elements: [{text: {x: 5, y: 5, w: 50, h: 10, value: \"{{name}}\"}}]}\nfront: t\ncards:\n  - {name: SECRET}\n"
	os.WriteFile(filepath.Join(outside, "secret.yaml"), []byte(deck), 0o644)
	os.WriteFile(filepath.Join(served, "mine.yaml"), []byte(deck), 0o644)
	if err := os.Symlink(filepath.Join(outside, "secret.yaml"), filepath.Join(served, "link.yaml")); err != nil {
		t.Skip("no symlinks here:", err)
	}
	// a project above the served folder, whose picture a deck in it names
	os.WriteFile(filepath.Join(top, "deckpress.yaml"), []byte("project: above\n"), 0o644)
	os.WriteFile(filepath.Join(top, "above.png"), []byte("not read"), 0o644)
	pic := "deck: p\nsize: poker\ntemplates:\n  t: {elements: [{image: {x: 0, y: 0, w: 10, h: 10, src: ../above.png}}]}\nfront: t\ncards:\n  - {name: A}\n"
	os.WriteFile(filepath.Join(served, "pic.yaml"), []byte(pic), 0o644)

	env := Env{Dir: served, Within: served, Reads: &ReadLog{}}
	for _, c := range []struct {
		input, want string // want: part of the error or a diagnostic; "" builds
	}{
		{"mine.yaml", ""},
		{"link.yaml", "lies outside"},
		{filepath.Join(outside, "secret.yaml"), "lies outside"},
		{"pic.yaml", "lies outside"},
	} {
		products, diags, err := Prepare(Request{Env: env, Inputs: []string{c.input}, Out: "out"})
		said := fmt.Sprint(diags)
		if err != nil {
			said += err.Error()
		}
		switch {
		case c.want == "" && (err != nil || diags.HasErrors() || len(products) != 1):
			t.Errorf("%s: %v %s", c.input, err, diags)
		case c.want != "" && !strings.Contains(said, c.want):
			t.Errorf("%s: %q, want %q", c.input, said, c.want)
		}
	}
	for _, f := range env.Reads.List() {
		if strings.HasPrefix(f, outside) || f == filepath.Join(top, "above.png") {
			// named, and refused: the log holds what was asked for
			continue
		}
		if !strings.HasPrefix(f, served) {
			t.Errorf("read %s, outside the served folder", f)
		}
	}
}
