package svg

import (
	"fmt"
	"math"
	"strings"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/templates/draw"
)

// frame is the state of the walk at an element: transform to the
// viewport, the nearest viewBox's size (for percentages), the opacity of
// the enclosing groups and the depth.
type frame struct {
	m       layout.Affine
	w, h    float64
	opacity float64
	depth   int
}

// maxCoord bounds the size of a picture; its coordinates, stroke widths
// and dashes are bounded by 1000 times its size, so that no infinity or
// absurd number reaches a back end, however the picture is placed.
const maxCoord = 1e7

func (f frame) diag() float64 { return math.Sqrt((f.w*f.w + f.h*f.h) / 2) }

// skipped are SVG elements that draw nothing by themselves: definitions
// used by reference, and descriptions.
var skipped = map[string]bool{
	"defs": true, "symbol": true, "title": true, "desc": true, "metadata": true, "linearGradient": true,
	"radialGradient": true, "stop": true, "clipPath": true, "mask": true, "marker": true, "pattern": true,
	"filter": true, "script": true, "cursor": true, "view": true, "font": true, "font-face": true,
	"animate": true, "animateMotion": true, "animateTransform": true, "set": true, "mpath": true,
}

// unsupported are SVG elements that would draw something this reader
// does not: a warning each.
var unsupported = map[string]string{
	"text":          "text is not drawn; convert it to paths (in Inkscape: Path > Object to Path)",
	"image":         "embedded pictures are not drawn; give the picture to deckpress as a PNG or JPEG file of its own",
	"foreignObject": "foreignObject (HTML inside SVG) is not drawn",
	"style":         "style sheets (<style>) are not applied; use style attributes (Inkscape writes these)",
	"switch":        "switch is drawn as a group: every child is drawn",
}

// group walks the children of a container element.
func (r *reader) group(n *node, st style, f frame) error {
	for _, k := range n.kids {
		if err := r.element(k, st, f); err != nil {
			return err
		}
	}
	return nil
}

// element draws one element and what it contains.
func (r *reader) element(n *node, parent style, f frame) error {
	if !n.svg() {
		return nil // sodipodi:namedview, inkscape:…, RDF metadata
	}
	name := n.name.Local
	if skipped[name] {
		return nil
	}
	if r.elements++; r.elements > MaxElements {
		return r.fail(n, "more than %d elements to draw (counting what <use> copies)", MaxElements)
	}
	if f.depth++; f.depth > MaxDepth {
		return r.fail(n, "elements nested more than %d deep (counting <use> references)", MaxDepth)
	}
	if err := r.reads(n); err != nil {
		return err
	}
	if msg, ok := unsupported[name]; ok {
		if name != "style" || n.text {
			r.warnAs(n, msg, msg)
		}
		if name != "switch" {
			return nil
		}
	}
	st, err := r.apply(n, parent, f.diag())
	if err != nil {
		return err
	}
	if !st.display {
		return nil
	}
	if t, ok := n.attr("transform"); ok {
		m, err := transformList(t)
		if err != nil {
			return r.fail(n, "transform %v", err)
		}
		f.m = m.Then(f.m)
	}
	f.opacity *= st.opacity
	switch name {
	case "g", "a", "switch":
		r.groupOpacity(n, st)
		return r.group(n, st, f)
	case "svg":
		return r.nested(n, st, f)
	case "use":
		return r.use(n, st, f)
	}
	p, closed, err := r.geometry(n, f)
	if err != nil {
		return err
	}
	if p == nil {
		r.warn(n, "%s is not an SVG shape deckpress draws; left out", tag(n))
		return nil
	}
	return r.shape(n, st, f, *p, closed)
}

// groupOpacity warns that a group's opacity is given to each shape.
func (r *reader) groupOpacity(n *node, st style) {
	if st.opacity < 1 && len(n.kids) > 1 {
		r.warn(n, "the opacity of a group is applied to each of its shapes on its own, so where they overlap they show through one another")
	}
}

// nested draws an <svg> inside the drawing: a new viewport at x, y.
func (r *reader) nested(n *node, st style, f frame) error {
	v := func(a string, base, def float64) (float64, error) {
		s, ok := n.attr(a)
		if !ok || s == "auto" {
			return def, nil
		}
		return length(s, base)
	}
	x, err1 := v("x", f.w, 0)
	y, err2 := v("y", f.h, 0)
	w, err3 := v("width", f.w, f.w)
	h, err4 := v("height", f.h, f.h)
	for _, err := range []error{err1, err2, err3, err4} {
		if err != nil {
			return r.fail(n, "<svg>: %v", err)
		}
	}
	vb, hasVB, err := r.viewBox(n)
	if err != nil {
		return err
	}
	m := layout.Translate(x, y)
	if hasVB {
		if !(w > 0 && h > 0) {
			return nil
		}
		vm, err := r.viewBoxTransform(n, vb, layout.Rect{X: x, Y: y, W: w, H: h})
		if err != nil {
			return err
		}
		m = vm
		f.w, f.h = vb.W, vb.H
	} else {
		f.w, f.h = w, h
	}
	f.m = m.Then(f.m)
	r.groupOpacity(n, st)
	return r.group(n, st, f)
}

// use draws a copy of the element it refers to, moved by x, y.
func (r *reader) use(n *node, st style, f frame) error {
	ref := ""
	for _, a := range n.attrs {
		if a.Name.Local == "href" && (a.Name.Space == nsXLink || a.Name.Space == "") {
			ref = a.Value
		}
	}
	target := r.ids[strings.TrimPrefix(ref, "#")]
	if !strings.HasPrefix(ref, "#") || target == nil {
		r.warn(n, "<use> refers to %s, which is not an element of this file; left out", cards.Excerpt(ref))
		return nil
	}
	if r.inUse == nil {
		r.inUse = map[*node]bool{}
	}
	if r.inUse[target] {
		return r.fail(n, "<use> refers to %s, which contains this <use>: a loop", cards.Excerpt(ref))
	}
	x, err1 := r.coord(n, "x", f.w)
	y, err2 := r.coord(n, "y", f.h)
	if err1 != nil || err2 != nil {
		return r.fail(n, "<use>: %v", errOf(err1, err2))
	}
	f.m = layout.Translate(x, y).Then(f.m)
	r.inUse[target] = true
	defer delete(r.inUse, target)
	if target.name.Local == "symbol" {
		if target.svg() {
			r.groupOpacity(target, st)
			return r.symbol(target, n, st, f)
		}
		return nil
	}
	return r.element(target, st, f)
}

// symbol draws a <symbol> placed by a <use>: its viewBox fits the use's
// width and height (100% by default).
func (r *reader) symbol(s, use *node, parent style, f frame) error {
	if err := r.reads(s); err != nil {
		return err
	}
	st, err := r.apply(s, parent, f.diag())
	if err != nil {
		return err
	}
	vb, hasVB, err := r.viewBox(s)
	if err != nil {
		return err
	}
	if hasVB {
		w, err1 := r.coordDef(use, "width", f.w, f.w)
		h, err2 := r.coordDef(use, "height", f.h, f.h)
		if err1 != nil || err2 != nil {
			return r.fail(use, "<use>: %v", errOf(err1, err2))
		}
		if !(w > 0 && h > 0) {
			return nil
		}
		m, err := r.viewBoxTransform(s, vb, layout.Rect{W: w, H: h})
		if err != nil {
			return err
		}
		f.m = m.Then(f.m)
		f.w, f.h = vb.W, vb.H
	}
	f.opacity *= st.opacity
	return r.group(s, st, f)
}

func errOf(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}

// coord reads a length attribute; missing is 0.
func (r *reader) coord(n *node, a string, base float64) (float64, error) {
	return r.coordDef(n, a, base, 0)
}

func (r *reader) coordDef(n *node, a string, base, def float64) (float64, error) {
	s, ok := n.attr(a)
	if !ok || strings.TrimSpace(s) == "auto" {
		return def, nil
	}
	v, err := length(s, base)
	if err != nil {
		return 0, fmt.Errorf("%s %s: %w", a, cards.Excerpt(s), err)
	}
	return v, nil
}

// geometry returns the outline of a basic shape or path in user units and
// whether a fill applies to it; nil for an element that is no shape.
func (r *reader) geometry(n *node, f frame) (*layout.Path, bool, error) {
	var p layout.Path
	var err error
	switch n.name.Local {
	case "path":
		d, _ := n.attr("d")
		if p, err = pathData(d, MaxPoints-r.points); err != nil {
			return nil, false, r.fail(n, "<path> d: %v", err)
		}
	case "rect":
		p, err = r.rect(n, f)
	case "circle":
		p, err = r.circle(n, f)
	case "ellipse":
		p, err = r.ellipse(n, f)
	case "line":
		v, err := r.lengths(n, f, "x1", "w", "y1", "h", "x2", "w", "y2", "h")
		if err != nil {
			return nil, false, err
		}
		p.MoveTo(v[0], v[1])
		p.LineTo(v[2], v[3])
		return &p, false, nil
	case "polyline", "polygon":
		p, err = r.poly(n)
	default:
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	return &p, true, nil
}

// lengths reads n's attributes named in spec, each followed by what a
// percentage of it is of: "w" the viewport's width, "h" its height,
// anything else its diagonal.
func (r *reader) lengths(n *node, f frame, spec ...string) ([]float64, error) {
	out := make([]float64, 0, len(spec)/2)
	for i := 0; i < len(spec); i += 2 {
		base := f.diag()
		switch spec[i+1] {
		case "w":
			base = f.w
		case "h":
			base = f.h
		}
		v, err := r.coord(n, spec[i], base)
		if err != nil {
			return nil, r.fail(n, "<%s>: %v", n.name.Local, err)
		}
		out = append(out, v)
	}
	return out, nil
}

// negative is the error of a negative what in n.
func (r *reader) negative(n *node, what string) error {
	return r.fail(n, "<%s>: %s cannot be negative", n.name.Local, what)
}

// rect is a <rect>, its corners rounded by rx and ry (one given, or the
// other "auto", stands for both); empty when it has no area.
func (r *reader) rect(n *node, f frame) (layout.Path, error) {
	v, err := r.lengths(n, f, "x", "w", "y", "h", "width", "w", "height", "h")
	if err != nil {
		return layout.Path{}, err
	}
	x, y, w, h := v[0], v[1], v[2], v[3]
	if w < 0 || h < 0 {
		return layout.Path{}, r.negative(n, "a width or height")
	}
	rx, rxOK := n.attr("rx")
	ry, ryOK := n.attr("ry")
	rv, err := r.lengths(n, f, "rx", "w", "ry", "h")
	if err != nil {
		return layout.Path{}, err
	}
	if rv[0] < 0 || rv[1] < 0 {
		return layout.Path{}, r.negative(n, "a corner radius")
	}
	rxv, ryv := rv[0], rv[1]
	if rxOK && (!ryOK || strings.TrimSpace(ry) == "auto") {
		ryv = rxv
	} else if ryOK && (!rxOK || strings.TrimSpace(rx) == "auto") {
		rxv = ryv
	}
	if w > 0 && h > 0 {
		return roundedRect(x, y, w, h, math.Min(rxv, w/2), math.Min(ryv, h/2)), nil
	}
	return layout.Path{}, nil
}

// circle is a <circle>; empty when its radius is 0.
func (r *reader) circle(n *node, f frame) (layout.Path, error) {
	v, err := r.lengths(n, f, "cx", "w", "cy", "h", "r", "d")
	if err != nil {
		return layout.Path{}, err
	}
	if v[2] < 0 {
		return layout.Path{}, r.negative(n, "r")
	}
	if v[2] > 0 {
		return layout.EllipsePath(layout.Rect{X: v[0] - v[2], Y: v[1] - v[2], W: 2 * v[2], H: 2 * v[2]}), nil
	}
	return layout.Path{}, nil
}

// ellipse is an <ellipse>, one radius standing for both when the other
// is not given; empty when a radius is 0.
func (r *reader) ellipse(n *node, f frame) (layout.Path, error) {
	v, err := r.lengths(n, f, "cx", "w", "cy", "h", "rx", "w", "ry", "h")
	if err != nil {
		return layout.Path{}, err
	}
	if v[2] < 0 || v[3] < 0 {
		return layout.Path{}, r.negative(n, "rx or ry")
	}
	if _, ok := n.attr("ry"); !ok {
		v[3] = v[2]
	} else if _, ok := n.attr("rx"); !ok {
		v[2] = v[3]
	}
	if v[2] > 0 && v[3] > 0 {
		return layout.EllipsePath(layout.Rect{X: v[0] - v[2], Y: v[1] - v[3], W: 2 * v[2], H: 2 * v[3]}), nil
	}
	return layout.Path{}, nil
}

// poly is a <polyline>, or a <polygon>, closed.
func (r *reader) poly(n *node) (layout.Path, error) {
	var p layout.Path
	s, _ := n.attr("points")
	pts, err := pointList(s)
	if err != nil {
		return p, r.fail(n, "<%s> points: %v", n.name.Local, err)
	}
	for i, pt := range pts {
		if i == 0 {
			p.MoveTo(pt.X, pt.Y)
		} else {
			p.LineTo(pt.X, pt.Y)
		}
	}
	if n.name.Local == "polygon" && len(pts) > 0 {
		p.Close()
	}
	return p, nil
}

// roundedRect is a rectangle with elliptical corners of radii rx, ry.
func roundedRect(x, y, w, h, rx, ry float64) layout.Path {
	var p layout.Path
	if rx <= 0 || ry <= 0 {
		return layout.RectPath(layout.Rect{X: x, Y: y, W: w, H: h})
	}
	const k = 0.5522847498307936
	kx, ky := rx*k, ry*k
	p.MoveTo(x+rx, y)
	p.LineTo(x+w-rx, y)
	p.CubicTo(x+w-rx+kx, y, x+w, y+ry-ky, x+w, y+ry)
	p.LineTo(x+w, y+h-ry)
	p.CubicTo(x+w, y+h-ry+ky, x+w-rx+kx, y+h, x+w-rx, y+h)
	p.LineTo(x+rx, y+h)
	p.CubicTo(x+rx-kx, y+h, x, y+h-ry+ky, x, y+h-ry)
	p.LineTo(x, y+ry)
	p.CubicTo(x, y+ry-ky, x+rx-kx, y, x+rx, y)
	p.Close()
	return p
}

// shape adds a painted path: its paints resolved, mapped to the viewport.
func (r *reader) shape(n *node, st style, f frame, p layout.Path, fillable bool) error {
	if st.hidden || len(p.Verbs) == 0 {
		return nil
	}
	if r.points += len(p.Points); r.points > MaxPoints {
		return r.fail(n, "more than %d points in all paths together", MaxPoints)
	}
	k := math.Sqrt(math.Abs(f.m.Det()))
	s := draw.Shape{Op: draw.PathOp{Path: p.Transform(f.m), EvenOdd: st.evenOdd, Cap: st.cap, Join: st.join}}
	for _, q := range s.Op.Path.Points {
		if !(math.Abs(q.X) <= r.limit && math.Abs(q.Y) <= r.limit) {
			return r.fail(n, "<%s>: coordinates beyond ±%g after the transforms (1000 times the picture's size)", n.name.Local, r.limit)
		}
	}
	if !(st.width*k <= r.limit) {
		return r.fail(n, "<%s>: a stroke width beyond %g after the transforms (1000 times the picture's size)", n.name.Local, r.limit)
	}
	resolve := func(pt paint, op float64) (draw.Colour, bool) {
		c := pt.c
		current := false
		switch pt.kind {
		case paintNone:
			return draw.Colour{}, false
		case paintCurrent:
			if st.color != nil {
				c = *st.color
			} else {
				c, current = draw.Colour{A: 255}, true
			}
		}
		c.A = uint8(math.Round(float64(c.A) * op * f.opacity))
		return c, current
	}
	if fillable {
		s.Op.Fill, s.FillCurrent = resolve(st.fill, st.fillOpacity)
	}
	if st.width > 0 {
		s.Op.Stroke, s.StrokeCurrent = resolve(st.stroke, st.strokeOpacity)
		s.Op.Width = st.width * k
		for _, d := range st.dash {
			if !(d*k <= r.limit) {
				return r.fail(n, "<%s>: a dash beyond %g after the transforms (1000 times the picture's size)", n.name.Local, r.limit)
			}
			s.Op.Dash = append(s.Op.Dash, d*k)
		}
		if !(s.Op.Dashes() <= draw.MaxFaceDashes) {
			return r.fail(n, "<%s>: its stroke-dasharray cuts the path into more than %d dashes; make the dashes longer", n.name.Local, draw.MaxFaceDashes)
		}
	}
	if !s.Op.Fill.Visible() && !s.Op.Stroke.Visible() {
		return nil
	}
	b := s.Op.Path.Bounds()
	if s.Op.Stroke.Visible() {
		b = b.Inset(-s.Op.Width / 2)
	}
	if len(r.shapes) == 0 {
		r.bounds = b
	} else {
		r.bounds = union(r.bounds, b)
	}
	if st.strokeFirst && s.Op.Fill.Visible() && s.Op.Stroke.Visible() {
		under := s
		under.Op.Fill, under.FillCurrent = draw.Colour{}, false
		s.Op.Stroke, s.StrokeCurrent = draw.Colour{}, false
		r.shapes = append(r.shapes, under)
	}
	r.shapes = append(r.shapes, s)
	return nil
}

func union(a, b layout.Rect) layout.Rect {
	x0, y0 := math.Min(a.X, b.X), math.Min(a.Y, b.Y)
	x1, y1 := math.Max(a.Right(), b.Right()), math.Max(a.Bottom(), b.Bottom())
	return layout.Rect{X: x0, Y: y0, W: x1 - x0, H: y1 - y0}
}
