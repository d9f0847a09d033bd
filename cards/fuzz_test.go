package cards_test

import (
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/internal/fuzzcheck"
)

// addSeeds adds every YAML file under the kits and the bad-input corpus
// as fuzz seeds.
func addSeeds(f *testing.F, globs ...string) {
	for _, g := range globs {
		names, _ := filepath.Glob(g)
		for _, n := range names {
			if b, err := os.ReadFile(n); err == nil {
				f.Add(b)
			}
		}
	}
}

func FuzzLoadDeck(f *testing.F) {
	addSeeds(f, "../data/kits/*/*.yaml", "../cmd/deckpress/cli/testdata/bad/*.yaml", "testdata/fuzz-seeds/*.yaml")
	f.Fuzz(func(t *testing.T, src []byte) {
		fuzzcheck.Run(t, src, func() (cards.Diagnostics, bool) {
			d, diags := cards.LoadDeck("d.yaml", src, fstest.MapFS{"c.csv": {Data: []byte("name,count\na,1\n")}})
			return diags, d != nil
		})
	})
}

func FuzzCSV(f *testing.F) {
	f.Add([]byte("name,count,fill\nZoobot,2,#3cb44b\nApe,,\n"))
	f.Add([]byte("\xef\xbb\xbfa,b\n\"q\"\"uoted\",\"multi\nline\"\n"))
	f.Add([]byte("a,a\n1,2,3\n"))
	f.Fuzz(func(t *testing.T, csv []byte) {
		fuzzcheck.Run(t, csv, func() (cards.Diagnostics, bool) {
			d, diags := cards.LoadDeck("d.yaml", []byte("deck: csv\ndata: c.csv\n"), fstest.MapFS{"c.csv": {Data: csv}})
			return diags, d != nil
		})
	})
}

func FuzzProject(f *testing.F) {
	f.Add([]byte("project: x\ninputs: [a.yaml, decks]\nprint: {paper: letter, preset: copyshop}\n"))
	f.Add([]byte("project: [x]\ninputs: 3\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		fuzzcheck.Run(t, src, func() (cards.Diagnostics, bool) {
			root, diags := cards.Parse("deckpress.yaml", src)
			if root == nil {
				return diags, false
			}
			p, more := cards.ReadProject("deckpress.yaml", root)
			return append(diags, more...), p != nil
		})
	})
}
