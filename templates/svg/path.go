package svg

import (
	"fmt"
	"math"
	"strconv"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/layout"
)

// scanner reads the numbers of path data, point lists and transforms.
type scanner struct {
	s string
	i int
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' }

// sep skips white space and at most one comma.
func (p *scanner) sep() {
	for p.i < len(p.s) && isSpace(p.s[p.i]) {
		p.i++
	}
	if p.i < len(p.s) && p.s[p.i] == ',' {
		p.i++
		for p.i < len(p.s) && isSpace(p.s[p.i]) {
			p.i++
		}
	}
}

func (p *scanner) space() {
	for p.i < len(p.s) && isSpace(p.s[p.i]) {
		p.i++
	}
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// number reads a number as SVG writes it: "-1.5e3", ".5", "1.5.5" is two.
func (p *scanner) number() (float64, error) {
	start := p.i
	s := p.s
	if p.i < len(s) && (s[p.i] == '+' || s[p.i] == '-') {
		p.i++
	}
	digits := 0
	for p.i < len(s) && isDigit(s[p.i]) {
		p.i++
		digits++
	}
	if p.i < len(s) && s[p.i] == '.' {
		p.i++
		for p.i < len(s) && isDigit(s[p.i]) {
			p.i++
			digits++
		}
	}
	if digits == 0 {
		p.i = start
		return 0, fmt.Errorf("a number is expected at column %d", start+1)
	}
	if p.i < len(s) && (s[p.i] == 'e' || s[p.i] == 'E') {
		j := p.i + 1
		if j < len(s) && (s[j] == '+' || s[j] == '-') {
			j++
		}
		if j < len(s) && isDigit(s[j]) {
			for j < len(s) && isDigit(s[j]) {
				j++
			}
			p.i = j
		}
	}
	v, err := strconv.ParseFloat(s[start:p.i], 64)
	if err != nil || math.IsInf(v, 0) {
		return 0, fmt.Errorf("number %s at column %d is out of range", cards.Excerpt(s[start:p.i]), start+1)
	}
	return v, nil
}

// flag reads an arc flag, 0 or 1, which needs no separator after it.
func (p *scanner) flag() (bool, error) {
	if p.i < len(p.s) && (p.s[p.i] == '0' || p.s[p.i] == '1') {
		p.i++
		return p.s[p.i-1] == '1', nil
	}
	return false, fmt.Errorf("an arc flag (0 or 1) is expected at column %d", p.i+1)
}

// numbers reads n numbers, each after an optional separator.
func (p *scanner) numbers(v []float64) error {
	for k := range v {
		if k > 0 {
			p.sep()
		}
		var err error
		if v[k], err = p.number(); err != nil {
			return err
		}
	}
	return nil
}

// pathData reads SVG path data into a path, adding at most budget points.
func pathData(d string, budget int) (layout.Path, error) {
	r := &pathReader{p: &scanner{s: d}}
	var cmd byte // the command, repeated while numbers follow
	started := false
	for {
		r.p.space()
		if r.p.i >= len(d) {
			break
		}
		if len(r.out.Points) > budget {
			return r.out, fmt.Errorf("more than %d points", budget)
		}
		var err error
		if cmd, err = r.command(cmd); err != nil {
			return r.out, err
		}
		if !started && cmd != 'M' && cmd != 'm' {
			return r.out, fmt.Errorf("path data must start with M or m, not %c", cmd)
		}
		started = true
		if err := r.segment(cmd); err != nil {
			return r.out, err
		}
		r.last = cmd
		r.p.sep()
	}
	return r.out, nil
}

// pathReader is pathData's state: the path so far and the points the
// next command starts from.
type pathReader struct {
	p              *scanner
	out            layout.Path
	cx, cy, sx, sy float64 // current point, start of the subpath
	qx, qy, kx, ky float64 // last quadratic and cubic control points
	last           byte    // the previous command
}

// command reads the next command letter, or repeats cmd when numbers
// follow it (a moveto repeated is a lineto).
func (r *pathReader) command(cmd byte) (byte, error) {
	p := r.p
	c := p.s[p.i]
	switch {
	case c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z':
		p.i++
		p.space()
		return c, nil
	case cmd == 0:
		return cmd, fmt.Errorf("path data must start with a command (M), not %q", c)
	case cmd == 'Z' || cmd == 'z':
		return cmd, fmt.Errorf("a command is expected at column %d, after Z", p.i+1)
	case cmd == 'M':
		return 'L', nil
	case cmd == 'm':
		return 'l', nil
	}
	return cmd, nil
}

// segment reads the numbers of one command and adds its segment; a
// lower-case command is relative to the current point.
func (r *pathReader) segment(cmd byte) error {
	ox, oy := 0.0, 0.0
	if cmd >= 'a' {
		ox, oy = r.cx, r.cy
	}
	switch cmd | 0x20 {
	case 'm', 'l', 'h', 'v':
		return r.line(cmd|0x20, ox, oy)
	case 'c', 's', 'q', 't':
		return r.curve(cmd|0x20, ox, oy)
	case 'a':
		return r.arc(ox, oy)
	case 'z':
		r.closePath()
		return nil
	}
	return fmt.Errorf("unknown path command %q", cmd)
}

// line reads a moveto, lineto, horizontal or vertical lineto (cmd in
// lower case) from the origin ox, oy.
func (r *pathReader) line(cmd byte, ox, oy float64) error {
	var v [2]float64
	var err error
	switch cmd {
	case 'm', 'l':
		if err = r.p.numbers(v[:2]); err != nil {
			return err
		}
		r.cx, r.cy = ox+v[0], oy+v[1]
		if cmd == 'l' {
			r.out.LineTo(r.cx, r.cy)
			return nil
		}
		r.sx, r.sy = r.cx, r.cy
		r.out.MoveTo(r.cx, r.cy)
	case 'h':
		if v[0], err = r.p.number(); err != nil {
			return err
		}
		r.cx = ox + v[0]
		r.out.LineTo(r.cx, r.cy)
	default: // 'v'
		if v[0], err = r.p.number(); err != nil {
			return err
		}
		r.cy = oy + v[0]
		r.out.LineTo(r.cx, r.cy)
	}
	return nil
}

// curve reads a cubic or quadratic Bézier, or its smooth form (cmd in
// lower case), from the origin ox, oy; a smooth curve reflects the last
// control point when the previous command was of its kind.
func (r *pathReader) curve(cmd byte, ox, oy float64) error {
	var v [6]float64
	n := 4 // s and q
	switch cmd {
	case 'c':
		n = 6
	case 't':
		n = 2
	}
	if err := r.p.numbers(v[:n]); err != nil {
		return err
	}
	cx, cy, last := r.cx, r.cy, r.last|0x20
	switch cmd {
	case 'c':
		r.kx, r.ky = ox+v[2], oy+v[3]
		r.out.CubicTo(ox+v[0], oy+v[1], r.kx, r.ky, ox+v[4], oy+v[5])
		r.cx, r.cy = ox+v[4], oy+v[5]
	case 's':
		x1, y1 := cx, cy
		if last == 'c' || last == 's' {
			x1, y1 = 2*cx-r.kx, 2*cy-r.ky
		}
		r.kx, r.ky = ox+v[0], oy+v[1]
		r.out.CubicTo(x1, y1, r.kx, r.ky, ox+v[2], oy+v[3])
		r.cx, r.cy = ox+v[2], oy+v[3]
	case 'q':
		r.qx, r.qy = ox+v[0], oy+v[1]
		r.cx, r.cy = quad(&r.out, cx, cy, r.qx, r.qy, ox+v[2], oy+v[3])
	default: // 't'
		if last == 'q' || last == 't' {
			r.qx, r.qy = 2*cx-r.qx, 2*cy-r.qy
		} else {
			r.qx, r.qy = cx, cy
		}
		r.cx, r.cy = quad(&r.out, cx, cy, r.qx, r.qy, ox+v[0], oy+v[1])
	}
	return nil
}

// arc reads an elliptical arc from the origin ox, oy: radii, rotation,
// the large-arc and sweep flags, and the end point.
func (r *pathReader) arc(ox, oy float64) error {
	p := r.p
	var v [5]float64
	if err := p.numbers(v[:3]); err != nil {
		return err
	}
	var large, sweep bool
	var err error
	p.sep()
	if large, err = p.flag(); err != nil {
		return err
	}
	p.sep()
	if sweep, err = p.flag(); err != nil {
		return err
	}
	p.sep()
	if err = p.numbers(v[3:5]); err != nil {
		return err
	}
	x, y := ox+v[3], oy+v[4]
	arc(&r.out, r.cx, r.cy, v[0], v[1], v[2], large, sweep, x, y)
	r.cx, r.cy = x, y
	return nil
}

// closePath closes the subpath; a command after Z without M starts at the
// subpath's start.
func (r *pathReader) closePath() {
	r.out.Close()
	r.cx, r.cy = r.sx, r.sy
	p := r.p
	p.space()
	if d := p.s; p.i < len(d) && d[p.i] != 'M' && d[p.i] != 'm' && (d[p.i]|0x20) >= 'a' && (d[p.i]|0x20) <= 'z' {
		r.out.MoveTo(r.cx, r.cy)
	}
}

// quad adds a quadratic curve as the cubic it is.
func quad(p *layout.Path, x0, y0, qx, qy, x, y float64) (float64, float64) {
	p.CubicTo(x0+2.0/3*(qx-x0), y0+2.0/3*(qy-y0), x+2.0/3*(qx-x), y+2.0/3*(qy-y), x, y)
	return x, y
}

// arc adds an elliptical arc from (x1, y1) to (x2, y2) as cubic curves of
// at most a quarter turn each (SVG 1.1, appendix F.6: endpoint to centre
// parameterisation).
func arc(p *layout.Path, x1, y1, rx, ry, phiDeg float64, large, sweep bool, x2, y2 float64) {
	if x1 == x2 && y1 == y2 {
		return
	}
	rx, ry = math.Abs(rx), math.Abs(ry)
	if rx == 0 || ry == 0 {
		p.LineTo(x2, y2)
		return
	}
	sin, cos := math.Sincos(phiDeg * math.Pi / 180)
	dx, dy := (x1-x2)/2, (y1-y2)/2
	x1p, y1p := cos*dx+sin*dy, -sin*dx+cos*dy
	if l := x1p*x1p/(rx*rx) + y1p*y1p/(ry*ry); l > 1 {
		rx, ry = rx*math.Sqrt(l), ry*math.Sqrt(l)
	}
	num := rx*rx*ry*ry - rx*rx*y1p*y1p - ry*ry*x1p*x1p
	den := rx*rx*y1p*y1p + ry*ry*x1p*x1p
	co := math.Sqrt(math.Max(0, num/den))
	if large == sweep {
		co = -co
	}
	cxp, cyp := co*rx*y1p/ry, -co*ry*x1p/rx
	cx, cy := cos*cxp-sin*cyp+(x1+x2)/2, sin*cxp+cos*cyp+(y1+y2)/2
	angle := func(ux, uy, vx, vy float64) float64 { return math.Atan2(ux*vy-uy*vx, ux*vx+uy*vy) }
	ux, uy := (x1p-cxp)/rx, (y1p-cyp)/ry
	vx, vy := (-x1p-cxp)/rx, (-y1p-cyp)/ry
	t1 := angle(1, 0, ux, uy)
	dt := angle(ux, uy, vx, vy)
	if !sweep && dt > 0 {
		dt -= 2 * math.Pi
	} else if sweep && dt < 0 {
		dt += 2 * math.Pi
	}
	if math.IsNaN(cx+cy+t1+dt) || math.IsInf(cx+cy+t1+dt, 0) {
		p.LineTo(x2, y2)
		return
	}
	n := int(math.Ceil(math.Abs(dt)/(math.Pi/2) - 1e-9))
	n = max(n, 1)
	step := dt / float64(n)
	k := 4.0 / 3 * math.Tan(step/4)
	at := func(ex, ey float64) (float64, float64) {
		return cx + rx*cos*ex - ry*sin*ey, cy + rx*sin*ex + ry*cos*ey
	}
	a0 := t1
	for i := range n {
		a1 := t1 + step*float64(i+1)
		s0, c0 := math.Sincos(a0)
		s1, c1 := math.Sincos(a1)
		ax, ay := at(c0-k*s0, s0+k*c0)
		bx, by := at(c1+k*s1, s1-k*c1)
		ex, ey := at(c1, s1)
		if i == n-1 {
			ex, ey = x2, y2
		}
		p.CubicTo(ax, ay, bx, by, ex, ey)
		a0 = a1
	}
}

// pointList reads the points attribute of polyline and polygon.
func pointList(s string) ([]layout.Point, error) {
	v, err := numberList(s)
	if err != nil {
		return nil, err
	}
	if len(v)%2 != 0 {
		return nil, fmt.Errorf("an odd number of coordinates (%d)", len(v))
	}
	pts := make([]layout.Point, len(v)/2)
	for i := range pts {
		pts[i] = layout.Point{X: v[2*i], Y: v[2*i+1]}
	}
	return pts, nil
}

// numberList reads numbers separated by white space and/or commas.
func numberList(s string) ([]float64, error) {
	p := &scanner{s: s}
	var out []float64
	p.space()
	for p.i < len(s) {
		v, err := p.number()
		if err != nil {
			return nil, err
		}
		out = append(out, v)
		p.sep()
	}
	return out, nil
}

// transformList reads a transform attribute: matrix, translate, scale,
// rotate, skewX and skewY, applied right to left.
func transformList(s string) (layout.Affine, error) {
	p := &scanner{s: s}
	m := layout.Identity
	for {
		p.sep()
		if p.i >= len(s) {
			return m, nil
		}
		start := p.i
		for p.i < len(s) && (s[p.i]|0x20) >= 'a' && (s[p.i]|0x20) <= 'z' {
			p.i++
		}
		name := s[start:p.i]
		p.space()
		if p.i >= len(s) || s[p.i] != '(' {
			return m, fmt.Errorf("%s: a transform such as translate(10, 20) is expected at column %d", cards.Excerpt(s), start+1)
		}
		p.i++
		p.space()
		var v []float64
		for p.i < len(s) && s[p.i] != ')' {
			x, err := p.number()
			if err != nil {
				return m, fmt.Errorf("%s: %w", cards.Excerpt(s), err)
			}
			v = append(v, x)
			p.sep()
		}
		if p.i >= len(s) {
			return m, fmt.Errorf("%s: ) is missing", cards.Excerpt(s))
		}
		p.i++
		t, err := transform(name, v)
		if err != nil {
			return m, fmt.Errorf("%s: %w", cards.Excerpt(s), err)
		}
		m = t.Then(m)
	}
}

func transform(name string, v []float64) (layout.Affine, error) {
	n := len(v)
	bad := func(want string) (layout.Affine, error) {
		return layout.Affine{}, fmt.Errorf("%s takes %s, not %d", name, want, n)
	}
	switch name {
	case "matrix":
		if n != 6 {
			return bad("6 numbers")
		}
		return layout.Affine{A: v[0], B: v[1], C: v[2], D: v[3], E: v[4], F: v[5]}, nil
	case "translate":
		if n == 1 {
			return layout.Translate(v[0], 0), nil
		}
		if n == 2 {
			return layout.Translate(v[0], v[1]), nil
		}
		return bad("1 or 2 numbers")
	case "scale":
		if n == 1 {
			return layout.Scale(v[0], v[0]), nil
		}
		if n == 2 {
			return layout.Scale(v[0], v[1]), nil
		}
		return bad("1 or 2 numbers")
	case "rotate":
		if n == 1 {
			return layout.Rotate(v[0]), nil
		}
		if n == 3 {
			return layout.Translate(-v[1], -v[2]).Then(layout.Rotate(v[0])).Then(layout.Translate(v[1], v[2])), nil
		}
		return bad("1 or 3 numbers")
	case "skewX":
		if n != 1 {
			return bad("1 number")
		}
		return layout.Affine{A: 1, C: math.Tan(v[0] * math.Pi / 180), D: 1}, nil
	case "skewY":
		if n != 1 {
			return bad("1 number")
		}
		return layout.Affine{A: 1, B: math.Tan(v[0] * math.Pi / 180), D: 1}, nil
	}
	return layout.Affine{}, fmt.Errorf("unknown transform %s", cards.Excerpt(name))
}
