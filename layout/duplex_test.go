package layout

import (
	"fmt"
	"testing"
)

// nearAffine reports whether two transforms agree within tol.
func nearAffine(a, b Affine) bool {
	return near(a.A, b.A) && near(a.B, b.B) && near(a.C, b.C) && near(a.D, b.D) && near(a.E, b.E) && near(a.F, b.F)
}

// placed is where one side of one card goes, worked out by hand.
type placed struct {
	card      int
	transform Affine
	box       Rect
}

// TestDuplexByHand pins fronts and backs of small impositions, for each
// paper orientation × flip, with upright and turned cards and a back
// offset of (1.5, −0.75), from transforms worked out by hand: a back draws
// card point (x, y) where the front draws (w − x, y) (the book turn), seen
// through the sheet flip of DESIGN.md's table, moved by the offset.
//
// The impositions (margin 5, bleed 1.5 or 3, gutter 2, on a4):
//   - portrait, poker upright: bleed box 69.5 × 94.9, 2 × 2, grid at
//     (34.5, 52.6); card 0's trim at (37.5, 55.6), card 3's at (109, 152.5);
//   - landscape, poker upright: 4 × 2, grid at (6.5, 9.1); card 0's trim at
//     (9.5, 12.1), card 7's at (224, 109);
//   - portrait, 50 × 90 turned: bleed box 93 × 53, 2 × 5, grid at (11, 12);
//     card 0 turned 90° clockwise with its top-left trim corner at
//     (102.5, 13.5), card 9's at (197.5, 233.5);
//   - landscape, 90 × 50 turned: bleed box 53 × 93, 5 × 2, grid at (12, 11);
//     card 0's corner at (63.5, 12.5), card 9's at (283.5, 107.5).
func TestDuplexByHand(t *testing.T) {
	a4, _ := Paper("a4")
	poker, _ := CardSize("poker")
	off := Point{1.5, -0.75}
	type sheet struct {
		name   string
		card   Size
		s      Settings
		fronts []placed // the first and last card of the sheet
		long   []placed // their backs, flipped on the long edge
		short  []placed // their backs, flipped on the short edge
	}
	up := func(e, f float64) Affine { return Affine{1, 0, 0, 1, e, f} }       // upright
	upside := func(e, f float64) Affine { return Affine{-1, 0, 0, -1, e, f} } // turned 180°
	cw := func(e, f float64) Affine { return Affine{0, 1, -1, 0, e, f} }      // turned 90° clockwise
	ccw := func(e, f float64) Affine { return Affine{0, -1, 1, 0, e, f} }     // turned 90° anticlockwise
	for _, c := range []sheet{
		{
			name: "portrait-upright", card: poker,
			s:      Settings{Paper: a4, Orientation: Portrait, Margin: 5, Bleed: 3, Gutter: 2},
			fronts: []placed{{0, up(37.5, 55.6), Rect{34.5, 52.6, 69.5, 94.9}}, {3, up(109, 152.5), Rect{106, 149.5, 69.5, 94.9}}},
			// columns mirrored: card 0 behind slot (0, 1), x = 210 − 101 = 109
			long: []placed{{0, up(110.5, 54.85), Rect{107.5, 51.85, 69.5, 94.9}}, {3, up(39, 151.75), Rect{36, 148.75, 69.5, 94.9}}},
			// rows mirrored and the back upside down: y = 297 − 55.6
			short: []placed{{0, upside(102.5, 240.65), Rect{36, 148.75, 69.5, 94.9}}, {3, upside(174, 143.75), Rect{107.5, 51.85, 69.5, 94.9}}},
		},
		{
			name: "landscape-upright", card: poker,
			s:      Settings{Paper: a4, Orientation: Landscape, Margin: 5, Bleed: 3, Gutter: 2},
			fronts: []placed{{0, up(9.5, 12.1), Rect{6.5, 9.1, 69.5, 94.9}}, {7, up(224, 109), Rect{221, 106, 69.5, 94.9}}},
			// rows mirrored and upside down: y = 210 − 12.1
			long: []placed{{0, upside(74.5, 197.15), Rect{8, 105.25, 69.5, 94.9}}, {7, upside(289, 100.25), Rect{222.5, 8.35, 69.5, 94.9}}},
			// columns mirrored: x = 297 − 73
			short: []placed{{0, up(225.5, 11.35), Rect{222.5, 8.35, 69.5, 94.9}}, {7, up(11, 108.25), Rect{8, 105.25, 69.5, 94.9}}},
		},
		{
			name: "portrait-turned", card: Size{50, 90},
			s:      Settings{Paper: a4, Orientation: Portrait, Margin: 5, Bleed: 1.5, Gutter: 2, Rotate: true},
			fronts: []placed{{0, cw(102.5, 13.5), Rect{11, 12, 93, 53}}, {9, cw(197.5, 233.5), Rect{106, 232, 93, 53}}},
			long:   []placed{{0, ccw(109, 62.75), Rect{107.5, 11.25, 93, 53}}, {9, ccw(14, 282.75), Rect{12.5, 231.25, 93, 53}}},
			short:  []placed{{0, cw(104, 232.75), Rect{12.5, 231.25, 93, 53}}, {9, cw(199, 12.75), Rect{107.5, 11.25, 93, 53}}},
		},
		{
			name: "landscape-turned", card: Size{90, 50},
			s:      Settings{Paper: a4, Orientation: Landscape, Margin: 5, Bleed: 1.5, Gutter: 2, Rotate: true},
			fronts: []placed{{0, cw(63.5, 12.5), Rect{12, 11, 53, 93}}, {9, cw(283.5, 107.5), Rect{232, 106, 53, 93}}},
			long:   []placed{{0, cw(65, 106.75), Rect{13.5, 105.25, 53, 93}}, {9, cw(285, 11.75), Rect{233.5, 10.25, 53, 93}}},
			short:  []placed{{0, ccw(235, 101.75), Rect{233.5, 10.25, 53, 93}}, {9, ccw(15, 196.75), Rect{13.5, 105.25, 53, 93}}},
		},
	} {
		for _, d := range []Duplex{DuplexLong, DuplexShort} {
			t.Run(fmt.Sprintf("%s/%v", c.name, d), func(t *testing.T) {
				s := c.s
				s.Duplex, s.BackOffset = d, off
				p, err := Impose(c.card, s)
				if err != nil {
					t.Fatal(err)
				}
				pages := p.Pages(p.PerPage())
				if len(pages) != 2 || pages[0].Side != Front || pages[1].Side != Back {
					t.Fatalf("want a front page and a back page, got %d pages", len(pages))
				}
				backs := map[Duplex][]placed{DuplexLong: c.long, DuplexShort: c.short}[d]
				for i, want := range c.fronts {
					checkPlaced(t, "front", pages[0], want)
					checkPlaced(t, "back", pages[1], backs[i])
				}
			})
		}
	}
}

func checkPlaced(t *testing.T, what string, pg Page, want placed) {
	t.Helper()
	for _, pl := range pg.Placements {
		if pl.Card != want.card {
			continue
		}
		if !nearAffine(pl.Transform, want.transform) || !nearRect(pl.Box, want.box) {
			t.Errorf("card %d %s: transform %v box %+v, want %v box %+v", want.card, what, pl.Transform, pl.Box, want.transform, want.box)
		}
		return
	}
	t.Errorf("card %d: no %s", want.card, what)
}

// TestBackOffsetOnlyWhenPrinted: the back offset corrects a duplex
// printer's misregistration, so it moves the backs of long- and short-edge
// sheets and nothing on fold and single pages, where fronts and backs are
// printed in one pass. Fold backs mirror their fronts across the fold line
// exactly; single backs fill their page.
func TestBackOffsetOnlyWhenPrinted(t *testing.T) {
	a4, _ := Paper("a4")
	poker, _ := CardSize("poker")
	off := Point{1.5, -0.75}
	// a4 fold, poker, bleed 3, gutter 2: landscape, top over bottom, 4 × 1
	// (TestCropMarksByHand); card 0's trim at (9.5, 8.05), its back upside
	// down below the fold at y = 210 − 8.05
	fold := Settings{Paper: a4, Duplex: DuplexFold, Margin: 5, Bleed: 3, Gutter: 2, BackOffset: off}
	p, err := Impose(poker, fold)
	if err != nil {
		t.Fatal(err)
	}
	pl := p.Pages(1)[0].Placements
	if len(pl) != 2 {
		t.Fatalf("fold: %d placements for one card", len(pl))
	}
	checkPlaced(t, "fold front", Page{Placements: pl[:1]}, placed{0, Affine{1, 0, 0, 1, 9.5, 8.05}, Rect{6.5, 5.05, 69.5, 94.9}})
	checkPlaced(t, "fold back", Page{Placements: pl[1:]}, placed{0, Affine{-1, 0, 0, -1, 73, 201.95}, Rect{6.5, 110.05, 69.5, 94.9}})

	// left over right (euro, TestCropMarksByHand): card 0's trim at
	// (11.25, 9), its back at x = 297 − 70.25
	euro, _ := CardSize("euro")
	p, err = Impose(euro, fold)
	if err != nil {
		t.Fatal(err)
	}
	pl = p.Pages(1)[0].Placements
	checkPlaced(t, "fold back", Page{Placements: pl[1:]}, placed{0, Affine{1, 0, 0, 1, 226.75, 9}, Rect{223.75, 6, 65, 98}})

	// single: the page is the bleed box, 69.5 × 94.9; the back at the
	// trim, (3, 3), like the front
	p, err = Impose(poker, Settings{Duplex: DuplexSingle, Bleed: 3, BackOffset: off})
	if err != nil {
		t.Fatal(err)
	}
	for _, pg := range p.Pages(1) {
		checkPlaced(t, pg.Side.String(), pg, placed{0, Affine{1, 0, 0, 1, 3, 3}, Rect{0, 0, 69.5, 94.9}})
	}
}

// TestSinglePagesBacksFirst: with BacksFirst each card's back page comes
// before its front page.
func TestSinglePagesBacksFirst(t *testing.T) {
	poker, _ := CardSize("poker")
	p, err := Impose(poker, Settings{Duplex: DuplexSingle, BacksFirst: true})
	if err != nil {
		t.Fatal(err)
	}
	pages := p.Pages(2)
	want := []struct {
		side  Side
		card  int
		sheet int
	}{{Back, 0, 1}, {Front, 0, 1}, {Back, 1, 2}, {Front, 1, 2}}
	if len(pages) != len(want) {
		t.Fatalf("%d pages, want %d", len(pages), len(want))
	}
	for i, w := range want {
		pg := pages[i]
		if pg.Side != w.side || pg.Sheet != w.sheet || len(pg.Placements) != 1 || pg.Placements[0].Card != w.card || pg.Placements[0].Side != w.side {
			t.Errorf("page %d: %v of sheet %d, %d placements; want the %v of card %d", i+1, pg.Side, pg.Sheet, len(pg.Placements), w.side, w.card)
		}
	}
}

// TestDuplexNoneFrontsOnly: without duplex, only fronts are printed, a
// page per sheet.
func TestDuplexNoneFrontsOnly(t *testing.T) {
	a4, _ := Paper("a4")
	poker, _ := CardSize("poker")
	p, err := Impose(poker, Settings{Paper: a4, Duplex: DuplexNone, Margin: 5})
	if err != nil {
		t.Fatal(err)
	}
	// 9 per a4 page: 19 cards take 3 pages, of 9, 9 and 1
	pages := p.Pages(19)
	if len(pages) != 3 {
		t.Fatalf("%d pages, want 3", len(pages))
	}
	for i, n := range []int{9, 9, 1} {
		pg := pages[i]
		if pg.Side != Front || pg.Sheet != i+1 || len(pg.Placements) != n {
			t.Errorf("page %d: %v of sheet %d with %d cards, want the front of sheet %d with %d", i+1, pg.Side, pg.Sheet, len(pg.Placements), i+1, n)
		}
		for j, pl := range pg.Placements {
			if pl.Side != Front || pl.Card != 9*i+j {
				t.Errorf("page %d slot %d: %v of card %d", i+1, j, pl.Side, pl.Card)
			}
		}
	}
}
