package slugfest

import (
	"math"
	"math/rand/v2"

	"github.com/deckpress/deckpress/rules/sim"
)

// Lab is a run of many games for each pair of teams.
type Lab struct {
	Games   int // per pair
	Seed    uint64
	Teams   []*Team
	Pairs   [][2]int // indices into Teams; nil: every pair of different teams
	Options Options
	Config  sim.Config
}

// Report is what a run measured, rounded to 4 decimals; intervals are
// 95 % Wilson intervals.
type Report struct {
	Games     int    `json:"games"`
	Seed      uint64 `json:"seed"`
	Comebacks bool   `json:"comebacks"`
	TurnLimit int    `json:"turn_limit"`
	Pairs     []Pair `json:"pairs"`
}

// Pair is the result of team A against team B.
type Pair struct {
	A        string     `json:"a"`
	B        string     `json:"b"`
	AWins    int        `json:"a_wins"`
	BWins    int        `json:"b_wins"`
	Ties     int        `json:"ties"`
	AWinRate float64    `json:"a_win_rate"`
	CI95     [2]float64 `json:"ci95"`
	// MeanTurns is the mean length of a game, in turns.
	MeanTurns float64 `json:"mean_turns"`
	// Comebacks is the mean number of heroes brought back a game.
	Comebacks float64 `json:"comebacks"`
	// ComebackGames is the share of games in which a hero came back.
	ComebackGames float64 `json:"comeback_games"`
	// KnockOuts are the mean knock-outs a game of each hero, A's then B's.
	KnockOuts []HeroKnockOuts `json:"knockouts"`
}

// HeroKnockOuts is how often a hero was knocked out, a game.
type HeroKnockOuts struct {
	Team string  `json:"team"`
	Hero string  `json:"hero"`
	Mean float64 `json:"mean"`
}

// Run plays the games of every pair.
func (l Lab) Run() (Report, error) {
	o := l.Options
	if o.TurnLimit == 0 {
		o.TurnLimit = DefaultTurnLimit
	}
	rep := Report{Games: l.Games, Seed: l.Seed, Comebacks: o.Comebacks, TurnLimit: o.TurnLimit}
	pairs := l.Pairs
	if pairs == nil {
		for i := range l.Teams {
			for j := i + 1; j < len(l.Teams); j++ {
				pairs = append(pairs, [2]int{i, j})
			}
		}
	}
	for _, pr := range pairs {
		a, b := l.Teams[pr[0]], l.Teams[pr[1]]
		m, err := NewMatch(a, b, o)
		if err != nil {
			return Report{}, err
		}
		p := Pair{A: a.Name, B: b.Name}
		var turns sim.Mean
		ko := [2][]int{make([]int, len(a.Members)), make([]int, len(b.Members))}
		backs, backGames := 0, 0
		// each game is added up as it ends, in game order: a run holds a
		// few results at a time, however many games it plays
		sim.Fold(l.Games, l.Seed, func(_ int, r *rand.Rand) Result { return m.Play(r) }, func(_ int, r Result) {
			switch r.Winner {
			case 0:
				p.AWins++
			case 1:
				p.BWins++
			default:
				p.Ties++
			}
			turns.Add(float64(r.Turns))
			for s := range ko {
				for h, n := range r.KnockedOut[s] {
					ko[s][h] += n
				}
			}
			backs += r.Comebacks[0] + r.Comebacks[1]
			if r.Comebacks[0]+r.Comebacks[1] > 0 {
				backGames++
			}
		}, l.Config)
		n := float64(l.Games)
		lo, hi := sim.Wilson(float64(p.AWins), l.Games, sim.Z95)
		p.AWinRate, p.CI95 = round4(float64(p.AWins)/n), [2]float64{round4(lo), round4(hi)}
		p.MeanTurns, p.Comebacks, p.ComebackGames = round4(turns.Value()), round4(float64(backs)/n), round4(float64(backGames)/n)
		for s, t := range []*Team{a, b} {
			for h, mem := range t.Members {
				p.KnockOuts = append(p.KnockOuts, HeroKnockOuts{Team: t.Name, Hero: mem.Hero, Mean: round4(float64(ko[s][h]) / n)})
			}
		}
		rep.Pairs = append(rep.Pairs, p)
	}
	return rep, nil
}

func round4(x float64) float64 { return math.Round(x*1e4) / 1e4 }
