package audition

import (
	"reflect"
	"testing"

	"github.com/deckpress/deckpress/rules/sim"
)

// TestLabSymmetry: four copies of one strategy, rotated over the seats,
// must share the wins evenly (each within its interval of a quarter); the
// wins add up to the games; the numbers do not depend on the cores.
func TestLabSymmetry(t *testing.T) {
	l := Lab{Games: 4000, Seed: 3, Players: 4, Strategies: []Policy{Random{}, Random{}, Random{}, Random{}}}
	rep, err := l.Run()
	if err != nil {
		t.Fatal(err)
	}
	total := 0.0
	for _, s := range rep.Strategies {
		total += s.Wins
		if s.Seated != l.Games || s.CI95[0] > 0.25 || s.CI95[1] < 0.25 {
			t.Errorf("%s: %d seats, win rate %.3f [%.3f, %.3f]", s.Strategy, s.Seated, s.WinRate, s.CI95[0], s.CI95[1])
		}
	}
	if total < float64(l.Games)-0.01 || total > float64(l.Games)+0.01 {
		t.Errorf("%.2f wins in %d games", total, l.Games)
	}
	l.Config = sim.Config{Workers: 1}
	one, _ := l.Run()
	if !reflect.DeepEqual(one, rep) {
		t.Error("one worker gave other numbers")
	}
}

// TestLabRotation: with two strategies at a table of three, game i takes
// them by (seat + i) mod 2, so each is seated 3 times every 2 games.
func TestLabRotation(t *testing.T) {
	rep, err := Lab{Games: 100, Seed: 1, Players: 3, Strategies: []Policy{Loner{}, Follower{}}}.Run()
	if err != nil {
		t.Fatal(err)
	}
	if rep.Strategies[0].Seated != 150 || rep.Strategies[1].Seated != 150 || len(rep.Seats) != 3 || len(rep.Turns) != 3 {
		t.Errorf("%+v", rep)
	}
	if _, err := (Lab{Games: 1, Players: 2, Strategies: []Policy{Loner{}}}).Run(); err == nil {
		t.Error("two players ran")
	}
}
