package layout

// FreeStrip returns a strip of the page, clear of every card and mark,
// where a line of text h high fits: below the content, else above it,
// else beside it on the left or the right (turned, reading upwards). It
// keeps 1 mm from the page edge and 0.5 mm from the content; ok is false
// when no margin is wide enough. Below the content, the strip sits in the
// bottom margin, at most 3 mm above its own lowest place, so that a sheet
// whose last rows are empty keeps its label at the foot of the page.
func FreeStrip(p Page, h float64) (r Rect, turned bool, ok bool) {
	const edge, clear, lift = 1.0, 0.5, 3.0
	var pts []Point
	for _, pl := range p.Placements {
		pts = append(pts, Point{pl.Box.X, pl.Box.Y}, Point{pl.Box.Right(), pl.Box.Bottom()})
	}
	for _, m := range p.Marks {
		pts = append(pts, m.A, m.B)
	}
	if p.FoldLine != nil {
		pts = append(pts, p.FoldLine.A, p.FoldLine.B)
	}
	if len(pts) == 0 {
		return Rect{X: edge, Y: p.Size.H - edge - h, W: p.Size.W - 2*edge, H: h}, false, p.Size.H > h+2*edge
	}
	c := boundsOf(pts)
	// a fold line runs edge to edge; measure the margins of the cards instead
	if p.FoldLine != nil {
		var inner []Point
		for _, q := range pts {
			if q != p.FoldLine.A && q != p.FoldLine.B {
				inner = append(inner, q)
			}
		}
		c = boundsOf(inner)
	}
	below := p.Size.H - edge - (c.Bottom() + clear)
	above := c.Y - clear - edge
	left := c.X - clear - edge
	right := p.Size.W - edge - (c.Right() + clear)
	// centred in the free band
	switch {
	case below >= h:
		return Rect{X: c.X, Y: p.Size.H - edge - h - min((below-h)/2, lift), W: c.W, H: h}, false, true
	case above >= h:
		return Rect{X: c.X, Y: edge + (above-h)/2, W: c.W, H: h}, false, true
	case left >= h:
		return Rect{X: edge + (left-h)/2, Y: c.Y, W: h, H: c.H}, true, true
	case right >= h:
		return Rect{X: c.Right() + clear + (right-h)/2, Y: c.Y, W: h, H: c.H}, true, true
	}
	return Rect{}, false, false
}
