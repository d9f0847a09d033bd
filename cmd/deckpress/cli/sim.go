package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync/atomic"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/output/arena"
	"github.com/deckpress/deckpress/output/build/simulate"
	"github.com/deckpress/deckpress/rules/gladiators/combat"
)

// The bounds of the sim verbs' counts. Every lab adds up its games as
// they finish (sim.Fold), so its memory does not grow with --games; a
// run's time grows with its games, and a game's with its turns:
// maxRunGames bounds the games of a whole round robin or Slugfest run,
// pairs times --games.
const (
	maxGames     = 1000000 // --games
	maxTurns     = 1000    // --turns
	maxPool      = 100     // --pool
	maxEntrants  = 100     // heroes in a round robin, --pool included
	maxTeams     = 100     // Slugfest teams played, every pair of them
	maxRunGames  = 100000000
	runGamesText = "100,000,000"
)

// runFlags are the flags every sim verb takes: how many games, the run's
// seed, and JSON output.
type runFlags struct {
	games    int
	maxGames int
	seed     uint64
	asJSON   bool
}

// add declares the flags; games is --games's help, most the most games
// it takes, and chance says how a game uses the chance made from the seed
// ("plays with dice").
func (r *runFlags) add(fl *pflag.FlagSet, games string, most int, chance string) {
	r.maxGames = most
	fl.IntVar(&r.games, "games", 10000, fmt.Sprintf("%s, 1 to %d", games, most))
	fl.Uint64Var(&r.seed, "seed", 1, "the run's seed: game i "+chance+" made from (seed, i)")
	fl.BoolVar(&r.asJSON, "json", false, "print one JSON object")
}

// check refuses --games out of its range.
func (r *runFlags) check() error {
	if r.games < 1 || r.games > r.maxGames {
		return flagErrorf("--games: %d is out of range (1 to %d)", r.games, r.maxGames)
	}
	return nil
}

// checkTurns refuses --turns out of its range.
func checkTurns(turns int) error {
	if turns < 1 || turns > maxTurns {
		return flagErrorf("--turns: %d is out of range (1 to %d)", turns, maxTurns)
	}
	return nil
}

// checkRunGames refuses a run of pairs × games games above maxRunGames;
// what says what the pairs are.
func checkRunGames(pairs, games int, what string) error {
	if pairs > maxRunGames/games {
		return flagErrorf("%s and --games %d make %d games; a run plays at most %s (fewer games, or fewer of them)", what, games, pairs*games, runGamesText)
	}
	return nil
}

// SimOptions are the options of deckpress sim gladiators.
type SimOptions struct {
	Factory *Factory
	Inputs  []string

	runFlags
	arena      string
	policy     string
	optional   []string
	turns      int
	roundRobin bool
	pool       int
	ruleset    string
	report     labReport
}

// NewCmdSim returns deckpress sim with gladiators; runF, when not nil,
// runs instead of sim gladiators.
func NewCmdSim(f *Factory, runF func(*SimOptions) error) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "sim",
		Short: "Play a game many times and measure it (the balance lab)",
		Long: `sim plays a game's rules thousands of times, seeded, on all cores, and reports
win rates with 95 % Wilson intervals. The same seed gives the same numbers on
any number of cores.`,
	}
	cmd.AddCommand(newSimGladiatorsCmd(f, runF), newSimAuditionCmd(f), newSimSlugfestCmd(f), newSimGalagaCmd(f))
	return cmd
}

func newSimGladiatorsCmd(f *Factory, runF func(*SimOptions) error) *cobra.Command {
	o := &SimOptions{Factory: f}
	cmd := &cobra.Command{
		Use:   "gladiators A.yaml B.yaml | --round-robin [DIR|FILE...]",
		Short: "Fight Superhero Gladiators teams or heroes against each other",
		Long: `gladiators fights the team (or hero) of one file against another's, by the
combat rules the kit prints ('deckpress rules' on the kit's combat-rules.yaml) and
the house power effects of data/rules/gladiators.yaml, and prints each side's
wins, losses and ties with 95 % Wilson intervals, the mean number of turns, and
per hero and power what they did in a game on average.

--round-robin fights every hero of the files (a folder stands for its hero files;
none: the kit's heroes) against every other, one on one, on both sides, adds
--pool random legal heroes, and prints the win-rate matrix and the balance table:
each hero's points, score (ties count half) with its interval, the score a line
fitted through points predicts, how many standard errors off it the hero lies
(flagged beyond 2), and the power that dealt most of its damage.`,
		RunE: func(cmd *cobra.Command, args []string) error {
			o.Inputs = args
			if runF != nil {
				return runF(o)
			}
			return runSimGladiators(o)
		},
	}
	fl := cmd.Flags()
	o.runFlags.add(fl, "games to play (round robin: per pair and side)", maxGames, "plays with dice")
	fl.StringVar(&o.arena, "arena", "", "an arena file to fight on (default: an open field of 20 × 14 hexes)")
	fl.StringVar(&o.policy, "policy", "greedy", "how heroes choose their actions: greedy or random")
	fl.StringSliceVar(&o.optional, "optional", nil, "optional rules to play: fumbles, area")
	fl.IntVar(&o.turns, "turns", combat.DefaultTurnLimit, fmt.Sprintf("the turn after which a fight is a tie, 1 to %d", maxTurns))
	fl.BoolVar(&o.roundRobin, "round-robin", false, "every hero against every other, and the balance table")
	fl.IntVar(&o.pool, "pool", 0, fmt.Sprintf("round robin: add this many random legal heroes (made from --seed), 0 to %d", maxPool))
	fl.StringVar(&o.ruleset, "ruleset", "", "a ruleset file replacing the built-in (house) tables")
	o.report.register(fl, "round robin: ")
	return cmd
}

func runSimGladiators(o *SimOptions) error {
	env, args := o.Factory.Env, o.Inputs
	benv := o.Factory.BuildEnv()
	if err := o.runFlags.check(); err != nil {
		return err
	}
	if err := checkTurns(o.turns); err != nil {
		return err
	}
	switch {
	case o.pool < 0 || o.pool > maxPool:
		return flagErrorf("--pool: %d is out of range (0 to %d)", o.pool, maxPool)
	case o.pool > 0 && !o.roundRobin:
		return flagErrorf("--pool: random heroes join a --round-robin")
	case o.report.path != "" && !o.roundRobin:
		return flagErrorf("--report: the report shows a --round-robin")
	case !o.roundRobin && len(args) != 2:
		return flagErrorf("sim gladiators fights two files, A.yaml B.yaml (or --round-robin); got %d", len(args))
	}
	policy, err := combat.ParsePolicy(o.policy)
	if err != nil {
		return flagErrorf("--policy: %w", err)
	}
	if err := o.report.parse(); err != nil {
		return err
	}
	su := simulate.Run{Games: o.games, Seed: o.seed, Options: combat.Options{Policies: [2]combat.Policy{policy, policy}, TurnLimit: o.turns}, Policy: policy.Name()}
	for _, x := range o.optional {
		switch x {
		case "fumbles":
			su.Options.Fumbles = true
		case "area":
			su.Options.Area = true
		default:
			return flagErrorf("--optional: unknown rule %q; optional rules: fumbles, area", x)
		}
		su.Optional = append(su.Optional, x)
	}
	slices.Sort(su.Optional)
	su.Optional = slices.Compact(su.Optional)

	var diags cards.Diagnostics
	var sides []simulate.Side
	var entrants []combat.Entrant
	if o.roundRobin {
		var ds cards.Diagnostics
		entrants, ds = simulate.Entrants(benv, args, o.ruleset, o.pool, o.seed)
		diags = diags.Extend(ds)
		if n := len(entrants); n > maxEntrants {
			report(env.Err, diags)
			return flagErrorf("a round robin fights at most %d heroes, --pool included; got %d", maxEntrants, n)
		} else if err := checkRunGames(n*(n-1), o.games, fmt.Sprintf("%d heroes, %d pairs on both sides,", n, n*(n-1)/2)); err != nil {
			report(env.Err, diags)
			return err
		}
	} else {
		for _, a := range args {
			s, ok, ds := simulate.LoadSide(benv, a, o.ruleset)
			diags = diags.Extend(ds)
			if ok {
				sides = append(sides, s)
			}
		}
	}
	ar := combat.OpenField()
	su.Arena = fmt.Sprintf("open field, %d × %d hexes", ar.Cols, ar.Rows)
	var zones []arena.Zone
	if o.arena != "" {
		var ds cards.Diagnostics
		if ar, zones, ds = simulate.LoadArena(benv, o.arena); ar != nil {
			su.Arena = fmt.Sprintf("%s (%s), %d × %d hexes", ar.Name, o.arena, ar.Cols, ar.Rows)
		}
		diags = diags.Extend(ds)
	}
	if ar != nil && len(sides) == 2 {
		diags = diags.Extend(simulate.CheckZones(ar, zones, sides))
	}
	if report(env.Err, diags) > 0 || ar == nil {
		return fmt.Errorf("nothing run")
	}
	board, err := combat.NewBoard(ar)
	if err != nil {
		return err
	}
	if o.roundRobin {
		return runRoundRobin(env, board, su, entrants, o)
	}
	return runDuel(env, board, su, [2]simulate.Side{sides[0], sides[1]}, o)
}

// progress shows, on a terminal once a run has taken env.ProgressAfter, a
// progress line of games; it returns the run's callback and a function
// that clears the line.
func progress(env Env) (func(done, total int), func()) {
	if !env.Terminal {
		return nil, func() {}
	}
	var done, total atomic.Int64
	quit, finished := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(finished)
		select {
		case <-quit:
			return
		case <-time.After(env.ProgressAfter):
		}
		tick := time.NewTicker(100 * time.Millisecond)
		defer tick.Stop()
		for {
			if n := total.Load(); n > 0 {
				fmt.Fprintf(env.Err, "\r%d/%d games", done.Load(), n)
			}
			select {
			case <-quit:
				fmt.Fprint(env.Err, "\r\033[K")
				return
			case <-tick.C:
			}
		}
	}()
	return func(d, n int) { done.Store(int64(d)); total.Store(int64(n)) }, func() { close(quit); <-finished }
}

func runDuel(env Env, board *combat.Board, su simulate.Run, sides [2]simulate.Side, o *SimOptions) error {
	cb, stop := progress(env)
	su.Progress = cb
	j, err := simulate.Duel(board, sides, su)
	stop()
	if err != nil {
		return err
	}
	if o.asJSON {
		return printJSON(env.Out, j)
	}
	printDuel(env.Out, j)
	return nil
}

func printDuel(w io.Writer, j simulate.DuelReport) {
	extras := "no optional rules"
	if len(j.Optional) > 0 {
		extras = "optional rules: " + strings.Join(j.Optional, ", ")
	}
	fmt.Fprintf(w, "%s against %s: %d games, seed %d, policy %s, %s, %s\n\n",
		j.Sides[0].Name, j.Sides[1].Name, j.Games, j.Seed, j.Policy, j.Arena, extras)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "side\twins\tlosses\tties\twin rate\t95 % interval")
	for _, s := range j.Sides {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%s\t%s–%s\n", s.Name, s.Wins, s.Losses, s.Ties, pct(s.WinRate), pct(s.CI95[0]), pct(s.CI95[1]))
	}
	tw.Flush()
	fmt.Fprintf(w, "mean turns %.1f (a tie after turn %d)\n\n", j.MeanTurns, j.TurnLimit)
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "per game\tside\tactions/uses\thits\tdealt\ttaken/saved\tfainted\tuses left")
	for _, h := range j.Heroes {
		fmt.Fprintf(tw, "%s\t%s\t%.1f\t%.1f\t%.1f\t%.1f\t%s\n", h.Hero, h.Side, h.Actions, h.Hits, h.DamageDealt, h.DamageTaken, pct(h.FaintRate))
		for _, p := range h.Powers {
			left := "∞"
			if p.UsesLeft != nil {
				left = fmt.Sprintf("%.1f", *p.UsesLeft)
			}
			fmt.Fprintf(tw, "  %s\t\t%.1f\t%.1f\t%.1f\t%.1f\t\t%s\n", p.Power, p.Uses, p.Hits, p.Damage, p.Saved, left)
		}
	}
	tw.Flush()
}

func runRoundRobin(env Env, board *combat.Board, su simulate.Run, es []combat.Entrant, o *SimOptions) error {
	cb, stop := progress(env)
	su.Progress = cb
	j, err := simulate.RoundRobin(board, es, su)
	stop()
	if err != nil {
		return err
	}
	if o.report.path != "" {
		if j.Report, err = simulate.WriteReport(o.Factory.BuildEnv(), o.report.path, o.report.size, j); err != nil {
			return err
		}
	}
	if o.asJSON {
		return printJSON(env.Out, j)
	}
	printRobin(env.Out, j)
	for _, p := range j.Report {
		fmt.Fprintf(env.Out, "\nwrote %s", p)
	}
	if len(j.Report) > 0 {
		fmt.Fprintln(env.Out)
	}
	return nil
}

func printRobin(w io.Writer, j simulate.RobinReport) {
	extras := "no optional rules"
	if len(j.Optional) > 0 {
		extras = "optional rules: " + strings.Join(j.Optional, ", ")
	}
	n := len(j.Heroes)
	fmt.Fprintf(w, "Round robin of %d heroes, one on one: %d games a pair on each side (%d games), seed %d, policy %s, %s, %s\n\n",
		n, j.Games, n*(n-1)*j.Games, j.Seed, j.Policy, j.Arena, extras)
	fmt.Fprintln(w, "Score of each row's hero against each column's, in % (ties count half):")
	tw := tabwriter.NewWriter(w, 0, 0, 1, ' ', tabwriter.AlignRight)
	fmt.Fprint(tw, "\t\t")
	for k := range j.Heroes {
		fmt.Fprintf(tw, "%d\t", k+1)
	}
	fmt.Fprintln(tw)
	for i, h := range j.Heroes {
		fmt.Fprintf(tw, "%d\t%s \t", i+1, h.Hero)
		for _, v := range j.Matrix[i] {
			if v == nil {
				fmt.Fprint(tw, "—\t")
			} else {
				fmt.Fprintf(tw, "%.0f\t", *v*100)
			}
		}
		fmt.Fprintln(tw)
	}
	tw.Flush()
	fmt.Fprintf(w, "\nBalance: score against points, fitted over the %d heroes: score = %.3f %+.5f × points.\n", n, j.Fit.Intercept, j.Fit.Slope)
	fmt.Fprintf(w, "A hero more than %d standard errors off the line drawn through the others is flagged.\n\n", combat.FlagSE)
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "hero\tfrom\tpoints\tscore\t95 % interval\tfit\toff\tflag\tmost damage")
	for _, h := range j.Heroes {
		fmt.Fprintf(tw, "%s\t%s\t%d\t%s\t%s–%s\t%s\t%+.1f\t%s\t%s\n", h.Hero, h.From, h.Points, pct(h.Score), pct(h.CI95[0]), pct(h.CI95[1]),
			pct(h.Expected), h.Off, h.Flag, h.TopPower)
	}
	tw.Flush()
}

func printJSON(w io.Writer, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "%s\n", b)
	return nil
}

func pct(x float64) string { return fmt.Sprintf("%.1f %%", 100*x) }

// interval formats a 95 % interval of rates.
func interval(ci [2]float64) string { return fmt.Sprintf("%s–%s", pct(ci[0]), pct(ci[1])) }
