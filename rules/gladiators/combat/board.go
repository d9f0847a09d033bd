package combat

import (
	"fmt"
	"math"
	"slices"
	"sync/atomic"

	"github.com/deckpress/deckpress/layout"
)

// Arena is the ground of a fight, as the engine needs it: a rectangle of
// hexes, the hexes that stop walking and those that stop sight, and the
// sides' start zones. The command line makes one from an arena file;
// [OpenField] is the default.
type Arena struct {
	Name       string
	Cols, Rows int
	// Grid says how the hexes sit (Top, EvenShift); its size and origin
	// do not matter here.
	Grid layout.HexGrid
	// FeetPerHex is what a hex stands for (5 ft in the source).
	FeetPerHex int
	// Blocked hexes cannot be walked into or through: walls, buildings,
	// towers. Flight crosses them, and so does Wall Crawling, which climbs
	// them; both may end a move on one.
	Blocked []layout.Hex
	// Opaque hexes block a line of sight (Distance and Entangling Attack,
	// Teleport, noticing a gizmo) that passes through them.
	Opaque []layout.Hex
	// Zones are the start zones, side 1's first.
	Zones [][]layout.Hex
}

// Open field size and start zones.
const (
	OpenCols = 20
	OpenRows = 14
)

// OpenField returns the arena of a fight without an arena file: 20 × 14
// hexes of 5 ft, nothing in the way, the sides starting on the two short
// edges (the two outer columns each).
func OpenField() *Arena {
	a := &Arena{Name: "open field", Cols: OpenCols, Rows: OpenRows, FeetPerHex: 5, Zones: make([][]layout.Hex, 2)}
	for r := range OpenRows {
		for _, c := range []int{0, 1} {
			a.Zones[0] = append(a.Zones[0], layout.Hex{Col: c, Row: r})
			a.Zones[1] = append(a.Zones[1], layout.Hex{Col: OpenCols - 1 - c, Row: r})
		}
	}
	return a
}

// Board is an arena made ready for fights: hexes numbered, neighbours and
// distances at hand, zones sorted by nearness to the centre. It is read
// only once made, and may be shared by fights on several goroutines.
type Board struct {
	Arena *Arena
	n     int
	cube  []layout.Cube
	nb    [][6]int32 // neighbours; -1 off the map
	// blocked and opaque per cell
	blocked, opaque []bool
	anyOpaque       bool
	anyBlocked      bool
	// zones: per side, cells by nearness to the centre; ties are groups
	// of equal nearness (zoneTie[i] = the group's number)
	zones   [][]int32
	zoneTie [][]int32
	// los holds, per cell, a bitset of the cells in its sight; rows are
	// made when first asked for. Only a board of at most losCells cells
	// keeps them: a row costs a line to every cell, and all of them n²
	// bits.
	los []atomic.Pointer[[]uint64]
}

// NewBoard checks an arena and makes its board.
func NewBoard(a *Arena) (*Board, error) {
	if a.Cols < 1 || a.Rows < 1 {
		return nil, fmt.Errorf("arena %q: %d × %d hexes; it needs at least one", a.Name, a.Cols, a.Rows)
	}
	if a.FeetPerHex < 1 {
		return nil, fmt.Errorf("arena %q: a hex of %d ft; it must be at least 1 ft", a.Name, a.FeetPerHex)
	}
	if len(a.Zones) < 2 {
		return nil, fmt.Errorf("arena %q: %d start zones; a fight needs two", a.Name, len(a.Zones))
	}
	b := &Board{Arena: a, n: a.Cols * a.Rows}
	b.cube = make([]layout.Cube, b.n)
	index := map[layout.Cube]int32{}
	for i := range b.n {
		b.cube[i] = a.Grid.ToCube(b.hex(int32(i)))
		index[b.cube[i]] = int32(i)
	}
	b.nb = make([][6]int32, b.n)
	for i := range b.n {
		for k, c := range b.cube[i].Neighbours() {
			j, ok := index[c]
			if !ok {
				j = -1
			}
			b.nb[i][k] = j
		}
	}
	b.blocked = make([]bool, b.n)
	b.opaque = make([]bool, b.n)
	for _, set := range []struct {
		hexes []layout.Hex
		flag  []bool
		what  string
	}{{a.Blocked, b.blocked, "blocked"}, {a.Opaque, b.opaque, "opaque"}} {
		for _, h := range set.hexes {
			i, ok := b.cell(h)
			if !ok {
				return nil, fmt.Errorf("arena %q: %s hex %v is outside the %d × %d map", a.Name, set.what, h, a.Cols, a.Rows)
			}
			set.flag[i] = true
		}
	}
	b.anyBlocked = slices.Contains(b.blocked, true)
	b.anyOpaque = slices.Contains(b.opaque, true)
	if b.n <= losCells {
		b.los = make([]atomic.Pointer[[]uint64], b.n)
	}
	if err := b.sortZones(); err != nil {
		return nil, err
	}
	return b, nil
}

// sortZones orders each zone's hexes by distance from the map's centre
// (on the page, so that the order is the same seen from either edge).
func (b *Board) sortZones() error {
	a := b.Arena
	g := layout.HexGrid{Size: 1, Top: a.Grid.Top, EvenShift: a.Grid.EvenShift}
	lo := layout.Point{X: math.Inf(1), Y: math.Inf(1)}
	hi := layout.Point{X: math.Inf(-1), Y: math.Inf(-1)}
	for i := range b.n {
		p := g.Center(b.hex(int32(i)))
		lo.X, lo.Y = min(lo.X, p.X), min(lo.Y, p.Y)
		hi.X, hi.Y = max(hi.X, p.X), max(hi.Y, p.Y)
	}
	cx, cy := (lo.X+hi.X)/2, (lo.Y+hi.Y)/2
	dist := func(i int32) float64 {
		p := g.Center(b.hex(i))
		// rounded so that hexes the same distance away tie exactly
		return math.Round(math.Hypot(p.X-cx, p.Y-cy)*1e6) / 1e6
	}
	for z, hexes := range a.Zones {
		var cells []int32
		seen := map[int32]bool{}
		for _, h := range hexes {
			i, ok := b.cell(h)
			if !ok {
				return fmt.Errorf("arena %q: zone %d: hex %v is outside the %d × %d map", a.Name, z+1, h, a.Cols, a.Rows)
			}
			if !seen[i] && !b.blocked[i] {
				cells = append(cells, i)
			}
			seen[i] = true
		}
		slices.SortStableFunc(cells, func(x, y int32) int {
			dx, dy := dist(x), dist(y)
			switch {
			case dx < dy:
				return -1
			case dx > dy:
				return 1
			}
			return int(x - y)
		})
		ties := make([]int32, len(cells))
		for k := 1; k < len(cells); k++ {
			ties[k] = ties[k-1]
			if dist(cells[k]) != dist(cells[k-1]) {
				ties[k]++
			}
		}
		b.zones = append(b.zones, cells)
		b.zoneTie = append(b.zoneTie, ties)
	}
	return nil
}

// hex returns the hex of cell i (cells count along rows).
func (b *Board) hex(i int32) layout.Hex {
	return layout.Hex{Col: int(i) % b.Arena.Cols, Row: int(i) / b.Arena.Cols}
}

// cell returns the cell of a hex, and false when it is off the map.
func (b *Board) cell(h layout.Hex) (int32, bool) {
	if h.Col < 0 || h.Row < 0 || h.Col >= b.Arena.Cols || h.Row >= b.Arena.Rows {
		return -1, false
	}
	return int32(h.Row*b.Arena.Cols + h.Col), true
}

// dist returns the number of hex steps between two cells, as the crow
// flies.
func (b *Board) dist(i, j int32) int {
	return layout.HexDistance(b.cube[i], b.cube[j])
}

// losCells is the most cells a board caches lines of sight for: the
// rows of all of them take 128 KiB, made in well under a second. A larger board traces each line when
// asked, which costs its length instead of a line to every cell.
const losCells = 1024

// sees reports whether the straight line between two cells passes no
// opaque hex (the two ends do not count).
func (b *Board) sees(i, j int32) bool {
	if !b.anyOpaque {
		return true
	}
	if b.los == nil {
		return b.clearLine(i, j)
	}
	row := b.los[i].Load()
	if row == nil {
		bits := make([]uint64, (b.n+63)/64)
		for k := range b.n {
			if b.clearLine(i, int32(k)) {
				bits[k/64] |= 1 << (k % 64)
			}
		}
		b.los[i].Store(&bits)
		row = &bits
	}
	return (*row)[j/64]&(1<<(j%64)) != 0
}

func (b *Board) clearLine(i, j int32) bool {
	line := layout.HexLine(b.cube[i], b.cube[j])
	for _, c := range line {
		h := b.Arena.Grid.FromCube(c)
		if k, ok := b.cell(h); ok && k != i && k != j && b.opaque[k] {
			return false
		}
	}
	return true
}
