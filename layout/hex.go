package layout

import (
	"fmt"
	"math"
	"strings"
)

// HexTop is the way hexagons stand: with a flat edge on top, or a corner.
type HexTop uint8

const (
	// FlatTop hexes have flat top and bottom edges; columns are shifted.
	FlatTop HexTop = iota
	// PointyTop hexes have a corner on top; rows are shifted.
	PointyTop
)

// HexTopNames are the names of HexTop values.
var HexTopNames = []string{"flat", "pointy"}

func (t HexTop) String() string { return HexTopNames[t] }

// ParseHexTop reads "flat" or "pointy".
func ParseHexTop(s string) (HexTop, error) {
	i, err := parseName(s, "hex top", HexTopNames)
	return HexTop(i), err
}

// Hex is a hexagon in offset coordinates: column and row, from 0.
type Hex struct{ Col, Row int }

// String writes the hex as "col,row".
func (h Hex) String() string { return fmt.Sprintf("%d,%d", h.Col, h.Row) }

// Cube is a hexagon in cube coordinates, X + Y + Z = 0.
type Cube struct{ X, Y, Z int }

// HexGrid places hexagons of a size on the page. Size is the distance
// across flats (the wargame convention: a 1 inch hex is 25.4 mm between
// opposite edges). Flat-top grids shift every odd column down by half a
// hex, pointy-top grids every odd row right (EvenShift: the even ones).
type HexGrid struct {
	Size      float64 // across flats, mm
	Top       HexTop
	EvenShift bool
	Origin    Point // the centre of hex 0,0
}

// Side returns the length of a hexagon's edge (and its corner radius).
func (g HexGrid) Side() float64 { return g.Size / math.Sqrt(3) }

// shifted reports whether a column (flat) or row (pointy) is shifted.
func (g HexGrid) shifted(n int) bool {
	odd := n&1 == 1
	return odd != g.EvenShift
}

// Pitch returns the distance between neighbouring columns and rows.
func (g HexGrid) Pitch() (dx, dy float64) {
	if g.Top == FlatTop {
		return 1.5 * g.Side(), g.Size
	}
	return g.Size, 1.5 * g.Side()
}

// Center returns the centre of a hex on the page.
func (g HexGrid) Center(h Hex) Point {
	dx, dy := g.Pitch()
	x, y := g.Origin.X+float64(h.Col)*dx, g.Origin.Y+float64(h.Row)*dy
	if g.Top == FlatTop && g.shifted(h.Col) {
		y += g.Size / 2
	}
	if g.Top == PointyTop && g.shifted(h.Row) {
		x += g.Size / 2
	}
	return Point{x, y}
}

// Corners returns the six corners of a hex, clockwise.
func (g HexGrid) Corners(h Hex) [6]Point {
	c, r := g.Center(h), g.Side()
	start := 0.0
	if g.Top == PointyTop {
		start = -90
	}
	var out [6]Point
	for i := range out {
		a := (start + 60*float64(i)) * math.Pi / 180
		out[i] = Point{c.X + r*math.Cos(a), c.Y + r*math.Sin(a)}
	}
	return out
}

// Path returns the outline of a hex.
func (g HexGrid) Path(h Hex) Path {
	cs := g.Corners(h)
	return PolygonPath(cs[:])
}

// Extent returns the box that cols × rows hexes from 0,0 cover.
func (g HexGrid) Extent(cols, rows int) Rect {
	var pts []Point
	for _, h := range []Hex{{0, 0}, {1, 0}, {0, 1}, {cols - 1, 0}, {0, rows - 1}, {cols - 1, rows - 1}, {cols - 2, rows - 1}, {cols - 1, rows - 2}} {
		if h.Col < 0 || h.Row < 0 || h.Col >= cols || h.Row >= rows {
			continue
		}
		cs := g.Corners(h)
		pts = append(pts, cs[:]...)
	}
	return boundsOf(pts)
}

// ToCube converts offset coordinates to cube coordinates.
func (g HexGrid) ToCube(h Hex) Cube {
	var x, z int
	if g.Top == FlatTop {
		x = h.Col
		z = h.Row - g.half(h.Col)
	} else {
		z = h.Row
		x = h.Col - g.half(h.Row)
	}
	return Cube{x, -x - z, z}
}

// FromCube converts cube coordinates to offset coordinates.
func (g HexGrid) FromCube(c Cube) Hex {
	if g.Top == FlatTop {
		return Hex{Col: c.X, Row: c.Z + g.half(c.X)}
	}
	return Hex{Col: c.X + g.half(c.Z), Row: c.Z}
}

// half returns how far the shifted lines move the offset: floor(n/2) for
// odd shifts, ceil(n/2) for even ones.
func (g HexGrid) half(n int) int {
	if g.EvenShift {
		return (n + (n & 1)) >> 1
	}
	return (n - (n & 1)) >> 1
}

var cubeDirs = [6]Cube{{1, -1, 0}, {1, 0, -1}, {0, 1, -1}, {-1, 1, 0}, {-1, 0, 1}, {0, -1, 1}}

// Neighbours returns the six hexes next to c.
func (c Cube) Neighbours() [6]Cube {
	var out [6]Cube
	for i, d := range cubeDirs {
		out[i] = Cube{c.X + d.X, c.Y + d.Y, c.Z + d.Z}
	}
	return out
}

// HexDistance returns the number of steps between two hexes.
func HexDistance(a, b Cube) int {
	return max(abs(a.X-b.X), abs(a.Y-b.Y), abs(a.Z-b.Z))
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// HexLine returns the hexes a straight line from a to b passes through,
// both ends included.
func HexLine(a, b Cube) []Cube {
	n := HexDistance(a, b)
	out := make([]Cube, 0, n+1)
	for i := 0; i <= n; i++ {
		t := 0.0
		if n > 0 {
			t = float64(i) / float64(n)
		}
		// Nudge the line off the edges between hexes so that no point
		// of it is exactly tied between two hexes. The nudge is parallel
		// to none of the three edge directions, (1,1,-2), (1,-2,1) and
		// (-2,1,1), so it settles every tie, and since both ends move
		// alike, the line from b to a passes through the same hexes.
		out = append(out, cubeRound(
			lerp(float64(a.X)+1e-6, float64(b.X)+1e-6, t),
			lerp(float64(a.Y)+2e-6, float64(b.Y)+2e-6, t),
			lerp(float64(a.Z)-3e-6, float64(b.Z)-3e-6, t)))
	}
	return out
}

func lerp(a, b, t float64) float64 { return a + (b-a)*t }

func cubeRound(x, y, z float64) Cube {
	rx, ry, rz := math.Round(x), math.Round(y), math.Round(z)
	dx, dy, dz := math.Abs(rx-x), math.Abs(ry-y), math.Abs(rz-z)
	switch {
	case dx > dy && dx > dz:
		rx = -ry - rz
	case dy > dz:
		ry = -rx - rz
	default:
		rz = -rx - ry
	}
	return Cube{int(rx), int(ry), int(rz)}
}

// HexRing returns the hexes at exactly radius steps from c (c itself for
// radius 0).
func HexRing(c Cube, radius int) []Cube {
	if radius <= 0 {
		return []Cube{c}
	}
	var out []Cube
	d := cubeDirs[4]
	h := Cube{c.X + d.X*radius, c.Y + d.Y*radius, c.Z + d.Z*radius}
	for side := 0; side < 6; side++ {
		for k := 0; k < radius; k++ {
			out = append(out, h)
			h = h.Neighbours()[side]
		}
	}
	return out
}

// TileName returns the grid reference of a map tile: a letter for its row
// of tiles, a number for its column: A1, A2 … B1.
func TileName(row, col int) string {
	var b strings.Builder
	n := row
	for {
		b.WriteByte(byte('A' + n%26))
		n = n/26 - 1
		if n < 0 {
			break
		}
	}
	r := []byte(b.String())
	for i, j := 0, len(r)-1; i < j; i, j = i+1, j-1 {
		r[i], r[j] = r[j], r[i]
	}
	return fmt.Sprintf("%s%d", r, col+1)
}
