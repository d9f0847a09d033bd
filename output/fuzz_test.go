package output

import (
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/internal/fuzzcheck"
	"github.com/deckpress/deckpress/templates/draw"
)

const fuzzDeck = `deck: fuzz
use: [t.yaml]
front: t
back: t
cards:
  - {name: "Zoobot", body: "**bold** :star: - list\n1. one", fill: "#3cb44b", n: 3, list: [{a: 1}, {a: 2}]}
  - {name: "", count: 2}
`

// FuzzTemplateFile compiles a template file and draws every card with it:
// no panic, and every diagnostic has a line.
func FuzzTemplateFile(f *testing.F) {
	for _, g := range []string{"../data/templates/*.yaml", "../data/kits/*/templates.yaml", "../data/kits/samples/gallery-templates.yaml"} {
		names, _ := filepath.Glob(g)
		for _, n := range names {
			if b, err := os.ReadFile(n); err == nil {
				f.Add(b)
			}
		}
	}
	f.Add([]byte("templates:\n  t:\n    background: \"{{fill}}\"\n    elements:\n      - text: {value: \"{{body}}\", fit: shrink, min-size: 1}\n      - boxes: {count: \"{{n}}\", marked: \"1, 3\"}\n      - repeat: {field: list, item-height: 5, elements: [{text: {value: \"{{a}}\"}}]}\n"))
	f.Fuzz(func(t *testing.T, tpl []byte) {
		fuzzcheck.Run(t, tpl, func() (cards.Diagnostics, bool) {
			files := fstest.MapFS{"t.yaml": {Data: tpl}}
			deck, diags := cards.LoadDeck("d.yaml", []byte(fuzzDeck), files)
			if deck == nil {
				return diags, false
			}
			job, more := PrepareDeck(deck, DeckOptions{Files: files})
			diags = diags.Extend(more)
			ok := job != nil && !diags.HasErrors()
			if ok {
				var rec draw.Recorder
				draw.Draw(&rec, job.Document())
			}
			return diags, ok
		})
	})
}
