package report

import (
	"math"
	"strings"
	"testing"

	"github.com/deckpress/deckpress/layout"

	"github.com/deckpress/deckpress/templates/draw"
)

// barRects returns the filled rectangles of a page drawn in a colour, in
// order.
func barRects(ops []draw.Op, c draw.Colour) []layout.Rect {
	var out []layout.Rect
	for _, op := range ops {
		if p, ok := op.(*draw.PathOp); ok && p.Fill == c {
			out = append(out, p.Path.Bounds())
		}
	}
	return out
}

// TestSheetBars: a bar's length is its value on the chart's scale, the
// same for every bar of a chart; a scale without a maximum ends at the
// first tick at or above the largest bar; every label and text is drawn.
func TestSheetBars(t *testing.T) {
	red := draw.Colour{R: 255, A: 255}
	blue := draw.Colour{B: 255, A: 255}
	s := &Sheet{Title: "Lab", Subtitle: "sub", Note: "the note", Charts: []Chart{
		{Title: "rates", Max: 1, Percent: true, Mark: 0.25, Bars: []Bar{
			{Label: "seat 1", Value: 0.5, Lo: 0.4, Hi: 0.6, Text: "50.0 %", Colour: red},
			{Label: "seat 2", Value: 0.25, Lo: 0.2, Hi: 0.3, Text: "25.0 %", Colour: red},
			{Label: "seat 3", Value: 1.5, Text: "clamped", Colour: red}}},
		{Title: "turns", Bars: []Bar{
			{Label: "a v b", Value: 4.9, Text: "4.9", Colour: blue},
			{Label: "a v c", Value: 2.45, Text: "2.45", Colour: blue}}},
	}}
	doc := SheetDocument(s, layout.Size{W: 210, H: 297})
	if len(doc.Pages) != 1 {
		t.Fatalf("%d pages", len(doc.Pages))
	}
	ops := doc.Pages[0].Layers[0].Face.Ops
	all, _ := words(ops)
	for _, want := range []string{"Lab", "sub", "the note", "rates", "turns", "seat 1", "seat 3", "a v c", "50.0 %", "clamped", "0 %", "100 %", "5 "} {
		if !strings.Contains(all, want) {
			t.Errorf("page lacks %q:\n%s", want, all)
		}
	}
	if strings.Contains(all, "6 ") {
		t.Errorf("the turns scale goes past 5: %s", all)
	}
	rates := barRects(ops, red)
	if len(rates) != 3 || math.Abs(rates[0].W-2*rates[1].W) > 1e-9 || math.Abs(rates[2].W-2*rates[0].W) > 1e-9 {
		t.Errorf("rate bars %v: want widths in the ratio 2 : 1 : 4 (the last clamped to the scale's end)", rates)
	}
	turns := barRects(ops, blue)
	// 4.9 on a scale that ends at 5 (ticks 0, 1, … 5): 0.98 of the bar width
	if len(turns) != 2 || math.Abs(turns[0].W-2*turns[1].W) > 1e-9 || math.Abs(turns[0].W/rates[2].W-0.98) > 1e-9 {
		t.Errorf("turn bars %v against the full width %v", turns, rates[2].W)
	}
	if rates[0].X != turns[0].X || rates[0].Y >= turns[0].Y {
		t.Errorf("charts are not stacked down the page from one left edge: %v, %v", rates[0], turns[0])
	}
}

// TestSheetPages: charts that do not fit go on the next page, a chart
// taller than a page gets thinner rows, and every matrix has a page.
func TestSheetPages(t *testing.T) {
	many := Chart{Title: "many"}
	for range 200 {
		many.Bars = append(many.Bars, Bar{Label: "x", Value: 1})
	}
	s := &Sheet{Title: "Lab", Charts: []Chart{{Title: "one", Bars: []Bar{{Label: "a", Value: 1}}}, many},
		Matrices: []Matrix{{Title: "who beats whom", Names: []string{"A", "B"}, Cells: [][]float64{{0, 0.7}, {0.3, 0}}, Scale: "win rate, %"}}}
	page := layout.Size{W: 210, H: 297}
	doc := SheetDocument(s, page)
	// 200 rows at the thinnest, 3 mm, in 253 mm a page: 84, 84 and 32 rows
	if len(doc.Pages) != 5 {
		t.Fatalf("%d pages, want the first chart, the tall one on three and the matrix", len(doc.Pages))
	}
	for i, want := range []int{1, 84, 84, 32} {
		if got := len(barRects(doc.Pages[i].Layers[0].Face.Ops, grey)); got != want {
			t.Errorf("page %d: %d bars, want %d", i+1, got, want)
		}
	}
	if w, _ := words(doc.Pages[2].Layers[0].Face.Ops); !strings.Contains(w, "many (continued)") {
		t.Errorf("page 3 does not say the chart goes on: %s", w)
	}
	for i, p := range doc.Pages {
		for _, op := range p.Layers[0].Face.Ops {
			if po, ok := op.(*draw.PathOp); ok {
				if b := po.Path.Bounds(); b.Y < 0 || b.Y+b.H > page.H-margin+1e-9 {
					t.Fatalf("page %d: a drawing at %v runs past the bottom margin", i+1, b)
				}
			}
		}
	}
	two, cells := words(doc.Pages[4].Layers[0].Face.Ops)
	if !strings.Contains(two, "who beats whom") || !strings.Contains(two, "70") || !strings.Contains(two, "win rate, %") || cells[faint] != 2 {
		t.Errorf("matrix page: %q, %d diagonal cells", two, cells[faint])
	}
}
