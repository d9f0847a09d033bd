// Package pathtest reads the paths of recorded drawings for tests: a
// path as polygons, one per subpath, each of its points in order (a
// curve's control points standing in for the curve, near enough for the
// hexes, panels and plates the tests look at), and whether a point lies
// inside one.
package pathtest

import "github.com/deckpress/deckpress/layout"

// Subpaths splits p into its subpaths' points.
func Subpaths(p layout.Path) [][]layout.Point {
	var out [][]layout.Point
	i := 0
	for _, v := range p.Verbs {
		switch v {
		case layout.MoveTo:
			out = append(out, []layout.Point{p.Points[i]})
			i++
		case layout.LineTo:
			out[len(out)-1] = append(out[len(out)-1], p.Points[i])
			i++
		case layout.CubicTo:
			out[len(out)-1] = append(out[len(out)-1], p.Points[i:i+3]...)
			i += 3
		}
	}
	return out
}

// InPolygon reports whether q lies inside a polygon (even-odd rule).
func InPolygon(q layout.Point, poly []layout.Point) bool {
	in := false
	for i, j := 0, len(poly)-1; i < len(poly); j, i = i, i+1 {
		a, b := poly[i], poly[j]
		if (a.Y > q.Y) != (b.Y > q.Y) && q.X < (b.X-a.X)*(q.Y-a.Y)/(b.Y-a.Y)+a.X {
			in = !in
		}
	}
	return in
}

// Inside reports whether q lies inside one of p's subpaths.
func Inside(q layout.Point, p layout.Path) bool {
	for _, poly := range Subpaths(p) {
		if InPolygon(q, poly) {
			return true
		}
	}
	return false
}
