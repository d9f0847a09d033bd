package draw

import (
	"github.com/deckpress/deckpress/layout"
)

// Canvas is a drawing surface in millimetres, origin top-left, y down.
// Transforms and clips apply until the matching Restore.
type Canvas interface {
	// BeginPage starts a page; trim, when not nil, is its trim box.
	BeginPage(size layout.Size, trim *layout.Rect)
	// Save pushes the graphics state; Restore pops it.
	Save()
	Restore()
	// Transform maps the coordinates of what follows by m.
	Transform(m layout.Affine)
	// Clip restricts what follows to the inside of p.
	Clip(p layout.Path)
	Path(op *PathOp)
	Text(op *TextOp)
	Image(op *ImageOp)
}

// DrawFace replays a face's display list onto a canvas.
func DrawFace(c Canvas, f *Face) {
	depth := 0
	for _, op := range f.Ops {
		switch o := op.(type) {
		case *PathOp:
			c.Path(o)
		case *TextOp:
			c.Text(o)
		case *ImageOp:
			c.Image(o)
		case *ClipOp:
			c.Save()
			c.Clip(o.Path)
			depth++
		case *EndClipOp:
			if depth > 0 {
				c.Restore()
				depth--
			}
		}
	}
	for ; depth > 0; depth-- {
		c.Restore()
	}
}
