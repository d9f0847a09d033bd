package templates

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/templates/draw"
	"github.com/deckpress/deckpress/templates/typeset"
)

// boxProps are the x, y, w, h of an element, relative to its frame.
type boxProps struct {
	x, y, w, h *prop
	pos        cards.Pos
}

func (c *compiler) box(m *cards.Mapping, what string) boxProps {
	b := boxProps{x: c.prop(m, what, "x"), y: c.prop(m, what, "y"), w: c.prop(m, what, "w"), h: c.prop(m, what, "h")}
	if m.Node != nil {
		b.pos = m.Node.Pos
	}
	check(c, b.x, lengthParser(c.lib.Card.W))
	check(c, b.y, lengthParser(c.lib.Card.H))
	check(c, b.w, positiveLength(c.lib.Card.W))
	check(c, b.h, positiveLength(c.lib.Card.H))
	return b
}

// stroke is an outline's paint: colour, width and dash.
type stroke struct {
	colour, width *prop
	dash          []float64
}

func (c *compiler) stroke(m *cards.Mapping, what string) stroke {
	s := stroke{colour: c.colourProp(m, what, "stroke"), width: c.prop(m, what, "stroke-width")}
	check(c, s.width, positiveLength(0))
	for _, n := range c.diags.List(m.Get("dash"), what+".dash") {
		if v, ok := c.diags.Float(n, what+".dash", 0.01, 1000); ok {
			s.dash = append(s.dash, v)
		}
	}
	return s
}

// paint evaluates a stroke; def is the colour when none is given.
func (r *renderer) paint(s stroke, def draw.Colour) (draw.Colour, float64) {
	col := r.colour(s.colour, def)
	w, _ := r.length(s.width, 0, 0.3)
	return col, w
}

func init() {
	elementKinds["rect"] = elementKind{desc: "a rectangle, rounded with radius", compile: compileRect,
		props: slices.Concat(boxShapes, strokeShapes, []cards.Prop{fillShape, radiusShape,
			cards.P("bleed", cards.Flag("extend the edges that lie on the trim line out to the bleed edge (default false)"))})}
	elementKinds["ellipse"] = elementKind{desc: "an ellipse in its box", compile: compileEllipse,
		props: slices.Concat(boxShapes, strokeShapes, []cards.Prop{fillShape})}
	elementKinds["line"] = elementKind{desc: "a straight line", compile: compileLine, required: []string{"x1", "y1", "x2", "y2"},
		props: slices.Concat(strokeShapes, []cards.Prop{
			cards.P("x1", lengthShape("start x: mm, a length with a unit, or % of the card width", true, true)),
			cards.P("y1", lengthShape("start y", true, true)),
			cards.P("x2", lengthShape("end x", true, true)),
			cards.P("y2", lengthShape("end y", true, true))})}
	point := &cards.Shape{Type: "array", Desc: "a point: [x, y]", Items: lengthShape("a coordinate", true, true), Len: 2}
	elementKinds["polygon"] = elementKind{desc: "a polygon: points, or a regular one with sides", compile: compilePolygon,
		props: slices.Concat(boxShapes, strokeShapes, []cards.Prop{fillShape,
			cards.P("points", cards.List("the corners, [[x, y], …], in the card's (or a repeat item's) frame", point)),
			cards.P("sides", wholeShape("a regular polygon's corners, inscribed in the box (3–64)", 3, 64)),
			cards.P("angle", numberShape("turn of a regular polygon, in degrees clockwise (default 0)", -360, 360))})}
	elementKinds["text"] = elementKind{desc: "text in a box, wrapped and fitted", compile: compileText, required: []string{"value"},
		props: slices.Concat(boxShapes, textShapes)}
	elementKinds["icon"] = elementKind{desc: "a built-in or picture icon", compile: compileIcon, required: []string{"name"},
		props: slices.Concat(boxShapes, []cards.Prop{cards.P("name", cards.Text("an icon name: a built-in icon, or one of the deck's icons"))}, colourShapes)}
	elementKinds["boxes"] = elementKind{desc: "a row or grid of check boxes, some marked", compile: compileBoxes, required: []string{"count"},
		props: slices.Concat(boxShapes, strokeShapes, []cards.Prop{
			cards.P("count", wholeShape("number of boxes (0–1000)", 0, 1000)),
			cards.P("marked", cards.Either(`the first N boxes marked, positions such as "1, 3, 5" or [1, 3, 5], or "none" (default none)`,
				&cards.Shape{Type: "integer", Min: ptr(0), Max: ptr(1000)}, &cards.Shape{Type: "string"},
				&cards.Shape{Type: "array", Items: &cards.Shape{Type: "integer", Min: ptr(1), Max: ptr(1000)}})),
			cards.P("cols", wholeShape("boxes per row (1–1000; default: as many as fit)", 1, 1000)),
			cards.P("size", lengthShape("a box's side (default: as large as fits)", false, false)),
			cards.P("gap", lengthShape("space between boxes", false, false)),
			cards.P("fill", colourShape("colour of the marks (default black)")),
			cards.P("mark", namesShape("how a marked box is drawn (default check)", markNames...)),
			cards.P("labels", cards.Flag("number the unmarked boxes (default false)")),
			cards.P("font", cards.Text(`the labels' font, "[family] [style]" (default: the regular sans)`)),
			cards.P("font-size", sizeShape("the labels' size in points"))})}
	elementKinds["stats"] = elementKind{desc: "label and value rows", compile: compileStats, required: []string{"rows"},
		props: slices.Concat(boxShapes, []cards.Prop{
			cards.P("rows", cards.List("the rows, top to bottom, sharing the box's height", rowShape)),
			cards.P("font", cards.Text("the values' font")),
			cards.P("label-font", cards.Text("the labels' font")),
			cards.P("size", sizeShape("size in points (default 10)"))},
			colourShapes, []cards.Prop{cards.P("rule", colourShape("colour of the lines between rows (default none)"))})}
	elementKinds["repeat"] = elementKind{desc: "a sub-layout for each item of a list field", compile: compileRepeat, required: []string{"field", "item-height", "elements"},
		props: slices.Concat(boxShapes, []cards.Prop{
			cards.P("field", cards.Text("a list field of the card: one item per entry, whose keys the item's elements use as {{key}}")),
			cards.P("item-height", lengthShape("height of each item: mm, a length with a unit, or % of the card height", false, true)),
			cards.P("gap", lengthShape("space between items (default 0)", false, true)),
			cards.P("elements", cards.List("the elements of each item, in the item's box", cards.Any("an element")))})}
}

// shape draws a path with an optional fill and stroke.
type shape struct {
	fill   *prop
	stroke stroke
}

func (c *compiler) shape(m *cards.Mapping, what string) shape {
	return shape{fill: c.colourProp(m, what, "fill"), stroke: c.stroke(m, what)}
}

// emit draws path with the shape's paints; with neither fill nor stroke
// given, it is outlined in black.
func (s shape) emit(r *renderer, path layout.Path) {
	fill := r.colour(s.fill, draw.Colour{})
	def := draw.Colour{}
	if s.fill == nil {
		def = draw.Black
	}
	col, w := r.paint(s.stroke, def)
	if !fill.Visible() && !col.Visible() {
		return
	}
	r.ops = append(r.ops, &draw.PathOp{Path: path, Fill: fill, Stroke: col, Width: w, Dash: s.stroke.dash})
}

// --- background

// background fills the bleed box with a colour and/or an image.
type background struct {
	colour *prop
	image  *imageProps
	pos    cards.Pos
}

func (c *compiler) background(n *cards.Node) *background {
	if n.Kind == cards.ScalarNode {
		p := c.newProp(n, "background")
		check(c, p, draw.ParseColour)
		return &background{colour: p, pos: n.Pos}
	}
	m := c.diags.Map(n, "background", backgroundShape.Keys()...)
	b := &background{colour: c.colourProp(m, "background", "colour", "color"), pos: n.Pos}
	if m.Has("image") {
		b.image = c.imageProps(m, "background")
	}
	return b
}

func (b *background) draw(r *renderer) {
	bleed := layout.Rect{X: -r.lib.Bleed, Y: -r.lib.Bleed, W: r.lib.Card.W + 2*r.lib.Bleed, H: r.lib.Card.H + 2*r.lib.Bleed}
	if col := r.colour(b.colour, draw.Colour{}); col.Visible() {
		r.ops = append(r.ops, &draw.PathOp{Path: layout.RectPath(bleed), Fill: col})
	}
	if b.image != nil {
		b.image.draw(r, bleed, 0, b.pos, "the background picture", "fit: cover fills the bleed")
	}
}

// --- rect

type rectElem struct {
	common
	box    boxProps
	shape  shape
	radius *prop
	bleed  bool
}

func compileRect(c *compiler, m *cards.Mapping, com common, what string) element {
	e := &rectElem{common: com, box: c.box(m, what), shape: c.shape(m, what), radius: c.prop(m, what, "radius")}
	check(c, e.radius, positiveLength(0))
	if n := m.Get("bleed"); n != nil {
		e.bleed, _ = c.diags.Bool(n, what+".bleed")
	}
	return e
}

func (e *rectElem) draw(r *renderer) {
	box, ok := r.rect(e.box)
	if !ok {
		return
	}
	if e.bleed {
		box = r.toBleed(box)
	} else if r.colour(e.shape.fill, draw.Colour{}).Visible() {
		r.checkBleed("the rect", e.pos, box, "bleed: true carries it on")
	}
	rad, _ := r.length(e.radius, 0, 0)
	e.shape.emit(r, layout.RoundedRectPath(box, rad))
}

// toBleed extends the edges of box that reach the trim edge out to the
// bleed edge.
func (r *renderer) toBleed(box layout.Rect) layout.Rect {
	b, W, H := r.lib.Bleed, r.lib.Card.W, r.lib.Card.H
	x0, y0, x1, y1 := box.X, box.Y, box.Right(), box.Bottom()
	if x0 <= 1e-9 {
		x0 = -b
	}
	if y0 <= 1e-9 {
		y0 = -b
	}
	if x1 >= W-1e-9 {
		x1 = W + b
	}
	if y1 >= H-1e-9 {
		y1 = H + b
	}
	return layout.Rect{X: x0, Y: y0, W: x1 - x0, H: y1 - y0}
}

// --- ellipse

type ellipseElem struct {
	common
	box   boxProps
	shape shape
}

func compileEllipse(c *compiler, m *cards.Mapping, com common, what string) element {
	return &ellipseElem{common: com, box: c.box(m, what), shape: c.shape(m, what)}
}

func (e *ellipseElem) draw(r *renderer) {
	if box, ok := r.rect(e.box); ok {
		e.shape.emit(r, layout.EllipsePath(box))
	}
}

// --- line

type lineElem struct {
	common
	x1, y1, x2, y2 *prop
	stroke         stroke
}

func compileLine(c *compiler, m *cards.Mapping, com common, what string) element {
	e := &lineElem{common: com, x1: c.prop(m, what, "x1"), y1: c.prop(m, what, "y1"),
		x2: c.prop(m, what, "x2"), y2: c.prop(m, what, "y2"), stroke: c.stroke(m, what)}
	for _, p := range []*prop{e.x1, e.x2} {
		check(c, p, lengthParser(c.lib.Card.W))
	}
	for _, p := range []*prop{e.y1, e.y2} {
		check(c, p, lengthParser(c.lib.Card.H))
	}
	return e
}

func (e *lineElem) draw(r *renderer) {
	x1, ok1 := r.length(e.x1, r.frame.W, 0)
	y1, ok2 := r.length(e.y1, r.frame.H, 0)
	x2, ok3 := r.length(e.x2, r.frame.W, 0)
	y2, ok4 := r.length(e.y2, r.frame.H, 0)
	if !(ok1 && ok2 && ok3 && ok4) {
		return
	}
	col, w := r.paint(e.stroke, draw.Black)
	f := r.frame
	r.ops = append(r.ops, &draw.PathOp{Path: layout.LinePath(layout.Segment{A: layout.Point{X: f.X + x1, Y: f.Y + y1}, B: layout.Point{X: f.X + x2, Y: f.Y + y2}}),
		Stroke: col, Width: w, Dash: e.stroke.dash})
}

// --- polygon

type polygonElem struct {
	common
	box    boxProps
	shape  shape
	points [][2]*prop
	sides  *prop
	angle  *prop
}

func compilePolygon(c *compiler, m *cards.Mapping, com common, what string) element {
	e := &polygonElem{common: com, box: c.box(m, what), shape: c.shape(m, what),
		sides: c.prop(m, what, "sides"), angle: c.prop(m, what, "angle")}
	check(c, e.sides, wholeNumber(3, 64))
	check(c, e.angle, number(-360, 360))
	for _, pt := range c.diags.List(m.Get("points"), what+".points") {
		xy := c.diags.List(pt, what+".points")
		if len(xy) != 2 {
			c.diags.Errorf(pt.Pos, "%s.points: each point is [x, y]", what)
			continue
		}
		p := [2]*prop{c.newProp(xy[0], what+".points x"), c.newProp(xy[1], what+".points y")}
		check(c, p[0], lengthParser(c.lib.Card.W))
		check(c, p[1], lengthParser(c.lib.Card.H))
		e.points = append(e.points, p)
	}
	if (e.sides == nil) == (len(e.points) == 0) {
		c.diags.Errorf(com.pos, "%s needs either points: [[x, y], …] or sides: N", what)
	}
	if len(e.points) > 0 && len(e.points) < 3 {
		c.diags.Errorf(com.pos, "%s needs at least 3 points", what)
	}
	return e
}

func (e *polygonElem) draw(r *renderer) {
	var pts []layout.Point
	if e.sides != nil {
		n, ok := value(r, e.sides, wholeNumber(3, 64))
		box, ok2 := r.rect(e.box)
		if !ok || !ok2 {
			return
		}
		angle := 0.0
		if e.angle != nil {
			angle, _ = value(r, e.angle, number(-360, 360))
		}
		// corners on the ellipse inscribed in the box, the first at the top
		for i := 0; i < n; i++ {
			a := (angle - 90 + float64(i)*360/float64(n)) * math.Pi / 180
			pts = append(pts, layout.Point{X: box.X + box.W/2 + box.W/2*math.Cos(a), Y: box.Y + box.H/2 + box.H/2*math.Sin(a)})
		}
	} else {
		for _, p := range e.points {
			x, ok1 := r.length(p[0], r.frame.W, 0)
			y, ok2 := r.length(p[1], r.frame.H, 0)
			if !ok1 || !ok2 {
				return
			}
			pts = append(pts, layout.Point{X: r.frame.X + x, Y: r.frame.Y + y})
		}
	}
	if len(pts) >= 3 {
		e.shape.emit(r, layout.PolygonPath(pts))
	}
}

// --- text

type textElem struct {
	common
	box                                          boxProps
	value, font, size, minSize, colour           *prop
	align, valign, lineHeight, fit, wrap, markup *prop
}

func compileText(c *compiler, m *cards.Mapping, com common, what string) element {
	e := &textElem{common: com, box: c.box(m, what), value: c.prop(m, what, "value"),
		font: c.prop(m, what, "font"), size: c.prop(m, what, "size"), minSize: c.prop(m, what, "min-size"),
		colour: c.colourProp(m, what, "colour", "color"), align: c.prop(m, what, "align"),
		valign: c.prop(m, what, "valign"), lineHeight: c.prop(m, what, "line-height"),
		fit: c.prop(m, what, "fit"), wrap: c.prop(m, what, "wrap"), markup: c.prop(m, what, "markup")}
	check(c, e.font, c.fontParser())
	check(c, e.size, pointSize)
	check(c, e.minSize, pointSize)
	check(c, e.align, enum(typeset.AlignNames...))
	check(c, e.valign, enum(typeset.VAlignNames...))
	check(c, e.lineHeight, number(0.5, 5))
	check(c, e.fit, enum("none", "shrink"))
	check(c, e.wrap, boolean)
	check(c, e.markup, boolean)
	return e
}

type fontChoice struct {
	family *typeset.Family
	style  typeset.Style
}

func (c *compiler) fontParser() func(string) (fontChoice, error) {
	return c.lib.fontParser()
}

func (l *Library) fontParser() func(string) (fontChoice, error) {
	return func(s string) (fontChoice, error) {
		fam, st, err := l.Fonts.Resolve(s)
		return fontChoice{fam, st}, err
	}
}

// Defaults of text elements.
const (
	DefaultTextSize = 10.0 // points
	DefaultMinSize  = 6.0  // points, the floor of fit: shrink
)

func (e *textElem) draw(r *renderer) {
	box, ok := r.rect(e.box)
	if !ok {
		return
	}
	s, pos, ok := text(r, e.value)
	if !ok || strings.TrimSpace(s) == "" {
		return
	}
	for _, ch := range s {
		if ch > 0xFFFF {
			r.fail(pos, "character %q (U+%04X) cannot be printed: deckpress sets text from the Basic Multilingual Plane only (no emoji); remove it or use an icon", ch, ch)
			return
		}
	}
	st := r.textStyle(e.font, e.size, e.colour, e.align, e.valign, e.lineHeight)
	st.Wrap, st.MinSize = true, DefaultMinSize
	if e.wrap != nil {
		st.Wrap, _ = value(r, e.wrap, boolean)
	}
	if e.markup != nil {
		markup, _ := value(r, e.markup, boolean)
		st.Plain = !markup
	}
	if fit, ok := value(r, e.fit, enum("none", "shrink")); ok {
		st.Shrink = fit == 1
	}
	if e.minSize != nil {
		if v, ok := value(r, e.minSize, pointSize); ok {
			st.MinSize = v
		}
	}
	r.setText(s, pos, box, st)
}

// textStyle evaluates the common text properties, with defaults.
func (r *renderer) textStyle(font, size, colour, align, valign, lineHeight *prop) typeset.TextStyle {
	st := typeset.TextStyle{Family: r.lib.Fonts.Fallback, Size: DefaultTextSize, Colour: r.colour(colour, draw.Black), LineHeight: 1.2}
	if fc, ok := value(r, font, r.lib.fontParser()); ok {
		st.Family, st.Style = fc.family, fc.style
	}
	if v, ok := value(r, size, pointSize); ok {
		st.Size = v
	}
	if v, ok := value(r, align, enum(typeset.AlignNames...)); ok {
		st.Align = typeset.Align(v)
	}
	if v, ok := value(r, valign, enum(typeset.VAlignNames...)); ok {
		st.VAlign = typeset.VAlign(v)
	}
	if v, ok := value(r, lineHeight, number(0.5, 5)); ok {
		st.LineHeight = v
	}
	return st
}

// setText lays out s and reports what the layout found, at pos.
func (r *renderer) setText(s string, pos cards.Pos, box layout.Rect, st typeset.TextStyle) {
	if n := utf8.RuneCountInString(s); n > MaxTextRunes {
		r.warn(pos, "text of %d characters: only the first %d are set", n, MaxTextRunes)
		s = cutRunes(s, MaxTextRunes)
	}
	if !r.budget.Text(len(s)) {
		return
	}
	st.Budget = &r.budget
	var res typeset.TextResult
	r.ops, res = typeset.LayoutText(r.ops, s, box, st, r.lib.Icons)
	for _, p := range res.Problems {
		if p.Error() {
			r.fail(pos, "%s", p.Text(r.lib.Icons, nameHints))
		} else {
			r.warn(pos, "%s", p.Message)
		}
	}
	if res.Overflow {
		if st.Shrink {
			r.warn(pos, "text does not fit its %s x %s box even at %spt; the end is cut", layout.FormatMM(box.W), layout.FormatMM(box.H), strconv.FormatFloat(res.Size, 'f', -1, 64))
		} else {
			r.warn(pos, "text does not fit its %s x %s box at %spt; the end is cut (fit: shrink would make it smaller)", layout.FormatMM(box.W), layout.FormatMM(box.H), strconv.FormatFloat(res.Size, 'f', -1, 64))
		}
	}
	if len(res.Missing) > 0 {
		r.warn(pos, "no font has a glyph for %s; %s left out", typeset.RuneList(res.Missing), typeset.ItThey(len(res.Missing)))
	}
	if len(res.Substitute) > 0 {
		r.warn(pos, "font %s has no glyph for %s; %s drawn from the Go font", cards.Excerpt(st.Family.Name), typeset.RuneList(res.Substitute), typeset.ItThey(len(res.Substitute)))
	}
}

// MaxTextRunes is the most characters one text element sets: far more
// than any card shows, so that a long value costs no more than this.
const MaxTextRunes = 100_000

// cutRunes returns the first n runes of s.
func cutRunes(s string, n int) string {
	for i := range s {
		if n == 0 {
			return s[:i]
		}
		n--
	}
	return s
}

// --- icon

type iconElem struct {
	common
	box          boxProps
	name, colour *prop
}

func compileIcon(c *compiler, m *cards.Mapping, com common, what string) element {
	e := &iconElem{common: com, box: c.box(m, what), name: c.prop(m, what, "name"), colour: c.colourProp(m, what, "colour", "color")}
	check(c, e.name, c.lib.iconParser())
	return e
}

func (l *Library) iconParser() func(string) (*typeset.Icon, error) {
	return func(s string) (*typeset.Icon, error) {
		name := strings.Trim(strings.TrimSpace(s), ":")
		if ic := l.Icons.Lookup(name); ic != nil {
			return ic, nil
		}
		return nil, errorString(typeset.UnknownIcon(name, l.Icons, nameHints))
	}
}

type errorString string

func (e errorString) Error() string { return string(e) }

func (e *iconElem) draw(r *renderer) {
	box, ok := r.rect(e.box)
	ic, ok2 := value(r, e.name, r.lib.iconParser())
	if ok && ok2 {
		r.ops = ic.Draw(r.ops, box, r.colour(e.colour, draw.Black), &r.budget)
	}
}

// nameHints make the messages about unknown icons.
var nameHints = typeset.NameHints{Suggest: cards.Suggest, List: cards.ListChoices}
