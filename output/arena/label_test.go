package arena

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/deckpress/deckpress/internal/pathtest"
	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/templates/draw"
)

// paintedUnder is the colour the page shows at q under op number upto:
// white paper, then every fill drawn before it whose outline holds q,
// composited in order (hatch lines and outlines aside).
func paintedUnder(ops []draw.Op, upto int, q layout.Point) draw.Colour {
	c := white
	for _, op := range ops[:upto] {
		po, ok := op.(*draw.PathOp)
		if !ok || !po.Fill.Visible() {
			continue
		}
		for _, sp := range pathtest.Subpaths(po.Path) {
			if pathtest.InPolygon(q, sp) {
				c = over(po.Fill, c)
				break
			}
		}
	}
	return c
}

// hexOutlines are the outlines of the hexes drawn on a page.
func hexOutlines(ops []draw.Op) [][]layout.Point {
	for _, op := range ops {
		if po, ok := op.(*draw.PathOp); ok && po.Stroke == lineGrey && !po.Fill.Visible() {
			return pathtest.Subpaths(po.Path)
		}
	}
	return nil
}

func centre(r layout.Rect) layout.Point { return layout.Point{X: r.X + r.W/2, Y: r.Y + r.H/2} }

func corners(r layout.Rect) []layout.Point {
	return []layout.Point{{X: r.X, Y: r.Y}, {X: r.Right(), Y: r.Y}, {X: r.X, Y: r.Bottom()}, {X: r.Right(), Y: r.Bottom()}}
}

var coordRE = regexp.MustCompile(`^\d+,\d+$`)

// TestLabelsOnTheirTerrain: a label is drawn on the terrain it names,
// not on a fixed hex. On the overview and on every tile that carries it,
// each of its words lies in a hex of that terrain; on a tile the words
// keep inside that one hex (they cross no outline) and clear of every
// crosshair and every hex's coordinates; a label is drawn only on tiles
// that show its terrain, and not on a tile that shows it only in the rows
// and columns it shares when another tile shows it whole (the kit's
// Stairs, painted on 12–13 × 5–7, is on A2 and B2, never on A1 or B1). Its
// ink reads on its hex (4.5:1).
func TestLabelsOnTheirTerrain(t *testing.T) {
	m := kitArena(t)
	for _, tc := range []struct {
		paper string
		want  map[string][]string // label → the tiles it is drawn on; nil: not checked
	}{
		{"a4", map[string][]string{"Pool": {"B2", "C2"}, "Water tower": {"A3"}, "Stairs": {"A2", "B2"}}},
		{"letter", nil},
		{"a3", nil},
	} {
		t.Run(tc.paper, func(t *testing.T) {
			paper, _ := layout.Paper(tc.paper)
			doc, tiles := m.Document(paper, layout.OrientAuto, 6)
			on := map[string][]string{}
			for i, p := range doc.Pages {
				ops := p.Layers[0].Face.Ops
				name := "overview"
				if i > 0 {
					name = tiles[i-1].Name
				}
				hexes := hexOutlines(ops)
				var marks, coords []layout.Rect
				for _, op := range ops {
					switch op := op.(type) {
					case *draw.PathOp:
						if op.Stroke == markColor && op.Width == 0.2 {
							for _, sp := range pathtest.Subpaths(op.Path) {
								marks = append(marks, layout.PolygonPath(sp).Bounds())
							}
						}
					case *draw.TextOp:
						if coordRE.MatchString(op.Text) {
							b, _ := textBounds([]draw.Op{op})
							coords = append(coords, b)
						}
					}
				}
				for _, l := range m.Labels {
					drawn := false
					for k, op := range ops {
						to, ok := op.(*draw.TextOp)
						if !ok || !strings.Contains(to.Font.ID(), "bold") || strings.TrimSpace(to.Text) == "" || !strings.Contains(l.Text, to.Text) {
							continue
						}
						drawn = true
						b, _ := textBounds([]draw.Op{to})
						c := centre(b)
						if to.Size < 6 {
							t.Errorf("%s: %q at %.1f pt", name, to.Text, to.Size)
						}
						if got := paintedUnder(ops, k, c); contrast(to.Colour, got) < minContrast {
							t.Errorf("%s: %q in %v on %v: contrast %.2f", name, to.Text, to.Colour, got, contrast(to.Colour, got))
						}
						// in a hex of its terrain: the hex fills of its colour
						inTerrain := false
						for _, op := range ops[:k] {
							if po, ok := op.(*draw.PathOp); ok && l.Terrain != nil && po.Fill == l.Terrain.Fill && len(po.Path.Verbs) == 7 && pathtest.InPolygon(c, pathtest.Subpaths(po.Path)[0]) {
								inTerrain = true
							}
						}
						if l.Terrain != nil && !inTerrain {
							t.Errorf("%s: %q at %.1f,%.1f is not on its terrain, %s", name, to.Text, c.X, c.Y, l.Terrain.Name)
						}
						if i == 0 {
							continue
						}
						for _, hex := range hexes {
							if !pathtest.InPolygon(c, hex) {
								continue
							}
							for _, q := range corners(b) {
								if !pathtest.InPolygon(q, hex) {
									t.Errorf("%s: %q (%+v) runs out of its hex, over its outline", name, to.Text, b)
								}
							}
						}
						for _, r := range slices.Concat(marks, coords) {
							if r.Overlaps(b, 0) {
								t.Errorf("%s: %q (%+v) is over a crosshair or coordinates at %+v", name, to.Text, b, r)
							}
						}
					}
					if drawn && i > 0 {
						on[l.Text] = append(on[l.Text], name)
						shows := false
						for _, h := range l.Hexes {
							shows = shows || tiles[i-1].Has(h)
						}
						if !shows {
							t.Errorf("%s: label %q is drawn, but the tile shows none of its terrain %v", name, l.Text, l.Hexes)
						}
					}
					if !drawn && i == 0 {
						t.Errorf("the overview has no label %q", l.Text)
					}
				}
			}
			for _, l := range m.Labels {
				if len(on[l.Text]) == 0 {
					t.Errorf("label %q is on no tile", l.Text)
				}
				if tc.want != nil && !slices.Equal(on[l.Text], tc.want[l.Text]) {
					t.Errorf("label %q on tiles %v, want %v", l.Text, on[l.Text], tc.want[l.Text])
				}
			}
		})
	}
}

// TestLabelRegion: a label names the terrain painted on its hex, all of
// it that is joined to the hex, and no other; on floor, its hex alone.
func TestLabelRegion(t *testing.T) {
	m := kitArena(t)
	for _, tc := range []struct {
		text, terrain string
		hexes         int
	}{
		{"Pool", "water", 30},       // rect 17–22 × 9–13
		{"Water tower", "tower", 7}, // a disc of radius 1
		{"Stairs", "wall", 6},       // rect 12–13 × 5–7, apart from the parapet
	} {
		i := slices.IndexFunc(m.Labels, func(l Label) bool { return l.Text == tc.text })
		if i < 0 {
			t.Fatalf("no label %q", tc.text)
		}
		l := m.Labels[i]
		if l.Terrain == nil || l.Terrain.Name != tc.terrain || len(l.Hexes) != tc.hexes {
			t.Errorf("%q names %v hexes %v, want %d of %s", tc.text, l.Terrain, l.Hexes, tc.hexes, tc.terrain)
		}
		for _, h := range l.Hexes {
			if m.Paint[h] != l.Terrain {
				t.Errorf("%q: hex %v is not %s", tc.text, h, tc.terrain)
			}
		}
	}
	floor, _ := readMap(t, "f.yaml", []byte("arena: F\nhexes: {cols: 4, rows: 4}\nlabels:\n  - {at: [1, 2], text: Here}\n"))
	if l := floor.Labels[0]; l.Terrain != nil || !slices.Equal(l.Hexes, []layout.Hex{{Col: 1, Row: 2}}) {
		t.Errorf("a label on floor names %v %v", l.Terrain, l.Hexes)
	}
}

// TestCoordinatesRead: every hex's coordinates read on what is painted
// under them, 4.5:1 or better (measured on the page's drawing: the
// fills under the figures, composited), on light and dark terrain, hatched
// or not, and on start zones' tints; on white they keep the usual grey.
func TestCoordinatesRead(t *testing.T) {
	fills := []string{"#444444", "#000000", "#777777", "#767676", "#9ec9ff", "#e8f4ff", "#c9b79c", "#8d6e63", "#ffee00", "#2040ff", "#ff000080"}
	var src strings.Builder
	fmt.Fprintf(&src, "arena: Swatches\nhexes: {cols: %d, rows: 3}\nhex: 30mm\nterrain:\n", len(fills))
	for i, f := range fills {
		hatch := ""
		if i%2 == 1 {
			hatch = ", hatch: " + HatchNames[i/2%len(HatchNames)]
		}
		fmt.Fprintf(&src, "  t%d: {fill: %q%s}\n", i, f, hatch)
	}
	src.WriteString("paint:\n")
	for i := range fills {
		fmt.Fprintf(&src, "  - {terrain: t%d, line: [[%d, 0], [%d, 1]]}\n", i, i, i)
	}
	src.WriteString("zones:\n  red: [[0, 1], [1, 2], [2, 2]]\n  blue: [[0, 1], [3, 2]]\n")
	swatches, diags := readMap(t, "swatches.yaml", []byte(src.String()))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	a4, _ := layout.Paper("a4")
	for _, tc := range []struct {
		name string
		m    *Map
	}{{"kit", kitArena(t)}, {"swatches", swatches}} {
		t.Run(tc.name, func(t *testing.T) {
			doc, _ := tc.m.Document(a4, layout.OrientAuto, 6)
			n := 0
			for i, p := range doc.Pages[1:] {
				ops := p.Layers[0].Face.Ops
				for k, op := range ops {
					to, ok := op.(*draw.TextOp)
					if !ok || !coordRE.MatchString(to.Text) {
						continue
					}
					n++
					b, _ := textBounds([]draw.Op{to})
					bg := paintedUnder(ops, k, centre(b))
					if r := contrast(to.Colour, bg); r < minContrast {
						t.Errorf("tile %d: coordinates %s in %v on %v: contrast %.2f", i+1, to.Text, to.Colour, bg, r)
					}
					if bg == white && to.Colour != grey {
						t.Errorf("tile %d: coordinates %s on white in %v, want the usual %v", i+1, to.Text, to.Colour, grey)
					}
				}
			}
			if n < tc.m.Cols*tc.m.Rows {
				t.Errorf("%d coordinates printed for %d hexes", n, tc.m.Cols*tc.m.Rows)
			}
		})
	}
}

// TestOverviewLabelsOverDashes: on the overview the labels come after
// the tiles' dashed outlines and names, so that no dash crosses a word.
func TestOverviewLabelsOverDashes(t *testing.T) {
	m := kitArena(t)
	a4, _ := layout.Paper("a4")
	doc, _ := m.Document(a4, layout.OrientAuto, 6)
	ops := doc.Pages[0].Layers[0].Face.Ops
	lastDash, firstLabel := -1, len(ops)
	for k, op := range ops {
		switch op := op.(type) {
		case *draw.PathOp:
			if op.Dash != nil {
				lastDash = k
			}
		case *draw.TextOp:
			for _, l := range m.Labels {
				if strings.Contains(l.Text, op.Text) && strings.TrimSpace(op.Text) != "" {
					firstLabel = min(firstLabel, k)
				}
			}
		}
	}
	if lastDash < 0 || firstLabel == len(ops) || firstLabel < lastDash {
		t.Errorf("a label (op %d) is drawn before a dashed tile outline (op %d)", firstLabel, lastDash)
	}
}

// TestQuietInk: the coordinates' grey reads at 4.5:1 on any fill, and is
// the usual grey wherever that already reads.
func TestQuietInk(t *testing.T) {
	for _, tc := range []struct {
		fill draw.Colour
		same bool // the usual grey reads on it
	}{
		{white, true},
		{draw.Colour{R: 232, G: 244, B: 255, A: 255}, true},
		{draw.Colour{R: 158, G: 201, B: 255, A: 255}, false},
		{draw.Colour{R: 68, G: 68, B: 68, A: 255}, false},
		{draw.Colour{R: 118, G: 118, B: 118, A: 255}, false},
		{draw.Colour{R: 119, G: 119, B: 119, A: 255}, false},
		{draw.Colour{R: 0, G: 0, B: 0, A: 255}, false},
		{draw.Colour{R: 255, G: 238, B: 0, A: 255}, false},
		{draw.Colour{R: 32, G: 64, B: 255, A: 255}, false},
	} {
		ink := quietInk(tc.fill)
		if r := contrast(ink, tc.fill); r < minContrast {
			t.Errorf("on %v: %v, contrast %.2f", tc.fill, ink, r)
		}
		if (ink == grey) != tc.same {
			t.Errorf("on %v: %v; the usual grey %v reads there: %v", tc.fill, ink, grey, tc.same)
		}
	}
}
