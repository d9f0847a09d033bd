// Package pdf is the PDF back end of deckpress, on top of fpdf.
//
// [Render] writes a document in three steps. A plan walks the document
// once, in order, noting the fonts (and the characters drawn in each),
// pictures and opacities it uses, the graphics state each page starts in,
// and the calls into fpdf that will make them; from the plan, fpdf writes
// a skeleton of the file: every page object, the fonts (as TrueType
// subsets), the pictures and the resources, but no page contents. While
// it does, the pages' contents are written on the other cores, each page
// on its own from its starting state, with room left for the names fpdf
// gives fonts and pictures (hashes of 40 characters, learnt only from the
// skeleton), filled in before each page is compressed; the contents are
// streamed into the skeleton in page order as they are finished, so that
// a document of any length needs the memory of a few hundred pages'
// contents, and the file is the same bytes however many cores write it.
//
// The page contents are what fpdf itself writes for the same calls (the
// operators, the number formats, and the state fpdf repeats at the top
// of every page): pages.go says which calls. Transforms become PDF `cm`
// operators (converted from deckpress's y-down millimetres to PDF's y-up
// points), each picture is embedded once per content, and dates and
// resource order are fixed so that the same input gives the same bytes.
// The catalog carries viewer preferences, so that print dialogs default
// to actual size and to the document's duplex edge. fpdf has no hook for
// those, nor for the tagged names of subset fonts: finish rewrites the
// skeleton for them.
package pdf

import (
	"bytes"
	"fmt"
	"io"
	"maps"
	"regexp"
	"slices"
	"sync"
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

// Render draws a whole document and writes the PDF file to out.
func Render(out io.Writer, doc *draw.Document) error { return renderDoc(out, doc, false) }

// RenderX4 draws a whole document as a PDF/X-4 file (ISO 15930-7): an
// sRGB output intent with its ICC profile embedded, a TrimBox and a
// BleedBox on every page, XMP metadata naming the version, a document ID
// and /Trapped. PDF/X-4 is based on PDF 1.6, so the file says 1.6, and its
// viewer preferences keep PrintScaling (PDF 1.6) and leave out Duplex
// (PDF 1.7).
func RenderX4(out io.Writer, doc *draw.Document) error { return renderDoc(out, doc, true) }

func renderDoc(out io.Writer, doc *draw.Document, x4 bool) error {
	p := newPlan(doc.Title, x4)
	// fpdf makes the plan's calls as the walk notes them, on another core
	type written struct {
		file []byte
		err  error
	}
	made := make(chan written, 1)
	go func() {
		file, err := guard(p.skeleton)
		made <- written{file, err}
	}()
	if _, err := guard(func() ([]byte, error) {
		defer p.calls.close()
		pagesInOrder(doc, func(page *draw.Page) { draw.DrawPage(p, page) })
		return nil, nil
	}); err != nil {
		<-made
		return fmt.Errorf("pdf: %w", err)
	}
	pages := writePages(doc, p)
	defer pages.stop()
	sk := <-made
	skeleton, err := sk.file, sk.err
	pages.named(err)
	if err != nil {
		return fmt.Errorf("pdf: %w", err)
	}
	names := map[string]string{}
	for _, f := range p.fonts {
		names["utf8"+f.key] = subsetName(f.id, f.runes.sorted())
	}
	prefs, version, info := viewerPreferences(doc.Sides), byte(minorVersion), ""
	if x4 {
		prefs, version, info = printScaling, '6', x4Info
	}
	if err := finish(out, skeleton, prefs, names, version, info, pages.next); err != nil {
		return fmt.Errorf("pdf: %w", err)
	}
	return nil
}

// guard runs the plan's walk or the calls into fpdf (embedding fonts and
// pictures, writing the skeleton), turning a panic — inside the library,
// a font it cannot handle that the font check let through — into an
// error, never a crash.
func guard(calls func() ([]byte, error)) (b []byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			b, err = nil, fmt.Errorf("the PDF library failed: %v", r)
		}
	}()
	return calls()
}

// font is an embedded font: the family key fpdf knows it by (fpdf names
// it "utf8" and the key), the name page contents call it by, and the
// characters drawn in it, its subset.
type font struct {
	id, key string
	name    string // after /F
	runes   runeSet
}

// runeSet is a set of characters: a bit for each of the first 256, which
// most texts draw, and a map for the others.
type runeSet struct {
	latin  [4]uint64
	others map[rune]bool
}

// add puts r in the set.
func (s *runeSet) add(r rune) {
	if r >= 0 && r < 256 {
		s.latin[r/64] |= 1 << (r % 64)
		return
	}
	if s.others == nil {
		s.others = map[rune]bool{}
	}
	s.others[r] = true
}

// sorted returns the set's characters in order.
func (s *runeSet) sorted() []rune {
	var out []rune
	for r := range rune(256) {
		if s.latin[r/64]&(1<<(r%64)) != 0 {
			out = append(out, r)
		}
	}
	return append(out, slices.Sorted(maps.Keys(s.others))...)
}

// picture is an embedded picture and the name page contents call it by.
type picture struct {
	im   *draw.Image
	name string // after /I
}

// state is what fpdf carries from one page to the next and repeats at
// the top of each: the current font and size (font nil: none yet) and
// the fill colour.
type state struct {
	font *font
	size float64
	fill string
}

// plan is a draw.Canvas that draws nothing: it notes, in drawing order,
// what the file embeds, the state each page starts in, and the calls that
// give fpdf the skeleton's pages, fonts, pictures and opacities, made by
// skeleton in the same order (so that the walk needs no fpdf, and fpdf's
// work can go on while page contents are written).
type plan struct {
	pdf    *fpdf.Fpdf
	calls  calls
	x4     bool // PDF/X-4: an output intent, XMP, page boxes on every page
	fonts  []*font
	byFont map[string]*font // by typeset.Font ID
	images []*picture
	byID   map[string]*picture
	alphas map[string]int // fpdf's "%.3f" of an opacity → its /GS number
	starts []state        // the state each page starts in
	now    state
	fills  fills
}

var _ draw.Canvas = (*plan)(nil)

func newPlan(title string, x4 bool) *plan {
	p := fpdf.NewCustom(&fpdf.InitType{UnitStr: "mm", Size: fpdf.SizeType{Wd: 210, Ht: 297}})
	p.SetCreationDate(fixedDate)
	p.SetModificationDate(fixedDate)
	p.SetCatalogSort(true)
	p.SetCompression(false) // the skeleton's own page contents are not written
	p.SetProducer("deckpress", false)
	p.SetCreator("deckpress", false)
	p.SetTitle(title, true)
	p.SetAutoPageBreak(false, 0)
	p.SetMargins(0, 0, 0)
	if x4 {
		p.AddOutputIntent(fpdf.OutputIntentType{SubtypeIdent: fpdf.OutputIntent_GTS_PDFX,
			OutputConditionIdentifier: srgbName, Info: srgbName, ICCProfile: srgbProfile()})
		p.SetXmpMetadata(xmpX4(title))
	}
	pl := &plan{pdf: p, x4: x4, byFont: map[string]*font{}, byID: map[string]*picture{}, alphas: map[string]int{},
		now: state{size: 12, fill: initialFill}} // fpdf's size before any is set
	pl.calls.more.L = &pl.calls.mu
	return pl
}

// BeginPage adds the page, with its trim box, to the skeleton.
func (p *plan) BeginPage(size layout.Size, trim *layout.Rect) {
	if trim == nil && p.x4 {
		// a sheet of cards is used whole: PDF/X asks for the boxes anyway
		trim = &layout.Rect{W: size.W, H: size.H}
	}
	p.calls.push(func(pdf *fpdf.Fpdf) {
		pdf.AddPageFormat("P", fpdf.SizeType{Wd: size.W, Ht: size.H})
		if trim != nil {
			// a page cut to a trim box: the bleed is the whole page
			pdf.SetPageBox("TrimBox", trim.X, trim.Y, trim.W, trim.H)
			pdf.SetPageBox("BleedBox", 0, 0, size.W, size.H)
		}
	})
	p.starts = append(p.starts, p.now)
}

func (p *plan) Save()                   {}
func (p *plan) Restore()                {}
func (p *plan) Transform(layout.Affine) {}
func (p *plan) Clip(layout.Path)        {}

// Path notes the path's opacity.
func (p *plan) Path(op *draw.PathOp) {
	if fill, stroke := op.Fill.Visible(), op.Stroke.Visible() && op.Width > 0; fill || stroke {
		p.alpha(op.Fill, op.Stroke)
	}
}

// Text notes the font (embedded on first use), the characters drawn in
// it, the opacity, and the font and colour it leaves current.
func (p *plan) Text(op *draw.TextOp) {
	if !op.Colour.Visible() || op.Text == "" {
		return
	}
	f := p.byFont[op.Font.ID()]
	if f == nil {
		// fpdf lowercases family keys and writes them into PDF names
		// unescaped: give it a plain key of its own
		f = &font{id: op.Font.ID(), key: fmt.Sprintf("f%d", len(p.fonts))}
		// fpdf writes into the font data it is given (a metric of the
		// first glyph, in go-mono): a copy keeps the next file the same
		face := op.Font
		p.calls.push(func(pdf *fpdf.Fpdf) { pdf.AddUTF8FontFromBytes(f.key, "", bytes.Clone(face.TrueType())) })
		p.byFont[f.id] = f
		p.fonts = append(p.fonts, f)
	}
	for _, r := range op.Text {
		f.runes.add(r)
	}
	p.alpha(op.Colour)
	p.now.font = f
	if op.Size != 0 { // fpdf keeps the size it has for a zero
		p.now.size = op.Size
	}
	p.now.fill = p.fills.of(op.Colour)
}

// Image notes the picture, embedded on first use.
func (p *plan) Image(op *draw.ImageOp) {
	if op.Box.W <= 0 || op.Box.H <= 0 || p.byID[op.Image.ID] != nil {
		return
	}
	pic := &picture{im: op.Image}
	p.calls.push(func(pdf *fpdf.Fpdf) {
		pdf.RegisterImageOptionsReader(pic.im.ID, imageOptions, bytes.NewReader(pic.im.PNG))
	})
	p.byID[op.Image.ID] = pic
	p.images = append(p.images, pic)
}

// imageOptions are how pictures are given to fpdf. A picture's box is
// drawn exactly, wherever it is: fpdf moves a picture at a negative x to
// its current x unless AllowNegativePosition is set (in card coordinates,
// a picture in the bleed starts at a negative x).
var imageOptions = fpdf.ImageOptions{ImageType: "png", AllowNegativePosition: true}

// alpha notes the opacity of colours cs (the lowest of the visible
// ones), when it is not opaque, as an ExtGState numbered by first use.
func (p *plan) alpha(cs ...draw.Colour) {
	a, ok := opacity(cs)
	if !ok {
		return
	}
	if _, seen := p.alphas[a]; !seen {
		p.alphas[a] = len(p.alphas) + 1
		v := alphaValue(cs)
		p.calls.push(func(pdf *fpdf.Fpdf) { pdf.SetAlpha(v, "Normal") })
	}
}

// probes marks where the skeleton's last page holds the calls that
// reveal fpdf's names of fonts and pictures.
const probes = "% deckpress: names"

var (
	fontProbe  = regexp.MustCompile(`BT /F(\S+) 10\.00 Tf ET`)
	imageProbe = regexp.MustCompile(`/I(\S+) Do Q`)
)

// calls is the queue of the plan's calls into fpdf: the walk pushes them
// and closes it, skeleton makes them as they come (on another goroutine),
// and reads the rest of the plan once the queue is closed.
type calls struct {
	mu     sync.Mutex
	more   sync.Cond // on mu, signalled on a push or the close (see newPlan)
	queue  []func(*fpdf.Fpdf)
	closed bool
}

// push adds a call.
func (c *calls) push(call func(*fpdf.Fpdf)) {
	c.mu.Lock()
	c.queue = append(c.queue, call)
	c.mu.Unlock()
	c.more.Signal()
}

// close says there are no more calls.
func (c *calls) close() {
	c.mu.Lock()
	c.closed = true
	c.mu.Unlock()
	c.more.Signal()
}

// all yields every call, in order, waiting for each until the queue is
// closed. The lock is not held while a call is made: a call that panics
// (fpdf on a font it cannot take) leaves the queue as it was, for guard.
func (c *calls) all(yield func(func(*fpdf.Fpdf)) bool) {
	for i := 0; ; {
		c.mu.Lock()
		for i == len(c.queue) && !c.closed {
			c.more.Wait()
		}
		batch := c.queue[i:]
		i = len(c.queue)
		c.mu.Unlock()
		if len(batch) == 0 {
			return // closed, every call given
		}
		for _, call := range batch {
			if !yield(call) {
				return
			}
		}
	}
}

// nameLen is the length of the names fpdf gives fonts and pictures: a
// SHA-1 in hexadecimal.
const nameLen = 40

// skeleton has fpdf write the file with every page, font, picture and
// opacity, and learns the names fpdf gave fonts and pictures (hashes of
// its own data) from calls at the end of the last page, whose contents,
// like every page's, are replaced. The characters drawn in each font are
// drawn there too, for fpdf's subset.
func (p *plan) skeleton() ([]byte, error) {
	for call := range p.calls.all {
		call(p.pdf)
	}
	if len(p.starts) > 0 {
		p.pdf.RawWriteStr(probes)
		for _, f := range p.fonts {
			p.pdf.SetFont(f.key, "", 10)
			p.pdf.Text(0, 0, string(f.runes.sorted()))
		}
		for _, pic := range p.images {
			p.pdf.ImageOptions(pic.im.ID, 0, 0, 1, 1, false, imageOptions, 0, "")
		}
	}
	var buf bytes.Buffer
	if err := p.pdf.Output(&buf); err != nil {
		return nil, err
	}
	file := buf.Bytes()
	if len(p.starts) == 0 {
		return file, nil
	}
	at := bytes.LastIndex(file, []byte(probes))
	if at < 0 {
		return nil, fmt.Errorf("%w: no names of fonts and pictures", errLayout)
	}
	end := at + bytes.Index(file[at:], []byte("endstream"))
	fonts := fontProbe.FindAllSubmatch(file[at:end], -1)
	images := imageProbe.FindAllSubmatch(file[at:end], -1)
	if len(fonts) != len(p.fonts) || len(images) != len(p.images) {
		return nil, fmt.Errorf("%w: %d font names for %d fonts, %d picture names for %d pictures", errLayout, len(fonts), len(p.fonts), len(images), len(p.images))
	}
	for i, m := range fonts {
		p.fonts[i].name = string(m[1])
	}
	for i, m := range images {
		p.images[i].name = string(m[1])
	}
	for _, m := range slices.Concat(fonts, images) {
		if len(m[1]) != nameLen {
			return nil, fmt.Errorf("%w: a name of %d characters, not %d: %s", errLayout, len(m[1]), nameLen, m[1])
		}
	}
	return file, nil
}
