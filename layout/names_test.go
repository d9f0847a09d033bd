package layout

import (
	"strings"
	"testing"
)

func TestNames(t *testing.T) {
	for i, n := range []string{"auto", "portrait", "landscape"} {
		o, err := ParseOrientation(" " + strings.ToUpper(n) + " ")
		if err != nil || o != Orientation(i) || o.String() != n {
			t.Errorf("orientation %q: %v %v", n, o, err)
		}
	}
	for i, n := range []string{"long", "short", "none", "fold", "single"} {
		d, err := ParseDuplex(n)
		if err != nil || d != Duplex(i) || d.String() != n {
			t.Errorf("duplex %q: %v %v", n, d, err)
		}
	}
	for i, n := range []string{"crop", "lines", "none"} {
		m, err := ParseMarks(n)
		if err != nil || m != Marks(i) || m.String() != n {
			t.Errorf("marks %q: %v %v", n, m, err)
		}
	}
	for _, c := range []struct {
		err  error
		want string
	}{
		{second(ParseOrientation("sideways")), `unknown orientation "sideways"; expected one of auto, portrait, landscape`},
		{second(ParseDuplex("both")), `unknown duplex "both"; expected one of long, short, none, fold, single`},
		{second(ParseMarks("")), `unknown marks ""; expected one of crop, lines, none`},
	} {
		if c.err == nil || c.err.Error() != c.want {
			t.Errorf("error %v, want %s", c.err, c.want)
		}
	}
	if Front.String() != "front" || Back.String() != "back" {
		t.Errorf("sides %v %v", Front, Back)
	}
}

func second[T any](_ T, err error) error { return err }

// TestImposeErrors: a card of no size, and a card larger than the
// printable area, are refused with the sizes in the message.
func TestImposeErrors(t *testing.T) {
	a5, _ := Paper("a5")
	for _, c := range []struct {
		card Size
		s    Settings
		want string
	}{
		{Size{0, 88}, Settings{Paper: a5}, "card size 0mm x 88mm must be positive"},
		{Size{63, -1}, Settings{Paper: a5}, "card size 63mm x -1mm must be positive"},
		{Size{63, 0}, Settings{Paper: a5}, "card size 63mm x 0mm must be positive"},
		{Size{200, 300}, Settings{Paper: a5, Margin: 5}, "a 200mm x 300mm card with 0mm bleed does not fit in the 138mm x 200mm printable area of the paper"},
		// the paper given landscape: the area is still reported portrait
		{Size{140, 150}, Settings{Paper: Size{210, 148}, Margin: 5, Bleed: 1.5}, "a 140mm x 150mm card with 1.5mm bleed does not fit in the 138mm x 200mm printable area of the paper"},
		// margins wider than the paper
		{Size{10, 10}, Settings{Paper: a5, Margin: 100}, "the 148mm x 210mm paper leaves nothing to print on inside its 100mm margins"},
		{Size{10, 10}, Settings{Paper: a5, Margin: 74}, "the 148mm x 210mm paper leaves nothing to print on inside its 74mm margins"},
	} {
		if _, err := Impose(c.card, c.s); err == nil || err.Error() != c.want {
			t.Errorf("Impose(%v): %v, want %s", c.card, err, c.want)
		}
	}
}

// TestImposeCounts pins the number of slots of impositions counted by hand:
// floor((avail + gutter) / (bleed box + gutter)) along each axis, the
// orientation or rotation that fits more winning, portrait and upright on
// a tie.
func TestImposeCounts(t *testing.T) {
	a4, _ := Paper("a4")
	for _, c := range []struct {
		name       string
		card       Size
		s          Settings
		page       Size
		cols, rows int
		rotated    bool
	}{
		// 200 × 287: 200/63.5 = 3.1, 287/88.9 = 3.2; landscape 4 × 2
		{"poker", Size{63.5, 88.9}, Settings{Paper: a4, Margin: 5}, Size{210, 297}, 3, 3, false},
		// landscape paper, auto: still portrait
		{"poker on landscape a4", Size{63.5, 88.9}, Settings{Paper: Size{297, 210}, Margin: 5}, Size{210, 297}, 3, 3, false},
		{"poker, landscape", Size{63.5, 88.9}, Settings{Paper: a4, Margin: 5, Orientation: Landscape}, Size{297, 210}, 4, 2, false},
		{"poker, portrait on landscape paper", Size{63.5, 88.9}, Settings{Paper: Size{297, 210}, Margin: 5, Orientation: Portrait}, Size{210, 297}, 3, 3, false},
		// 60 × 100: portrait 3 × 2 = 6, landscape 4 × 2 = 8
		{"landscape wins", Size{60, 100}, Settings{Paper: a4, Margin: 5}, Size{297, 210}, 4, 2, false},
		// turned 100 × 60 on portrait: 2 × 4 = 8 against 3 × 2 = 6
		{"turned wins", Size{60, 100}, Settings{Paper: a4, Margin: 5, Orientation: Portrait, Rotate: true}, Size{210, 297}, 2, 4, true},
		// landscape upright 8 ties turned portrait 8: upright
		{"upright on a tie", Size{60, 100}, Settings{Paper: a4, Margin: 5, Rotate: true}, Size{297, 210}, 4, 2, false},
		// 70 × 70: portrait 2 × 4 = 8, landscape 4 × 2 = 8: portrait
		{"portrait on a tie", Size{70, 70}, Settings{Paper: a4, Margin: 5}, Size{210, 297}, 2, 4, false},
		// bleed box 69.5 × 94.9, gutter 2: (200 + 2)/71.5 = 2.8, (287 + 2)/96.9 = 2.98
		{"bleed and gutter", Size{63.5, 88.9}, Settings{Paper: a4, Margin: 5, Bleed: 3, Gutter: 2, Orientation: Portrait}, Size{210, 297}, 2, 2, false},
		// exact fits: 90 in 90; two 40s and a gutter of 10 in 90
		{"exact", Size{90, 140}, Settings{Paper: Size{100, 150}, Margin: 5}, Size{100, 150}, 1, 1, false},
		{"exact with gutter", Size{40, 140}, Settings{Paper: Size{100, 150}, Margin: 5, Gutter: 10}, Size{100, 150}, 2, 1, false},
		{"exact with bleed", Size{36, 136}, Settings{Paper: Size{100, 150}, Margin: 5, Bleed: 2, Gutter: 10}, Size{100, 150}, 2, 1, false},
		// fold: the front half of the page
		{"fold", Size{63.5, 88.9}, Settings{Paper: a4, Margin: 5, Duplex: DuplexFold}, Size{297, 210}, 2, 2, false},
	} {
		p, err := Impose(c.card, c.s)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if p.Page != c.page || p.Cols != c.cols || p.Rows != c.rows || p.Rotated != c.rotated || p.PerPage() != c.cols*c.rows {
			t.Errorf("%s: %v %d × %d rotated=%v; want %v %d × %d rotated=%v", c.name, p.Page, p.Cols, p.Rows, p.Rotated, c.page, c.cols, c.rows, c.rotated)
		}
	}
}

func TestSheetsAndBleedBox(t *testing.T) {
	a4, _ := Paper("a4")
	poker, _ := CardSize("poker")
	p, _ := Impose(poker, Settings{Paper: a4, Margin: 5, Bleed: 3, Orientation: Portrait})
	if p.PerPage() != 6 {
		t.Fatalf("%d per page, want 6 (69.5 × 94.9 in 200 × 287: 2 × 3)", p.PerPage())
	}
	for n, want := range map[int]int{-1: 0, 0: 0, 1: 1, 6: 1, 7: 2, 12: 2, 13: 3} {
		if got := p.Sheets(n); got != want {
			t.Errorf("%d cards: %d sheets, want %d", n, got, want)
		}
		if got := len(p.Pages(n)); got != 2*want {
			t.Errorf("%d cards: %d pages, want %d", n, got, 2*want)
		}
	}
	if got := p.CardBleedBox(); got != (Rect{-3, -3, 69.5, 94.9}) {
		t.Errorf("bleed box %+v", got)
	}
}
