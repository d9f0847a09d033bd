package arena

import (
	"math"

	"github.com/deckpress/deckpress/layout"

	"github.com/deckpress/deckpress/templates/draw"
)

// minContrast is the contrast ratio small text needs against what is
// painted under it (WCAG's 4.5:1 for body text).
const minContrast = 4.5

// luminance is a colour's relative luminance (WCAG), 0 for black to 1
// for white; alpha is ignored.
func luminance(c draw.Colour) float64 {
	lin := func(v uint8) float64 {
		s := float64(v) / 255
		if s <= 0.04045 {
			return s / 12.92
		}
		return math.Pow((s+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(c.R) + 0.7152*lin(c.G) + 0.0722*lin(c.B)
}

// contrast is the contrast ratio of two colours, from 1 (the same) to 21
// (black on white).
func contrast(a, b draw.Colour) float64 {
	la, lb := luminance(a), luminance(b)
	return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
}

// over paints c, with its alpha, over the opaque colour under.
func over(c, under draw.Colour) draw.Colour {
	a := float64(c.A) / 255
	mix := func(x, y uint8) uint8 { return uint8(math.Round(float64(x)*a + float64(y)*(1-a))) }
	return draw.Colour{R: mix(c.R, under.R), G: mix(c.G, under.G), B: mix(c.B, under.B), A: 255}
}

// background is the colour a hex shows under its coordinates and labels:
// the paper's white, under the terrain's fill, under the tint of every
// start zone that holds it, in the order they are painted.
func (m *Map) background(h layout.Hex) draw.Colour {
	bg := white
	if t := m.Paint[h]; t != nil {
		bg = over(t.Fill, bg)
	}
	for _, z := range m.Zones {
		for _, zh := range z.Hexes {
			if zh == h {
				bg = over(zoneTint(z.Colour), bg)
				break
			}
		}
	}
	return bg
}

// zoneTint is the light fill of a start zone's hexes.
func zoneTint(c draw.Colour) draw.Colour {
	c.A = 50
	return c
}

// quietInk is the ink of a hex's coordinates on bg: the grey nearest to
// the usual one that reads on bg at minContrast, darker on a light fill,
// lighter on a dark one (black or white at the last, which always read:
// one of them contrasts at least 4.58:1 with any colour).
func quietInk(bg draw.Colour) draw.Colour {
	step := -1
	if contrast(white, bg) > contrast(draw.Black, bg) {
		step = 1
	}
	for v := int(grey.R); v >= 0 && v <= 255; v += step {
		c := draw.Colour{R: uint8(v), G: uint8(v), B: uint8(v), A: 255}
		if contrast(c, bg) >= minContrast {
			return c
		}
	}
	if step > 0 {
		return white
	}
	return draw.Black
}

// boldInk is a label's ink on bg: black or white, whichever contrasts
// more.
func boldInk(bg draw.Colour) draw.Colour {
	if contrast(white, bg) > contrast(draw.Black, bg) {
		return white
	}
	return draw.Black
}

// textBounds is the box the text runs of ops take: from each run's
// ascent to its descent, as wide as its advances; ok is false when ops
// hold no text.
func textBounds(ops []draw.Op) (r layout.Rect, ok bool) {
	for _, op := range ops {
		t, is := op.(*draw.TextOp)
		if !is {
			continue
		}
		em := t.Size * layout.MMPerPoint
		w := 0.0
		for _, ch := range t.Text {
			a, _ := t.Font.Advance(ch)
			w += a * em
		}
		b := layout.Rect{X: t.X, Y: t.Y - 0.8*em, W: w, H: 1.05 * em}
		if !ok {
			r, ok = b, true
			continue
		}
		x0, y0 := min(r.X, b.X), min(r.Y, b.Y)
		r = layout.Rect{X: x0, Y: y0, W: max(r.Right(), b.Right()) - x0, H: max(r.Bottom(), b.Bottom()) - y0}
	}
	return r, ok
}
