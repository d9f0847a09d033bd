// Package layout is deckpress's geometry, in millimetres.
//
// Every length is a float64 number of millimetres; the origin is the top-left
// corner of a page or card and y grows downwards. Points and pixels exist only
// inside the output back ends. This package knows nothing of cards' content:
// it parses lengths and sizes, knows paper and card formats, and computes
// where card faces go on printed pages.
//
// Imposition ([Impose]) puts card bleed boxes on a grid inside the page
// margins, centred, choosing the orientation (and, when allowed, the 90°
// card rotation) that fits more cards. A [Plan] then lays out any number of
// cards as pages of [Placement] values. Each placement carries an affine
// [Affine] transform from card coordinates (trim box at 0,0) to the page.
//
// Backs are placed physically, not by table lookup: a back's transform is
// the front's, composed with the page flip that the printer performs (mirror
// across the long or short edge, or across the fold line) and with the
// "book turn" of the cut card (mirror across the card's vertical axis).
// The result mirrors slot positions, never content, and turns backs 180°
// exactly where the flip would otherwise show them upside down.
//
// Hexagons ([HexGrid]) are sized across flats, in offset coordinates with
// conversions to cube coordinates for distances, lines and rings.
package layout
