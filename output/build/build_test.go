package build

import (
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/deckpress/deckpress/data"
)

// TestKitThroughLibrary builds the Gladiators kit (heroes, a ruleset, a
// rules text, an arena) from a folder through the library alone, as a
// program without the command line would: every product is written, and
// the test binary does not link cobra.
func TestKitThroughLibrary(t *testing.T) {
	dir := t.TempDir()
	err := fs.WalkDir(data.FS, "kits/gladiators", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(data.FS, p)
		if err != nil {
			return err
		}
		dst := filepath.Join(dir, "kit", strings.TrimPrefix(p, "kits/gladiators/"))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		return os.WriteFile(dst, b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	products, diags, err := Prepare(Request{Env: Env{Dir: dir}, Inputs: []string{"kit"}, Out: "out"})
	if err == nil {
		err = diags.Err()
	}
	if err != nil {
		t.Fatal(err)
	}
	if err := Write(Env{Dir: dir}, products, nil); err != nil {
		t.Fatal(err)
	}
	var written []string
	for _, p := range products {
		if _, err := os.Stat(filepath.Join(dir, p.Path)); err != nil {
			t.Errorf("%s not written: %v", p.Path, err)
		}
		written = append(written, filepath.ToSlash(p.Path))
	}
	// the kit's two hero files make cards and sheets; the rules text
	// cards and a sheet; the arena a map; the tokens a sheet; the ruleset
	// nothing
	want := []string{"out/arena.pdf", "out/combat-rules-sheet.pdf", "out/combat-rules.pdf",
		"out/iron-circus-sheets.pdf", "out/iron-circus.pdf", "out/tokens.pdf", "out/voltage-crew-sheets.pdf", "out/voltage-crew.pdf"}
	slices.Sort(written)
	if !slices.Equal(written, want) {
		t.Errorf("wrote %v, want %v", written, want)
	}

	out, err := exec.Command("go", "list", "-deps", "-test", ".").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, dep := range strings.Fields(string(out)) {
		if path.Dir(dep) == "github.com/spf13" || strings.HasPrefix(dep, "github.com/spf13/cobra") {
			t.Errorf("the library's tests depend on %s", dep)
		}
	}
}

// TestCounts: a product says its cards and sheets, leaving out what it
// has none of (a map has no cards, a preview's picture no sheets).
func TestCounts(t *testing.T) {
	for _, tt := range []struct {
		p    Product
		want string
	}{
		{Product{Cards: 54, Sheets: 6}, "54 cards\t6 sheets"},
		{Product{Cards: 1, Sheets: 1}, "1 card\t1 sheet"},
		{Product{Sheets: 2}, "\t2 sheets"},
		{Product{Cards: 1}, "1 card\t"},
		{Product{}, "\t"},
	} {
		if got := tt.p.Counts(); got != tt.want {
			t.Errorf("%+v: %q, want %q", tt.p, got, tt.want)
		}
	}
}
