package output

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/deckpress/deckpress/layout"
)

// keptDeck has cards of every kind a face can be: text, a picture, copies,
// a card left out, a back of its own, and more cards than one batch.
func keptDeck(n int) string {
	var b strings.Builder
	b.WriteString(`deck: Kept
size: 20x30mm
print: {paper: a4, duplex: long, bleed: 1mm}
templates:
  f:
    background: "{{fill}}"
    elements:
      - image: {x: -1, y: -1, w: 22, h: 10, src: art.png, fit: cover}
      - text: {x: 3, y: 12, w: 14, h: 14, value: "{{name}} strikes for {{n}}; draw a card.", size: 6}
  b: {background: "#203040", elements: [{text: {x: 3, y: 3, w: 14, h: 8, value: "{{_number}}/{{_count}}", size: 6}}]}
  other: {background: "#ff0000"}
front: f
back: b
cards:
`)
	for i := range n {
		extra := ""
		switch i % 7 {
		case 3:
			extra = ", count: 3"
		case 5:
			extra = ", count: 0"
		case 6:
			extra = ", back: other"
		}
		fmt.Fprintf(&b, "  - {name: \"Card %d\", n: %d, fill: \"#%02x8080\"%s}\n", i+1, i%10, (i*37)%256, extra)
	}
	return b.String()
}

// TestFacesLaidOutAgain: the faces a job does not keep are laid out again
// for each page, and the pages are those of a job that keeps every face.
func TestFacesLaidOutAgain(t *testing.T) {
	defer func(k int) { keptFaces = k }(keptFaces)
	files := fstest.MapFS{"art.png": {Data: png1(t)}}
	src := keptDeck(renderBatch + 40)
	var docs []string
	for _, budget := range []int{1 << 40, 20_000, 0} {
		keptFaces = budget
		job, diags := prepare(t, src, files, DeckOptions{})
		if job == nil || diags.HasErrors() {
			t.Fatalf("budget %d: the deck does not prepare: %d diagnostics", budget, len(diags))
		}
		kept := 0
		for _, f := range job.faces {
			if f.Front != nil {
				kept++
			}
		}
		switch {
		case budget == 0 && kept != 0, budget > 1<<30 && kept != job.Entries(), budget == 20_000 && (kept == 0 || kept == job.Entries()):
			t.Fatalf("budget %d: %d of %d card entries kept", budget, kept, job.Entries())
		}
		for i := range job.Entries() {
			if f := job.Face(i, layout.Front); f == nil || len(f.Ops) == 0 {
				t.Fatalf("budget %d: card %d has no front", budget, i+1)
			}
		}
		docs = append(docs, record(job.Document()))
	}
	if docs[0] != docs[1] || docs[0] != docs[2] {
		t.Errorf("the pages differ when faces are laid out again")
	}
	if n := strings.Count(docs[0], "page "); n == 0 {
		t.Errorf("no pages recorded")
	}
}
