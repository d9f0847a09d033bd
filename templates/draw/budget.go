package draw

import (
	"fmt"
	"math"

	"github.com/deckpress/deckpress/layout"
)

// What one face may cost to draw. A text is laid out in time linear in
// its length, but a repeat of 10,000 items may set a 100,000-character
// text in each: the characters of all the texts of a face count (ten
// times what the smallest print on a poker card holds). Every use of an icon or an SVG picture
// copies its paths (and a PDF writes them again), so the points of each
// use count: an SVG file of the largest size (500,000 points) may be
// used four times on a face. A dashed stroke costs a back end one segment
// per dash: a 0.01 mm dash along a card's 300 mm edge makes 30,000.
const (
	MaxFacePoints = 2_000_000
	MaxFaceDashes = 1_000_000
	MaxFaceText   = 1_000_000 // bytes of text set
)

// Budget counts what drawing one face costs against [MaxFacePoints],
// [MaxFaceText] and [MaxFaceDashes], for every source alike: template
// elements, icons in text, SVG pictures. It is for one face, drawn by one
// goroutine; a nil Budget counts nothing.
type Budget struct {
	points int
	dashes float64
	text   int
	err    error // the first limit passed
}

// Points charges n path points about to be copied; false, charging
// nothing, when they would pass the limit (or one already was), and the
// copy should not be made.
func (b *Budget) Points(n int) bool {
	if b == nil {
		return true
	}
	return b.charge(&b.points, n, MaxFacePoints,
		"more than %d path points on one face (each use of an icon or SVG picture counts its points again); use fewer or simpler ones")
}

// Text charges n bytes of text about to be laid out; false, charging
// nothing, when they would pass the limit (or one already was), and the
// text should not be set.
func (b *Budget) Text(n int) bool {
	if b == nil {
		return true
	}
	return b.charge(&b.text, n, MaxFaceText,
		"more than %d bytes of text on one face (a repeat sets its text once for each item); set less")
}

// charge adds n to the count used (one of b's), unless that passes
// limit: then the budget's error is over, with the limit.
func (b *Budget) charge(used *int, n, limit int, over string) bool {
	if b.err != nil {
		return false
	}
	if *used+n > limit {
		b.err = fmt.Errorf(over, limit)
		return false
	}
	*used += n
	return true
}

// Dashes charges the dash segments of the path operations among ops;
// false when they pass the limit (or one already was), and the
// operations should not be drawn.
func (b *Budget) Dashes(ops []Op) bool {
	if b == nil {
		return true
	}
	if b.err != nil {
		return false
	}
	for _, op := range ops {
		if p, ok := op.(*PathOp); ok {
			if b.dashes += p.Dashes(); !(b.dashes <= MaxFaceDashes) {
				b.err = fmt.Errorf("strokes dashed into more than %d dashes on one face; make the dashes longer", MaxFaceDashes)
				return false
			}
		}
	}
	return true
}

// Err returns the first limit passed, or nil.
func (b *Budget) Err() error {
	if b == nil {
		return nil
	}
	return b.err
}

// Dashes returns the number of dash segments a back end makes stroking
// op: the length of its path over that of its dash pattern, times the
// dashes in the pattern; 0 for a solid or unstroked path, +Inf for a
// pattern of length zero (or one too short to add to a length).
func (op *PathOp) Dashes() float64 {
	if len(op.Dash) == 0 || !op.Stroke.Visible() || op.Width <= 0 {
		return 0
	}
	period := 0.0
	for _, d := range op.Dash {
		period += d
	}
	n := math.Ceil(PathLength(op.Path)/period) * float64(len(op.Dash))
	if math.IsNaN(n) {
		return math.Inf(1)
	}
	return n
}

// PathLength returns the length of a path, a curve counted by its control
// polygon (never shorter than the curve).
func PathLength(p layout.Path) float64 {
	total := 0.0
	var at, start layout.Point
	i := 0
	to := func(q layout.Point) {
		total += math.Hypot(q.X-at.X, q.Y-at.Y)
		at = q
	}
	for _, v := range p.Verbs {
		switch v {
		case layout.MoveTo:
			at, start = p.Points[i], p.Points[i]
			i++
		case layout.LineTo:
			to(p.Points[i])
			i++
		case layout.CubicTo:
			to(p.Points[i])
			to(p.Points[i+1])
			to(p.Points[i+2])
			i += 3
		case layout.Close:
			to(start)
		}
	}
	return total
}

// Points returns the number of path points the art's shapes hold: what
// each use of it copies.
func (a *Art) Points() int {
	n := 0
	for _, s := range a.Shapes {
		n += len(s.Op.Path.Points)
	}
	return n
}
