package draw

import "github.com/deckpress/deckpress/layout"

// Font is a typeface as back ends see it: package typeset measures, loads
// and lays out fonts, and every text operation carries one.
type Font interface {
	// ID names the face uniquely and stably ("go-bold"); back ends
	// register a face once per ID.
	ID() string
	// TrueType is the font file, for embedding.
	TrueType() []byte
	// Glyph returns the outline of r in ems, origin on the baseline at the
	// left, y down; raster back ends fill it. A missing glyph is an empty
	// path.
	Glyph(r rune) *layout.Path
	// Advance returns the advance width of r in ems, and false when the
	// font has no glyph for it.
	Advance(r rune) (float64, bool)
}
