package draw

import (
	"math"

	"github.com/deckpress/deckpress/layout"
)

// Art is a vector picture read from a file (an SVG drawing): shapes in
// its own units, inside a viewport of W × H of them (origin top-left,
// y down). Placing it maps those units to millimetres.
type Art struct {
	W, H   float64
	Shapes []Shape
	// Overflows reports that some shape reaches outside the viewport, so
	// that placing the art must clip to it.
	Overflows bool
}

// Shape is one painted path of an [Art]. Its Op is in the art's units
// (the stroke width and dashes too). Where FillCurrent or StrokeCurrent
// is set, that paint is the colour the template gives (SVG's
// currentColor): its red, green and blue replace the Op's, and the Op's
// alpha is multiplied by the given colour's.
type Shape struct {
	Op                         PathOp
	FillCurrent, StrokeCurrent bool
}

// Draw appends the art's operations, mapped to millimetres by m, with
// current as the colour of currentColor; it clips to the viewport where
// the art overflows it. Its points are charged to b first: nothing is
// drawn when they do not fit.
func (a *Art) Draw(ops []Op, m layout.Affine, current Colour, b *Budget) []Op {
	if !b.Points(a.Points()) {
		return ops
	}
	if a.Overflows {
		ops = append(ops, &ClipOp{Path: layout.RectPath(layout.Rect{W: a.W, H: a.H}).Transform(m)})
	}
	k := math.Sqrt(math.Abs(m.Det()))
	for _, s := range a.Shapes {
		op := s.Op
		op.Path = op.Path.Transform(m)
		op.Width *= k
		if len(op.Dash) > 0 {
			op.Dash = make([]float64, len(s.Op.Dash))
			for i, d := range s.Op.Dash {
				op.Dash[i] = d * k
			}
		}
		if s.FillCurrent {
			op.Fill = recolour(current, op.Fill.A)
		}
		if s.StrokeCurrent {
			op.Stroke = recolour(current, op.Stroke.A)
		}
		if op.Fill.Visible() || op.Stroke.Visible() {
			ops = append(ops, &op)
		}
	}
	if a.Overflows {
		ops = append(ops, &EndClipOp{})
	}
	return ops
}

// recolour returns c with its alpha multiplied by a/255.
func recolour(c Colour, a uint8) Colour {
	c.A = uint8((int(c.A)*int(a) + 127) / 255)
	return c
}

// Fit returns the transform that places a W × H art in box: "contain"
// (all of it, centred), "cover" (filling the box, centred; the caller
// clips) or "stretch".
func (a *Art) Fit(box layout.Rect, fit string) layout.Affine {
	sx, sy := box.W/a.W, box.H/a.H
	switch fit {
	case "contain":
		sx = math.Min(sx, sy)
		sy = sx
	case "cover":
		sx = math.Max(sx, sy)
		sy = sx
	}
	return layout.Scale(sx, sy).Then(layout.Translate(box.X+(box.W-a.W*sx)/2, box.Y+(box.H-a.H*sy)/2))
}
