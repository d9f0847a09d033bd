package png

import (
	"image"
	"testing"
)

// TestRoundCorners: with radius 10 px on a 40 × 30 image, a pixel whose
// centre lies farther than 10 px from its corner circle's centre is
// cleared, one well inside is kept, and the edges between the corners
// are untouched.
func TestRoundCorners(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 40, 30))
	for i := range img.Pix {
		img.Pix[i] = 255
	}
	RoundCorners(img, 10)
	alpha := func(x, y int) uint8 { return img.RGBAAt(x, y).A }
	tests := []struct {
		x, y int
		want uint8
	}{
		{0, 0, 0}, {39, 0, 0}, {0, 29, 0}, {39, 29, 0}, // the corners: 13 px from the centres
		{2, 2, 0},                                              // 11.3 px from (10, 10)
		{4, 4, 255},                                            // 7.8 px
		{10, 0, 255}, {0, 10, 255}, {20, 0, 255}, {0, 15, 255}, // the straight edges
		{35, 25, 255}, {36, 26, 255}, // 6.4 and 7.8 px from (30, 20)
		{20, 15, 255},
	}
	for _, tt := range tests {
		if got := alpha(tt.x, tt.y); got != tt.want {
			t.Errorf("alpha at (%d, %d) = %d, want %d", tt.x, tt.y, got, tt.want)
		}
	}
}
