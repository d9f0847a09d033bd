package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/output"
	"github.com/deckpress/deckpress/rules/gladiators"
)

func newHeroCmd(env Env) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "hero",
		Short: "Compute and check Superhero Gladiators heroes",
		Long: `hero computes the character sheet of Superhero Gladiators heroes: secondary stats,
action segments and every power's cost, checked against the rules and the budget.
Build a hero file with 'deckpress build' to print its hero cards and character sheets.`,
	}
	var ruleset string
	var asJSON bool
	show := &cobra.Command{
		Use:   "show FILE",
		Short: "Print the computed sheet of each hero in a file",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runHeroShow(env, args[0], ruleset, asJSON)
		},
	}
	show.Flags().BoolVar(&asJSON, "json", false, "print JSON: an object per hero (an array for a team)")
	check := &cobra.Command{
		Use:   "check FILE...",
		Short: "Check hero files and print their diagnostics",
		Args:  cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			var diags cards.Diagnostics
			for _, a := range args {
				loadHeroes(env, a, ruleset, &diags)
			}
			if report(env.Err, diags) > 0 {
				return failed("")
			}
			return nil
		},
	}
	for _, c := range []*cobra.Command{show, check} {
		c.Flags().StringVar(&ruleset, "ruleset", "", "a ruleset file replacing the built-in (house) tables")
	}
	cmd.AddCommand(show, check)
	return cmd
}

// heroSet is a loaded hero file with its sheets.
type heroSet struct {
	file    *gladiators.File
	ruleset *gladiators.Ruleset
	sheets  []*gladiators.Sheet
}

// loadHeroes reads a hero file named on the command line and computes its
// heroes.
func loadHeroes(env Env, path, ruleset string, diags *cards.Diagnostics) *heroSet {
	src, err := osFiles{dir: env.Dir}.ReadFile(path)
	if err != nil {
		diags.Errorf(cards.Pos{File: path}, "cannot read: %v", cards.Cause(err))
		return nil
	}
	root, ds := cards.Parse(path, src)
	*diags = append(*diags, ds...)
	if root == nil {
		return nil
	}
	if !gladiators.IsHeroFile(root) {
		diags.Errorf(root.Pos, "not a hero file: it should start with team:, heroes: or hero:")
		return nil
	}
	return computeHeroes(input{path: path, files: namedFiles(env, path)}, root, ruleset, env, diags)
}

// computeHeroes reads a hero file, its ruleset and computes every hero.
func computeHeroes(in input, root *cards.Node, ruleset string, env Env, diags *cards.Diagnostics) *heroSet {
	f, ds := gladiators.ReadFile(in.path, root)
	*diags = append(*diags, ds...)
	if f == nil {
		return nil
	}
	rs, err := gladiators.Default()
	if err != nil {
		diags.Errorf(cards.Pos{File: in.path}, "%v", err)
		return nil
	}
	// --ruleset (relative to the working folder) wins over the file's own
	// ruleset: (relative to the hero file)
	var rsPath string
	var at cards.Pos
	files := in.files
	switch {
	case ruleset != "":
		rsPath, at, files = ruleset, cards.Pos{File: ruleset}, osFiles{dir: env.Dir}
	case f.Ruleset != nil:
		if ref, ok := diags.Text(f.Ruleset, "ruleset"); ok {
			rsPath, at = cards.Resolve(in.path, ref), f.Ruleset.Pos
		}
	}
	if rsPath != "" {
		src, err := files.ReadFile(rsPath)
		if err != nil {
			diags.Errorf(at, "ruleset: cannot read %s: %v", rsPath, cards.Cause(err))
			return nil
		}
		root, ds := cards.Parse(rsPath, src)
		*diags = append(*diags, ds...)
		if root == nil {
			return nil
		}
		var more cards.Diagnostics
		rs, more = gladiators.ReadRuleset(rsPath, root, rs)
		*diags = append(*diags, more...)
		if more.HasErrors() {
			return nil
		}
	}
	set := &heroSet{file: f, ruleset: rs}
	for _, h := range f.Heroes {
		set.sheets = append(set.sheets, gladiators.Compute(h, rs, diags))
	}
	return set
}

// prepareHeroInput builds a hero file into its hero cards and character
// sheets.
func prepareHeroInput(in input, root *cards.Node, opts buildOptions, diags *cards.Diagnostics) []product {
	before := len(*diags)
	set := computeHeroes(in, root, opts.ruleset, opts.env, diags)
	if set == nil || cards.Diagnostics((*diags)[before:]).HasErrors() {
		return nil
	}
	builtin := builtinTemplates()
	cardJob := output.PrepareDeck(gladiators.CardsDeck(set.file, set.sheets, set.ruleset),
		output.DeckOptions{Print: opts.print, Files: in.files, Builtin: builtin}, diags)
	sheetJob := output.PrepareDeck(gladiators.SheetsDeck(set.file, set.sheets, set.ruleset),
		output.DeckOptions{Print: opts.print, Files: in.files, Builtin: builtin, FillPage: true}, diags)
	if cardJob == nil || sheetJob == nil {
		return nil
	}
	base := filepath.Join(in.outDir, stem(in.path))
	return []product{deckProduct(cardJob, base+".pdf"), deckProduct(sheetJob, base+"-sheets.pdf")}
}

// checkRulesetInput checks a Gladiators ruleset file; it builds nothing.
func checkRulesetInput(in input, root *cards.Node, opts buildOptions, diags *cards.Diagnostics) []product {
	base, err := gladiators.Default()
	if err != nil {
		diags.Errorf(root.Pos, "%v", err)
		return nil
	}
	_, ds := gladiators.ReadRuleset(in.path, root, base)
	*diags = append(*diags, ds...)
	return nil
}

func runHeroShow(env Env, path, ruleset string, asJSON bool) error {
	var diags cards.Diagnostics
	set := loadHeroes(env, path, ruleset, &diags)
	errs := report(env.Err, diags)
	if set == nil {
		return failed("")
	}
	if asJSON {
		var v any = set.sheets
		if set.file.Team == "" && len(set.sheets) == 1 {
			v = set.sheets[0]
		}
		b, err := json.MarshalIndent(v, "", "  ")
		if err != nil {
			return failed("%v", err)
		}
		fmt.Fprintf(env.Out, "%s\n", b)
	} else {
		for i, s := range set.sheets {
			if i > 0 {
				fmt.Fprintln(env.Out)
			}
			printSheet(env.Out, s, set.ruleset)
		}
	}
	if errs > 0 {
		return failed("")
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
