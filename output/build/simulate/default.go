package simulate

import (
	"fmt"
	"strings"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/output/build"
	labreport "github.com/deckpress/deckpress/output/report"
	"github.com/deckpress/deckpress/rules/audition"
	"github.com/deckpress/deckpress/rules/galaga"
	"github.com/deckpress/deckpress/rules/gladiators/combat"
	"github.com/deckpress/deckpress/rules/sim"
	"github.com/deckpress/deckpress/rules/slugfest"
	"github.com/deckpress/deckpress/templates/draw"
)

// Games are the labs Default runs.
var Games = []string{"audition", "galaga", "gladiators", "slugfest"}

// Sheet is a game lab's report (SlugfestSheet, GalagaSheet,
// AuditionSheet), for WriteSheet.
type Sheet = labreport.Sheet

// Default runs a game's lab with the command line's default options
// (greedy players, four at Galaga and Audition with the default
// strategies, the open field for Gladiators) on the game's file in env
// (none: the kit's; Gladiators: a round robin of the heroes of every file
// given, or the kit's), and returns its numbers, in the shape of
// deckpress sim GAME --json, and its report on paper.
func Default(env build.Env, game string, inputs []string, games int, seed uint64, progress func(done, total int), paper layout.Size) (any, *draw.Document, error) {
	path := ""
	if len(inputs) > 0 {
		path = inputs[0]
	}
	cfg := sim.Config{Progress: progress}
	switch game {
	case "slugfest":
		teams, diags := LoadSlugfest(env, path)
		if err := failed(diags, len(teams) >= 2, "the file needs two teams"); err != nil {
			return nil, nil, err
		}
		rep, err := slugfest.Lab{Games: games, Seed: seed, Teams: teams, Options: slugfest.Options{}, Config: cfg}.Run()
		return rep, labreport.SheetDocument(SlugfestSheet(rep, "greedy"), paper), err
	case "galaga":
		deck, diags := LoadGalaga(env, path)
		if err := failed(diags, deck != nil, "not a Galaga deck"); err != nil {
			return nil, nil, err
		}
		opts := galaga.Options{Policies: []galaga.Policy{galaga.Greedy{}, galaga.Greedy{}, galaga.Greedy{}, galaga.Greedy{}}}
		rep, err := galaga.Lab{Games: games, Seed: seed, Deck: deck, Options: opts, Config: cfg}.Run()
		return rep, labreport.SheetDocument(GalagaSheet(rep), paper), err
	case "audition":
		heroes, diags := AuditionHeroes(env, path)
		if err := failed(diags, heroes >= 2, "the deck needs two hero cards"); err != nil {
			return nil, nil, err
		}
		var strategies []audition.Policy
		for _, name := range []string{"loner", "follower", "random", "robber-late"} { // as deckpress sim audition
			p, err := audition.ParsePolicy(name)
			if err != nil {
				return nil, nil, err
			}
			strategies = append(strategies, p)
		}
		rep, err := audition.Lab{Games: games, Seed: seed, Players: 4, Strategies: strategies,
			Options: audition.Options{Heroes: min(heroes, audition.LineUp)}, Config: cfg}.Run()
		return rep, labreport.SheetDocument(AuditionSheet(rep), paper), err
	case "gladiators":
	default:
		return nil, nil, fmt.Errorf("unknown game %q; games: %s", game, strings.Join(Games, ", "))
	}
	es, diags := Entrants(env, inputs, "", 0, seed)
	if err := failed(diags, len(es) >= 2, "a round robin needs two heroes"); err != nil {
		return nil, nil, err
	}
	board, err := combat.NewBoard(combat.OpenField())
	if err != nil {
		return nil, nil, err
	}
	ar := combat.OpenField()
	policy := combat.Policies[0]
	run := Run{Games: games, Seed: seed, Policy: policy.Name(), Progress: progress,
		Arena:   fmt.Sprintf("open field, %d × %d hexes", ar.Cols, ar.Rows),
		Options: combat.Options{Policies: [2]combat.Policy{policy, policy}, TurnLimit: combat.DefaultTurnLimit}}
	j, err := RoundRobin(board, es, run)
	return j, ReportDocument(j, paper), err
}

// failed is the error of a lab's inputs: their first error, or what is
// missing when ok is false.
func failed(diags cards.Diagnostics, ok bool, missing string) error {
	if err := diags.Err(); err != nil {
		return err
	}
	if !ok {
		return fmt.Errorf("%s", missing)
	}
	return nil
}
