package layout

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"
)

// Orientation is the page orientation of imposed sheets.
type Orientation uint8

const (
	// OrientAuto picks whichever orientation fits more cards (portrait on a tie).
	OrientAuto Orientation = iota
	// Portrait keeps the paper taller than wide.
	Portrait
	// Landscape turns the paper wider than tall.
	Landscape
)

// Duplex says how backs reach the back of their fronts.
type Duplex uint8

const (
	// DuplexLong: a duplex printer flips the sheet on its long edge.
	DuplexLong Duplex = iota
	// DuplexShort: a duplex printer flips the sheet on its short edge.
	DuplexShort
	// DuplexNone prints fronts only.
	DuplexNone
	// DuplexFold puts fronts and backs on one page, mirrored across a fold line.
	DuplexFold
	// DuplexSingle prints one card side per page, page size = bleed box.
	DuplexSingle
)

// Marks is the kind of cutting guide drawn on front sheets.
type Marks uint8

const (
	// MarksCrop draws short crop marks in the margin at every trim edge.
	MarksCrop Marks = iota
	// MarksLines draws cut lines across the page at every trim edge.
	MarksLines
	// MarksNone draws nothing.
	MarksNone
)

// Names of the enumerations, in their declared order, as written in YAML
// and on the command line.
var (
	OrientationNames = []string{"auto", "portrait", "landscape"}
	DuplexNames      = []string{"long", "short", "none", "fold", "single"}
	MarksNames       = []string{"crop", "lines", "none"}
)

func (o Orientation) String() string { return OrientationNames[o] }
func (d Duplex) String() string      { return DuplexNames[d] }
func (m Marks) String() string       { return MarksNames[m] }

// ParseOrientation reads an orientation name.
func ParseOrientation(s string) (Orientation, error) {
	i, err := parseName(s, "orientation", OrientationNames)
	return Orientation(i), err
}

// ParseDuplex reads a duplex mode name.
func ParseDuplex(s string) (Duplex, error) {
	i, err := parseName(s, "duplex", DuplexNames)
	return Duplex(i), err
}

// ParseMarks reads a marks name.
func ParseMarks(s string) (Marks, error) {
	i, err := parseName(s, "marks", MarksNames)
	return Marks(i), err
}

func parseName(s, what string, names []string) (int, error) {
	if i := slices.Index(names, strings.ToLower(strings.TrimSpace(s))); i >= 0 {
		return i, nil
	}
	return 0, fmt.Errorf("unknown %s %q; expected one of %s", what, s, strings.Join(names, ", "))
}

// Settings are the print settings of an imposition. Lengths in mm.
type Settings struct {
	Paper       Size // the paper as named (any orientation)
	Orientation Orientation
	Duplex      Duplex
	Bleed       float64 // added around every card's trim box; default 0
	Gutter      float64 // space between bleed boxes; default 0
	Margin      float64 // kept clear at every page edge
	Marks       Marks
	Rotate      bool  // allow cards turned 90° in their slots when more fit
	BackOffset  Point // moves every back, to correct a printer's misregistration
	BacksFirst  bool  // single pages: each card's back before its front
	// Safe is how far inside the trim text and icons keep (preflight);
	// 0 checks nothing.
	Safe float64
	// CornerRadius rounds the card's corners (cut lines, previews); 0:
	// square corners.
	CornerRadius float64
}

// Side is the side of a card, or of a printed sheet.
type Side uint8

const (
	// Front is the face side.
	Front Side = iota
	// Back is the reverse side.
	Back
)

func (s Side) String() string {
	if s == Back {
		return "back"
	}
	return "front"
}

// FoldAxis is the direction of the fold line in DuplexFold.
type FoldAxis uint8

const (
	// FoldVertical folds left over right: fronts left, backs right.
	FoldVertical FoldAxis = iota
	// FoldHorizontal folds top over bottom: fronts above, backs below.
	FoldHorizontal
)

// Plan is an imposition: where the card slots are on a page, and how pages
// follow each other. Build it with [Impose].
type Plan struct {
	Settings
	Card    Size  // trim size of a card, as designed
	Page    Size  // the page, oriented
	Cols    int   // slots across
	Rows    int   // slots down
	Rotated bool  // cards turned 90° clockwise in their slots
	Origin  Point // top-left of the first slot's bleed box
	Fold    FoldAxis
}

const eps = 1e-6

// Impose fits cards of trim size card onto pages with the settings s,
// trying both orientations (unless fixed) and, when s.Rotate, cards turned
// 90°, and keeping the arrangement that fits the most cards per page.
func Impose(card Size, s Settings) (Plan, error) {
	if card.W <= 0 || card.H <= 0 {
		return Plan{}, fmt.Errorf("card size %s x %s must be positive", FormatMM(card.W), FormatMM(card.H))
	}
	if s.Duplex == DuplexSingle {
		p := Plan{Settings: s, Card: card, Cols: 1, Rows: 1}
		p.Page = Size{card.W + 2*s.Bleed, card.H + 2*s.Bleed}
		p.Margin, p.Gutter, p.Marks, p.BackOffset = 0, 0, MarksNone, Point{}
		return p, nil
	}
	var orients []Size
	portrait := Size{math.Min(s.Paper.W, s.Paper.H), math.Max(s.Paper.W, s.Paper.H)}
	switch s.Orientation {
	case Portrait:
		orients = []Size{portrait}
	case Landscape:
		orients = []Size{portrait.Rotated()}
	default:
		orients = []Size{portrait, portrait.Rotated()}
	}
	rotations := []bool{false}
	if s.Rotate {
		rotations = append(rotations, true)
	}
	folds := []FoldAxis{FoldVertical}
	if s.Duplex == DuplexFold {
		folds = append(folds, FoldHorizontal)
	}
	var best Plan
	// upright cards first: a turned card must fit strictly more to win
	for _, rot := range rotations {
		for _, page := range orients {
			for _, fold := range folds {
				p := Plan{Settings: s, Card: card, Page: page, Rotated: rot, Fold: fold}
				p.fit()
				if p.Cols*p.Rows > best.Cols*best.Rows {
					best = p
				}
			}
		}
	}
	if best.Cols*best.Rows == 0 {
		area := Size{portrait.W - 2*s.Margin, portrait.H - 2*s.Margin}
		if area.W <= 0 || area.H <= 0 {
			return Plan{}, fmt.Errorf("the %s x %s paper leaves nothing to print on inside its %s margins",
				FormatMM(portrait.W), FormatMM(portrait.H), FormatMM(s.Margin))
		}
		return Plan{}, fmt.Errorf("a %s x %s card with %s bleed does not fit in the %s x %s printable area of the paper",
			FormatMM(card.W), FormatMM(card.H), FormatMM(s.Bleed), FormatMM(area.W), FormatMM(area.H))
	}
	return best, nil
}

// slot returns the size of a slot: the card's bleed box, turned if Rotated.
func (p *Plan) slot() Size {
	s := Size{p.Card.W + 2*p.Bleed, p.Card.H + 2*p.Bleed}
	if p.Rotated {
		return s.Rotated()
	}
	return s
}

// area returns the part of the page that holds the front grid: the whole
// page, or its front half in a fold layout.
func (p *Plan) area() Rect {
	r := Rect{0, 0, p.Page.W, p.Page.H}
	if p.Duplex == DuplexFold {
		if p.Fold == FoldVertical {
			r.W /= 2
		} else {
			r.H /= 2
		}
	}
	return r
}

// fit computes the grid and centres it in the area.
func (p *Plan) fit() {
	a, sl := p.area().Inset(p.Margin), p.slot()
	count := func(avail, slot float64) int {
		if avail+eps < slot {
			return 0
		}
		return int(math.Floor((avail + p.Gutter + eps) / (slot + p.Gutter)))
	}
	p.Cols, p.Rows = count(a.W, sl.W), count(a.H, sl.H)
	gw := float64(p.Cols)*sl.W + float64(max(p.Cols-1, 0))*p.Gutter
	gh := float64(p.Rows)*sl.H + float64(max(p.Rows-1, 0))*p.Gutter
	p.Origin = Point{a.X + (a.W-gw)/2, a.Y + (a.H-gh)/2}
}

// PerPage returns the number of card slots on one side of a sheet.
func (p Plan) PerPage() int { return p.Cols * p.Rows }

// Sheets returns the number of sheets n cards need.
func (p Plan) Sheets(n int) int {
	if n <= 0 {
		return 0
	}
	return (n + p.PerPage() - 1) / p.PerPage()
}

// FillSets returns how many whole sets of set cards fill the sheets that
// one set needs: the sets a sheet's empty slots would otherwise waste (at
// least 1).
func (p Plan) FillSets(set int) int {
	if set <= 0 {
		return 1
	}
	return max(1, p.Sheets(set)*p.PerPage()/set)
}

// SlotBox returns the bleed box of the slot at row r, column c, on a front page.
func (p Plan) SlotBox(r, c int) Rect {
	sl := p.slot()
	return Rect{p.Origin.X + float64(c)*(sl.W+p.Gutter), p.Origin.Y + float64(r)*(sl.H+p.Gutter), sl.W, sl.H}
}

// FrontTransform returns the transform from card coordinates (trim box at
// 0,0) to the front page for the slot at row r, column c.
func (p Plan) FrontTransform(r, c int) Affine {
	box := p.SlotBox(r, c)
	if p.Rotated {
		return Rotate(90).Then(Translate(box.X+p.Card.H+p.Bleed, box.Y+p.Bleed))
	}
	return Translate(box.X+p.Bleed, box.Y+p.Bleed)
}

// Flip returns the map from a point of the front page to the point of the
// back page that is physically behind it: the printer's sheet flip, or the
// fold across the fold line.
func (p Plan) Flip() Affine {
	mirrorCols, mirrorRows := MirrorX(p.Page.W), MirrorY(p.Page.H)
	land := p.Page.Landscape()
	switch p.Duplex {
	case DuplexShort:
		if land {
			return mirrorCols
		}
		return mirrorRows
	case DuplexFold:
		if p.Fold == FoldHorizontal {
			return mirrorRows
		}
		return mirrorCols
	case DuplexLong:
		if land {
			return mirrorRows
		}
	}
	return mirrorCols
}

// BackTransform returns where the back of a card goes, given its front
// transform: behind the front after the flip, and upright for someone who
// turns the cut card over like a book page (around its vertical axis).
// Back-offset applies to printed duplex only.
func (p Plan) BackTransform(front Affine) Affine {
	t := MirrorX(p.Card.W).Then(front).Then(p.Flip())
	if p.Duplex == DuplexLong || p.Duplex == DuplexShort {
		t = t.Then(Translate(p.BackOffset.X, p.BackOffset.Y))
	}
	return t
}

// CardBleedBox returns the card's bleed box in card coordinates.
func (p Plan) CardBleedBox() Rect {
	return Rect{-p.Bleed, -p.Bleed, p.Card.W + 2*p.Bleed, p.Card.H + 2*p.Bleed}
}

// Placement puts one side of one card on a page.
type Placement struct {
	Card      int    // index of the card copy, 0-based, in deck order
	Side      Side   // which side of the card is drawn
	Transform Affine // card coordinates → page
	Box       Rect   // the card's bleed box on the page
}

// Page is one printed page of an imposition.
type Page struct {
	Size       Size
	Sheet      int   // 1-based sheet number
	Side       Side  // the side of the sheet (fold pages are fronts)
	Trim       *Rect // the trim box of a single-card page, else nil
	Placements []Placement
	Marks      []Segment // cut guides
	FoldLine   *Segment  // the fold line of a fold page
}

// Pages lays out n cards (copies counted) in deck order: sheet by sheet,
// a page of fronts then the page of their backs (for long and short
// duplex), fronts and backs on one page (fold), fronts only (none), or a
// page per card side (single).
func (p Plan) Pages(n int) []Page {
	var pages []Page
	for sheet := range p.Sheets(n) {
		pages = append(pages, p.SheetPages(sheet, n)...)
	}
	return pages
}

// PagesPerSheet returns the number of pages each sheet of the plan
// prints: one for fronts only and for fold sheets, two otherwise.
func (p Plan) PagesPerSheet() int {
	if p.Duplex == DuplexNone || p.Duplex == DuplexFold {
		return 1
	}
	return 2
}

// SheetPages lays out the pages of one sheet (0-based) of n cards, as
// [Plan.Pages] does for every sheet: a big deck's pages are laid out a
// sheet at a time while they are written.
func (p Plan) SheetPages(sheet, n int) []Page {
	per := p.PerPage()
	front := Page{Size: p.Page, Sheet: sheet + 1, Side: Front}
	back := Page{Size: p.Page, Sheet: sheet + 1, Side: Back}
	printed := min(per, n-sheet*per)
	for i := range printed {
		card := sheet*per + i
		ft := p.FrontTransform(i/p.Cols, i%p.Cols)
		bt := p.BackTransform(ft)
		box := p.CardBleedBox()
		front.Placements = append(front.Placements, Placement{Card: card, Side: Front, Transform: ft, Box: ft.Bounds(box)})
		back.Placements = append(back.Placements, Placement{Card: card, Side: Back, Transform: bt, Box: bt.Bounds(box)})
	}
	switch p.Duplex {
	case DuplexNone:
		front.Marks = p.marks(printed)
		return []Page{front}
	case DuplexFold:
		front.Placements = append(front.Placements, back.Placements...)
		flip := p.Flip()
		for _, m := range p.marks(printed) {
			front.Marks = append(front.Marks, m, Segment{flip.Apply(m.A), flip.Apply(m.B)})
		}
		fl := Segment{Point{p.Page.W / 2, 0}, Point{p.Page.W / 2, p.Page.H}}
		if p.Fold == FoldHorizontal {
			fl = Segment{Point{0, p.Page.H / 2}, Point{p.Page.W, p.Page.H / 2}}
		}
		front.FoldLine = &fl
		return []Page{front}
	case DuplexSingle:
		trim := Rect{p.Bleed, p.Bleed, p.Card.W, p.Card.H}
		front.Trim, back.Trim = &trim, &trim
		if p.BacksFirst {
			return []Page{back, front}
		}
		return []Page{front, back}
	default:
		front.Marks = p.marks(printed)
		return []Page{front, back}
	}
}

// Crop mark geometry, in mm.
const (
	markGap    = 1.0 // between the grid's bleed edge and a crop mark
	markLength = 5.0 // longest crop mark
	markMin    = 1.0 // shorter marks are left out
	edgeKeep   = 1.0 // kept clear at the page (or fold) edge
)

// edge is a trim edge of printed cards: its position across (x of a
// vertical edge, y of a horizontal one) and how far the bleed boxes of the
// printed cards that share it reach along it.
type edge struct{ at, from, to float64 }

// printedEdges returns the distinct vertical (or horizontal) trim edges of
// the first n slots of the grid, filled row by row, each with the extent of
// the printed cards along it.
func (p Plan) printedEdges(n int, vertical bool) []edge {
	var edges []edge
	add := func(at, from, to float64) {
		for i := range edges {
			if math.Abs(edges[i].at-at) < eps {
				edges[i].from, edges[i].to = math.Min(edges[i].from, from), math.Max(edges[i].to, to)
				return
			}
		}
		edges = append(edges, edge{at, from, to})
	}
	for i := 0; i < n && i < p.PerPage(); i++ {
		box := p.SlotBox(i/p.Cols, i%p.Cols)
		trim := box.Inset(p.Bleed)
		if vertical {
			add(trim.X, box.Y, box.Bottom())
			add(trim.Right(), box.Y, box.Bottom())
		} else {
			add(trim.Y, box.X, box.Right())
			add(trim.Bottom(), box.X, box.Right())
		}
	}
	slices.SortFunc(edges, func(a, b edge) int { return cmp.Compare(a.at, b.at) })
	return edges
}

// grid returns the bounds of all slots' bleed boxes.
func (p Plan) grid() Rect {
	first, last := p.SlotBox(0, 0), p.SlotBox(p.Rows-1, p.Cols-1)
	return Rect{first.X, first.Y, last.Right() - first.X, last.Bottom() - first.Y}
}

// marks returns the cut guides of a front grid holding n cards, inside its
// area: only at the trim edges of printed cards. A crop mark sits beyond
// the printed cards at each end of its edge, so that on a short sheet the
// marks follow the printed cards, not the empty slots.
func (p Plan) marks(n int) []Segment {
	a := p.area()
	xs, ys := p.printedEdges(n, true), p.printedEdges(n, false)
	var out []Segment
	switch p.Marks {
	case MarksLines:
		for _, x := range xs {
			out = append(out, Segment{Point{x.at, a.Y}, Point{x.at, a.Bottom()}})
		}
		for _, y := range ys {
			out = append(out, Segment{Point{a.X, y.at}, Point{a.Right(), y.at}})
		}
	case MarksCrop:
		// the room between the printed cards and the area edge, beyond each end
		length := func(room float64) float64 { return math.Min(markLength, room-markGap-edgeKeep) }
		for _, x := range xs {
			if l := length(x.from - a.Y); l >= markMin {
				out = append(out, Segment{Point{x.at, x.from - markGap - l}, Point{x.at, x.from - markGap}})
			}
		}
		for _, x := range xs {
			if l := length(a.Bottom() - x.to); l >= markMin {
				out = append(out, Segment{Point{x.at, x.to + markGap}, Point{x.at, x.to + markGap + l}})
			}
		}
		for _, y := range ys {
			if l := length(y.from - a.X); l >= markMin {
				out = append(out, Segment{Point{y.from - markGap - l, y.at}, Point{y.from - markGap, y.at}})
			}
		}
		for _, y := range ys {
			if l := length(a.Right() - y.to); l >= markMin {
				out = append(out, Segment{Point{y.to + markGap, y.at}, Point{y.to + markGap + l, y.at}})
			}
		}
	}
	return out
}
