package svg

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"math"
	"sort"
	"strings"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/templates/draw"
)

// Limits of what Read accepts; a file beyond one is an error.
const (
	MaxBytes    = 8 << 20 // size of the file
	MaxElements = 20_000  // elements, counting each element a <use> copies
	MaxDepth    = 64      // nesting of elements (and of <use> references)
	MaxPoints   = 500_000 // points of all paths together, after arcs become curves
	// MaxRead bounds the bytes of attribute values read while drawing,
	// counting those of each copy a <use> makes: a hidden path, a long
	// transform or style used thousands of times is read that often.
	MaxRead = MaxBytes
)

const (
	nsSVG   = "http://www.w3.org/2000/svg"
	nsXLink = "http://www.w3.org/1999/xlink"
)

// Options say how a file is read.
type Options struct {
	// CurrentFill makes currentColor the initial fill (in place of
	// black): for icons, drawn in the colour the card gives them.
	CurrentFill bool
}

// Error is a problem at a place in an SVG file.
type Error struct {
	File      string
	Line, Col int
	Msg       string
}

func (e *Error) Error() string { return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg) }

// Result is what Read makes of a file: the art and the warnings about
// what it could not draw, sorted by position.
type Result struct {
	Art      *draw.Art
	Warnings []*Error
}

// Read parses the SVG file named name.
func Read(name string, data []byte, opt Options) (*Result, error) {
	if len(data) > MaxBytes {
		return nil, &Error{name, 1, 1, fmt.Sprintf("the file is %d bytes; the limit for SVG files is %d", len(data), MaxBytes)}
	}
	root, err := parse(name, data)
	if err != nil {
		return nil, err
	}
	r := &reader{file: name, ids: map[string]*node{}, warned: map[string]*Error{}, counts: map[string]int{}}
	r.index(root)
	art, err := r.root(root, opt)
	if err != nil {
		return nil, err
	}
	res := &Result{Art: art}
	for format, w := range r.warned {
		if n := r.counts[format]; n > 1 {
			w = &Error{w.File, w.Line, w.Col, fmt.Sprintf("%s (and %d more)", w.Msg, n-1)}
		}
		res.Warnings = append(res.Warnings, w)
	}
	sort.Slice(res.Warnings, func(i, j int) bool {
		a, b := res.Warnings[i], res.Warnings[j]
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		if a.Col != b.Col {
			return a.Col < b.Col
		}
		return a.Msg < b.Msg
	})
	return res, nil
}

// Sniff reports whether data looks like an SVG (or other XML) file rather
// than a PNG or JPEG picture.
func Sniff(data []byte) bool {
	d := bytes.TrimLeft(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")), " \t\r\n")
	return bytes.HasPrefix(d, []byte("<"))
}

// node is an element of the file with its position.
type node struct {
	name      xml.Name
	attrs     []xml.Attr
	kids      []*node
	line, col int
	text      bool // it holds text (not only white space)
}

func (n *node) attr(name string) (string, bool) {
	for _, a := range n.attrs {
		if a.Name.Local == name && a.Name.Space == "" {
			return a.Value, true
		}
	}
	return "", false
}

// svg reports whether the element is in the SVG namespace (or in none,
// as in files without xmlns).
func (n *node) svg() bool { return n.name.Space == nsSVG || n.name.Space == "" }

// parse reads the XML tree, bounded in elements and depth.
func parse(name string, data []byte) (*node, error) {
	d := xml.NewDecoder(bytes.NewReader(data))
	var root *node
	var stack []*node
	count := 0
	for {
		line, col := d.InputPos()
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			l, c := d.InputPos()
			var se *xml.SyntaxError
			if errors.As(err, &se) {
				return nil, &Error{name, max(se.Line, 1), c, "broken XML: " + se.Msg}
			}
			return nil, &Error{name, max(l, 1), max(c, 1), "broken XML: " + err.Error()}
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if count++; count > MaxElements {
				return nil, &Error{name, line, col, fmt.Sprintf("more than %d elements", MaxElements)}
			}
			if len(stack) >= MaxDepth {
				return nil, &Error{name, line, col, fmt.Sprintf("elements nested more than %d deep", MaxDepth)}
			}
			n := &node{name: t.Name, attrs: t.Attr, line: line, col: col}
			if len(stack) > 0 {
				p := stack[len(stack)-1]
				p.kids = append(p.kids, n)
			} else if root == nil {
				root = n
			}
			stack = append(stack, n)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if len(stack) > 0 && len(bytes.TrimSpace(t)) > 0 {
				stack[len(stack)-1].text = true
			}
		}
	}
	if root == nil {
		return nil, &Error{name, 1, 1, "no <svg> element: not an SVG file"}
	}
	if root.name.Local != "svg" || !root.svg() {
		return nil, &Error{name, root.line, root.col, fmt.Sprintf("the root element is %s, not <svg>: not an SVG file", tag(root))}
	}
	return root, nil
}

// reader walks the tree into shapes.
type reader struct {
	file     string
	ids      map[string]*node
	shapes   []draw.Shape
	points   int
	elements int
	warned   map[string]*Error // first place of each kind of warning, by its format
	counts   map[string]int
	bounds   layout.Rect
	limit    float64 // largest coordinate in the viewport
	inUse    map[*node]bool
	read     int                      // bytes of attribute values read
	gradient map[string]gradientPaint // average colours, by id
}

// gradientPaint is what a gradient's stops average to.
type gradientPaint struct {
	c  draw.Colour
	ok bool
}

// reads counts the attribute values of an element about to be drawn
// (again, when a <use> copies it) against MaxRead.
func (r *reader) reads(n *node) error {
	for _, a := range n.attrs {
		r.read += len(a.Value)
	}
	if r.read > MaxRead {
		return r.fail(n, "more than %d bytes of attributes to read (counting what <use> copies)", MaxRead)
	}
	return nil
}

func (r *reader) index(n *node) {
	if id, ok := n.attr("id"); ok {
		if _, dup := r.ids[id]; !dup {
			r.ids[id] = n
		}
	}
	for _, k := range n.kids {
		r.index(k)
	}
}

// warn records a warning once a kind (its format): the first place, and
// how many more, so that 9,000 references to missing elements, each of
// another name, are one line and not 9,000.
func (r *reader) warn(n *node, format string, args ...any) {
	r.warnAs(n, format, fmt.Sprintf(format, args...))
}

// warnAs records the warning msg of a kind.
func (r *reader) warnAs(n *node, kind, msg string) {
	r.counts[kind]++
	if _, ok := r.warned[kind]; !ok {
		r.warned[kind] = &Error{r.file, n.line, n.col, msg}
	}
}

func (r *reader) fail(n *node, format string, args ...any) error {
	return &Error{r.file, n.line, n.col, fmt.Sprintf(format, args...)}
}

// root reads the outermost <svg>: its viewport and viewBox, then its
// content.
func (r *reader) root(n *node, opt Options) (*draw.Art, error) {
	vb, hasVB, err := r.viewBox(n)
	if err != nil {
		return nil, err
	}
	w, wok := r.size(n, "width")
	h, hok := r.size(n, "height")
	switch {
	case !wok && !hok && !hasVB:
		r.warn(n, "<svg> has neither a viewBox nor a width and height; drawn as 300 × 150 (the SVG default)")
		w, h = 300, 150
	case !wok && !hok:
		w, h = vb.W, vb.H
	case !wok:
		if hasVB {
			w = h * vb.W / vb.H
		} else {
			w = 300
		}
	case !hok:
		if hasVB {
			h = w * vb.H / vb.W
		} else {
			h = 150
		}
	}
	if !(w >= 1e-3 && h >= 1e-3 && w <= maxCoord && h <= maxCoord) {
		return nil, r.fail(n, "the picture is %g × %g px; its sides must be from 0.001 to %g", w, h, maxCoord)
	}
	if max(w, h) > 1000*min(w, h) {
		return nil, r.fail(n, "the picture is %g × %g px; one side may be at most 1000 times the other", w, h)
	}
	r.limit = 1000 * max(w, h)
	m := layout.Identity
	if hasVB {
		if m, err = r.viewBoxTransform(n, vb, layout.Rect{W: w, H: h}); err != nil {
			return nil, err
		}
	}
	f := frame{m: m, w: w, h: h, opacity: 1}
	if hasVB {
		f.w, f.h = vb.W, vb.H
	}
	st, err := r.apply(n, initialStyle(opt), f.diag())
	if err != nil {
		return nil, err
	}
	if !st.display {
		return &draw.Art{W: w, H: h}, nil
	}
	f.opacity = st.opacity
	r.groupOpacity(n, st)
	if err := r.group(n, st, f); err != nil {
		return nil, err
	}
	art := &draw.Art{W: w, H: h, Shapes: r.shapes}
	b := r.bounds
	art.Overflows = len(r.shapes) > 0 && (b.X < 0 || b.Y < 0 || b.Right() > w || b.Bottom() > h)
	return art, nil
}

// viewBox reads the viewBox attribute.
func (r *reader) viewBox(n *node) (layout.Rect, bool, error) {
	s, ok := n.attr("viewBox")
	if !ok {
		return layout.Rect{}, false, nil
	}
	v, err := numberList(s)
	if err != nil || len(v) != 4 {
		return layout.Rect{}, false, r.fail(n, "viewBox %s: want four numbers, min-x min-y width height", cards.Excerpt(s))
	}
	if !(v[2] > 0 && v[3] > 0) {
		return layout.Rect{}, false, r.fail(n, "viewBox %s: its width and height must be above 0", cards.Excerpt(s))
	}
	return layout.Rect{X: v[0], Y: v[1], W: v[2], H: v[3]}, true, nil
}

// size reads the root's width or height in px; a percentage (or
// nothing) leaves it to the viewBox.
func (r *reader) size(n *node, attr string) (float64, bool) {
	s, ok := n.attr(attr)
	if !ok || strings.HasSuffix(strings.TrimSpace(s), "%") || strings.TrimSpace(s) == "auto" {
		return 0, false
	}
	v, err := length(s, 0)
	if err != nil {
		r.warn(n, "%s %s is not a length; taken from the viewBox", attr, cards.Excerpt(s))
		return 0, false
	}
	return v, true
}

// viewBoxTransform maps a viewBox into a viewport by preserveAspectRatio.
func (r *reader) viewBoxTransform(n *node, vb, port layout.Rect) (layout.Affine, error) {
	par, _ := n.attr("preserveAspectRatio")
	f := strings.Fields(par)
	if len(f) > 0 && f[0] == "defer" {
		f = f[1:]
	}
	align, slice := "xMidYMid", false
	if len(f) > 0 {
		align = f[0]
	}
	if len(f) > 1 {
		switch f[1] {
		case "meet":
		case "slice":
			slice = true
		default:
			return layout.Affine{}, r.fail(n, "preserveAspectRatio %s: the second word is meet or slice", cards.Excerpt(par))
		}
	}
	sx, sy := port.W/vb.W, port.H/vb.H
	var ax, ay float64 // 0 min, 0.5 mid, 1 max
	if align != "none" {
		if len(align) != 8 || align[0] != 'x' || align[4] != 'Y' {
			return layout.Affine{}, r.fail(n, "preserveAspectRatio %s: the alignment is none or xMinYMin … xMaxYMax", cards.Excerpt(par))
		}
		var okx, oky bool
		ax, okx = alignment(align[1:4])
		ay, oky = alignment(align[5:8])
		if !okx || !oky {
			return layout.Affine{}, r.fail(n, "preserveAspectRatio %s: the alignment is none or xMinYMin … xMaxYMax", cards.Excerpt(par))
		}
		if slice {
			sx = math.Max(sx, sy)
		} else {
			sx = math.Min(sx, sy)
		}
		sy = sx
	}
	tx := port.X - vb.X*sx + (port.W-vb.W*sx)*ax
	ty := port.Y - vb.Y*sy + (port.H-vb.H*sy)*ay
	return layout.Scale(sx, sy).Then(layout.Translate(tx, ty)), nil
}

func alignment(s string) (float64, bool) {
	switch s {
	case "Min":
		return 0, true
	case "Mid":
		return 0.5, true
	case "Max":
		return 1, true
	}
	return 0, false
}
