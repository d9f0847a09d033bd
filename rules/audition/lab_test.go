package audition

import (
	"math/rand/v2"
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
	// one game of three seats and four strategies: one sits out, with no
	// rate rather than a division by zero
	rep, _ = Lab{Games: 1, Seed: 1, Players: 3, Strategies: []Policy{Loner{}, Follower{}, Random{}, RobberLate{}}}.Run()
	if out := rep.Strategies[3]; out.Seated != 0 || out.WinRate != 0 || out.Mean != 0 {
		t.Errorf("the strategy that sat out: %+v", out)
	}
	if _, err := (Lab{Games: 1, Players: 2, Strategies: []Policy{Loner{}}}).Run(); err == nil {
		t.Error("two players ran")
	}
}

// lone lays its Star and its X alone: on positions 2 × turn and
// 2 × turn + 1, so that at a table of three everyone scores 2 a round.
type lone struct{}

func (lone) Name() string { return "lone" }

func (lone) Vote(v *View, _ *rand.Rand) (Card, int) {
	return Cards[v.Vote], 2*v.Turn + v.Vote
}

// TestLabFigures: two rounds of three lone voters: 4 points each, a
// three-way share of every game, 2 points a round at every turn; the
// seats and turns are numbered from 1; the line-up is the standard seven.
func TestLabFigures(t *testing.T) {
	rep, err := Lab{Games: 50, Seed: 1, Players: 3, Strategies: []Policy{lone{}}, Options: Options{RoundLimit: 2}}.Run()
	if err != nil {
		t.Fatal(err)
	}
	s := rep.Strategies[0]
	if rep.Heroes != LineUp || rep.MeanRounds != 2 || rep.Limited != 50 || s.Seated != 150 || s.Mean != 4 || s.WinRate != 0.3333 || s.Wins != 50 {
		t.Errorf("%+v; %+v", rep, s)
	}
	for i, st := range rep.Seats {
		if st.Seat != i+1 || st.Mean != 4 || st.WinRate != 0.3333 || st.Seated != 50 {
			t.Errorf("seat %+v", st)
		}
		if tp := rep.Turns[i]; tp.Turn != i+1 || tp.Mean != 2 || tp.StdErr != 0 {
			t.Errorf("turn %+v", tp)
		}
	}
}
