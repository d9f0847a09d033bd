package simulate

import (
	"strings"
	"testing"

	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/output/build"
	"github.com/deckpress/deckpress/rules/audition"
	"github.com/deckpress/deckpress/rules/galaga"
	"github.com/deckpress/deckpress/rules/slugfest"
)

// TestDefault: every game's lab runs on the kit's file with the command
// line's defaults, tells its progress up to the games asked, and returns
// its report; an unknown game is an error naming the games.
func TestDefault(t *testing.T) {
	a4 := layout.Size{W: 210, H: 297}
	env := build.Env{Dir: t.TempDir()}
	for _, game := range Games {
		last := 0
		res, doc, err := Default(env, game, nil, 4, 3, func(done, total int) { last = done }, a4)
		if err != nil || doc == nil || len(doc.Pages) == 0 {
			t.Fatalf("%s: %v", game, err)
		}
		want := 4
		switch r := res.(type) {
		case slugfest.Report: // games a pair: each pair's run counts up to 4
			if r.Games != 4 || r.Seed != 3 || len(r.Pairs) != 3 {
				t.Errorf("slugfest: %+v", r)
			}
		case galaga.Report:
			if r.Players != 4 || r.Policies[0] != "greedy" {
				t.Errorf("galaga: %d players, %v", r.Players, r.Policies)
			}
		case audition.Report:
			if r.Players != 4 || len(r.Strategies) != 4 {
				t.Errorf("audition: %d players, %d strategies", r.Players, len(r.Strategies))
			}
		case RobinReport:
			n := len(r.Heroes)
			want = n * (n - 1) * 4
			if n < 2 || r.Policy != "greedy" {
				t.Errorf("gladiators: %d heroes, policy %s", n, r.Policy)
			}
		default:
			t.Errorf("%s: a %T", game, res)
		}
		if last != want {
			t.Errorf("%s: progress ended at %d games, want %d", game, last, want)
		}
	}
	if _, _, err := Default(env, "chess", nil, 4, 3, nil, a4); err == nil || !strings.Contains(err.Error(), `unknown game "chess"; games: audition, galaga, gladiators, slugfest`) {
		t.Errorf("chess: %v", err)
	}
}
