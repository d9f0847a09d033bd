package arena

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/deckpress/deckpress/layout"

	"github.com/deckpress/deckpress/templates/draw"
	"github.com/deckpress/deckpress/templates/typeset"
)

// Drawing constants, in mm.
const (
	footer    = 7.0 // the strip for the page's caption, inside the margin
	lineWidth = 0.25
)

var (
	grey      = draw.Colour{R: 110, G: 110, B: 110, A: 255}
	lineGrey  = draw.Colour{R: 90, G: 90, B: 90, A: 255}
	white     = draw.Colour{R: 255, G: 255, B: 255, A: 255}
	markColor = draw.Colour{R: 0, G: 0, B: 0, A: 255}
)

func family() *typeset.Family { return typeset.NewFontSet().Fallback }

// PaperOptions describe a sheet of hex paper.
type PaperOptions struct {
	Page   layout.Size // the page, oriented
	Margin float64     // kept clear at every edge, mm
	Grid   layout.HexGrid
	Labels bool   // print each hex's column and row in it
	Scale  string // what a hex stands for, printed in the margin
	Whole  bool   // only whole hexes (no partial hexes at the edges)
	Line   draw.Colour
	Width  float64 // line width, mm
	Pages  int
}

// HexPaper returns a document of hex paper: hexagons filling the page
// inside its margin, partial ones at the edges clipped unless Whole, and a
// caption with the hex size, the scale and "print at 100%".
func HexPaper(o PaperOptions) *draw.Document {
	area := layout.Rect{X: o.Margin, Y: o.Margin, W: o.Page.W - 2*o.Margin, H: o.Page.H - 2*o.Margin - footer}
	g := o.Grid
	g.Origin = layout.Point{}
	// the whole hexes that fit, centred in the area
	cols, rows := fitCount(g, area.W, true), fitCount(g, area.H, false)
	ext := g.Extent(cols, rows)
	g.Origin = layout.Point{X: area.X + (area.W-ext.W)/2 - ext.X, Y: area.Y + (area.H-ext.H)/2 - ext.Y}
	c0, c1, r0, r1 := 0, cols-1, 0, rows-1
	if !o.Whole {
		extra := int(math.Ceil(area.W/g.Size)) + 1
		c0, c1, r0, r1 = -extra, cols-1+extra, -extra, rows-1+extra
	}
	var outline layout.Path
	var ops []draw.Op
	label := typeset.TextStyle{Family: family(), Size: math.Min(7, g.Size*0.9), Colour: grey, Align: typeset.AlignCenter, Plain: true, LineHeight: 1}
	for c := c0; c <= c1; c++ {
		for r := r0; r <= r1; r++ {
			h := layout.Hex{Col: c, Row: r}
			b := g.Path(h).Bounds()
			if !b.Overlaps(area, 0) {
				continue
			}
			if o.Whole && !area.Contains(b, 1e-6) {
				continue
			}
			outline.Append(g.Path(h))
			if o.Labels && area.Contains(b, 1e-6) {
				ctr := g.Center(h)
				box := layout.Rect{X: ctr.X - g.Size/2, Y: ctr.Y - g.Size*0.42, W: g.Size, H: g.Size * 0.3}
				ops, _ = typeset.LayoutText(ops, fmt.Sprintf("%02d%02d", c+1, r+1), box, label, nil)
			}
		}
	}
	drawn := []draw.Op{&draw.ClipOp{Path: layout.RectPath(area)},
		&draw.PathOp{Path: outline, Stroke: o.Line, Width: o.Width}, &draw.EndClipOp{}}
	drawn = append(drawn, ops...)
	caption := fmt.Sprintf("hexes %s across flats (%s top)", sizeText(g.Size), g.Top)
	if o.Scale != "" {
		caption += " · 1 hex = " + o.Scale
	}
	caption += " · print at 100% (actual size)"
	drawn = captionOps(drawn, o.Page, o.Margin, 0, caption)
	face := &draw.Face{Ops: drawn}
	doc := &draw.Document{Title: "hex paper"}
	for range max(o.Pages, 1) {
		doc.Pages = append(doc.Pages, draw.Page{Size: o.Page, Layers: []draw.Layer{{Transform: layout.Identity, Face: face}}})
	}
	return doc
}

// sizeText writes a hex size in mm, with inches when it is a round number
// of them.
func sizeText(mm float64) string {
	s := layout.FormatMM(mm)
	if in := mm / layout.MMPerInch; math.Abs(in*8-math.Round(in*8)) < 1e-6 {
		s += fmt.Sprintf(" (%gin)", math.Round(in*8)/8)
	}
	return s
}

// fitCount returns how many whole columns (or rows) fit a length.
func fitCount(g layout.HexGrid, length float64, cols bool) int {
	n := 1
	for {
		var e layout.Rect
		if cols {
			e = g.Extent(n+1, 2)
		} else {
			e = g.Extent(2, n+1)
		}
		size := e.H
		if cols {
			size = e.W
		}
		if size > length+1e-9 || n > MaxHexes*4 {
			return n
		}
		n++
	}
}

// captionOps adds a line of small text centred in the bottom margin,
// indent mm in from both sides.
func captionOps(ops []draw.Op, page layout.Size, margin, indent float64, text string) []draw.Op {
	st := typeset.TextStyle{Family: family(), Size: 7, Colour: grey, Align: typeset.AlignCenter, VAlign: typeset.VAlignMiddle, Shrink: true, MinSize: 4, Plain: true, LineHeight: 1}
	ops, _ = typeset.LayoutText(ops, text, layout.Rect{X: margin + indent, Y: page.H - margin - footer + 1.5, W: page.W - 2*margin - 2*indent, H: footer - 2}, st, nil)
	return ops
}

// Tile is one page of a tiled map: a range of columns and rows, and where
// its hexes are on the page.
type Tile struct {
	Name           string // A1, A2 … B1
	Row, Col       int    // position among the tiles
	C0, C1, R0, R1 int    // the hexes it shows, inclusive
	Grid           layout.HexGrid
}

// Has reports whether the tile shows a hex.
func (t Tile) Has(h layout.Hex) bool {
	return h.Col >= t.C0 && h.Col <= t.C1 && h.Row >= t.R0 && h.Row <= t.R1
}

// Tiles splits the map into tiles that fit area, overlapping by one
// column and one row of hexes.
func (m *Map) Tiles(area layout.Rect) []Tile {
	g := m.Grid
	g.Origin = layout.Point{}
	rows, cols := m.ranges(area)
	var tiles []Tile
	for ri, rr := range rows {
		for ci, cc := range cols {
			t := Tile{Name: layout.TileName(ri, ci), Row: ri, Col: ci, C0: cc[0], C1: cc[1], R0: rr[0], R1: rr[1]}
			ext := rangeExtent(g, t)
			t.Grid = g
			t.Grid.Origin = layout.Point{X: area.X + (area.W-ext.W)/2 - ext.X, Y: area.Y + (area.H-ext.H)/2 - ext.Y}
			tiles = append(tiles, t)
		}
	}
	return tiles
}

// rangeExtent is the box of a tile's hexes on a grid.
func rangeExtent(g layout.HexGrid, t Tile) layout.Rect {
	var pts []layout.Point
	for c := t.C0; c <= t.C1; c++ {
		for r := t.R0; r <= t.R1; r++ {
			cs := g.Corners(layout.Hex{Col: c, Row: r})
			pts = append(pts, cs[:]...)
		}
	}
	return layout.PolygonPath(pts).Bounds()
}

// Document draws the map: an overview page with the legend, then a page
// per tile, on the paper in the orientation given (auto: whichever needs
// fewer tiles).
func (m *Map) Document(paper layout.Size, orientation layout.Orientation, margin float64) (*draw.Document, []Tile) {
	margin = math.Max(margin, 6)
	page, tiles, _ := m.Layout(paper, orientation, margin)
	doc := &draw.Document{Title: m.Name}
	doc.Pages = append(doc.Pages, m.overview(page, margin, tiles))
	for _, t := range tiles {
		doc.Pages = append(doc.Pages, m.tilePage(page, margin, t, tiles))
	}
	return doc, tiles
}

// MaxTiles is the most tile pages a map may need: a map needing more is
// refused before any page is drawn.
const MaxTiles = 500

// ranges are the rows and the columns of the tiles that fit area, each
// tile sharing its last column or row with the next.
func (m *Map) ranges(area layout.Rect) (rows, cols [][2]int) {
	g := m.Grid
	g.Origin = layout.Point{}
	perCol := min(fitCount(g, area.W, true), m.Cols)
	perRow := min(fitCount(g, area.H, false), m.Rows)
	starts := func(total, per int) [][2]int {
		if per >= total {
			return [][2]int{{0, total - 1}}
		}
		if per < 2 {
			per = 2
		}
		var out [][2]int
		for s := 0; ; s += per - 1 {
			e := min(s+per-1, total-1)
			out = append(out, [2]int{s, e})
			if e == total-1 {
				return out
			}
		}
	}
	return starts(m.Rows, perRow), starts(m.Cols, perCol)
}

// Layout chooses the page (of paper, in the orientation given; auto:
// whichever needs fewer tiles) and the tiles of the map, without drawing.
//
// A map that needs more than MaxTiles pages has no tiles: count gives
// how many it needs.
func (m *Map) Layout(paper layout.Size, orientation layout.Orientation, margin float64) (page layout.Size, tiles []Tile, count int) {
	margin = math.Max(margin, 6)
	portrait := layout.Size{W: math.Min(paper.W, paper.H), H: math.Max(paper.W, paper.H)}
	pages := []layout.Size{portrait, portrait.Rotated()}
	switch orientation {
	case layout.Portrait:
		pages = pages[:1]
	case layout.Landscape:
		pages = pages[1:]
	}
	for i, p := range pages {
		rows, cols := m.ranges(tileArea(p, margin))
		if n := len(rows) * len(cols); i == 0 || n < count {
			page, count = p, n
		}
	}
	if count > MaxTiles {
		return page, nil, count
	}
	return page, m.Tiles(tileArea(page, margin)), count
}

// tileArea is the part of a tile page that holds hexes.
func tileArea(page layout.Size, margin float64) layout.Rect {
	return layout.Rect{X: margin, Y: margin, W: page.W - 2*margin, H: page.H - 2*margin - footer}
}

// hexOps draws the hexes of a tile's range on its grid: terrain fills and
// hatches, zones, outlines, and (when detailed) coordinates and labels.
func (m *Map) hexOps(t Tile, detailed bool) []draw.Op {
	g := t.Grid
	var ops []draw.Op
	var outline layout.Path
	for c := t.C0; c <= t.C1; c++ {
		for r := t.R0; r <= t.R1; r++ {
			h := layout.Hex{Col: c, Row: r}
			path := g.Path(h)
			if ter := m.Paint[h]; ter != nil {
				ops = append(ops, &draw.PathOp{Path: path, Fill: ter.Fill})
				if ter.Hatch != "" {
					ops = append(ops, &draw.ClipOp{Path: path})
					ops = append(ops, &draw.PathOp{Path: hatch(ter.Hatch, path.Bounds(), g.Size), Stroke: hatchInk(ter.Fill), Width: g.Size * 0.012})
					ops = append(ops, &draw.EndClipOp{})
				}
			}
			outline.Append(path)
		}
	}
	for _, z := range m.Zones {
		var zp layout.Path
		for _, h := range z.Hexes {
			if t.Has(h) {
				zp.Append(hexInset(g, h, g.Size*0.07))
			}
		}
		if len(zp.Verbs) > 0 {
			ops = append(ops, &draw.PathOp{Path: zp, Fill: zoneTint(z.Colour), Stroke: z.Colour, Width: g.Size * 0.05})
		}
	}
	ops = append(ops, &draw.PathOp{Path: outline, Stroke: lineGrey, Width: lineWidth})
	if !detailed {
		return ops
	}
	if !m.Coordinates {
		return ops
	}
	for c := t.C0; c <= t.C1; c++ {
		for r := t.R0; r <= t.R1; r++ {
			ops = m.coordinateOps(ops, g, layout.Hex{Col: c, Row: r})
		}
	}
	return ops
}

// coordinateOps prints a hex's column and row near its top, in a grey
// that reads on the hex's colour (lighter on a wall, darker on water);
// on a hatched hex the hatch is knocked out behind the figures.
func (m *Map) coordinateOps(ops []draw.Op, g layout.HexGrid, h layout.Hex) []draw.Op {
	bg := m.background(h)
	st := typeset.TextStyle{Family: family(), Size: 6, Colour: quietInk(bg), Align: typeset.AlignCenter, Plain: true, LineHeight: 1}
	ctr := g.Center(h)
	text, _ := typeset.LayoutText(nil, fmt.Sprintf("%d,%d", h.Col, h.Row), layout.Rect{X: ctr.X - g.Size*0.4, Y: ctr.Y - g.Size*0.44, W: g.Size * 0.8, H: g.Size * 0.25}, st, nil)
	if t := m.Paint[h]; t != nil && t.Hatch != "" {
		if b, ok := textBounds(text); ok {
			ops = append(ops, &draw.PathOp{Path: layout.RoundedRectPath(b.Inset(-0.5), 0.5), Fill: bg})
		}
	}
	return append(ops, text...)
}

// Label placement on a tile: each hex of a label's terrain is one of
// three kinds, best first.
const (
	inside  = iota // on this tile only
	shared         // in the column or row the tile shares with a neighbour
	marked         // shared, and carrying an alignment mark
	nowhere        // not on the tile
)

// kind says where a hex lies on a tile of the map.
func (m *Map) kind(t Tile, h layout.Hex) int {
	if !t.Has(h) {
		return nowhere
	}
	col := (h.Col == t.C0 && t.C0 > 0) || (h.Col == t.C1 && t.C1 < m.Cols-1)
	row := (h.Row == t.R0 && t.R0 > 0) || (h.Row == t.R1 && t.R1 < m.Rows-1)
	switch {
	case !col && !row:
		return inside
	case (h.Col+h.Row)%2 == 0: // as tilePage marks them
		return marked
	}
	return shared
}

// labelSpot chooses where a label goes on tile t of all: among the hexes
// of its terrain that t shows, those of the best kind; h is the one of
// them nearest their centre, and mid their centre itself when it lies in
// one of them (else h's centre), for a label wider than a hex. ok is false
// when the label is not drawn on t: t shows none of its terrain, or only
// hexes of a worse kind than another tile does (a terrain that reaches
// into a shared row is labelled on the tile where it is not shared, never
// again over the overlap).
func (m *Map) labelSpot(l Label, t Tile, all []Tile) (h layout.Hex, mid layout.Point, ok bool) {
	bestOn := func(t Tile) int {
		k := nowhere
		for _, h := range l.Hexes {
			k = min(k, m.kind(t, h))
		}
		return k
	}
	k := bestOn(t)
	if k == nowhere {
		return h, mid, false
	}
	for _, o := range all {
		if bestOn(o) < k {
			return h, mid, false
		}
	}
	var cands []layout.Hex
	for _, c := range l.Hexes {
		if m.kind(t, c) == k {
			cands = append(cands, c)
			p := t.Grid.Center(c)
			mid.X, mid.Y = mid.X+p.X, mid.Y+p.Y
		}
	}
	mid.X, mid.Y = mid.X/float64(len(cands)), mid.Y/float64(len(cands))
	dist := math.Inf(1)
	for _, c := range cands {
		p := t.Grid.Center(c)
		if d := math.Hypot(p.X-mid.X, p.Y-mid.Y); d < dist-1e-9 {
			h, dist = c, d
		}
	}
	// the centre is in a hex of the terrain when no hex's centre (of
	// those around h) is nearer to it than a candidate's
	inTerrain := true
	for _, c := range m.Grid.ToCube(h).Neighbours() {
		n := m.Grid.FromCube(c)
		p := t.Grid.Center(n)
		if d := math.Hypot(p.X-mid.X, p.Y-mid.Y); d < dist-1e-9 && !slices.Contains(cands, n) {
			inTerrain = false
		}
	}
	if !inTerrain {
		mid = t.Grid.Center(h)
	}
	return h, mid, true
}

// labelOps draws the map's labels on a tile of all (the overview's one
// tile: the whole map), each on the terrain it names (see labelSpot), in
// black or white as reads best on it. A label that fits inside its hex
// sits in the hex's middle, clear of the hex's outline, its coordinates
// and crosshair; one that does not (the overview's hexes are small) is
// set wider, on an opaque plate of its hex's colour, kept inside the map.
// On a hatched hex the plate knocks the hatch out behind the words. size
// is the largest text size.
func (m *Map) labelOps(ops []draw.Op, t Tile, all []Tile, size float64) []draw.Op {
	g := t.Grid
	extent := rangeExtent(g, t).Intersect(rangeExtent(g, Tile{C0: 0, C1: m.Cols - 1, R0: 0, R1: m.Rows - 1}))
	for _, l := range m.Labels {
		h, mid, ok := m.labelSpot(l, t, all)
		if !ok {
			continue
		}
		bg := m.background(h)
		st := typeset.TextStyle{Family: family(), Style: typeset.Bold, Size: size, Colour: boldInk(bg), Align: typeset.AlignCenter, VAlign: typeset.VAlignMiddle, Shrink: true, MinSize: 6, LineHeight: 1.05, Wrap: true}
		ctr := g.Center(h)
		// in the hex: below its coordinates, inside its outline
		box := layout.Rect{X: ctr.X - g.Size*0.4, Y: ctr.Y - g.Size*0.17, W: g.Size * 0.8, H: g.Size * 0.34}
		text, res := typeset.LayoutText(nil, l.Text, box, st, nil)
		plate := m.Paint[h] != nil && m.Paint[h].Hatch != ""
		if res.Overflow {
			// wider than the hex: over its neighbours, on a plate
			st.Size = math.Max(6, math.Min(size, g.Size*0.45))
			hh := math.Max(g.Size*0.6, st.Size*layout.MMPerPoint*1.4)
			box = layout.Rect{X: mid.X - g.Size*1.3, Y: mid.Y - hh/2, W: g.Size * 2.6, H: hh}
			box.X = math.Max(extent.X, math.Min(box.X, extent.Right()-box.W))
			box.Y = math.Max(extent.Y, math.Min(box.Y, extent.Bottom()-box.H))
			text, _ = typeset.LayoutText(nil, l.Text, box, st, nil)
			plate = true
		}
		if b, ok := textBounds(text); ok && plate {
			ops = append(ops, &draw.PathOp{Path: layout.RoundedRectPath(b.Inset(-0.6), 0.6), Fill: bg})
		}
		ops = append(ops, text...)
	}
	return ops
}

// hexInset is a hex outline drawn d inside the hex.
func hexInset(g layout.HexGrid, h layout.Hex, d float64) layout.Path {
	small := g
	small.Size = g.Size - 2*d
	ctr := g.Center(h)
	cs := small.Corners(layout.Hex{})
	c0 := small.Center(layout.Hex{})
	pts := make([]layout.Point, 6)
	for i, p := range cs {
		pts[i] = layout.Point{X: p.X - c0.X + ctr.X, Y: p.Y - c0.Y + ctr.Y}
	}
	return layout.PolygonPath(pts)
}

// hatchInk is a darker shade of a fill, for its hatch lines.
func hatchInk(c draw.Colour) draw.Colour {
	return draw.Colour{R: uint8(float64(c.R) * 0.55), G: uint8(float64(c.G) * 0.55), B: uint8(float64(c.B) * 0.55), A: 255}
}

// hatch returns a hatch pattern covering r.
func hatch(kind string, r layout.Rect, size float64) layout.Path {
	step := size / 6
	var p layout.Path
	switch kind {
	case "lines", "cross":
		for d := -r.H; d < r.W; d += step {
			p.Append(layout.LinePath(layout.Segment{A: layout.Point{X: r.X + d, Y: r.Bottom()}, B: layout.Point{X: r.X + d + r.H, Y: r.Y}}))
			if kind == "cross" {
				p.Append(layout.LinePath(layout.Segment{A: layout.Point{X: r.X + d, Y: r.Y}, B: layout.Point{X: r.X + d + r.H, Y: r.Bottom()}}))
			}
		}
	case "dots":
		for y := r.Y + step/2; y < r.Bottom(); y += step {
			for x := r.X + step/2; x < r.Right(); x += step {
				p.Append(layout.EllipsePath(layout.Rect{X: x - step*0.1, Y: y - step*0.1, W: step * 0.2, H: step * 0.2}))
			}
		}
	case "waves":
		for y := r.Y + step/2; y < r.Bottom(); y += step {
			p.MoveTo(r.X, y)
			for x := r.X; x < r.Right(); x += step {
				p.CubicTo(x+step*0.25, y-step*0.3, x+step*0.75, y+step*0.3, x+step, y)
			}
		}
	}
	return p
}

// crosshair is an alignment mark: a circle with a cross.
func crosshair(c layout.Point, r float64) layout.Path {
	p := layout.EllipsePath(layout.Rect{X: c.X - r, Y: c.Y - r, W: 2 * r, H: 2 * r})
	p.Append(layout.LinePath(layout.Segment{A: layout.Point{X: c.X - 1.6*r, Y: c.Y}, B: layout.Point{X: c.X + 1.6*r, Y: c.Y}}))
	p.Append(layout.LinePath(layout.Segment{A: layout.Point{X: c.X, Y: c.Y - 1.6*r}, B: layout.Point{X: c.X, Y: c.Y + 1.6*r}}))
	return p
}

// tilePage draws one tile: its hexes, crosshairs on the hexes it shares
// with its neighbours, and a caption with its name and neighbours.
func (m *Map) tilePage(page layout.Size, margin float64, t Tile, all []Tile) draw.Page {
	ops := m.hexOps(t, true)
	g := t.Grid
	var marks layout.Path
	var neighbours []string
	for _, o := range all {
		if o.Name == t.Name || max(o.C0, t.C0) > min(o.C1, t.C1) || max(o.R0, t.R0) > min(o.R1, t.R1) {
			continue
		}
		dir := ""
		switch {
		case o.Row == t.Row && o.Col == t.Col+1:
			dir = "right"
		case o.Row == t.Row && o.Col == t.Col-1:
			dir = "left"
		case o.Col == t.Col && o.Row == t.Row+1:
			dir = "below"
		case o.Col == t.Col && o.Row == t.Row-1:
			dir = "above"
		default:
			continue
		}
		neighbours = append(neighbours, o.Name+" "+dir)
		// crosshairs on every other shared hex, the same on both tiles
		for c := max(o.C0, t.C0); c <= min(o.C1, t.C1); c++ {
			for r := max(o.R0, t.R0); r <= min(o.R1, t.R1); r++ {
				if (c+r)%2 == 0 {
					marks.Append(crosshair(g.Center(layout.Hex{Col: c, Row: r}), g.Size*0.12))
				}
			}
		}
	}
	if len(marks.Verbs) > 0 {
		ops = append(ops, &draw.PathOp{Path: marks, Stroke: markColor, Width: 0.2})
	}
	ops = m.labelOps(ops, t, all, 12) // last but the captions: nothing is drawn over a word
	ref := typeset.TextStyle{Family: family(), Style: typeset.Bold, Size: 16, Colour: markColor, VAlign: typeset.VAlignMiddle, Plain: true, LineHeight: 1}
	ops, _ = typeset.LayoutText(ops, t.Name, layout.Rect{X: margin, Y: page.H - margin - footer, W: 20, H: footer}, ref, nil)
	caption := fmt.Sprintf("%s · tile %s of %d", m.Name, t.Name, len(all))
	if len(neighbours) > 0 {
		caption += " · overlaps " + strings.Join(neighbours, ", ") + ": lay the shared hexes on each other, crosshair on crosshair"
	}
	caption += " · 1 hex = " + m.Scale + " · print at 100% (actual size)"
	ops = captionOps(ops, page, margin, 18, caption)
	return draw.Page{Size: page, Layers: []draw.Layer{{Transform: layout.Identity, Face: &draw.Face{Ops: ops}}}}
}

// overview draws the whole map small, with the tiles outlined and named,
// and the legend.
func (m *Map) overview(page layout.Size, margin float64, tiles []Tile) draw.Page {
	legendH := 12 + 7*float64(len(m.Terrain)+len(m.Zones))
	area := layout.Rect{X: margin, Y: margin + 14, W: page.W - 2*margin, H: page.H - 2*margin - 14 - legendH - footer}
	// the whole map, scaled to fit
	full := Tile{C0: 0, C1: m.Cols - 1, R0: 0, R1: m.Rows - 1}
	g := m.Grid
	g.Origin = layout.Point{}
	ext := rangeExtent(g, full)
	k := math.Min(area.W/ext.W, area.H/ext.H)
	small := g
	small.Size = g.Size * k
	full.Grid = small
	se := rangeExtent(small, full)
	full.Grid.Origin = layout.Point{X: area.X + (area.W-se.W)/2 - se.X, Y: area.Y + (area.H-se.H)/2 - se.Y}
	ops := m.hexOps(full, false)
	title := typeset.TextStyle{Family: family(), Style: typeset.Bold, Size: 16, Colour: markColor, Plain: true, LineHeight: 1.1, Shrink: true, MinSize: 8}
	ops, _ = typeset.LayoutText(ops, m.Name, layout.Rect{X: margin, Y: margin, W: page.W - 2*margin, H: 9}, title, nil)
	info := fmt.Sprintf("%d × %d hexes of %s · 1 hex = %s · %d %s", m.Cols, m.Rows, sizeText(m.Grid.Size), m.Scale, len(tiles), map[bool]string{true: "page", false: "pages"}[len(tiles) == 1])
	if len(tiles) > 1 {
		info += ", overlapping by one row and column of hexes"
	}
	sub := typeset.TextStyle{Family: family(), Size: 8, Colour: grey, Plain: true, LineHeight: 1}
	ops, _ = typeset.LayoutText(ops, info, layout.Rect{X: margin, Y: margin + 9, W: page.W - 2*margin, H: 4}, sub, nil)
	if len(tiles) > 1 {
		name := typeset.TextStyle{Family: family(), Style: typeset.Bold, Size: 11, Colour: draw.Colour{R: 200, G: 30, B: 30, A: 255}, Align: typeset.AlignCenter, VAlign: typeset.VAlignMiddle, Plain: true, LineHeight: 1}
		for _, t := range tiles {
			t.Grid = full.Grid
			r := rangeExtent(full.Grid, t)
			ops = append(ops, &draw.PathOp{Path: layout.RectPath(r), Stroke: draw.Colour{R: 200, G: 30, B: 30, A: 255}, Width: 0.4, Dash: []float64{1.5, 1}})
			ops, _ = typeset.LayoutText(ops, t.Name, layout.Rect{X: r.X + r.W/2 - 6, Y: r.Y + r.H/2 - 3, W: 12, H: 6}, name, nil)
		}
	}
	// the labels over the tiles' dashed outlines and names
	ops = m.labelOps(ops, full, []Tile{full}, 7)
	// legend
	y := page.H - margin - footer - legendH + 6
	head := typeset.TextStyle{Family: family(), Style: typeset.Bold, Size: 9, Colour: markColor, Plain: true, LineHeight: 1}
	ops, _ = typeset.LayoutText(ops, "Legend", layout.Rect{X: margin, Y: y, W: 40, H: 5}, head, nil)
	y += 6
	body := typeset.TextStyle{Family: family(), Size: 8, Colour: markColor, VAlign: typeset.VAlignMiddle, Plain: true, LineHeight: 1, Shrink: true, MinSize: 5}
	sw := layout.HexGrid{Size: 5.5, Top: m.Grid.Top}
	for _, t := range m.Terrain {
		sw.Origin = layout.Point{X: margin + 3, Y: y + 2.5}
		path := sw.Path(layout.Hex{})
		ops = append(ops, &draw.PathOp{Path: path, Fill: t.Fill, Stroke: lineGrey, Width: 0.2})
		if t.Hatch != "" {
			ops = append(ops, &draw.ClipOp{Path: path}, &draw.PathOp{Path: hatch(t.Hatch, path.Bounds(), sw.Size*2), Stroke: hatchInk(t.Fill), Width: 0.15}, &draw.EndClipOp{})
		}
		text := t.Name
		var parts []string
		if t.Blocks != "" {
			parts = append(parts, "blocks "+t.Blocks)
		}
		if t.Means != "" {
			parts = append(parts, t.Means)
		}
		if len(parts) > 0 {
			text += " — " + strings.Join(parts, "; ")
		}
		ops, _ = typeset.LayoutText(ops, text, layout.Rect{X: margin + 8, Y: y, W: page.W - 2*margin - 8, H: 5}, body, nil)
		y += 7
	}
	for _, z := range m.Zones {
		sw.Origin = layout.Point{X: margin + 3, Y: y + 2.5}
		ops = append(ops, &draw.PathOp{Path: sw.Path(layout.Hex{}), Fill: zoneTint(z.Colour), Stroke: z.Colour, Width: 0.6})
		ops, _ = typeset.LayoutText(ops, fmt.Sprintf("start zone: %s (%d hexes)", z.Team, len(z.Hexes)), layout.Rect{X: margin + 8, Y: y, W: page.W - 2*margin - 8, H: 5}, body, nil)
		y += 7
	}
	ops = captionOps(ops, page, margin, 0, m.Name+" · overview · print the tiles at 100% (actual size)")
	return draw.Page{Size: page, Layers: []draw.Layer{{Transform: layout.Identity, Face: &draw.Face{Ops: ops}}}}
}
