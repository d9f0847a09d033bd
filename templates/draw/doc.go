// Package draw is deckpress's drawing vocabulary, in millimetres (origin
// top-left, y down): colours, paths, text runs and pictures as operations
// of a display list ([Face]); a card's two faces ([Pair]); documents of
// pages that place faces by affine transforms ([Document]); the [Canvas]
// back ends implement, and the [Recorder], a canvas that writes every call
// as stable text for golden tests.
//
// It knows nothing of templates, decks or file formats: templates and
// typeset produce faces, output imposes them on pages, and the back ends
// (output/pdf, output/png) replay them.
package draw
