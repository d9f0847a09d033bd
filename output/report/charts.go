package report

import (
	"fmt"
	"math"

	"github.com/deckpress/deckpress/layout"

	"github.com/deckpress/deckpress/templates/draw"
	"github.com/deckpress/deckpress/templates/typeset"
)

// A Sheet is a report made of charts and matrices, laid out down the
// page in order, a new page where the next one does not fit: the report
// of a game's lab that has no points to fit a line through (Slugfest,
// Galaga, Audition).
type Sheet struct {
	Title, Subtitle string
	Charts          []Chart
	Matrices        []Matrix // after the charts, a page each
	Note            string   // under the last chart
}

// A Chart is a titled bar chart, one bar a row, drawn in the order given.
type Chart struct {
	Title string
	Bars  []Bar
	// Max is the value at the right end of the scale (1 for a rate; the
	// largest bar when 0).
	Max float64
	// Percent labels the scale in per cent of 1.
	Percent bool
	// Mark draws a dashed line at this value (a fair share of wins), when
	// above 0.
	Mark      float64
	MarkLabel string
}

// A Bar is one row of a chart: a value with its 95 % interval as
// whiskers (none when Lo and Hi are both 0), and the text printed after
// it.
type Bar struct {
	Label  string
	Value  float64
	Lo, Hi float64
	Text   string
	Colour draw.Colour // grey when zero
}

// A Matrix is a heat map: row i's rate against column k's, 0 to 1, on the
// blue–white–red scale; the diagonal is not drawn.
type Matrix struct {
	Title   string
	Names   []string      // a row's label
	Colours []draw.Colour // a label's colour (ink when short)
	Cells   [][]float64
	Scale   string // what the colour scale shows ("score, %")
}

// Row heights and headroom of a chart, mm.
const (
	rowMax   = 6.0
	rowMin   = 3.0
	chartTop = 7.0 // the title above the rows
	chartEnd = 7.0 // the scale's labels below them
)

// SheetDocument lays a sheet out on pages of a size.
func SheetDocument(s *Sheet, page layout.Size) *draw.Document {
	doc := &draw.Document{Title: s.Title}
	w := page.W - 2*margin
	var ops []draw.Op
	ops = text(ops, s.Title, layout.Rect{X: margin, Y: margin, W: w, H: 8}, 14, ink, typeset.AlignLeft, typeset.Bold)
	ops = text(ops, s.Subtitle, layout.Rect{X: margin, Y: margin + 8, W: w, H: 5}, 8, grey, typeset.AlignLeft, typeset.Regular)
	y, bottom := margin+16, page.H-margin
	full := bottom - margin - chartTop - chartEnd // the rows' room on a page of its own
	for _, c := range s.Charts {
		// a chart too tall for a whole page gets thinner rows, and is cut
		// into parts of a page each when even those do not fit
		row := math.Max(rowMin, math.Min(rowMax, full/float64(max(1, len(c.Bars)))))
		perPage := max(1, int(full/row+1e-9))
		bars, title := c.Bars, c.Title
		for first := true; first || len(bars) > 0; first = false {
			part := c
			part.Bars, part.Title, part.Max = bars[:min(len(bars), perPage)], title, scaleTop(c)
			bars = bars[len(part.Bars):]
			h := chartTop + row*float64(len(part.Bars)) + chartEnd
			if y+h > bottom && y > margin {
				doc.Pages = append(doc.Pages, pageOf(page, ops))
				ops, y = nil, margin
			}
			ops = chart(ops, part, layout.Rect{X: margin, Y: y, W: w, H: h}, row)
			y += h + gap
			title = c.Title + " (continued)"
		}
	}
	if s.Note != "" {
		if y+12 > bottom {
			doc.Pages = append(doc.Pages, pageOf(page, ops))
			ops, y = nil, margin
		}
		ops = text(ops, s.Note, layout.Rect{X: margin, Y: y, W: w, H: 12}, 7, ink, typeset.AlignLeft, typeset.Regular)
	}
	doc.Pages = append(doc.Pages, pageOf(page, ops))
	for _, m := range s.Matrices {
		doc.Pages = append(doc.Pages, pageOf(page, matrix(nil, m, layout.Rect{X: margin, Y: margin, W: w, H: page.H - 2*margin})))
	}
	return doc
}

// chart draws a chart in a box, its rows row high, the labels in the
// left 48 mm and the bars' texts at the right.
func chart(ops []draw.Op, c Chart, box layout.Rect, row float64) []draw.Op {
	ops = text(ops, c.Title, layout.Rect{X: box.X, Y: box.Y, W: box.W, H: 5}, 9, ink, typeset.AlignLeft, typeset.Bold)
	top := scaleTop(c)
	label := 48.0
	x0, x1 := box.X+label, box.X+box.W-14
	scale := func(v float64) float64 { return x0 + math.Min(1, math.Max(0, v/top))*(x1-x0) }
	y := box.Y + chartTop
	rows := row * float64(len(c.Bars))
	for _, v := range ticks(top, c.Percent) {
		x := scale(v)
		ops = line(ops, x, y, x, y+rows, 0.15, faint)
		ops = text(ops, tickText(v, c.Percent), layout.Rect{X: x - 6, Y: y + rows, W: 12, H: 3.5}, 6, grey, typeset.AlignCenter, typeset.Regular)
	}
	for _, b := range c.Bars {
		col := b.Colour
		if col == (draw.Colour{}) {
			col = grey
		}
		ops = text(ops, b.Label, layout.Rect{X: box.X, Y: y, W: label - 2, H: row}, 7, ink, typeset.AlignRight, typeset.Regular)
		ops = fill(ops, layout.Rect{X: x0, Y: y + row*0.2, W: scale(b.Value) - x0, H: row * 0.6}, col)
		if b.Lo != 0 || b.Hi != 0 {
			lo, hi := scale(b.Lo), scale(b.Hi)
			mid := y + row/2
			ops = line(ops, lo, mid, hi, mid, 0.3, ink)
			ops = line(ops, lo, mid-row*0.25, lo, mid+row*0.25, 0.3, ink)
			ops = line(ops, hi, mid-row*0.25, hi, mid+row*0.25, 0.3, ink)
		}
		ops = text(ops, b.Text, layout.Rect{X: x1 + 1, Y: y, W: 13, H: row}, 6.5, ink, typeset.AlignLeft, typeset.Regular)
		y += row
	}
	if c.Mark > 0 {
		x := scale(c.Mark)
		ops = append(ops, &draw.PathOp{Path: layout.LinePath(layout.Segment{A: layout.Point{X: x, Y: box.Y + chartTop}, B: layout.Point{X: x, Y: y}}),
			Stroke: strong, Width: 0.3, Dash: []float64{1, 1}})
		if c.MarkLabel != "" {
			ops = text(ops, c.MarkLabel, layout.Rect{X: x - 20, Y: box.Y + chartTop - 3.5, W: 40, H: 3.5}, 6, strong, typeset.AlignCenter, typeset.Regular)
		}
	}
	return ops
}

// scaleTop is the value at the right end of a chart's scale: its Max, or
// the first tick at or above its largest bar or whisker.
func scaleTop(c Chart) float64 {
	if c.Max > 0 {
		return c.Max
	}
	top := 0.0
	for _, b := range c.Bars {
		top = math.Max(top, math.Max(b.Value, b.Hi))
	}
	if top <= 0 {
		return 1
	}
	step := niceStep(top / 5)
	return math.Ceil(top/step-1e-9) * step
}

// ticks are the scale's marks: quarters of a rate, else steps of 1, 2 or
// 5 times a power of ten.
func ticks(top float64, percent bool) []float64 {
	if percent && top == 1 {
		return []float64{0, 0.25, 0.5, 0.75, 1}
	}
	step := niceStep(top / 5)
	var out []float64
	for v := 0.0; v <= top+step*1e-9; v += step {
		out = append(out, v)
	}
	return out
}

func tickText(v float64, percent bool) string {
	if percent {
		return fmt.Sprintf("%.0f %%", v*100)
	}
	return fmt.Sprintf("%g", math.Round(v*1000)/1000)
}

// matrix draws a heat map in a box.
func matrix(ops []draw.Op, m Matrix, box layout.Rect) []draw.Op {
	n := len(m.Cells)
	ops = text(ops, m.Title, layout.Rect{X: box.X, Y: box.Y, W: box.W, H: 6}, 10, ink, typeset.AlignLeft, typeset.Bold)
	label := 48.0
	cell := math.Min(12, math.Min((box.W-label)/float64(max(1, n)), (box.H-20)/float64(max(1, n))))
	x0, y0 := box.X+label, box.Y+12
	for k := range n {
		ops = text(ops, fmt.Sprint(k+1), layout.Rect{X: x0 + float64(k)*cell, Y: y0 - 4, W: cell, H: 4}, 6, grey, typeset.AlignCenter, typeset.Regular)
	}
	for i, row := range m.Cells {
		y := y0 + float64(i)*cell
		name, colour := "", ink
		if i < len(m.Names) {
			name = m.Names[i]
		}
		if i < len(m.Colours) {
			colour = m.Colours[i]
		}
		ops = text(ops, name, layout.Rect{X: box.X, Y: y, W: label - 2, H: cell}, math.Min(7, cell*2), colour, typeset.AlignRight, typeset.Regular)
		for k, v := range row {
			r := layout.Rect{X: x0 + float64(k)*cell, Y: y, W: cell, H: cell}
			if k == i {
				ops = fill(ops, r, faint)
				continue
			}
			ops = fill(ops, r, heat(v))
			if cell >= 4.5 {
				c := ink
				if v < 0.2 || v > 0.8 { // on the deep colours
					c = white
				}
				ops = text(ops, fmt.Sprintf("%.0f", v*100), r, math.Min(6, cell*1.3), c, typeset.AlignCenter, typeset.Regular)
			}
		}
	}
	// the scale
	y := y0 + float64(n)*cell + 6
	for k := range 11 {
		v := float64(k) / 10
		ops = fill(ops, layout.Rect{X: x0 + float64(k)*8, Y: y, W: 8, H: 4}, heat(v))
		ops = text(ops, fmt.Sprintf("%.0f", v*100), layout.Rect{X: x0 + float64(k)*8, Y: y + 4, W: 8, H: 3}, 5.5, grey, typeset.AlignCenter, typeset.Regular)
	}
	return text(ops, m.Scale, layout.Rect{X: box.X, Y: y, W: label - 2, H: 4}, 6.5, grey, typeset.AlignRight, typeset.Regular)
}
