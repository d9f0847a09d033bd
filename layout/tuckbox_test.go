package layout

import (
	"math"
	"strings"
	"testing"
)

// The tuck box, as this test states it: the inside is the card plus 1.5 mm
// on the width and on the height, and the stack (count × thickness) plus
// 1 mm on the depth. The net's body runs back, side, front, side, glue
// flap; the lids are as wide as the faces and as deep as the box, with a
// tuck flap each, and the net is as tall as the body plus both lids and
// both tuck flaps.
func TestTuckBoxSizes(t *testing.T) {
	for _, card := range []string{"poker", "bridge", "tarot", "mini-euro", "square", "business"} {
		size, _ := CardSize(card)
		for _, n := range []int{1, 18, 44, 54, 110, 400} {
			for _, th := range []float64{0.05, 0.3, 0.32, 0.5, 3} {
				b, err := NewTuckBox(size, n, th)
				if err != nil {
					t.Fatalf("%s × %d at %v: %v", card, n, th, err)
				}
				w, h, d := size.W+1.5, size.H+1.5, float64(n)*th+1
				if !near(b.W, w) || !near(b.H, h) || !near(b.D, d) {
					t.Fatalf("%s × %d at %v: inside %v × %v × %v, want %v × %v × %v", card, n, th, b.W, b.H, b.D, w, h, d)
				}
				checkPanels(t, b)
				checkFlapsFit(t, b)
				checkFoldsEndOnTheCut(t, b)
			}
		}
	}
}

// checkPanels: the body panels add up to the net's width, the lids and
// flaps to its height, and no two panels overlap.
func checkPanels(t *testing.T, b TuckBox) {
	t.Helper()
	want := map[string][2]float64{"back": {b.W, b.H}, "left side": {b.D, b.H}, "front": {b.W, b.H}, "right side": {b.D, b.H}, "glue flap": {b.Glue, b.H},
		"top lid": {b.W, b.D}, "bottom lid": {b.W, b.D}, "top tuck flap": {b.W, b.Tuck}, "bottom tuck flap": {b.W, b.Tuck}}
	sum := 0.0
	for _, p := range b.Body() {
		sum += p.Rect.W
	}
	if !near(sum, b.Size.W) || !near(sum, 2*b.W+2*b.D+b.Glue) {
		t.Fatalf("body panels add up to %v; the net is %v wide", sum, b.Size.W)
	}
	if !near(b.Size.H, b.H+2*b.D+2*b.Tuck) {
		t.Fatalf("net height %v, want body %v + 2 lids %v + 2 tuck flaps %v", b.Size.H, b.H, b.D, b.Tuck)
	}
	all := append(b.Body(), b.Flaps()...)
	for i, p := range all {
		if w, ok := want[p.Name]; ok && (!near(p.Rect.W, w[0]) || !near(p.Rect.H, w[1])) {
			t.Fatalf("%s is %v × %v, want %v × %v", p.Name, p.Rect.W, p.Rect.H, w[0], w[1])
		}
		if !(Rect{0, 0, b.Size.W, b.Size.H}).Contains(p.Rect, tol) {
			t.Fatalf("%s %+v leaves the net %v", p.Name, p.Rect, b.Size)
		}
		for _, q := range all[i+1:] {
			if p.Rect.Overlaps(q.Rect, tol) {
				t.Fatalf("%s %+v overlaps %s %+v", p.Name, p.Rect, q.Name, q.Rect)
			}
		}
	}
	// the top lid sits on the back, the bottom lid on the front
	body := b.Body()
	if !near(b.Flaps()[1].Rect.Bottom(), body[0].Rect.Y) || !near(b.Flaps()[1].Rect.X, body[0].Rect.X) ||
		!near(b.Flaps()[2].Rect.Y, body[2].Rect.Bottom()) || !near(b.Flaps()[2].Rect.X, body[2].Rect.X) {
		t.Fatal("the lids do not hinge on the back (top) and the front (bottom)")
	}
}

// checkFlapsFit: folded, each flap fits where it goes. A tuck flap goes
// inside a face (no deeper than a third of the face, 15 mm at most); the
// two dust flaps of an end reach in from both sides without meeting; the
// glue flap lies on the back panel; the thumb notch stays in the front's
// upper part, narrower than the face.
func checkFlapsFit(t *testing.T, b TuckBox) {
	t.Helper()
	switch {
	case b.Tuck <= 0 || b.Tuck > b.H/3+tol || b.Tuck > 15+tol:
		t.Fatalf("tuck flap %v deep in a face %v high", b.Tuck, b.H)
	case b.Dust <= 0 || 2*b.Dust >= b.W:
		t.Fatalf("dust flaps %v each across a width of %v", b.Dust, b.W)
	case b.Dust > b.D+b.Tuck:
		t.Fatalf("dust flap %v taller than the lid and its flap %v", b.Dust, b.D+b.Tuck)
	case b.Glue <= 0 || b.Glue > b.W:
		t.Fatalf("glue flap %v on a back %v wide", b.Glue, b.W)
	case b.Notch <= 0 || 2*b.Notch >= b.W || b.Notch >= b.H-b.Tuck:
		t.Fatalf("thumb notch of radius %v in a front %v × %v", b.Notch, b.W, b.H)
	}
	ob := b.Outline().Bounds()
	if !near(ob.X, 0) || !near(ob.Y, 0) || !near(ob.W, b.Size.W) || !near(ob.H, b.Size.H) {
		t.Fatalf("the cut line's bounds %+v, want the net %v", ob, b.Size)
	}
}

// checkFoldsEndOnTheCut: every fold runs from the cut line to the cut
// line, so that each flap is cut free on its other sides.
func checkFoldsEndOnTheCut(t *testing.T, b TuckBox) {
	t.Helper()
	pts := b.Outline().Points
	on := func(q Point) bool {
		for _, p := range pts {
			if nearPoint(p, q) {
				return true
			}
		}
		return false
	}
	for _, f := range b.Folds() {
		if !on(f.A) || !on(f.B) {
			t.Fatalf("fold %v does not end on the cut line", f)
		}
	}
}

// TestTuckBoxMonotone: more cards never make a smaller box or net.
func TestTuckBoxMonotone(t *testing.T) {
	poker, _ := CardSize("poker")
	prev, _ := NewTuckBox(poker, 1, 0.32)
	for n := 2; n <= 600; n++ {
		b, err := NewTuckBox(poker, n, 0.32)
		if err != nil {
			t.Fatal(err)
		}
		if b.D <= prev.D || b.Size.W <= prev.Size.W || b.Size.H <= prev.Size.H || b.Dust < prev.Dust || b.Tuck < prev.Tuck {
			t.Fatalf("%d cards: depth %v, net %v, dust %v; %d cards: %v, %v, %v", n, b.D, b.Size, b.Dust, n-1, prev.D, prev.Size, prev.Dust)
		}
		prev = b
	}
}

// TestTuckBoxErrors: counts, thicknesses and sizes out of range are
// errors, NaN and infinities too.
func TestTuckBoxErrors(t *testing.T) {
	poker, _ := CardSize("poker")
	cases := []struct {
		card  Size
		n     int
		th    float64
		wants string
	}{
		{poker, 0, 0.3, "0 cards is out of range (1 to 100000)"},
		{poker, 100001, 0.3, "out of range"},
		{poker, 44, 0, "card thickness 0mm is out of range (0.05mm to 3mm)"},
		{poker, 44, math.NaN(), "thickness"},
		{poker, 44, math.Inf(1), "thickness"},
		{poker, 44, 3.5, "thickness"},
		{Size{0, 88}, 44, 0.3, "must be positive"},
		{Size{math.NaN(), 88}, 44, 0.3, "must be positive"},
		{Size{63, math.Inf(1)}, 44, 0.3, "must be positive"},
	}
	for _, c := range cases {
		_, err := NewTuckBox(c.card, c.n, c.th)
		if err == nil || !strings.Contains(err.Error(), c.wants) {
			t.Errorf("%v × %d at %v: error %v, want %q", c.card, c.n, c.th, err, c.wants)
		}
	}
}

// TestTuckBoxSheets: a poker box fits one A4 sheet, centred; a tarot box
// of 78 cards (inside 71.5 × 121.5 × 25.96: a net 204.92 mm wide and 203.42 mm tall) fits neither way on
// A4 inside 5 mm margins and goes onto two portrait sheets cut along the
// front's right fold: the first holds back, side and front; the second
// the right side and the glue flap after a glue tab of the glue flap's
// width. Each part lies inside its page's margin. A box that fits on no
// two sheets is an error.
func TestTuckBoxSheets(t *testing.T) {
	a4, _ := Paper("a4")
	poker, _ := CardSize("poker")
	tarot, _ := CardSize("tarot")
	b, _ := NewTuckBox(poker, 44, 0.32)
	sheets, err := b.Sheets(a4, 5, 4)
	if err != nil || len(sheets) != 1 {
		t.Fatalf("poker: %d sheets, %v", len(sheets), err)
	}
	s := sheets[0]
	if s.Page != (Size{210, 297}) || !near(s.Offset.X, (210-b.Size.W)/2) || !near(s.Offset.Y, 5+(283-b.Size.H)/2) || s.Tab != nil || s.Join != nil {
		t.Fatalf("poker: %+v", s)
	}

	b, _ = NewTuckBox(tarot, 78, 0.32)
	if !near(b.Size.W, 204.92) || !near(b.Size.H, 203.42) {
		t.Fatalf("tarot net %v", b.Size)
	}
	sheets, err = b.Sheets(a4, 5, 4)
	if err != nil || len(sheets) != 2 {
		t.Fatalf("tarot: %d sheets, %v", len(sheets), err)
	}
	x := 2*b.W + b.D
	first, second := sheets[0], sheets[1]
	if first.Page != (Size{210, 297}) || second.Page != first.Page || first.Join == nil || first.Join.A.X != x || first.Tab != nil || len(second.Tab) != 4 {
		t.Fatalf("tarot: %+v / %+v", first, second)
	}
	if !near(first.Clip.Right(), x+joinSlack) || !near(second.Clip.X, x+joinSlack) || !near(second.Clip.Right(), b.Size.W) {
		t.Fatalf("tarot parts: %+v, %+v", first.Clip, second.Clip)
	}
	for i, s := range sheets {
		lo := Point{s.Clip.X, 0}
		if s.Tab != nil {
			lo.X = s.Tab[1].X
		}
		l, r := lo.X+s.Offset.X, s.Clip.Right()+s.Offset.X
		if l < 5-tol || r > s.Page.W-5+tol || s.Offset.Y < 5-tol || s.Offset.Y+b.Size.H > s.Page.H-9+tol {
			t.Fatalf("sheet %d: the part spans %v to %v across, %v to %v down, on %v", i+1, l, r, s.Offset.Y, s.Offset.Y+b.Size.H, s.Page)
		}
	}
	if !near(second.Tab[0].X-second.Tab[1].X, b.Glue) {
		t.Fatalf("tab %v", second.Tab)
	}

	index, _ := CardSize("index-card")
	b, _ = NewTuckBox(index, 3000, 0.3)
	if _, err := b.Sheets(a4, 5, 4); err == nil || !strings.Contains(err.Error(), "does not fit on two sheets") {
		t.Fatalf("a huge box: %v", err)
	}
}
