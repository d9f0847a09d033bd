package draw_test

import (
	"strings"
	"testing"

	_ "github.com/deckpress/deckpress/internal/golden" // defines -update, for go test ./... -update
	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/templates/draw"
	"github.com/deckpress/deckpress/templates/typeset"
)

// TestDraw: a document replays page by page; each layer inside its own
// saved state, transformed unless the transform is the identity, clipped
// when it has a clip; a face's clips are balanced, an unmatched end of
// clip ignored and clips left open closed at the end of the face.
func TestDraw(t *testing.T) {
	sq := layout.RectPath(layout.Rect{W: 1, H: 1})
	font := typeset.NewFontSet().Fallback.Faces[0]
	img := &draw.Image{ID: "im1", W: 4, H: 2}
	face := &draw.Face{Ops: []draw.Op{
		&draw.EndClipOp{}, // unmatched: nothing
		&draw.ClipOp{Path: sq},
		&draw.PathOp{Path: sq, Fill: draw.Colour{R: 255, A: 255}},
		&draw.ClipOp{Path: sq},
		&draw.TextOp{Font: font, Size: 7.25, Colour: draw.Colour{A: 255}, X: 1.23456, Y: -0.0001, Text: `say "hi"`},
		&draw.EndClipOp{},
		&draw.ImageOp{Image: img, Box: layout.Rect{X: 1, Y: 2, W: 3, H: 4.5}},
		// left open: closed at the end
	}}
	trim := layout.Rect{X: 3, Y: 3, W: 63.5, H: 88.9}
	doc := &draw.Document{Pages: []draw.Page{
		{Size: layout.Size{W: 210, H: 297}, Layers: []draw.Layer{
			{Transform: layout.Identity, Face: face},
			{Transform: layout.Translate(10, -5.5), Clip: &layout.Rect{X: -3, Y: -3, W: 69.5, H: 94.9}, Face: &draw.Face{}},
		}},
		{Size: layout.Size{W: 69.5, H: 94.9}, Trim: &trim},
	}}
	want := `page 210x297
save
save
clip M0,0 L1,0 L1,1 L0,1 Z
path fill=#ff0000 stroke=none M0,0 L1,0 L1,1 L0,1 Z
save
clip M0,0 L1,0 L1,1 L0,1 Z
text go-regular 7.25pt #000000 at 1.235,0 "say \"hi\""
restore
image im1 4x2px at 1,2 size 3x4.5
restore
restore
save
transform 1 0 0 1 10 -5.5
clip M-3,-3 L66.5,-3 L66.5,91.9 L-3,91.9 Z
restore
page 69.5x94.9 trim=3,3,63.5,88.9
`
	var c balanced
	draw.Draw(&c, doc)
	if got := c.String(); got != want {
		t.Errorf("recorded\n%s\nwant\n%s", got, want)
	}
	if c.level != 0 {
		t.Errorf("%d states left saved", c.level)
	}
}

// balanced is a draw.Recorder that refuses to restore a state never saved.
type balanced struct {
	draw.Recorder
	level int
}

func (c *balanced) Save() { c.level++; c.Recorder.Save() }

func (c *balanced) Restore() {
	if c.level--; c.level < 0 {
		panic("restore without save")
	}
	c.Recorder.Restore()
}

// TestRecorderPaths: strokes carry their width, dashes and the even-odd
// rule; curves are written with their three points.
func TestRecorderPaths(t *testing.T) {
	var p layout.Path
	p.MoveTo(0, 0)
	p.CubicTo(1, 2, 3, 4, 5, 6)
	p.Close()
	var r draw.Recorder
	r.Path(&draw.PathOp{Path: p, Stroke: draw.Colour{G: 255, A: 255}, Width: 0.3, Dash: []float64{1, 0.5}, EvenOdd: true})
	r.Path(&draw.PathOp{Path: p, Fill: draw.Colour{B: 255, A: 128}, Width: 0.3})
	r.Transform(layout.Affine{A: 1.0006, B: -0.0004, C: 2, D: 3, E: 4, F: 5})
	want := "path fill=none stroke=#00ff00 width=0.3 dash=[1 0.5] evenodd M0,0 C1,2 3,4 5,6 Z\n" +
		"path fill=#0000ff80 stroke=none M0,0 C1,2 3,4 5,6 Z\n" +
		"transform 1.001 0 2 3 4 5\n"
	if r.String() != want {
		t.Errorf("recorded\n%s\nwant\n%s", r.String(), want)
	}
}

// TestNum: at most three decimals, no trailing zeros, no negative zero.
func TestNum(t *testing.T) {
	for v, want := range map[float64]string{0: "0", -0.0001: "0", 1.5: "1.5", -2.25: "-2.25", 3.14159: "3.142", 100: "100", 0.0005: "0.001", -0.0006: "-0.001"} {
		if got := draw.Num(v); got != want {
			t.Errorf("draw.Num(%v) = %q, want %q", v, got, want)
		}
		// appended after text that ends in zeros, which stay
		if got := string(draw.AppendNum([]byte("10 0"), v)); got != "10 0"+want {
			t.Errorf("draw.AppendNum(\"10 0\", %v) = %q, want %q", v, got, "10 0"+want)
		}
	}
	if got := strings.TrimSpace(draw.PathString(layout.Path{})); got != "" {
		t.Errorf("empty path %q", got)
	}
}
