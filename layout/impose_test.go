package layout

import (
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"testing"

	"github.com/deckpress/deckpress/internal/golden"
)

const tol = 1e-6

func near(a, b float64) bool { return math.Abs(a-b) < tol }

func nearPoint(a, b Point) bool { return near(a.X, b.X) && near(a.Y, b.Y) }

func nearRect(a, b Rect) bool {
	return near(a.X, b.X) && near(a.Y, b.Y) && near(a.W, b.W) && near(a.H, b.H)
}

// sheetFlip is the test's own statement of DESIGN.md's duplex table: the
// point of the back page that lies behind front-page point p.
func sheetFlip(page Size, d Duplex, p Point) Point {
	if mirrorsColumns(page, d) {
		return Point{page.W - p.X, p.Y}
	}
	return Point{p.X, page.H - p.Y}
}

// mirrorsColumns reports whether the table mirrors columns (else rows).
func mirrorsColumns(page Size, d Duplex) bool {
	land := page.W > page.H
	return (d == DuplexLong && !land) || (d == DuplexShort && land)
}

// upsideDown reports whether the sheet flip turns an upright card's back
// upside down (DESIGN.md: short edge on portrait, long edge on landscape).
func upsideDown(page Size, d Duplex) bool {
	land := page.W > page.H
	return (d == DuplexShort && !land) || (d == DuplexLong && land)
}

type combo struct {
	paper  string
	orient Orientation
	duplex Duplex
	card   string
	bleed  float64
	gutter float64
	rotate bool
	offset Point
}

func combos() []combo {
	var out []combo
	for _, paper := range []string{"a4", "letter", "legal", "a3", "tabloid"} {
		for _, o := range []Orientation{Portrait, Landscape, OrientAuto} {
			for _, d := range []Duplex{DuplexLong, DuplexShort} {
				for _, card := range []string{"poker", "tarot", "business", "square", "mini-euro"} {
					for _, bleed := range []float64{0, 3} {
						for _, gutter := range []float64{0, 2.5} {
							for _, rot := range []bool{false, true} {
								for _, off := range []Point{{}, {1.5, -0.75}} {
									out = append(out, combo{paper, o, d, card, bleed, gutter, rot, off})
								}
							}
						}
					}
				}
			}
		}
	}
	return out
}

func (c combo) plan(t *testing.T) Plan {
	t.Helper()
	paper, _ := Paper(c.paper)
	card, _ := CardSize(c.card)
	p, err := Impose(card, Settings{Paper: paper, Orientation: c.orient, Duplex: c.duplex,
		Bleed: c.bleed, Gutter: c.gutter, Margin: 5, Marks: MarksCrop, Rotate: c.rotate, BackOffset: c.offset})
	if err != nil {
		t.Fatalf("%+v: %v", c, err)
	}
	return p
}

// TestDuplexBacksBehindFronts checks, for every paper × orientation × flip ×
// card size × bleed × gutter × rotation × back-offset, that each back sits
// exactly behind its own front after the sheet flip, mirrored by slot
// position as the table says, and upright after a book turn.
func TestDuplexBacksBehindFronts(t *testing.T) {
	for _, c := range combos() {
		p := c.plan(t)
		n := 2*p.PerPage() + 1 // two full sheets and a partial one
		pages := p.Pages(n)
		if len(pages) != 2*p.Sheets(n) {
			t.Fatalf("%+v: %d pages for %d sheets", c, len(pages), p.Sheets(n))
		}
		for s := 0; s < len(pages); s += 2 {
			front, back := pages[s], pages[s+1]
			if front.Side != Front || back.Side != Back || len(front.Placements) != len(back.Placements) {
				t.Fatalf("%+v: sheet %d: bad page pair", c, s/2+1)
			}
			for i, f := range front.Placements {
				b := back.Placements[i]
				if b.Card != f.Card {
					t.Fatalf("%+v: back %d carries card %d, front carries %d", c, i, b.Card, f.Card)
				}
				// the slot mirrored, as the table says, moved by the offset
				want := f.Box
				if mirrorsColumns(p.Page, c.duplex) {
					want.X = p.Page.W - f.Box.X - f.Box.W
				} else {
					want.Y = p.Page.H - f.Box.Y - f.Box.H
				}
				want.X += c.offset.X
				want.Y += c.offset.Y
				if !nearRect(b.Box, want) {
					t.Fatalf("%+v: card %d back box %+v, want %+v (front %+v)", c, f.Card, b.Box, want, f.Box)
				}
				// physically behind: card point q seen from the back after a
				// book turn is at (w−x, y) of the back face
				for _, q := range []Point{{0, 0}, {p.Card.W, 0}, {3, 7}, {p.Card.W / 2, p.Card.H}} {
					onFront := f.Transform.Apply(q)
					behind := sheetFlip(p.Page, c.duplex, onFront)
					behind.X += c.offset.X
					behind.Y += c.offset.Y
					onBack := b.Transform.Apply(Point{p.Card.W - q.X, q.Y})
					if !nearPoint(behind, onBack) {
						t.Fatalf("%+v: card %d point %v: front at %v, behind it %v, back draws it at %v", c, f.Card, q, onFront, behind, onBack)
					}
				}
				if b.Transform.Det() < 0 || f.Transform.Det() < 0 {
					t.Fatalf("%+v: a face is drawn mirrored", c)
				}
				turn := math.Mod(b.Transform.Angle()-f.Transform.Angle()+360, 360)
				wantTurn := 0.0
				if upsideDown(p.Page, c.duplex) != p.Rotated {
					wantTurn = 180
				}
				if !near(turn, wantTurn) {
					t.Fatalf("%+v: back turned %v° from its front, want %v°", c, turn, wantTurn)
				}
			}
		}
	}
}

// TestImpositionGeometry checks the grid itself: inside the margins, no
// overlaps, centred, the best count, and crop marks outside every bleed box.
func TestImpositionGeometry(t *testing.T) {
	for _, c := range combos() {
		p := c.plan(t)
		page := Rect{0, 0, p.Page.W, p.Page.H}
		printable := page.Inset(p.Margin)
		pages := p.Pages(p.PerPage())
		front := pages[0]
		for i, a := range front.Placements {
			if !printable.Contains(a.Box, tol) {
				t.Fatalf("%+v: slot %d %+v outside the printable area %+v", c, i, a.Box, printable)
			}
			for _, b := range front.Placements[i+1:] {
				if a.Box.Overlaps(b.Box, tol) {
					t.Fatalf("%+v: slots overlap: %+v %+v", c, a.Box, b.Box)
				}
			}
			for _, m := range front.Marks {
				mb := boundsOf([]Point{m.A, m.B})
				if mb.Overlaps(a.Box, -tol) && !(mb.W == 0 && (near(mb.X, a.Box.X) || near(mb.X, a.Box.Right()))) && !(mb.H == 0 && (near(mb.Y, a.Box.Y) || near(mb.Y, a.Box.Bottom()))) {
					t.Fatalf("%+v: crop mark %+v enters bleed box %+v", c, m, a.Box)
				}
				if !page.Contains(mb, tol) {
					t.Fatalf("%+v: crop mark %+v leaves the page", c, m)
				}
			}
		}
		g := p.grid()
		if !near(g.X, p.Page.W-g.Right()) || !near(g.Y, p.Page.H-g.Bottom()) {
			t.Fatalf("%+v: grid %+v not centred on %+v", c, g, p.Page)
		}
		if len(front.Marks) == 0 {
			t.Fatalf("%+v: no crop marks", c)
		}
		// the arrangement the rule picks, worked out by the test
		h, ok := handArrange(p.Card, p.Settings)
		if !ok || p.Page != h.page || p.Cols != h.cols || p.Rows != h.rows || p.Rotated != h.rotated {
			t.Fatalf("%+v: imposed %v %d × %d rotated=%v; the rule gives %v %d × %d rotated=%v",
				c, p.Page, p.Cols, p.Rows, p.Rotated, h.page, h.cols, h.rows, h.rotated)
		}
		for i, pl := range front.Placements {
			if want := h.slotBox(p.Card, p.Settings, i/h.cols, i%h.cols); !nearRect(pl.Box, want) {
				t.Fatalf("%+v: slot %d at %+v, want %+v", c, i, pl.Box, want)
			}
		}
	}
}

// arrangement is an imposition worked out by the test.
type arrangement struct {
	page       Size // the oriented page
	cols, rows int
	rotated    bool
	fold       FoldAxis
}

// handArrange is the test's statement of DESIGN.md's imposition rule: bleed
// boxes on a grid inside the margins with gutter between them, so that
// floor((avail + gutter) / (bleed box + gutter)) fit along each axis;
// portrait and landscape are tried (unless one is fixed), upright cards and,
// when allowed, turned ones, and on fold pages the fold left over right and
// top over bottom; the most cards win, and on a tie portrait before
// landscape, upright before turned, left over right before top over bottom.
// ok is false when no card fits.
func handArrange(card Size, s Settings) (arrangement, bool) {
	short, long := math.Min(s.Paper.W, s.Paper.H), math.Max(s.Paper.W, s.Paper.H)
	pages := []Size{{short, long}, {long, short}}
	switch s.Orientation {
	case Portrait:
		pages = pages[:1]
	case Landscape:
		pages = pages[1:]
	}
	folds := []FoldAxis{FoldVertical}
	if s.Duplex == DuplexFold {
		folds = append(folds, FoldHorizontal)
	}
	fits := func(avail, box float64) int {
		n := int(math.Floor((avail + s.Gutter + 1e-9) / (box + s.Gutter)))
		return max(n, 0)
	}
	var best arrangement
	for _, rot := range []bool{false, true} {
		if rot && !s.Rotate {
			continue
		}
		for _, page := range pages {
			for _, fold := range folds {
				a := arrangement{page: page, rotated: rot, fold: fold}
				area := a.area(s).Inset(s.Margin)
				box := a.box(card, s)
				a.cols, a.rows = fits(area.W, box.W), fits(area.H, box.H)
				if a.cols*a.rows > best.cols*best.rows {
					best = a
				}
			}
		}
	}
	return best, best.cols*best.rows > 0
}

// box is the size of a slot: the bleed box, turned with the card.
func (a arrangement) box(card Size, s Settings) Size {
	if a.rotated {
		card = Size{card.H, card.W}
	}
	return Size{card.W + 2*s.Bleed, card.H + 2*s.Bleed}
}

// area is the part of the page the front grid lives in: all of it, or the
// front half of a fold page.
func (a arrangement) area(s Settings) Rect {
	r := Rect{0, 0, a.page.W, a.page.H}
	switch {
	case s.Duplex == DuplexFold && a.fold == FoldVertical:
		r.W = a.page.W / 2
	case s.Duplex == DuplexFold:
		r.H = a.page.H / 2
	}
	return r
}

// grid is the bounds of the bleed boxes, centred in the printable area.
func (a arrangement) grid(card Size, s Settings) Rect {
	box, in := a.box(card, s), a.area(s).Inset(s.Margin)
	w := float64(a.cols)*box.W + float64(a.cols-1)*s.Gutter
	h := float64(a.rows)*box.H + float64(a.rows-1)*s.Gutter
	return Rect{in.X + (in.W-w)/2, in.Y + (in.H-h)/2, w, h}
}

// slotBox is the bleed box at row r, column c of the grid.
func (a arrangement) slotBox(card Size, s Settings, r, c int) Rect {
	g, box := a.grid(card, s), a.box(card, s)
	return Rect{g.X + float64(c)*(box.W+s.Gutter), g.Y + float64(r)*(box.H+s.Gutter), box.W, box.H}
}

// trimEdges lists the x of every trim edge down the grid and the y of
// every trim edge across it, bleed inside each bleed box, left to right
// and top to bottom; edges that meet (no bleed, no gutter) count once.
func (a arrangement) trimEdges(card Size, s Settings) (xs, ys []float64) {
	add := func(v []float64, e ...float64) []float64 {
		for _, x := range e {
			if len(v) == 0 || !near(v[len(v)-1], x) {
				v = append(v, x)
			}
		}
		return v
	}
	for c := 0; c < a.cols; c++ {
		b := a.slotBox(card, s, 0, c)
		xs = add(xs, b.X+s.Bleed, b.Right()-s.Bleed)
	}
	for r := 0; r < a.rows; r++ {
		b := a.slotBox(card, s, r, 0)
		ys = add(ys, b.Y+s.Bleed, b.Bottom()-s.Bleed)
	}
	return xs, ys
}

func TestBackOffsetMovesOnlyBacks(t *testing.T) {
	base := combo{paper: "a4", orient: Portrait, duplex: DuplexLong, card: "poker", bleed: 2, gutter: 1}
	moved := base
	moved.offset = Point{0.75, -1.25}
	p0, p1 := base.plan(t), moved.plan(t)
	a, b := p0.Pages(20), p1.Pages(20)
	for i := range a {
		for j := range a[i].Placements {
			pa, pb := a[i].Placements[j], b[i].Placements[j]
			d := Point{pb.Box.X - pa.Box.X, pb.Box.Y - pa.Box.Y}
			want := Point{}
			if a[i].Side == Back {
				want = moved.offset
			}
			if !nearPoint(d, want) {
				t.Fatalf("page %d slot %d moved by %v, want %v", i+1, j, d, want)
			}
		}
		if len(a[i].Marks) != len(b[i].Marks) {
			t.Fatalf("page %d: marks changed", i+1)
		}
		for j := range a[i].Marks {
			if a[i].Marks[j] != b[i].Marks[j] {
				t.Fatalf("page %d: mark %d moved", i+1, j)
			}
		}
	}
}

func TestFoldMirrorsAcrossTheFoldLine(t *testing.T) {
	for _, paper := range []string{"a4", "letter"} {
		for _, o := range []Orientation{Portrait, Landscape} {
			for _, rot := range []bool{false, true} {
				pp, _ := Paper(paper)
				card, _ := CardSize("poker")
				p, err := Impose(card, Settings{Paper: pp, Orientation: o, Duplex: DuplexFold, Margin: 5, Bleed: 1, Rotate: rot})
				if err != nil {
					t.Fatal(err)
				}
				pages := p.Pages(p.PerPage())
				if len(pages) != 1 || pages[0].FoldLine == nil {
					t.Fatalf("%s %v: want one page with a fold line, got %d", paper, o, len(pages))
				}
				pl := pages[0].Placements
				half := len(pl) / 2
				for i := 0; i < half; i++ {
					f, b := pl[i], pl[half+i]
					for _, q := range []Point{{0, 0}, {p.Card.W, p.Card.H}, {2, 9}} {
						onFront := f.Transform.Apply(q)
						var mirrored Point
						if p.Fold == FoldVertical {
							mirrored = Point{p.Page.W - onFront.X, onFront.Y}
						} else {
							mirrored = Point{onFront.X, p.Page.H - onFront.Y}
						}
						if got := b.Transform.Apply(Point{p.Card.W - q.X, q.Y}); !nearPoint(got, mirrored) {
							t.Fatalf("%s %v: back point %v at %v, want %v", paper, o, q, got, mirrored)
						}
					}
					if f.Box.Overlaps(b.Box, tol) {
						t.Fatalf("front and back overlap")
					}
				}
			}
		}
	}
}

func TestSinglePages(t *testing.T) {
	card, _ := CardSize("poker")
	p, err := Impose(card, Settings{Duplex: DuplexSingle, Bleed: 3, Margin: 5, Marks: MarksCrop})
	if err != nil {
		t.Fatal(err)
	}
	pages := p.Pages(3)
	if len(pages) != 6 {
		t.Fatalf("want 6 pages, got %d", len(pages))
	}
	for i, pg := range pages {
		if !near(pg.Size.W, 69.5) || !near(pg.Size.H, 94.9) {
			t.Fatalf("page %d size %+v", i, pg.Size)
		}
		if pg.Trim == nil || !nearRect(*pg.Trim, Rect{3, 3, 63.5, 88.9}) || len(pg.Marks) != 0 {
			t.Fatalf("page %d: trim %+v marks %d", i, pg.Trim, len(pg.Marks))
		}
		if want := []Side{Front, Back}[i%2]; pg.Side != want || pg.Placements[0].Card != i/2 {
			t.Fatalf("page %d: side %v card %d", i, pg.Side, pg.Placements[0].Card)
		}
		if !nearRect(pg.Placements[0].Box, Rect{0, 0, 69.5, 94.9}) {
			t.Fatalf("page %d: box %+v", i, pg.Placements[0].Box)
		}
	}
}

func TestImposeTooLarge(t *testing.T) {
	card, _ := CardSize("tarot")
	paper, _ := Paper("a5")
	_, err := Impose(Size{200, 300}, Settings{Paper: paper, Margin: 5})
	if err == nil {
		t.Fatal("want an error for a card larger than the page")
	}
	if _, err := Impose(card, Settings{Paper: paper, Margin: 5}); err != nil {
		t.Fatalf("tarot fits a5: %v", err)
	}
}

// TestCardsPerSheet is the golden table of cards per sheet for every card
// preset × paper, upright and with rotation allowed (5 mm margin, no bleed,
// no gutter, orientation auto).
func TestCardsPerSheet(t *testing.T) {
	type row struct {
		Card        string `json:"card"`
		Paper       string `json:"paper"`
		Rotate      string `json:"rotate"`
		PerSheet    int    `json:"per_sheet"`
		Orientation string `json:"orientation"`
		Cols        int    `json:"cols"`
		Rows        int    `json:"rows"`
		Turned      bool   `json:"cards_turned"`
	}
	var rows []row
	for _, card := range CardSizeNames() {
		for _, paper := range PaperNames() {
			for _, rot := range []bool{false, true} {
				cs, _ := CardSize(card)
				ps, _ := Paper(paper)
				p, err := Impose(cs, Settings{Paper: ps, Margin: 5, Rotate: rot})
				r := row{Card: card, Paper: paper, Rotate: map[bool]string{false: "none", true: "auto"}[rot]}
				if err == nil {
					r.PerSheet, r.Cols, r.Rows, r.Turned = p.PerPage(), p.Cols, p.Rows, p.Rotated
					r.Orientation = map[bool]string{false: "portrait", true: "landscape"}[p.Page.Landscape()]
				}
				rows = append(rows, r)
			}
		}
	}
	var out []byte
	out = append(out, "[\n"...)
	for i, r := range rows {
		b, _ := json.Marshal(r)
		out = append(out, "  "...)
		out = append(out, b...)
		if i < len(rows)-1 {
			out = append(out, ',')
		}
		out = append(out, '\n')
	}
	out = append(out, "]\n"...)
	golden.Assert(t, "cards-per-sheet.json", out)

	for _, want := range []struct {
		card, paper string
		rotate      bool
		n           int
	}{{"poker", "a4", false, 9}, {"poker", "letter", false, 9}, {"tarot", "a4", true, 4}} {
		cs, _ := CardSize(want.card)
		ps, _ := Paper(want.paper)
		p, err := Impose(cs, Settings{Paper: ps, Margin: 5, Rotate: want.rotate})
		if err != nil || p.PerPage() != want.n {
			t.Errorf("%s on %s: %d per sheet (%v), want %d", want.card, want.paper, p.PerPage(), err, want.n)
		}
	}
}

// TestGeometryGolden records the full geometry of a few plans, one fact a
// line: each page, each placement, each mark and fold line, so that the
// diff of an -update run shows what moved.
func TestGeometryGolden(t *testing.T) {
	cases := []struct {
		name string
		card string
		s    Settings
	}{
		{"a4-long-poker", "poker", Settings{Duplex: DuplexLong, Margin: 5, Marks: MarksCrop}},
		{"letter-landscape-short-bleed", "poker", Settings{Orientation: Landscape, Duplex: DuplexShort, Margin: 5, Bleed: 3, Gutter: 2, Marks: MarksCrop}},
		{"a4-rotated-tarot-lines", "tarot", Settings{Duplex: DuplexLong, Margin: 5, Rotate: true, Marks: MarksLines}},
		{"a4-fold-poker", "poker", Settings{Duplex: DuplexFold, Margin: 5, Marks: MarksCrop}},
		{"a4-fold-bleed-gutter-offset", "poker", Settings{Duplex: DuplexFold, Margin: 5, Bleed: 3, Gutter: 2, Marks: MarksCrop, BackOffset: Point{1.5, -0.75}}},
		{"a4-none-business-bleed-gutter", "business", Settings{Duplex: DuplexNone, Margin: 5, Bleed: 2, Gutter: 3, Marks: MarksCrop}},
		{"single-bleed", "poker", Settings{Duplex: DuplexSingle, Bleed: 3}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			paper := "a4"
			if c.name[:6] == "letter" {
				paper = "letter"
			}
			c.s.Paper, _ = Paper(paper)
			card, _ := CardSize(c.card)
			p, err := Impose(card, c.s)
			if err != nil {
				t.Fatal(err)
			}
			pages := p.Pages(p.PerPage() + 1)
			f := func(v float64) float64 {
				v = math.Round(v*1000) / 1000
				if v == 0 {
					return 0 // no negative zero
				}
				return v
			}
			var out []byte
			for _, page := range pages {
				out = fmt.Appendf(out, "page sheet=%d side=%v size=%vx%v marks=%d fold=%v\n",
					page.Sheet, page.Side, f(page.Size.W), f(page.Size.H), len(page.Marks), page.FoldLine != nil)
				for _, x := range page.Placements {
					m, b := x.Transform, x.Box
					line, _ := json.Marshal(map[string]any{"card": x.Card, "side": x.Side.String(),
						"box":       []float64{f(b.X), f(b.Y), f(b.W), f(b.H)},
						"transform": []float64{f(m.A), f(m.B), f(m.C), f(m.D), f(m.E), f(m.F)}})
					out = append(append(append(out, "  "...), line...), '\n')
				}
				for _, m := range page.Marks {
					out = fmt.Appendf(out, "  mark %v,%v %v,%v\n", f(m.A.X), f(m.A.Y), f(m.B.X), f(m.B.Y))
				}
				if fl := page.FoldLine; fl != nil {
					out = fmt.Appendf(out, "  fold %v,%v %v,%v\n", f(fl.A.X), f(fl.A.Y), f(fl.B.X), f(fl.B.Y))
				}
			}
			golden.Assert(t, "geometry/"+c.name+".txt", out)
		})
	}
}

// TestPagesOfASheet: each sheet prints one page of fronts only, one fold
// page (fronts and backs), or a page of fronts and a page of backs (long
// and short duplex, and single pages: a card's front, then its back), and
// a sheet's pages, laid out alone, are the deck's pages of that sheet.
func TestPagesOfASheet(t *testing.T) {
	card, _ := CardSize("poker")
	paper, _ := ParsePaper("a4", SideLengths)
	tests := []struct {
		duplex Duplex
		per    int // pages a sheet
		sides  []Side
	}{
		{DuplexNone, 1, []Side{Front}},
		{DuplexFold, 1, []Side{Front}},
		{DuplexLong, 2, []Side{Front, Back}},
		{DuplexShort, 2, []Side{Front, Back}},
		{DuplexSingle, 2, []Side{Front, Back}},
	}
	for _, tt := range tests {
		p, err := Impose(card, Settings{Paper: paper, Duplex: tt.duplex, Margin: 5, Bleed: 1, Marks: MarksCrop})
		if err != nil {
			t.Fatal(err)
		}
		if p.PagesPerSheet() != tt.per {
			t.Errorf("%v: %d pages a sheet, want %d", tt.duplex, p.PagesPerSheet(), tt.per)
		}
		for _, n := range []int{1, p.PerPage(), p.PerPage() + 1, 3*p.PerPage() - 2} {
			all := p.Pages(n)
			if len(all) != p.Sheets(n)*tt.per {
				t.Errorf("%v, %d cards: %d pages, want %d sheets of %d", tt.duplex, n, len(all), p.Sheets(n), tt.per)
				continue
			}
			for s := range p.Sheets(n) {
				pages := p.SheetPages(s, n)
				for k, pg := range pages {
					if pg.Sheet != s+1 || pg.Side != tt.sides[k] {
						t.Errorf("%v, %d cards: sheet %d page %d is sheet %d, %v; want sheet %d, %v", tt.duplex, n, s+1, k+1, pg.Sheet, pg.Side, s+1, tt.sides[k])
					}
					if !reflect.DeepEqual(pg, all[s*tt.per+k]) {
						t.Errorf("%v, %d cards: sheet %d page %d laid out alone differs", tt.duplex, n, s+1, k+1)
					}
				}
			}
		}
	}
}
