package svg_test

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deckpress/deckpress/internal/golden"
	"github.com/deckpress/deckpress/internal/testtool"
	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/templates/draw"
	"github.com/deckpress/deckpress/templates/svg"
)

// read parses a document and fails the test on an error.
func read(t *testing.T, doc string, opt svg.Options) *svg.Result {
	t.Helper()
	res, err := svg.Read("t.svg", []byte(doc), opt)
	if err != nil {
		t.Fatalf("%s: %v", doc, err)
	}
	return res
}

// paths returns the paths of a document's shapes in the recorder's notation.
func paths(res *svg.Result) string {
	var s []string
	for _, sh := range res.Art.Shapes {
		s = append(s, draw.PathString(sh.Op.Path))
	}
	return strings.Join(s, " | ")
}

func doc(body string) string {
	return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">` + body + `</svg>`
}

// TestPathData: every command, absolute and relative, implicit repeats
// and the number grammar, against coordinates worked out by hand.
func TestPathData(t *testing.T) {
	cases := []struct{ d, want string }{
		{"M10 20 L30 40", "M10,20 L30,40"},
		{"m10 20 l5 5", "M10,20 L15,25"},
		{"M0 0 10 0 10 10z", "M0,0 L10,0 L10,10 Z"},                                           // pairs after M are lines
		{"m1 1 2 2 3 3", "M1,1 L3,3 L6,6"},                                                    // relative after m
		{"M0,0H10V5h-4v-2", "M0,0 L10,0 L10,5 L6,5 L6,3"},                                     // H V h v
		{"M.5.5L-1-1", "M0.5,0.5 L-1,-1"},                                                     // numbers without separators
		{"M1e1,2E1 l1e-1 0", "M10,20 L10.1,20"},                                               // exponents
		{"M0 0C1 2 3 4 5 6S9 10 11 12", "M0,0 C1,2 3,4 5,6 C7,8 9,10 11,12"},                  // S mirrors the last control point
		{"M0 0s1 1 2 0", "M0,0 C0,0 1,1 2,0"},                                                 // s after no curve: first control = current point
		{"M0 0Q3 3 6 0", "M0,0 C2,2 4,2 6,0"},                                                 // quadratic as cubic: 2/3 of the way to the control
		{"M0 0Q3 3 6 0T12 0", "M0,0 C2,2 4,2 6,0 C8,-2 10,-2 12,0"},                           // T mirrors the quadratic control
		{"M0 0t6 0", "M0,0 C0,0 2,0 6,0"},                                                     // t after no quadratic: its control is the current point
		{"M0 0 c1 1 2 2 3 3 1 1 2 2 3 3", "M0,0 C1,1 2,2 3,3 C4,4 5,5 6,6"},                   // repeated relative curves
		{"M0 0L10 0Z L5 5", "M0,0 L10,0 Z M0,0 L5,5"},                                         // after Z, drawing goes on from the subpath's start
		{"M0 0C1 1 2 2 3 3S5 5 6 6S8 8 9 9", "M0,0 C1,1 2,2 3,3 C4,4 5,5 6,6 C7,7 8,8 9,9"},   // S after S mirrors too
		{"M0 0C1 1 2 2 3 3L10 10S12 12 13 13", "M0,0 C1,1 2,2 3,3 L10,10 C10,10 12,12 13,13"}, // S after L does not
		{"M1 1h2v3", "M1,1 L3,1 L3,4"},                                                        // relative commands away from the origin
		{"M1 1q1 1 2 0t2 0", "M1,1 C1.667,1.667 2.333,1.667 3,1 C3.667,0.333 4.333,0.333 5,1"},
		{"M1 1c1 1 2 1 3 0s2 -1 3 0", "M1,1 C2,2 3,2 4,1 C5,0 6,0 7,1"},
		{"M1 1a1 1 0 0 1 2 0", "M1,1 C1,0.448 1.448,0 2,0 C2.552,0 3,0.448 3,1"},
		{"M0 0 L1 1,", "M0,0 L1,1"},                                                    // a comma may end the data
		{"M0 0A5 5 0 1110 0", "M0,0 C0,-2.761 2.239,-5 5,-5 C7.761,-5 10,-2.761 10,0"}, // flags need no separator
		{"M0 0 A0 5 0 0 1 10 10", "M0,0 L10,10"},                                       // a zero radius is a line
		{"M0 0 A5 5 0 0 1 0 0", "M0,0"},                                                // an arc to its own start draws nothing
	}
	for _, c := range cases {
		res := read(t, doc(`<path d="`+c.d+`" stroke="black"/>`), svg.Options{})
		if got := paths(res); got != c.want {
			t.Errorf("%s: got %s, want %s", c.d, got, c.want)
		}
	}
}

// TestArcs: an arc's curves stay on its ellipse, end where it says, and
// turn the way its flags say (checked at the middle of the arc).
func TestArcs(t *testing.T) {
	cases := []struct {
		d              string
		cx, cy, rx, ry float64      // the ellipse (axis-aligned)
		mid            layout.Point // a point the arc passes through
	}{
		// quarter circles from (10,0) to (0,10) about the origin: sweep 1 turns clockwise on the page
		{"M10 0 A10 10 0 0 1 0 10", 0, 0, 10, 10, layout.Point{X: 10 / math.Sqrt2, Y: 10 / math.Sqrt2}},
		// the other small arc, about (10,10)
		{"M10 0 A10 10 0 0 0 0 10", 10, 10, 10, 10, layout.Point{X: 10 - 10/math.Sqrt2, Y: 10 - 10/math.Sqrt2}},
		// the large arc about the origin, three quarters round
		{"M10 0 A10 10 0 1 0 0 10", 0, 0, 10, 10, layout.Point{X: -10 / math.Sqrt2, Y: -10 / math.Sqrt2}},
		// a half ellipse, 20 wide and 10 high, over the top
		{"M0 0 a10 5 0 0 1 20 0", 10, 0, 10, 5, layout.Point{X: 10, Y: -5}},
		// radii too small are scaled up: a half circle of radius 5
		{"M0 0 A1 1 0 0 1 10 0", 5, 0, 5, 5, layout.Point{X: 5, Y: -5}},
		// an ellipse turned 90°: 10 along y, 5 along x, round the right from the top
		{"M0 0 A10 5 90 0 1 0 20", 0, 10, 5, 10, layout.Point{X: 5, Y: 10}},
		// radii 1 × 2 too small for the chord: scaled up to 5 × 10, keeping their ratio
		{"M0 0 A1 2 0 0 1 10 0", 5, 0, 5, 10, layout.Point{X: 5, Y: -10}},
		// a circle rotated 30° is still that circle (rotation changes nothing for rx = ry)
		{"M10 0 A10 10 30 0 1 0 10", 0, 0, 10, 10, layout.Point{X: 10 / math.Sqrt2, Y: 10 / math.Sqrt2}},
	}
	for _, c := range cases {
		res := read(t, doc(`<path d="`+c.d+`" stroke="black"/>`), svg.Options{})
		p := res.Art.Shapes[0].Op.Path
		on := func(q layout.Point) float64 {
			return math.Abs(math.Hypot((q.X-c.cx)/c.rx, (q.Y-c.cy)/c.ry) - 1)
		}
		near := math.Inf(1)
		for i, v := range p.Verbs {
			if v != layout.CubicTo {
				continue
			}
			k := 1 + 3*(i-1) // points: the move, then three a curve
			p0, p1, p2, p3 := p.Points[k-1], p.Points[k], p.Points[k+1], p.Points[k+2]
			for _, tt := range []float64{0, 0.25, 0.5, 0.75, 1} {
				q := bezier(p0, p1, p2, p3, tt)
				if e := on(q); e > 2e-3 {
					t.Errorf("%s: point %v is %.4f off the ellipse", c.d, q, e)
				}
				near = math.Min(near, math.Hypot(q.X-c.mid.X, q.Y-c.mid.Y))
			}
			for s := 0.0; s <= 1; s += 0.01 {
				q := bezier(p0, p1, p2, p3, s)
				near = math.Min(near, math.Hypot(q.X-c.mid.X, q.Y-c.mid.Y))
			}
		}
		if near > 0.05 {
			t.Errorf("%s: the arc passes %.3f from %v", c.d, near, c.mid)
		}
		if n := len(p.Points); n < 4 {
			t.Errorf("%s: no curve", c.d)
		}
	}
}

func bezier(p0, p1, p2, p3 layout.Point, t float64) layout.Point {
	u := 1 - t
	a, b, c, d := u*u*u, 3*u*u*t, 3*u*t*t, t*t*t
	return layout.Point{X: a*p0.X + b*p1.X + c*p2.X + d*p3.X, Y: a*p0.Y + b*p1.Y + c*p2.Y + d*p3.Y}
}

// TestShapesAndTransforms: basic shapes and transforms, against
// coordinates worked out by hand.
func TestShapesAndTransforms(t *testing.T) {
	cases := []struct{ name, body, want string }{
		{"rect", `<rect x="1" y="2" width="3" height="4"/>`, "M1,2 L4,2 L4,6 L1,6 Z"},
		{"rect rx only sets ry", `<rect width="20" height="10" rx="2"/>`, "M2,0 L18,0 C19.105,0 20,0.895 20,2 L20,8 C20,9.105 19.105,10 18,10 L2,10 C0.895,10 0,9.105 0,8 L0,2 C0,0.895 0.895,0 2,0 Z"},
		{"rect rx clamped to half", `<rect width="4" height="4" rx="9" ry="9"/>`, "M2,0 L2,0 C3.105,0 4,0.895 4,2 L4,2 C4,3.105 3.105,4 2,4 L2,4 C0.895,4 0,3.105 0,2 L0,2 C0,0.895 0.895,0 2,0 Z"},
		{"empty rect", `<rect width="0" height="4"/>`, ""},
		{"circle", `<circle cx="5" cy="5" r="5"/>`, "M10,5 C10,7.761 7.761,10 5,10 C2.239,10 0,7.761 0,5 C0,2.239 2.239,0 5,0 C7.761,0 10,2.239 10,5 Z"},
		{"ellipse", `<ellipse cx="10" cy="5" rx="10" ry="5"/>`, "M20,5 C20,7.761 15.523,10 10,10 C4.477,10 0,7.761 0,5 C0,2.239 4.477,0 10,0 C15.523,0 20,2.239 20,5 Z"},
		{"line", `<line x1="1" y1="2" x2="3" y2="4" stroke="red"/>`, "M1,2 L3,4"},
		{"polyline", `<polyline points="0,0 10,0 10,10" stroke="red" fill="none"/>`, "M0,0 L10,0 L10,10"},
		{"polygon", `<polygon points="0 0, 10 0, 5 5"/>`, "M0,0 L10,0 L5,5 Z"},
		{"percent", `<rect x="10%" y="50%" width="50%" height="10%"/>`, "M10,50 L60,50 L60,60 L10,60 Z"},
		{"units", `<rect width="1in" height="1mm"/>`, "M0,0 L96,0 L96,3.78 L0,3.78 Z"},
		{"translate", `<rect transform="translate(10 20)" width="1" height="1"/>`, "M10,20 L11,20 L11,21 L10,21 Z"},
		{"translate x only", `<rect transform="translate(10)" width="1" height="1"/>`, "M10,0 L11,0 L11,1 L10,1 Z"},
		{"scale", `<rect transform="scale(2,3)" width="1" height="1"/>`, "M0,0 L2,0 L2,3 L0,3 Z"},
		{"rotate about a point", `<line transform="rotate(90 50 50)" x1="50" y1="50" x2="100" y2="50" stroke="red"/>`, "M50,50 L50,100"},
		{"skewX", `<line transform="skewX(45)" x1="0" y1="10" x2="0" y2="20" stroke="red"/>`, "M10,10 L20,20"},
		{"skewY", `<line transform="skewY(45)" x1="10" y1="0" x2="20" y2="0" stroke="red"/>`, "M10,10 L20,20"},
		{"matrix", `<line transform="matrix(1 2 3 4 5 6)" x1="1" y1="1" x2="0" y2="0" stroke="red"/>`, "M9,12 L5,6"},
		// a list applies right to left: scale first, then move
		{"list", `<rect transform="translate(10,0) scale(2)" width="1" height="1"/>`, "M10,0 L12,0 L12,2 L10,2 Z"},
		{"nested groups", `<g transform="translate(10,0)"><g transform="scale(2)"><rect width="1" height="1"/></g></g>`, "M10,0 L12,0 L12,2 L10,2 Z"},
		{"use moves a copy", `<defs><rect id="r" width="1" height="1"/></defs><use href="#r" x="5" y="5"/>`, "M5,5 L6,5 L6,6 L5,6 Z"},
		{"use with xlink", `<rect id="r" width="1" height="1"/><use xmlns:xlink="http://www.w3.org/1999/xlink" xlink:href="#r" x="5"/>`, "M0,0 L1,0 L1,1 L0,1 Z | M5,0 L6,0 L6,1 L5,1 Z"},
		{"use of a symbol", `<symbol id="s" viewBox="0 0 2 2"><rect width="2" height="2"/></symbol><use href="#s" x="10" width="20" height="20"/>`, "M10,0 L30,0 L30,20 L10,20 Z"},
		{"nested svg", `<svg x="10" y="10" width="20" height="20" viewBox="0 0 2 2"><rect width="1" height="1"/></svg>`, "M10,10 L20,10 L20,20 L10,20 Z"},
		{"display none", `<g display="none"><rect width="1" height="1"/></g><rect style="display:none" width="1" height="1"/>`, ""},
		{"visibility", `<g visibility="hidden"><rect width="1" height="1"/><rect visibility="visible" x="5" width="1" height="1"/></g>`, "M5,0 L6,0 L6,1 L5,1 Z"},
		{"defs are not drawn", `<defs><rect width="1" height="1"/></defs>`, ""},
		{"no paint", `<rect width="1" height="1" fill="none"/>`, ""},
	}
	for _, c := range cases {
		res := read(t, doc(c.body), svg.Options{})
		if got := paths(res); got != c.want {
			t.Errorf("%s: got\n%s\nwant\n%s", c.name, got, c.want)
		}
	}
}

// TestPaint: fill and stroke from attributes and style declarations (the
// style wins), inheritance, opacities, stroke properties and currentColor.
func TestPaint(t *testing.T) {
	type shape struct {
		fill, stroke string // draw.Colour.String, or "none", or "current/aa"
		width        float64
		cap          draw.LineCap
		join         draw.LineJoin
		evenOdd      bool
		dash         string
	}
	str := func(c draw.Colour, current bool) string {
		switch {
		case current:
			return fmt.Sprintf("current/%02x", c.A)
		case !c.Visible():
			return "none"
		}
		return c.String()
	}
	cases := []struct {
		name, body string
		opt        svg.Options
		want       shape
	}{
		{"initial fill is black", `<rect width="1" height="1"/>`, svg.Options{}, shape{fill: "#000000", stroke: "none", width: 0}},
		{"initial fill of an icon is the icon's colour", `<rect width="1" height="1"/>`, svg.Options{CurrentFill: true}, shape{fill: "current/ff", stroke: "none"}},
		{"attribute", `<rect width="1" height="1" fill="#f00" stroke="blue" stroke-width="2"/>`, svg.Options{}, shape{fill: "#ff0000", stroke: "#0000ff", width: 2}},
		{"style wins over attribute", `<rect width="1" height="1" fill="red" style="fill:#00ff00"/>`, svg.Options{}, shape{fill: "#00ff00", stroke: "none"}},
		{"inherited from a group", `<g fill="red" stroke="black" stroke-linecap="round" stroke-linejoin="bevel" fill-rule="evenodd"><rect width="1" height="1"/></g>`, svg.Options{},
			shape{fill: "#ff0000", stroke: "#000000", width: 1, cap: draw.CapRound, join: draw.JoinBevel, evenOdd: true}},
		{"rgb()", `<rect width="1" height="1" fill="rgb(255, 0, 50%)"/>`, svg.Options{}, shape{fill: "#ff0080", stroke: "none"}},
		{"opacities multiply", `<g opacity="0.5"><rect width="1" height="1" fill="red" fill-opacity="0.5"/></g>`, svg.Options{}, shape{fill: "#ff000040", stroke: "none"}},
		{"currentColor", `<rect width="1" height="1" fill="currentColor" stroke="currentColor" stroke-opacity="0.5"/>`, svg.Options{}, shape{fill: "current/ff", stroke: "current/80", width: 1}},
		{"color fixes currentColor", `<g color="red"><rect width="1" height="1" fill="currentColor"/></g>`, svg.Options{CurrentFill: true}, shape{fill: "#ff0000", stroke: "none"}},
		{"stroke width scales with the transform", `<rect transform="scale(3)" width="1" height="1" stroke="red" stroke-width="2"/>`, svg.Options{}, shape{fill: "#000000", stroke: "#ff0000", width: 6}},
		{"an odd dash list repeats", `<line x2="10" stroke="red" stroke-dasharray="1 2 3"/>`, svg.Options{}, shape{fill: "none", stroke: "#ff0000", width: 1, dash: "[1 2 3 1 2 3]"}},
		{"square caps", `<line x2="10" stroke="red" style="stroke-linecap:square;stroke-width:4px"/>`, svg.Options{}, shape{fill: "none", stroke: "#ff0000", width: 4, cap: draw.CapSquare}},
	}
	for _, c := range cases {
		res := read(t, doc(c.body), c.opt)
		if len(res.Art.Shapes) != 1 {
			t.Fatalf("%s: %d shapes", c.name, len(res.Art.Shapes))
		}
		s := res.Art.Shapes[0]
		got := shape{fill: str(s.Op.Fill, s.FillCurrent), stroke: str(s.Op.Stroke, s.StrokeCurrent), cap: s.Op.Cap, join: s.Op.Join, evenOdd: s.Op.EvenOdd}
		if s.Op.Stroke.Visible() {
			got.width = s.Op.Width
		}
		if len(s.Op.Dash) > 0 {
			got.dash = fmt.Sprint(s.Op.Dash)
		}
		if got != c.want {
			t.Errorf("%s: got %+v, want %+v", c.name, got, c.want)
		}
	}
}

// TestViewport: the size from width and height (or the viewBox), and
// viewBox mapped by preserveAspectRatio.
func TestViewport(t *testing.T) {
	cases := []struct {
		name, root string
		w, h       float64
		want       string // the 100 × 50 viewBox's corners, as a rect path
	}{
		{"viewBox alone", `viewBox="0 0 100 50"`, 100, 50, "M0,0 L100,0 L100,50 L0,50 Z"},
		{"width alone keeps the ratio", `width="200" viewBox="0 0 100 50"`, 200, 100, "M0,0 L200,0 L200,100 L0,100 Z"},
		{"meet centres", `width="100" height="100" viewBox="0 0 100 50"`, 100, 100, "M0,25 L100,25 L100,75 L0,75 Z"},
		{"xMinYMin", `width="100" height="100" viewBox="0 0 100 50" preserveAspectRatio="xMinYMin"`, 100, 100, "M0,0 L100,0 L100,50 L0,50 Z"},
		{"xMaxYMax", `width="100" height="100" viewBox="0 0 100 50" preserveAspectRatio="xMaxYMax meet"`, 100, 100, "M0,50 L100,50 L100,100 L0,100 Z"},
		{"slice", `width="100" height="100" viewBox="0 0 100 50" preserveAspectRatio="xMidYMid slice"`, 100, 100, "M-50,0 L150,0 L150,100 L-50,100 Z"},
		{"none stretches", `width="100" height="100" viewBox="0 0 100 50" preserveAspectRatio="none"`, 100, 100, "M0,0 L100,0 L100,100 L0,100 Z"},
		{"viewBox origin", `viewBox="-50 -25 100 50"`, 100, 50, "M50,25 L150,25 L150,75 L50,75 Z"},
		{"mm", `width="10mm" height="5mm" viewBox="0 0 100 50"`, 37.795, 18.898, "M0,0 L37.795,0 L37.795,18.898 L0,18.898 Z"},
	}
	for _, c := range cases {
		res := read(t, `<svg xmlns="http://www.w3.org/2000/svg" `+c.root+`><rect width="100" height="50"/></svg>`, svg.Options{})
		if draw.Num(res.Art.W) != draw.Num(c.w) || draw.Num(res.Art.H) != draw.Num(c.h) {
			t.Errorf("%s: size %v × %v, want %v × %v", c.name, res.Art.W, res.Art.H, c.w, c.h)
		}
		if got := paths(res); got != c.want {
			t.Errorf("%s: got %s, want %s", c.name, got, c.want)
		}
		if wantClip := c.name == "slice" || c.name == "viewBox origin"; res.Art.Overflows != wantClip {
			t.Errorf("%s: overflows %v", c.name, res.Art.Overflows)
		}
	}
}

// TestWarnings: what is not drawn is a warning naming the file, line and
// column and the feature, once per feature (with a count).
func TestWarnings(t *testing.T) {
	cases := []struct{ body, want string }{
		{`<text x="1">hi</text>`, "t.svg:1:63: text is not drawn; convert it to paths (in Inkscape: Path > Object to Path)"},
		{`<image href="a.png"/>`, "t.svg:1:63: embedded pictures are not drawn; give the picture to deckpress as a PNG or JPEG file of its own"},
		{`<rect width="1" height="1" filter="url(#f)"/>`, "t.svg:1:63: filters (blur, shadows and the like) are not drawn"},
		{`<rect width="1" height="1" mask="url(#m)"/>`, "t.svg:1:63: masks are not applied: the shapes are drawn whole"},
		{`<rect width="1" height="1" clip-path="url(#c)"/>`, "t.svg:1:63: clip paths are not applied: the shapes are drawn whole"},
		{`<path d="M0 0L1 1" style="marker-end:url(#a)"/>`, "t.svg:1:63: markers (arrow heads and the like) are not drawn"},
		{`<style>rect{fill:red}</style>`, "t.svg:1:63: style sheets (<style>) are not applied; use style attributes (Inkscape writes these)"},
		{`<linearGradient id="g"><stop stop-color="#000"/><stop style="stop-color:#fff"/></linearGradient><rect width="1" height="1" fill="url(#g)"/>`,
			"t.svg:1:159: gradients are not drawn; fill uses the average colour of the gradient's stops"},
		{`<rect width="1" height="1" fill="url(#nothing) red"/>`, "t.svg:1:63: gradients and patterns are not drawn; fill uses its fallback colour"},
		{`<g opacity="0.5"><rect width="1" height="1"/><rect width="1" height="1"/></g>`, "t.svg:1:63: the opacity of a group is applied to each of its shapes on its own, so where they overlap they show through one another"},
		{`<text/><text/><text/>`, "t.svg:1:63: text is not drawn; convert it to paths (in Inkscape: Path > Object to Path) (and 2 more)"},
		{`<foo/>`, "t.svg:1:63: <foo> is not an SVG shape deckpress draws; left out"},
	}
	for _, c := range cases {
		res := read(t, doc(c.body), svg.Options{})
		var got []string
		for _, w := range res.Warnings {
			got = append(got, w.Error())
		}
		if len(got) != 1 || got[0] != c.want {
			t.Errorf("%s:\ngot  %q\nwant %q", c.body, got, c.want)
		}
	}
	// foreign elements and attributes (Inkscape's, RDF metadata) and empty
	// style elements are no warning
	res := read(t, doc(`<style id="s"/><sodipodi:namedview xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"/><metadata><x/></metadata><rect width="1" height="1" style="stroke-miterlimit:4;font-size:3px"/>`), svg.Options{})
	if len(res.Warnings) > 0 {
		t.Errorf("warnings for harmless content: %v", res.Warnings)
	}
}

// TestErrors: broken files and values beyond the limits are errors with
// the file, line and column.
func TestErrors(t *testing.T) {
	deep := strings.Repeat("<g>", svg.MaxDepth+1) + strings.Repeat("</g>", svg.MaxDepth+1)
	many := strings.Repeat("<rect/>", svg.MaxElements+1)
	long := `<path d="M0 0` + strings.Repeat(" 1 1", svg.MaxPoints+1) + `"/>`
	useBomb := `<defs><rect id="a" width="1" height="1"/>` + strings.Repeat("x", 0)
	for i := 0; i < 20; i++ {
		useBomb += fmt.Sprintf(`<g id="u%d"><use href="#%s"/><use href="#%s"/></g>`, i+1, prev(i), prev(i))
	}
	useBomb += `</defs><use href="#u20"/>`
	cases := []struct{ name, src, want string }{
		{"not xml", "hello", "t.svg:1:1: no <svg> element: not an SVG file"},
		{"broken xml", "<svg>\n<g></svg>", "t.svg:2:"},
		{"not svg", `<html/>`, "t.svg:1:1: the root element is <html>, not <svg>: not an SVG file"},
		{"bad path", doc(`<path d="M0 0 L1"/>`), "t.svg:1:63: <path> d: a number is expected at column 8"},
		{"path without a command", doc(`<path d="10 10"/>`), "t.svg:1:63: <path> d: path data must start with a command (M), not '1'"},
		{"path without M", doc(`<path d="L1 1"/>`), "t.svg:1:63: <path> d: path data must start with M or m, not L"},
		{"numbers after Z", doc(`<path d="M0 0Z 1 1"/>`), "t.svg:1:63: <path> d: a command is expected at column 7, after Z"},
		{"exponent at the end", doc(`<path d="M0 1e"/>`), "t.svg:1:63: <path> d: unknown path command 'e'"},
		{"exponent sign at the end", doc(`<path d="M0 1e+"/>`), "t.svg:1:63: <path> d: unknown path command 'e'"},
		{"arc flag missing at the end", doc(`<path d="M0 0A1 1 0 1"/>`), "t.svg:1:63: <path> d: an arc flag (0 or 1) is expected at column 13"},
		{"comma before the first number", doc(`<path d="M,1 1"/>`), "t.svg:1:63: <path> d: a number is expected at column 2"},
		{"bad arc flag", doc(`<path d="M0 0A1 1 0 2 0 1 1"/>`), "t.svg:1:63: <path> d: an arc flag (0 or 1) is expected at column 12"},
		{"huge number", doc(`<path d="M1e999 0"/>`), "t.svg:1:63: <path> d: number \"1e999\" at column 2 is out of range"},
		{"bad transform", doc(`<g transform="spin(3)"/>`), "t.svg:1:63: transform \"spin(3)\": unknown transform \"spin\""},
		{"bad colour", doc(`<rect fill="#12"/>`), "t.svg:1:63: fill \"#12\": not a colour"},
		{"negative size", doc(`<rect width="-1" height="1"/>`), "t.svg:1:63: <rect>: a width or height cannot be negative"},
		{"odd points", doc(`<polygon points="1 2 3"/>`), "t.svg:1:63: <polygon> points: an odd number of coordinates (3)"},
		{"bad viewBox", `<svg viewBox="0 0 0 10"/>`, "t.svg:1:1: viewBox \"0 0 0 10\": its width and height must be above 0"},
		{"too deep", doc(deep), "elements nested more than 64 deep"},
		{"too many", doc(many), "more than 20000 elements"},
		{"too long", doc(long), "more than 500000 points"},
		{"use loop", doc(`<g id="a"><use href="#a"/></g>`), "t.svg:1:73: <use> refers to \"#a\", which contains this <use>: a loop"},
		{"use bomb", doc(useBomb), "more than 20000 elements to draw (counting what <use> copies)"},
		{"too big", doc(strings.Repeat(" ", svg.MaxBytes)), "t.svg:1:1: the file is"},
		{"far away", doc(`<rect transform="scale(1e6)" width="1" height="1"/>`), "t.svg:1:63: <rect>: coordinates beyond ±100000 after the transforms (1000 times the picture's size)"},
		{"wide stroke", doc(`<line x2="1" stroke="red" stroke-width="1e6"/>`), "t.svg:1:63: <line>: a stroke width beyond 100000"},
		{"thin picture", `<svg viewBox="0 0 1 2000"/>`, "t.svg:1:1: the picture is 1 × 2000 px; one side may be at most 1000 times the other"},
		{"tiny picture", `<svg width="0.0001" height="1"/>`, "t.svg:1:1: the picture is 0.0001 × 1 px; its sides must be from 0.001 to 1e+07"},
		{"entity", `<!DOCTYPE svg [<!ENTITY a "b">]><svg>&a;</svg>`, "t.svg:1:"},
	}
	for _, c := range cases {
		_, err := svg.Read("t.svg", []byte(c.src), svg.Options{})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %q", c.name, err, c.want)
		}
	}
}

func prev(i int) string {
	if i == 0 {
		return "a"
	}
	return fmt.Sprintf("u%d", i)
}

// TestFiles: a game-icons.net-style icon (one path, viewBox 0 0 512 512)
// and an Inkscape-saved drawing, as drawing calls and warnings.
func TestFiles(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.svg")
	if len(files) < 3 {
		t.Fatalf("test files missing: %v", files)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		res, err := svg.Read(filepath.Base(f), data, svg.Options{CurrentFill: true})
		if err != nil {
			t.Fatal(err)
		}
		var rec draw.Recorder
		fmt.Fprintf(&rec, "art %sx%s overflows=%v\n", draw.Num(res.Art.W), draw.Num(res.Art.H), res.Art.Overflows)
		face := &draw.Face{Ops: res.Art.Draw(nil, layout.Identity, draw.Colour{R: 200, A: 255}, nil)}
		draw.DrawFace(&rec, face)
		for _, w := range res.Warnings {
			fmt.Fprintf(&rec, "warning %s\n", w)
		}
		golden.Assert(t, strings.TrimSuffix(filepath.Base(f), ".svg")+".txt", []byte(rec.String()))
	}
}

// BenchmarkRead reads the Inkscape drawing and the two icons.
func BenchmarkRead(b *testing.B) {
	files, _ := filepath.Glob("testdata/*.svg")
	var data [][]byte
	for _, f := range files {
		d, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		data = append(data, d)
	}
	for b.Loop() {
		for i, d := range data {
			if _, err := svg.Read(files[i], d, svg.Options{}); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// TestCopiesReadBounded: a <use> reads its element again, so a hidden
// path, a long transform or style, or a symbol's, copied thousands of
// times would be read thousands of times; the bytes read are bounded
// (at most MaxRead, the size of the largest file), counting each copy.
func TestCopiesReadBounded(t *testing.T) {
	uses := strings.Repeat(`<use href="#p"/>`, 19_000)
	path := "M0 0" + strings.Repeat(" L1 1", 2_000)
	cases := []struct{ name, defs string }{
		{"hidden path", `<path id="p" visibility="hidden" d="` + path + `"/>`},
		{"transform", `<rect id="p" width="0" height="1" transform="` + strings.Repeat("translate(0) ", 1_000) + `"/>`},
		{"style", `<rect id="p" width="0" height="1" style="` + strings.Repeat("fill:red;", 1_000) + `"/>`},
		{"symbol", `<symbol id="p" style="` + strings.Repeat("fill:red;", 1_000) + `"/>`},
	}
	for _, c := range cases {
		// 19,000 copies of about 10 kB: 190 MB to read, far past the bound
		_, err := svg.Read("t.svg", []byte(doc(`<defs>`+c.defs+`</defs>`+uses)), svg.Options{})
		want := fmt.Sprintf("more than %d bytes of attributes to read (counting what <use> copies)", svg.MaxBytes)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: got %v, want %q", c.name, err, want)
		}
	}
	// a copy or two of the same is drawn
	res := read(t, doc(`<defs><path id="p" d="`+path+`"/></defs><use href="#p"/><use href="#p" x="1"/>`), svg.Options{})
	if len(res.Art.Shapes) != 2 {
		t.Errorf("%d shapes, want 2", len(res.Art.Shapes))
	}
}

// TestGradientsLinear: every shape painted with one gradient of n stops
// costs the stops once, not once a shape: n shapes and n stops take
// time linear in n.
func TestGradientsLinear(t *testing.T) {
	testtool.Linear(t, 64, func(n int) {
		n = min(n, svg.MaxElements/2-4) // the root, defs and gradient count too
		src := doc(`<defs><linearGradient id="g">` + strings.Repeat(`<stop style="stop-color:#123456;stop-opacity:0.5"/>`, n) +
			`</linearGradient></defs>` + strings.Repeat(`<rect width="1" height="1" fill="url(#g)"/>`, n))
		if _, err := svg.Read("t.svg", []byte(src), svg.Options{}); err != nil {
			t.Fatal(err)
		}
	})
}

// TestLongValuesQuotedShort: a message quotes at most 40 characters of
// a value of the file, however long the value.
func TestLongValuesQuotedShort(t *testing.T) {
	long := strings.Repeat("9", 100_000)
	cases := []struct{ name, src, want string }{
		{"number", doc(`<path d="M0 0 L` + long + ` 1"/>`), `number "` + long[:40] + `"… at column 7 is out of range`},
		{"transform", doc(`<g transform="spin(` + long + `)"/>`), `transform "spin(` + long[:35] + `"…: number "` + long[:40] + `"… at column 6`},
		{"viewBox", `<svg viewBox="` + long + `"/>`, `viewBox "` + long[:40] + `"…: want four numbers`},
		{"fill", doc(`<rect fill="#` + long + `"/>`), `fill "#` + long[:39] + `"…: not a colour`},
		{"use", doc(`<use href="#` + long + `"/><use href="#x"/>`), ``},
		{"root", `<` + strings.Repeat("a", 1000) + `/>`, `the root element is <"` + strings.Repeat("a", 40) + `"…>, not <svg>`},
		{"unit", doc(`<rect width="1` + strings.Repeat("q", 1000) + `"/>`), `unknown unit "` + strings.Repeat("q", 40) + `"…`},
	}
	for _, c := range cases {
		res, err := svg.Read("t.svg", []byte(c.src), svg.Options{})
		var msgs []string
		if err != nil {
			msgs = append(msgs, err.Error())
		} else {
			for _, w := range res.Warnings {
				msgs = append(msgs, w.Error())
			}
		}
		if len(msgs) == 0 {
			t.Errorf("%s: no message", c.name)
		}
		for _, m := range msgs {
			if len(m) > 200 || !strings.Contains(m, c.want) {
				t.Errorf("%s: got %q (%d bytes), want one holding %q within 200 bytes", c.name, m[:min(len(m), 300)], len(m), c.want)
			}
		}
	}
}

// TestWarningsOnceAKind: a kind of warning is one line at its first
// place, however many elements (each of another name) it is about.
func TestWarningsOnceAKind(t *testing.T) {
	var body strings.Builder
	for i := range 3000 {
		fmt.Fprintf(&body, `<use href="#m%d"/><bogus%d/>`, i, i)
	}
	body.WriteString(`<text>a</text><image/>`)
	res := read(t, doc(body.String()), svg.Options{})
	var got []string
	for _, w := range res.Warnings {
		got = append(got, w.Error())
	}
	want := []string{
		`t.svg:1:63: <use> refers to "#m0", which is not an element of this file; left out (and 2999 more)`,
		`t.svg:1:80: <bogus0> is not an SVG shape deckpress draws; left out (and 2999 more)`,
	}
	if len(got) != 4 || got[0] != want[0] || got[1] != want[1] || !strings.Contains(got[2], "text is not drawn") || !strings.Contains(got[3], "embedded pictures are not drawn") {
		t.Errorf("got %q, want %q and one each for <text> and <image>", got, want)
	}
}
