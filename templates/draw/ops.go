package draw

import (
	"github.com/deckpress/deckpress/layout"
)

// Face is a laid-out card face: a display list of drawing operations in
// card coordinates (millimetres, trim box at 0,0). Back ends replay it.
type Face struct {
	Ops []Op
}

// Op is one drawing operation of a [Face].
type Op interface{ op() }

// PathOp fills and/or strokes a path.
type PathOp struct {
	Path   layout.Path
	Fill   Colour    // A = 0: not filled
	Stroke Colour    // A = 0: not stroked
	Width  float64   // stroke width, mm
	Dash   []float64 // dash pattern (on, off, …), mm; nil: solid
	// EvenOdd fills by the even-odd rule (inner outlines make holes);
	// otherwise by the non-zero winding rule.
	EvenOdd bool
}

// TextOp draws one run of text in one font, starting at a baseline point.
type TextOp struct {
	Font   Font
	Size   float64 // points
	Colour Colour
	X, Y   float64 // left end of the baseline, mm
	Text   string
}

// ImageOp draws a picture stretched to a box.
type ImageOp struct {
	Image *Image
	Box   layout.Rect
}

// ClipOp restricts the following operations to the inside of a path,
// until the matching [EndClipOp].
type ClipOp struct {
	Path layout.Path
}

// EndClipOp ends the innermost clip.
type EndClipOp struct{}

func (*PathOp) op()    {}
func (*TextOp) op()    {}
func (*ImageOp) op()   {}
func (*ClipOp) op()    {}
func (*EndClipOp) op() {}

// Pair is a card's two faces, front and back; a nil Back is blank.
type Pair struct {
	Front, Back *Face
}

// Side returns the face of side s.
func (p Pair) Side(s layout.Side) *Face {
	if s == layout.Back {
		return p.Back
	}
	return p.Front
}
