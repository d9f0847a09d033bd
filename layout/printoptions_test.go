package layout

import (
	"slices"
	"testing"
)

// TestPrintOptions: the print settings of DESIGN.md's print: block, in
// its order, then preset and order, then the print shop's safe zone and
// corner radius; a flag's usage shows its default.
func TestPrintOptions(t *testing.T) {
	want := []string{"paper", "orientation", "duplex", "bleed", "gutter", "margin", "marks", "rotate", "back-offset", "preset", "order", "safe", "corner-radius"}
	if got := PrintOptionNames(); !slices.Equal(got, want) {
		t.Fatalf("print options %v, want %v", got, want)
	}
	byName := map[string]PrintOption{}
	for _, o := range PrintOptions {
		byName[o.Name] = o
	}
	for _, c := range []struct{ name, usage string }{
		{"bleed", "bleed around each card, such as 3mm (default 0)"},
		{"margin", "page margin kept clear (default 5mm)"},
		{"back-offset", "move every back by X,Y ([x, y] in a file) to correct a printer, such as 0.5mm,-1mm (see 'deckpress calibrate')"},
	} {
		if got := byName[c.name].Usage(); got != c.usage {
			t.Errorf("%s: usage %q, want %q", c.name, got, c.usage)
		}
	}
	off := byName["back-offset"]
	if off.Kind != OptionOffset || off.Min != -20 || off.Max != 20 {
		t.Errorf("back-offset: %+v, want an offset in [-20, 20] mm", off)
	}
	for name, names := range map[string][]string{"orientation": OrientationNames, "duplex": DuplexNames, "marks": MarksNames, "rotate": {"none", "auto"}, "preset": {"copyshop", "home"}, "order": {"fronts-first", "backs-first"}} {
		if o := byName[name]; o.Kind != OptionEnum || !slices.Equal(o.Enum, names) {
			t.Errorf("%s: %+v, want one of %v", name, o, names)
		}
	}
}
