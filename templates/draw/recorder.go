package draw

import (
	"bytes"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/deckpress/deckpress/layout"
)

// Recorder is a Canvas that writes every call as a line of stable text,
// for golden tests of templates and documents. Numbers keep at most three
// decimals.
type Recorder struct {
	strings.Builder
}

// BeginPage records a page.
func (r *Recorder) BeginPage(size layout.Size, trim *layout.Rect) {
	fmt.Fprintf(r, "page %sx%s", Num(size.W), Num(size.H))
	if trim != nil {
		fmt.Fprintf(r, " trim=%s,%s,%s,%s", Num(trim.X), Num(trim.Y), Num(trim.W), Num(trim.H))
	}
	r.WriteByte('\n')
}

// Save records a state push.
func (r *Recorder) Save() { r.WriteString("save\n") }

// Restore records a state pop.
func (r *Recorder) Restore() { r.WriteString("restore\n") }

// Transform records a transform.
func (r *Recorder) Transform(m layout.Affine) {
	fmt.Fprintf(r, "transform %s %s %s %s %s %s\n", Num(m.A), Num(m.B), Num(m.C), Num(m.D), Num(m.E), Num(m.F))
}

// Clip records a clip path.
func (r *Recorder) Clip(p layout.Path) { fmt.Fprintf(r, "clip %s\n", PathString(p)) }

// Path records a filled or stroked path.
func (r *Recorder) Path(op *PathOp) {
	fmt.Fprintf(r, "path fill=%s stroke=%s", paint(op.Fill), paint(op.Stroke))
	if op.Stroke.Visible() {
		fmt.Fprintf(r, " width=%s", Num(op.Width))
	}
	if len(op.Dash) > 0 {
		fmt.Fprintf(r, " dash=%s", nums(op.Dash))
	}
	if op.EvenOdd {
		r.WriteString(" evenodd")
	}
	if op.Cap != CapButt {
		fmt.Fprintf(r, " cap=%s", [...]string{"butt", "round", "square"}[op.Cap])
	}
	if op.Join != JoinMiter {
		fmt.Fprintf(r, " join=%s", [...]string{"miter", "round", "bevel"}[op.Join])
	}
	fmt.Fprintf(r, " %s\n", PathString(op.Path))
}

// Text records a text run.
func (r *Recorder) Text(op *TextOp) {
	fmt.Fprintf(r, "text %s %spt %s at %s,%s %q\n", op.Font.ID(), Num(op.Size), op.Colour, Num(op.X), Num(op.Y), op.Text)
}

// Image records a picture.
func (r *Recorder) Image(op *ImageOp) {
	fmt.Fprintf(r, "image %s %dx%dpx at %s,%s size %sx%s\n", op.Image.ID, op.Image.W, op.Image.H, Num(op.Box.X), Num(op.Box.Y), Num(op.Box.W), Num(op.Box.H))
}

func paint(c Colour) string {
	if !c.Visible() {
		return "none"
	}
	return c.String()
}

// Num formats a number with at most three decimals and without negative
// zero, as drawing dumps and PDF content streams write coordinates.
func Num(v float64) string { return string(AppendNum(nil, v)) }

// AppendNum appends v as Num formats it. It rounds v to thousandths in
// integer arithmetic, at half the cost of strconv's correctly rounded
// decimals (page contents are mostly numbers): v*1000 is correctly
// rounded, and below 2^52 every half integer is a float64, so the rounded
// product lies on the same side of a half as the exact one, or on it.
// Those on a half, the numbers beyond and what is not finite take
// appendNumExact.
func AppendNum(b []byte, v float64) []byte {
	m := v * 1000
	if !(math.Abs(m) < 1<<52) {
		return appendNumExact(b, v)
	}
	whole := math.Floor(m)
	frac := m - whole
	if frac == 0.5 {
		return appendNumExact(b, v)
	}
	n := int64(whole)
	if frac > 0.5 {
		n++
	}
	if n < 0 {
		b = append(b, '-')
		n = -n
	}
	b = strconv.AppendInt(b, n/1000, 10)
	if n%1000 == 0 {
		return b
	}
	d := n % 1000
	digits := [4]byte{'.', byte('0' + d/100), byte('0' + d/10%10), byte('0' + d%10)}
	k := len(digits)
	for digits[k-1] == '0' {
		k--
	}
	return append(b, digits[:k]...)
}

// appendNumExact is AppendNum through strconv's correctly rounded
// decimals.
func appendNumExact(b []byte, v float64) []byte {
	start := len(b)
	b = strconv.AppendFloat(b, v, 'f', 3, 64)
	b = bytes.TrimRight(b, "0") // a three-decimal number has a point: the integer part stays
	b = bytes.TrimSuffix(b, []byte("."))
	if string(b[start:]) == "-0" {
		b = append(b[:start], '0')
	}
	return b
}

func nums(vs []float64) string {
	s := make([]string, len(vs))
	for i, v := range vs {
		s[i] = Num(v)
	}
	return "[" + strings.Join(s, " ") + "]"
}

// PathString writes a path in SVG-like notation: M x,y L x,y C … Z.
func PathString(p layout.Path) string {
	var b strings.Builder
	i := 0
	pt := func() string {
		s := Num(p.Points[i].X) + "," + Num(p.Points[i].Y)
		i++
		return s
	}
	for k, v := range p.Verbs {
		if k > 0 {
			b.WriteByte(' ')
		}
		switch v {
		case layout.MoveTo:
			b.WriteString("M" + pt())
		case layout.LineTo:
			b.WriteString("L" + pt())
		case layout.CubicTo:
			b.WriteString("C" + pt() + " " + pt() + " " + pt())
		case layout.Close:
			b.WriteString("Z")
		}
	}
	return b.String()
}
