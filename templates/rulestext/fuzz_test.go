package rulestext

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/internal/fuzzcheck"
	"github.com/deckpress/deckpress/layout"

	"github.com/deckpress/deckpress/templates/typeset"
)

func FuzzRulesText(f *testing.F) {
	names, _ := filepath.Glob("../data/kits/*/*rules.yaml")
	for _, n := range names {
		if b, err := os.ReadFile(n); err == nil {
			f.Add(b)
		}
	}
	fonts, icons := typeset.NewFontSet(), typeset.NewIconSet()
	f.Fuzz(func(t *testing.T, src []byte) {
		fuzzcheck.Run(t, src, func() (cards.Diagnostics, bool) {
			root, diags := cards.Parse("r.yaml", src)
			if root == nil {
				return diags, false
			}
			d, ds := Read("r.yaml", root)
			diags = append(diags, ds...)
			if d != nil && !ds.HasErrors() {
				_, _, _, more := d.Cards(layout.Size{W: 63.5, H: 88.9}, fonts, icons)
				diags = diags.Extend(more)
			}
			return diags, d != nil
		})
	})
}
