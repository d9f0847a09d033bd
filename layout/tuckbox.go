package layout

import (
	"fmt"
	"math"
)

// A one-piece tuck box, as a flat net to cut, fold and glue. Its inside
// holds the cards with a clearance: TuckClearW on the width, TuckClearH on
// the height, TuckClearD on the depth of the stack (the count times the
// card thickness). The net, seen from the printed (outside) face, upright:
//
//	          tuck flap
//	          lid (D)
//	back (W) | side (D) | front (W) | side (D) | glue
//	                      lid (D)
//	                      tuck flap
//
// with a dust flap above and below each side. The top lid hinges on the
// back and closes over the top, its tuck flap going down inside the front;
// the bottom lid hinges on the front and its flap goes up inside the back
// (a reverse tuck end). The glue flap, on the right side's free edge,
// glues inside the back panel's left edge. A thumb notch is cut into the
// front's top edge, where the top flap tucks in.
const (
	TuckClearW = 1.5 // mm added to the card width
	TuckClearH = 1.5 // mm added to the card height
	TuckClearD = 1.0 // mm added to the stack's thickness
)

// Tuck box flap sizes, in mm.
const (
	tuckFlapMax = 15.0 // the tuck flap's depth, at most; and a third of the height
	glueFlapMax = 10.0 // the glue flap's width, at most; and half the width
	notchMax    = 10.0 // the thumb notch's radius, at most
	flapInset   = 1.0  // a tuck flap is this much narrower at each side
	dustInsetMx = 3.0  // a dust flap's outer edge is this much shorter at each end, at most
	glueTaperMx = 3.0  // the glue flap's ends are cut back this much, at most
)

// Limits of a tuck box's inputs.
const (
	TuckMaxCards     = 100000
	TuckMinThickness = 0.05 // mm a card
	TuckMaxThickness = 3.0
)

// TuckBox is the net of a tuck box, in mm, origin at the net's top-left.
type TuckBox struct {
	Card      Size    // the cards' trim size
	Cards     int     // how many it holds
	Thickness float64 // of one card
	// W, H and D are the inside: width, height and depth.
	W, H, D float64
	Tuck    float64 // the tuck flaps' depth
	Dust    float64 // the dust flaps' height (how far each reaches in)
	Glue    float64 // the glue flap's width
	Notch   float64 // the thumb notch's radius
	Size    Size    // the whole net
}

// Panel is a named part of the net.
type Panel struct {
	Name string
	Rect Rect
}

// NewTuckBox returns the net of a tuck box for count cards of size card,
// each thickness mm thick.
func NewTuckBox(card Size, count int, thickness float64) (TuckBox, error) {
	switch {
	case !(card.W > 0 && card.H > 0) || math.IsInf(card.W, 0) || math.IsInf(card.H, 0):
		return TuckBox{}, fmt.Errorf("card size %s x %s must be positive", FormatMM(card.W), FormatMM(card.H))
	case count < 1 || count > TuckMaxCards:
		return TuckBox{}, fmt.Errorf("%d cards is out of range (1 to %d)", count, TuckMaxCards)
	case !(thickness >= TuckMinThickness && thickness <= TuckMaxThickness):
		return TuckBox{}, fmt.Errorf("card thickness %s is out of range (%s to %s)", FormatMM(thickness), FormatMM(TuckMinThickness), FormatMM(TuckMaxThickness))
	}
	b := TuckBox{Card: card, Cards: count, Thickness: thickness}
	b.W, b.H = card.W+TuckClearW, card.H+TuckClearH
	b.D = float64(count)*thickness + TuckClearD
	b.Tuck = math.Min(tuckFlapMax, b.H/3)
	b.Glue = math.Min(glueFlapMax, b.W/2)
	b.Notch = math.Min(notchMax, math.Min(b.W/5, b.H/6))
	// a dust flap reaches at most half way across the top, and stays in
	// the rows of the lid and its flap
	b.Dust = math.Min(b.W/2-flapInset, b.D+b.Tuck-flapInset)
	b.Size = Size{2*b.W + 2*b.D + b.Glue, b.H + 2*(b.D+b.Tuck)}
	return b, nil
}

// top is the y of the body's top edge.
func (b TuckBox) top() float64 { return b.D + b.Tuck }

// Body returns the four wall panels and the glue flap's strip, left to
// right: back, side, front, side, glue.
func (b TuckBox) Body() []Panel {
	y := b.top()
	return []Panel{
		{"back", Rect{0, y, b.W, b.H}},
		{"left side", Rect{b.W, y, b.D, b.H}},
		{"front", Rect{b.W + b.D, y, b.W, b.H}},
		{"right side", Rect{2*b.W + b.D, y, b.D, b.H}},
		{"glue flap", Rect{2*b.W + 2*b.D, y, b.Glue, b.H}},
	}
}

// Flaps returns the closing panels: the lids and tuck flaps, top and
// bottom, and the four dust flaps (their bounds).
func (b TuckBox) Flaps() []Panel {
	y, bottom := b.top(), b.top()+b.H
	front := b.W + b.D
	return []Panel{
		{"top tuck flap", Rect{0, 0, b.W, b.Tuck}},
		{"top lid", Rect{0, b.Tuck, b.W, b.D}},
		{"bottom lid", Rect{front, bottom, b.W, b.D}},
		{"bottom tuck flap", Rect{front, bottom + b.D, b.W, b.Tuck}},
		{"left top dust flap", Rect{b.W, y - b.Dust, b.D, b.Dust}},
		{"right top dust flap", Rect{2*b.W + b.D, y - b.Dust, b.D, b.Dust}},
		{"left bottom dust flap", Rect{b.W, bottom, b.D, b.Dust}},
		{"right bottom dust flap", Rect{2*b.W + b.D, bottom, b.D, b.Dust}},
	}
}

// Folds returns the fold lines, to be drawn dashed.
func (b TuckBox) Folds() []Segment {
	y, bottom := b.top(), b.top()+b.H
	x1, x2, x3, x4 := b.W, b.W+b.D, 2*b.W+b.D, 2*b.W+2*b.D
	h := func(y, xa, xb float64) Segment { return Segment{Point{xa, y}, Point{xb, y}} }
	v := func(x float64) Segment { return Segment{Point{x, y}, Point{x, bottom}} }
	return []Segment{
		v(x1), v(x2), v(x3), v(x4),
		h(y, 0, x1), h(b.Tuck, 0, x1), // back | top lid | tuck flap
		h(y, x1, x2), h(y, x3, x4), // the top dust flaps
		h(bottom, x2, x3), h(bottom+b.D, x2, x3), // front | bottom lid | tuck flap
		h(bottom, x1, x2), h(bottom, x3, x4), // the bottom dust flaps
	}
}

// Outline returns the cut line around the net, to be drawn solid: one
// closed path, clockwise from the top lid's left edge.
func (b TuckBox) Outline() Path {
	var p Path
	y, bottom := b.top(), b.top()+b.H
	x1, x2, x3, x4 := b.W, b.W+b.D, 2*b.W+b.D, 2*b.W+2*b.D
	r := math.Min(6, b.Tuck/2) // the tuck flaps' corner radius
	s := math.Min(dustInsetMx, b.D/3)
	taper := math.Min(glueTaperMx, b.H/10)
	p.MoveTo(0, y)
	// the top lid's left edge and the top tuck flap
	p.LineTo(0, b.Tuck)
	corner(&p, Point{flapInset, r}, Point{flapInset, 0}, Point{flapInset + r, 0})
	corner(&p, Point{x1 - flapInset - r, 0}, Point{x1 - flapInset, 0}, Point{x1 - flapInset, r})
	p.LineTo(x1, b.Tuck)
	p.LineTo(x1, y) // the slit between the lid and the dust flap
	// left top dust flap
	p.LineTo(x1+s, y-b.Dust)
	p.LineTo(x2-s, y-b.Dust)
	p.LineTo(x2, y)
	// the front's top edge with the thumb notch
	cx := x2 + b.W/2
	p.LineTo(cx-b.Notch, y)
	arcDown(&p, Point{cx, y}, b.Notch)
	p.LineTo(x3, y)
	// right top dust flap
	p.LineTo(x3+s, y-b.Dust)
	p.LineTo(x4-s, y-b.Dust)
	p.LineTo(x4, y)
	// glue flap
	p.LineTo(x4+b.Glue, y+taper)
	p.LineTo(x4+b.Glue, bottom-taper)
	p.LineTo(x4, bottom)
	// right bottom dust flap
	p.LineTo(x4-s, bottom+b.Dust)
	p.LineTo(x3+s, bottom+b.Dust)
	p.LineTo(x3, bottom)
	// the bottom lid's right edge and the bottom tuck flap
	end := bottom + b.D + b.Tuck
	p.LineTo(x3, bottom+b.D)
	corner(&p, Point{x3 - flapInset, end - r}, Point{x3 - flapInset, end}, Point{x3 - flapInset - r, end})
	corner(&p, Point{x2 + flapInset + r, end}, Point{x2 + flapInset, end}, Point{x2 + flapInset, end - r})
	p.LineTo(x2, bottom+b.D)
	p.LineTo(x2, bottom) // the slit between the lid and the dust flap
	// left bottom dust flap
	p.LineTo(x2-s, bottom+b.Dust)
	p.LineTo(x1+s, bottom+b.Dust)
	p.LineTo(x1, bottom)
	// the back's bottom edge, and up its left edge
	p.LineTo(0, bottom)
	p.Close()
	return p
}

// corner draws a line to from, then a quarter-round corner through the
// control point ctl to to.
func corner(p *Path, from, ctl, to Point) {
	const k = 0.5523 // a quarter circle's cubic control
	p.LineTo(from.X, from.Y)
	p.CubicTo(from.X+(ctl.X-from.X)*k, from.Y+(ctl.Y-from.Y)*k, to.X+(ctl.X-to.X)*k, to.Y+(ctl.Y-to.Y)*k, to.X, to.Y)
}

// arcDown draws a half circle of radius r around c, from its left end
// down through its lowest point to its right end.
func arcDown(p *Path, c Point, r float64) {
	const k = 0.5523
	p.CubicTo(c.X-r, c.Y+r*k, c.X-r*k, c.Y+r, c.X, c.Y+r)
	p.CubicTo(c.X+r*k, c.Y+r, c.X+r, c.Y+r*k, c.X+r, c.Y)
}

// TuckSheet is one sheet of a tuck box's print: the part of the net it
// holds and where that goes on the page.
type TuckSheet struct {
	Page   Size  // the page, oriented
	Offset Point // from net to page coordinates: page = net + Offset
	Clip   Rect  // the part of the net on this sheet, in net coordinates
	// A net on two sheets is cut along a fold of the body, Join. The
	// first sheet's part ends there with a cut; the second's begins with
	// a glue tab (Tab, folding on Join) that goes inside, under the first
	// part's edge. Tick marks the join above the body on both sheets, to
	// line the tab's fold up with the first part's edge.
	Join *Segment
	Tab  []Point // the second sheet's glue tab, nil on the first
	Tick Segment
}

// joinSlack is how far a sheet's part reaches past the join, so that the
// first part's cut along it is drawn whole and the second part does not
// show it.
const joinSlack = 0.3

// Sheets lays the net out on paper (any orientation), inside margin on
// every side and foot more at the bottom (for a label): on one sheet when
// it fits, else cut along a fold of the body onto two sheets, or an error.
func (b TuckBox) Sheets(paper Size, margin, foot float64) ([]TuckSheet, error) {
	portrait := Size{math.Min(paper.W, paper.H), math.Max(paper.W, paper.H)}
	pages := []Size{portrait, portrait.Rotated()}
	fits := func(page Size, w float64) (Rect, bool) {
		a := Rect{margin, margin, page.W - 2*margin, page.H - 2*margin - foot}
		return a, w <= a.W+eps && b.Size.H <= a.H+eps
	}
	place := func(page Size, a Rect, clip Rect) TuckSheet {
		off := Point{a.X + (a.W-clip.W)/2 - clip.X, a.Y + (a.H-b.Size.H)/2}
		return TuckSheet{Page: page, Offset: off, Clip: clip}
	}
	whole := Rect{0, 0, b.Size.W, b.Size.H}
	for _, page := range pages {
		if a, ok := fits(page, b.Size.W); ok {
			return []TuckSheet{place(page, a, whole)}, nil
		}
	}
	y, bottom := b.top(), b.top()+b.H
	taper := math.Min(glueTaperMx, b.H/10)
	for _, x := range []float64{2*b.W + b.D, b.W + b.D} {
		for _, page := range pages {
			a, ok1 := fits(page, x)
			_, ok2 := fits(page, b.Size.W-x+b.Glue)
			if !ok1 || !ok2 {
				continue
			}
			join := Segment{Point{x, y}, Point{x, bottom}}
			tick := Segment{Point{x, y - 1 - markLength}, Point{x, y - 1}}
			first := place(page, a, Rect{0, 0, x + joinSlack, b.Size.H})
			second := place(page, a, Rect{x - b.Glue, 0, b.Size.W - x + b.Glue, b.Size.H})
			second.Clip = Rect{x + joinSlack, 0, b.Size.W - x - joinSlack, b.Size.H}
			first.Join, second.Join = &join, &join
			first.Tick, second.Tick = tick, tick
			second.Tab = []Point{{x, y}, {x - b.Glue, y + taper}, {x - b.Glue, bottom - taper}, {x, bottom}}
			return []TuckSheet{first, second}, nil
		}
	}
	return nil, fmt.Errorf("a tuck box net of %s x %s does not fit on two sheets of %s x %s paper inside a %s margin",
		FormatMM(b.Size.W), FormatMM(b.Size.H), FormatMM(portrait.W), FormatMM(portrait.H), FormatMM(margin))
}
