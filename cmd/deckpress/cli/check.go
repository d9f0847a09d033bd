package cli

import (
	"fmt"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/output/build"
)

// CheckOptions are the options of deckpress check.
type CheckOptions struct {
	Factory *Factory
	Inputs  []string
	Ruleset string
	Print   printFlags
	// Preflight ends the report with a count of the preflight's findings.
	Preflight bool
}

// NewCmdCheck returns deckpress check; runF, when not nil, runs instead of
// the check.
func NewCmdCheck(f *Factory, runF func(*CheckOptions) error) *cobra.Command {
	opts := &CheckOptions{Factory: f}
	cmd := &cobra.Command{
		Use:   "check [FILE|DIR ...]",
		Short: "Check files and report every problem, without writing anything",
		Long: `Check loads every file, applies the rules and lays out every card, exactly as build
does, and reports every problem as path:line:col: error|warning: message. It writes
nothing. With no argument it checks the project of the current folder (its
deckpress.yaml), or the built-in kits when there is none.

Every check and build also preflights each card as a print shop would, as warnings
"preflight (CHECK)": text and icons inside the safe zone (--safe, default 3mm inside
the trim), pictures at 300 effective dpi or more, art that reaches the trim carried on
into the bleed (when there is bleed), and rounded corners (--corner-radius) clear of
text. --preflight adds a summary: the findings of each check.`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := opts.Print.parse(); err != nil {
				return err
			}
			opts.Inputs = defaultInputs(f, "deckpress check", args)
			if runF != nil {
				return runF(opts)
			}
			return runCheck(opts)
		},
	}
	cmd.Flags().StringVar(&opts.Ruleset, "ruleset", "", "a Superhero Gladiators ruleset file for every hero file")
	cmd.Flags().BoolVar(&opts.Preflight, "preflight", false, "end with a summary of the preflight's findings")
	opts.Print.register(cmd.Flags())
	return cmd
}

func runCheck(opts *CheckOptions) error {
	f := opts.Factory
	products, diags, err := build.Prepare(request(f, opts.Inputs, "", opts.Ruleset, opts.Print))
	if n := report(f.Err, diags); n > 0 {
		return silent // check writes nothing, and the count of problems is printed
	}
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(f.Out, 0, 0, 2, ' ', 0)
	for _, p := range products {
		fmt.Fprintf(tw, "ok\t%s\t%s\n", cards.Printable(p.Path), p.Counts())
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if opts.Preflight {
		_, err = fmt.Fprintln(f.Out, build.PreflightSummary(diags))
	}
	return err
}
