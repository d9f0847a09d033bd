package draw

import (
	"github.com/deckpress/deckpress/layout"
)

// Document is a printable document: pages of placed faces.
type Document struct {
	Title string
	Pages []Page
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
