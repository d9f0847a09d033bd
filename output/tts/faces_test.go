package tts

import (
	"image/color"
	"testing"
	"testing/fstest"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/output"
	"github.com/deckpress/deckpress/templates/draw"
)

// TestFacesWithoutCards: faces made elsewhere (rules cards), whose deck
// lists no cards, export as one deck: a card object per face, each face in
// its slot of the sheet in order, then the hidden-card image (the first
// back) in the last slot.
func TestFacesWithoutCards(t *testing.T) {
	d, diags := cards.LoadDeck("rules.yaml", []byte("deck: Rules\nsize: 63x88mm\nprint: {paper: a4}\ncards: []\n"), fstest.MapFS{})
	if d == nil {
		t.Fatal(diags)
	}
	fill := func(c color.NRGBA) *draw.Face {
		return &draw.Face{Ops: []draw.Op{&draw.PathOp{Path: layout.RectPath(layout.Rect{X: -5, Y: -5, W: 80, H: 100}), Fill: draw.Colour{R: c.R, G: c.G, B: c.B, A: 255}}}}
	}
	var faces []draw.Pair
	for k := range 3 {
		faces = append(faces, draw.Pair{Front: fill(front(k)), Back: fill(back(0, false))})
	}
	job, ds := output.FacesJob(d, faces, 1, output.DeckOptions{})
	if job == nil {
		t.Fatal(ds)
	}
	files, sheets, err := Export(job, nil, Options{Dir: "out", Stem: "rules"})
	if err != nil {
		t.Fatal(err)
	}
	if len(sheets) != 1 || sheets[0].Cards != 3 || sheets[0].Cols != 4 || sheets[0].Rows != 1 {
		t.Fatalf("sheets %+v, want one of 3 cards in 4 × 1 slots", sheets)
	}
	img := decode(t, files, sheets[0].FaceFile)
	for k := range 3 {
		if got := slotColour(img, 4, 1, k); got != front(k) {
			t.Errorf("slot %d: %v, want face %d's %v", k, got, k, front(k))
		}
	}
	if got := slotColour(img, 4, 1, 3); got != back(0, false) {
		t.Errorf("last slot: %v, want the back %v", got, back(0, false))
	}
	s := saved(t, files, "out/rules.json")
	if o := s.ObjectStates[0]; o.Name != "DeckCustom" || o.Nickname != "Rules" || len(o.ContainedObjects) != 3 || len(o.DeckIDs) != 3 {
		t.Errorf("saved object %+v, want a deck Rules of 3 cards", o)
	}
}
