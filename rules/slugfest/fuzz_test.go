package slugfest

import (
	"io/fs"
	"testing"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/data"
	"github.com/deckpress/deckpress/internal/fuzzcheck"
)

func FuzzParseList(f *testing.F) {
	src, _ := fs.ReadFile(data.FS, "kits/slugfest/teams.txt")
	f.Add(string(src))
	f.Add("TEAM\nA-  1, 2, 3, 4\nB-  x,\ny, z, w, v\n\nSOLO\nC- a")
	f.Add("- , ,\n-\n,,,-  -")
	f.Fuzz(func(t *testing.T, text string) {
		fuzzcheck.Run(t, []byte(text), func() (cards.Diagnostics, bool) {
			teams, diags := ParseList("t.txt", text, 1, 1)
			diags = diags.Extend(Check(teams, cards.Pos{File: "t.txt", Line: 1, Col: 1}))
			for i, team := range teams {
				Deck("t.txt", "x", i, team)
				Slug(team.Name)
			}
			return diags, true
		})
	})
}
