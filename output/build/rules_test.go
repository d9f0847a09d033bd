package build

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deckpress/deckpress/data"
)

// TestRulesFillTheSheet builds every kit's rules cards with no --copies and
// no copies: in the file, and checks the sheet is filled: the cards printed
// are whole sets, on as many sheets as one set takes, and one set more
// would not fit on them. --copies 1 prints one set.
func TestRulesFillTheSheet(t *testing.T) {
	for _, name := range []string{"kits/audition/rules.yaml", "kits/galaga/rules.yaml", "kits/slugfest/rules.yaml", "kits/gladiators/combat-rules.yaml"} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			b, err := fs.ReadFile(data.FS, name)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, "rules.yaml"), b, 0o644); err != nil {
				t.Fatal(err)
			}
			build := func(copies int) Product {
				ps, diags, err := Rules(RulesRequest{Request: Request{Env: Env{Dir: dir}, Inputs: []string{"rules.yaml"}, Out: "out"}, Copies: copies, Cards: true})
				if err == nil {
					err = diags.Err()
				}
				if err != nil || len(ps) != 1 {
					t.Fatalf("%d products, %v", len(ps), err)
				}
				return ps[0]
			}
			one := build(1)
			set := one.job.Cards()
			slots := one.Sheets * one.job.Plan.PerPage()
			p := build(0)
			if p.Cards%set != 0 || p.Sheets != one.Sheets || p.Cards+set <= slots || p.Cards > slots {
				t.Errorf("%d cards on %d sheets of %d slots for sets of %d; want the most whole sets on %d sheets",
					p.Cards, p.Sheets, one.job.Plan.PerPage(), set, one.Sheets)
			}
			t.Logf("%d cards: %d sets of %d on %d sheet(s)", p.Cards, p.Cards/set, set, p.Sheets)
			// the components say how many cards a set has and how many
			// sets a page of cards holds
			perPage, sets := p.Cards/set/p.Sheets, "sets"
			if perPage == 1 {
				sets = "set"
			}
			for _, want := range []string{fmt.Sprintf("these rules on %d ", set), fmt.Sprintf("(%d %s to a page of cards)", perPage, sets)} {
				if !strings.Contains(string(b), want) {
					t.Errorf("the components do not say %q", want)
				}
			}
		})
	}
}
