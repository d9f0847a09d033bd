package rulestext

import (
	"strings"
	"testing"

	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/templates/draw"
	"github.com/deckpress/deckpress/templates/typeset"
)

// textFonts lists the fonts of the text drawn on faces.
func textFonts(faces []draw.Pair) map[string]bool {
	out := map[string]bool{}
	for _, p := range faces {
		for _, f := range []*draw.Face{p.Front, p.Back} {
			if f == nil {
				continue
			}
			for _, op := range f.Ops {
				if t, ok := op.(*draw.TextOp); ok && t.Text != "" {
					out[t.Font.ID()] = true
				}
			}
		}
	}
	return out
}

// TestFont: `font:` sets the whole rules text — body, headings, band and
// footer, on cards and sheets — in a built-in family; without it the
// text is in the default face; an unknown family, or a style where a
// family is meant, is an error at its line.
func TestFont(t *testing.T) {
	fonts, icons := typeset.NewFontSet(), typeset.NewIconSet()
	src := "rules: Test\nfont: dejavu-condensed\nsections:\n  - heading: One\n    text: Some **bold** and *italic* words, 0 to 10.\n"
	d := read(t, "r.yaml", []byte(src))
	faces, _, _, diags := d.Cards(poker, fonts, icons)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	got := textFonts(faces)
	for id := range got {
		if !strings.HasPrefix(id, "dejavu-sans-condensed") {
			t.Errorf("a text in %s", id)
		}
	}
	if !got["dejavu-sans-condensed"] || !got["dejavu-sans-condensed-bold"] || !got["dejavu-sans-condensed-oblique"] {
		t.Errorf("fonts drawn %v, want the condensed regular, bold and oblique", got)
	}
	sheet, _, diags := d.Sheet(layout.Size{W: 210, H: 297}, fonts, icons)
	for id := range textFonts(sheet) {
		if diags.HasErrors() || !strings.HasPrefix(id, "dejavu-sans-condensed") {
			t.Errorf("sheet: a text in %s (%v)", id, diags)
		}
	}
	plain := read(t, "r.yaml", []byte(strings.Replace(src, "font: dejavu-condensed\n", "", 1)))
	faces, _, _, _ = plain.Cards(poker, fonts, icons)
	for id := range textFonts(faces) {
		if strings.HasPrefix(id, "dejavu") {
			t.Errorf("without font: a text in %s", id)
		}
	}
	for _, c := range []struct{ font, want string }{
		{"comic", "r.yaml:2:7: error: font: "},
		{"dejavu bold", `r.yaml:2:7: error: font: "dejavu bold": give a family; the rules set their own bold and italic`},
	} {
		d := read(t, "r.yaml", []byte(strings.Replace(src, "dejavu-condensed", c.font, 1)))
		_, _, _, diags := d.Cards(poker, fonts, icons)
		if len(diags) != 1 || !strings.HasPrefix(diags[0].String(), c.want) {
			t.Errorf("font: %s: %v, want %q", c.font, diags, c.want)
		}
		if _, _, diags := d.Sheet(layout.Size{W: 210, H: 297}, fonts, icons); len(diags) != 1 {
			t.Errorf("font: %s: sheet %v", c.font, diags)
		}
	}
}
