// Package arena makes hex paper and arena maps.
//
// Hex paper fills the printable area of a page with hexagons of an exact
// size across flats. An arena file describes a map in hexes: its size and
// hex size, terrain types (a fill colour, an optional hatch pattern and
// what the terrain means, for the legend), terrain painted on single
// hexes, rectangles, lines between two hexes, rings and discs, labels, and
// teams' start zones. A map larger than a page is tiled: tiles overlap by
// one column and one row of hexes, carry alignment marks on the hexes they
// share and their grid reference (A1, A2 … B1), and a first page shows how
// they fit together, with the legend.
package arena

import (
	"cmp"
	"slices"
	"strings"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/layout"

	"github.com/deckpress/deckpress/templates/draw"
)

// Map is an arena.
type Map struct {
	Path  string
	Name  string
	Pos   cards.Pos
	Cols  int
	Rows  int
	Grid  layout.HexGrid // size, top and shift; the origin is set when drawn
	Scale string         // what one hex stands for, such as "5 ft"
	// Coordinates prints each hex's column and row in it.
	Coordinates bool
	Terrain     []*Terrain
	Paint       map[layout.Hex]*Terrain
	Labels      []Label
	Zones       []Zone
	Print       cards.Print
}

// Terrain is a kind of ground.
type Terrain struct {
	Name   string
	Fill   draw.Colour
	Hatch  string // "", or one of HatchNames
	Blocks string // what it blocks: movement, sight …
	Means  string // what it means, in words
	Pos    cards.Pos
	used   bool
}

// Label is a text on the map. It names what lies at its hex: the terrain
// painted there, all of it that is joined to that hex (Hexes), or the hex
// alone when it is bare floor. It is drawn on that terrain, not on a
// fixed spot: see [Map.labelSpot].
type Label struct {
	At      layout.Hex
	Text    string
	Pos     cards.Pos
	Terrain *Terrain     // the terrain at At; nil: floor
	Hexes   []layout.Hex // the hexes it names, sorted by column and row
}

// Zone is a team's start zone.
type Zone struct {
	Team   string
	Colour draw.Colour
	Hexes  []layout.Hex
	Pos    cards.Pos
}

// HatchNames are the hatch patterns.
var HatchNames = []string{"lines", "cross", "dots", "waves"}

// Limits of an arena.
const (
	MaxHexes   = 200 // columns or rows
	minHexSize = 5.0 // mm
	maxHexSize = 100.0
)

// hexShape is a hex: [column, row], from 0.
var hexShape = &cards.Shape{Type: "array", Desc: "a hex: [column, row], counting from 0", Items: cards.WholeIn("a coordinate", 0, MaxHexes-1), Len: 2}

var terrainShape = &cards.Shape{Type: "object", Title: "terrain", Desc: "a kind of ground", Required: []string{"fill"}, Props: []cards.Prop{
	cards.P("fill", cards.Text("its colour")), cards.P("hatch", cards.OneOf("a pattern over the colour", HatchNames...)),
	cards.P("blocks", cards.Text("what it blocks, such as movement")), cards.P("means", cards.Text("what it means, for the legend"))}}

var ringShape = &cards.Shape{Type: "object", Title: "ring", Desc: "a ring or disc of hexes", Required: []string{"radius"},
	Props: []cards.Prop{cards.P("centre", hexShape), cards.P("center", hexShape), cards.P("radius", cards.Whole("in hexes"))}}

var hexesShape = &cards.Shape{Type: "object", Title: "hexes", Desc: "the map's size", Required: []string{"cols", "rows"},
	Props: []cards.Prop{cards.P("cols", cards.WholeIn("columns (1–200)", 1, MaxHexes)), cards.P("rows", cards.WholeIn("rows (1–200)", 1, MaxHexes))}}

var labelShape = &cards.Shape{Type: "object", Title: "label", Desc: "a label", Required: []string{"at", "text"},
	Props: []cards.Prop{cards.P("at", hexShape), cards.P("text", cards.Text("the text"))}}

var paintShape = &cards.Shape{Type: "object", Title: "paint", Desc: "a terrain and one shape of hexes", Required: []string{"terrain"}, Props: []cards.Prop{
	cards.P("terrain", cards.Text("a terrain name")),
	cards.P("hex", hexShape), cards.P("hexes", cards.List("hexes", hexShape)),
	cards.P("rect", cards.List("two corners", hexShape)), cards.P("line", cards.List("two ends", hexShape)),
	cards.P("ring", ringShape), cards.P("disc", ringShape),
}}

// Shape is an arena file.
var Shape = &cards.Shape{Type: "object", Title: "arena file", Desc: "an arena map in hexes", Required: []string{"arena", "hexes"}, Props: []cards.Prop{
	cards.P("arena", cards.Text("the map's name")),
	cards.P("hexes", hexesShape),
	cards.P("hex", cards.Length("hex size across flats (default 1in)")),
	cards.P("top", cards.OneOf("flat (default) or pointy", layout.HexTopNames...)),
	cards.P("shift", cards.OneOf("which columns (rows) are shifted", "odd", "even")),
	cards.P("scale", cards.Text("what a hex stands for (default 5 ft)")),
	cards.P("coordinates", cards.Flag("print each hex's column and row (default true)")),
	cards.P("terrain", cards.Map("terrain types by name", terrainShape)),
	cards.P("paint", cards.List("terrain painted on hexes, in order", paintShape)),
	cards.P("labels", cards.List("texts on the map", labelShape)),
	cards.P("zones", cards.Map("start zones by team: hexes, or {colour, hexes}", cards.Any("a zone"))),
	cards.P("print", cards.PrintShape),
}}

var (
	mapKeys     = Shape.Keys()
	terrainKeys = terrainShape.Keys()
	paintKeys   = paintShape.Keys()
)

// zonePalette colours zones whose names are not colours.
var zonePalette = []draw.Colour{{R: 220, G: 50, B: 47, A: 255}, {R: 38, G: 139, B: 210, A: 255}, {R: 133, G: 153, B: 0, A: 255}, {R: 211, G: 54, B: 130, A: 255}}

// Read reads an arena file from a parsed document.
func Read(path string, root *cards.Node) (*Map, cards.Diagnostics) {
	var diags cards.Diagnostics
	m := &Map{Path: path, Grid: layout.HexGrid{Size: 25.4}, Scale: "5 ft", Coordinates: true, Paint: map[layout.Hex]*Terrain{}}
	mm := diags.Map(root, "arena", mapKeys...)
	if mm == nil {
		return nil, diags
	}
	diags.Require(mm, "an arena", Shape.Required...)
	diags = diags.Extend(m.readGrid(mm))
	for _, e := range diags.AnyMap(mm.Get("terrain"), "terrain").Entries() {
		t, ds := readTerrain(e)
		diags = diags.Extend(ds)
		m.Terrain = append(m.Terrain, t)
	}
	for _, pn := range diags.List(mm.Get("paint"), "paint") {
		diags = diags.Extend(m.readPaint(pn))
	}
	for _, ln := range diags.List(mm.Get("labels"), "labels") {
		diags = diags.Extend(m.readLabel(ln))
	}
	for i, e := range diags.AnyMap(mm.Get("zones"), "zones").Entries() {
		z, ds := m.readZone(e, zonePalette[i%len(zonePalette)])
		diags = diags.Extend(ds)
		m.Zones = append(m.Zones, z)
	}
	for _, t := range m.Terrain {
		if !t.used {
			diags.Warnf(t.Pos, "terrain %s is never painted", t.Name)
		}
	}
	return m, diags
}

// readGrid reads the map's name, size, grid and print settings.
func (m *Map) readGrid(mm *cards.Mapping) cards.Diagnostics {
	var diags cards.Diagnostics
	if n := mm.Get("arena"); n != nil {
		m.Name, _ = diags.Text(n, "arena")
		m.Pos = n.Pos
	}
	if n := mm.Get("hexes"); n != nil {
		hm := diags.Content(n, hexesShape, "hexes")
		m.Cols, _ = diags.Int(hm.Get("cols"), "hexes.cols", 1, MaxHexes)
		m.Rows, _ = diags.Int(hm.Get("rows"), "hexes.rows", 1, MaxHexes)
	}
	if n := mm.Get("hex"); n != nil {
		if s, ok := diags.Text(n, "hex"); ok {
			v, err := layout.ParseLength(s, layout.LengthContext{}, layout.Range{Lo: minHexSize, Hi: maxHexSize})
			if err != nil {
				diags.Errorf(n.Pos, "hex: %v", err)
			} else {
				m.Grid.Size = v
			}
		}
	}
	if n := mm.Get("top"); n != nil {
		if v, ok := diags.Enum(n, "top", layout.HexTopNames...); ok {
			m.Grid.Top, _ = layout.ParseHexTop(v)
		}
	}
	if n := mm.Get("shift"); n != nil {
		if v, ok := diags.Enum(n, "shift", "odd", "even"); ok {
			m.Grid.EvenShift = v == "even"
		}
	}
	if n := mm.Get("scale"); n != nil {
		m.Scale, _ = diags.Text(n, "scale")
	}
	if n := mm.Get("coordinates"); n != nil {
		m.Coordinates, _ = diags.Bool(n, "coordinates")
	}
	if n := mm.Get("print"); n != nil {
		var ds cards.Diagnostics
		m.Print, ds = cards.ReadPrint(n)
		diags = diags.Extend(ds)
	}
	return diags
}

// readTerrain reads one terrain type of the `terrain:` mapping.
func readTerrain(e cards.Entry) (*Terrain, cards.Diagnostics) {
	var diags cards.Diagnostics
	tm := diags.Map(e.Value, "terrain "+e.Key, terrainKeys...)
	diags.Require(tm, "terrain "+e.Key, terrainShape.Required...)
	t := &Terrain{Name: e.Key, Pos: e.KeyPos}
	if n := tm.Get("fill"); n != nil {
		if s, ok := diags.Text(n, "fill"); ok {
			c, err := draw.ParseColour(s)
			if err != nil {
				diags.Errorf(n.Pos, "terrain %s: fill: %v", e.Key, err)
			}
			t.Fill = c
		}
	}
	if n := tm.Get("hatch"); n != nil {
		t.Hatch, _ = diags.Enum(n, "terrain "+e.Key+": hatch", HatchNames...)
	}
	if n := tm.Get("blocks"); n != nil {
		t.Blocks, _ = diags.Text(n, "blocks")
	}
	if n := tm.Get("means"); n != nil {
		t.Means, _ = diags.Text(n, "means")
	}
	return t, diags
}

// readLabel reads one label and keeps it when its hex is on the map.
func (m *Map) readLabel(ln *cards.Node) cards.Diagnostics {
	var diags cards.Diagnostics
	lm := diags.Map(ln, "label", labelShape.Keys()...)
	diags.Require(lm, "a label", labelShape.Required...)
	l := Label{Pos: ln.Pos}
	h, ok, ds := m.readHex(lm.Get("at"), "label at")
	diags = diags.Extend(ds)
	if ok {
		l.At = h
		l.Text, _ = diags.Text(lm.Get("text"), "label text")
		l.Terrain, l.Hexes = m.Paint[h], m.region(h)
		m.Labels = append(m.Labels, l)
	}
	return diags
}

// region returns the hexes joined to h by hexes of h's terrain (h alone
// when it is floor), sorted by column, then row. Labels are read after
// the paint, so the terrain is final.
func (m *Map) region(h layout.Hex) []layout.Hex {
	t := m.Paint[h]
	if t == nil {
		return []layout.Hex{h}
	}
	seen := map[layout.Hex]bool{h: true}
	out := []layout.Hex{h}
	for i := 0; i < len(out); i++ {
		for _, c := range m.Grid.ToCube(out[i]).Neighbours() {
			n := m.Grid.FromCube(c)
			if !seen[n] && m.onMap(n) && m.Paint[n] == t {
				seen[n] = true
				out = append(out, n)
			}
		}
	}
	slices.SortFunc(out, func(a, b layout.Hex) int { return cmp.Or(cmp.Compare(a.Col, b.Col), cmp.Compare(a.Row, b.Row)) })
	return out
}

// readZone reads a team's start zone: a list of hexes, or a mapping of a
// colour and hexes. A zone whose name is not a colour takes colour.
func (m *Map) readZone(e cards.Entry, colour draw.Colour) (Zone, cards.Diagnostics) {
	var diags cards.Diagnostics
	z := Zone{Team: e.Key, Pos: e.KeyPos, Colour: colour}
	if c, err := draw.ParseColour(e.Key); err == nil {
		z.Colour = c
	}
	list := e.Value
	if e.Value.Kind == cards.MapNode {
		zm := diags.Map(e.Value, "zone "+e.Key, "colour", "hexes")
		if n := zm.Get("colour"); n != nil {
			if s, ok := diags.Text(n, "colour"); ok {
				if c, err := draw.ParseColour(s); err != nil {
					diags.Errorf(n.Pos, "zone %s: colour: %v", e.Key, err)
				} else {
					z.Colour = c
				}
			}
		}
		list = zm.Get("hexes")
	}
	for _, hn := range diags.List(list, "zone "+e.Key) {
		h, ok, ds := m.readHex(hn, "zone "+e.Key)
		diags = diags.Extend(ds)
		if ok {
			z.Hexes = append(z.Hexes, h)
		}
	}
	return z, diags
}

// readHex reads a [col, row] pair and checks that it is on the map.
func (m *Map) readHex(n *cards.Node, what string) (layout.Hex, bool, cards.Diagnostics) {
	var diags cards.Diagnostics
	items := diags.List(n, what)
	if n == nil {
		return layout.Hex{}, false, diags
	}
	if n.Kind != cards.SeqNode || len(items) != 2 {
		if n.Kind == cards.SeqNode {
			diags.Errorf(n.Pos, "%s: a hex is [column, row], found %d numbers", what, len(items))
		}
		return layout.Hex{}, false, diags
	}
	c, ok1 := diags.Int(items[0], what+" column", -10000, 10000)
	r, ok2 := diags.Int(items[1], what+" row", -10000, 10000)
	if !ok1 || !ok2 {
		return layout.Hex{}, false, diags
	}
	h := layout.Hex{Col: c, Row: r}
	if !m.onMap(h) && m.Cols > 0 && m.Rows > 0 {
		diags.Errorf(n.Pos, "%s: hex %d,%d is outside the %d × %d map (columns 0–%d, rows 0–%d)", what, c, r, m.Cols, m.Rows, m.Cols-1, m.Rows-1)
		return h, false, diags
	}
	return h, true, diags
}

func (m *Map) onMap(h layout.Hex) bool {
	return h.Col >= 0 && h.Row >= 0 && h.Col < m.Cols && h.Row < m.Rows
}

// paintShapes are the keys of a paint entry's shapes, in the order they
// are painted.
var paintShapes = []string{"hex", "hexes", "rect", "line", "ring", "disc"}

// readPaint reads one paint entry: a terrain and one shape.
func (m *Map) readPaint(n *cards.Node) cards.Diagnostics {
	var diags cards.Diagnostics
	pm := diags.Map(n, "paint", paintKeys...)
	if pm == nil {
		return diags
	}
	diags.Require(pm, "a paint entry", paintShape.Required...)
	t, ds := m.paintTerrain(pm.Get("terrain"))
	diags = diags.Extend(ds)
	if t == nil {
		return diags
	}
	shapes := 0
	for _, key := range paintShapes {
		if v := pm.Get(key); v != nil {
			shapes++
			diags = diags.Extend(m.paintShape(key, v, t))
		}
	}
	if shapes != 1 {
		diags.Errorf(n.Pos, "a paint entry has a terrain and one of hex, hexes, rect, line, ring or disc; found %d shapes", shapes)
	}
	return diags
}

// paintTerrain finds the terrain a paint entry names and marks it used; it
// is nil when tn is nil or names no terrain.
func (m *Map) paintTerrain(tn *cards.Node) (*Terrain, cards.Diagnostics) {
	var diags cards.Diagnostics
	if tn == nil {
		return nil, diags
	}
	name, _ := diags.Text(tn, "terrain")
	var t *Terrain
	for _, x := range m.Terrain {
		if x.Name == name {
			t = x
		}
	}
	if t == nil {
		var names []string
		for _, x := range m.Terrain {
			names = append(names, x.Name)
		}
		if near := cards.Suggest(name, names); near != "" {
			diags.Errorf(tn.Pos, "unknown terrain %q; did you mean %q?", name, near)
		} else {
			diags.Errorf(tn.Pos, "unknown terrain %q; terrain: %s", name, strings.Join(names, ", "))
		}
		return nil, diags
	}
	t.used = true
	return t, diags
}

// paintShape paints t on the hexes of one shape, key (one of paintShapes),
// read from v.
func (m *Map) paintShape(key string, v *cards.Node, t *Terrain) cards.Diagnostics {
	var diags cards.Diagnostics
	switch key {
	case "hex":
		h, ok, ds := m.readHex(v, "paint hex")
		diags = diags.Extend(ds)
		if ok {
			m.Paint[h] = t
		}
	case "hexes":
		for _, hn := range diags.List(v, "paint hexes") {
			h, ok, ds := m.readHex(hn, "paint hexes")
			diags = diags.Extend(ds)
			if ok {
				m.Paint[h] = t
			}
		}
	case "rect":
		a, b, ok, ds := m.pair(v, "paint rect")
		diags = diags.Extend(ds)
		if ok {
			for c := min(a.Col, b.Col); c <= max(a.Col, b.Col); c++ {
				for r := min(a.Row, b.Row); r <= max(a.Row, b.Row); r++ {
					m.Paint[layout.Hex{Col: c, Row: r}] = t
				}
			}
		}
	case "line":
		a, b, ok, ds := m.pair(v, "paint line")
		diags = diags.Extend(ds)
		if ok {
			for _, c := range layout.HexLine(m.Grid.ToCube(a), m.Grid.ToCube(b)) {
				h := m.Grid.FromCube(c)
				if !m.onMap(h) {
					diags.Errorf(v.Pos, "paint: hex %d,%d is outside the %d × %d map", h.Col, h.Row, m.Cols, m.Rows)
					continue
				}
				m.Paint[h] = t
			}
		}
	default:
		diags = diags.Extend(m.paintRing(key, v, t))
	}
	return diags
}

// paintRing paints t on a ring of hexes, or on a disc (key "disc"): the
// ring and every ring inside it.
func (m *Map) paintRing(key string, v *cards.Node, t *Terrain) cards.Diagnostics {
	var diags cards.Diagnostics
	rm := diags.Map(v, "paint "+key, ringShape.Keys()...)
	cn := rm.Get("centre")
	if cn == nil {
		cn = rm.Get("center")
	}
	if cn == nil {
		diags.Errorf(v.Pos, "paint %s needs a centre", key)
		return diags
	}
	if !diags.Require(rm, "paint "+key, ringShape.Required...) {
		return diags
	}
	centre, ok, ds := m.readHex(cn, "paint "+key+" centre")
	diags = diags.Extend(ds)
	radius, ok2 := diags.Int(rm.Get("radius"), "paint "+key+" radius", 0, MaxHexes)
	if !ok || !ok2 {
		return diags
	}
	from := radius
	if key == "disc" {
		from = 0
	}
	for r := from; r <= radius; r++ {
		for _, c := range layout.HexRing(m.Grid.ToCube(centre), r) {
			if m.onMap(m.Grid.FromCube(c)) {
				m.Paint[m.Grid.FromCube(c)] = t
			}
		}
	}
	return diags
}

// pair reads [[col, row], [col, row]].
func (m *Map) pair(n *cards.Node, what string) (layout.Hex, layout.Hex, bool, cards.Diagnostics) {
	var diags cards.Diagnostics
	items := diags.List(n, what)
	if len(items) != 2 {
		diags.Errorf(n.Pos, "%s: expected two hexes, [[col, row], [col, row]]", what)
		return layout.Hex{}, layout.Hex{}, false, diags
	}
	a, ok1, ds := m.readHex(items[0], what)
	diags = diags.Extend(ds)
	b, ok2, ds := m.readHex(items[1], what)
	diags = diags.Extend(ds)
	return a, b, ok1 && ok2, diags
}
