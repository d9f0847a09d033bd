// Package output turns laid-out card faces into printed pages.
//
// A [Document] is a list of pages, each a stack of [Layer] values: a face
// (a display list from package templates) placed on the page by an affine
// transform and clipped to its bleed box. [PrepareDeck] builds the
// document of a deck: it resolves the deck's size and print settings
// (flags override the deck), compiles its templates, renders every card's
// front and back once, and imposes the copies with package layout.
//
// Back ends implement [Canvas]: output/pdf writes PDF files, and
// [Recorder] writes the drawing calls as stable text for golden tests.
// [WriteFiles] replaces output files atomically, so a failed build never
// leaves a half-written or missing PDF behind.
package output
