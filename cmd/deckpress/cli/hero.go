package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/deckpress/deckpress/cards"

	"github.com/deckpress/deckpress/output/build"
	"github.com/deckpress/deckpress/rules/gladiators"
)

// HeroShowOptions are the options of deckpress hero show.
type HeroShowOptions struct {
	Factory *Factory
	File    string
	Ruleset string
	JSON    bool
}

// HeroCheckOptions are the options of deckpress hero check.
type HeroCheckOptions struct {
	Factory *Factory
	Files   []string
	Ruleset string
}

// NewCmdHero returns deckpress hero with show and check; runShow and
// runCheck, when not nil, run instead of them.
func NewCmdHero(f *Factory, runShow func(*HeroShowOptions) error, runCheck func(*HeroCheckOptions) error) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "hero",
		Short: "Compute and check Superhero Gladiators heroes",
		Long: `hero computes the character sheet of Superhero Gladiators heroes: secondary stats,
action segments and every power's cost, checked against the rules and the budget.
Build a hero file with 'deckpress build' to print its hero cards and character sheets.`,
	}
	showOpts := &HeroShowOptions{Factory: f}
	show := &cobra.Command{
		Use:   "show FILE",
		Short: "Print the computed sheet of each hero in a file",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			showOpts.File = args[0]
			if runShow != nil {
				return runShow(showOpts)
			}
			return runHeroShow(showOpts)
		},
	}
	show.Flags().BoolVar(&showOpts.JSON, "json", false, "print JSON: an object per hero (an array for a team)")
	checkOpts := &HeroCheckOptions{Factory: f}
	check := &cobra.Command{
		Use:   "check FILE...",
		Short: "Check hero files and print their diagnostics",
		Args:  cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			checkOpts.Files = args
			if runCheck != nil {
				return runCheck(checkOpts)
			}
			return runHeroCheck(checkOpts)
		},
	}
	const rulesetHelp = "a ruleset file replacing the built-in (house) tables"
	show.Flags().StringVar(&showOpts.Ruleset, "ruleset", "", rulesetHelp)
	check.Flags().StringVar(&checkOpts.Ruleset, "ruleset", "", rulesetHelp)
	cmd.AddCommand(show, check)
	return cmd
}

func runHeroCheck(opts *HeroCheckOptions) error {
	var diags cards.Diagnostics
	for _, a := range opts.Files {
		_, ds := build.Heroes(opts.Factory.BuildEnv(), a, opts.Ruleset)
		diags = append(diags, ds...)
	}
	if report(opts.Factory.Err, diags) > 0 {
		return silent
	}
	return nil
}

func runHeroShow(opts *HeroShowOptions) error {
	env := opts.Factory.Env
	set, diags := build.Heroes(opts.Factory.BuildEnv(), opts.File, opts.Ruleset)
	errs := report(env.Err, diags)
	if set == nil {
		return silent
	}
	if opts.JSON {
		var v any = set.Sheets
		if set.File.Team == "" && len(set.Sheets) == 1 {
			v = set.Sheets[0]
		}
		b, err := json.MarshalIndent(v, "", "  ")
		if err != nil {
			return err
		}
		fmt.Fprintf(env.Out, "%s\n", b)
	} else {
		for i, s := range set.Sheets {
			if i > 0 {
				fmt.Fprintln(env.Out)
			}
			printSheet(env.Out, s, set.Ruleset)
		}
	}
	if errs > 0 {
		return silent
	}
	return nil
}

// printSheet writes a hero's computed sheet as text.
func printSheet(w io.Writer, s *gladiators.Sheet, rs *gladiators.Ruleset) {
	h := s.Hero
	fmt.Fprintf(w, "%s\n", h.Name)
	if h.Look != "" {
		fmt.Fprintf(w, "  %s\n", h.Look)
	}
	c := h.Chars
	fmt.Fprintf(w, "  STR %d  DEX %d  SIZ %d  PER %d   (%s bought)\n", c[0], c[1], c[2], c[3], cards.Count(s.Bought, "characteristic point", "characteristic points"))
	fmt.Fprintf(w, "  combat modifier %d   oomph %d   movement %d ft\n", s.CombatModifier, s.Oomph, s.MovementRate)
	fmt.Fprintf(w, "  %d actions, on segments %s; %d ft per segment\n", s.Actions, strings.Trim(strings.ReplaceAll(fmt.Sprint(s.Segments), " ", ", "), "[]"), s.FeetPerSegment)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "  power\tlevel\tuses\tgizmo, modifiers\tbase\t×\tcost\t")
	for _, p := range s.Powers {
		marks := ""
		if p.Power != nil {
			marks = p.Power.Marks()
		}
		mods := append([]string{p.Gizmo}, p.Spec.Modifiers...)
		fmt.Fprintf(tw, "  %s %s\t%d\t%s\t%s\t%.2f\t%g\t%d\t\n", p.Spec.Name, marks, p.Spec.Level, p.Spec.UsesText(), strings.Join(mods, ", "), p.Base, p.Multiplier, p.Cost)
	}
	tw.Flush()
	fmt.Fprintf(w, "  points: powers %d + characteristics %d = %d of %d", s.PowerPoints, s.CharPoints, s.Total, s.Budget)
	if !s.Valid {
		fmt.Fprint(w, "   (not valid: see the errors)")
	}
	fmt.Fprintln(w)
	if len(rs.House) > 0 {
		fmt.Fprintf(w, "  (%s: house tables for %s)\n", rs.Name, strings.Join(rs.House, ", "))
	}
}
