package cli

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/deckpress/deckpress/output"
	"github.com/deckpress/deckpress/output/build"
)

// TuckboxOptions are the options of deckpress tuckbox.
type TuckboxOptions struct {
	Factory   *Factory
	Inputs    []string
	Out       string
	Cards     string
	Thickness string
	Print     printFlags
	// Tuck is what the box holds, read from --cards and --thickness.
	Tuck output.TuckOptions
}

// NewCmdTuckbox returns deckpress tuckbox; runF, when not nil, runs
// instead.
func NewCmdTuckbox(f *Factory, runF func(*TuckboxOptions) error) *cobra.Command {
	opts := &TuckboxOptions{Factory: f}
	cmd := &cobra.Command{
		Use:   "tuckbox DECK.yaml|DIR...",
		Short: "Print a one-piece tuck box for a deck",
		Long: `tuckbox draws a one-piece tuck box for each deck: cut the solid lines, fold the
dashed ones, glue the glue flap inside the back. The inside is the card size plus
1.5 mm each way, and as deep as the cards (--cards, default the deck's printed
cards, copies counted) times --thickness (default 0.32mm) plus 1 mm. The front and
back show the deck's back, its title and the count. A box too large for one sheet
of --paper is cut along a fold onto two, joined by a glue tab. 'tuckbox: true' in
a project file (deckpress.yaml) makes 'deckpress build' print one for every deck.`,
		Args: positional(1, -1, "a deck FILE or DIR"),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Inputs = args
			if err := opts.Print.parse(); err != nil {
				return err
			}
			given := map[string]string{}
			if cmd.Flags().Changed("cards") {
				given["cards"] = opts.Cards
			}
			if cmd.Flags().Changed("thickness") {
				given["thickness"] = opts.Thickness
			}
			t, err := output.ReadTuckFlags(given)
			if err != nil {
				return &FlagError{err}
			}
			opts.Tuck = t
			if runF != nil {
				return runF(opts)
			}
			return runTuckbox(opts)
		},
	}
	cmd.Flags().StringVarP(&opts.Out, "out", "o", "out", "output folder, or the PDF to write for one deck")
	cmd.Flags().StringVar(&opts.Cards, "cards", "", "cards the box holds (default: the deck's printed cards)")
	cmd.Flags().StringVar(&opts.Thickness, "thickness", "", "a card's thickness (default 0.32mm)")
	opts.Print.register(cmd.Flags())
	return cmd
}

func runTuckbox(opts *TuckboxOptions) error {
	f := opts.Factory
	out, err := parseOut(opts.Out, ".pdf")
	if err != nil {
		return err
	}
	products, diags, err := build.Tuckbox(build.TuckboxRequest{Request: request(f, opts.Inputs, out.dir, "", opts.Print), Tuck: opts.Tuck})
	if report(f.Err, diags) > 0 || (err == nil && len(products) == 0) {
		return fmt.Errorf("nothing written")
	}
	if err != nil {
		return err
	}
	if err := out.place(products); err != nil {
		return err
	}
	return write(f, products)
}
