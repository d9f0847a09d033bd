package layout

import "math"

// Point is a position in millimetres.
type Point struct{ X, Y float64 }

// Size is a width and height in millimetres.
type Size struct{ W, H float64 }

// Rotated returns the size turned 90°.
func (s Size) Rotated() Size { return Size{s.H, s.W} }

// Landscape reports whether s is wider than tall.
func (s Size) Landscape() bool { return s.W > s.H }

// Rect is an axis-aligned rectangle in millimetres: top-left corner and size.
type Rect struct{ X, Y, W, H float64 }

// Right returns the x of the right edge.
func (r Rect) Right() float64 { return r.X + r.W }

// Bottom returns the y of the bottom edge.
func (r Rect) Bottom() float64 { return r.Y + r.H }

// Inset returns r shrunk by d on every side (grown when d < 0).
func (r Rect) Inset(d float64) Rect { return Rect{r.X + d, r.Y + d, r.W - 2*d, r.H - 2*d} }

// Contains reports whether s lies within r, allowing eps of rounding.
func (r Rect) Contains(s Rect, eps float64) bool {
	return s.X >= r.X-eps && s.Y >= r.Y-eps && s.Right() <= r.Right()+eps && s.Bottom() <= r.Bottom()+eps
}

// Intersect returns the part of r that lies in s; it has no area (and
// lies at the nearer corner) when they do not overlap.
func (r Rect) Intersect(s Rect) Rect {
	x0, y0 := max(r.X, s.X), max(r.Y, s.Y)
	x1, y1 := max(x0, min(r.Right(), s.Right())), max(y0, min(r.Bottom(), s.Bottom()))
	return Rect{x0, y0, x1 - x0, y1 - y0}
}

// Overlaps reports whether r and s share area more than eps deep.
func (r Rect) Overlaps(s Rect, eps float64) bool {
	return r.X < s.Right()-eps && s.X < r.Right()-eps && r.Y < s.Bottom()-eps && s.Y < r.Bottom()-eps
}

// Affine is a 2-D affine transform in the PDF convention:
//
//	x' = A·x + C·y + E
//	y' = B·x + D·y + F
type Affine struct{ A, B, C, D, E, F float64 }

// Identity is the transform that changes nothing.
var Identity = Affine{A: 1, D: 1}

// Translate returns a move by (dx, dy).
func Translate(dx, dy float64) Affine { return Affine{A: 1, D: 1, E: dx, F: dy} }

// Scale returns a scaling by sx and sy about the origin.
func Scale(sx, sy float64) Affine { return Affine{A: sx, D: sy} }

// Rotate returns a rotation by deg degrees about the origin, clockwise as
// seen on the page (y grows down). Multiples of 90° are exact.
func Rotate(deg float64) Affine {
	var s, c float64
	switch math.Mod(math.Mod(deg, 360)+360, 360) {
	case 0:
		s, c = 0, 1
	case 90:
		s, c = 1, 0
	case 180:
		s, c = 0, -1
	case 270:
		s, c = -1, 0
	default:
		s, c = math.Sincos(deg * math.Pi / 180)
	}
	return Affine{A: c, B: s, C: -s, D: c}
}

// MirrorX returns the reflection x → w − x.
func MirrorX(w float64) Affine { return Affine{A: -1, D: 1, E: w} }

// MirrorY returns the reflection y → h − y.
func MirrorY(h float64) Affine { return Affine{A: 1, D: -1, F: h} }

// Then returns the transform that applies m first and n after it.
func (m Affine) Then(n Affine) Affine {
	return Affine{
		A: n.A*m.A + n.C*m.B,
		B: n.B*m.A + n.D*m.B,
		C: n.A*m.C + n.C*m.D,
		D: n.B*m.C + n.D*m.D,
		E: n.A*m.E + n.C*m.F + n.E,
		F: n.B*m.E + n.D*m.F + n.F,
	}
}

// Apply transforms a point.
func (m Affine) Apply(p Point) Point {
	return Point{m.A*p.X + m.C*p.Y + m.E, m.B*p.X + m.D*p.Y + m.F}
}

// Angle returns the rotation of m in degrees, clockwise on the page, in
// [0, 360); meaningful for rotations and translations.
func (m Affine) Angle() float64 {
	a := math.Atan2(m.B, m.A) * 180 / math.Pi
	a = math.Round(a*1e9) / 1e9
	if a < 0 {
		a += 360
	}
	return a
}

// Det returns the determinant; negative for a mirroring transform.
func (m Affine) Det() float64 { return m.A*m.D - m.B*m.C }

// Bounds returns the bounding box of r transformed by m.
func (m Affine) Bounds(r Rect) Rect {
	pts := [4]Point{
		m.Apply(Point{r.X, r.Y}), m.Apply(Point{r.Right(), r.Y}),
		m.Apply(Point{r.X, r.Bottom()}), m.Apply(Point{r.Right(), r.Bottom()}),
	}
	return boundsOf(pts[:])
}

func boundsOf(pts []Point) Rect {
	if len(pts) == 0 {
		return Rect{}
	}
	minX, minY, maxX, maxY := pts[0].X, pts[0].Y, pts[0].X, pts[0].Y
	for _, p := range pts[1:] {
		minX, maxX = math.Min(minX, p.X), math.Max(maxX, p.X)
		minY, maxY = math.Min(minY, p.Y), math.Max(maxY, p.Y)
	}
	return Rect{minX, minY, maxX - minX, maxY - minY}
}

// Segment is a straight line from A to B, for marks and rules.
type Segment struct{ A, B Point }
