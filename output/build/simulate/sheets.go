package simulate

import (
	"fmt"
	"slices"
	"strings"

	labreport "github.com/deckpress/deckpress/output/report"
	"github.com/deckpress/deckpress/rules/audition"
	"github.com/deckpress/deckpress/rules/galaga"
	"github.com/deckpress/deckpress/rules/slugfest"
	"github.com/deckpress/deckpress/templates/draw"
)

// The report sheets of the other games' labs: each chart answers one of
// the questions the lab is run for, with the same numbers as the
// command's table, intervals as whiskers.

// Colours of the bars: a side, the other side, and what is flagged.
var (
	sideA   = draw.Colour{R: 200, G: 40, B: 40, A: 255}
	sideB   = draw.Colour{R: 40, G: 90, B: 200, A: 255}
	flagged = draw.Colour{R: 230, G: 140, B: 20, A: 255}
)

func pct(v float64) string { return fmt.Sprintf("%.1f %%", 100*v) }

// SlugfestSheet: who beats whom (each pair's win rate of A with its
// interval, and the matrix of the teams), how long games last, and the
// knock-outs per hero.
func SlugfestSheet(r slugfest.Report, policy string) *labreport.Sheet {
	rule := "comebacks off"
	if r.Comebacks {
		rule = "comebacks on"
	}
	s := &labreport.Sheet{Title: "Superhero Slugfest lab",
		Subtitle: fmt.Sprintf("%d games a pair, seed %d, policy %s, %s, a tie after turn %d", r.Games, r.Seed, policy, rule, r.TurnLimit)}
	wins := labreport.Chart{Title: "Win rate of the first team named, against the second (ties count as neither), with its 95 % interval",
		Max: 1, Percent: true, Mark: 0.5, MarkLabel: "even"}
	turns := labreport.Chart{Title: "Mean game length, turns"}
	var teams []string
	for _, p := range r.Pairs {
		label := p.A + " v " + p.B
		wins.Bars = append(wins.Bars, labreport.Bar{Label: label, Value: p.AWinRate, Lo: p.CI95[0], Hi: p.CI95[1], Text: pct(p.AWinRate), Colour: sideA})
		turns.Bars = append(turns.Bars, labreport.Bar{Label: label, Value: p.MeanTurns, Text: fmt.Sprintf("%.1f", p.MeanTurns)})
		for _, t := range []string{p.A, p.B} {
			if !slices.Contains(teams, t) {
				teams = append(teams, t)
			}
		}
	}
	s.Charts = append(s.Charts, wins, turns)
	for _, p := range r.Pairs {
		ko := labreport.Chart{Title: fmt.Sprintf("Knock-outs a game, per hero: %s against %s", p.A, p.B)}
		for _, k := range p.KnockOuts {
			c := sideA
			if k.Team != p.A {
				c = sideB
			}
			ko.Bars = append(ko.Bars, labreport.Bar{Label: k.Hero, Value: k.Mean, Text: fmt.Sprintf("%.2f", k.Mean), Colour: c})
		}
		s.Charts = append(s.Charts, ko)
	}
	if len(teams) > 2 {
		m := labreport.Matrix{Title: "Win rate of each row's team against each column's (ties count as neither)", Scale: "win rate, %"}
		index := map[string]int{}
		for i, t := range teams {
			index[t] = i
			m.Names = append(m.Names, fmt.Sprintf("%s  %d", t, i+1))
			m.Cells = append(m.Cells, make([]float64, len(teams)))
		}
		for _, p := range r.Pairs {
			a, b := index[p.A], index[p.B]
			m.Cells[a][b] = p.AWinRate
			m.Cells[b][a] = float64(p.BWins) / float64(max(1, r.Games))
		}
		s.Matrices = append(s.Matrices, m)
	}
	if r.Comebacks {
		var parts []string
		for _, p := range r.Pairs {
			parts = append(parts, fmt.Sprintf("%s v %s %.2f a game (in %s of games)", p.A, p.B, p.Comebacks, pct(p.ComebackGames)))
		}
		s.Note = "The comeback rule fired: " + strings.Join(parts, "; ") + "."
	}
	return s
}

// GalagaSheet: the first player's advantage (win rate by seat against a
// fair share), and per card how often it is played and the win rate of
// the player who played it; cards that never take effect are flagged.
func GalagaSheet(r galaga.Report) *labreport.Sheet {
	s := &labreport.Sheet{Title: "Galaga card game lab",
		Subtitle: fmt.Sprintf("%d games, seed %d, %d players (%s), a tie after turn %d; ties %s, mean length %.1f turns",
			r.Games, r.Seed, r.Players, strings.Join(r.Policies, ", "), r.TurnLimit, pct(r.TieRate), r.MeanTurns)}
	fair := 1 / float64(max(1, r.Players))
	seats := labreport.Chart{Title: "Win rate by seat (seat 1 plays first), with its 95 % interval", Max: 1, Percent: true,
		Mark: fair, MarkLabel: "a fair share"}
	for _, st := range r.Seats {
		seats.Bars = append(seats.Bars, labreport.Bar{Label: fmt.Sprintf("seat %d", st.Seat), Value: st.WinRate, Lo: st.CI95[0], Hi: st.CI95[1], Text: pct(st.WinRate), Colour: sideA})
	}
	played := labreport.Chart{Title: "Times a card is played in a game (orange: never takes effect)"}
	won := labreport.Chart{Title: "Win rate of a player who played the card", Max: 1, Percent: true, Mark: fair, MarkLabel: "a fair share"}
	var never []string
	for _, c := range r.Cards {
		col := draw.Colour{}
		if c.NeverEffective {
			col = flagged
			never = append(never, c.Card)
		}
		label := c.Card + " (" + c.Kind + ")"
		n := float64(c.Played) / float64(max(1, r.Games))
		played.Bars = append(played.Bars, labreport.Bar{Label: label, Value: n, Text: fmt.Sprintf("%.2f", n), Colour: col})
		won.Bars = append(won.Bars, labreport.Bar{Label: label, Value: c.WinRate, Text: pct(c.WinRate), Colour: col})
	}
	s.Charts = append(s.Charts, seats, played, won)
	if len(never) == 0 {
		s.Note = "Every card took effect in these games."
	} else {
		s.Note = "Never took effect: " + strings.Join(never, ", ") + "."
	}
	return s
}

// AuditionSheet: whether a strategy dominates (win rate and mean score
// per strategy), whether a seat is an advantage, and the points a round
// by voting turn (does voting last pay?).
func AuditionSheet(r audition.Report) *labreport.Sheet {
	kept := "points kept"
	if r.Variant {
		kept = "the variant (scores are hero cards taken)"
	}
	s := &labreport.Sheet{Title: "Superhero Audition lab",
		Subtitle: fmt.Sprintf("%d games, seed %d, %d players, a line-up of %d, %s; mean rounds %.2f",
			r.Games, r.Seed, r.Players, r.Heroes, kept, r.MeanRounds)}
	fair := 1 / float64(max(1, r.Players))
	strat := labreport.Chart{Title: "Win rate by strategy (shared wins split), with its 95 % interval", Max: 1, Percent: true, Mark: fair, MarkLabel: "a fair share"}
	score := labreport.Chart{Title: "Mean score by strategy, with its 95 % interval"}
	for _, st := range r.Strategies {
		strat.Bars = append(strat.Bars, labreport.Bar{Label: st.Strategy, Value: st.WinRate, Lo: st.CI95[0], Hi: st.CI95[1], Text: pct(st.WinRate), Colour: sideA})
		score.Bars = append(score.Bars, labreport.Bar{Label: st.Strategy, Value: st.Mean, Lo: st.Mean - 1.96*st.StdErr, Hi: st.Mean + 1.96*st.StdErr,
			Text: fmt.Sprintf("%.2f", st.Mean), Colour: sideB})
	}
	seats := labreport.Chart{Title: "Win rate by seat (seat 1 holds the token in round 1), with its 95 % interval", Max: 1, Percent: true, Mark: fair, MarkLabel: "a fair share"}
	for _, st := range r.Seats {
		seats.Bars = append(seats.Bars, labreport.Bar{Label: fmt.Sprintf("seat %d", st.Seat), Value: st.WinRate, Lo: st.CI95[0], Hi: st.CI95[1], Text: pct(st.WinRate), Colour: sideA})
	}
	turns := labreport.Chart{Title: "Mean points a round by voting turn (1 votes first), with its 95 % interval"}
	for _, t := range r.Turns {
		turns.Bars = append(turns.Bars, labreport.Bar{Label: fmt.Sprintf("turn %d", t.Turn), Value: t.Mean, Lo: t.Mean - 1.96*t.StdErr, Hi: t.Mean + 1.96*t.StdErr,
			Text: fmt.Sprintf("%.3f", t.Mean), Colour: sideB})
	}
	s.Charts = append(s.Charts, strat, score, seats, turns)
	return s
}
