package arena

import (
	"os"
	"testing"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/internal/fuzzcheck"
	"github.com/deckpress/deckpress/layout"
)

func FuzzArena(f *testing.F) {
	if b, err := os.ReadFile("../data/kits/gladiators/arena.yaml"); err == nil {
		f.Add(b)
	}
	f.Add([]byte("arena: x\nhexes: {cols: 3, rows: 2}\nhex: 10mm\ntop: pointy\nshift: even\nterrain: {a: {fill: red, hatch: dots}}\npaint: [{terrain: a, ring: {centre: [1, 1], radius: 2}}]\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		fuzzcheck.Run(t, src, func() (cards.Diagnostics, bool) {
			root, diags := cards.Parse("a.yaml", src)
			if root == nil {
				return diags, false
			}
			m, ds := Read("a.yaml", root)
			diags = append(diags, ds...)
			if m != nil && !ds.HasErrors() {
				m.Document(layout.Size{W: 215.9, H: 279.4}, layout.OrientAuto, 5)
			}
			return diags, m != nil
		})
	})
}
