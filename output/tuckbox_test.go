package output

import (
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/data"
	"github.com/deckpress/deckpress/internal/golden"
	"github.com/deckpress/deckpress/templates"
	"github.com/deckpress/deckpress/templates/draw"
)

// tuckDeck is a deck of three poker cards with a back.
const tuckDeck = `deck: Box Test
size: poker
templates:
  f: {background: "#ffffff"}
  b: {background: "#224488"}
front: f
back: b
cards:
  - {name: a, count: 3}
`

// builtinTuck is the built-in template file of the tuck box's panels.
func builtinTuck(t *testing.T) []templates.Source {
	t.Helper()
	b, err := fs.ReadFile(data.FS, "templates/tuckbox.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return []templates.Source{{Path: "templates/tuckbox.yaml", Data: b}}
}

// TestTuckboxGolden pins, as the Recorder writes it, the tuck box of 44
// poker cards at 0.32 mm on A4: the back's art on the front and back
// panels under the built-in panel templates (the title, "44 cards"), the
// titles up the sides, the cut line, the folds dashed, the label.
func TestTuckboxGolden(t *testing.T) {
	job, diags := prepare(t, tuckDeck, nil, DeckOptions{Builtin: builtinTuck(t)})
	if job == nil {
		t.Fatal(diags)
	}
	box, ds, err := TuckBoxFor(job, 44, 0.32)
	if err != nil || len(ds) != 0 {
		t.Fatalf("%v %v", err, ds)
	}
	var rec draw.Recorder
	draw.Draw(&rec, box.Document())
	out := rec.String()
	for _, want := range []string{`"44 cards"`, `"Box Test"`, "dash=[2 1.5]", "fill=#224488"} {
		if !strings.Contains(out, want) {
			t.Errorf("the tuck box draws no %s", want)
		}
	}
	golden.Assert(t, "tuckbox-poker.txt", []byte(out))
}

// TestTuckboxDeckTemplate: a deck's own tuckbox-front template draws the
// front panel instead of the built-in one, with the count in {{cards}},
// and the back too (the built-in tuckbox-back extends tuckbox-front);
// without a back template the panels show no art.
func TestTuckboxDeckTemplate(t *testing.T) {
	src := strings.Replace(tuckDeck, "  b: {background: \"#224488\"}\n", "  tuckbox-front:\n    elements:\n      - text: {x: 5, y: 5, w: 50, h: 10, value: \"Mine, {{cards}}\"}\n", 1)
	src = strings.Replace(src, "back: b\n", "", 1)
	deck, diags := cards.LoadDeck("deck.yaml", []byte(src), fstest.MapFS{})
	if deck == nil {
		t.Fatal(diags)
	}
	job, ds := PrepareDeck(deck, DeckOptions{Builtin: builtinTuck(t)})
	if job == nil {
		t.Fatal(ds)
	}
	box, _, err := TuckBoxFor(job, 0, 0.32)
	if err != nil {
		t.Fatal(err)
	}
	var front, back draw.Recorder
	draw.DrawFace(&front, box.Front)
	draw.DrawFace(&back, box.Back)
	if !strings.Contains(front.String(), `"Mine, 3"`) || strings.Contains(front.String(), "cards") {
		t.Errorf("front panel:\n%s", front.String())
	}
	if back.String() != front.String() || box.Art != nil {
		t.Errorf("back panel:\n%s\nart %v", back.String(), box.Art != nil)
	}
}
