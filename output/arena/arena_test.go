package arena

import (
	"io/fs"
	"strings"
	"testing"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/data"
	"github.com/deckpress/deckpress/layout"
)

func readMap(t *testing.T, path string, src []byte) (*Map, cards.Diagnostics) {
	t.Helper()
	root, diags := cards.Parse(path, src)
	if root == nil {
		t.Fatal(diags)
	}
	m, ds := Read(path, root)
	return m, append(diags, ds...)
}

func TestArenaDiagnostics(t *testing.T) {
	src := `arena: Broken
hexes: {cols: 10, rows: 8}
hex: 2 furlongs
top: sideways
terrain:
  wall: {fill: "#444"}
  lava: {fill: "#f00"}
paint:
  - {terrain: wal, hex: [1, 1]}
  - {terrain: wall, hex: [10, 3]}
  - {terrain: wall, rect: [[0, 0], [3, 9]]}
  - {terrain: wall, hex: [1, 1], line: [[0, 0], [2, 2]]}
labels:
  - {at: [-1, 2], text: Nowhere}
zones:
  red: [[1, 1], [20, 20]]
`
	_, diags := readMap(t, "a.yaml", []byte(src))
	var got []string
	for _, d := range diags.Sort() {
		got = append(got, d.String())
	}
	all := strings.Join(got, "\n")
	for _, want := range []string{
		`a.yaml:3:6: error: hex: "2 furlongs": unknown unit "furlongs"`,
		`a.yaml:4:6: error: top: unknown value "sideways"; expected one of flat, pointy`,
		`a.yaml:7:3: warning: terrain lava is never painted`,
		`a.yaml:9:15: error: unknown terrain "wal"; did you mean "wall"?`,
		`a.yaml:10:26: error: paint hex: hex 10,3 is outside the 10 × 8 map (columns 0–9, rows 0–7)`,
		`a.yaml:11:36: error: paint rect: hex 3,9 is outside the 10 × 8 map`,
		`a.yaml:12:5: error: a paint entry has a terrain and one of hex, hexes, rect, line, ring or disc; found 2 shapes`,
		`a.yaml:14:10: error: label at: hex -1,2 is outside the 10 × 8 map`,
		`a.yaml:16:17: error: zone red: hex 20,20 is outside the 10 × 8 map`,
	} {
		if !strings.Contains(all, want) {
			t.Errorf("missing %q in:\n%s", want, all)
		}
	}
}

func kitArena(t *testing.T) *Map {
	src, err := fs.ReadFile(data.FS, "kits/gladiators/arena.yaml")
	if err != nil {
		t.Fatal(err)
	}
	m, diags := readMap(t, "arena.yaml", src)
	if len(diags) != 0 {
		t.Fatal(diags)
	}
	return m
}

// TestTilesOverlap: the sample arena on Letter is tiled; neighbouring
// tiles share exactly one column or row of hexes, every hex of the map is
// on some tile, and each tile fits its page area.
func TestTilesOverlap(t *testing.T) {
	m := kitArena(t)
	letter, _ := layout.Paper("letter")
	_, tiles := m.Document(letter, layout.OrientAuto, 6)
	if len(tiles) < 2 {
		t.Fatalf("%d tiles: a 30 × 22 map of one-inch hexes needs several Letter pages", len(tiles))
	}
	seen := map[layout.Hex]bool{}
	for _, a := range tiles {
		for c := a.C0; c <= a.C1; c++ {
			for r := a.R0; r <= a.R1; r++ {
				seen[layout.Hex{Col: c, Row: r}] = true
			}
		}
		for _, b := range tiles {
			if b.Row == a.Row && b.Col == a.Col+1 && b.C0 != a.C1 {
				t.Errorf("%s and %s: columns %d–%d and %d–%d do not share one column", a.Name, b.Name, a.C0, a.C1, b.C0, b.C1)
			}
			if b.Col == a.Col && b.Row == a.Row+1 && b.R0 != a.R1 {
				t.Errorf("%s and %s: rows %d–%d and %d–%d do not share one row", a.Name, b.Name, a.R0, a.R1, b.R0, b.R1)
			}
		}
	}
	if len(seen) != m.Cols*m.Rows {
		t.Errorf("tiles show %d hexes, the map has %d", len(seen), m.Cols*m.Rows)
	}
}
