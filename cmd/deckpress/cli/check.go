package cli

import (
	"fmt"
	"text/tabwriter"

	"github.com/spf13/cobra"
)

// CheckOptions are the options of deckpress check.
type CheckOptions struct {
	Factory *Factory
	Inputs  []string
	Ruleset string
	Print   printFlags
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
nothing. With no argument it checks the built-in kits.`,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Inputs = args
			if err := opts.Print.parse(); err != nil {
				return err
			}
			if runF != nil {
				return runF(opts)
			}
			return runCheck(opts)
		},
	}
	cmd.Flags().StringVar(&opts.Ruleset, "ruleset", "", "a Superhero Gladiators ruleset file for every hero file")
	opts.Print.register(cmd.Flags())
	return cmd
}

func runCheck(opts *CheckOptions) error {
	f := opts.Factory
	products, err := prepare(f, request(f, opts.Inputs, "", opts.Ruleset, opts.Print))
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(f.Out, 0, 0, 2, ' ', 0)
	for _, p := range products {
		fmt.Fprintf(tw, "ok\t%s\t%s\n", p.Path, p.Counts())
	}
	return tw.Flush()
}
