package cards

import "testing"

// TestPrintShapeDefaults: the print block's shape (its JSON Schema, its
// help) describes each setting by its help text and, for a setting that
// has a default, "(default …)": margin 5mm, safe 3mm, duplex long; the
// preset and the back-offset have none.
func TestPrintShapeDefaults(t *testing.T) {
	want := map[string]string{
		"margin":      "page margin kept clear (default 5mm)",
		"safe":        "safe zone: text and icons keep this far inside the trim, or preflight warns; 0 checks nothing (default 3mm)",
		"duplex":      "how backs are printed: long, short (flip edge), fold, single or none (default long)",
		"back-offset": "move every back by X,Y ([x, y] in a file) to correct a printer, such as 0.5mm,-1mm (see 'deckpress calibrate')",
		"preset":      "named settings: copyshop (3mm bleed, crop marks, 6mm gutter) or home (no bleed, cut lines, no gutter); other settings override it",
	}
	for _, p := range PrintShape.Props {
		if w, ok := want[p.Name]; ok && p.Shape.Desc != w {
			t.Errorf("print.%s: %q, want %q", p.Name, p.Shape.Desc, w)
		}
		delete(want, p.Name)
	}
	for name := range want {
		t.Errorf("print.%s is not in the print shape", name)
	}
}
