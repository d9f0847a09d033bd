package output

import (
	"math"
	"slices"
	"testing"

	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/templates/draw"
)

const cornersDeck = `deck: C
size: 60x80mm
templates: {f: {background: "#ff0000"}}
front: f
back: f
cards: [{count: 3}]
`

// guides returns the cut guides' path of the first page.
func guides(t *testing.T, job *DeckJob) layout.Path {
	t.Helper()
	for _, l := range job.Document().All()[0].Layers {
		if l.Clip == nil && l.Transform == layout.Identity && len(l.Face.Ops) > 0 {
			if op, ok := l.Face.Ops[0].(*draw.PathOp); ok {
				return op.Path
			}
		}
	}
	t.Fatal("no guides on the first page")
	return layout.Path{}
}

// TestRoundedCutLines: with corner-radius 4mm and cut lines, each card's
// cut line is its trim outline with 4 mm corners: one closed outline per
// card, as wide and tall as the trim, passing 4 mm from each corner along
// the edges and missing the corner itself; crop marks are the same with
// and without a radius (they mark the straight trim edges).
func TestRoundedCutLines(t *testing.T) {
	with := func(marks string, r float64) *DeckJob {
		m, _ := layout.ParseMarks(marks)
		return mustPrepare(t, cornersDeck, nil, DeckOptions{Print: PrintOptions{Marks: &m, CornerRadius: &r, Bleed: ptr(2.0), Gutter: ptr(3.0)}})
	}
	job := with("lines", 4)
	path := guides(t, job)
	// split into closed outlines
	var outlines []layout.Rect
	var corners []layout.Point
	k := 0
	var pts []layout.Point
	for _, v := range path.Verbs {
		switch v {
		case layout.MoveTo, layout.LineTo:
			pts = append(pts, path.Points[k])
			k++
		case layout.CubicTo:
			pts = append(pts, path.Points[k:k+3]...)
			k += 3
		case layout.Close:
			b := layout.Path{Points: pts}.Bounds()
			outlines = append(outlines, b)
			corners = append(corners, pts...)
			pts = nil
		}
	}
	if len(outlines) != 3 {
		t.Fatalf("%d outlines, want one per card (3)", len(outlines))
	}
	on := func(p layout.Point) bool {
		return slices.ContainsFunc(corners, func(q layout.Point) bool { return math.Hypot(p.X-q.X, p.Y-q.Y) < 1e-6 })
	}
	for i, o := range outlines {
		slot := job.Document().All()[0].Layers[i]
		trim := slot.Transform.Bounds(layout.Rect{W: 60, H: 80})
		if math.Abs(o.X-trim.X) > 1e-6 || math.Abs(o.Y-trim.Y) > 1e-6 || math.Abs(o.W-60) > 1e-6 || math.Abs(o.H-80) > 1e-6 {
			t.Errorf("outline %d: %+v, want the trim %+v", i, o, trim)
		}
		if !on(layout.Point{X: trim.X + 4, Y: trim.Y}) || !on(layout.Point{X: trim.X, Y: trim.Y + 4}) || on(layout.Point{X: trim.X, Y: trim.Y}) {
			t.Errorf("outline %d does not round its top-left corner by 4 mm", i)
		}
	}
	if !slices.Contains(path.Verbs, layout.CubicTo) {
		t.Error("no curves in the cut lines")
	}
	if a, b := guides(t, with("crop", 4)), guides(t, with("crop", 0)); !slices.Equal(a.Points, b.Points) {
		t.Error("a corner radius moves the crop marks")
	}
}
