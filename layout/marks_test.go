package layout

import (
	"fmt"
	"math"
	"testing"
)

// The crop-mark rule, as this test states it: DESIGN.md puts crop marks
// outside the card grid, in the margin, lined up with every trim edge, and
// never in a bleed box. deckpress's sizes: a mark starts 1 mm outside the
// grid's bleed edge and runs outwards for 5 mm, or less so as to stop 1 mm
// short of the page edge (the fold line, on a fold page); a mark that would
// be shorter than 1 mm is left out on that side.
const (
	ruleGap  = 1.0
	ruleLen  = 5.0
	ruleKeep = 1.0
	ruleMin  = 1.0
)

// ruleMarkLength is the length of the marks on a side with room mm between
// the grid and the edge of the area, or 0 when they are left out.
func ruleMarkLength(room float64) float64 {
	l := math.Min(ruleLen, room-ruleGap-ruleKeep)
	if l < ruleMin-tol {
		return 0
	}
	return l
}

// ruleCropMarks lists the crop marks of a grid of bleed boxes (bounds grid)
// with trim edges at xs and ys, inside area.
func ruleCropMarks(area, grid Rect, xs, ys []float64) []Segment {
	var out []Segment
	if l := ruleMarkLength(grid.Y - area.Y); l > 0 {
		for _, x := range xs {
			out = append(out, Segment{Point{x, grid.Y - ruleGap - l}, Point{x, grid.Y - ruleGap}})
		}
	}
	if l := ruleMarkLength(area.Bottom() - grid.Bottom()); l > 0 {
		for _, x := range xs {
			out = append(out, Segment{Point{x, grid.Bottom() + ruleGap}, Point{x, grid.Bottom() + ruleGap + l}})
		}
	}
	if l := ruleMarkLength(grid.X - area.X); l > 0 {
		for _, y := range ys {
			out = append(out, Segment{Point{grid.X - ruleGap - l, y}, Point{grid.X - ruleGap, y}})
		}
	}
	if l := ruleMarkLength(area.Right() - grid.Right()); l > 0 {
		for _, y := range ys {
			out = append(out, Segment{Point{grid.Right() + ruleGap, y}, Point{grid.Right() + ruleGap + l, y}})
		}
	}
	return out
}

// ruleCutLines lists the cut lines of MarksLines: across the whole area at
// every trim edge.
func ruleCutLines(area Rect, xs, ys []float64) []Segment {
	var out []Segment
	for _, x := range xs {
		out = append(out, Segment{Point{x, area.Y}, Point{x, area.Bottom()}})
	}
	for _, y := range ys {
		out = append(out, Segment{Point{area.X, y}, Point{area.Right(), y}})
	}
	return out
}

// mirrorSegments reflects segments across the middle of a page: x → W − x
// for a vertical fold, y → H − y for a horizontal one.
func mirrorSegments(page Size, fold FoldAxis, segs []Segment) []Segment {
	m := func(p Point) Point {
		if fold == FoldVertical {
			return Point{page.W - p.X, p.Y}
		}
		return Point{p.X, page.H - p.Y}
	}
	out := make([]Segment, len(segs))
	for i, s := range segs {
		out[i] = Segment{m(s.A), m(s.B)}
	}
	return out
}

// sameSegments reports whether got and want hold the same segments, in any
// order and either direction, within tol.
func sameSegments(got, want []Segment) error {
	if len(got) != len(want) {
		return fmt.Errorf("%d segments, want %d:\n got %v\nwant %v", len(got), len(want), got, want)
	}
	used := make([]bool, len(got))
	for _, w := range want {
		found := false
		for i, g := range got {
			if used[i] {
				continue
			}
			if nearPoint(g.A, w.A) && nearPoint(g.B, w.B) || nearPoint(g.A, w.B) && nearPoint(g.B, w.A) {
				used[i], found = true, true
				break
			}
		}
		if !found {
			return fmt.Errorf("no segment %v among %v", w, got)
		}
	}
	return nil
}

// span is a segment's extent along its own direction.
type span struct{ from, to float64 }

// markCase is one imposition whose marks were worked out by hand.
type markCase struct {
	name  string
	card  Size
	s     Settings
	page  Size      // the oriented page
	cols  int       // grid columns
	rows  int       // grid rows
	grid  Rect      // bounds of the bleed boxes (of the front half, fold)
	xs    []float64 // every trim edge's x
	ys    []float64 // every trim edge's y
	top   *span     // y extent of the marks above the grid; nil: none
	under *span     // y extent of the marks below the grid
	left  *span     // x extent of the marks left of the grid
	right *span     // x extent of the marks right of the grid
	fold  *FoldAxis // fold pages: the fold
}

func foldAxis(f FoldAxis) *FoldAxis { return &f }

// markCases were computed by hand from the settings: per axis
// floor((avail + gutter) / (bleed box + gutter)) slots, the grid centred in
// the printable area, trim edges bleed inside each bleed box, and the
// marks by the rule above. Sizes: a4 210 × 297, poker 63.5 × 88.9.
func markCases() []markCase {
	a4, _ := Paper("a4")
	poker, _ := CardSize("poker")
	euro, _ := CardSize("euro")
	return []markCase{
		{
			// bleed box 69.5 × 94.9 in 200 × 287: 2 × 2; grid 141 × 191.8
			// at (34.5, 52.6); rooms 34.5 and 52.6 on every side: full marks
			name: "a4-portrait-bleed-gutter", card: poker,
			s:    Settings{Paper: a4, Orientation: Portrait, Margin: 5, Bleed: 3, Gutter: 2},
			page: Size{210, 297}, cols: 2, rows: 2,
			grid: Rect{34.5, 52.6, 141, 191.8},
			xs:   []float64{37.5, 101, 109, 172.5},
			ys:   []float64{55.6, 144.5, 152.5, 241.4},
			top:  &span{46.6, 51.6}, under: &span{245.4, 250.4},
			left: &span{28.5, 33.5}, right: &span{176.5, 181.5},
		},
		{
			// landscape 287 × 200: 4 × 2 of 69.5 × 94.9; grid 284 × 191.8 at
			// (6.5, 9.1): side rooms 6.5 give 4.5 mm marks, top and bottom
			// rooms 9.1 full ones
			name: "a4-landscape-bleed-gutter", card: poker,
			s:    Settings{Paper: a4, Orientation: Landscape, Margin: 5, Bleed: 3, Gutter: 2},
			page: Size{297, 210}, cols: 4, rows: 2,
			grid: Rect{6.5, 9.1, 284, 191.8},
			xs:   []float64{9.5, 73, 81, 144.5, 152.5, 216, 224, 287.5},
			ys:   []float64{12.1, 101, 109, 197.9},
			top:  &span{3.1, 8.1}, under: &span{201.9, 206.9},
			left: &span{1, 5.5}, right: &span{291.5, 296},
		},
		{
			// cards turned: bleed box 93 × 53 (card 50 × 90, bleed 1.5) in
			// 200 × 287 with gutter 2: 2 × 5 = 10 (upright: 3 × 3 = 9); grid
			// 188 × 273 at (11, 12)
			name: "a4-rotated", card: Size{50, 90},
			s:    Settings{Paper: a4, Orientation: Portrait, Margin: 5, Bleed: 1.5, Gutter: 2, Rotate: true},
			page: Size{210, 297}, cols: 2, rows: 5,
			grid: Rect{11, 12, 188, 273},
			xs:   []float64{12.5, 102.5, 107.5, 197.5},
			ys:   []float64{13.5, 63.5, 68.5, 118.5, 123.5, 173.5, 178.5, 228.5, 233.5, 283.5},
			top:  &span{6, 11}, under: &span{286, 291},
			left: &span{5, 10}, right: &span{200, 205},
		},
		{
			// no margin: 40 × 60 cards, bleed 1, on 88.5 × 130 paper: 2 × 2
			// of 42 × 62, grid 84 × 124 at (2.25, 3). Above and below 3 mm
			// of room leave a mark of exactly 1 mm; beside, 2.25 mm leave
			// 0.25 mm, so no marks there
			name: "tight", card: Size{40, 60},
			s:    Settings{Paper: Size{88.5, 130}, Bleed: 1},
			page: Size{88.5, 130}, cols: 2, rows: 2,
			grid: Rect{2.25, 3, 84, 124},
			xs:   []float64{3.25, 43.25, 45.25, 85.25},
			ys:   []float64{4, 64, 66, 126},
			top:  &span{1, 2}, under: &span{128, 129},
		},
		{
			// the same turned sideways: 60 × 40 cards on the paper turned
			// landscape, 130 × 88.5 (portrait fits 1 × 3): beside the grid
			// 3 mm of room leave marks of exactly 1 mm, none above or below
			name: "tight-sideways", card: Size{60, 40},
			s:    Settings{Paper: Size{88.5, 130}, Bleed: 1},
			page: Size{130, 88.5}, cols: 2, rows: 2,
			grid: Rect{3, 2.25, 124, 84},
			xs:   []float64{4, 64, 66, 126},
			ys:   []float64{3.25, 43.25, 45.25, 85.25},
			left: &span{1, 2}, right: &span{128, 129},
		},
		{
			// fold, top over bottom: landscape, front half 297 × 105,
			// printable 287 × 95: 4 × 1 of 69.5 × 94.9 (every other
			// arrangement fits 2). Grid 284 × 94.9 at (6.5, 5.05): top and
			// bottom rooms 5.05 give 3.05 mm marks, side rooms 6.5 give 4.5
			name: "a4-fold-top-over-bottom", card: poker,
			s:    Settings{Paper: a4, Duplex: DuplexFold, Margin: 5, Bleed: 3, Gutter: 2},
			page: Size{297, 210}, cols: 4, rows: 1,
			grid: Rect{6.5, 5.05, 284, 94.9},
			xs:   []float64{9.5, 73, 81, 144.5, 152.5, 216, 224, 287.5},
			ys:   []float64{8.05, 96.95},
			top:  &span{1, 4.05}, under: &span{100.95, 104},
			left: &span{1, 5.5}, right: &span{291.5, 296},
			fold: foldAxis(FoldHorizontal),
		},
		{
			// fold, left over right: euro 59 × 92, bleed box 65 × 98, on
			// landscape; front half 148.5 × 210, printable 138.5 × 200:
			// 2 × 2 (portrait halves fit 1 × 2 or 3 × 1; landscape top
			// over bottom 4 × 0). Grid 132 × 198 at (8.25, 6)
			name: "a4-fold-left-over-right", card: euro,
			s:    Settings{Paper: a4, Duplex: DuplexFold, Margin: 5, Bleed: 3, Gutter: 2},
			page: Size{297, 210}, cols: 2, rows: 2,
			grid: Rect{8.25, 6, 132, 198},
			xs:   []float64{11.25, 70.25, 78.25, 137.25},
			ys:   []float64{9, 101, 109, 201},
			top:  &span{1, 5}, under: &span{205, 209},
			left: &span{2.25, 7.25}, right: &span{141.25, 146.25},
			fold: foldAxis(FoldVertical),
		},
	}
}

// hand lists the crop marks of the front grid from the hand-computed spans.
func (c markCase) hand() []Segment {
	var out []Segment
	for _, sp := range []*span{c.top, c.under} {
		if sp != nil {
			for _, x := range c.xs {
				out = append(out, Segment{Point{x, sp.from}, Point{x, sp.to}})
			}
		}
	}
	for _, sp := range []*span{c.left, c.right} {
		if sp != nil {
			for _, y := range c.ys {
				out = append(out, Segment{Point{sp.from, y}, Point{sp.to, y}})
			}
		}
	}
	return out
}

// want lists every crop mark of the page: the front grid's, and on a fold
// page their mirror images.
func (c markCase) want() []Segment {
	out := c.hand()
	if c.fold != nil {
		out = append(out, mirrorSegments(c.page, *c.fold, out)...)
	}
	return out
}

// area is the part of the page the case's front grid lives in.
func (c markCase) area() Rect {
	a := Rect{0, 0, c.page.W, c.page.H}
	if c.fold != nil && *c.fold == FoldVertical {
		a.W /= 2
	} else if c.fold != nil {
		a.H /= 2
	}
	return a
}

// TestCropMarksByHand pins every crop mark of hand-computed impositions,
// in every duplex mode: the same marks on the front page of long, short
// and none, nothing on backs, marks mirrored across the fold on fold
// pages, and none at all on single pages.
func TestCropMarksByHand(t *testing.T) {
	for _, c := range markCases() {
		// the spans worked out by hand agree with the rule
		if err := sameSegments(c.hand(), ruleCropMarks(c.area(), c.grid, c.xs, c.ys)); err != nil {
			t.Fatalf("%s: the hand-computed spans disagree with the rule: %v", c.name, err)
		}
		duplexes := []Duplex{DuplexLong, DuplexShort, DuplexNone}
		if c.fold != nil {
			duplexes = []Duplex{DuplexFold}
		}
		for _, d := range duplexes {
			t.Run(fmt.Sprintf("%s/%v", c.name, d), func(t *testing.T) {
				s := c.s
				s.Duplex, s.Marks = d, MarksCrop
				p, err := Impose(c.card, s)
				if err != nil {
					t.Fatal(err)
				}
				if p.Page != c.page || p.Cols != c.cols || p.Rows != c.rows {
					t.Fatalf("page %v, %d × %d; want %v, %d × %d", p.Page, p.Cols, p.Rows, c.page, c.cols, c.rows)
				}
				if c.fold != nil && p.Fold != *c.fold {
					t.Fatalf("fold %v, want %v", p.Fold, *c.fold)
				}
				pages := p.Pages(p.PerPage())
				if err := sameSegments(pages[0].Marks, c.want()); err != nil {
					t.Fatal(err)
				}
				for _, pg := range pages[1:] {
					if len(pg.Marks) != 0 {
						t.Fatalf("%v page %d carries %d marks", pg.Side, pg.Sheet, len(pg.Marks))
					}
				}
				checkMarksClear(t, pages[0])

				// cut lines instead: across the area at the same trim edges
				s.Marks = MarksLines
				p, _ = Impose(c.card, s)
				want := ruleCutLines(c.area(), c.xs, c.ys)
				if c.fold != nil {
					want = append(want, mirrorSegments(c.page, *c.fold, want)...)
				}
				if err := sameSegments(p.Pages(p.PerPage())[0].Marks, want); err != nil {
					t.Fatalf("lines: %v", err)
				}
				s.Marks = MarksNone
				p, _ = Impose(c.card, s)
				if m := p.Pages(p.PerPage())[0].Marks; len(m) != 0 {
					t.Fatalf("marks none: %d marks", len(m))
				}
			})
		}
	}
	// single pages never carry marks, whatever the settings say
	poker, _ := CardSize("poker")
	p, _ := Impose(poker, Settings{Duplex: DuplexSingle, Bleed: 3, Margin: 5, Marks: MarksLines})
	for _, pg := range p.Pages(2) {
		if len(pg.Marks) != 0 {
			t.Fatalf("single page carries %d marks", len(pg.Marks))
		}
	}
}

// checkMarksClear checks that no mark enters a bleed box and that every
// mark lies outside the grid, on the page.
func checkMarksClear(t *testing.T, pg Page) {
	t.Helper()
	for _, m := range pg.Marks {
		mb := boundsOf([]Point{m.A, m.B})
		if !(Rect{0, 0, pg.Size.W, pg.Size.H}).Contains(mb, tol) {
			t.Fatalf("mark %v leaves the page %v", m, pg.Size)
		}
		for _, pl := range pg.Placements {
			if mb.Overlaps(pl.Box, tol) || pl.Box.Contains(mb, tol) {
				t.Fatalf("mark %v enters the bleed box %+v", m, pl.Box)
			}
		}
	}
}

// TestCropMarksEveryCombination checks the crop marks of every combination
// of paper, orientation, duplex, card, bleed, gutter and rotation against
// the rule, on a grid computed by the test.
func TestCropMarksEveryCombination(t *testing.T) {
	var cs []combo
	for _, c := range combos() {
		if c.offset != (Point{}) {
			continue // the offset moves backs only; TestBackOffsetMovesOnlyBacks
		}
		cs = append(cs, c)
		for _, d := range []Duplex{DuplexNone, DuplexFold} {
			if c.duplex == DuplexLong {
				c.duplex = d
				cs = append(cs, c)
				c.duplex = DuplexLong
			}
		}
	}
	for _, c := range cs {
		paper, _ := Paper(c.paper)
		card, _ := CardSize(c.card)
		s := Settings{Paper: paper, Orientation: c.orient, Duplex: c.duplex, Bleed: c.bleed, Gutter: c.gutter, Margin: 5, Marks: MarksCrop, Rotate: c.rotate}
		h, ok := handArrange(card, s)
		p, err := Impose(card, s)
		if !ok {
			if err == nil {
				t.Fatalf("%+v: imposed %d × %d where nothing fits", c, p.Cols, p.Rows)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%+v: %v", c, err)
		}
		pg := p.Pages(p.PerPage())[0]
		area, grid := h.area(s), h.grid(card, s)
		xs, ys := h.trimEdges(card, s)
		want := ruleCropMarks(area, grid, xs, ys)
		if s.Duplex == DuplexFold {
			want = append(want, mirrorSegments(h.page, h.fold, want)...)
		}
		if err := sameSegments(pg.Marks, want); err != nil {
			t.Fatalf("%+v: %v", c, err)
		}
		checkMarksClear(t, pg)
	}
}

// TestCropMarksShortSheet pins the marks of a sheet that is not full, by
// hand: a4 portrait, poker cards without bleed, 3 × 3 slots at (9.75,
// 15.15), columns 63.5 and rows 88.9 apart. Marks stand beyond the printed
// cards at each end of each of their trim edges, never beside an empty
// slot's edge alone: below a column, under its last printed card.
func TestCropMarksShortSheet(t *testing.T) {
	a4, _ := Paper("a4")
	poker, _ := CardSize("poker")
	v := func(x, y0, y1 float64) Segment { return Segment{Point{x, y0}, Point{x, y1}} }
	h := func(y, x0, x1 float64) Segment { return Segment{Point{x0, y}, Point{x1, y}} }
	cases := []struct {
		name  string
		cards int
		want  []Segment
	}{
		{"two cards", 2, []Segment{
			v(9.75, 9.15, 14.15), v(73.25, 9.15, 14.15), v(136.75, 9.15, 14.15),
			v(9.75, 105.05, 110.05), v(73.25, 105.05, 110.05), v(136.75, 105.05, 110.05),
			h(15.15, 3.75, 8.75), h(104.05, 3.75, 8.75),
			h(15.15, 137.75, 142.75), h(104.05, 137.75, 142.75),
		}},
		{"a row and one", 4, []Segment{
			v(9.75, 9.15, 14.15), v(73.25, 9.15, 14.15), v(136.75, 9.15, 14.15), v(200.25, 9.15, 14.15),
			v(9.75, 193.95, 198.95), v(73.25, 193.95, 198.95), v(136.75, 105.05, 110.05), v(200.25, 105.05, 110.05),
			h(15.15, 3.75, 8.75), h(104.05, 3.75, 8.75), h(192.95, 3.75, 8.75),
			h(15.15, 201.25, 206.25), h(104.05, 201.25, 206.25), h(192.95, 74.25, 79.25),
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, err := Impose(poker, Settings{Paper: a4, Orientation: Portrait, Margin: 5, Marks: MarksCrop})
			if err != nil || p.Cols != 3 || p.Rows != 3 {
				t.Fatalf("%d × %d, %v", p.Cols, p.Rows, err)
			}
			// the same cards on the second sheet of a longer deck
			pages := p.Pages(p.PerPage() + c.cards)
			if err := sameSegments(pages[2].Marks, c.want); err != nil {
				t.Fatal(err)
			}
			checkMarksClear(t, pages[2])
		})
	}
}

// TestCropMarksFollowPrintedCards checks, for every count of cards on a
// sheet of many impositions, that each printed card's four trim edges have
// a mark on their line beyond the printed cards at both ends (where the
// full sheet has one on that side), and that every mark lies on the line
// of a printed card's trim edge and outside every printed bleed box.
func TestCropMarksFollowPrintedCards(t *testing.T) {
	for _, c := range combos() {
		if c.offset != (Point{}) || c.paper == "legal" || c.paper == "tabloid" {
			continue
		}
		paper, _ := Paper(c.paper)
		card, _ := CardSize(c.card)
		s := Settings{Paper: paper, Orientation: c.orient, Duplex: DuplexNone, Bleed: c.bleed, Gutter: c.gutter, Margin: 5, Marks: MarksCrop, Rotate: c.rotate}
		p, err := Impose(card, s)
		if err != nil {
			continue
		}
		for k := 1; k <= p.PerPage(); k++ {
			pg := p.Pages(k)[0]
			checkMarksClear(t, pg)
			onLine := func(m Segment, vertical bool, at float64) bool {
				if vertical {
					return near(m.A.X, at) && near(m.B.X, at)
				}
				return near(m.A.Y, at) && near(m.B.Y, at)
			}
			for _, m := range pg.Marks {
				found := false
				for _, pl := range pg.Placements {
					trim := pl.Box.Inset(c.bleed)
					if onLine(m, true, trim.X) || onLine(m, true, trim.Right()) || onLine(m, false, trim.Y) || onLine(m, false, trim.Bottom()) {
						found = true
					}
				}
				if !found {
					t.Fatalf("%+v, %d cards: mark %v is on no printed card's edge", c, k, m)
				}
			}
			for _, pl := range pg.Placements {
				trim := pl.Box.Inset(c.bleed)
				for _, e := range []struct {
					vertical bool
					at       float64
				}{{true, trim.X}, {true, trim.Right()}, {false, trim.Y}, {false, trim.Bottom()}} {
					n := 0
					for _, m := range pg.Marks {
						if onLine(m, e.vertical, e.at) {
							n++
						}
					}
					if n == 0 {
						t.Fatalf("%+v, %d cards: no mark on the line of edge %v of card %d", c, k, e, pl.Card)
					}
				}
			}
		}
	}
}

// TestFillSets checks the sets that fill a sheet against counts worked out
// by hand: a set fills the slots it leaves on its last sheet with more
// whole sets, never starting a new sheet.
func TestFillSets(t *testing.T) {
	cases := []struct{ cols, rows, set, want int }{
		{3, 3, 2, 4},  // 9 slots: 4 sets of 2, one slot left
		{3, 3, 1, 9},  // a set of one card: a sheet of it
		{3, 3, 9, 1},  // a set fills the sheet
		{3, 3, 5, 1},  // 5 + 5 > 9
		{3, 3, 10, 1}, // two sheets of 9 hold only one set of 10
		{3, 3, 6, 1},  // 6 + 6 > 9
		{4, 2, 3, 2},  // 8 slots: 2 sets of 3
		{2, 2, 0, 1},  // nothing to print: one set
	}
	for _, c := range cases {
		p := Plan{Cols: c.cols, Rows: c.rows}
		if got := p.FillSets(c.set); got != c.want {
			t.Errorf("%d × %d slots, sets of %d: %d sets, want %d", c.cols, c.rows, c.set, got, c.want)
		}
	}
}
