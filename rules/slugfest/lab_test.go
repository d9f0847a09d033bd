package slugfest

import (
	"math"
	"testing"

	"github.com/deckpress/deckpress/rules/sim"
)

// TestLabAddsUpTheGames: a lab's report is its games added up. Game i of a
// run with seed s is the match played with sim.NewRand(s, i) (shared
// RULES.md: every run is seeded per game), so the test plays the same
// games one by one and counts by hand: wins of each side, ties, the mean
// length, heroes brought back (either side's) and the games with any, and
// each hero's knock-outs, all per game and rounded to 4 places.
func TestLabAddsUpTheGames(t *testing.T) {
	teams := kitTeams(t)
	const games, seed = 300, 5
	for _, c := range []struct {
		name string
		o    Options
	}{
		{"comebacks", Options{Comebacks: true}},
		{"random policies with comebacks", Options{Comebacks: true, Policies: [2]Policy{Random{}, Random{}}}},
		{"a one-turn limit: every game a tie", Options{TurnLimit: 1}},
	} {
		rep, err := Lab{Games: games, Seed: seed, Teams: teams, Pairs: [][2]int{{0, 2}}, Options: c.o}.Run()
		if err != nil {
			t.Fatal(err)
		}
		m, err := NewMatch(teams[0], teams[2], c.o)
		if err != nil {
			t.Fatal(err)
		}
		var wins [3]int // A, B, ties
		turns, backs, backGames := 0, 0, 0
		ko := make([]int, 8)
		onlyB := 0 // games in which only B's heroes came back
		for i := range games {
			r := m.Play(sim.NewRand(seed, i))
			switch r.Winner {
			case 0, 1:
				wins[r.Winner]++
			default:
				wins[2]++
			}
			turns += r.Turns
			backs += r.Comebacks[0] + r.Comebacks[1]
			if r.Comebacks != [2]int{} {
				backGames++
			}
			if r.Comebacks[0] == 0 && r.Comebacks[1] > 0 {
				onlyB++
			}
			for s := range 2 {
				for h, n := range r.KnockedOut[s] {
					ko[4*s+h] += n
				}
			}
		}
		r4 := func(k int) float64 { return math.Round(float64(k)/games*1e4) / 1e4 }
		p := rep.Pairs[0]
		if p.A != teams[0].Name || p.B != teams[2].Name || p.AWins != wins[0] || p.BWins != wins[1] || p.Ties != wins[2] ||
			p.AWinRate != r4(wins[0]) || p.MeanTurns != r4(turns) || p.Comebacks != r4(backs) || p.ComebackGames != r4(backGames) {
			t.Errorf("%s: report %+v; counted by hand: wins %v, %d turns, %d back in %d games", c.name, p, wins, turns, backs, backGames)
		}
		for k, h := range p.KnockOuts {
			team, member := teams[0], k
			if k >= 4 {
				team, member = teams[2], k-4
			}
			if h.Team != team.Name || h.Hero != team.Members[member].Hero || h.Mean != r4(ko[k]) {
				t.Errorf("%s: knock-outs %d: %+v, want %s %s %v", c.name, k, h, team.Name, team.Members[member].Hero, r4(ko[k]))
			}
		}
		if c.o.Comebacks && onlyB == 0 {
			t.Errorf("%s: no game in which only B's heroes came back; the test needs one", c.name)
		}
		if c.o.TurnLimit == 1 && wins[2] != games {
			t.Errorf("%s: %d ties of %d", c.name, wins[2], games)
		}
	}
}
