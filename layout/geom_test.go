package layout

import (
	"math"
	"math/rand/v2"
	"testing"
)

func TestSizeAndRect(t *testing.T) {
	if got := (Size{1, 2}).Rotated(); got != (Size{2, 1}) {
		t.Errorf("rotated %v", got)
	}
	for _, c := range []struct {
		s    Size
		land bool
	}{{Size{10, 5}, true}, {Size{5, 10}, false}, {Size{5, 5}, false}} {
		if c.s.Landscape() != c.land {
			t.Errorf("%v landscape = %v", c.s, !c.land)
		}
	}
	r := Rect{1, 2, 10, 20}
	if r.Right() != 11 || r.Bottom() != 22 {
		t.Errorf("right %v bottom %v", r.Right(), r.Bottom())
	}
	if got := r.Inset(2); got != (Rect{3, 4, 6, 16}) {
		t.Errorf("inset 2: %+v", got)
	}
	if got := r.Inset(-1); got != (Rect{0, 1, 12, 22}) {
		t.Errorf("inset -1: %+v", got)
	}
}

// TestContains: s lies within r when no edge of s is more than eps
// outside r's; exactly eps outside still counts.
func TestContains(t *testing.T) {
	r := Rect{0, 0, 10, 10}
	for _, c := range []struct {
		s    Rect
		want bool
	}{
		{Rect{0, 0, 10, 10}, true},
		{Rect{2, 2, 3, 3}, true},
		{Rect{-0.5, 0, 10, 10}, true},
		{Rect{-0.75, 0, 10, 10}, false},
		{Rect{0, -0.5, 10, 10}, true},
		{Rect{0, -0.75, 10, 10}, false},
		{Rect{0.5, 0, 10, 10}, true},
		{Rect{0.75, 0, 10, 10}, false},
		{Rect{0, 0.5, 10, 10}, true},
		{Rect{0, 0.75, 10, 10}, false},
		{Rect{20, 20, 1, 1}, false},
	} {
		if got := r.Contains(c.s, 0.5); got != c.want {
			t.Errorf("%+v contains %+v = %v, want %v", r, c.s, got, c.want)
		}
	}
}

// TestOverlaps: r and s overlap when they share a band more than eps deep
// across both axes; exactly eps deep does not count, nor does touching.
func TestOverlaps(t *testing.T) {
	r := Rect{0, 0, 10, 10}
	for _, c := range []struct {
		s    Rect
		want bool
	}{
		{Rect{2, 2, 3, 3}, true},
		{Rect{10, 0, 10, 10}, false},
		{Rect{9.5, 0, 10, 10}, false},
		{Rect{9, 0, 10, 10}, true},
		{Rect{-9.5, 0, 10, 10}, false},
		{Rect{-9, 0, 10, 10}, true},
		{Rect{0, 9.5, 10, 10}, false},
		{Rect{0, 9, 10, 10}, true},
		{Rect{0, -9.5, 10, 10}, false},
		{Rect{0, -9, 10, 10}, true},
		{Rect{9, 9.5, 10, 10}, false},
	} {
		if got := r.Overlaps(c.s, 0.5); got != c.want {
			t.Errorf("%+v overlaps %+v = %v, want %v", r, c.s, got, c.want)
		}
		if got := c.s.Overlaps(r, 0.5); got != c.want {
			t.Errorf("%+v overlaps %+v = %v, want %v", c.s, r, got, c.want)
		}
	}
}

// TestTransforms pins the elementary transforms on points: rotations are
// clockwise on the page (y down), exact at multiples of 90°.
func TestTransforms(t *testing.T) {
	s, c := 0.5, math.Sqrt(3)/2
	for _, k := range []struct {
		name string
		m    Affine
		in   Point
		want Point
	}{
		{"identity", Identity, Point{3, 4}, Point{3, 4}},
		{"translate", Translate(2, -1), Point{3, 4}, Point{5, 3}},
		{"scale", Scale(2, 3), Point{3, 4}, Point{6, 12}},
		{"rotate 0", Rotate(0), Point{3, 4}, Point{3, 4}},
		{"rotate 90", Rotate(90), Point{1, 0}, Point{0, 1}},
		{"rotate 90", Rotate(90), Point{0, 1}, Point{-1, 0}},
		{"rotate 180", Rotate(180), Point{3, 4}, Point{-3, -4}},
		{"rotate 270", Rotate(270), Point{1, 0}, Point{0, -1}},
		{"rotate -90", Rotate(-90), Point{1, 0}, Point{0, -1}},
		{"rotate 450", Rotate(450), Point{1, 0}, Point{0, 1}},
		{"rotate -450", Rotate(-450), Point{1, 0}, Point{0, -1}},
		{"rotate 360", Rotate(360), Point{3, 4}, Point{3, 4}},
		{"rotate 30", Rotate(30), Point{1, 0}, Point{c, s}},
		{"rotate 30", Rotate(30), Point{0, 1}, Point{-s, c}},
		{"rotate -30", Rotate(-30), Point{1, 0}, Point{c, -s}},
		{"mirror x", MirrorX(10), Point{3, 4}, Point{7, 4}},
		{"mirror y", MirrorY(10), Point{3, 4}, Point{3, 6}},
	} {
		if got := k.m.Apply(k.in); !nearPoint(got, k.want) {
			t.Errorf("%s: %v → %v, want %v", k.name, k.in, got, k.want)
		}
	}
	// exact, not nearly: no rounding noise at quarter turns
	for _, deg := range []float64{0, 90, 180, 270, -90, 630} {
		m := Rotate(deg)
		for _, v := range []float64{m.A, m.B, m.C, m.D} {
			if v != 0 && v != 1 && v != -1 {
				t.Errorf("rotate %v: %+v is not exact", deg, m)
			}
		}
	}
}

// TestThen: m.Then(n) applies m, then n, for any transforms.
func TestThen(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	f := func() float64 { return r.Float64()*10 - 5 }
	for i := 0; i < 200; i++ {
		m, n := Affine{f(), f(), f(), f(), f(), f()}, Affine{f(), f(), f(), f(), f(), f()}
		p := Point{f(), f()}
		want := n.Apply(m.Apply(p))
		if got := m.Then(n).Apply(p); math.Abs(got.X-want.X) > 1e-9 || math.Abs(got.Y-want.Y) > 1e-9 {
			t.Fatalf("%+v then %+v at %v: %v, want %v", m, n, p, got, want)
		}
	}
	// order matters: rotate then move, and move then rotate
	if got := Rotate(90).Then(Translate(5, 0)).Apply(Point{1, 0}); !nearPoint(got, Point{5, 1}) {
		t.Errorf("rotate then translate: %v", got)
	}
	if got := Translate(5, 0).Then(Rotate(90)).Apply(Point{1, 0}); !nearPoint(got, Point{0, 6}) {
		t.Errorf("translate then rotate: %v", got)
	}
}

func TestAngleAndDet(t *testing.T) {
	for _, c := range []struct {
		m    Affine
		want float64
	}{
		{Identity, 0}, {Rotate(90), 90}, {Rotate(180), 180}, {Rotate(270), 270},
		{Rotate(-90), 270}, {Rotate(30), 30}, {Rotate(-30), 330}, {Rotate(200), 200},
		{Rotate(90).Then(Translate(7, 8)), 90}, {Translate(-3, 4), 0},
	} {
		if got := c.m.Angle(); got != c.want {
			t.Errorf("angle of %+v = %v, want %v", c.m, got, c.want)
		}
	}
	for _, c := range []struct {
		m    Affine
		want float64
	}{
		{Affine{2, 3, 5, 7, 11, 13}, -1}, {Affine{3, 1, 2, 4, 0, 0}, 10},
		{Rotate(90), 1}, {MirrorX(4), -1}, {MirrorY(4), -1}, {Scale(2, 3), 6},
	} {
		if got := c.m.Det(); !near(got, c.want) {
			t.Errorf("det of %+v = %v, want %v", c.m, got, c.want)
		}
	}
}

func TestBounds(t *testing.T) {
	for _, c := range []struct {
		m    Affine
		r    Rect
		want Rect
	}{
		{Identity, Rect{1, 2, 3, 4}, Rect{1, 2, 3, 4}},
		{Translate(1, -1), Rect{1, 2, 3, 4}, Rect{2, 1, 3, 4}},
		{Rotate(90), Rect{0, 0, 2, 3}, Rect{-3, 0, 3, 2}},
		{Rotate(180), Rect{1, 1, 2, 3}, Rect{-3, -4, 2, 3}},
		{Rotate(270).Then(Translate(10, 10)), Rect{0, 0, 2, 3}, Rect{10, 8, 3, 2}},
		{MirrorX(10), Rect{1, 2, 3, 4}, Rect{6, 2, 3, 4}},
		{Rotate(45), Rect{0, 0, 1, 1}, Rect{-math.Sqrt2 / 2, 0, math.Sqrt2, math.Sqrt2}},
	} {
		if got := c.m.Bounds(c.r); !nearRect(got, c.want) {
			t.Errorf("%+v bounds of %+v = %+v, want %+v", c.m, c.r, got, c.want)
		}
	}
	if got := boundsOf(nil); got != (Rect{}) {
		t.Errorf("bounds of nothing: %+v", got)
	}
	if got := boundsOf([]Point{{3, 1}, {-1, 5}, {2, -2}, {0, 0}}); got != (Rect{-1, -2, 4, 7}) {
		t.Errorf("bounds of points: %+v", got)
	}
}

// TestIntersect: the common part of two rectangles, the same either way
// round; none (no area) when they are apart or only touch.
func TestIntersect(t *testing.T) {
	r := Rect{X: 10, Y: 20, W: 30, H: 40} // x 10–40, y 20–60
	for _, c := range []struct {
		s    Rect
		want Rect
	}{
		{Rect{0, 0, 100, 100}, r},
		{Rect{20, 30, 5, 5}, Rect{20, 30, 5, 5}},
		{Rect{30, 50, 20, 20}, Rect{30, 50, 10, 10}},
		{Rect{0, 0, 15, 25}, Rect{10, 20, 5, 5}},
		{Rect{40, 20, 10, 10}, Rect{40, 20, 0, 10}}, // touching edge
		{Rect{50, 70, 5, 5}, Rect{50, 70, 0, 0}},    // apart
	} {
		for _, got := range []Rect{r.Intersect(c.s), c.s.Intersect(r)} {
			if got != c.want {
				t.Errorf("%v ∩ %v = %v, want %v", r, c.s, got, c.want)
			}
		}
	}
}
