package layout

import "testing"

// TestFreeStrip pins where a line 5 mm high goes on a 100 × 100 page: 1 mm
// from the page edge, 0.5 mm from the content (cards, marks, not the fold
// line), centred in the first band wide enough of below, above, left and
// right; a band exactly 5 mm wide is wide enough. Below the content the
// strip is not centred but lifted from its lowest place (top at
// 100 − 1 − 5 = 94) by half the spare room, at most 3 mm: top at
// 94 − min((below − 5)/2, 3).
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
		// content bottom 70: the band below is 100 − 1 − 70.5 = 28.5, the
		// spare (28.5 − 5)/2 = 11.75 is more than 3: top at 94 − 3
		{"below", page(Rect{10, 10, 80, 60}), Rect{10, 91, 80, 5}, false, true},
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
		// the marks reach x = 5 and y = 80: the band below them is 18.5,
		// the spare (18.5 − 5)/2 = 6.75 more than 3: top at 94 − 3
		{"marks", withMarks, Rect{5, 91, 85, 5}, false, true},
		// the fold line runs edge to edge; the cards span 10 to 90: the
		// band below is 8.5, the spare 1.75 under 3: top at 94 − 1.75
		{"fold", fold, Rect{10, 94 - 1.75, 80, 5}, false, true},
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

// TestFreeStripFoot checks that the strip below the cards stays at the
// foot of the page: within 1 mm + 3 mm + its height of the bottom edge
// whatever the number of rows, and centred in a margin narrower than that.
func TestFreeStripFoot(t *testing.T) {
	const h = 2.5
	page := Size{W: 210, H: 297}
	tests := []struct {
		name       string
		cardBottom float64 // bottom of the lowest card
		wantY      float64 // top of the strip
	}{
		{"full sheet, narrow margin", 290, 290 + 0.5 + (297-1-290.5-h)/2},
		{"one row of three", 98, 297 - 1 - h - 3},
		{"two rows of three", 186, 297 - 1 - h - 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := Page{Size: page, Placements: []Placement{{Box: Rect{X: 10, Y: 10, W: 63, H: tt.cardBottom - 10}}}}
			r, turned, ok := FreeStrip(p, h)
			if !ok || turned {
				t.Fatalf("ok %v, turned %v", ok, turned)
			}
			if d := r.Y - tt.wantY; d > 1e-9 || d < -1e-9 {
				t.Errorf("strip at y %.3f, want %.3f", r.Y, tt.wantY)
			}
			if r.Bottom() > page.H-1 {
				t.Errorf("strip ends at %.3f, past the 1 mm edge", r.Bottom())
			}
		})
	}
}
