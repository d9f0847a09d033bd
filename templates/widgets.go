package templates

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/templates/draw"
	"github.com/deckpress/deckpress/templates/typeset"
)

// --- boxes: a row or grid of check boxes, some marked

type boxesElem struct {
	common
	box                       boxProps
	stroke                    stroke
	count, marked, cols, size *prop
	gap, fill, mark, fontSize *prop
	font                      *prop
	labels                    bool
}

var markNames = []string{"check", "x", "fill", "dot"}

func compileBoxes(c *compiler, m *cards.Mapping, com common, what string) element {
	e := &boxesElem{common: com, box: c.box(m, what), stroke: c.stroke(m, what),
		count: c.prop(m, what, "count"), marked: c.prop(m, what, "marked"), cols: c.prop(m, what, "cols"),
		size: c.prop(m, what, "size"), gap: c.prop(m, what, "gap"), fill: c.colourProp(m, what, "fill"),
		mark: c.prop(m, what, "mark"), fontSize: c.prop(m, what, "font-size"), font: c.prop(m, what, "font")}
	if n := m.Get("marked"); n != nil && n.Kind == cards.SeqNode {
		// a YAML list of positions: keep it as the text "1, 3, 5"
		var parts []string
		for _, it := range n.Content {
			if v, ok := c.diags.Int(it, what+".marked", 1, 1000); ok {
				parts = append(parts, strconv.Itoa(v))
			}
		}
		e.marked = newProp(cards.Scalar(strings.Join(parts, ", "), n.Pos), what+".marked")
	}
	check(c, e.count, wholeNumber(0, 1000))
	check(c, e.marked, parseMarked)
	check(c, e.cols, wholeNumber(1, 1000))
	check(c, e.size, positiveLength(0))
	check(c, e.gap, positiveLength(0))
	check(c, e.mark, enum(markNames...))
	check(c, e.fontSize, pointSize)
	check(c, e.font, c.fontParser())
	if n := m.Get("labels"); n != nil {
		e.labels, _ = c.diags.Bool(n, what+".labels")
	}
	return e
}

// marked is which boxes are marked: the first N, or a set of positions.
type marked struct {
	first     int
	positions map[int]bool
}

func (m marked) has(i int) bool { return i <= m.first || m.positions[i] }

// parseMarked reads "3" (the first three) or "1, 3, 5, 6" (those boxes,
// counting from 1); "" or "none" marks nothing.
func parseMarked(s string) (marked, error) {
	t := strings.TrimSpace(s)
	if t == "" || t == "none" {
		return marked{}, nil
	}
	if !strings.ContainsAny(t, ", ") {
		n, err := strconv.Atoi(t)
		if err != nil || n < 0 {
			return marked{}, fmt.Errorf("%q is not a number of boxes or a list of box positions such as \"1, 3, 5\"", s)
		}
		return marked{first: n}, nil
	}
	m := marked{positions: map[int]bool{}}
	for _, f := range strings.FieldsFunc(t, func(r rune) bool { return r == ',' || r == ' ' }) {
		n, err := strconv.Atoi(f)
		if err != nil || n < 1 {
			return marked{}, fmt.Errorf("%q is not a list of box positions (counting from 1) such as \"1, 3, 5\"", s)
		}
		m.positions[n] = true
	}
	return m, nil
}

func (e *boxesElem) draw(r *renderer) {
	area, ok := r.rect(e.box)
	n, ok2 := value(r, e.count, wholeNumber(0, 1000))
	if !ok || !ok2 || n == 0 {
		return
	}
	var mk marked
	if e.marked != nil {
		mk, _ = value(r, e.marked, parseMarked)
	}
	for p := range mk.positions {
		if p > n {
			r.fail(e.marked.node.Pos, "%s: box %d is marked, but there are only %d", e.marked.what, p, n)
		}
	}
	gap, _ := r.length(e.gap, 0, 1)
	cols := n
	if e.cols != nil {
		cols, _ = value(r, e.cols, wholeNumber(1, 1000))
	}
	side := 0.0
	if e.size != nil {
		side, _ = r.length(e.size, 0, 0)
		if e.cols == nil && side > 0 {
			cols = max(1, min(n, int(math.Floor((area.W+gap+1e-9)/(side+gap)))))
		}
	}
	rows := (n + cols - 1) / cols
	fitSide := math.Min((area.W-gap*float64(cols-1))/float64(cols), (area.H-gap*float64(rows-1))/float64(rows))
	if side <= 0 || side > fitSide+1e-9 {
		if side > fitSide+1e-9 {
			r.warn(e.pos, "%d boxes of %s do not fit the %s x %s area; drawn at %s", n, layout.FormatMM(side), layout.FormatMM(area.W), layout.FormatMM(area.H), layout.FormatMM(fitSide))
		}
		side = fitSide
	}
	if side <= 0 {
		return
	}
	col, w := r.paint(e.stroke, draw.Black)
	ink := r.colour(e.fill, draw.Black)
	style := 0
	if e.mark != nil {
		style, _ = value(r, e.mark, enum(markNames...))
	}
	labelSize := side / layout.MMPerPoint * 0.55
	if e.fontSize != nil {
		labelSize, _ = value(r, e.fontSize, pointSize)
	}
	fam, face := r.lib.Fonts.Fallback, typeset.Regular
	if fc, ok := value(r, e.font, r.lib.fontParser()); ok {
		fam, face = fc.family, fc.style
	}
	for i := 0; i < n; i++ {
		b := layout.Rect{X: area.X + float64(i%cols)*(side+gap), Y: area.Y + float64(i/cols)*(side+gap), W: side, H: side}
		if e.labels && !mk.has(i+1) {
			st := typeset.TextStyle{Family: fam, Style: face, Size: labelSize, Colour: draw.Colour{R: 150, G: 150, B: 150, A: 255}, Align: typeset.AlignCenter, VAlign: typeset.VAlignMiddle, LineHeight: 1, Plain: true}
			r.ops, _ = typeset.LayoutText(r.ops, strconv.Itoa(i+1), b, st, nil)
		}
		if mk.has(i + 1) {
			r.ops = appendMark(r.ops, markNames[style], b, ink, w)
		}
		r.ops = append(r.ops, &draw.PathOp{Path: layout.RectPath(b), Stroke: col, Width: w})
	}
}

// appendMark draws a box's mark inside b.
func appendMark(ops []draw.Op, style string, b layout.Rect, c draw.Colour, w float64) []draw.Op {
	in := b.Inset(b.W * 0.18)
	switch style {
	case "fill":
		return append(ops, &draw.PathOp{Path: layout.RectPath(b), Fill: c})
	case "dot":
		return append(ops, &draw.PathOp{Path: layout.EllipsePath(b.Inset(b.W * 0.28)), Fill: c})
	case "x":
		var p layout.Path
		p.Append(layout.LinePath(layout.Segment{A: layout.Point{X: in.X, Y: in.Y}, B: layout.Point{X: in.Right(), Y: in.Bottom()}}))
		p.Append(layout.LinePath(layout.Segment{A: layout.Point{X: in.Right(), Y: in.Y}, B: layout.Point{X: in.X, Y: in.Bottom()}}))
		return append(ops, &draw.PathOp{Path: p, Stroke: c, Width: math.Max(w*2, b.W*0.1)})
	}
	var p layout.Path
	p.MoveTo(in.X, in.Y+in.H*0.55)
	p.LineTo(in.X+in.W*0.38, in.Bottom())
	p.LineTo(in.Right(), in.Y)
	return append(ops, &draw.PathOp{Path: p, Stroke: c, Width: math.Max(w*2, b.W*0.12)})
}

// --- stats: label and value rows

type statsElem struct {
	common
	box                         boxProps
	rows                        [][2]*prop
	font, labelFont, size, rule *prop
	colour                      *prop
}

func compileStats(c *compiler, m *cards.Mapping, com common, what string) element {
	e := &statsElem{common: com, box: c.box(m, what), font: c.prop(m, what, "font"),
		labelFont: c.prop(m, what, "label-font"), size: c.prop(m, what, "size"),
		colour: c.colourProp(m, what, "colour", "color"), rule: c.colourProp(m, what, "rule")}
	check(c, e.font, c.fontParser())
	check(c, e.labelFont, c.fontParser())
	check(c, e.size, pointSize)
	for _, row := range c.diags.List(m.Get("rows"), what+".rows") {
		rm := c.diags.Map(row, what+".rows", rowShape.Keys()...)
		c.diags.Require(rm, what+" row", rowShape.Required...)
		e.rows = append(e.rows, [2]*prop{c.prop(rm, what, "label"), c.prop(rm, what, "value")})
	}
	return e
}

func (e *statsElem) draw(r *renderer) {
	area, ok := r.rect(e.box)
	if !ok || len(e.rows) == 0 {
		return
	}
	pitch := area.H / float64(len(e.rows))
	st := r.textStyle(e.font, e.size, e.colour, nil, nil, nil)
	if e.size == nil {
		st.Size = math.Min(pitch*0.62/layout.MMPerPoint, 14)
	}
	st.VAlign, st.Wrap, st.Shrink, st.MinSize, st.LineHeight = typeset.VAlignMiddle, false, true, 4, 1
	labelSt := st
	if fc, ok := value(r, e.labelFont, r.lib.fontParser()); ok {
		labelSt.Family, labelSt.Style = fc.family, fc.style
	}
	rule := r.colour(e.rule, draw.Colour{})
	for i, row := range e.rows {
		line := layout.Rect{X: area.X, Y: area.Y + float64(i)*pitch, W: area.W, H: pitch}
		label, lpos, ok1 := text(r, row[0])
		val, vpos, ok2 := text(r, row[1])
		if !ok1 || !ok2 {
			continue
		}
		left := layout.Rect{X: line.X, Y: line.Y, W: line.W * 0.62, H: line.H}
		right := layout.Rect{X: line.X + line.W*0.62, Y: line.Y, W: line.W * 0.38, H: line.H}
		r.setText(label, lpos, left, labelSt)
		vst := st
		vst.Align = typeset.AlignRight
		r.setText(val, vpos, right, vst)
		if rule.Visible() && i > 0 {
			r.ops = append(r.ops, &draw.PathOp{Path: layout.LinePath(layout.Segment{A: layout.Point{X: line.X, Y: line.Y}, B: layout.Point{X: line.Right(), Y: line.Y}}), Stroke: rule, Width: 0.2})
		}
	}
}

// --- repeat: a sub-layout per item of a list field

// MaxRepeated is the most items the repeats of one face draw, nested
// repeats counting every item of every level.
const MaxRepeated = 10_000

type repeatElem struct {
	common
	box        boxProps
	field      string
	fieldPos   cards.Pos
	itemHeight *prop
	gap        *prop
	elements   []element
}

func compileRepeat(c *compiler, m *cards.Mapping, com common, what string) element {
	e := &repeatElem{common: com, box: c.box(m, what), itemHeight: c.prop(m, what, "item-height"), gap: c.prop(m, what, "gap")}
	if n := m.Get("field"); n != nil {
		e.field, _ = c.diags.Text(n, what+".field")
		e.fieldPos = n.Pos
	}
	check(c, e.itemHeight, positiveLength(c.lib.Card.H))
	check(c, e.gap, positiveLength(c.lib.Card.H))
	for _, n := range c.diags.List(m.Get("elements"), what+".elements") {
		if sub := c.element(n); sub != nil {
			e.elements = append(e.elements, sub)
		}
	}
	return e
}

func (e *repeatElem) draw(r *renderer) {
	area, ok := r.rect(e.box)
	if !ok {
		return
	}
	list := r.field(e.field)
	if list == nil || list.Kind == cards.NullNode {
		return
	}
	if list.Kind != cards.SeqNode {
		r.fail(list.Pos, "field %q is %s; repeat needs a list", e.field, list.Describe())
		return
	}
	ih, ok1 := r.length(e.itemHeight, area.H, 0)
	gap, ok2 := r.length(e.gap, area.H, 0)
	if !ok1 || !ok2 || ih <= 0 {
		return
	}
	room := int(math.Floor((area.H + gap + 1e-9) / (ih + gap)))
	if len(list.Content) > room {
		r.warn(list.Pos, "field %q has %d items; its repeat has room for %d, the rest are left out", e.field, len(list.Content), room)
	}
	outer, frame, lookup := r.lookup, r.frame, r.lookup
	defer func() { r.frame, r.lookup = frame, lookup }()
	for i, item := range list.Content {
		if i >= room || r.overBudget || r.budget.Err() != nil {
			break
		}
		if r.repeated++; r.repeated > MaxRepeated {
			r.overBudget = true
			r.fail(e.fieldPos, "repeat: more than %d items on one face (repeats nested in repeats multiply); draw fewer", MaxRepeated)
			break
		}
		r.frame = layout.Rect{X: area.X, Y: area.Y + float64(i)*(ih+gap), W: area.W, H: ih}
		r.lookup = itemScope(item, i+1, len(list.Content), outer)
		r.drawAll(e.elements)
	}
}

// itemScope looks a name up in a repeat item: the item's own keys (when
// it is a mapping), then `item` (the item itself), `index` and `count`,
// then the enclosing scope.
func itemScope(item *cards.Node, index, count int, outer func(string) *cards.Node) func(string) *cards.Node {
	return func(name string) *cards.Node {
		if v := item.Key(name); v != nil {
			return v
		}
		switch name {
		case "item":
			return item
		case "index":
			return cards.Scalar(strconv.Itoa(index), item.Pos)
		case "count":
			return cards.Scalar(strconv.Itoa(count), item.Pos)
		}
		if outer == nil {
			return nil
		}
		return outer(name)
	}
}
