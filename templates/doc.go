// Package templates is deckpress's card design language.
//
// A template is a named list of elements (background, rect, line, ellipse,
// polygon, text, image, icon, boxes, stats, repeat) written in YAML inside a
// deck, in a template file the deck uses, or built in. Any scalar property
// may refer to the card's fields as {{field}}; values without references
// are checked once when the template is compiled, values with references
// once per card, and every problem is a diagnostic with a position.
//
// [Load] builds a deck's [Library]: it reads the built-in template files,
// the files the deck uses, its own templates, fonts and icons, and its
// pictures, and compiles them. Rendering a template for a card produces a
// [draw.Face]: a display list in card coordinates (millimetres, trim box
// at 0,0). Text is set by package typeset, once, with unhinted font
// metrics, so every back end draws the same lines at the same places.
package templates
