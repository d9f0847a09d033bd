package draw

import (
	"github.com/deckpress/deckpress/layout"
)

// Document is a printable document: pages of placed faces, held in
// Pages or, for a document too big to hold, laid out one at a time by a
// Source when a back end asks for them. Back ends read every document
// through [Document.Len] and [Document.Page].
type Document struct {
	Title string
	Sides Sides // how its pages are meant to be printed
	// Pages are the pages, when the document holds them.
	Pages []Page
	// Source, when not nil, lays out the pages instead of Pages.
	Source PageSource
}

// PageSource lays out a document's pages as they are asked for, so
// that only the pages being drawn are in memory. Page must be safe to
// call from several goroutines at once, and give the same page each
// time.
type PageSource interface {
	Len() int
	Page(i int) Page
}

// Len returns the number of pages.
func (d *Document) Len() int {
	if d.Source != nil {
		return d.Source.Len()
	}
	return len(d.Pages)
}

// Page returns page i (0-based).
func (d *Document) Page(i int) Page {
	if d.Source != nil {
		return d.Source.Page(i)
	}
	return d.Pages[i]
}

// All returns every page, laid out: for small documents and tests.
func (d *Document) All() []Page {
	if d.Source == nil {
		return d.Pages
	}
	pages := make([]Page, d.Len())
	for i := range pages {
		pages[i] = d.Page(i)
	}
	return pages
}

// Sides says how a document's pages go onto paper, for a viewer's print
// dialog.
type Sides uint8

const (
	// OneSided prints every page on its own sheet: fronts only, fold
	// sheets, a page per card side, maps.
	OneSided Sides = iota
	// LongEdge prints pages in pairs on the two sides of a sheet, turned
	// over on its long edge.
	LongEdge
	// ShortEdge prints pages in pairs, turned over on the short edge.
	ShortEdge
)

// SidesOf returns how a deck printed with duplex mode d goes onto paper:
// only long and short duplex print on both sides of a sheet.
func SidesOf(d layout.Duplex) Sides {
	switch d {
	case layout.DuplexLong:
		return LongEdge
	case layout.DuplexShort:
		return ShortEdge
	}
	return OneSided
}

// Page is one page of a document.
type Page struct {
	Size   layout.Size
	Trim   *layout.Rect // the trim box of a single-card page
	Layers []Layer
}

// Layer is a face drawn on a page.
type Layer struct {
	Transform layout.Affine // face coordinates → page
	Clip      *layout.Rect  // in face coordinates; nil: no clip
	Face      *Face
}

// Draw replays a document onto a canvas.
func Draw(c Canvas, doc *Document) {
	for i := range doc.Len() {
		p := doc.Page(i)
		DrawPage(c, &p)
	}
}

// DrawPage replays one page onto a canvas.
func DrawPage(c Canvas, p *Page) {
	c.BeginPage(p.Size, p.Trim)
	for _, l := range p.Layers {
		c.Save()
		if l.Transform != layout.Identity {
			c.Transform(l.Transform)
		}
		if l.Clip != nil {
			c.Clip(layout.RectPath(*l.Clip))
		}
		DrawFace(c, l.Face)
		c.Restore()
	}
}
