package cli

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/deckpress/deckpress/output/build/simulate"
	"github.com/deckpress/deckpress/rules/sim"
	"github.com/deckpress/deckpress/rules/slugfest"
)

// SlugfestOptions are the options of deckpress sim slugfest.
type SlugfestOptions struct {
	Factory *Factory
	File    string // "": the kit's

	runFlags
	teams     []string
	policy    []string
	comebacks bool
	turns     int
	report    labReport
}

func newSimSlugfestCmd(f *Factory) *cobra.Command {
	o := &SlugfestOptions{Factory: f}
	cmd := &cobra.Command{
		Use:   "slugfest [FILE] [--teams A,B]",
		Short: "Play Superhero Slugfest teams against each other",
		Long: `slugfest plays every pair of teams of a Slugfest file (without FILE, the kit's
three teams) against each other and prints each pair's wins, ties, A's win rate
with its 95 % Wilson interval, the mean number of turns, how often the comeback
rule brought a hero back, and the knock-outs a game of every hero.

--teams names the teams to play (every pair of them; A,A plays a team against
its own copy). --policy greedy|random, or two names for the two sides.`,
		Args: positional(0, 1, "at most one FILE"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 {
				o.File = args[0]
			}
			return runSimSlugfest(o)
		},
	}
	fl := cmd.Flags()
	o.runFlags.add(fl, "games to play per pair", maxGames, "shuffles with chance")
	fl.StringSliceVar(&o.teams, "teams", nil, "the teams to play, by name (default: all)")
	fl.StringSliceVar(&o.policy, "policy", []string{"greedy"}, "how players choose: greedy or random; two names for the two sides")
	fl.BoolVar(&o.comebacks, "comebacks", false, "play the optional comeback rule")
	fl.IntVar(&o.turns, "turns", slugfest.DefaultTurnLimit, fmt.Sprintf("the turn after which a game is a tie, 1 to %d", maxTurns))
	o.report.register(fl, "")
	return cmd
}

func runSimSlugfest(o *SlugfestOptions) error {
	env := o.Factory.Env
	if err := o.runFlags.check(); err != nil {
		return err
	}
	if err := checkTurns(o.turns); err != nil {
		return err
	}
	switch {
	case len(o.teams) > maxTeams:
		return flagErrorf("--teams: %d names; name at most %d", len(o.teams), maxTeams)
	case len(o.policy) < 1 || len(o.policy) > 2:
		return flagErrorf("--policy: one name, or two for the two sides")
	}
	if err := o.report.parse(); err != nil {
		return err
	}
	opts := slugfest.Options{Comebacks: o.comebacks, TurnLimit: o.turns}
	for i := range opts.Policies {
		p, err := slugfest.ParsePolicy(o.policy[min(i, len(o.policy)-1)])
		if err != nil {
			return flagErrorf("--policy: %w", err)
		}
		opts.Policies[i] = p
	}
	teams, diags := simulate.LoadSlugfest(o.Factory.BuildEnv(), o.File)
	if report(env.Err, diags) > 0 {
		return fmt.Errorf("nothing played")
	}
	var pairs [][2]int
	if len(o.teams) > 0 {
		var picked []int
		for _, name := range o.teams {
			i := teamIndex(teams, name)
			if i < 0 {
				var names []string
				for _, t := range teams {
					names = append(names, t.Name)
				}
				return flagErrorf("--teams: no team %q; the file's teams: %s", name, strings.Join(names, ", "))
			}
			picked = append(picked, i)
		}
		for a := range picked {
			for b := a + 1; b < len(picked); b++ {
				pairs = append(pairs, [2]int{picked[a], picked[b]})
			}
		}
		if len(picked) < 2 {
			return flagErrorf("--teams: name two teams (A,A plays a team against its copy)")
		}
	} else if len(teams) < 2 {
		return flagErrorf("the file has %d team; name it twice with --teams to play it against its copy", len(teams))
	}
	k := len(o.teams)
	if k == 0 {
		k = len(teams)
	}
	if k > maxTeams {
		return flagErrorf("the file has %d teams; name at most %d of them with --teams", k, maxTeams)
	}
	if err := checkRunGames(k*(k-1)/2, o.games, fmt.Sprintf("%d teams, %d pairs,", k, k*(k-1)/2)); err != nil {
		return err
	}
	cb, stop := progress(env)
	rep, err := slugfest.Lab{Games: o.games, Seed: o.seed, Teams: teams, Pairs: pairs, Options: opts, Config: sim.Config{Progress: cb}}.Run()
	stop()
	if err != nil {
		return err
	}
	policy := strings.Join(o.policy, " against ")
	return o.report.finish(o.Factory, o.asJSON, rep, func(w io.Writer) { printSlugfest(w, rep, policy) }, simulate.SlugfestSheet(rep, policy))
}

// teamIndex finds a team by its name or its slug, in any case.
func teamIndex(teams []*slugfest.Team, name string) int {
	for i, t := range teams {
		if strings.EqualFold(t.Name, name) || slugfest.Slug(t.Name) == slugfest.Slug(name) {
			return i
		}
	}
	return -1
}

func printSlugfest(w io.Writer, r slugfest.Report, policy string) {
	rule := "comebacks off"
	if r.Comebacks {
		rule = "comebacks on"
	}
	fmt.Fprintf(w, "Superhero Slugfest: %d games a pair, seed %d, policy %s, %s, a tie after turn %d\n\n", r.Games, r.Seed, policy, rule, r.TurnLimit)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "A\tB\tA wins\tB wins\tties\tA's win rate\t95 % interval\tmean turns\tcomebacks a game")
	for _, p := range r.Pairs {
		fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%d\t%s\t%s\t%.2f\t%.2f\n", p.A, p.B, p.AWins, p.BWins, p.Ties, pct(p.AWinRate), interval(p.CI95), p.MeanTurns, p.Comebacks)
	}
	tw.Flush()
	fmt.Fprintln(w, "\nknock-outs a game, per hero:")
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, p := range r.Pairs {
		fmt.Fprintf(tw, "%s against %s\t\t\n", p.A, p.B)
		for _, k := range p.KnockOuts {
			fmt.Fprintf(tw, "  %s\t%s\t%.3f\n", k.Hero, k.Team, k.Mean)
		}
	}
	tw.Flush()
}
