package cli

import (
	"fmt"
	"io"
	"slices"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/rules/audition"
	"github.com/deckpress/deckpress/rules/sim"
)

// auditionKit is the built-in hero deck.
const auditionKit = "kits/audition/audition.yaml"

// auditionOptions are the flags of `sim audition`.
type auditionOptions struct {
	games      int
	seed       uint64
	players    int
	strategies []string
	variant    bool
	score      string
	asJSON     bool
}

func newSimAuditionCmd(env Env) *cobra.Command {
	var o auditionOptions
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
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if o.score != "" {
				if len(args) > 0 {
					return fmt.Errorf("--score reads a round file; a deck (%s) has no place here", args[0])
				}
				return runAuditionScore(env, o)
			}
			return runAuditionLab(env, args, o)
		},
	}
	fl := cmd.Flags()
	fl.IntVar(&o.games, "games", 10000, "games to play")
	fl.Uint64Var(&o.seed, "seed", 1, "the run's seed: game i plays with chance made from (seed, i)")
	fl.IntVar(&o.players, "players", 4, "players at the table, 3 to 6")
	fl.StringSliceVar(&o.strategies, "strategies", []string{"loner", "follower", "random", "robber-late"}, "the strategies at the table, rotated over the seats")
	fl.BoolVar(&o.variant, "variant", false, "the commenters' variant: the round's best scorer takes the eliminated hero; most heroes wins")
	fl.StringVar(&o.score, "score", "", "score the round of this file instead of playing")
	fl.BoolVar(&o.asJSON, "json", false, "print one JSON object")
	return cmd
}

func runAuditionScore(env Env, o auditionOptions) error {
	var diags cards.Diagnostics
	var f *audition.RoundFile
	if in := readSimInput(env, o.score, "", &diags); in != nil {
		var ds cards.Diagnostics
		f, ds = audition.ReadRound(in.path, in.root)
		diags = append(diags, ds...)
	}
	if report(env.Err, diags) > 0 || f == nil {
		return failed("nothing scored")
	}
	points := audition.Score(f.Votes)
	var players []int
	for p := range points {
		players = append(players, p)
	}
	slices.Sort(players)
	type playerJSON struct {
		Player int `json:"player"`
		Points int `json:"points"`
	}
	j := struct {
		Players    []playerJSON `json:"players"`
		Moved      *string      `json:"moved,omitempty"`
		Eliminated *string      `json:"eliminated,omitempty"`
	}{}
	for _, p := range players {
		j.Players = append(j.Players, playerJSON{p, points[p]})
	}
	if f.Lineup != nil {
		ts := audition.Tallies(f.Votes)
		tally := make([]audition.Tally, len(f.Lineup))
		for i, h := range f.Lineup {
			tally[i] = ts[h]
		}
		_, moved, out := audition.Settle(f.Lineup, tally)
		none := "nobody"
		j.Moved, j.Eliminated = &none, &none
		if moved >= 0 {
			j.Moved = &f.Heroes[moved]
		}
		if out >= 0 {
			j.Eliminated = &f.Heroes[out]
		}
	}
	if o.asJSON {
		return printJSON(env.Out, j)
	}
	for _, p := range j.Players {
		fmt.Fprintf(env.Out, "player %d: %+d\n", p.Player, p.Points)
	}
	if j.Moved != nil {
		fmt.Fprintf(env.Out, "moves next to the crisis deck: %s\neliminated: %s\n", *j.Moved, *j.Eliminated)
	}
	return nil
}

func runAuditionLab(env Env, args []string, o auditionOptions) error {
	switch {
	case o.games < 1:
		return fmt.Errorf("--games: %d; play at least one game", o.games)
	case o.players < 3 || o.players > 6:
		return fmt.Errorf("--players: %d; the lab seats 3 to 6 players", o.players)
	case len(o.strategies) == 0:
		return fmt.Errorf("--strategies: name at least one")
	}
	var ps []audition.Policy
	for _, s := range o.strategies {
		p, err := audition.ParsePolicy(s)
		if err != nil {
			return fmt.Errorf("--strategies: %w", err)
		}
		ps = append(ps, p)
	}
	var diags cards.Diagnostics
	path := ""
	if len(args) == 1 {
		path = args[0]
	}
	heroes := 0
	if in := readSimInput(env, path, auditionKit, &diags); in != nil {
		d, ds := cards.ReadDeck(in.path, in.root, in.files)
		diags = append(diags, ds...)
		if d != nil {
			for _, c := range d.Cards {
				if c.Kind == "hero" {
					heroes += c.Count
				}
			}
			if heroes < 2 && !ds.HasErrors() {
				diags.Errorf(d.Pos, "%s of kind hero; a game needs at least 2", cards.Count(heroes, "card", "cards"))
			}
		}
	}
	if report(env.Err, diags) > 0 {
		return failed("nothing played")
	}
	cb, stop := progress(env)
	rep, err := audition.Lab{Games: o.games, Seed: o.seed, Players: o.players, Strategies: ps,
		Options: audition.Options{Variant: o.variant, Heroes: min(heroes, audition.LineUp)}, Config: sim.Config{Progress: cb}}.Run()
	stop()
	if err != nil {
		return failed("%v", err)
	}
	if o.asJSON {
		return printJSON(env.Out, rep)
	}
	printAudition(env.Out, rep)
	return nil
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
