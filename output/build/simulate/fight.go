package simulate

import (
	"math"
	"math/rand/v2"

	"github.com/deckpress/deckpress/rules/gladiators/combat"
	"github.com/deckpress/deckpress/rules/sim"
)

// Run says how fights are played and described.
type Run struct {
	Games    int    // games to play (round robin: per pair and side)
	Seed     uint64 // game i plays with dice made from (Seed, i)
	Options  combat.Options
	Policy   string   // the policy's name, for the report
	Arena    string   // the ground's description
	Optional []string // the optional rules on, sorted
	// Progress, when not nil, is told how many games are done.
	Progress func(done, total int)
}

// DuelReport is a fight's numbers (per hero and power: per game,
// averaged), in the JSON shape deckpress sim prints.
type DuelReport struct {
	Games     int          `json:"games"`
	Seed      uint64       `json:"seed"`
	Policy    string       `json:"policy"`
	Arena     string       `json:"arena"`
	Optional  []string     `json:"optional"`
	TurnLimit int          `json:"turn_limit"`
	MeanTurns float64      `json:"mean_turns"`
	Sides     []SideResult `json:"sides"`
	Heroes    []HeroResult `json:"heroes"`
}

// SideResult is a side's wins, losses and ties, with the 95 % Wilson
// interval of its win rate.
type SideResult struct {
	Name    string     `json:"name"`
	Wins    int        `json:"wins"`
	Losses  int        `json:"losses"`
	Ties    int        `json:"ties"`
	WinRate float64    `json:"win_rate"`
	CI95    [2]float64 `json:"ci95"`
}

// HeroResult is what a hero did in a game, on average.
type HeroResult struct {
	Hero            string        `json:"hero"`
	Side            string        `json:"side"`
	Actions         float64       `json:"actions"`
	Hits            float64       `json:"hits"`
	DamageDealt     float64       `json:"damage_dealt"`
	DamageTaken     float64       `json:"damage_taken"`
	GizmosDestroyed float64       `json:"gizmos_destroyed"`
	FaintRate       float64       `json:"faint_rate"`
	Powers          []PowerResult `json:"powers"`
}

// PowerResult is what a power did in a game, on average.
type PowerResult struct {
	Power    string   `json:"power"`
	Uses     float64  `json:"uses"`
	Hits     float64  `json:"hits"`
	Damage   float64  `json:"damage"`
	Saved    float64  `json:"saved"`
	UsesLeft *float64 `json:"uses_left"` // null: unlimited
}

// heroTotals adds up one hero's results over the games.
type heroTotals struct {
	actions, hits, dealt, taken, gizmos, fainted int
	powers                                       []powerTotals
}

type powerTotals struct{ uses, hits, damage, saved, left int }

// Duel fights side a (sides[0]) against side b on board r.Games times.
func Duel(board *combat.Board, sides [2]Side, r Run) (DuelReport, error) {
	m, err := combat.NewMatch(board, [2][]combat.Hero{sides[0].Heroes, sides[1].Heroes}, r.Options)
	if err != nil {
		return DuelReport{}, err
	}
	var out [2]sim.Outcomes
	var turns sim.Mean
	var heroes []combat.Hero
	var sideOf []int
	for s, side := range sides {
		for _, h := range side.Heroes {
			heroes, sideOf = append(heroes, h), append(sideOf, s)
		}
	}
	tot := make([]heroTotals, len(heroes))
	for i, h := range heroes {
		tot[i].powers = make([]powerTotals, len(h.Powers))
	}
	sim.Fold(r.Games, r.Seed, func(i int, rnd *rand.Rand) combat.Result {
		return m.Play(combat.RandDice(rnd))
	}, func(_ int, res combat.Result) {
		switch res.Winner {
		case 0:
			out[0].Wins++
		case 1:
			out[0].Losses++
		default:
			out[0].Ties++
		}
		turns.Add(float64(res.Turns))
		for i, hr := range res.Heroes {
			t := &tot[i]
			t.actions += hr.Actions
			t.hits += hr.Hits
			t.dealt += hr.Dealt
			t.taken += hr.Taken
			t.gizmos += hr.GizmosBroken
			if hr.Fainted {
				t.fainted++
			}
			for k, pr := range hr.Powers {
				p := &t.powers[k]
				p.uses += pr.Uses
				p.hits += pr.Hits
				p.damage += pr.Damage
				p.saved += pr.Saved
				p.left += pr.Left
			}
		}
	}, sim.Config{Progress: r.Progress})
	out[1] = out[0].Swap()
	n := float64(r.Games)
	per := func(x int) float64 { return round3(float64(x) / n) }
	j := DuelReport{Games: r.Games, Seed: r.Seed, Policy: r.Policy, Arena: r.Arena, Optional: orEmpty(r.Optional),
		TurnLimit: r.Options.TurnLimit, MeanTurns: round3(turns.Value())}
	for s, side := range sides {
		lo, hi := out[s].WinCI()
		j.Sides = append(j.Sides, SideResult{Name: side.Name, Wins: out[s].Wins, Losses: out[s].Losses, Ties: out[s].Ties,
			WinRate: round3(out[s].WinRate()), CI95: [2]float64{round3(lo), round3(hi)}})
	}
	for i, h := range heroes {
		t := tot[i]
		hj := HeroResult{Hero: h.Name, Side: sides[sideOf[i]].Name, Actions: per(t.actions), Hits: per(t.hits),
			DamageDealt: per(t.dealt), DamageTaken: per(t.taken), GizmosDestroyed: per(t.gizmos), FaintRate: per(t.fainted)}
		for k, p := range h.Powers {
			pt := t.powers[k]
			pj := PowerResult{Power: p.Name, Uses: per(pt.uses), Hits: per(pt.hits), Damage: per(pt.damage), Saved: per(pt.saved)}
			if p.Uses != combat.Unlimited {
				left := per(pt.left)
				pj.UsesLeft = &left
			}
			hj.Powers = append(hj.Powers, pj)
		}
		j.Heroes = append(j.Heroes, hj)
	}
	return j, nil
}

// RobinReport is a round robin's numbers, in the JSON shape deckpress
// sim prints.
type RobinReport struct {
	Games     int          `json:"games"` // per pair and side
	Seed      uint64       `json:"seed"`
	Policy    string       `json:"policy"`
	Arena     string       `json:"arena"`
	Optional  []string     `json:"optional"`
	TurnLimit int          `json:"turn_limit"`
	Heroes    []EntrantRow `json:"heroes"`
	// Matrix[i][k] is hero i's score against hero k (null on the diagonal).
	Matrix [][]*float64 `json:"matrix"`
	Fit    Fit          `json:"fit"`
	Report []string     `json:"report,omitempty"` // the report files written
}

// EntrantRow is a hero's line of the balance table.
type EntrantRow struct {
	Hero     string     `json:"hero"`
	From     string     `json:"from"`
	Points   int        `json:"points"`
	Wins     int        `json:"wins"`
	Losses   int        `json:"losses"`
	Ties     int        `json:"ties"`
	Score    float64    `json:"score"`
	CI95     [2]float64 `json:"ci95"`
	Expected float64    `json:"expected"`
	Off      float64    `json:"off"`
	Flag     string     `json:"flag"`
	TopPower string     `json:"top_power"`
}

// Fit is the line of score against points.
type Fit struct {
	Intercept float64 `json:"intercept"`
	Slope     float64 `json:"slope"`
}

// RoundRobin fights every entrant against every other, one on one, on
// both sides, r.Games games a pair and side.
func RoundRobin(board *combat.Board, es []combat.Entrant, r Run) (RobinReport, error) {
	t, err := combat.RoundRobin{Games: r.Games, Seed: r.Seed, Options: r.Options, Config: sim.Config{Progress: r.Progress}}.Play(board, es)
	if err != nil {
		return RobinReport{}, err
	}
	j := RobinReport{Games: r.Games, Seed: r.Seed, Policy: r.Policy, Arena: r.Arena, Optional: orEmpty(r.Optional), TurnLimit: r.Options.TurnLimit,
		Fit: Fit{Intercept: round6(t.Fit.Intercept), Slope: round6(t.Fit.Slope)}}
	for i, e := range es {
		row := t.Rows[i]
		j.Heroes = append(j.Heroes, EntrantRow{Hero: e.Hero.Name, From: e.From, Points: e.Points,
			Wins: row.Overall.Wins, Losses: row.Overall.Losses, Ties: row.Overall.Ties, Score: round3(row.Score),
			CI95: [2]float64{round3(row.Lo), round3(row.Hi)}, Expected: round3(row.Expected), Off: round3(row.Off), Flag: row.Flag, TopPower: row.Top})
		scores := make([]*float64, len(es))
		for k := range es {
			if k != i {
				v := round3(t.Pair[i][k].Score())
				scores[k] = &v
			}
		}
		j.Matrix = append(j.Matrix, scores)
	}
	return j, nil
}

func round3(x float64) float64 { return math.Round(x*1000) / 1000 }

func round6(x float64) float64 { return math.Round(x*1e6) / 1e6 }

func orEmpty(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
