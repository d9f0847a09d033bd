package cli

import (
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/deckpress/deckpress/output/build/simulate"
	"github.com/deckpress/deckpress/rules/audition"
	"github.com/deckpress/deckpress/rules/sim"
)

// AuditionOptions are the options of deckpress sim audition.
type AuditionOptions struct {
	Factory *Factory
	Deck    string // "": the kit's

	runFlags
	players    int
	strategies []string
	variant    bool
	score      string
	report     labReport
}

func newSimAuditionCmd(f *Factory) *cobra.Command {
	o := &AuditionOptions{Factory: f}
	cmd := &cobra.Command{
		Use:   "audition [DECK] | --score ROUND.yaml",
		Short: "Play Superhero Audition with voting strategies, or score one round",
		Long: `audition plays Superhero Audition many times with a table of voting strategies
and prints, per strategy and per seat, the mean score and the win rate (a shared
win counts its share) with 95 % Wilson intervals, and the mean points a round
of the player voting first, second, … in it. Each strategy plays equally
often, seated in a random order drawn from the game's seed. DECK gives the hero deck
(its cards of kind hero; the line-up is seven of them); without it, the kit's.

Strategies: random; loner (Star and X where no card lies yet); follower (Star
and X on the hero with most cards); robber-late (a Star or X first, the
Robber last on the hero with most cards).

--score ROUND.yaml prints the points of one round: the file lists
votes: [{player: 1, card: star|x|robber, hero: NAME}, …] and, optionally,
lineup: [NAME, …] nearest the crisis deck first, to see who moves and who is
eliminated.`,
		Args: positional(0, 1, "at most one FILE"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if o.score != "" {
				if len(args) > 0 {
					return flagErrorf("--score reads a round file; a deck (%s) has no place here", args[0])
				}
				return runAuditionScore(o)
			}
			if len(args) == 1 {
				o.Deck = args[0]
			}
			return runAuditionLab(o)
		},
	}
	fl := cmd.Flags()
	o.runFlags.add(fl, "games to play", maxGames, "plays with chance")
	fl.IntVar(&o.players, "players", 4, "players at the table, 3 to 6")
	fl.StringSliceVar(&o.strategies, "strategies", []string{"loner", "follower", "random", "robber-late"}, "the strategies at the table, rotated over the seats")
	fl.BoolVar(&o.variant, "variant", false, "the commenters' variant: the round's best scorer takes the eliminated hero; most heroes wins")
	fl.StringVar(&o.score, "score", "", "score the round of this file instead of playing")
	o.report.register(fl, "")
	return cmd
}

func runAuditionScore(o *AuditionOptions) error {
	env := o.Factory.Env
	r, diags := simulate.ScoreRound(o.Factory.BuildEnv(), o.score)
	if report(env.Err, diags) > 0 || r == nil {
		return fmt.Errorf("nothing scored")
	}
	if o.asJSON {
		return printJSON(env.Out, r)
	}
	for _, p := range r.Players {
		fmt.Fprintf(env.Out, "player %d: %+d\n", p.Player, p.Points)
	}
	if r.Moved != nil {
		fmt.Fprintf(env.Out, "moves next to the crisis deck: %s\neliminated: %s\n", *r.Moved, *r.Eliminated)
	}
	return nil
}

func runAuditionLab(o *AuditionOptions) error {
	env := o.Factory.Env
	if err := o.runFlags.check(); err != nil {
		return err
	}
	switch {
	case o.players < 3 || o.players > 6:
		return flagErrorf("--players: %d is out of range (3 to 6)", o.players)
	case len(o.strategies) == 0:
		return flagErrorf("--strategies: name at least one")
	}
	if err := o.report.parse(); err != nil {
		return err
	}
	var ps []audition.Policy
	for _, s := range o.strategies {
		p, err := audition.ParsePolicy(s)
		if err != nil {
			return flagErrorf("--strategies: %w", err)
		}
		ps = append(ps, p)
	}
	heroes, diags := simulate.AuditionHeroes(o.Factory.BuildEnv(), o.Deck)
	if report(env.Err, diags) > 0 {
		return fmt.Errorf("nothing played")
	}
	cb, stop := progress(env)
	rep, err := audition.Lab{Games: o.games, Seed: o.seed, Players: o.players, Strategies: ps,
		Options: audition.Options{Variant: o.variant, Heroes: min(heroes, audition.LineUp)}, Config: sim.Config{Progress: cb}}.Run()
	stop()
	if err != nil {
		return err
	}
	return o.report.finish(o.Factory, o.asJSON, rep, func(w io.Writer) { printAudition(w, rep) }, simulate.AuditionSheet(rep))
}

func printAudition(w io.Writer, r audition.Report) {
	kept := "points kept"
	if r.Variant {
		kept = "the variant (scores are hero cards taken)"
	}
	fmt.Fprintf(w, "Superhero Audition: %d games, seed %d, %d players, a line-up of %d, %s\n", r.Games, r.Seed, r.Players, r.Heroes, kept)
	fmt.Fprintf(w, "mean rounds %.2f (%d games ended by the %d-round limit); a fair share of wins is %s\n\n",
		r.MeanRounds, r.Limited, audition.DefaultRoundLimit, pct(1/float64(r.Players)))
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "strategy\tseats\tmean score\twin rate\t95 % interval")
	for _, s := range r.Strategies {
		fmt.Fprintf(tw, "%s\t%d\t%.2f ± %.2f\t%s\t%s\n", s.Strategy, s.Seated, s.Mean, 1.96*s.StdErr, pct(s.WinRate), interval(s.CI95))
	}
	fmt.Fprintln(tw, "\t\t\t\t")
	fmt.Fprintln(tw, "seat (1 starts)\tgames\tmean score\twin rate\t95 % interval")
	for _, s := range r.Seats {
		fmt.Fprintf(tw, "%d\t%d\t%.2f ± %.2f\t%s\t%s\n", s.Seat, s.Seated, s.Mean, 1.96*s.StdErr, pct(s.WinRate), interval(s.CI95))
	}
	tw.Flush()
	fmt.Fprint(w, "\nmean points a round by voting turn:")
	for _, t := range r.Turns {
		fmt.Fprintf(w, "  %d. %.3f ± %.3f", t.Turn, t.Mean, 1.96*t.StdErr)
	}
	fmt.Fprintln(w)
}
