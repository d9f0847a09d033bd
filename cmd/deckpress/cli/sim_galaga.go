package cli

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/deckpress/deckpress/output/build/simulate"
	"github.com/deckpress/deckpress/rules/galaga"
	"github.com/deckpress/deckpress/rules/sim"
)

// GalagaOptions are the options of deckpress sim galaga.
type GalagaOptions struct {
	Factory *Factory
	Deck    string // "": the kit's

	runFlags
	players int
	policy  []string
	turns   int
	report  labReport
}

func newSimGalagaCmd(f *Factory) *cobra.Command {
	o := &GalagaOptions{Factory: f}
	cmd := &cobra.Command{
		Use:   "galaga [DECK]",
		Short: "Play the Galaga card game and measure seats and cards",
		Long: `galaga plays the Galaga card game many times with a deck (without DECK, the
kit's; a deck of your own uses the same effect fields: value, augment, special)
and prints each seat's wins with 95 % Wilson intervals (seat 1 plays first),
the ties (games the turn limit ended), the mean length, and per card how often
it was played, how often it took effect, and the win rate of the players who
played it; a card that never took effect is flagged.

--policy greedy|random for every seat, or one name per seat.`,
		Args: positional(0, 1, "at most one FILE"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 {
				o.Deck = args[0]
			}
			return runSimGalaga(o)
		},
	}
	fl := cmd.Flags()
	o.runFlags.add(fl, "games to play", maxGames, "shuffles with chance")
	fl.IntVar(&o.players, "players", 4, "players at the table, 2 to 4")
	fl.StringSliceVar(&o.policy, "policy", []string{"greedy"}, "how players choose: greedy or random; one name, or one per seat")
	fl.IntVar(&o.turns, "turns", galaga.DefaultTurnLimit, fmt.Sprintf("the turn (each player's turn counts) after which a game is a tie, 1 to %d", maxTurns))
	o.report.register(fl, "")
	return cmd
}

func runSimGalaga(o *GalagaOptions) error {
	env := o.Factory.Env
	if err := o.runFlags.check(); err != nil {
		return err
	}
	if err := checkTurns(o.turns); err != nil {
		return err
	}
	switch {
	case o.players < 2 || o.players > 4:
		return flagErrorf("--players: %d is out of range (2 to 4)", o.players)
	case len(o.policy) != 1 && len(o.policy) != o.players:
		return flagErrorf("--policy: %d names for %d players; give one, or one per seat", len(o.policy), o.players)
	}
	if err := o.report.parse(); err != nil {
		return err
	}
	opts := galaga.Options{TurnLimit: o.turns}
	for s := range o.players {
		p, err := galaga.ParsePolicy(o.policy[min(s, len(o.policy)-1)])
		if err != nil {
			return flagErrorf("--policy: %w", err)
		}
		opts.Policies = append(opts.Policies, p)
	}
	deck, diags := simulate.LoadGalaga(o.Factory.BuildEnv(), o.Deck)
	if report(env.Err, diags) > 0 || deck == nil {
		return fmt.Errorf("nothing played")
	}
	cb, stop := progress(env)
	rep, err := galaga.Lab{Games: o.games, Seed: o.seed, Deck: deck, Options: opts, Config: sim.Config{Progress: cb}}.Run()
	stop()
	if err != nil {
		return err
	}
	return o.report.finish(o.Factory, o.asJSON, rep, func(w io.Writer) { printGalaga(w, rep) }, simulate.GalagaSheet(rep))
}

func printGalaga(w io.Writer, r galaga.Report) {
	fmt.Fprintf(w, "Galaga card game: %d games, seed %d, %d players (%s), a tie after turn %d\n", r.Games, r.Seed, r.Players, strings.Join(r.Policies, ", "), r.TurnLimit)
	fmt.Fprintf(w, "ties %s (%d games), mean length %.1f turns\n\n", pct(r.TieRate), r.Ties, r.MeanTurns)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "seat (1 plays first)\twins\twin rate\t95 % interval\tshare of won games")
	for _, s := range r.Seats {
		fmt.Fprintf(tw, "%d\t%d\t%s\t%s\t%s\n", s.Seat, s.Wins, pct(s.WinRate), interval(s.CI95), pct(s.DecisiveRate))
	}
	tw.Flush()
	fmt.Fprintln(w)
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "card\tkind\tplayed a game\ttook effect\twin rate when played\t")
	for _, c := range r.Cards {
		flag := ""
		if c.NeverEffective {
			flag = "never takes effect"
		}
		share := "—"
		if c.Played > 0 {
			share = pct(float64(c.Effective) / float64(c.Played))
		}
		fmt.Fprintf(tw, "%s\t%s\t%.2f\t%s\t%s\t%s\n", c.Card, c.Kind, float64(c.Played)/float64(r.Games), share, pct(c.WinRate), flag)
	}
	tw.Flush()
}
