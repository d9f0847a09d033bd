package draw

import (
	"github.com/deckpress/deckpress/layout"
)

// Document is a printable document: pages of placed faces.
type Document struct {
	Title string
	Sides Sides // how its pages are meant to be printed
	Pages []Page
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
	for i := range doc.Pages {
		p := &doc.Pages[i]
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
}
