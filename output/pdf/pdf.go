// Package pdf is the PDF back end of deckpress, on top of fpdf.
//
// A [Writer] is an draw.Canvas that draws in millimetres. Transforms
// become PDF `cm` operators (converted from deckpress's y-down millimetres
// to PDF's y-up points), fonts are embedded as TrueType subsets, each
// picture is embedded once per content, and dates and resource order are
// fixed so that the same input gives the same bytes. The catalog carries
// viewer preferences, so that print dialogs default to actual size and to
// the document's duplex edge. fpdf has no hook for those, nor for the
// tagged names of subset fonts: finish rewrites its file for them.
package pdf

import (
	"bytes"
	"fmt"
	"strings"
	"time"

	"codeberg.org/go-pdf/fpdf"

	"github.com/deckpress/deckpress/layout"

	"github.com/deckpress/deckpress/templates/draw"
)

// fixedDate is written as the creation and modification date of every
// file, so that output is reproducible.
var fixedDate = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)

// k is points per millimetre.
const k = 72 / 25.4

// Writer draws a document into a PDF. Create it with New.
type Writer struct {
	pdf    *fpdf.Fpdf
	sides  draw.Sides
	pageH  float64          // current page height, mm
	fonts  map[string]*font // by typeset.Font ID
	images map[string]bool
}

// font is an embedded font: the family key fpdf knows it by (fpdf names
// it "utf8" and the key) and the characters drawn in it, its subset.
type font struct {
	id, key string
	runes   map[rune]bool
}

var _ draw.Canvas = (*Writer)(nil)

// New returns a writer for a document with the given title, printed as
// sides says.
func New(title string, sides draw.Sides) *Writer {
	p := fpdf.NewCustom(&fpdf.InitType{UnitStr: "mm", Size: fpdf.SizeType{Wd: 210, Ht: 297}})
	p.SetCreationDate(fixedDate)
	p.SetModificationDate(fixedDate)
	p.SetCatalogSort(true)
	p.SetCompression(true)
	p.SetProducer("deckpress", false)
	p.SetCreator("deckpress", false)
	p.SetTitle(title, true)
	p.SetAutoPageBreak(false, 0)
	p.SetMargins(0, 0, 0)
	return &Writer{pdf: p, sides: sides, fonts: map[string]*font{}, images: map[string]bool{}}
}

// Render draws a whole document and returns the PDF file.
func Render(doc *draw.Document) ([]byte, error) {
	w := New(doc.Title, doc.Sides)
	draw.Draw(w, doc)
	return w.Bytes()
}

// Bytes finishes the file and returns it.
func (w *Writer) Bytes() ([]byte, error) {
	var buf bytes.Buffer
	if err := w.pdf.Output(&buf); err != nil {
		return nil, fmt.Errorf("pdf: %w", err)
	}
	names := map[string]string{}
	for _, f := range w.fonts {
		names["utf8"+f.key] = subsetName(f.id, f.runes)
	}
	file, err := finish(buf.Bytes(), viewerPreferences(w.sides), names)
	if err != nil {
		return nil, fmt.Errorf("pdf: %w", err)
	}
	return file, nil
}

// BeginPage starts a page of the given size (and trim box).
func (w *Writer) BeginPage(size layout.Size, trim *layout.Rect) {
	w.pdf.AddPageFormat("P", fpdf.SizeType{Wd: size.W, Ht: size.H})
	w.pageH = size.H
	if trim != nil {
		w.pdf.SetPageBox("TrimBox", trim.X, trim.Y, trim.W, trim.H)
	}
}

// Save pushes the graphics state.
func (w *Writer) Save() { w.pdf.TransformBegin() }

// Restore pops the graphics state.
func (w *Writer) Restore() { w.pdf.TransformEnd() }

// Transform concatenates m, converting it from y-down millimetres into
// PDF's y-up points: the PDF matrix is S·m·S⁻¹ with S(x, y) = (k·x, k·(H−y)).
func (w *Writer) Transform(m layout.Affine) {
	h := w.pageH
	w.pdf.Transform(fpdf.TransformMatrix{
		A: m.A, B: -m.B, C: -m.C, D: m.D,
		E: k * (m.C*h + m.E),
		F: k * (h - m.D*h - m.F),
	})
}

// Clip intersects the clip region with p.
func (w *Writer) Clip(p layout.Path) {
	var b strings.Builder
	w.writePath(&b, p)
	b.WriteString("W n\n")
	w.pdf.RawWriteStr(b.String())
}

// writePath writes p as PDF path operators in points.
func (w *Writer) writePath(b *strings.Builder, p layout.Path) {
	i := 0
	pt := func() {
		b.WriteString(draw.Num(p.Points[i].X * k))
		b.WriteByte(' ')
		b.WriteString(draw.Num((w.pageH - p.Points[i].Y) * k))
		b.WriteByte(' ')
		i++
	}
	for _, v := range p.Verbs {
		switch v {
		case layout.MoveTo:
			pt()
			b.WriteString("m\n")
		case layout.LineTo:
			pt()
			b.WriteString("l\n")
		case layout.CubicTo:
			pt()
			pt()
			pt()
			b.WriteString("c\n")
		case layout.Close:
			b.WriteString("h\n")
		}
	}
}

func rgb(c draw.Colour) string {
	return draw.Num(float64(c.R)/255) + " " + draw.Num(float64(c.G)/255) + " " + draw.Num(float64(c.B)/255)
}

// alpha sets a constant opacity inside a saved state; it reports whether
// a state was saved.
func (w *Writer) alpha(cs ...draw.Colour) bool {
	a := uint8(255)
	for _, c := range cs {
		if c.Visible() && c.A < a {
			a = c.A
		}
	}
	if a == 255 {
		return false
	}
	w.Save()
	w.pdf.SetAlpha(float64(a)/255, "Normal")
	return true
}

// Path fills and/or strokes a path.
func (w *Writer) Path(op *draw.PathOp) {
	fill, stroke := op.Fill.Visible(), op.Stroke.Visible() && op.Width > 0
	if !fill && !stroke {
		return
	}
	saved := w.alpha(op.Fill, op.Stroke)
	var b strings.Builder
	if fill {
		b.WriteString(rgb(op.Fill) + " rg\n")
	}
	if stroke {
		b.WriteString(rgb(op.Stroke) + " RG\n" + draw.Num(op.Width*k) + " w\n")
		if len(op.Dash) > 0 {
			b.WriteString("[")
			for i, d := range op.Dash {
				if i > 0 {
					b.WriteByte(' ')
				}
				b.WriteString(draw.Num(d * k))
			}
			b.WriteString("] 0 d\n")
		}
	}
	w.writePath(&b, op.Path)
	switch {
	case fill && stroke && op.EvenOdd:
		b.WriteString("B*\n")
	case fill && stroke:
		b.WriteString("B\n")
	case fill && op.EvenOdd:
		b.WriteString("f*\n")
	case fill:
		b.WriteString("f\n")
	default:
		b.WriteString("S\n")
	}
	if stroke && len(op.Dash) > 0 {
		b.WriteString("[] 0 d\n")
	}
	w.pdf.RawWriteStr(b.String())
	if saved {
		w.Restore()
	}
}

// Text draws a run of text; the font is embedded on first use, as a
// subset of the characters drawn in it.
func (w *Writer) Text(op *draw.TextOp) {
	if !op.Colour.Visible() || op.Text == "" {
		return
	}
	f := w.fonts[op.Font.ID()]
	if f == nil {
		// fpdf lowercases family keys and writes them into PDF names
		// unescaped: give it a plain key of its own
		f = &font{id: op.Font.ID(), key: fmt.Sprintf("f%d", len(w.fonts)), runes: map[rune]bool{}}
		w.pdf.AddUTF8FontFromBytes(f.key, "", op.Font.TrueType())
		w.fonts[op.Font.ID()] = f
	}
	for _, r := range op.Text {
		f.runes[r] = true
	}
	saved := w.alpha(op.Colour)
	c := op.Colour
	w.pdf.SetTextColor(int(c.R), int(c.G), int(c.B))
	w.pdf.SetFillColor(int(c.R), int(c.G), int(c.B))
	w.pdf.SetFont(f.key, "", op.Size)
	w.pdf.Text(op.X, op.Y, op.Text)
	if saved {
		w.Restore()
	}
}

// Image draws a picture stretched to its box; each picture is embedded once.
// The box is drawn exactly, wherever it is: fpdf moves a picture at a
// negative x to its current x unless AllowNegativePosition is set (in card
// coordinates, a picture in the bleed starts at a negative x), and it reads
// a zero width or height as "from the picture's proportions", so an empty
// box draws nothing here, as it does in the PNG back end.
func (w *Writer) Image(op *draw.ImageOp) {
	if op.Box.W <= 0 || op.Box.H <= 0 {
		return
	}
	im := op.Image
	opts := fpdf.ImageOptions{ImageType: "png", AllowNegativePosition: true}
	if !w.images[im.ID] {
		w.pdf.RegisterImageOptionsReader(im.ID, opts, bytes.NewReader(im.PNG))
		w.images[im.ID] = true
	}
	w.pdf.ImageOptions(im.ID, op.Box.X, op.Box.Y, op.Box.W, op.Box.H, false, opts, 0, "")
}
