package layout

import (
	"math"
	"math/rand/v2"
	"testing"
)

func grids() []HexGrid {
	var out []HexGrid
	for _, top := range []HexTop{FlatTop, PointyTop} {
		for _, even := range []bool{false, true} {
			out = append(out, HexGrid{Size: 25.4, Top: top, EvenShift: even, Origin: Point{10, 10}})
		}
	}
	return out
}

// TestHexCoordinates: offset ↔ cube round trips, distance is symmetric and
// neighbours are at distance 1 and touch on the page.
func TestHexCoordinates(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, g := range grids() {
		for i := 0; i < 2000; i++ {
			h := Hex{r.IntN(60) - 10, r.IntN(60) - 10}
			c := g.ToCube(h)
			if c.X+c.Y+c.Z != 0 || g.FromCube(c) != h {
				t.Fatalf("%+v: %v → %v → %v", g, h, c, g.FromCube(c))
			}
			o := g.ToCube(Hex{r.IntN(60) - 10, r.IntN(60) - 10})
			if HexDistance(c, o) != HexDistance(o, c) {
				t.Fatalf("distance not symmetric")
			}
			for _, n := range c.Neighbours() {
				if HexDistance(c, n) != 1 {
					t.Fatalf("%v neighbour %v at distance %d", c, n, HexDistance(c, n))
				}
				// on the page, neighbours' centres are one hex apart
				d := math.Hypot(g.Center(g.FromCube(n)).X-g.Center(h).X, g.Center(g.FromCube(n)).Y-g.Center(h).Y)
				if math.Abs(d-g.Size) > 1e-9 {
					t.Fatalf("%+v: neighbours %v and %v are %v mm apart", g, h, g.FromCube(n), d)
				}
			}
			line := HexLine(c, o)
			if len(line) != HexDistance(c, o)+1 || line[0] != c || line[len(line)-1] != o {
				t.Fatalf("line %v → %v: %v", c, o, line)
			}
			for k := 1; k < len(line); k++ {
				if HexDistance(line[k-1], line[k]) != 1 {
					t.Fatalf("line %v → %v jumps at %d", c, o, k)
				}
			}
		}
		ring := HexRing(Cube{}, 3)
		if len(ring) != 18 {
			t.Fatalf("ring of radius 3 has %d hexes", len(ring))
		}
		for _, h := range ring {
			if HexDistance(Cube{}, h) != 3 {
				t.Fatalf("ring hex %v at distance %d", h, HexDistance(Cube{}, h))
			}
		}
	}
}

// TestHexShape: across flats is the size; across corners twice the side.
func TestHexShape(t *testing.T) {
	for _, g := range grids() {
		cs := g.Corners(Hex{3, 4})
		flats := math.Hypot((cs[0].X+cs[1].X)/2-(cs[3].X+cs[4].X)/2, (cs[0].Y+cs[1].Y)/2-(cs[3].Y+cs[4].Y)/2)
		corners := math.Hypot(cs[0].X-cs[3].X, cs[0].Y-cs[3].Y)
		if math.Abs(flats-25.4) > 1e-9 || math.Abs(corners-2*25.4/math.Sqrt(3)) > 1e-9 {
			t.Errorf("%+v: across flats %v, across corners %v", g, flats, corners)
		}
	}
}

func TestTileName(t *testing.T) {
	for _, c := range []struct {
		row, col int
		want     string
	}{{0, 0, "A1"}, {0, 1, "A2"}, {1, 0, "B1"}, {25, 9, "Z10"}, {26, 0, "AA1"}} {
		if got := TileName(c.row, c.col); got != c.want {
			t.Errorf("TileName(%d, %d) = %q, want %q", c.row, c.col, got, c.want)
		}
	}
}
