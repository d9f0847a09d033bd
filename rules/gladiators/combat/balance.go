package combat

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/deckpress/deckpress/rules/sim"
)

// Entrant is a hero in a round robin.
type Entrant struct {
	Hero   Hero
	From   string // where it comes from: a file, a team, the random pool
	Points int    // points spent
}

// RoundRobin says how a round robin is played.
type RoundRobin struct {
	Games   int    // per hero per foe per side: each pair fights 2 × Games times
	Seed    uint64 // the run's seed
	Options Options
	Config  sim.Config
}

// FlagSE is how many standard errors off the fit flag a hero.
const FlagSE = 2

// Table is a round robin's outcome.
type Table struct {
	Entrants []Entrant
	Games    int // per pair and side
	// Pair[i][j] is i's results against j, both sides.
	Pair [][]sim.Outcomes
	Rows []Row
	// Fit is the least-squares line of score against points.
	Fit sim.Line
}

// Row is one hero's line of the balance table.
type Row struct {
	Overall sim.Outcomes // against every other hero, both sides
	// Score is (wins + ties ÷ 2) ÷ games, with its 95 % Wilson interval.
	Score, Lo, Hi float64
	Expected      float64 // the fit's score at its points
	// Off is how many standard errors the score lies off the fit drawn
	// through the other heroes (sim.DeletedResiduals).
	Off  float64
	Flag string // "too strong", "too weak" or ""
	// Damage is the oomph damage each of its powers dealt, in its order;
	// Top names the one that dealt most ("" when none did).
	Damage []int
	Top    string
}

// Play plays every hero against every other, one on one, each as side 1
// and as side 2, and makes the balance table.
func (rr RoundRobin) Play(b *Board, es []Entrant) (*Table, error) {
	n := len(es)
	if n < 2 {
		return nil, fmt.Errorf("a round robin needs at least two heroes, not %d", n)
	}
	if rr.Games < 1 {
		return nil, fmt.Errorf("a round robin needs at least one game a pair, not %d", rr.Games)
	}
	type pair struct{ a, b int }
	var pairs []pair
	var matches []*Match
	for i := range es {
		for j := range es {
			if i == j {
				continue
			}
			m, err := NewMatch(b, [2][]Hero{{es[i].Hero}, {es[j].Hero}}, rr.Options)
			if err != nil {
				return nil, err
			}
			pairs, matches = append(pairs, pair{i, j}), append(matches, m)
		}
	}
	t := &Table{Entrants: es, Games: rr.Games, Pair: make([][]sim.Outcomes, n), Rows: make([]Row, n)}
	for i := range n {
		t.Pair[i] = make([]sim.Outcomes, n)
		t.Rows[i].Damage = make([]int, len(es[i].Hero.Powers))
	}
	sim.Fold(len(pairs)*rr.Games, rr.Seed, func(k int, r *rand.Rand) Result {
		return matches[k/rr.Games].Play(RandDice(r))
	}, func(k int, r Result) {
		p := pairs[k/rr.Games]
		var o sim.Outcomes
		switch r.Winner {
		case 0:
			o.Wins = 1
		case 1:
			o.Losses = 1
		default:
			o.Ties = 1
		}
		t.Pair[p.a][p.b].Add(o)
		t.Pair[p.b][p.a].Add(o.Swap())
		for side, h := range []int{p.a, p.b} {
			for pi, pr := range r.Heroes[side].Powers {
				t.Rows[h].Damage[pi] += pr.Damage
			}
		}
	}, rr.Config)
	xs, ys := make([]float64, n), make([]float64, n)
	for i := range n {
		row := &t.Rows[i]
		for j := range n {
			row.Overall.Add(t.Pair[i][j])
		}
		row.Score = row.Overall.Score()
		row.Lo, row.Hi = row.Overall.ScoreCI()
		best := 0
		for pi, d := range row.Damage {
			if d > best {
				best, row.Top = d, es[i].Hero.Powers[pi].Name
			}
		}
		xs[i], ys[i] = float64(es[i].Points), row.Score
	}
	t.Fit = sim.FitLine(xs, ys)
	for i, off := range sim.DeletedResiduals(xs, ys) {
		row := &t.Rows[i]
		row.Expected, row.Off = t.Fit.At(xs[i]), off
		switch {
		case off > FlagSE:
			row.Flag = "too strong"
		case off < -FlagSE:
			row.Flag = "too weak"
		}
		if math.IsInf(off, 0) {
			row.Off = math.Copysign(99, off)
		}
	}
	return t, nil
}
