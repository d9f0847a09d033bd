// Package output turns laid-out card faces into printed pages.
//
// [PrepareDeck] builds a deck's job: it resolves the deck's size and print
// settings (flags override the deck), loads its template library (package
// templates), renders every card's front and back once, and imposes the
// copies with package layout. [DeckJob.Document] lays the job out as a
// [draw.Document]: pages of faces, each placed by an affine transform and
// clipped to its bleed box, with marks and a sheet label. Back ends
// (output/pdf, output/png) replay documents through [draw.Canvas].
// [WriteFiles] replaces output files atomically, so a failed build never
// leaves a half-written or missing PDF behind.
package output
