// Package report draws the balance lab's report as a document for the
// PDF and PNG back ends: on the first page each hero's score as a bar
// with its 95 % interval as whiskers, and the scatter of score against
// points with the fitted line and the flagged heroes named; on the second
// the win-rate matrix as a heat map.
//
// It knows nothing of the games: the command line hands it a [Data].
package report

import (
	"fmt"
	"math"
	"slices"

	"github.com/deckpress/deckpress/layout"

	"github.com/deckpress/deckpress/templates/draw"
	"github.com/deckpress/deckpress/templates/typeset"
)

// Hero is one hero's line of the balance table.
type Hero struct {
	Name          string
	Points        int
	Score, Lo, Hi float64 // its score and 95 % interval, 0 to 1
	Expected      float64 // the fit's score at its points
	Off           float64 // standard errors off the fit
	Flag          string  // "too strong", "too weak" or ""
}

// Data is what the report shows.
type Data struct {
	Title, Subtitle string
	Heroes          []Hero
	// Matrix[i][k] is hero i's score against hero k, 0 to 1 (the
	// diagonal is not drawn).
	Matrix           [][]float64
	Intercept, Slope float64 // the fitted line: score = Intercept + Slope × points
	Note             string  // the closing note under the scatter
}

// Page and drawing sizes, mm.
const (
	margin = 15.0
	gap    = 8.0
)

var (
	ink    = draw.Colour{R: 30, G: 30, B: 30, A: 255}
	faint  = draw.Colour{R: 200, G: 200, B: 200, A: 255}
	grey   = draw.Colour{R: 150, G: 150, B: 150, A: 255}
	strong = draw.Colour{R: 200, G: 40, B: 40, A: 255}
	weak   = draw.Colour{R: 40, G: 90, B: 200, A: 255}
	white  = draw.Colour{R: 255, G: 255, B: 255, A: 255}
)

// flagColour is the colour a hero is drawn in.
func flagColour(flag string) draw.Colour {
	switch flag {
	case "too strong":
		return strong
	case "too weak":
		return weak
	}
	return grey
}

// Document lays the report out on pages of a size.
func Document(d *Data, page layout.Size) *draw.Document {
	doc := &draw.Document{Title: d.Title}
	w := page.W - 2*margin
	var ops []draw.Op
	ops = text(ops, d.Title, layout.Rect{X: margin, Y: margin, W: w, H: 8}, 14, ink, typeset.AlignLeft, typeset.Bold)
	ops = text(ops, d.Subtitle, layout.Rect{X: margin, Y: margin + 8, W: w, H: 5}, 8, grey, typeset.AlignLeft, typeset.Regular)
	top := margin + 16
	rest := page.H - top - margin
	barsH := math.Min(rest*0.55, float64(len(d.Heroes))*6+10)
	ops = bars(ops, d, layout.Rect{X: margin, Y: top, W: w, H: barsH})
	scatterBox := layout.Rect{X: margin, Y: top + barsH + gap, W: w, H: rest - barsH - gap - 12}
	ops = scatter(ops, d, scatterBox)
	ops = text(ops, d.Note, layout.Rect{X: margin, Y: page.H - margin - 10, W: w, H: 10}, 7, ink, typeset.AlignLeft, typeset.Regular)
	doc.Pages = append(doc.Pages, pageOf(page, ops))
	if len(d.Matrix) > 0 {
		doc.Pages = append(doc.Pages, pageOf(page, heatMap(nil, d, layout.Rect{X: margin, Y: margin, W: w, H: page.H - 2*margin})))
	}
	return doc
}

func pageOf(size layout.Size, ops []draw.Op) draw.Page {
	return draw.Page{Size: size, Layers: []draw.Layer{{Transform: layout.Identity, Face: &draw.Face{Ops: ops}}}}
}

var family = typeset.NewFontSet().Fallback

// text lays a line of text out in a box, shrinking it to fit.
func text(ops []draw.Op, s string, box layout.Rect, size float64, c draw.Colour, align typeset.Align, style typeset.Style) []draw.Op {
	st := typeset.TextStyle{Family: family, Style: style, Size: size, MinSize: 3, Colour: c, Align: align,
		VAlign: typeset.VAlignMiddle, Shrink: true, Plain: true, LineHeight: 1.1, Wrap: box.H > 2*size*layout.MMPerInch/72*1.2}
	ops, _ = typeset.LayoutText(ops, s, box, st, nil)
	return ops
}

func fill(ops []draw.Op, r layout.Rect, c draw.Colour) []draw.Op {
	return append(ops, &draw.PathOp{Path: layout.RectPath(r), Fill: c})
}

func line(ops []draw.Op, x0, y0, x1, y1, width float64, c draw.Colour) []draw.Op {
	return append(ops, &draw.PathOp{Path: layout.LinePath(layout.Segment{A: layout.Point{X: x0, Y: y0}, B: layout.Point{X: x1, Y: y1}}), Stroke: c, Width: width})
}

// bars draws the heroes' scores, best first, as bars with whiskers.
func bars(ops []draw.Op, d *Data, box layout.Rect) []draw.Op {
	ops = text(ops, "Score (wins + ties ÷ 2) with its 95 % interval", layout.Rect{X: box.X, Y: box.Y, W: box.W, H: 5}, 9, ink, typeset.AlignLeft, typeset.Bold)
	order := make([]int, len(d.Heroes))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmpDesc(d.Heroes[a].Score, d.Heroes[b].Score) })
	label := 48.0
	x0, x1 := box.X+label, box.X+box.W-14
	y := box.Y + 7
	row := math.Min(6, (box.H-10)/float64(max(1, len(order))))
	for _, p := range []float64{0, 0.25, 0.5, 0.75, 1} {
		x := x0 + p*(x1-x0)
		ops = line(ops, x, y, x, y+row*float64(len(order)), 0.15, faint)
		ops = text(ops, fmt.Sprintf("%.0f %%", p*100), layout.Rect{X: x - 6, Y: y + row*float64(len(order)), W: 12, H: 3.5}, 6, grey, typeset.AlignCenter, typeset.Regular)
	}
	for _, i := range order {
		h := d.Heroes[i]
		c := flagColour(h.Flag)
		ops = text(ops, h.Name, layout.Rect{X: box.X, Y: y, W: label - 2, H: row}, 7, ink, typeset.AlignRight, typeset.Regular)
		ops = fill(ops, layout.Rect{X: x0, Y: y + row*0.2, W: h.Score * (x1 - x0), H: row * 0.6}, c)
		lo, hi := x0+h.Lo*(x1-x0), x0+h.Hi*(x1-x0)
		mid := y + row/2
		ops = line(ops, lo, mid, hi, mid, 0.3, ink)
		ops = line(ops, lo, mid-row*0.25, lo, mid+row*0.25, 0.3, ink)
		ops = line(ops, hi, mid-row*0.25, hi, mid+row*0.25, 0.3, ink)
		ops = text(ops, fmt.Sprintf("%.1f %%", h.Score*100), layout.Rect{X: x1 + 1, Y: y, W: 13, H: row}, 6.5, ink, typeset.AlignLeft, typeset.Regular)
		y += row
	}
	return ops
}

func cmpDesc(a, b float64) int {
	switch {
	case a > b:
		return -1
	case a < b:
		return 1
	}
	return 0
}

// scatter draws score against points, the fitted line, and the flagged
// heroes by name.
func scatter(ops []draw.Op, d *Data, box layout.Rect) []draw.Op {
	ops = text(ops, fmt.Sprintf("Score against points spent; the line: score = %.3f %+.5f × points", d.Intercept, d.Slope),
		layout.Rect{X: box.X, Y: box.Y, W: box.W, H: 5}, 9, ink, typeset.AlignLeft, typeset.Bold)
	plot := layout.Rect{X: box.X + 12, Y: box.Y + 7, W: box.W - 14, H: box.H - 14}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, h := range d.Heroes {
		lo, hi = math.Min(lo, float64(h.Points)), math.Max(hi, float64(h.Points))
	}
	if len(d.Heroes) == 0 {
		lo, hi = 0, 1
	}
	pad := math.Max(5, (hi-lo)*0.05)
	lo, hi = math.Max(0, lo-pad), hi+pad
	px := func(points float64) float64 { return plot.X + (points-lo)/(hi-lo)*plot.W }
	py := func(score float64) float64 { return plot.Y + (1-score)*plot.H }
	ops = append(ops, &draw.PathOp{Path: layout.RectPath(plot), Stroke: grey, Width: 0.2})
	for _, s := range []float64{0, 0.25, 0.5, 0.75, 1} {
		ops = line(ops, plot.X, py(s), plot.X+plot.W, py(s), 0.1, faint)
		ops = text(ops, fmt.Sprintf("%.0f %%", s*100), layout.Rect{X: box.X, Y: py(s) - 2, W: 11, H: 4}, 6, grey, typeset.AlignRight, typeset.Regular)
	}
	step := niceStep((hi - lo) / 6)
	for p := math.Ceil(lo/step) * step; p <= hi; p += step {
		ops = line(ops, px(p), plot.Y, px(p), plot.Y+plot.H, 0.1, faint)
		ops = text(ops, fmt.Sprintf("%.0f", p), layout.Rect{X: px(p) - 6, Y: plot.Y + plot.H + 0.5, W: 12, H: 3.5}, 6, grey, typeset.AlignCenter, typeset.Regular)
	}
	ops = text(ops, "points spent", layout.Rect{X: plot.X, Y: plot.Y + plot.H + 3.5, W: plot.W, H: 3.5}, 6.5, grey, typeset.AlignCenter, typeset.Regular)
	ops = append(ops, &draw.ClipOp{Path: layout.RectPath(plot)})
	ops = line(ops, px(lo), py(d.Intercept+d.Slope*lo), px(hi), py(d.Intercept+d.Slope*hi), 0.4, ink)
	ops = append(ops, &draw.EndClipOp{})
	for _, h := range d.Heroes {
		x, y := px(float64(h.Points)), py(h.Score)
		r := 0.9
		if h.Flag != "" {
			r = 1.4
		}
		ops = append(ops, &draw.PathOp{Path: layout.EllipsePath(layout.Rect{X: x - r, Y: y - r, W: 2 * r, H: 2 * r}), Fill: flagColour(h.Flag), Stroke: white, Width: 0.2})
		if h.Flag != "" {
			box, align := layout.Rect{X: x + 2, Y: y - 2.5, W: 60, H: 5}, typeset.AlignLeft
			if x+62 > plot.X+plot.W { // near the right edge: the label goes left
				box.X, align = x-62, typeset.AlignRight
			}
			ops = text(ops, fmt.Sprintf("%s (%s, %+.1f SE)", h.Name, h.Flag, h.Off), box, 7, flagColour(h.Flag), align, typeset.Bold)
		}
	}
	return ops
}

// niceStep rounds a step up to 1, 2 or 5 times a power of ten.
func niceStep(raw float64) float64 {
	if raw <= 0 {
		return 1
	}
	p := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*p >= raw {
			return m * p
		}
	}
	return 10 * p
}

// heat is a diverging colour: blue at 0, white at ½, red at 1.
func heat(v float64) draw.Colour {
	v = math.Min(1, math.Max(0, v))
	if v < 0.5 {
		t := v / 0.5
		return draw.Colour{R: uint8(40 + t*215), G: uint8(90 + t*165), B: uint8(200 + t*55), A: 255}
	}
	t := (v - 0.5) / 0.5
	return draw.Colour{R: uint8(255 - t*55), G: uint8(255 - t*215), B: uint8(255 - t*215), A: 255}
}

// heatMap draws the matrix: a row per hero, its score against each
// column's hero.
func heatMap(ops []draw.Op, d *Data, box layout.Rect) []draw.Op {
	n := len(d.Matrix)
	ops = text(ops, "Score of each row's hero against each column's (ties count half)", layout.Rect{X: box.X, Y: box.Y, W: box.W, H: 6}, 10, ink, typeset.AlignLeft, typeset.Bold)
	label := 48.0
	cell := math.Min(12, math.Min((box.W-label)/float64(n), (box.H-20)/float64(n)))
	x0, y0 := box.X+label, box.Y+12
	for k := range n {
		ops = text(ops, fmt.Sprint(k+1), layout.Rect{X: x0 + float64(k)*cell, Y: y0 - 4, W: cell, H: 4}, 6, grey, typeset.AlignCenter, typeset.Regular)
	}
	for i, row := range d.Matrix {
		y := y0 + float64(i)*cell
		name := fmt.Sprintf("%s  %d", d.Heroes[i].Name, i+1)
		ops = text(ops, name, layout.Rect{X: box.X, Y: y, W: label - 2, H: cell}, math.Min(7, cell*2), flagColourOrInk(d.Heroes[i].Flag), typeset.AlignRight, typeset.Regular)
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
	return text(ops, "score, %", layout.Rect{X: box.X, Y: y, W: label - 2, H: 4}, 6.5, grey, typeset.AlignRight, typeset.Regular)
}

func flagColourOrInk(flag string) draw.Colour {
	if flag == "" {
		return ink
	}
	return flagColour(flag)
}
