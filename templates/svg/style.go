package svg

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/templates/draw"
)

// paintKind is what a fill or stroke paints with.
type paintKind uint8

const (
	paintNone paintKind = iota
	paintColour
	paintCurrent // currentColor
)

type paint struct {
	kind paintKind
	c    draw.Colour
}

// style is the inherited state of the cascade at an element.
type style struct {
	fill, stroke               paint
	fillOpacity, strokeOpacity float64
	width                      float64
	cap                        draw.LineCap
	join                       draw.LineJoin
	dash                       []float64
	evenOdd                    bool
	color                      *draw.Colour // the color property; nil: the template's
	hidden                     bool         // visibility: hidden
	strokeFirst                bool         // paint-order: stroke before fill
	// not inherited: set per element
	opacity float64
	display bool
}

func initialStyle(opt Options) style {
	st := style{fill: paint{kind: paintColour, c: draw.Black}, fillOpacity: 1, strokeOpacity: 1, width: 1, opacity: 1, display: true}
	if opt.CurrentFill {
		st.fill = paint{kind: paintCurrent}
	}
	return st
}

// declarations lists an element's presentation attributes, then its
// style declarations, which override them.
func declarations(n *node) [][2]string {
	var out [][2]string
	for _, a := range n.attrs {
		if a.Name.Space == "" && (properties[a.Name.Local] || a.Name.Local == "display" || a.Name.Local == "opacity") {
			out = append(out, [2]string{a.Name.Local, a.Value})
		}
	}
	if s, ok := n.attr("style"); ok {
		for _, d := range strings.Split(s, ";") {
			k, v, ok := strings.Cut(d, ":")
			if !ok {
				continue
			}
			v = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "!important"))
			out = append(out, [2]string{strings.ToLower(strings.TrimSpace(k)), v})
		}
	}
	return out
}

// properties are the presentation attributes read from attributes (in
// style declarations, every property is looked at).
var properties = map[string]bool{
	"fill": true, "stroke": true, "fill-opacity": true, "stroke-opacity": true, "stroke-width": true,
	"stroke-linecap": true, "stroke-linejoin": true, "stroke-dasharray": true, "stroke-dashoffset": true,
	"fill-rule": true, "color": true, "visibility": true, "paint-order": true, "filter": true, "mask": true,
	"clip-path": true, "marker-start": true, "marker-mid": true, "marker-end": true, "marker": true,
	"mix-blend-mode": true, "vector-effect": true,
}

// apply computes an element's style from its parent's.
func (r *reader) apply(n *node, parent style, diag float64) (style, error) {
	st := parent
	st.opacity, st.display = 1, true
	for _, d := range declarations(n) {
		k, v := d[0], d[1]
		if v == "inherit" || v == "" {
			continue
		}
		if err := r.property(n, &st, k, v, diag); err != nil {
			return st, r.fail(n, "%s %s: %v", k, cards.Excerpt(v), err)
		}
	}
	return st, nil
}

func (r *reader) property(n *node, st *style, k, v string, diag float64) error {
	var err error
	switch k {
	case "fill":
		st.fill, err = r.paint(n, v, k)
	case "stroke":
		st.stroke, err = r.paint(n, v, k)
	case "fill-opacity":
		st.fillOpacity, err = opacity(v)
	case "stroke-opacity":
		st.strokeOpacity, err = opacity(v)
	case "opacity":
		st.opacity, err = opacity(v)
	case "stroke-width":
		st.width, err = length(v, diag)
		if err == nil && st.width < 0 {
			err = fmt.Errorf("a stroke width cannot be negative")
		}
	case "stroke-linecap":
		c, ok := map[string]draw.LineCap{"butt": draw.CapButt, "round": draw.CapRound, "square": draw.CapSquare}[v]
		if !ok {
			return fmt.Errorf("write butt, round or square")
		}
		st.cap = c
	case "stroke-linejoin":
		j, ok := map[string]draw.LineJoin{"miter": draw.JoinMiter, "miter-clip": draw.JoinMiter, "arcs": draw.JoinRound, "round": draw.JoinRound, "bevel": draw.JoinBevel}[v]
		if !ok {
			return fmt.Errorf("write miter, round or bevel")
		}
		st.join = j
	case "stroke-dasharray":
		st.dash, err = dashes(v, diag)
	case "stroke-dashoffset":
		if o, e := length(v, diag); e != nil || o != 0 {
			r.warn(n, "stroke-dashoffset is not applied: dashes start at the start of each path")
		}
	case "fill-rule":
		switch v {
		case "evenodd":
			st.evenOdd = true
		case "nonzero":
			st.evenOdd = false
		default:
			return fmt.Errorf("write nonzero or evenodd")
		}
	case "color":
		p, e := r.paint(n, v, k)
		if e != nil {
			return e
		}
		if p.kind == paintColour {
			c := p.c
			st.color = &c
		}
	case "visibility":
		st.hidden = v == "hidden" || v == "collapse"
	case "display":
		st.display = v != "none"
	case "paint-order":
		f := strings.Fields(v)
		st.strokeFirst = len(f) > 0 && f[0] == "stroke" || len(f) > 1 && f[0] == "markers" && f[1] == "stroke"
	case "filter":
		if v != "none" {
			r.warn(n, "filters (blur, shadows and the like) are not drawn")
		}
	case "mask":
		if v != "none" {
			r.warn(n, "masks are not applied: the shapes are drawn whole")
		}
	case "clip-path":
		if v != "none" {
			r.warn(n, "clip paths are not applied: the shapes are drawn whole")
		}
	case "marker", "marker-start", "marker-mid", "marker-end":
		if v != "none" {
			r.warn(n, "markers (arrow heads and the like) are not drawn")
		}
	case "mix-blend-mode":
		if v != "normal" {
			r.warn(n, "blend modes are not applied: shapes are painted over one another")
		}
	case "vector-effect":
		if v != "none" {
			r.warn(n, "vector-effect is not applied: strokes scale with their shapes")
		}
	}
	return err
}

// paint reads a fill, stroke or color value.
func (r *reader) paint(n *node, v, what string) (paint, error) {
	if strings.HasPrefix(v, "url(") {
		end := strings.IndexByte(v, ')')
		if end < 0 {
			return paint{}, fmt.Errorf("the url( has no )")
		}
		ref := strings.Trim(strings.TrimSpace(v[4:end]), `"'`)
		fallback := strings.TrimSpace(v[end+1:])
		if fallback != "" {
			r.warn(n, "gradients and patterns are not drawn; %s uses its fallback colour", what)
			return r.paint(n, fallback, what)
		}
		id := strings.TrimPrefix(ref, "#")
		g, seen := r.gradient[id]
		if !seen {
			g.c, g.ok = r.gradientColour(id, 0)
			if r.gradient == nil {
				r.gradient = map[string]gradientPaint{}
			}
			r.gradient[id] = g
		}
		if c, ok := g.c, g.ok; ok {
			r.warn(n, "gradients are not drawn; %s uses the average colour of the gradient's stops", what)
			return paint{kind: paintColour, c: c}, nil
		}
		r.warn(n, "%s refers to %s, which is not a gradient here: that paint is left out", what, cards.Excerpt(ref))
		return paint{}, nil
	}
	c, kind, err := colour(v)
	if kind == paintNone && err == nil && strings.HasPrefix(v, "context-") {
		r.warn(n, "%s %s is not supported; left out", what, cards.Excerpt(v))
	}
	return paint{kind: kind, c: c}, err
}

// gradientColour returns the average colour of a gradient's stops,
// following its href chain a few steps.
func (r *reader) gradientColour(id string, depth int) (draw.Colour, bool) {
	g := r.ids[id]
	if g == nil || depth > 8 || (g.name.Local != "linearGradient" && g.name.Local != "radialGradient") {
		return draw.Colour{}, false
	}
	var sum [4]float64
	count := 0
	for _, s := range g.kids {
		if s.name.Local != "stop" {
			continue
		}
		c, a := draw.Black, 1.0
		for _, d := range declarations(s) {
			switch d[0] {
			case "stop-color":
				if col, kind, err := colour(d[1]); err == nil && kind == paintColour {
					c = col
				}
			case "stop-opacity":
				if o, err := opacity(d[1]); err == nil {
					a = o
				}
			}
		}
		if v, ok := s.attr("stop-color"); ok {
			if col, kind, err := colour(v); err == nil && kind == paintColour {
				c = col
			}
		}
		a *= float64(c.A) / 255
		sum[0] += float64(c.R) * a
		sum[1] += float64(c.G) * a
		sum[2] += float64(c.B) * a
		sum[3] += a
		count++
	}
	if count == 0 {
		for _, a := range g.attrs {
			if a.Name.Local == "href" && (a.Name.Space == nsXLink || a.Name.Space == "") {
				return r.gradientColour(strings.TrimPrefix(a.Value, "#"), depth+1)
			}
		}
		return draw.Colour{}, false
	}
	if sum[3] == 0 {
		return draw.Colour{}, true
	}
	return draw.Colour{R: uint8(math.Round(sum[0] / sum[3])), G: uint8(math.Round(sum[1] / sum[3])), B: uint8(math.Round(sum[2] / sum[3])), A: uint8(math.Round(sum[3] / float64(count) * 255))}, true
}

// colour reads a CSS colour: none, currentColor, #rgb, #rgba, #rrggbb,
// #rrggbbaa, rgb(…), rgba(…) or a name.
func colour(v string) (draw.Colour, paintKind, error) {
	t := strings.ToLower(strings.TrimSpace(v))
	switch {
	case t == "none" || t == "transparent" || strings.HasPrefix(t, "context-"):
		return draw.Colour{}, paintNone, nil
	case t == "currentcolor":
		return draw.Colour{}, paintCurrent, nil
	case len(t) == 5 && t[0] == '#':
		t = "#" + string([]byte{t[1], t[1], t[2], t[2], t[3], t[3], t[4], t[4]})
	case strings.HasPrefix(t, "rgb(") || strings.HasPrefix(t, "rgba("):
		return rgbFunc(t)
	}
	c, err := draw.ParseColour(t)
	if err != nil {
		return c, paintNone, fmt.Errorf("not a colour; write #rrggbb, rgb(r, g, b), a CSS colour name, none or currentColor")
	}
	return c, paintColour, nil
}

func rgbFunc(t string) (draw.Colour, paintKind, error) {
	open, end := strings.IndexByte(t, '('), strings.LastIndexByte(t, ')')
	bad := fmt.Errorf("write rgb(r, g, b) with numbers 0–255 or percentages")
	if end < open {
		return draw.Colour{}, paintNone, bad
	}
	parts := strings.FieldsFunc(t[open+1:end], func(r rune) bool { return r == ',' || r == ' ' || r == '/' })
	if len(parts) != 3 && len(parts) != 4 {
		return draw.Colour{}, paintNone, bad
	}
	var ch [4]uint8
	ch[3] = 255
	for i, p := range parts {
		pct := strings.HasSuffix(p, "%")
		f, err := strconv.ParseFloat(strings.TrimSuffix(p, "%"), 64)
		if err != nil || math.IsNaN(f) {
			return draw.Colour{}, paintNone, bad
		}
		switch {
		case pct:
			f = f / 100 * 255
		case i == 3:
			f *= 255
		}
		ch[i] = uint8(math.Round(math.Max(0, math.Min(255, f))))
	}
	return draw.Colour{R: ch[0], G: ch[1], B: ch[2], A: ch[3]}, paintColour, nil
}

// opacity reads a number 0–1 or a percentage, clamped.
func opacity(v string) (float64, error) {
	pct := strings.HasSuffix(v, "%")
	f, err := strconv.ParseFloat(strings.TrimSpace(strings.TrimSuffix(v, "%")), 64)
	if err != nil || math.IsNaN(f) {
		return 1, fmt.Errorf("write a number from 0 to 1")
	}
	if pct {
		f /= 100
	}
	return math.Max(0, math.Min(1, f)), nil
}

// units are CSS lengths in px.
var units = map[string]float64{"": 1, "px": 1, "mm": 96 / 25.4, "cm": 96 / 2.54, "in": 96, "pt": 96.0 / 72, "pc": 16, "em": 16, "ex": 8, "q": 96 / 25.4 / 4}

// length reads a length in px; a percentage is of base.
func length(v string, base float64) (float64, error) {
	p := &scanner{s: strings.TrimSpace(v)}
	f, err := p.number()
	if err != nil {
		return 0, fmt.Errorf("not a length; write a number, with px, mm, cm, in, pt or %%")
	}
	u := strings.ToLower(strings.TrimSpace(p.s[p.i:]))
	if u == "%" {
		return f / 100 * base, nil
	}
	k, ok := units[u]
	if !ok {
		return 0, fmt.Errorf("unknown unit %s; write px, mm, cm, in, pt or %%", cards.Excerpt(u))
	}
	return f * k, nil
}

// dashes reads a stroke-dasharray: none, or lengths (an odd count is
// repeated, as SVG says); all zero is solid.
func dashes(v string, diag float64) ([]float64, error) {
	if v == "none" {
		return nil, nil
	}
	var out []float64
	total := 0.0
	for _, f := range strings.FieldsFunc(v, func(r rune) bool { return r == ',' || isSpace(byte(r)) }) {
		d, err := length(f, diag)
		if err != nil {
			return nil, err
		}
		if d < 0 {
			return nil, fmt.Errorf("a dash cannot be negative")
		}
		out = append(out, d)
		total += d
	}
	if len(out) > 64 {
		return nil, fmt.Errorf("more than 64 dashes")
	}
	if total == 0 {
		return nil, nil
	}
	if len(out)%2 == 1 {
		out = append(out, out...)
	}
	return out, nil
}
