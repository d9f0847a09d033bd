package draw_test

import (
	"strings"
	"testing"

	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/templates/draw"
)

// TestArtDraw: art placed by a transform: points mapped, stroke width and
// dashes scaled by the transform's scale, currentColor paints take the
// given colour with their own opacity on top of its, clipped to the
// viewport only when it overflows.
func TestArtDraw(t *testing.T) {
	sq := layout.RectPath(layout.Rect{W: 10, H: 10})
	art := &draw.Art{W: 10, H: 20, Shapes: []draw.Shape{
		{Op: draw.PathOp{Path: sq, Fill: draw.Colour{R: 255, A: 255}}},
		{Op: draw.PathOp{Path: sq, Fill: draw.Colour{A: 128}, Stroke: draw.Colour{A: 255}, Width: 1, Dash: []float64{2, 1}, Cap: draw.CapRound}, FillCurrent: true, StrokeCurrent: true},
		{Op: draw.PathOp{Path: sq, Fill: draw.Colour{A: 0}}, FillCurrent: true}, // a transparent current fill: nothing
	}}
	current := draw.Colour{G: 255, A: 128}
	cases := []struct {
		name      string
		overflows bool
		box       layout.Rect
		fit       string
		want      string
	}{
		{"contain", false, layout.Rect{X: 0, Y: 0, W: 20, H: 20}, "contain",
			"path fill=#ff0000 stroke=none M5,0 L15,0 L15,10 L5,10 Z\n" +
				"path fill=#00ff0040 stroke=#00ff0080 width=1 dash=[2 1] cap=round M5,0 L15,0 L15,10 L5,10 Z\n"},
		{"stretch, overflowing", true, layout.Rect{X: 1, Y: 1, W: 40, H: 20}, "stretch",
			"save\nclip M1,1 L41,1 L41,21 L1,21 Z\n" +
				"path fill=#ff0000 stroke=none M1,1 L41,1 L41,11 L1,11 Z\n" +
				// the scale of a non-uniform transform is the square root of its determinant
				"path fill=#00ff0040 stroke=#00ff0080 width=2 dash=[4 2] cap=round M1,1 L41,1 L41,11 L1,11 Z\nrestore\n"},
		{"cover", false, layout.Rect{X: 0, Y: 0, W: 20, H: 20}, "cover",
			"path fill=#ff0000 stroke=none M0,-10 L20,-10 L20,10 L0,10 Z\n" +
				"path fill=#00ff0040 stroke=#00ff0080 width=2 dash=[4 2] cap=round M0,-10 L20,-10 L20,10 L0,10 Z\n"},
	}
	for _, c := range cases {
		art.Overflows = c.overflows
		var rec draw.Recorder
		draw.DrawFace(&rec, &draw.Face{Ops: art.Draw(nil, art.Fit(c.box, c.fit), current, nil)})
		if got := rec.String(); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, strings.TrimSpace(got), strings.TrimSpace(c.want))
		}
	}
	if art.Shapes[1].Op.Dash[0] != 2 {
		t.Errorf("drawing changed the art's own dashes")
	}
}
