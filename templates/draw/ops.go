package draw

import (
	"unsafe"

	"github.com/deckpress/deckpress/layout"
)

// Face is a laid-out card face: a display list of drawing operations in
// card coordinates (millimetres, trim box at 0,0). Back ends replay it.
type Face struct {
	Ops []Op
}

// Footprint returns about how many bytes of memory the face holds (its
// pictures, shared between faces, not counted); a nil face holds none.
func (f *Face) Footprint() int {
	if f == nil {
		return 0
	}
	n := int(unsafe.Sizeof(*f)) + cap(f.Ops)*int(unsafe.Sizeof(Op(nil)))
	for _, op := range f.Ops {
		switch op := op.(type) {
		case *PathOp:
			n += int(unsafe.Sizeof(*op)) + pathFootprint(op.Path) + cap(op.Dash)*8
		case *TextOp:
			n += int(unsafe.Sizeof(*op)) + len(op.Text)
		case *ImageOp:
			n += int(unsafe.Sizeof(*op))
		case *ClipOp:
			n += int(unsafe.Sizeof(*op)) + pathFootprint(op.Path)
		}
	}
	return n
}

func pathFootprint(p layout.Path) int {
	return cap(p.Verbs)*int(unsafe.Sizeof(layout.PathVerb(0))) + cap(p.Points)*int(unsafe.Sizeof(layout.Point{}))
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
	Cap     LineCap  // how open ends of a stroke look
	Join    LineJoin // how corners of a stroke look
}

// LineCap is the shape of a stroke's open ends.
type LineCap uint8

// Line caps; the zero value is the PDF and SVG default.
const (
	CapButt LineCap = iota
	CapRound
	CapSquare
)

// LineJoin is the shape of a stroke's corners.
type LineJoin uint8

// Line joins; the zero value is the PDF and SVG default.
const (
	JoinMiter LineJoin = iota
	JoinRound
	JoinBevel
)

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
