package audition

import (
	"errors"
	"math"
	"math/rand/v2"

	"github.com/deckpress/deckpress/rules/sim"
)

// Lab is a run of many games: game i takes the strategies
// Strategies[(s + i) mod len(Strategies)] for s = 0 … Players−1, so that
// every strategy plays equally often, and seats them in an order drawn
// from the game's own generator, so that every seat meets every strategy
// and every mix alike.
type Lab struct {
	Games      int
	Seed       uint64
	Players    int
	Strategies []Policy
	Options    Options // Policies is filled in per game
	Config     sim.Config
}

// Report is what a run measured, rounded to 4 decimals. Win rates count a
// shared win as its share; intervals are 95 % Wilson intervals.
type Report struct {
	Games      int     `json:"games"`
	Seed       uint64  `json:"seed"`
	Players    int     `json:"players"`
	Variant    bool    `json:"variant"`
	Heroes     int     `json:"heroes"`
	MeanRounds float64 `json:"mean_rounds"`
	// Limited counts the games the round limit ended.
	Limited    int          `json:"limited"`
	Strategies []Standing   `json:"strategies"`
	Seats      []Standing   `json:"seats"`
	Turns      []TurnPoints `json:"turns"`
}

// Standing is how a strategy, or a seat, did: its mean score (points, or
// in the variant hero cards) and win rate over the seats it held.
type Standing struct {
	Strategy string     `json:"strategy,omitempty"`
	Seat     int        `json:"seat,omitempty"` // 1 holds the token in round 1
	Seated   int        `json:"seated"`         // seats held over the run
	Mean     float64    `json:"mean_score"`
	StdErr   float64    `json:"score_se"`
	Wins     float64    `json:"wins"`
	WinRate  float64    `json:"win_rate"`
	CI95     [2]float64 `json:"ci95"`
}

// TurnPoints is the mean points a round of the player who votes k-th in
// it (Turn 1 votes first).
type TurnPoints struct {
	Turn   int     `json:"turn"`
	Mean   float64 `json:"mean_points"`
	StdErr float64 `json:"points_se"`
}

// Run plays the games and adds them up.
func (l Lab) Run() (Report, error) {
	n, k := l.Players, len(l.Strategies)
	if k == 0 {
		return Report{}, errors.New("no strategies")
	}
	// seats returns game i's strategies by seat, as indices.
	seats := func(i int, r *rand.Rand) []int {
		idx := make([]int, n)
		for s := range idx {
			idx[s] = (s + i) % k
		}
		r.Shuffle(n, func(a, b int) { idx[a], idx[b] = idx[b], idx[a] })
		return idx
	}
	policies := func(idx []int) []Policy {
		ps := make([]Policy, len(idx))
		for s, j := range idx {
			ps[s] = l.Strategies[j]
		}
		return ps
	}
	heroes, err := l.Options.check(n)
	if err != nil {
		return Report{}, err
	}
	type game struct {
		res   Result
		strat []int
		err   error
	}
	play := func(i int, r *rand.Rand) game {
		o := l.Options
		idx := seats(i, r)
		o.Policies = policies(idx)
		res, err := Play(o, r)
		return game{res, idx, err}
	}
	rep := Report{Games: l.Games, Seed: l.Seed, Players: n, Variant: l.Options.Variant, Heroes: heroes}
	type acc struct {
		score sim.Mean
		wins  float64
	}
	strat, seat := make([]acc, k), make([]acc, n)
	turns := make([]sim.Mean, n)
	var rounds sim.Mean
	var failed error // the first game's, in game order, that could not be played
	// each game is added up as it ends, in game order: a run holds a few
	// results at a time, however many games it plays
	sim.Fold(l.Games, l.Seed, play, func(_ int, g game) {
		if failed != nil {
			return
		}
		if g.err != nil {
			failed = g.err
			return
		}
		rounds.Add(float64(g.res.Rounds))
		if g.res.Limited {
			rep.Limited++
		}
		for s := range n {
			for _, a := range []*acc{&strat[g.strat[s]], &seat[s]} {
				a.score.Add(float64(g.res.Scores[s]))
				a.wins += g.res.Wins[s]
			}
			turns[s].Add(float64(g.res.ByTurn[s]) / float64(g.res.Rounds))
		}
	}, l.Config)
	if failed != nil {
		return Report{}, failed
	}
	rep.MeanRounds = round4(rounds.Value())
	standing := func(a acc) Standing {
		lo, hi := sim.Wilson(a.wins, a.score.N, sim.Z95)
		rate := 0.0
		if a.score.N > 0 {
			rate = a.wins / float64(a.score.N)
		}
		return Standing{Seated: a.score.N, Mean: round4(a.score.Value()), StdErr: round4(a.score.StdErr()), Wins: round4(a.wins),
			WinRate: round4(rate), CI95: [2]float64{round4(lo), round4(hi)}}
	}
	for j, p := range l.Strategies {
		st := standing(strat[j])
		st.Strategy = p.Name()
		rep.Strategies = append(rep.Strategies, st)
	}
	for s := range n {
		st := standing(seat[s])
		st.Seat = s + 1
		rep.Seats = append(rep.Seats, st)
		rep.Turns = append(rep.Turns, TurnPoints{Turn: s + 1, Mean: round4(turns[s].Value()), StdErr: round4(turns[s].StdErr())})
	}
	return rep, nil
}

func round4(x float64) float64 { return math.Round(x*1e4) / 1e4 }
