package galaga

import (
	"math"
	"math/rand/v2"

	"github.com/deckpress/deckpress/rules/sim"
)

// Lab is a run of many games of one deck at one table.
type Lab struct {
	Games   int
	Seed    uint64
	Deck    *Deck
	Options Options
	Config  sim.Config
}

// Report is what a run measured, rounded to 4 decimals; intervals are
// 95 % Wilson intervals.
type Report struct {
	Games     int      `json:"games"`
	Seed      uint64   `json:"seed"`
	Players   int      `json:"players"`
	Policies  []string `json:"policies"` // by seat
	TurnLimit int      `json:"turn_limit"`
	// Ties are the games the turn limit ended.
	Ties      int        `json:"ties"`
	TieRate   float64    `json:"tie_rate"`
	MeanTurns float64    `json:"mean_turns"`
	Seats     []Seat     `json:"seats"`
	Cards     []CardPlay `json:"cards"`
}

// Seat is how one seat did; seat 1 plays first.
type Seat struct {
	Seat    int        `json:"seat"`
	Wins    int        `json:"wins"`
	WinRate float64    `json:"win_rate"`
	CI95    [2]float64 `json:"ci95"`
	// DecisiveRate is the seat's share of the games somebody won.
	DecisiveRate float64 `json:"decisive_win_rate"`
}

// CardPlay is what one card of the deck did over the run.
type CardPlay struct {
	Card string `json:"card"`
	Kind string `json:"kind"`
	// Played counts its plays; Effective those that took effect (see
	// Result).
	Played    int `json:"played"`
	Effective int `json:"effective"`
	// PlayedGames counts the (game, player) pairs in which the player
	// played it; WinRate is the share of them the player won.
	PlayedGames int     `json:"played_games"`
	WinRate     float64 `json:"win_rate_when_played"`
	// NeverEffective flags a card that never took effect in the run
	// (never played, or never with anything to act on).
	NeverEffective bool `json:"never_effective"`
}

// Run plays the games.
func (l Lab) Run() (Report, error) {
	m, err := NewMatch(l.Deck, l.Options)
	if err != nil {
		return Report{}, err
	}
	n := len(l.Options.Policies)
	rep := Report{Games: l.Games, Seed: l.Seed, Players: n, TurnLimit: m.opts.TurnLimit}
	for _, p := range l.Options.Policies {
		rep.Policies = append(rep.Policies, p.Name())
	}
	wins := make([]int, n)
	k := len(l.Deck.Cards)
	played, effective, games, won := make([]int, k), make([]int, k), make([]int, k), make([]int, k)
	var turns sim.Mean
	// each game is added up as it ends, in game order: a run holds a few
	// results at a time, however many games it plays
	sim.Fold(l.Games, l.Seed, func(_ int, r *rand.Rand) Result { return m.Play(r) }, func(_ int, r Result) {
		turns.Add(float64(r.Turns))
		if r.Winner < 0 {
			rep.Ties++
		} else {
			wins[r.Winner]++
		}
		for c := range k {
			played[c] += r.Played[c]
			effective[c] += r.Effective[c]
			for s := range n {
				if r.PlayedBy[s][c] {
					games[c]++
					if r.Winner == s {
						won[c]++
					}
				}
			}
		}
	}, l.Config)
	rep.TieRate, rep.MeanTurns = round4(float64(rep.Ties)/float64(l.Games)), round4(turns.Value())
	for s, w := range wins {
		lo, hi := sim.Wilson(float64(w), l.Games, sim.Z95)
		st := Seat{Seat: s + 1, Wins: w, WinRate: round4(float64(w) / float64(l.Games)), CI95: [2]float64{round4(lo), round4(hi)}}
		if decisive := l.Games - rep.Ties; decisive > 0 {
			st.DecisiveRate = round4(float64(w) / float64(decisive))
		}
		rep.Seats = append(rep.Seats, st)
	}
	for c, card := range l.Deck.Cards {
		cp := CardPlay{Card: card.Title, Kind: card.Kind.String(), Played: played[c], Effective: effective[c], PlayedGames: games[c],
			NeverEffective: effective[c] == 0}
		if games[c] > 0 {
			cp.WinRate = round4(float64(won[c]) / float64(games[c]))
		}
		rep.Cards = append(rep.Cards, cp)
	}
	return rep, nil
}

func round4(x float64) float64 { return math.Round(x*1e4) / 1e4 }
