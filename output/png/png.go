// Package png is the raster back end of deckpress, on top of gg.
//
// A [Canvas] draws a page or a face into an image at a resolution. It
// keeps its own transform and hands gg device coordinates, draws text from
// the fonts' own glyph outlines at the positions the layout chose (so a
// PNG breaks lines exactly where the PDF does), and scales pictures with
// gg's bilinear transform.
package png

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	stdpng "image/png"
	"io"
	"math"
	"sync"

	"github.com/fogleman/gg"

	"github.com/deckpress/deckpress/layout"

	"github.com/deckpress/deckpress/templates/draw"
)

// Canvas draws into an RGBA image; one page at a time.
type Canvas struct {
	DPI   float64
	dc    *gg.Context
	m     layout.Affine // mm → device pixels
	mask  *image.Alpha  // the clip, nil: none
	stack []state
}

// state is what Save keeps: gg's own Push keeps the clip mask on Pop, so
// the canvas keeps transform and mask itself.
type state struct {
	m    layout.Affine
	mask *image.Alpha
}

var _ draw.Canvas = (*Canvas)(nil)

// New returns a canvas drawing at dpi pixels per inch.
func New(dpi float64) *Canvas { return &Canvas{DPI: dpi} }

// Result returns the page drawn so far.
func (c *Canvas) Result() image.Image {
	if c.dc == nil {
		return nil
	}
	return c.dc.Image()
}

// Encode returns the page as a PNG file.
func (c *Canvas) Encode() ([]byte, error) { return Encode(c.dc.Image()) }

// Encode returns an image as a PNG file.
func Encode(img image.Image) ([]byte, error) {
	var buf bytes.Buffer
	err := Write(&buf, img)
	return buf.Bytes(), err
}

// Write writes an image as a PNG file to w.
func Write(w io.Writer, img image.Image) error {
	return encoder.Encode(w, img)
}

// encoder encodes pages and faces, reusing its compressors: the standard
// library makes a new one (over a megabyte) for every image otherwise.
var encoder = &stdpng.Encoder{CompressionLevel: stdpng.BestSpeed, BufferPool: &buffers{}}

// buffers is a png.EncoderBufferPool for any number of goroutines.
type buffers struct{ pool sync.Pool }

func (p *buffers) Get() *stdpng.EncoderBuffer {
	b, _ := p.pool.Get().(*stdpng.EncoderBuffer)
	return b // nil: the encoder makes one
}

func (p *buffers) Put(b *stdpng.EncoderBuffer) { p.pool.Put(b) }

// MaxPixels is the most pixels an image drawn here may have: 64
// megapixels, 256 MB of RGBA (a face's clip takes as much again while it
// is drawn). A poker card at 1200 dpi has 12 megapixels, an A4 page at
// 600 dpi 35.
const MaxPixels = 64_000_000

// CheckSize returns an error when an image of size mm at dpi would have
// more than [MaxPixels] pixels, naming the size, its pixels and the
// highest dpi that fits; what asks for the image checks it before
// drawing.
func CheckSize(size layout.Size, dpi float64) error {
	pixels := func(dpi float64) (w, h int, ok bool) {
		c := New(dpi)
		w, h = c.Pixels(size.W), c.Pixels(size.H)
		return w, h, float64(w)*float64(h) <= MaxPixels
	}
	w, h, ok := pixels(dpi)
	if ok {
		return nil
	}
	fit := math.Floor(math.Sqrt(MaxPixels/(size.W*size.H)) * layout.MMPerInch)
	for _, _, ok := pixels(fit); !ok && fit > 1; _, _, ok = pixels(fit) {
		fit--
	}
	return fmt.Errorf("%s x %s mm at %s dpi is %d x %d pixels; the limit is %d megapixels, which %s dpi keeps to",
		draw.Num(size.W), draw.Num(size.H), draw.Num(dpi), w, h, MaxPixels/1_000_000, draw.Num(fit))
}

// Pixels returns the pixel size of a length in mm at the canvas's dpi,
// rounded to whole pixels.
func (c *Canvas) Pixels(mm float64) int { return int(math.Round(mm / layout.MMPerInch * c.DPI)) }

// BeginPage starts a white page.
func (c *Canvas) BeginPage(size layout.Size, trim *layout.Rect) {
	c.dc = gg.NewContext(c.Pixels(size.W), c.Pixels(size.H))
	c.dc.SetRGB(1, 1, 1)
	c.dc.Clear()
	k := c.DPI / layout.MMPerInch
	c.m = layout.Scale(k, k)
	c.mask = nil
	c.stack = c.stack[:0]
}

// Origin moves the drawing so that the point at (x, y) mm is the image's
// top-left corner; used to draw one face into an image of its own.
func (c *Canvas) Origin(x, y float64) {
	c.m = layout.Translate(-x, -y).Then(c.m)
}

// Save pushes the transform and the clip.
func (c *Canvas) Save() { c.stack = append(c.stack, state{c.m, c.mask}) }

// Restore pops them.
func (c *Canvas) Restore() {
	n := len(c.stack)
	if n == 0 {
		return
	}
	s := c.stack[n-1]
	c.stack = c.stack[:n-1]
	c.m, c.mask = s.m, s.mask
	if c.mask == nil {
		c.dc.ResetClip()
	} else {
		c.dc.SetMask(c.mask)
	}
}

// Transform applies m to what follows.
func (c *Canvas) Transform(m layout.Affine) { c.m = m.Then(c.m) }

// scale is the length in pixels of 1 mm under the current transform.
func (c *Canvas) scale() float64 { return math.Sqrt(math.Abs(c.m.Det())) }

// path hands a path to gg in device coordinates.
func (c *Canvas) path(p layout.Path, m layout.Affine) {
	c.dc.ClearPath()
	i := 0
	next := func() (float64, float64) {
		q := m.Apply(p.Points[i])
		i++
		return q.X, q.Y
	}
	for _, v := range p.Verbs {
		switch v {
		case layout.MoveTo:
			x, y := next()
			c.dc.MoveTo(x, y)
		case layout.LineTo:
			x, y := next()
			c.dc.LineTo(x, y)
		case layout.CubicTo:
			x1, y1 := next()
			x2, y2 := next()
			x, y := next()
			c.dc.CubicTo(x1, y1, x2, y2, x, y)
		case layout.Close:
			c.dc.ClosePath()
		}
	}
}

func rgba(col draw.Colour) color.NRGBA { return color.NRGBA{col.R, col.G, col.B, col.A} }

// Clip intersects the clip with a path.
func (c *Canvas) Clip(p layout.Path) {
	b := c.dc.Image().Bounds()
	mc := gg.NewContext(b.Dx(), b.Dy())
	saved := c.dc
	c.dc = mc
	c.path(p, c.m)
	c.dc = saved
	mc.SetRGBA(0, 0, 0, 1)
	mc.SetFillRuleWinding()
	mc.Fill()
	mask := mc.AsMask()
	if c.mask != nil {
		for i, a := range c.mask.Pix {
			mask.Pix[i] = min(mask.Pix[i], a)
		}
	}
	c.mask = mask
	c.dc.SetMask(mask)
}

// Path fills and/or strokes a path.
func (c *Canvas) Path(op *draw.PathOp) {
	if op.Fill.Visible() {
		c.path(op.Path, c.m)
		if op.EvenOdd {
			c.dc.SetFillRuleEvenOdd()
		} else {
			c.dc.SetFillRuleWinding()
		}
		c.dc.SetColor(rgba(op.Fill))
		c.dc.Fill()
	}
	if op.Stroke.Visible() && op.Width > 0 {
		c.path(op.Path, c.m)
		s := c.scale()
		dash := make([]float64, len(op.Dash))
		for i, d := range op.Dash {
			dash[i] = d * s
		}
		c.dc.SetDash(dash...)
		c.dc.SetLineWidth(math.Max(op.Width*s, 0.5))
		c.dc.SetLineCap([...]gg.LineCap{gg.LineCapButt, gg.LineCapRound, gg.LineCapSquare}[op.Cap])
		// gg has no mitre join: its round join is the nearer of its two
		c.dc.SetLineJoin([...]gg.LineJoin{gg.LineJoinRound, gg.LineJoinRound, gg.LineJoinBevel}[op.Join])
		c.dc.SetColor(rgba(op.Stroke))
		c.dc.Stroke()
		c.dc.SetDash()
	}
}

// Text fills the glyph outlines of a run, each at the advance the layout
// measured.
func (c *Canvas) Text(op *draw.TextOp) {
	if !op.Colour.Visible() {
		return
	}
	em := op.Size * layout.MMPerPoint
	var all layout.Path
	x := op.X
	for _, r := range op.Text {
		g := op.Font.Glyph(r)
		if len(g.Verbs) > 0 {
			all.Append(g.Transform(layout.Scale(em, em).Then(layout.Translate(x, op.Y))))
		}
		a, _ := op.Font.Advance(r)
		x += a * em
	}
	if len(all.Verbs) == 0 {
		return
	}
	c.path(all, c.m)
	c.dc.SetFillRuleWinding()
	c.dc.SetColor(rgba(op.Colour))
	c.dc.Fill()
}

// Image draws a picture stretched to its box.
func (c *Canvas) Image(op *draw.ImageOp) {
	im := op.Image.Pixels
	if im == nil {
		return
	}
	b := im.Bounds()
	// image pixels → the box in mm → device
	m := layout.Scale(op.Box.W/float64(b.Dx()), op.Box.H/float64(b.Dy())).Then(layout.Translate(op.Box.X, op.Box.Y)).Then(c.m)
	c.dc.Push()
	c.dc.Identity()
	// gg composes: translate, rotate, shear, scale (the last applied first)
	theta := math.Atan2(m.B, m.A)
	sx := math.Hypot(m.A, m.B)
	shear := (m.A*m.C + m.B*m.D) / sx
	sy := (m.A*m.D - m.B*m.C) / sx
	c.dc.Translate(m.E, m.F)
	c.dc.Rotate(theta)
	c.dc.Shear(shear/sy, 0)
	c.dc.Scale(sx, sy)
	c.dc.DrawImage(im, b.Min.X, b.Min.Y)
	c.dc.Pop()
}

// Face draws a face of a card alone: an image of its bleed box (card
// coordinates bleed inside out) at the canvas's dpi.
func Face(face *draw.Face, bleedBox layout.Rect, dpi float64) image.Image {
	c := New(dpi)
	c.BeginPage(layout.Size{W: bleedBox.W, H: bleedBox.H}, nil)
	c.Origin(bleedBox.X, bleedBox.Y)
	c.Save()
	c.Clip(layout.RectPath(bleedBox))
	draw.DrawFace(c, face)
	c.Restore()
	return c.Result()
}

// RoundCorners clears the corners of img outside a rounded rectangle of
// its own size whose corners have radius r pixels, as a corner rounder
// cuts a card: the pixels there become transparent, those on the arc
// partly (by 4 × 4 samples a pixel).
func RoundCorners(img *image.RGBA, r float64) {
	b := img.Bounds()
	r = math.Min(r, math.Min(float64(b.Dx()), float64(b.Dy()))/2)
	if r <= 0 {
		return
	}
	n := int(math.Ceil(r))
	// the share of pixel (x, y) of the top-left corner square inside the arc
	cover := func(x, y int) float64 {
		in := 0
		for i := range 4 {
			for j := range 4 {
				dx, dy := r-(float64(x)+(float64(i)+0.5)/4), r-(float64(y)+(float64(j)+0.5)/4)
				if dx <= 0 || dy <= 0 || dx*dx+dy*dy <= r*r {
					in++
				}
			}
		}
		return float64(in) / 16
	}
	for y := range n {
		for x := range n {
			k := cover(x, y)
			if k == 1 {
				continue
			}
			// the same share in the four corners, mirrored
			for _, p := range [4]image.Point{{b.Min.X + x, b.Min.Y + y}, {b.Max.X - 1 - x, b.Min.Y + y},
				{b.Min.X + x, b.Max.Y - 1 - y}, {b.Max.X - 1 - x, b.Max.Y - 1 - y}} {
				i := img.PixOffset(p.X, p.Y)
				for c := range 4 {
					img.Pix[i+c] = uint8(math.Round(float64(img.Pix[i+c]) * k))
				}
			}
		}
	}
}
