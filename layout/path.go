package layout

import "math"

// PathVerb is one drawing command of a [Path].
type PathVerb uint8

const (
	// MoveTo starts a new subpath at one point.
	MoveTo PathVerb = iota
	// LineTo draws a straight line to one point.
	LineTo
	// CubicTo draws a cubic Bézier curve through two control points to a third.
	CubicTo
	// Close closes the current subpath.
	Close
)

// Path is a vector outline in millimetres: verbs and the points they use
// (one for MoveTo and LineTo, three for CubicTo, none for Close).
type Path struct {
	Verbs  []PathVerb
	Points []Point
}

// sized returns an empty path with room for verbs verbs and points
// points, for the shapes whose size is known: one allocation each, not
// one per doubling.
func sized(verbs, points int) Path {
	return Path{Verbs: make([]PathVerb, 0, verbs), Points: make([]Point, 0, points)}
}

// MoveTo starts a subpath.
func (p *Path) MoveTo(x, y float64) {
	p.Verbs = append(p.Verbs, MoveTo)
	p.Points = append(p.Points, Point{x, y})
}

// LineTo adds a straight line.
func (p *Path) LineTo(x, y float64) {
	p.Verbs = append(p.Verbs, LineTo)
	p.Points = append(p.Points, Point{x, y})
}

// CubicTo adds a cubic Bézier curve.
func (p *Path) CubicTo(x1, y1, x2, y2, x, y float64) {
	p.Verbs = append(p.Verbs, CubicTo)
	p.Points = append(p.Points, Point{x1, y1}, Point{x2, y2}, Point{x, y})
}

// Close closes the current subpath.
func (p *Path) Close() { p.Verbs = append(p.Verbs, Close) }

// Append adds every subpath of q to p.
func (p *Path) Append(q Path) {
	p.Verbs = append(p.Verbs, q.Verbs...)
	p.Points = append(p.Points, q.Points...)
}

// Transform returns the path with every point transformed by m.
func (p Path) Transform(m Affine) Path {
	q := Path{Verbs: p.Verbs, Points: make([]Point, len(p.Points))}
	for i, pt := range p.Points {
		q.Points[i] = m.Apply(pt)
	}
	return q
}

// Bounds returns the bounding box of the path's points (control points
// included, so it may be a little larger than the curve).
func (p Path) Bounds() Rect { return boundsOf(p.Points) }

// kappa places Bézier control points to approximate a quarter circle.
const kappa = 0.5522847498307936

// RectPath returns the outline of r, clockwise on the page.
func RectPath(r Rect) Path {
	p := sized(5, 4)
	p.MoveTo(r.X, r.Y)
	p.LineTo(r.Right(), r.Y)
	p.LineTo(r.Right(), r.Bottom())
	p.LineTo(r.X, r.Bottom())
	p.Close()
	return p
}

// RoundedRectPath returns the outline of r with corners of radius rad
// (clamped to half the shorter side); rad ≤ 0 gives a plain rectangle.
func RoundedRectPath(r Rect, rad float64) Path {
	rad = math.Min(rad, math.Min(r.W, r.H)/2)
	if rad <= 0 {
		return RectPath(r)
	}
	k := rad * kappa
	x0, y0, x1, y1 := r.X, r.Y, r.Right(), r.Bottom()
	p := sized(10, 17)
	p.MoveTo(x0+rad, y0)
	p.LineTo(x1-rad, y0)
	p.CubicTo(x1-rad+k, y0, x1, y0+rad-k, x1, y0+rad)
	p.LineTo(x1, y1-rad)
	p.CubicTo(x1, y1-rad+k, x1-rad+k, y1, x1-rad, y1)
	p.LineTo(x0+rad, y1)
	p.CubicTo(x0+rad-k, y1, x0, y1-rad+k, x0, y1-rad)
	p.LineTo(x0, y0+rad)
	p.CubicTo(x0, y0+rad-k, x0+rad-k, y0, x0+rad, y0)
	p.Close()
	return p
}

// EllipsePath returns the ellipse inscribed in r.
func EllipsePath(r Rect) Path {
	cx, cy, rx, ry := r.X+r.W/2, r.Y+r.H/2, r.W/2, r.H/2
	kx, ky := rx*kappa, ry*kappa
	var p Path
	p.MoveTo(cx+rx, cy)
	p.CubicTo(cx+rx, cy+ky, cx+kx, cy+ry, cx, cy+ry)
	p.CubicTo(cx-kx, cy+ry, cx-rx, cy+ky, cx-rx, cy)
	p.CubicTo(cx-rx, cy-ky, cx-kx, cy-ry, cx, cy-ry)
	p.CubicTo(cx+kx, cy-ry, cx+rx, cy-ky, cx+rx, cy)
	p.Close()
	return p
}

// PolygonPath returns the closed polygon through pts.
func PolygonPath(pts []Point) Path {
	var p Path
	for i, pt := range pts {
		if i == 0 {
			p.MoveTo(pt.X, pt.Y)
		} else {
			p.LineTo(pt.X, pt.Y)
		}
	}
	if len(pts) > 0 {
		p.Close()
	}
	return p
}

// LinePath returns the open path of one segment.
func LinePath(s Segment) Path {
	p := sized(2, 2)
	p.MoveTo(s.A.X, s.A.Y)
	p.LineTo(s.B.X, s.B.Y)
	return p
}
