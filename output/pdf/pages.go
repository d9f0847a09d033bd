package pdf

import (
	"bytes"
	"compress/zlib"
	"runtime"
	"slices"
	"strconv"
	"sync"

	"github.com/deckpress/deckpress/layout"

	"github.com/deckpress/deckpress/templates/draw"
)

// The contents of a page are the bytes fpdf 0.12 writes for the calls
// deckpress made to it when fpdf drew every page: AddPageFormat (fpdf's
// page preamble: cap and join style, line width, the current font twice
// and both colours), TransformBegin and TransformEnd (q, Q), Transform
// (cm with five decimals), RawWriteStr (a path, and a line break),
// SetAlpha (gs), SetTextColor, SetFillColor and SetFont (rg or g with
// three decimals, Tf with two), Text (Td with two decimals, the text in
// UTF-16 as fpdf encodes and escapes it) and ImageOptions (cm with five
// decimals, Do). A new fpdf release may change them: the kits' files,
// built before and after, tell (README, "Speed").

// initialFill is fpdf's fill colour before any is set.
const initialFill = "0.000 g"

// pageWriter is a draw.Canvas that writes the contents of one page, as
// fpdf would, from the state the page starts in.
type pageWriter struct {
	plan  *plan // read only
	buf   []byte
	h     float64 // page height, mm
	now   state
	names []nameRef // the names left blank in buf
	fills fills
}

// nameRef is a font's or picture's name left blank in a page's contents,
// at byte at, to be filled in from name once fpdf has given it.
type nameRef struct {
	at   int
	name *string
}

// name leaves room for a font's or picture's name, filled in by fillNames.
func (w *pageWriter) name(name *string) {
	w.names = append(w.names, nameRef{at: len(w.buf), name: name})
	w.buf = append(w.buf, blankName[:]...)
}

// blankName holds a name's place.
var blankName = [nameLen]byte{}

// fillNames writes the names fpdf gave into contents written with refs.
func fillNames(contents []byte, refs []nameRef) {
	for _, r := range refs {
		copy(contents[r.at:r.at+nameLen], *r.name)
	}
}

var _ draw.Canvas = (*pageWriter)(nil)

// BeginPage writes fpdf's preamble.
func (w *pageWriter) BeginPage(size layout.Size, trim *layout.Rect) {
	w.h = size.H
	w.buf = append(w.buf, "0 J\n0 j\n0.57 w\n"...)
	w.fontLine()
	w.buf = append(w.buf, "0.000 G\n"...)
	w.buf = append(w.buf, w.now.fill...)
	w.buf = append(w.buf, '\n')
	w.fontLine()
}

// fontLine selects the current font, if there is one.
func (w *pageWriter) fontLine() {
	if w.now.font == nil {
		return
	}
	w.buf = append(w.buf, "BT /F"...)
	w.name(&w.now.font.name)
	w.buf = append(w.buf, ' ')
	w.buf = strconv.AppendFloat(w.buf, w.now.size, 'f', 2, 64)
	w.buf = append(w.buf, " Tf ET\n"...)
}

// Save pushes the graphics state.
func (w *pageWriter) Save() { w.buf = append(w.buf, "q\n"...) }

// Restore pops the graphics state.
func (w *pageWriter) Restore() { w.buf = append(w.buf, "Q\n"...) }

// Transform concatenates m, converting it from y-down millimetres into
// PDF's y-up points: the PDF matrix is S·m·S⁻¹ with S(x, y) = (k·x, k·(H−y)).
func (w *pageWriter) Transform(m layout.Affine) {
	h := w.h
	for _, v := range [6]float64{m.A, -m.B, -m.C, m.D, k * (m.C*h + m.E), k * (h - m.D*h - m.F)} {
		w.buf = strconv.AppendFloat(w.buf, v, 'f', 5, 64)
		w.buf = append(w.buf, ' ')
	}
	w.buf = append(w.buf, "cm\n"...)
}

// Clip intersects the clip region with p.
func (w *pageWriter) Clip(p layout.Path) {
	w.writePath(p)
	w.buf = append(w.buf, "W n\n\n"...)
}

// num writes v as draw.Num does.
func (w *pageWriter) num(v float64) {
	w.buf = draw.AppendNum(w.buf, v)
}

// writePath writes p as PDF path operators in points.
func (w *pageWriter) writePath(p layout.Path) {
	i := 0
	pt := func() {
		w.num(p.Points[i].X * k)
		w.buf = append(w.buf, ' ')
		w.num((w.h - p.Points[i].Y) * k)
		w.buf = append(w.buf, ' ')
		i++
	}
	for _, v := range p.Verbs {
		switch v {
		case layout.MoveTo:
			pt()
			w.buf = append(w.buf, "m\n"...)
		case layout.LineTo:
			pt()
			w.buf = append(w.buf, "l\n"...)
		case layout.CubicTo:
			pt()
			pt()
			pt()
			w.buf = append(w.buf, "c\n"...)
		case layout.Close:
			w.buf = append(w.buf, "h\n"...)
		}
	}
}

// rgb writes a colour's components for rg and RG.
func (w *pageWriter) rgb(c draw.Colour) {
	w.num(float64(c.R) / 255)
	w.buf = append(w.buf, ' ')
	w.num(float64(c.G) / 255)
	w.buf = append(w.buf, ' ')
	w.num(float64(c.B) / 255)
}

// alpha sets a constant opacity inside a saved state; it reports whether
// a state was saved.
func (w *pageWriter) alpha(cs ...draw.Colour) bool {
	a, ok := opacity(cs)
	if !ok {
		return false
	}
	w.Save()
	w.buf = append(w.buf, "/GS"...)
	w.buf = strconv.AppendInt(w.buf, int64(w.plan.alphas[a]), 10)
	w.buf = append(w.buf, " gs\n"...)
	return true
}

// Path fills and/or strokes a path.
func (w *pageWriter) Path(op *draw.PathOp) {
	fill, stroke := op.Fill.Visible(), op.Stroke.Visible() && op.Width > 0
	if !fill && !stroke {
		return
	}
	saved := w.alpha(op.Fill, op.Stroke)
	if fill {
		w.rgb(op.Fill)
		w.buf = append(w.buf, " rg\n"...)
	}
	if stroke {
		w.rgb(op.Stroke)
		w.buf = append(w.buf, " RG\n"...)
		w.num(op.Width * k)
		w.buf = append(w.buf, " w\n"...)
		if op.Cap != draw.CapButt || op.Join != draw.JoinMiter {
			w.buf = strconv.AppendInt(w.buf, int64(op.Cap), 10)
			w.buf = append(w.buf, " J "...)
			w.buf = strconv.AppendInt(w.buf, int64(op.Join), 10)
			w.buf = append(w.buf, " j\n"...)
		}
		if len(op.Dash) > 0 {
			w.buf = append(w.buf, '[')
			for i, d := range op.Dash {
				if i > 0 {
					w.buf = append(w.buf, ' ')
				}
				w.num(d * k)
			}
			w.buf = append(w.buf, "] 0 d\n"...)
		}
	}
	w.writePath(op.Path)
	switch {
	case fill && stroke && op.EvenOdd:
		w.buf = append(w.buf, "B*\n"...)
	case fill && stroke:
		w.buf = append(w.buf, "B\n"...)
	case fill && op.EvenOdd:
		w.buf = append(w.buf, "f*\n"...)
	case fill:
		w.buf = append(w.buf, "f\n"...)
	default:
		w.buf = append(w.buf, "S\n"...)
	}
	if stroke && len(op.Dash) > 0 {
		w.buf = append(w.buf, "[] 0 d\n"...)
	}
	if stroke && (op.Cap != draw.CapButt || op.Join != draw.JoinMiter) {
		w.buf = append(w.buf, "0 J 0 j\n"...)
	}
	w.buf = append(w.buf, '\n')
	if saved {
		w.Restore()
	}
}

// Text draws a run of text in its font: the text and fill colours set
// (the same, so fpdf writes no colour of its own for the text), the font
// selected, and the run placed.
func (w *pageWriter) Text(op *draw.TextOp) {
	if !op.Colour.Visible() || op.Text == "" {
		return
	}
	saved := w.alpha(op.Colour)
	w.now.fill = w.fills.of(op.Colour)
	w.buf = append(w.buf, w.now.fill...)
	w.buf = append(w.buf, '\n')
	w.now.font = w.plan.byFont[op.Font.ID()]
	if op.Size != 0 {
		w.now.size = op.Size
	}
	w.fontLine()
	w.buf = append(w.buf, "BT "...)
	w.buf = strconv.AppendFloat(w.buf, op.X*k, 'f', 2, 64)
	w.buf = append(w.buf, ' ')
	w.buf = strconv.AppendFloat(w.buf, (w.h-op.Y)*k, 'f', 2, 64)
	w.buf = append(w.buf, " Td ("...)
	w.buf = appendText(w.buf, op.Text)
	w.buf = append(w.buf, ") Tj ET\n"...)
	if saved {
		w.Restore()
	}
}

// Image draws a picture stretched to its box, exactly, wherever it is; an
// empty box draws nothing, as in the PNG back end (fpdf would read a zero
// width or height as "from the picture's proportions").
func (w *pageWriter) Image(op *draw.ImageOp) {
	b := op.Box
	if b.W <= 0 || b.H <= 0 {
		return
	}
	w.buf = append(w.buf, "q "...)
	w.buf = strconv.AppendFloat(w.buf, b.W*k, 'f', 5, 64)
	w.buf = append(w.buf, " 0 0 "...)
	w.buf = strconv.AppendFloat(w.buf, b.H*k, 'f', 5, 64)
	w.buf = append(w.buf, ' ')
	w.buf = strconv.AppendFloat(w.buf, b.X*k, 'f', 5, 64)
	w.buf = append(w.buf, ' ')
	w.buf = strconv.AppendFloat(w.buf, (w.h-(b.Y+b.H))*k, 'f', 5, 64)
	w.buf = append(w.buf, " cm /I"...)
	w.name(&w.plan.byID[op.Image.ID].name)
	w.buf = append(w.buf, " Do Q\n"...)
}

// opacity is fpdf's key of the constant opacity for colours cs, the
// lowest of the visible ones; ok is false when they are opaque.
func opacity(cs []draw.Colour) (key string, ok bool) {
	a := alphaValue(cs)
	if a == 1 {
		return "", false
	}
	return strconv.FormatFloat(a, 'f', 3, 64), true
}

// alphaValue is the lowest opacity of the visible colours, 0 to 1.
func alphaValue(cs []draw.Colour) float64 {
	a := uint8(255)
	for _, c := range cs {
		if c.Visible() && c.A < a {
			a = c.A
		}
	}
	return float64(a) / 255
}

// fills are the fill colour operators written so far, by colour: a text
// sets its colour each time, and a document has few.
type fills map[draw.Colour]string

// of returns fillColour(c), made once per colour.
func (f *fills) of(c draw.Colour) string {
	s, ok := (*f)[c]
	if !ok {
		if *f == nil {
			*f = fills{}
		}
		s = fillColour(c)
		(*f)[c] = s
	}
	return s
}

// fillColour is the fill colour operator fpdf writes for a colour: a grey
// level when the three components are equal.
func fillColour(c draw.Colour) string {
	comp := func(b []byte, v uint8) []byte { return strconv.AppendFloat(b, float64(v)/255, 'f', 3, 64) }
	if c.R == c.G && c.G == c.B {
		return string(comp(nil, c.R)) + " g"
	}
	b := comp(nil, c.R)
	b = comp(append(b, ' '), c.G)
	b = comp(append(b, ' '), c.B)
	return string(b) + " rg"
}

// appendText appends a run as fpdf writes it for a TrueType font: each
// character as two bytes of UTF-16 (fpdf's own conversion, which knows
// characters of up to three UTF-8 bytes: it writes the fourth byte of a
// longer one as a character of its own), with \, ( and ) and carriage
// returns escaped.
func appendText(b []byte, s string) []byte {
	put := func(c byte) {
		switch c {
		case '\\', '(', ')':
			b = append(b, '\\', c)
		case '\r':
			b = append(b, '\\', 'r')
		default:
			b = append(b, c)
		}
	}
	for i := 0; i < len(s); {
		c1 := s[i]
		i++
		switch {
		case c1 >= 224 && i+1 < len(s):
			c2, c3 := s[i], s[i+1]
			i += 2
			put((c1&0x0F)<<4 + (c2&0x3C)>>2)
			put((c2&0x03)<<6 + c3&0x3F)
		case c1 >= 192 && c1 < 224 && i < len(s):
			c2 := s[i]
			i++
			put((c1 & 0x1C) >> 2)
			put((c1&0x03)<<6 + c2&0x3F)
		default:
			put(0)
			put(c1)
		}
	}
	return b
}

// pageStream writes the pages' contents on every core, some pages ahead
// of the one the file needs next, and hands them over in page order.
// Until fpdf has named the fonts and pictures (named), the pages written
// wait, uncompressed, for their names.
type pageStream struct {
	results []chan []byte // each page's compressed contents
	window  chan struct{} // a slot per page written and not yet taken
	done    chan struct{}
	ready   chan struct{} // closed by named
	i       int
	once    sync.Once
}

// pagesAhead is how many pages' contents may be written ahead of the
// page the file needs next (at least two a core): enough to keep every
// core busy while fpdf writes the skeleton, some pages of a few kilobytes
// each.
const pagesAhead = 256

// writePages starts writing the contents of doc's pages, planned by p;
// the pages are compressed once named is called.
func writePages(doc *draw.Document, p *plan) *pageStream {
	workers := runtime.GOMAXPROCS(0)
	n := doc.Len()
	s := &pageStream{results: make([]chan []byte, n), window: make(chan struct{}, max(pagesAhead, 2*workers)),
		done: make(chan struct{}), ready: make(chan struct{})}
	for i := range s.results {
		s.results[i] = make(chan []byte, 1)
	}
	jobs := make(chan int)
	go func() {
		defer close(jobs)
		for i := range n {
			select {
			case s.window <- struct{}{}:
			case <-s.done:
				return
			}
			jobs <- i
		}
	}()
	for range min(workers, n) {
		go s.write(doc, p, jobs)
	}
	return s
}

// unnamed is a page's contents written before fpdf named the fonts and
// pictures.
type unnamed struct {
	page     int
	contents []byte
	names    []nameRef
}

// write writes the pages it is given. Before the names are known, each
// page's contents are kept as written; once they are, those pages and
// every later one are filled in, compressed and handed over.
func (s *pageStream) write(doc *draw.Document, p *plan, jobs <-chan int) {
	d := spareDeflater()
	defer keepDeflater(d)
	w := &pageWriter{plan: p}
	var waiting []unnamed
	ready := s.ready
	hand := func(i int, contents []byte, names []nameRef) {
		fillNames(contents, names)
		s.results[i] <- bytes.Clone(d.compress(contents))
	}
	handWaiting := func() {
		for _, u := range waiting {
			hand(u.page, u.contents, u.names)
		}
		waiting = nil
	}
	for {
		select {
		case i, ok := <-jobs:
			if !ok {
				if ready != nil {
					<-ready
				}
				handWaiting()
				return
			}
			w.buf, w.now, w.names = w.buf[:0], p.starts[i], w.names[:0]
			page := doc.Page(i)
			draw.DrawPage(w, &page)
			if ready != nil {
				waiting = append(waiting, unnamed{page: i, contents: bytes.Clone(w.buf), names: slices.Clone(w.names)})
				continue
			}
			hand(i, w.buf, w.names)
		case <-ready:
			ready = nil
			handWaiting()
		}
	}
}

// named tells the page writers that fpdf has named the fonts and
// pictures, or failed to (err not nil: the pages are not wanted).
func (s *pageStream) named(err error) {
	if err != nil {
		s.stop()
	}
	close(s.ready)
}

// pagesInOrder gives use every page of doc in page order. The pages of
// a document drawn from a source are laid out on every core, a batch at a
// time, and let go once used.
func pagesInOrder(doc *draw.Document, use func(p *draw.Page)) {
	n := doc.Len()
	if doc.Source == nil {
		for i := range doc.Pages {
			use(&doc.Pages[i])
		}
		return
	}
	workers := runtime.GOMAXPROCS(0)
	batch := make([]draw.Page, 4*workers)
	for from := 0; from < n; from += len(batch) {
		pages := batch[:min(len(batch), n-from)]
		next := make(chan int)
		var wg sync.WaitGroup
		for range min(workers, len(pages)) {
			wg.Go(func() {
				for i := range next {
					pages[i] = doc.Page(from + i)
				}
			})
		}
		for i := range pages {
			next <- i
		}
		close(next)
		wg.Wait()
		for i := range pages {
			use(&pages[i])
			pages[i] = draw.Page{}
		}
	}
}

// next returns the compressed contents of the next page; ok is false
// when there are no more.
func (s *pageStream) next() (data []byte, ok bool) {
	if s.i == len(s.results) {
		return nil, false
	}
	data = <-s.results[s.i]
	s.results[s.i] = nil
	s.i++
	<-s.window
	return data, true
}

// stop ends the writing of pages no longer wanted.
func (s *pageStream) stop() { s.once.Do(func() { close(s.done) }) }

// deflater compresses streams with one zlib writer, reset for each.
// fpdf makes a new writer (some 1.3 MB of state) for every page it
// compresses, which was most of a build's allocation; here one writer per
// core does every page, at fpdf's level, so the bytes are fpdf's.
type deflater struct {
	zw  *zlib.Writer
	buf bytes.Buffer
}

// spareDeflaters keeps the deflaters of documents written from one
// document to the next: a build writes many files, each on every core. (A
// sync.Pool would lose them at every collection, several a build.)
var spareDeflaters = make(chan *deflater, 8)

// spareDeflater returns a deflater kept, or a new one.
func spareDeflater() *deflater {
	select {
	case d := <-spareDeflaters:
		return d
	default:
		return new(deflater)
	}
}

// keepDeflater keeps d for the next document, if there is room.
func keepDeflater(d *deflater) {
	select {
	case spareDeflaters <- d:
	default:
	}
}

// compress returns data compressed; the result is valid until the next
// call.
func (d *deflater) compress(data []byte) []byte {
	d.buf.Reset()
	if d.zw == nil {
		d.zw, _ = zlib.NewWriterLevel(&d.buf, zlib.BestSpeed)
	} else {
		d.zw.Reset(&d.buf)
	}
	d.zw.Write(data)
	d.zw.Close() // writes to memory: cannot fail
	return d.buf.Bytes()
}
