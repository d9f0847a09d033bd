package arena

import (
	"io/fs"
	"strings"
	"testing"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/data"
	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/templates/draw"
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

// TestLabelsInsideTheMap: every label is printed on the overview and on
// each tile it falls on, at 6 pt or more, and its words lie inside the
// map's hexes on that page (the kit's Stairs sits at a tile's last
// column, where it once ran into the margin).
func TestLabelsInsideTheMap(t *testing.T) {
	m := kitArena(t)
	a4, _ := layout.Paper("a4")
	doc, tiles := m.Document(a4, layout.OrientAuto, 6)
	if len(doc.Pages) != len(tiles)+1 {
		t.Fatalf("%d pages for %d tiles", len(doc.Pages), len(tiles))
	}
	onTiles := map[string]int{}
	for i, p := range doc.Pages {
		var hexes layout.Rect // the hexes' extent on the page: the union of the hex outlines
		first := true
		for _, op := range p.Layers[0].Face.Ops {
			if po, ok := op.(*draw.PathOp); ok && po.Stroke == lineGrey {
				b := po.Path.Bounds()
				if first {
					hexes, first = b, false
				} else {
					x0, y0 := min(hexes.X, b.X), min(hexes.Y, b.Y)
					hexes = layout.Rect{X: x0, Y: y0, W: max(hexes.Right(), b.Right()) - x0, H: max(hexes.Bottom(), b.Bottom()) - y0}
				}
			}
		}
		for _, op := range p.Layers[0].Face.Ops {
			to, ok := op.(*draw.TextOp)
			if !ok {
				continue
			}
			for _, l := range m.Labels {
				if !strings.Contains(l.Text, to.Text) {
					continue
				}
				if i > 0 {
					onTiles[l.Text]++
				} else {
					onTiles["overview "+l.Text]++
				}
				if to.Size < 6 {
					t.Errorf("page %d: label %q at %.1f pt", i+1, to.Text, to.Size)
				}
				if to.X < hexes.X || to.X > hexes.Right() || to.Y < hexes.Y || to.Y > hexes.Bottom() {
					t.Errorf("page %d: label %q at %.1f,%.1f outside the hexes %+v", i+1, to.Text, to.X, to.Y, hexes)
				}
			}
		}
	}
	for _, l := range m.Labels {
		if onTiles[l.Text] == 0 || onTiles["overview "+l.Text] == 0 {
			t.Errorf("label %q: on %d tiles, %d times on the overview", l.Text, onTiles[l.Text], onTiles["overview "+l.Text])
		}
	}
}
