package gladiators

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/internal/fuzzcheck"
)

func seeds(f *testing.F, glob string) {
	names, _ := filepath.Glob(glob)
	for _, n := range names {
		if b, err := os.ReadFile(n); err == nil {
			f.Add(b)
		}
	}
}

func FuzzHero(f *testing.F) {
	seeds(f, "../../data/kits/gladiators/*.yaml")
	seeds(f, "../../cmd/deckpress/cli/testdata/heroes/*.yaml")
	rs, err := Default()
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		fuzzcheck.Run(t, src, func() (cards.Diagnostics, bool) {
			root, diags := cards.Parse("h.yaml", src)
			if root == nil {
				return diags, false
			}
			file, ds := ReadFile("h.yaml", root)
			diags = append(diags, ds...)
			if file != nil {
				for _, h := range file.Heroes {
					s, ds := Compute(h, rs)
					diags = diags.Extend(ds)
					CardsDeck(file, []*Sheet{s}, rs)
				}
			}
			return diags, file != nil
		})
	})
}

func FuzzRuleset(f *testing.F) {
	seeds(f, "../../data/rules/*.yaml")
	seeds(f, "../../data/kits/gladiators/ruleset-example.yaml")
	base, err := Default()
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		fuzzcheck.Run(t, src, func() (cards.Diagnostics, bool) {
			root, diags := cards.Parse("r.yaml", src)
			if root == nil {
				return diags, false
			}
			rs, ds := ReadRuleset("r.yaml", root, base)
			if !ds.HasErrors() {
				for rate := 0; rate < 50; rate++ {
					rs.SegmentsFor(rate)
				}
			}
			return append(diags, ds...), true
		})
	})
}
