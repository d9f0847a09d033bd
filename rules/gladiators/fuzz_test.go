package gladiators

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/deckpress/deckpress/cards"
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
		root, diags := cards.Parse("h.yaml", src)
		if root == nil {
			check(t, src, diags)
			return
		}
		file, ds := ReadFile("h.yaml", root)
		diags = append(diags, ds...)
		if file != nil {
			for _, h := range file.Heroes {
				s := Compute(h, rs, &diags)
				CardsDeck(file, []*Sheet{s}, rs)
			}
		}
		check(t, src, diags)
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
		root, diags := cards.Parse("r.yaml", src)
		if root != nil {
			rs, ds := ReadRuleset("r.yaml", root, base)
			diags = append(diags, ds...)
			if !ds.HasErrors() {
				for rate := 0; rate < 50; rate++ {
					rs.SegmentsFor(rate)
				}
			}
		}
		check(t, src, diags)
	})
}

func check(t *testing.T, src []byte, diags cards.Diagnostics) {
	if len(src) == 0 {
		return
	}
	for _, d := range diags {
		if d.Pos.Line < 1 {
			t.Fatalf("diagnostic without a line: %v", d)
		}
	}
}
