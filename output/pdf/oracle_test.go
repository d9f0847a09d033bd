package pdf

// The oracle: deckpress's PDF writer as it was when fpdf drew every
// page, kept to state what fpdf writes for deckpress's calls. Render's
// own page contents must be its bytes.

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"

	"codeberg.org/go-pdf/fpdf"
	"golang.org/x/image/font/gofont/gomono"

	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/templates/draw"
	"github.com/deckpress/deckpress/templates/typeset"
)

// fpdfRender draws doc with fpdf, page by page, and finishes the file.
func fpdfRender(t *testing.T, doc *draw.Document) []byte {
	t.Helper()
	w := newFpdfWriter(doc.Title, doc.Sides)
	draw.Draw(w, doc)
	var buf bytes.Buffer
	if err := w.pdf.Output(&buf); err != nil {
		t.Fatal(err)
	}
	names := map[string]string{}
	for _, f := range w.fonts {
		names["utf8"+f.key] = subsetName(f.id, f.runes.sorted())
	}
	var out bytes.Buffer
	if err := finish(&out, buf.Bytes(), viewerPreferences(w.sides), names, minorVersion, "", nil); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// Writer draws a document into a PDF. Create it with New.
type fpdfWriter struct {
	pdf    *fpdf.Fpdf
	sides  draw.Sides
	pageH  float64              // current page height, mm
	fonts  map[string]*fpdfFont // by typeset.Font ID
	images map[string]bool
}

// font is an embedded font: the family key fpdf knows it by (fpdf names
// it "utf8" and the key) and the characters drawn in it, its subset.
type fpdfFont struct {
	id, key string
	runes   runeSet
}

var _ draw.Canvas = (*fpdfWriter)(nil)

// New returns a writer for a document with the given title, printed as
// sides says.
func newFpdfWriter(title string, sides draw.Sides) *fpdfWriter {
	p := fpdf.NewCustom(&fpdf.InitType{UnitStr: "mm", Size: fpdf.SizeType{Wd: 210, Ht: 297}})
	p.SetCreationDate(fixedDate)
	p.SetModificationDate(fixedDate)
	p.SetCatalogSort(true)
	p.SetCompression(false) // finish compresses, as fpdf would
	p.SetProducer("deckpress", false)
	p.SetCreator("deckpress", false)
	p.SetTitle(title, true)
	p.SetAutoPageBreak(false, 0)
	p.SetMargins(0, 0, 0)
	return &fpdfWriter{pdf: p, sides: sides, fonts: map[string]*fpdfFont{}, images: map[string]bool{}}
}

// BeginPage starts a page of the given size (and trim box).
func (w *fpdfWriter) BeginPage(size layout.Size, trim *layout.Rect) {
	w.pdf.AddPageFormat("P", fpdf.SizeType{Wd: size.W, Ht: size.H})
	w.pageH = size.H
	if trim != nil {
		w.pdf.SetPageBox("TrimBox", trim.X, trim.Y, trim.W, trim.H)
		w.pdf.SetPageBox("BleedBox", 0, 0, size.W, size.H)
	}
}

// Save pushes the graphics state.
func (w *fpdfWriter) Save() { w.pdf.TransformBegin() }

// Restore pops the graphics state.
func (w *fpdfWriter) Restore() { w.pdf.TransformEnd() }

// Transform concatenates m, converting it from y-down millimetres into
// PDF's y-up points: the PDF matrix is S·m·S⁻¹ with S(x, y) = (k·x, k·(H−y)).
func (w *fpdfWriter) Transform(m layout.Affine) {
	h := w.pageH
	w.pdf.Transform(fpdf.TransformMatrix{
		A: m.A, B: -m.B, C: -m.C, D: m.D,
		E: k * (m.C*h + m.E),
		F: k * (h - m.D*h - m.F),
	})
}

// Clip intersects the clip region with p.
func (w *fpdfWriter) Clip(p layout.Path) {
	var b strings.Builder
	w.writePath(&b, p)
	b.WriteString("W n\n")
	w.pdf.RawWriteStr(b.String())
}

// writePath writes p as PDF path operators in points.
func (w *fpdfWriter) writePath(b *strings.Builder, p layout.Path) {
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

func fpdfRGB(c draw.Colour) string {
	return draw.Num(float64(c.R)/255) + " " + draw.Num(float64(c.G)/255) + " " + draw.Num(float64(c.B)/255)
}

// alpha sets a constant opacity inside a saved state; it reports whether
// a state was saved.
func (w *fpdfWriter) alpha(cs ...draw.Colour) bool {
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
func (w *fpdfWriter) Path(op *draw.PathOp) {
	fill, stroke := op.Fill.Visible(), op.Stroke.Visible() && op.Width > 0
	if !fill && !stroke {
		return
	}
	saved := w.alpha(op.Fill, op.Stroke)
	var b strings.Builder
	if fill {
		b.WriteString(fpdfRGB(op.Fill) + " rg\n")
	}
	if stroke {
		b.WriteString(fpdfRGB(op.Stroke) + " RG\n" + draw.Num(op.Width*k) + " w\n")
		if op.Cap != draw.CapButt || op.Join != draw.JoinMiter {
			fmt.Fprintf(&b, "%d J %d j\n", op.Cap, op.Join)
		}
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
	if stroke && (op.Cap != draw.CapButt || op.Join != draw.JoinMiter) {
		b.WriteString("0 J 0 j\n")
	}
	w.pdf.RawWriteStr(b.String())
	if saved {
		w.Restore()
	}
}

// Text draws a run of text; the font is embedded on first use, as a
// subset of the characters drawn in it.
func (w *fpdfWriter) Text(op *draw.TextOp) {
	if !op.Colour.Visible() || op.Text == "" {
		return
	}
	f := w.fonts[op.Font.ID()]
	if f == nil {
		// fpdf lowercases family keys and writes them into PDF names
		// unescaped: give it a plain key of its own
		f = &fpdfFont{id: op.Font.ID(), key: fmt.Sprintf("f%d", len(w.fonts))}
		w.pdf.AddUTF8FontFromBytes(f.key, "", bytes.Clone(op.Font.TrueType())) // as Render does
		w.fonts[op.Font.ID()] = f
	}
	for _, r := range op.Text {
		f.runes.add(r)
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
func (w *fpdfWriter) Image(op *draw.ImageOp) {
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

// picture is a w × h picture of one colour, for the oracle's documents;
// a paletted one when paletted is set.
func testPictureOf(t *testing.T, id string, w, h int, c color.Color, paletted bool) *draw.Image {
	t.Helper()
	var img image.Image
	if paletted {
		p := image.NewPaletted(image.Rect(0, 0, w, h), color.Palette{color.Black, c})
		for i := range p.Pix {
			p.Pix[i] = uint8(i % 2)
		}
		img = p
	} else {
		rgba := image.NewNRGBA(image.Rect(0, 0, w, h))
		for y := range h {
			for x := range w {
				rgba.Set(x, y, c)
			}
		}
		img = rgba
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return &draw.Image{ID: id, PNG: buf.Bytes(), W: w, H: h}
}

// TestContentsAreFpdfs: for documents that use every operation of the
// canvas — fills, strokes, dashes, caps and joins, even-odd fills, clips, transforms,
// opacity, text in several fonts, sizes and colours (grey and not), with
// characters that need escaping and characters of two and three UTF-8
// bytes, pictures (opaque, translucent, paletted) in and out of the page,
// pages of several sizes with and without trim boxes — Render writes the
// bytes fpdf writes when it draws every page itself.
func TestContentsAreFpdfs(t *testing.T) {
	fonts := typeset.NewFontSet()
	sans, mono := fonts.Fallback, mustFamily(t, fonts, "mono")
	black := draw.Colour{A: 255}
	red := draw.Colour{R: 200, G: 30, B: 40, A: 255}
	grey := draw.Colour{R: 128, G: 128, B: 128, A: 255}
	glass := draw.Colour{R: 20, G: 90, B: 200, A: 100}
	pic := testPictureOf(t, "a", 30, 20, color.NRGBA{R: 10, G: 200, B: 30, A: 255}, false)
	ghost := testPictureOf(t, "b", 31, 20, color.NRGBA{R: 10, G: 20, B: 230, A: 90}, false)
	pal := testPictureOf(t, "c", 32, 20, color.NRGBA{R: 250, G: 200, B: 30, A: 255}, true)
	path := layout.RoundedRectPath(layout.Rect{X: 2, Y: 3, W: 40, H: 50}, 4)
	card := &draw.Face{Ops: []draw.Op{
		&draw.PathOp{Path: path, Fill: red},
		&draw.PathOp{Path: path, Stroke: black, Width: 0.4, Dash: []float64{1, 0.5}},
		&draw.PathOp{Path: path, Fill: glass, Stroke: grey, Width: 1, EvenOdd: true},
		&draw.PathOp{Path: path, Stroke: red, Width: 0.8, Cap: draw.CapRound, Join: draw.JoinBevel, Dash: []float64{2, 1}},
		&draw.PathOp{Path: path, Fill: grey, Stroke: black, Width: 0.3, Join: draw.JoinRound},
		&draw.ClipOp{Path: layout.RectPath(layout.Rect{X: 5, Y: 5, W: 20, H: 20})},
		&draw.ImageOp{Image: pic, Box: layout.Rect{X: -3, Y: -2, W: 30, H: 20}},
		&draw.TextOp{Font: sans.Face(typeset.Bold), Size: 12, Colour: black, X: 4, Y: 10, Text: "Hero (1) \\ back"},
		&draw.EndClipOp{},
		&draw.TextOp{Font: sans.Face(typeset.Regular), Size: 7.5, Colour: grey, X: 4, Y: 30, Text: "Café → €5 — naïve"},
		&draw.TextOp{Font: mono.Face(typeset.Regular), Size: 0, Colour: glass, X: 4, Y: 40, Text: "carriage\rreturn"},
		&draw.TextOp{Font: sans.Face(typeset.Regular), Size: 9, Colour: draw.Colour{}, X: 4, Y: 45, Text: "invisible"},
		&draw.ImageOp{Image: ghost, Box: layout.Rect{X: 10, Y: 60, W: 10, H: 5}},
		&draw.ImageOp{Image: pal, Box: layout.Rect{X: 10, Y: 70, W: 10, H: 0}},
		&draw.ImageOp{Image: pal, Box: layout.Rect{X: 20, Y: 70, W: 8, H: 5}},
	}}
	plain := &draw.Face{Ops: []draw.Op{&draw.PathOp{Path: layout.RectPath(layout.Rect{W: 10, H: 10}), Stroke: black, Width: 0.2}}}
	trim := layout.Rect{X: 3, Y: 3, W: 63.5, H: 88.9}
	tests := []struct {
		name string
		doc  *draw.Document
	}{
		{"nothing drawn", &draw.Document{Title: "empty", Pages: []draw.Page{{Size: layout.Size{W: 100, H: 100}}}}},
		{"no pages", &draw.Document{Title: "none"}},
		{"a font again", &draw.Document{Title: "again", Pages: []draw.Page{{Size: layout.Size{W: 100, H: 100}, Layers: []draw.Layer{{Transform: layout.Identity, Face: card}}}}}},
		{"paths only", &draw.Document{Title: "p", Sides: draw.LongEdge, Pages: []draw.Page{
			{Size: layout.Size{W: 210, H: 297}, Layers: []draw.Layer{{Transform: layout.Identity, Face: plain}}},
			{Size: layout.Size{W: 297, H: 210}, Layers: []draw.Layer{{Transform: layout.Translate(5, 5), Face: plain}}},
		}}},
		{"everything", &draw.Document{Title: "Deck (test) é", Sides: draw.ShortEdge, Pages: []draw.Page{
			{Size: layout.Size{W: 210, H: 297}, Layers: []draw.Layer{
				{Transform: layout.Translate(10, 20), Clip: &layout.Rect{X: -1, Y: -1, W: 45, H: 60}, Face: card},
				{Transform: layout.Rotate(90).Then(layout.Translate(150, 20)), Face: card},
				{Transform: layout.Identity, Face: plain},
			}},
			{Size: layout.Size{W: 69.5, H: 94.9}, Trim: &trim, Layers: []draw.Layer{{Transform: layout.Scale(1.1, 0.9), Face: card}}},
			{Size: layout.Size{W: 69.5, H: 94.9}, Trim: &trim, Layers: []draw.Layer{{Transform: layout.Identity, Face: plain}}},
			{Size: layout.Size{W: 210, H: 297}, Layers: []draw.Layer{{Transform: layout.Translate(100, 100), Face: card}}},
		}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want := fpdfRender(t, tt.doc)
			got, err := renderBytes(tt.doc)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("Render wrote %d bytes that differ from fpdf's %d; first difference at byte %d", len(got), len(want), firstDifference(got, want))
			}
		})
	}
}

func mustFamily(t *testing.T, fs *typeset.FontSet, name string) *typeset.Family {
	t.Helper()
	fam, _, err := fs.Resolve(name)
	if err != nil {
		t.Fatal(err)
	}
	return fam
}

func firstDifference(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// TestCoresDoNotChangeTheFile: the file is the same bytes written on one
// core as on several.
func TestCoresDoNotChangeTheFile(t *testing.T) {
	face := &draw.Face{Ops: []draw.Op{&draw.TextOp{Font: typeset.NewFontSet().Fallback.Face(typeset.Regular), Size: 9, Colour: draw.Colour{A: 255}, X: 2, Y: 5, Text: "page"}}}
	var pages []draw.Page
	for i := range 40 {
		pages = append(pages, draw.Page{Size: layout.Size{W: 100 + float64(i%3), H: 150}, Layers: []draw.Layer{{Transform: layout.Translate(float64(i), 0), Face: face}}})
	}
	doc := &draw.Document{Title: "cores", Pages: pages}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	one, err := renderBytes(doc)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{2, 3, 8} {
		runtime.GOMAXPROCS(n)
		many, err := renderBytes(doc)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(one, many) {
			t.Errorf("%d cores: %d bytes, differing from one core's %d at byte %d", n, len(many), len(one), firstDifference(many, one))
		}
	}
}

// TestSameFileAgain: the same document gives the same file however many
// were written before it in the process (fpdf changes the font data it
// is given: in go-mono, a metric of the first glyph changed from the
// second file on).
func TestSameFileAgain(t *testing.T) {
	mono, err := typeset.ParseFont("fresh-mono", bytes.Clone(gomono.TTF))
	if err != nil {
		t.Fatal(err)
	}
	face := &draw.Face{Ops: []draw.Op{&draw.TextOp{Font: mono, Size: 8, Colour: draw.Colour{A: 255}, X: 4, Y: 40, Text: "abc"}}}
	doc := &draw.Document{Pages: []draw.Page{{Size: layout.Size{W: 100, H: 100}, Layers: []draw.Layer{{Transform: layout.Identity, Face: face}}}}}
	first, err := renderBytes(doc)
	if err != nil {
		t.Fatal(err)
	}
	again, err := renderBytes(doc)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(first, again) {
		t.Errorf("the second file differs from the first at byte %d", firstDifference(again, first))
	}
}

// failingWriter accepts n bytes, then fails.
type failingWriter struct{ n int }

var errFull = errors.New("the disk is full")

func (w *failingWriter) Write(p []byte) (int, error) {
	if len(p) > w.n {
		n := w.n
		w.n = 0
		return n, errFull
	}
	w.n -= len(p)
	return len(p), nil
}

// TestRenderStopsOnAWriteError: a file that cannot be written is an
// error saying why, and the pages being written for it are given up (no
// goroutine is left waiting).
func TestRenderStopsOnAWriteError(t *testing.T) {
	face := &draw.Face{Ops: []draw.Op{&draw.PathOp{Path: layout.RectPath(layout.Rect{W: 10, H: 10}), Fill: draw.Colour{A: 255}}}}
	pages := make([]draw.Page, 2000) // more than the writer buffers
	for i := range pages {
		pages[i] = draw.Page{Size: layout.Size{W: 100, H: 100}, Layers: []draw.Layer{{Transform: layout.Translate(float64(i%50), 0), Face: face}}}
	}
	before := runtime.NumGoroutine()
	err := Render(&failingWriter{n: 100}, &draw.Document{Title: "full", Pages: pages})
	if !errors.Is(err, errFull) {
		t.Fatalf("got %v, want %v", err, errFull)
	}
	for range 100 {
		if runtime.NumGoroutine() <= before {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Errorf("%d goroutines left, %d before", runtime.NumGoroutine(), before)
}

// TestPageBoxesInOneOrder: a page with a trim box (and so a bleed box)
// gives the same bytes every time (fpdf writes a page's boxes from a map).
func TestPageBoxesInOneOrder(t *testing.T) {
	trim := layout.Rect{X: 3, Y: 3, W: 63.5, H: 88.9}
	var pages []draw.Page
	for range 8 {
		pages = append(pages, draw.Page{Size: layout.Size{W: 69.5, H: 94.9}, Trim: &trim})
	}
	doc := &draw.Document{Title: "boxes", Pages: pages}
	first, err := renderBytes(doc)
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`/BleedBox \[[^\]]*\]\n/TrimBox`).Match(first) {
		t.Errorf("the bleed box is not before the trim box:\n%s", first[:min(len(first), 600)])
	}
	for i := range 8 {
		again, err := renderBytes(doc)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(first, again) {
			t.Fatalf("file %d differs from the first at byte %d", i+2, firstDifference(again, first))
		}
	}
}
