package cli

import (
	"fmt"

	"github.com/deckpress/deckpress/output/build"
	"github.com/spf13/cobra"
)

// RulesOptions are the options of deckpress rules.
type RulesOptions struct {
	Factory *Factory
	Inputs  []string
	Out     string
	Copies  int
	Sheet   bool
	Print   printFlags
}

// NewCmdRules returns deckpress rules; runF, when not nil, runs instead.
func NewCmdRules(f *Factory, runF func(*RulesOptions) error) *cobra.Command {
	opts := &RulesOptions{Factory: f}
	cmd := &cobra.Command{
		Use:   "rules FILE|DIR...",
		Short: "Print a game's rules as reference cards, or as a rules sheet",
		Long: `rules sets a rules file (one that starts with 'rules: <game title>') on reference
cards: the text flows across the faces in order, at the largest size that fits in
max-cards cards (never below 6.5 pt), printed duplex like any deck. --copies prints
a set per player. With --sheet it sets the same text on a one- or two-page rules
sheet instead. 'deckpress build' builds both. A folder stands for every rules file
in it.`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Inputs = args
			if err := opts.Print.parse(); err != nil {
				return err
			}
			if opts.Copies < 0 || opts.Copies > 100 {
				return flagErrorf("--copies: %d is out of range (1 to 100)", opts.Copies)
			}
			if runF != nil {
				return runF(opts)
			}
			return runRules(opts)
		},
	}
	cmd.Flags().StringVarP(&opts.Out, "out", "o", "out", "output folder")
	cmd.Flags().IntVar(&opts.Copies, "copies", 0, "sets of cards to print (default: the file's copies:, or 1)")
	cmd.Flags().BoolVar(&opts.Sheet, "sheet", false, "print a rules sheet on A4 or Letter instead of cards")
	opts.Print.register(cmd.Flags())
	return cmd
}

func runRules(opts *RulesOptions) error {
	f := opts.Factory
	products, diags, err := build.Rules(build.RulesRequest{Request: request(f, opts.Inputs, opts.Out, "", opts.Print),
		Copies: opts.Copies, Cards: !opts.Sheet, Sheet: opts.Sheet})
	if report(f.Err, diags) > 0 || (err == nil && len(products) == 0) {
		return fmt.Errorf("nothing written")
	}
	if err != nil {
		return err
	}
	return write(f, products)
}
