package draw_test

import (
	"math"
	"testing"

	"github.com/deckpress/deckpress/layout"

	"github.com/deckpress/deckpress/templates/draw"
)

// TestDashes: the dash segments a stroke makes are its length over its
// pattern's, for lines, curves and closed paths; none for what is not
// dashed or not stroked; endless for a pattern too short to count.
func TestDashes(t *testing.T) {
	square := layout.RectPath(layout.Rect{W: 10, H: 10}) // 40 mm round
	line := layout.LinePath(layout.Segment{B: layout.Point{X: 100000}})
	for _, tt := range []struct {
		name string
		op   draw.PathOp
		want float64
	}{
		{"a closed square", draw.PathOp{Path: square, Stroke: draw.Black, Width: 1, Dash: []float64{1, 1}}, 40},
		{"a part dash", draw.PathOp{Path: square, Stroke: draw.Black, Width: 1, Dash: []float64{3, 3}}, 14},
		{"solid", draw.PathOp{Path: square, Stroke: draw.Black, Width: 1}, 0},
		{"not stroked", draw.PathOp{Path: square, Fill: draw.Black, Dash: []float64{1, 1}}, 0},
		{"0.001 along 100 m", draw.PathOp{Path: line, Stroke: draw.Black, Width: 1, Dash: []float64{0.001, 0.001}}, 1e8},
		{"1e-300", draw.PathOp{Path: line, Stroke: draw.Black, Width: 1, Dash: []float64{1e-300, 1e-300}}, 1e305},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.op.Dashes(); math.Abs(got-tt.want) > 1e-9*tt.want {
				t.Errorf("%g dashes, want %g", got, tt.want)
			}
		})
	}
}

// TestBudget: a budget refuses what would pass a limit, and everything
// once one is passed; a nil budget refuses nothing.
func TestBudget(t *testing.T) {
	var b draw.Budget
	if !b.Points(draw.MaxFacePoints) || b.Points(1) || b.Text(1) || b.Err() == nil {
		t.Errorf("the points budget is not kept, or not said: %v", b.Err())
	}
	var nb *draw.Budget
	if !nb.Points(draw.MaxFacePoints+1) || !nb.Text(draw.MaxFaceText+1) || nb.Err() != nil {
		t.Errorf("a nil budget refused")
	}
	var d draw.Budget
	line := layout.LinePath(layout.Segment{B: layout.Point{X: 100}})
	op := &draw.PathOp{Path: line, Stroke: draw.Black, Width: 1, Dash: []float64{0.01, 0.01}} // 10,000 dashes
	for range 100 {
		if !d.Dashes([]draw.Op{op}) {
			t.Fatalf("refused within the budget: %v", d.Err())
		}
	}
	if d.Dashes([]draw.Op{op}) || d.Err() == nil {
		t.Errorf("the dash budget is not kept")
	}
}
