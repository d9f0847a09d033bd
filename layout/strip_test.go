package layout

import "testing"

// TestFreeStrip pins where a line 5 mm high goes on a 100 × 100 page: 1 mm
// from the page edge, 0.5 mm from the content (cards, marks, not the fold
// line), centred in the first band wide enough of below, above, left and
// right; a band exactly 5 mm wide is wide enough.
func TestFreeStrip(t *testing.T) {
	page := func(boxes ...Rect) Page {
		p := Page{Size: Size{100, 100}}
		for _, b := range boxes {
			p.Placements = append(p.Placements, Placement{Box: b})
		}
		return p
	}
	withMarks := page(Rect{10, 10, 80, 60})
	withMarks.Marks = []Segment{{Point{50, 75}, Point{50, 80}}, {Point{5, 30}, Point{8, 30}}}
	fold := page(Rect{10, 10, 80, 35}, Rect{10, 55, 80, 35})
	fold.FoldLine = &Segment{Point{0, 50}, Point{100, 50}}
	for _, c := range []struct {
		name   string
		p      Page
		want   Rect
		turned bool
		ok     bool
	}{
		// content bottom 70: the band below is 100 − 1 − 70.5 = 28.5
		{"below", page(Rect{10, 10, 80, 60}), Rect{10, 70.5 + 11.75, 80, 5}, false, true},
		// bottom 93.5: a band of exactly 5
		{"below, just", page(Rect{10, 10, 80, 83.5}), Rect{10, 94, 80, 5}, false, true},
		// bottom 98: 0.5 below; above 10 − 0.5 − 1 = 8.5
		{"above", page(Rect{10, 10, 80, 88}), Rect{10, 1 + 1.75, 80, 5}, false, true},
		{"above, just", page(Rect{10, 6.5, 80, 93}), Rect{10, 1, 80, 5}, false, true},
		// top 2, bottom 98: left 10 − 0.5 − 1 = 8.5, turned
		{"left", page(Rect{10, 2, 80, 96}), Rect{1 + 1.75, 2, 5, 96}, true, true},
		{"left, just", page(Rect{6.5, 2, 80, 96}), Rect{1, 2, 5, 96}, true, true},
		// right 100 − 1 − 90.5 = 8.5
		{"right", page(Rect{2, 2, 88, 96}), Rect{90.5 + 1.75, 2, 5, 96}, true, true},
		{"right, just", page(Rect{2, 2, 91.5, 96}), Rect{94, 2, 5, 96}, true, true},
		{"no room", page(Rect{2, 2, 96, 96}), Rect{}, false, false},
		// the marks reach x = 5 and y = 80: the band is below them
		{"marks", withMarks, Rect{5, 80.5 + 6.75, 85, 5}, false, true},
		// the fold line runs edge to edge; the cards span 10 to 90
		{"fold", fold, Rect{10, 90.5 + 1.75, 80, 5}, false, true},
		// nothing on the page: along the bottom edge
		{"empty", Page{Size: Size{100, 50}}, Rect{1, 44, 98, 5}, false, true},
		{"empty, too low", Page{Size: Size{100, 7}}, Rect{1, 1, 98, 5}, false, false},
		{"empty, just", Page{Size: Size{100, 7.5}}, Rect{1, 1.5, 98, 5}, false, true},
	} {
		r, turned, ok := FreeStrip(c.p, 5)
		if !nearRect(r, c.want) || turned != c.turned || ok != c.ok {
			t.Errorf("%s: %+v turned=%v ok=%v, want %+v turned=%v ok=%v", c.name, r, turned, ok, c.want, c.turned, c.ok)
		}
	}
}
