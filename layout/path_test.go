package layout

import (
	"math"
	"slices"
	"testing"
)

// samePath compares a path with verbs and points written out.
func samePath(t *testing.T, name string, got Path, verbs []PathVerb, pts []Point) {
	t.Helper()
	if !slices.Equal(got.Verbs, verbs) || len(got.Points) != len(pts) {
		t.Fatalf("%s: verbs %v with %d points, want %v with %d", name, got.Verbs, len(got.Points), verbs, len(pts))
	}
	for i := range pts {
		if !nearPoint(got.Points[i], pts[i]) {
			t.Fatalf("%s: point %d at %v, want %v", name, i, got.Points[i], pts[i])
		}
	}
}

// cubicMid is the point halfway along a cubic Bézier curve:
// (p0 + 3·p1 + 3·p2 + p3) / 8.
func cubicMid(p0, p1, p2, p3 Point) Point {
	return Point{(p0.X + 3*p1.X + 3*p2.X + p3.X) / 8, (p0.Y + 3*p1.Y + 3*p2.Y + p3.Y) / 8}
}

func TestPathBuilding(t *testing.T) {
	var p Path
	p.MoveTo(1, 2)
	p.LineTo(3, 4)
	p.CubicTo(5, 6, 7, 8, 9, 10)
	p.Close()
	samePath(t, "built", p, []PathVerb{MoveTo, LineTo, CubicTo, Close}, []Point{{1, 2}, {3, 4}, {5, 6}, {7, 8}, {9, 10}})
	if got := p.Bounds(); got != (Rect{1, 2, 8, 8}) {
		t.Errorf("bounds %+v", got)
	}
	q := LinePath(Segment{Point{-1, 0}, Point{0, 20}})
	samePath(t, "line", q, []PathVerb{MoveTo, LineTo}, []Point{{-1, 0}, {0, 20}})
	p.Append(q)
	samePath(t, "appended", p, []PathVerb{MoveTo, LineTo, CubicTo, Close, MoveTo, LineTo},
		[]Point{{1, 2}, {3, 4}, {5, 6}, {7, 8}, {9, 10}, {-1, 0}, {0, 20}})
	moved := q.Transform(Translate(10, 1))
	samePath(t, "moved", moved, []PathVerb{MoveTo, LineTo}, []Point{{9, 1}, {10, 21}})
	samePath(t, "original after the move", q, []PathVerb{MoveTo, LineTo}, []Point{{-1, 0}, {0, 20}})
}

func TestRectPaths(t *testing.T) {
	r := Rect{1, 2, 3, 4}
	rect := []PathVerb{MoveTo, LineTo, LineTo, LineTo, Close}
	corners := []Point{{1, 2}, {4, 2}, {4, 6}, {1, 6}}
	samePath(t, "rect", RectPath(r), rect, corners)
	samePath(t, "no radius", RoundedRectPath(r, 0), rect, corners)
	samePath(t, "negative radius", RoundedRectPath(r, -1), rect, corners)

	// radius 2 on 20 × 10: straight edges between the corner arcs, each arc
	// a quarter circle about a centre 2 mm in from both edges
	k := 2 * kappa
	rounded := []PathVerb{MoveTo, LineTo, CubicTo, LineTo, CubicTo, LineTo, CubicTo, LineTo, CubicTo, Close}
	samePath(t, "rounded", RoundedRectPath(Rect{0, 0, 20, 10}, 2), rounded, []Point{
		{2, 0}, {18, 0},
		{18 + k, 0}, {20, 2 - k}, {20, 2}, {20, 8},
		{20, 8 + k}, {18 + k, 10}, {18, 10}, {2, 10},
		{2 - k, 10}, {0, 8 + k}, {0, 8}, {0, 2},
		{0, 2 - k}, {2 - k, 0}, {2, 0},
	})
	checkArcs(t, RoundedRectPath(Rect{0, 0, 20, 10}, 2), func(p Point) float64 {
		c := Point{math.Min(math.Max(p.X, 2), 18), math.Min(math.Max(p.Y, 2), 8)}
		return math.Hypot(p.X-c.X, p.Y-c.Y) / 2
	})
	// a radius larger than half the shorter side is clamped to it: the
	// short edges are half circles
	samePath(t, "clamped", RoundedRectPath(Rect{0, 0, 20, 10}, 8), rounded, []Point{
		{5, 0}, {15, 0},
		{15 + 5*kappa, 0}, {20, 5 - 5*kappa}, {20, 5}, {20, 5},
		{20, 5 + 5*kappa}, {15 + 5*kappa, 10}, {15, 10}, {5, 10},
		{5 - 5*kappa, 10}, {0, 5 + 5*kappa}, {0, 5}, {0, 5},
		{0, 5 - 5*kappa}, {5 - 5*kappa, 0}, {5, 0},
	})
}

// checkArcs checks that the middle of every curve of p lies on the curve
// that unit says is 1 there.
func checkArcs(t *testing.T, p Path, unit func(Point) float64) {
	t.Helper()
	i := 0
	for _, v := range p.Verbs {
		switch v {
		case MoveTo, LineTo:
			i++
		case CubicTo:
			mid := cubicMid(p.Points[i-1], p.Points[i], p.Points[i+1], p.Points[i+2])
			if u := unit(mid); math.Abs(u-1) > 3e-4 {
				t.Errorf("curve ending at %v: midpoint %v off the arc (%v)", p.Points[i+2], mid, u)
			}
			i += 3
		}
	}
}

func TestEllipsePath(t *testing.T) {
	kx, ky := 10*kappa, 5*kappa
	p := EllipsePath(Rect{0, 0, 20, 10})
	samePath(t, "ellipse", p, []PathVerb{MoveTo, CubicTo, CubicTo, CubicTo, CubicTo, Close}, []Point{
		{20, 5},
		{20, 5 + ky}, {10 + kx, 10}, {10, 10},
		{10 - kx, 10}, {0, 5 + ky}, {0, 5},
		{0, 5 - ky}, {10 - kx, 0}, {10, 0},
		{10 + kx, 0}, {20, 5 - ky}, {20, 5},
	})
	checkArcs(t, p, func(q Point) float64 { return math.Hypot((q.X-10)/10, (q.Y-5)/5) })
}

func TestPolygonPath(t *testing.T) {
	samePath(t, "empty", PolygonPath(nil), nil, nil)
	samePath(t, "triangle", PolygonPath([]Point{{0, 0}, {4, 0}, {2, 3}}),
		[]PathVerb{MoveTo, LineTo, LineTo, Close}, []Point{{0, 0}, {4, 0}, {2, 3}})
}

// The shapes whose size is known are made in one allocation of verbs and
// one of points.
func TestShapesAllocateOnce(t *testing.T) {
	r := Rect{X: 1, Y: 2, W: 30, H: 40}
	for name, shape := range map[string]func() Path{
		"rectangle":         func() Path { return RectPath(r) },
		"rounded rectangle": func() Path { return RoundedRectPath(r, 3) },
		"line":              func() Path { return LinePath(Segment{A: Point{1, 2}, B: Point{3, 4}}) },
	} {
		if got := testing.AllocsPerRun(100, func() { _ = shape() }); got != 2 {
			t.Errorf("%s: %v allocations, want 2", name, got)
		}
		if p := shape(); len(p.Verbs) != cap(p.Verbs) || len(p.Points) != cap(p.Points) {
			t.Errorf("%s: room for %d verbs and %d points, %d and %d used", name, cap(p.Verbs), cap(p.Points), len(p.Verbs), len(p.Points))
		}
	}
}
