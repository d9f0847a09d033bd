package typeset

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/templates/draw"
)

// Icon is a vector drawing in a 100 × 100 box (y down), filled with the
// ink colour, a user's SVG drawing (its unpainted and currentColor shapes
// in the ink colour), or a picture from a user's PNG file.
type Icon struct {
	Name    string
	Fill    layout.Path // filled outline, in the 100-unit box
	EvenOdd bool        // fill by the even-odd rule, so inner outlines make holes
	Stroke  layout.Path // stroked lines, in the 100-unit box
	Width   float64     // stroke width in units of the box
	Image   *draw.Image // a picture icon; the paths are then empty
	Art     *draw.Art   // an SVG icon; the paths are then empty
}

// Draw appends the icon's operations, scaled into box (kept square and
// centred), in colour c; its points are charged to b (nil: none), and
// nothing is drawn when they do not fit.
func (ic *Icon) Draw(ops []draw.Op, box layout.Rect, c draw.Colour, b *draw.Budget) []draw.Op {
	side := math.Min(box.W, box.H)
	x, y := box.X+(box.W-side)/2, box.Y+(box.H-side)/2
	if ic.Image != nil {
		return append(ops, &draw.ImageOp{Image: ic.Image, Box: layout.Rect{X: x, Y: y, W: side, H: side}})
	}
	if ic.Art != nil {
		return ic.Art.Draw(ops, ic.Art.Fit(box, "contain"), c, b)
	}
	if !b.Points(len(ic.Fill.Points) + len(ic.Stroke.Points)) {
		return ops
	}
	m := layout.Scale(side/100, side/100).Then(layout.Translate(x, y))
	if len(ic.Fill.Verbs) > 0 {
		ops = append(ops, &draw.PathOp{Path: ic.Fill.Transform(m), Fill: c, EvenOdd: ic.EvenOdd})
	}
	if len(ic.Stroke.Verbs) > 0 {
		ops = append(ops, &draw.PathOp{Path: ic.Stroke.Transform(m), Stroke: c, Width: ic.Width * side / 100})
	}
	return ops
}

// IconSet is the icons a deck can use: the built-in set and the deck's own.
type IconSet struct {
	icons map[string]*Icon
	// sorted is the names in order, made once (guarded by sortedMu:
	// messages read it from every core)
	sorted   []string
	sortedMu sync.Mutex
}

// NewIconSet returns the built-in icons.
func NewIconSet() *IconSet {
	s := &IconSet{icons: map[string]*Icon{}}
	for _, ic := range builtinIcons {
		s.icons[ic.Name] = ic
	}
	return s
}

// Add registers an icon, replacing any of the same name.
func (s *IconSet) Add(ic *Icon) {
	s.icons[ic.Name] = ic
	s.sortedMu.Lock()
	s.sorted = nil
	s.sortedMu.Unlock()
}

// Lookup returns the named icon, or nil.
func (s *IconSet) Lookup(name string) *Icon {
	if s == nil {
		return builtinByName(name)
	}
	return s.icons[name]
}

// Names lists the icon names, sorted.
func (s *IconSet) Names() []string { return slices.Clone(s.sortedNames()) }

// sortedNames is the icon names in order, to read only: made once (every
// unknown icon's message looks through them) and again after an Add.
func (s *IconSet) sortedNames() []string {
	if s == nil {
		out := make([]string, 0, len(builtinIcons))
		for _, ic := range builtinIcons {
			out = append(out, ic.Name)
		}
		sort.Strings(out)
		return out
	}
	s.sortedMu.Lock()
	defer s.sortedMu.Unlock()
	if s.sorted == nil {
		s.sorted = make([]string, 0, len(s.icons))
		for n := range s.icons {
			s.sorted = append(s.sorted, n)
		}
		sort.Strings(s.sorted)
	}
	return s.sorted
}

func builtinByName(name string) *Icon {
	i := slices.IndexFunc(builtinIcons, func(ic *Icon) bool { return ic.Name == name })
	if i < 0 {
		return nil
	}
	return builtinIcons[i]
}

// svgPath reads a tiny subset of SVG path data (absolute M, L, C, Z with
// numbers separated by spaces or commas); the built-in icons are written
// in it.
func svgPath(d string) layout.Path {
	var p layout.Path
	for _, c := range "MLCZ" {
		d = strings.ReplaceAll(d, string(c), " "+string(c)+" ")
	}
	f := strings.FieldsFunc(d, func(r rune) bool { return r == ' ' || r == ',' || r == '\n' || r == '\t' })
	nums := func(i, n int) []float64 {
		out := make([]float64, n)
		for k := range out {
			fmt.Sscan(f[i+k], &out[k])
		}
		return out
	}
	for i := 0; i < len(f); {
		cmd := f[i]
		i++
		switch cmd {
		case "M":
			v := nums(i, 2)
			p.MoveTo(v[0], v[1])
			i += 2
		case "L":
			v := nums(i, 2)
			p.LineTo(v[0], v[1])
			i += 2
		case "C":
			v := nums(i, 6)
			p.CubicTo(v[0], v[1], v[2], v[3], v[4], v[5])
			i += 6
		case "Z":
			p.Close()
		default:
			panic("icon path: unknown command " + cmd)
		}
	}
	return p
}

func join(paths ...layout.Path) layout.Path {
	var p layout.Path
	for _, q := range paths {
		p.Append(q)
	}
	return p
}

func circle(cx, cy, r float64) layout.Path {
	return layout.EllipsePath(layout.Rect{X: cx - r, Y: cy - r, W: 2 * r, H: 2 * r})
}

func ellipse(cx, cy, rx, ry float64) layout.Path {
	return layout.EllipsePath(layout.Rect{X: cx - rx, Y: cy - ry, W: 2 * rx, H: 2 * ry})
}

func rrect(x, y, w, h, r float64) layout.Path {
	return layout.RoundedRectPath(layout.Rect{X: x, Y: y, W: w, H: h}, r)
}

// regular returns a regular polygon with n corners on a circle; the first
// corner is at angle start (degrees, 0 = right, clockwise).
func regular(n int, cx, cy, r, start float64) []layout.Point {
	pts := make([]layout.Point, n)
	for i := range pts {
		a := (start + float64(i)*360/float64(n)) * math.Pi / 180
		pts[i] = layout.Point{X: cx + r*math.Cos(a), Y: cy + r*math.Sin(a)}
	}
	return pts
}

func star(cx, cy, outer, inner float64) layout.Path {
	var pts []layout.Point
	for i := 0; i < 10; i++ {
		r := outer
		if i%2 == 1 {
			r = inner
		}
		a := (-90 + float64(i)*36) * math.Pi / 180
		pts = append(pts, layout.Point{X: cx + r*math.Cos(a), Y: cy + r*math.Sin(a)})
	}
	return layout.PolygonPath(pts)
}

// bar returns a rectangle of half-width hw from a to b.
func bar(ax, ay, bx, by, hw float64) layout.Path {
	dx, dy := bx-ax, by-ay
	l := math.Hypot(dx, dy)
	nx, ny := -dy/l*hw, dx/l*hw
	return layout.PolygonPath([]layout.Point{{X: ax + nx, Y: ay + ny}, {X: bx + nx, Y: by + ny}, {X: bx - nx, Y: by - ny}, {X: ax - nx, Y: ay - ny}})
}

func polyline(pts ...layout.Point) layout.Path {
	var p layout.Path
	for i, pt := range pts {
		if i == 0 {
			p.MoveTo(pt.X, pt.Y)
		} else {
			p.LineTo(pt.X, pt.Y)
		}
	}
	return p
}

// chevron is a chevron pointing up, 38 units high from y.
func chevron(y float64) layout.Path {
	return layout.PolygonPath([]layout.Point{{X: 10, Y: y + 26}, {X: 50, Y: y}, {X: 90, Y: y + 26}, {X: 90, Y: y + 38}, {X: 50, Y: y + 12}, {X: 10, Y: y + 38}})
}

// builtinIcons is the built-in set, drawn for this project.
var builtinIcons = func() []*Icon {
	hexPts := regular(6, 50, 50, 47, -90)
	tri := []layout.Point{{X: 50, Y: 22}, {X: 25, Y: 66}, {X: 75, Y: 66}}
	ship := svgPath("M50 3 L56 28 L62 28 L62 47 L74 55 L74 38 L81 38 L81 68 L95 77 L95 93 L81 86 L62 86 L58 96 L42 96 L38 86 L19 86 L5 93 L5 77 L19 68 L19 38 L26 38 L26 55 L38 47 L38 28 L44 28 Z")
	d20 := join(layout.PolygonPath(hexPts), layout.PolygonPath(tri),
		polyline(hexPts[0], tri[0]), polyline(hexPts[1], tri[2]), polyline(hexPts[2], tri[2]),
		polyline(hexPts[3], tri[1]), polyline(hexPts[4], tri[1]), polyline(hexPts[5], tri[0]),
		polyline(tri[1], hexPts[3]), polyline(hexPts[2], tri[2]), polyline(hexPts[1], tri[0]))
	return []*Icon{
		{Name: "star", Fill: star(50, 54, 48, 19)},
		{Name: "x", Fill: join(bar(14, 14, 86, 86, 10), bar(86, 14, 14, 86, 10))},
		{Name: "robber", EvenOdd: true, Fill: join(
			svgPath("M4 38 C6 26 28 24 50 33 C72 24 94 26 96 38 L96 56 C94 72 72 74 58 64 L50 58 L42 64 C28 74 6 72 4 56 Z"),
			ellipse(29, 47, 11, 7), ellipse(71, 47, 11, 7))},
		{Name: "heart", Fill: svgPath("M50 90 C22 68 4 52 4 32 C4 16 16 8 29 8 C39 8 46 14 50 22 C54 14 61 8 71 8 C84 8 96 16 96 32 C96 52 78 68 50 90 Z")},
		{Name: "shield", Fill: svgPath("M50 4 L90 17 L90 46 C90 70 72 86 50 96 C28 86 10 70 10 46 L10 17 Z")},
		{Name: "bolt", Fill: svgPath("M62 2 L18 56 L45 56 L35 98 L82 40 L55 40 L68 2 Z")},
		{Name: "skull", EvenOdd: true, Fill: join(
			svgPath("M50 5 C25 5 9 22 9 44 C9 58 17 67 26 71 L26 87 C26 91 29 94 33 94 L67 94 C71 94 74 91 74 87 L74 71 C83 67 91 58 91 44 C91 22 75 5 50 5 Z"),
			circle(33, 45, 10), circle(67, 45, 10),
			layout.PolygonPath([]layout.Point{{X: 50, Y: 58}, {X: 43, Y: 70}, {X: 57, Y: 70}}),
			rrect(37, 80, 6, 14, 1), rrect(47, 80, 6, 14, 1), rrect(57, 80, 6, 14, 1))},
		{Name: "ship", Fill: ship},
		{Name: "one-up", Fill: join(ship.Transform(layout.Scale(0.72, 0.72).Then(layout.Translate(0, 28))),
			rrect(72, 6, 10, 36, 2), rrect(59, 19, 36, 10, 2))},
		{Name: "double", Fill: join(ship.Transform(layout.Scale(0.52, 0.52).Then(layout.Translate(-1, 26))),
			ship.Transform(layout.Scale(0.52, 0.52).Then(layout.Translate(49, 26))))},
		{Name: "chevrons", Fill: join(chevron(8), chevron(34), chevron(60))},
		{Name: "bee", EvenOdd: true, Fill: join(
			ellipse(50, 62, 20, 30), rrect(32, 52, 36, 6, 1), rrect(34, 66, 32, 6, 1),
			circle(50, 24, 8), ellipse(25, 28, 15, 10), ellipse(75, 28, 15, 10))},
		{Name: "d20", Stroke: d20, Width: 5},
		{Name: "hex", Fill: layout.PolygonPath(regular(6, 50, 50, 48, 0))},
		{Name: "sword", Fill: join(
			svgPath("M50 2 L58 14 L58 64 L42 64 L42 14 Z"),
			rrect(24, 64, 52, 8, 3), rrect(45, 72, 10, 16, 2), circle(50, 92, 6))},
		{Name: "fist", Fill: join(
			rrect(20, 18, 17, 34, 8), rrect(36, 13, 17, 38, 8), rrect(52, 13, 17, 38, 8), rrect(68, 18, 16, 34, 8),
			rrect(20, 38, 64, 46, 12), rrect(6, 44, 36, 17, 8))},
		{Name: "eye", EvenOdd: true, Fill: join(
			svgPath("M3 50 C20 20 80 20 97 50 C80 80 20 80 3 50 Z"),
			circle(50, 50, 19), circle(50, 50, 9))},
		{Name: "wing", Fill: svgPath("M4 28 C30 8 70 6 97 13 C91 23 81 29 69 31 C81 35 87 40 91 46 C77 50 65 50 55 48 C63 54 67 60 69 67 C55 67 45 63 37 57 C39 65 39 71 37 78 C20 70 9 53 4 28 Z")},
		{Name: "circle", Fill: circle(50, 50, 46)},
		{Name: "square", Fill: rrect(6, 6, 88, 88, 6)},
		{Name: "check", Fill: layout.PolygonPath([]layout.Point{{X: 6, Y: 52}, {X: 18, Y: 40}, {X: 38, Y: 60}, {X: 82, Y: 14}, {X: 94, Y: 26}, {X: 38, Y: 84}})},
		{Name: "plus", Fill: join(rrect(40, 8, 20, 84, 3), rrect(8, 40, 84, 20, 3))},
		{Name: "minus", Fill: rrect(8, 40, 84, 20, 3)},
		{Name: "infinity", Stroke: svgPath("M50 50 C40 32 12 30 12 50 C12 70 40 68 50 50 C60 32 88 30 88 50 C88 70 60 68 50 50 Z"), Width: 9},
		{Name: "arrow", Fill: layout.PolygonPath([]layout.Point{{X: 50, Y: 4}, {X: 92, Y: 48}, {X: 64, Y: 48}, {X: 64, Y: 96}, {X: 36, Y: 96}, {X: 36, Y: 48}, {X: 8, Y: 48}})},
		{Name: "target", EvenOdd: true, Fill: join(circle(50, 50, 46), circle(50, 50, 33), circle(50, 50, 20), circle(50, 50, 8))},
		{Name: "crown", Fill: join(layout.PolygonPath([]layout.Point{{X: 6, Y: 76}, {X: 6, Y: 26}, {X: 28, Y: 50}, {X: 50, Y: 14}, {X: 72, Y: 50}, {X: 94, Y: 26}, {X: 94, Y: 76}}), rrect(6, 80, 88, 10, 2))},
		// heroes of the Audition kit
		{Name: "bat", Fill: svgPath("M50 30 L56 22 L58 34 C68 26 84 24 96 34 C88 38 84 46 84 56 C76 50 68 52 62 60 C58 56 54 58 50 66 C46 58 42 56 38 60 C32 52 24 50 16 56 C16 46 12 38 4 34 C16 24 32 26 42 34 L44 22 Z")},
		{Name: "pyramid", EvenOdd: true, Fill: join(layout.PolygonPath([]layout.Point{{X: 50, Y: 8}, {X: 96, Y: 88}, {X: 4, Y: 88}}), rrect(24, 62, 52, 5, 0))},
		{Name: "robot", EvenOdd: true, Fill: join(
			rrect(22, 24, 56, 44, 8), circle(38, 42, 6), circle(62, 42, 6), rrect(36, 54, 28, 5, 2),
			rrect(47, 14, 6, 10, 1), circle(50, 8, 6), rrect(14, 36, 8, 16, 3), rrect(78, 36, 8, 16, 3), rrect(30, 72, 40, 22, 4))},
		{Name: "banana", Fill: join(svgPath("M14 20 C10 56 34 86 80 86 L90 80 C56 76 34 56 28 18 Z"), rrect(14, 10, 13, 10, 2))},
		{Name: "comma", Fill: join(circle(50, 36, 22), svgPath("M58 54 C66 72 58 88 36 96 L32 90 C44 82 48 72 42 58 Z"))},
		{Name: "umbrella", Fill: svgPath("M4 50 C4 24 26 8 50 8 C74 8 96 24 96 50 C88 44 80 44 72 50 C64 44 58 44 50 50 C42 44 36 44 28 50 C20 44 12 44 4 50 Z"),
			Stroke: svgPath("M50 48 L50 84 C50 94 34 94 34 84"), Width: 6},
		{Name: "apple", Fill: join(
			svgPath("M50 28 C40 18 10 18 10 50 C10 76 30 96 42 96 C46 96 48 93 50 93 C52 93 54 96 58 96 C70 96 90 76 90 50 C90 18 60 18 50 28 Z"),
			svgPath("M52 24 C52 10 62 4 74 4 C74 16 66 24 52 24 Z"))},
		{Name: "bell", Fill: join(svgPath("M50 8 C30 8 22 26 22 46 L22 66 L12 78 L88 78 L78 66 L78 46 C78 26 70 8 50 8 Z"), circle(50, 88, 8))},
		{Name: "mop", Fill: join(bar(64, 4, 48, 66, 4), svgPath("M24 66 L68 66 L76 96 L16 96 Z"))},
		{Name: "waves", Fill: circle(14, 50, 9), Stroke: svgPath("M32 30 C42 40 42 60 32 70 M52 18 C68 34 68 66 52 82 M72 6 C94 28 94 72 72 94"), Width: 7},
		{Name: "moon", Fill: svgPath("M62 6 C38 10 20 30 20 54 C20 78 40 96 64 96 C78 96 88 90 94 80 C86 84 78 86 70 86 C46 86 30 68 30 46 C30 28 44 12 62 6 Z")},
		{Name: "book", EvenOdd: true, Fill: join(svgPath("M50 22 C38 12 20 12 6 16 L6 84 C20 80 38 80 50 90 C62 80 80 80 94 84 L94 16 C80 12 62 12 50 22 Z"), rrect(48.5, 24, 3, 62, 1))},
		{Name: "tortoise", Fill: join(svgPath("M12 66 C12 36 32 22 50 22 C70 22 86 36 86 66 Z"), circle(92, 54, 7),
			rrect(20, 62, 12, 18, 4), rrect(64, 62, 12, 18, 4), layout.PolygonPath([]layout.Point{{X: 12, Y: 58}, {X: 2, Y: 66}, {X: 12, Y: 66}}))},
		{Name: "pizza", EvenOdd: true, Fill: join(layout.PolygonPath([]layout.Point{{X: 50, Y: 96}, {X: 10, Y: 18}, {X: 90, Y: 18}}), rrect(4, 6, 92, 12, 6),
			circle(38, 34, 6), circle(60, 40, 6), circle(50, 62, 5))},
		{Name: "cloud", Fill: svgPath("M26 78 C12 78 4 68 4 58 C4 46 14 38 26 40 C28 26 40 18 52 18 C66 18 76 28 78 40 C90 40 96 50 96 60 C96 70 88 78 78 78 Z")},
		{Name: "mirror", EvenOdd: true, Fill: join(ellipse(50, 38, 30, 34), ellipse(50, 38, 22, 26), rrect(44, 72, 12, 26, 4))},
		{Name: "ghost", EvenOdd: true, Fill: join(svgPath("M14 92 L14 44 C14 20 30 6 50 6 C70 6 86 20 86 44 L86 92 L74 82 L62 92 L50 82 L38 92 L26 82 Z"), circle(38, 42, 7), circle(62, 42, 7))},
		{Name: "wheel", Fill: circle(50, 50, 9), Stroke: join(circle(50, 50, 42),
			polyline(layout.Point{X: 50, Y: 8}, layout.Point{X: 50, Y: 92}), polyline(layout.Point{X: 8, Y: 50}, layout.Point{X: 92, Y: 50}),
			polyline(layout.Point{X: 20, Y: 20}, layout.Point{X: 80, Y: 80}), polyline(layout.Point{X: 80, Y: 20}, layout.Point{X: 20, Y: 80})), Width: 7},
		{Name: "drop", Fill: svgPath("M50 6 C50 6 18 44 18 64 C18 82 32 94 50 94 C68 94 82 82 82 64 C82 44 50 6 50 6 Z")},
		{Name: "note", Fill: join(ellipse(32, 80, 16, 12), rrect(42, 12, 7, 68, 1), svgPath("M42 12 L84 22 L84 38 L49 29 Z"))},
		{Name: "paperclip", Stroke: svgPath("M62 30 L62 74 C62 86 38 86 38 74 L38 22 C38 8 74 8 74 22 L74 78 C74 98 26 98 26 78 L26 36"), Width: 6},
		{Name: "duck", Fill: join(svgPath("M10 60 C10 80 28 90 52 90 C76 90 92 78 92 58 C84 62 76 62 70 58 C78 50 78 36 70 28 C62 20 48 20 42 30 C38 38 40 48 46 54 C34 50 20 50 10 60 Z"),
			layout.PolygonPath([]layout.Point{{X: 72, Y: 32}, {X: 94, Y: 36}, {X: 72, Y: 44}}))},
		{Name: "camera", EvenOdd: true, Fill: join(rrect(6, 28, 88, 58, 8), circle(50, 57, 20), circle(50, 57, 12), rrect(32, 18, 36, 10, 3))},
		{Name: "boot", Fill: svgPath("M30 4 L62 4 L62 58 C74 60 94 66 96 80 L96 92 L26 92 L26 60 C26 40 30 20 30 4 Z")},
	}
}()
