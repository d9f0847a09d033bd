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
			face := &draw.Face{Ops: []draw.Op{&draw.ImageOp{Image: testPicture(t), Box: tt.box}}}
			page := draw.Page{Size: layout.Size{W: 100, H: pageH}, Layers: []draw.Layer{{Transform: layout.Identity, Face: face}}}
			out, err := renderBytes(&draw.Document{Title: "test", Pages: []draw.Page{page}})
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

// TestStrokeCapsAndJoins: a stroke's cap and join become the PDF's J and
// j operators (0 butt/miter, 1 round, 2 square/bevel) around that stroke
// alone; the defaults write nothing.
func TestStrokeCapsAndJoins(t *testing.T) {
	line := layout.LinePath(layout.Segment{A: layout.Point{X: 1, Y: 1}, B: layout.Point{X: 5, Y: 5}})
	tests := []struct {
		name string
		cap  draw.LineCap
		join draw.LineJoin
		want string // the operators before the path, "" for none
	}{
		{"defaults", draw.CapButt, draw.JoinMiter, ""},
		{"round cap, bevel join", draw.CapRound, draw.JoinBevel, "1 J 2 j"},
		{"square cap, round join", draw.CapSquare, draw.JoinRound, "2 J 1 j"},
	}
	for _, tt := range tests {
		face := &draw.Face{Ops: []draw.Op{&draw.PathOp{Path: line, Stroke: draw.Black, Width: 1, Cap: tt.cap, Join: tt.join}}}
		out, err := renderBytes(&draw.Document{Title: "test", Pages: []draw.Page{{Size: layout.Size{W: 10, H: 10}, Layers: []draw.Layer{{Transform: layout.Identity, Face: face}}}}})
		if err != nil {
			t.Fatal(err)
		}
		var content []byte
		for _, m := range regexp.MustCompile(`(?s)stream\r?\n(.*?)endstream`).FindAllSubmatch(out, -1) {
			if r, err := zlib.NewReader(bytes.NewReader(m[1])); err == nil {
				b, _ := io.ReadAll(r)
				content = append(content, b...)
			}
		}
		// fpdf starts each page with its own "0 J 0 j": look from the stroke colour on
		_, content, _ = bytes.Cut(content, []byte(" RG\n"))
		has := bytes.Contains(content, []byte(" J ")) || bytes.Contains(content, []byte(" j\n"))
		switch {
		case tt.want == "" && has:
			t.Errorf("%s: cap or join written:\n%s", tt.name, content)
		case tt.want != "" && !regexp.MustCompile(regexp.QuoteMeta(tt.want)+`\n(?s:.*)S\n0 J 0 j\n`).Match(content):
			t.Errorf("%s: want %q before the stroke and a reset after it:\n%s", tt.name, tt.want, content)
		}
	}
}
