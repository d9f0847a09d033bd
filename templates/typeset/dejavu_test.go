package typeset_test

import (
	"testing"

	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/templates/typeset"
)

// TestDejaVuFamily: the built-in text face for cards is chosen by name
// with its four styles, and naming no family still gives the Go font.
func TestDejaVuFamily(t *testing.T) {
	fs := typeset.NewFontSet()
	for _, tc := range []struct{ spec, id string }{
		{"dejavu", "dejavu-sans"},
		{"dejavu bold", "dejavu-sans-bold"},
		{"dejavu italic", "dejavu-sans-oblique"},
		{"DejaVu bold italic", "dejavu-sans-bold-oblique"},
		{"bold", "go-bold"},
		{"", "go-regular"},
	} {
		fam, st, err := fs.Resolve(tc.spec)
		if err != nil {
			t.Fatalf("%q: %v", tc.spec, err)
		}
		if got := fam.Face(st).ID(); got != tc.id {
			t.Errorf("%q: face %s, want %s", tc.spec, got, tc.id)
		}
	}
}

// contours counts the closed outlines of a glyph.
func contours(p *layout.Path) int {
	n := 0
	for _, v := range p.Verbs {
		if v == layout.MoveTo {
			n++
		}
	}
	return n
}

// TestDejaVuForPrint: the face has Latin, Greek and Cyrillic letters and
// the typographic marks the kits print, a plain zero (two outlines: the
// ring and its counter, no slash or dot inside) and a hyphen narrower
// than the Go font's.
func TestDejaVuForPrint(t *testing.T) {
	fs := typeset.NewFontSet()
	goFam, _, _ := fs.Resolve("go")
	fam, _, err := fs.Resolve("dejavu")
	if err != nil {
		t.Fatal(err)
	}
	for st := typeset.Regular; st <= typeset.BoldItalic; st++ {
		f := fam.Face(st)
		for _, r := range "AZaz09ÄéßŒΑΩαωЖЯжя–—−×→‘’“”…•½" {
			if !f.Has(r) {
				t.Errorf("%s lacks %q (U+%04X)", f.ID(), r, r)
			}
		}
		if n := contours(f.Glyph('0')); n != 2 {
			t.Errorf("%s: the zero has %d outlines, want 2", f.ID(), n)
		}
		hy, _ := f.Advance('-')
		goHy, _ := goFam.Face(st).Advance('-')
		if hy >= goHy {
			t.Errorf("%s: hyphen %.3f em, not narrower than the Go font's %.3f em", f.ID(), hy, goHy)
		}
	}
}

// A font choice is read once and its answer kept, and a family added
// after it is found: the kept answers go with the Add.
func TestResolveKeptUntilAdd(t *testing.T) {
	fs := typeset.NewFontSet()
	if _, _, err := fs.Resolve("lobster bold"); err == nil {
		t.Fatal("an unknown family resolved")
	}
	if _, _, err := fs.Resolve("lobster bold"); err == nil {
		t.Fatal("an unknown family resolved the second time")
	}
	goFam, _, _ := fs.Resolve("go")
	fs.Add("Lobster", goFam)
	fam, st, err := fs.Resolve("lobster bold")
	if err != nil || fam != goFam || st != typeset.Bold {
		t.Errorf("after Add: %v %v %v", fam, st, err)
	}
	if got := testing.AllocsPerRun(100, func() { fs.Resolve("lobster bold") }); got != 0 {
		t.Errorf("a kept answer: %v allocations", got)
	}
}
