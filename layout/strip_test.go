package layout

import "testing"

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
