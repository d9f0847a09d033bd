package pdf

import (
	"bytes"
	"compress/zlib"
	"image"
	"image/png"
	"io"
	"math"
	"regexp"
	"strconv"
	"testing"

	"github.com/deckpress/deckpress/layout"

	"github.com/deckpress/deckpress/templates/draw"
)

// imageDo matches a picture's placement: the matrix that maps the unit
// square onto its box, in points, y up, then the XObject.
var imageDo = regexp.MustCompile(`q (\S+) 0 0 (\S+) (\S+) (\S+) cm /I\S+ Do Q`)

// TestImageAnywhere: a picture is drawn on exactly its box wherever the
// box is, negative positions included (a picture in the bleed starts at a
// negative x in card coordinates), and an empty box draws nothing.
func TestImageAnywhere(t *testing.T) {
	const pageH = 100.0
	const pt = 72 / 25.4
	tests := []struct {
		name string
		box  layout.Rect
		want []float64 // w, h, x, y of the placement, points; nil: nothing drawn
	}{
		{"inside", layout.Rect{X: 10, Y: 20, W: 30, H: 40}, []float64{30 * pt, 40 * pt, 10 * pt, (pageH - 60) * pt}},
		{"negative x", layout.Rect{X: -3, Y: 20, W: 30, H: 40}, []float64{30 * pt, 40 * pt, -3 * pt, (pageH - 60) * pt}},
		{"negative y", layout.Rect{X: 10, Y: -3, W: 30, H: 40}, []float64{30 * pt, 40 * pt, 10 * pt, (pageH - 37) * pt}},
		{"negative both", layout.Rect{X: -3, Y: -3, W: 69.5, H: 94.9}, []float64{69.5 * pt, 94.9 * pt, -3 * pt, (pageH - 91.9) * pt}},
		{"zero width", layout.Rect{X: 10, Y: 20, W: 0, H: 40}, nil},
		{"zero height", layout.Rect{X: 10, Y: 20, W: 30, H: 0}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := New("test", draw.OneSided)
			w.BeginPage(layout.Size{W: 100, H: pageH}, nil)
			w.Image(&draw.ImageOp{Image: testPicture(t), Box: tt.box})
			out, err := w.Bytes()
			if err != nil {
				t.Fatal(err)
			}
			got := placements(t, out)
			if tt.want == nil {
				if len(got) != 0 {
					t.Errorf("drew %v, want nothing", got)
				}
				return
			}
			if len(got) != 1 {
				t.Fatalf("got %d placements %v, want 1", len(got), got)
			}
			for i, v := range tt.want {
				if math.Abs(got[0][i]-v) > 1e-3 {
					t.Errorf("placement %v, want %v", got[0], tt.want)
					break
				}
			}
		})
	}
}

func testPicture(t *testing.T) *draw.Image {
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewRGBA(image.Rect(0, 0, 2, 2))); err != nil {
		t.Fatal(err)
	}
	return &draw.Image{ID: "test", PNG: buf.Bytes(), W: 2, H: 2}
}

// placements returns w, h, x, y of every picture placed in the file's
// (compressed) content streams.
func placements(t *testing.T, file []byte) [][]float64 {
	t.Helper()
	var out [][]float64
	for _, m := range regexp.MustCompile(`(?s)stream\r?\n(.*?)endstream`).FindAllSubmatch(file, -1) {
		r, err := zlib.NewReader(bytes.NewReader(m[1]))
		if err != nil {
			continue // not a compressed stream
		}
		content, _ := io.ReadAll(r)
		for _, d := range imageDo.FindAllSubmatch(content, -1) {
			var p []float64
			for _, s := range d[1:] {
				v, err := strconv.ParseFloat(string(s), 64)
				if err != nil {
					t.Fatalf("%q: %v", d[0], err)
				}
				p = append(p, v)
			}
			out = append(out, p)
		}
	}
	return out
}
