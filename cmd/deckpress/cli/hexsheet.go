package cli

import (
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/output"
	"github.com/deckpress/deckpress/output/arena"
	"github.com/deckpress/deckpress/output/build"

	"github.com/deckpress/deckpress/templates/draw"
)

// HexsheetOptions are the options of deckpress hexsheet: the PDF to write
// and the paper, once the flags are read.
type HexsheetOptions struct {
	Factory *Factory
	Out     string
	Paper   arena.PaperOptions

	hex, top, colour, width string
	print                   printFlags
}

// NewCmdHexsheet returns deckpress hexsheet; runF, when not nil, runs
// instead.
func NewCmdHexsheet(f *Factory, runF func(*HexsheetOptions) error) *cobra.Command {
	opts := &HexsheetOptions{Factory: f}
	cmd := &cobra.Command{
		Use:   "hexsheet",
		Short: "Print hex paper of an exact size",
		Long: `hexsheet writes hex paper: hexagons of an exact size across flats (--hex 1in means
25.4 mm between opposite edges), filling the page inside its margin, with the size,
the scale and "print at 100%" in the margin. Hexes cut by the margin are drawn
partly, unless --whole.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := opts.parse(); err != nil {
				return err
			}
			if runF != nil {
				return runF(opts)
			}
			return runHexsheet(opts)
		},
	}
	fl := cmd.Flags()
	fl.StringVarP(&opts.Out, "out", "o", filepath.Join("out", "hexsheet.pdf"), "the PDF to write")
	fl.StringVar(&opts.hex, "hex", "1in", "hex size across flats")
	fl.StringVar(&opts.top, "top", "flat", "flat or pointy")
	fl.BoolVar(&opts.Paper.Labels, "labels", false, "print each hex's column and row (CCRR) in it")
	fl.StringVar(&opts.Paper.Scale, "scale", "5 ft", "what one hex stands for, printed in the margin")
	fl.BoolVar(&opts.Paper.Whole, "whole", false, "whole hexes only")
	fl.StringVar(&opts.colour, "line-colour", "#777777", "line colour")
	fl.StringVar(&opts.width, "line-width", "0.25mm", "line width")
	fl.IntVar(&opts.Paper.Pages, "pages", 1, "number of pages")
	opts.print.register(fl)
	return cmd
}

// parse reads the flags into o.Paper; a bad value is a usage error.
func (o *HexsheetOptions) parse() error {
	if err := o.print.parse(); err != nil {
		return err
	}
	var err error
	p := &o.Paper
	if p.Grid.Size, err = output.ParseLengthIn(o.hex, 5, 100); err != nil {
		return flagErrorf("--hex: %w", err)
	}
	if p.Grid.Top, err = layout.ParseHexTop(o.top); err != nil {
		return flagErrorf("--top: %w", err)
	}
	if p.Line, err = draw.ParseColour(o.colour); err != nil {
		return flagErrorf("--line-colour: %w", err)
	}
	if p.Width, err = output.ParseLengthIn(o.width, 0.05, 3); err != nil {
		return flagErrorf("--line-width: %w", err)
	}
	if p.Pages < 1 || p.Pages > 1000 {
		return flagErrorf("--pages: %d is out of range (1 to 1000)", p.Pages)
	}
	po := o.print.options
	s := po.Settings()
	p.Page = layout.Size{W: min(s.Paper.W, s.Paper.H), H: max(s.Paper.W, s.Paper.H)}
	if s.Orientation == layout.Landscape {
		p.Page = p.Page.Rotated()
	}
	p.Margin = s.Margin
	if po.Margin == nil {
		p.Margin = 8
	}
	return nil
}

func runHexsheet(opts *HexsheetOptions) error {
	return write(opts.Factory, []build.Product{build.HexPaper(opts.Paper, opts.Out)})
}
