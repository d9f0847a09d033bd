package build

import (
	"bytes"
	"image/color"
	stdpng "image/png"
	"testing"
	"testing/fstest"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/output"
)

// TestRoundedPreview: a deck with corner-radius previews its cards as cut:
// the trim box (63.5 mm at 100 dpi is 250 px), whatever the bleed, with
// its corners transparent and its middle the card's colour.
func TestRoundedPreview(t *testing.T) {
	d, _ := cards.LoadDeck("deck.yaml", []byte("deck: T\nsize: 63.5x88.9mm\nprint: {corner-radius: 3mm, bleed: 3mm}\ntemplates: {f: {background: \"#ff0000\"}}\nfront: f\ncards: [{name: a}]\n"), fstest.MapFS{})
	job, diags := output.PrepareDeck(d, output.DeckOptions{Files: fstest.MapFS{}})
	if job == nil {
		t.Fatal(diags)
	}
	ps := Preview(job, []FaceRef{{Card: 0, Side: layout.Front}}, "p", 100, false)
	var data bytes.Buffer
	if err := ps[0].Render(&data); err != nil {
		t.Fatal(err)
	}
	img, err := stdpng.Decode(bytes.NewReader(data.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	b := img.Bounds()
	if b.Dx() != 250 || b.Dy() != 350 {
		t.Errorf("preview %d x %d px, want the trim's 250 x 350", b.Dx(), b.Dy())
	}
	at := func(x, y int) color.NRGBA { return color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA) }
	for _, p := range [][2]int{{0, 0}, {b.Dx() - 1, 0}, {0, b.Dy() - 1}, {b.Dx() - 1, b.Dy() - 1}} {
		if a := at(p[0], p[1]).A; a != 0 {
			t.Errorf("corner %v: alpha %d, want transparent", p, a)
		}
	}
	if c := at(125, 175); c != (color.NRGBA{255, 0, 0, 255}) {
		t.Errorf("middle %v, want red", c)
	}
}
