package layout

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"
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
	}{{0, 0, "A1"}, {0, 1, "A2"}, {1, 0, "B1"}, {25, 9, "Z10"}, {26, 0, "AA1"}, {27, 4, "AB5"}, {51, 0, "AZ1"}, {52, 0, "BA1"}, {701, 99, "ZZ100"}, {702, 0, "AAA1"}} {
		if got := TileName(c.row, c.col); got != c.want {
			t.Errorf("TileName(%d, %d) = %q, want %q", c.row, c.col, got, c.want)
		}
	}
}

// offsetSteps are the six neighbours of a hex in offset coordinates, as
// (column, row) steps, written out from the page: in a flat-top grid a
// shifted column sits half a hex lower than its neighbours, so from an
// unshifted column the side neighbours are in the same row and the one
// above, and from a shifted column in the same row and the one below. The
// same holds for pointy-top rows, shifted half a hex to the right.
func offsetSteps(g HexGrid, h Hex) [6]Hex {
	line := h.Col
	if g.Top == PointyTop {
		line = h.Row
	}
	shifted := (line%2 != 0) != g.EvenShift
	if g.Top == FlatTop {
		if shifted {
			return [6]Hex{{0, -1}, {0, 1}, {1, 0}, {1, 1}, {-1, 0}, {-1, 1}}
		}
		return [6]Hex{{0, -1}, {0, 1}, {1, -1}, {1, 0}, {-1, -1}, {-1, 0}}
	}
	if shifted {
		return [6]Hex{{-1, 0}, {1, 0}, {0, -1}, {1, -1}, {0, 1}, {1, 1}}
	}
	return [6]Hex{{-1, 0}, {1, 0}, {-1, -1}, {0, -1}, {-1, 1}, {0, 1}}
}

// bfsDistances counts steps from h to every hex of a square of offset
// coordinates around it, walking the neighbours of offsetSteps.
func bfsDistances(g HexGrid, from Hex, lo, hi int) map[Hex]int {
	dist := map[Hex]int{from: 0}
	queue := []Hex{from}
	for len(queue) > 0 {
		h := queue[0]
		queue = queue[1:]
		for _, s := range offsetSteps(g, h) {
			n := Hex{h.Col + s.Col, h.Row + s.Row}
			if _, seen := dist[n]; seen || n.Col < lo || n.Col > hi || n.Row < lo || n.Row > hi {
				continue
			}
			dist[n] = dist[h] + 1
			queue = append(queue, n)
		}
	}
	return dist
}

// TestHexDistanceByWalking compares HexDistance with the number of steps
// a walk between neighbours takes, for every pair of hexes of a small
// window in every grid (offsets negative too), and checks that the cube
// neighbours are the hexes next to each other on the page.
func TestHexDistanceByWalking(t *testing.T) {
	for _, g := range grids() {
		for _, from := range []Hex{{0, 0}, {1, 0}, {0, 1}, {1, 1}, {-3, -2}, {4, 5}, {-1, 3}} {
			// a walk of the shortest length stays near its ends
			dist := bfsDistances(g, from, -20, 25)
			for col := -4; col <= 7; col++ {
				for row := -4; row <= 7; row++ {
					to := Hex{col, row}
					if got := HexDistance(g.ToCube(from), g.ToCube(to)); got != dist[to] {
						t.Fatalf("%v top, even shift %v: distance %v → %v is %d, a walk takes %d", g.Top, g.EvenShift, from, to, got, dist[to])
					}
				}
			}
		}
		for _, h := range []Hex{{0, 0}, {1, 0}, {0, 1}, {1, 1}, {2, 3}, {-1, -1}, {-2, 5}} {
			want := map[Hex]bool{}
			for _, s := range offsetSteps(g, h) {
				want[Hex{h.Col + s.Col, h.Row + s.Row}] = true
			}
			for _, n := range g.ToCube(h).Neighbours() {
				if !want[g.FromCube(n)] {
					t.Fatalf("%v top, even shift %v: %v is not next to %v", g.Top, g.EvenShift, g.FromCube(n), h)
				}
				delete(want, g.FromCube(n))
			}
			if len(want) != 0 {
				t.Fatalf("%v top, even shift %v: neighbours of %v miss %v", g.Top, g.EvenShift, h, want)
			}
		}
	}
}

// TestHexDistanceExact pins distances worked out on paper.
func TestHexDistanceExact(t *testing.T) {
	for _, c := range []struct {
		top    HexTop
		even   bool
		a, b   Hex
		steps  int
		reason string
	}{
		{FlatTop, false, Hex{0, 0}, Hex{1, 1}, 2, "column 1 sits lower: (1,0) touches (0,0), (1,1) does not"},
		{FlatTop, false, Hex{0, 0}, Hex{1, -1}, 1, "up and to the right"},
		{FlatTop, true, Hex{0, 0}, Hex{1, 1}, 1, "column 0 sits lower: down and to the right"},
		{FlatTop, true, Hex{0, 0}, Hex{1, -1}, 2, ""},
		{PointyTop, false, Hex{0, 0}, Hex{1, 1}, 2, "row 1 sits right of row 0"},
		{PointyTop, false, Hex{0, 0}, Hex{-1, 1}, 1, "row 1 sits half a hex right: down and to the left"},
		{PointyTop, false, Hex{0, 0}, Hex{0, 1}, 1, ""},
		{PointyTop, true, Hex{0, 0}, Hex{1, 1}, 1, "row 0 sits right of row 1"},
		{PointyTop, true, Hex{0, 0}, Hex{-1, 1}, 2, ""},
		{FlatTop, false, Hex{0, 0}, Hex{5, 0}, 5, "along a row, zigzag"},
		{FlatTop, false, Hex{0, 0}, Hex{0, 4}, 4, "down a column"},
		{FlatTop, false, Hex{0, 0}, Hex{4, 4}, 6, "4 across climb 2 rows, 2 more down"},
		{FlatTop, false, Hex{0, 3}, Hex{3, 0}, 4, "3 across up-right climb 2 rows, 1 more"},
		{PointyTop, false, Hex{0, 0}, Hex{4, 4}, 6, ""},
		{PointyTop, true, Hex{0, 0}, Hex{0, 5}, 5, ""},
		{PointyTop, false, Hex{2, 0}, Hex{0, 0}, 2, ""},
		{FlatTop, true, Hex{-2, -3}, Hex{2, 1}, 6, "4 across climb 2 rows of the 4 needed: 2 more"},
	} {
		g := HexGrid{Size: 10, Top: c.top, EvenShift: c.even}
		if got := HexDistance(g.ToCube(c.a), g.ToCube(c.b)); got != c.steps {
			t.Errorf("%v top, even shift %v: %v → %v is %d steps, want %d (%s)", c.top, c.even, c.a, c.b, got, c.steps, c.reason)
		}
	}
	// the triangle inequality, on cube coordinates directly
	r := rand.New(rand.NewPCG(3, 4))
	cube := func() Cube {
		x, z := r.IntN(41)-20, r.IntN(41)-20
		return Cube{x, -x - z, z}
	}
	for i := 0; i < 5000; i++ {
		a, b, c := cube(), cube(), cube()
		if HexDistance(a, c) > HexDistance(a, b)+HexDistance(b, c) {
			t.Fatalf("%v → %v is longer than through %v", a, c, b)
		}
		if HexDistance(a, a) != 0 || a != (b) && HexDistance(a, b) == 0 {
			t.Fatalf("distance of %v and %v", a, b)
		}
	}
}

// TestHexCube pins the conversion to cube coordinates: x is the column
// (flat) or z the row (pointy), and moving down a flat column or along a
// pointy row moves between z and y, or x and y.
func TestHexCube(t *testing.T) {
	for _, c := range []struct {
		top  HexTop
		even bool
		h    Hex
		want Cube
	}{
		{FlatTop, false, Hex{0, 0}, Cube{0, 0, 0}},
		{FlatTop, false, Hex{0, 2}, Cube{0, -2, 2}},
		{FlatTop, false, Hex{1, 0}, Cube{1, -1, 0}},
		{FlatTop, false, Hex{2, 0}, Cube{2, -1, -1}},
		{FlatTop, false, Hex{3, 0}, Cube{3, -2, -1}},
		{FlatTop, false, Hex{-1, 0}, Cube{-1, 0, 1}},
		{FlatTop, true, Hex{1, 0}, Cube{1, 0, -1}},
		{FlatTop, true, Hex{3, 0}, Cube{3, -1, -2}},
		{FlatTop, true, Hex{-1, 0}, Cube{-1, 1, 0}},
		{PointyTop, false, Hex{0, 1}, Cube{0, -1, 1}},
		{PointyTop, false, Hex{2, 0}, Cube{2, -2, 0}},
		{PointyTop, false, Hex{0, 3}, Cube{-1, -2, 3}},
		{PointyTop, true, Hex{0, 1}, Cube{-1, 0, 1}},
		{PointyTop, true, Hex{0, -1}, Cube{0, 1, -1}},
	} {
		g := HexGrid{Size: 10, Top: c.top, EvenShift: c.even}
		if got := g.ToCube(c.h); got != c.want {
			t.Errorf("%v top, even shift %v: %v is cube %v, want %v", c.top, c.even, c.h, got, c.want)
		}
		if got := g.FromCube(c.want); got != c.h {
			t.Errorf("%v top, even shift %v: cube %v is %v, want %v", c.top, c.even, c.want, got, c.h)
		}
	}
}

// TestHexPlacement pins centres, corners and extents on the page for hexes
// whose side is 10 mm (10√3 across flats): flat-top columns 15 mm apart,
// rows 10√3; pointy-top the other way round.
func TestHexPlacement(t *testing.T) {
	s3 := math.Sqrt(3)
	S := 10 * s3 // across flats
	h := S / 2
	type grid struct {
		top  HexTop
		even bool
	}
	for _, c := range []struct {
		g      grid
		hex    Hex
		centre Point
	}{
		{grid{FlatTop, false}, Hex{0, 0}, Point{10, 10}},
		{grid{FlatTop, false}, Hex{1, 0}, Point{25, 10 + h}},
		{grid{FlatTop, false}, Hex{2, 1}, Point{40, 10 + S}},
		{grid{FlatTop, true}, Hex{0, 0}, Point{10, 10 + h}},
		{grid{FlatTop, true}, Hex{1, 2}, Point{25, 10 + 2*S}},
		{grid{PointyTop, false}, Hex{0, 1}, Point{10 + h, 25}},
		{grid{PointyTop, false}, Hex{2, 2}, Point{10 + 2*S, 40}},
		{grid{PointyTop, true}, Hex{0, 0}, Point{10 + h, 10}},
		{grid{PointyTop, true}, Hex{1, 1}, Point{10 + S, 25}},
	} {
		g := HexGrid{Size: S, Top: c.g.top, EvenShift: c.g.even, Origin: Point{10, 10}}
		if got := g.Center(c.hex); !nearPoint(got, c.centre) {
			t.Errorf("%+v: centre of %v at %v, want %v", c.g, c.hex, got, c.centre)
		}
		if !near(g.Side(), 10) {
			t.Errorf("side %v, want 10", g.Side())
		}
		// corners clockwise from the right (flat) or the top (pointy)
		x, y := c.centre.X, c.centre.Y
		want := [6]Point{{x + 10, y}, {x + 5, y + h}, {x - 5, y + h}, {x - 10, y}, {x - 5, y - h}, {x + 5, y - h}}
		if c.g.top == PointyTop {
			want = [6]Point{{x, y - 10}, {x + h, y - 5}, {x + h, y + 5}, {x, y + 10}, {x - h, y + 5}, {x - h, y - 5}}
		}
		got := g.Corners(c.hex)
		for i := range want {
			if !nearPoint(got[i], want[i]) {
				t.Errorf("%+v %v: corner %d at %v, want %v", c.g, c.hex, i, got[i], want[i])
			}
		}
		p := g.Path(c.hex)
		if len(p.Points) != 6 || len(p.Verbs) != 7 || p.Verbs[0] != MoveTo || p.Verbs[6] != Close || !nearPoint(p.Points[3], want[3]) {
			t.Errorf("%+v %v: path %+v", c.g, c.hex, p)
		}
	}
	for _, c := range []struct {
		g          grid
		cols, rows int
		want       Rect
	}{
		// 3 flat columns: x from 10 − 10 to 10 + 30 + 10; the shifted
		// column 1 reaches half a hex lower
		{grid{FlatTop, false}, 3, 2, Rect{0, 10 - h, 50, 2.5 * S}},
		{grid{FlatTop, false}, 1, 2, Rect{0, 10 - h, 20, 2 * S}},
		// column 0 shifted: a single column starts half a hex lower
		{grid{FlatTop, true}, 1, 3, Rect{0, 10, 20, 3 * S}},
		{grid{FlatTop, true}, 2, 1, Rect{0, 10 - h, 35, 1.5 * S}},
		{grid{PointyTop, false}, 2, 2, Rect{10 - h, 0, 2.5 * S, 35}},
		{grid{PointyTop, true}, 3, 1, Rect{10, 0, 3 * S, 20}},
		{grid{PointyTop, true}, 1, 2, Rect{10 - h, 0, 1.5 * S, 35}},
		{grid{FlatTop, false}, 0, 3, Rect{}},
	} {
		g := HexGrid{Size: S, Top: c.g.top, EvenShift: c.g.even, Origin: Point{10, 10}}
		if got := g.Extent(c.cols, c.rows); !nearRect(got, c.want) {
			t.Errorf("%+v %d × %d: extent %+v, want %+v", c.g, c.cols, c.rows, got, c.want)
		}
	}
}

// TestHexExtentCoversAll: the extent is the bounding box of every corner
// of every hex, for grids up to 6 × 6.
func TestHexExtentCoversAll(t *testing.T) {
	for _, g := range grids() {
		for cols := 1; cols <= 6; cols++ {
			for rows := 1; rows <= 6; rows++ {
				var pts []Point
				for c := 0; c < cols; c++ {
					for r := 0; r < rows; r++ {
						cs := g.Corners(Hex{c, r})
						pts = append(pts, cs[:]...)
					}
				}
				if got, want := g.Extent(cols, rows), boundsOf(pts); !nearRect(got, want) {
					t.Fatalf("%v top, even shift %v, %d × %d: extent %+v, want %+v", g.Top, g.EvenShift, cols, rows, got, want)
				}
			}
		}
	}
}

// TestHexLineExact pins lines, including ties where a line runs along the
// edge between two hexes (y against z, x against z, x against y): they are
// settled the same way in both directions.
func TestHexLineExact(t *testing.T) {
	for _, c := range []struct {
		a, b Cube
		want []Cube
	}{
		{Cube{0, 0, 0}, Cube{0, 0, 0}, []Cube{{0, 0, 0}}},
		{Cube{0, 0, 0}, Cube{3, -3, 0}, []Cube{{0, 0, 0}, {1, -1, 0}, {2, -2, 0}, {3, -3, 0}}},
		{Cube{0, 0, 0}, Cube{2, -1, -1}, []Cube{{0, 0, 0}, {1, 0, -1}, {2, -1, -1}}},
		{Cube{2, -1, -1}, Cube{0, 0, 0}, []Cube{{2, -1, -1}, {1, 0, -1}, {0, 0, 0}}},
		{Cube{0, 0, 0}, Cube{-1, 2, -1}, []Cube{{0, 0, 0}, {0, 1, -1}, {-1, 2, -1}}},
		{Cube{1, -3, 2}, Cube{4, -3, -1}, []Cube{{1, -3, 2}, {2, -3, 1}, {3, -3, 0}, {4, -3, -1}}},
		{Cube{0, 0, 0}, Cube{3, -1, -2}, []Cube{{0, 0, 0}, {1, 0, -1}, {2, -1, -1}, {3, -1, -2}}},
		{Cube{0, 0, 0}, Cube{-3, 1, 2}, []Cube{{0, 0, 0}, {-1, 0, 1}, {-2, 1, 1}, {-3, 1, 2}}},
		{Cube{0, 0, 0}, Cube{1, 1, -2}, []Cube{{0, 0, 0}, {0, 1, -1}, {1, 1, -2}}},
		{Cube{1, 1, -2}, Cube{0, 0, 0}, []Cube{{1, 1, -2}, {0, 1, -1}, {0, 0, 0}}},
		{Cube{-4, 2, 2}, Cube{1, 3, -4}, []Cube{{-4, 2, 2}, {-3, 2, 1}, {-2, 2, 0}, {-2, 3, -1}, {-1, 3, -2}, {0, 3, -3}, {1, 3, -4}}},
	} {
		got := HexLine(c.a, c.b)
		if len(got) != len(c.want) {
			t.Errorf("line %v → %v: %v, want %v", c.a, c.b, got, c.want)
			continue
		}
		for i := range got {
			if got[i] != c.want[i] {
				t.Errorf("line %v → %v: %v, want %v", c.a, c.b, got, c.want)
				break
			}
		}
	}
}

// TestHexRingWalk: a ring of radius r around any hex is 6r distinct hexes
// at distance r, each next to the one before, the last next to the first.
func TestHexRingWalk(t *testing.T) {
	for _, centre := range []Cube{{0, 0, 0}, {3, -5, 2}, {-4, 1, 3}} {
		for _, c := range []struct {
			radius, n int
		}{{-1, 1}, {0, 1}, {1, 6}, {2, 12}, {5, 30}} {
			ring := HexRing(centre, c.radius)
			if len(ring) != c.n {
				t.Fatalf("ring of radius %d: %d hexes, want %d", c.radius, len(ring), c.n)
			}
			if c.radius <= 0 {
				if ring[0] != centre {
					t.Fatalf("ring of radius %d: %v, want the centre %v", c.radius, ring, centre)
				}
				continue
			}
			seen := map[Cube]bool{}
			for i, h := range ring {
				if HexDistance(centre, h) != c.radius || seen[h] || h.X+h.Y+h.Z != 0 {
					t.Fatalf("ring of radius %d around %v: %v", c.radius, centre, ring)
				}
				seen[h] = true
				if next := ring[(i+1)%len(ring)]; HexDistance(h, next) != 1 {
					t.Fatalf("ring of radius %d around %v jumps from %v to %v", c.radius, centre, h, next)
				}
			}
		}
	}
}

func TestHexNames(t *testing.T) {
	for i, name := range []string{"flat", "pointy"} {
		top, err := ParseHexTop(" " + strings.ToUpper(name))
		if err != nil || top != HexTop(i) || top.String() != name {
			t.Errorf("ParseHexTop(%q) = %v, %v", name, top, err)
		}
	}
	if _, err := ParseHexTop("round"); err == nil || !strings.Contains(err.Error(), `unknown hex top "round"; expected one of flat, pointy`) {
		t.Errorf("ParseHexTop(round): %v", err)
	}
	if s := (Hex{3, -2}).String(); s != "3,-2" {
		t.Errorf("hex string %q", s)
	}
}

// nearestCubes lists the hexes whose centres are nearest to the point
// (x, y, z) of the cube plane, more than one on a tie (within 1e-9).
func nearestCubes(x, y, z float64) []Cube {
	var out []Cube
	best := math.Inf(1)
	for cx := int(math.Floor(x)) - 1; cx <= int(math.Floor(x))+2; cx++ {
		for cz := int(math.Floor(z)) - 1; cz <= int(math.Floor(z))+2; cz++ {
			c := Cube{cx, -cx - cz, cz}
			d := math.Pow(float64(c.X)-x, 2) + math.Pow(float64(c.Y)-y, 2) + math.Pow(float64(c.Z)-z, 2)
			switch {
			case d < best-1e-9:
				best, out = d, []Cube{c}
			case d <= best+1e-9:
				out = append(out, c)
			}
		}
	}
	return out
}

// TestHexLineNearest: the i-th hex of a line of n steps from a to b is
// the hex whose centre is nearest to the point i/n of the way, the line
// shifted by a hair (1e-6, 2e-6, −3e-6) to settle which side of an edge
// it passes. The shift is parallel to no edge, so every point has one
// nearest hex, and the line from b to a is the same hexes reversed.
func TestHexLineNearest(t *testing.T) {
	var cs []Cube
	for x := -4; x <= 4; x++ {
		for z := -4; z <= 4; z++ {
			cs = append(cs, Cube{x, -x - z, z})
		}
	}
	for _, a := range cs {
		for _, b := range cs {
			line := HexLine(a, b)
			n := HexDistance(a, b)
			if len(line) != n+1 {
				t.Fatalf("line %v → %v: %d hexes for %d steps", a, b, len(line), n)
			}
			for i, h := range line {
				f := 0.0
				if n > 0 {
					f = float64(i) / float64(n)
				}
				at := func(p, q int, hair float64) float64 { return float64(p) + float64(q-p)*f + hair }
				near := nearestCubes(at(a.X, b.X, 1e-6), at(a.Y, b.Y, 2e-6), at(a.Z, b.Z, -3e-6))
				if len(near) != 1 || near[0] != h {
					t.Fatalf("line %v → %v: hex %d is %v, the nearest is %v", a, b, i, h, near)
				}
			}
			back := HexLine(b, a)
			slices.Reverse(back)
			if !slices.Equal(line, back) {
				t.Fatalf("line %v → %v is %v, but back from %v it is %v reversed", a, b, line, b, back)
			}
		}
	}
}
