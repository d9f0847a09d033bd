package output

import (
	"testing"
	"testing/fstest"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/internal/golden"
	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/templates/draw"
)

// TestShortSheetGolden pins, as the Recorder writes it, a deck of eleven
// poker cards on A4 (nine slots a sheet): the second sheet prints two
// cards, and its crop marks stand beside those two only — three marks
// above and three below their three vertical edges, two at each side of
// their two horizontal ones — not beside the seven empty slots.
func TestShortSheetGolden(t *testing.T) {
	deck, diags := cards.LoadDeck("deck.yaml", []byte("deck: Short\nsize: poker\nprint: {paper: a4, margin: 5mm, marks: crop, duplex: long}\ncards: []\n"), fstest.MapFS{})
	if deck == nil {
		t.Fatal(diags)
	}
	card := layout.Rect{W: 63.5, H: 88.9}
	front := &draw.Face{Ops: []draw.Op{&draw.PathOp{Path: layout.RectPath(card), Fill: draw.Colour{R: 200, G: 40, B: 40, A: 255}}}}
	back := &draw.Face{Ops: []draw.Op{&draw.PathOp{Path: layout.RectPath(card), Fill: draw.Colour{R: 40, G: 40, B: 200, A: 255}}}}
	job, ds := FacesJob(deck, []draw.Pair{{Front: front, Back: back}}, 11, DeckOptions{})
	if job == nil || len(ds) != 0 {
		t.Fatalf("job %v, diagnostics %v", job != nil, ds)
	}
	if job.Plan.PerPage() != 9 || job.Sheets() != 2 {
		t.Fatalf("%d a sheet on %d sheets; want 9 on 2", job.Plan.PerPage(), job.Sheets())
	}
	var rec draw.Recorder
	draw.Draw(&rec, job.Document())
	golden.Assert(t, "short-sheet.txt", []byte(rec.String()))
}
