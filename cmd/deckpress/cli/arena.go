package cli

import (
	"fmt"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/deckpress/deckpress/arena"
	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/output"
	"github.com/deckpress/deckpress/output/pdf"
	"github.com/deckpress/deckpress/templates"
)

// prepareArenaInput builds an arena file into its map: an overview page
// and a page per tile.
func prepareArenaInput(in input, root *cards.Node, opts buildOptions, diags *cards.Diagnostics) []product {
	m, ds := arena.Read(in.path, root)
	*diags = append(*diags, ds...)
	if m == nil || ds.HasErrors() {
		return nil
	}
	_, s, _, _ := output.Resolve(nil, m.Print, output.DeckOptions{Print: opts.print}, diags)
	doc, tiles := m.Document(s.Paper, s.Orientation, s.Margin)
	return []product{{path: filepath.Join(in.outDir, stem(in.path)+".pdf"), sheets: len(doc.Pages), pages: len(doc.Pages),
		note: fmt.Sprintf("%d tiles, on %s", len(tiles), layout.FormatMM(doc.Pages[0].Size.W)+" x "+layout.FormatMM(doc.Pages[0].Size.H)),
		doc:  doc, render: func() ([]byte, error) { return pdf.Render(doc) }}}
}

type hexFlags struct {
	out, hex, top, scale, colour, width string
	labels, whole                       bool
	pages                               int
	print                               printFlags
}

func newHexsheetCmd(env Env) *cobra.Command {
	var f hexFlags
	cmd := &cobra.Command{
		Use:   "hexsheet",
		Short: "Print hex paper of an exact size",
		Long: `hexsheet writes hex paper: hexagons of an exact size across flats (--hex 1in means
25.4 mm between opposite edges), filling the page inside its margin, with the size,
the scale and "print at 100%" in the margin. Hexes cut by the margin are drawn
partly, unless --whole.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return runHexsheet(env, f) },
	}
	fl := cmd.Flags()
	fl.StringVarP(&f.out, "out", "o", filepath.Join("out", "hexsheet.pdf"), "the PDF to write")
	fl.StringVar(&f.hex, "hex", "1in", "hex size across flats")
	fl.StringVar(&f.top, "top", "flat", "flat or pointy")
	fl.BoolVar(&f.labels, "labels", false, "print each hex's column and row (CCRR) in it")
	fl.StringVar(&f.scale, "scale", "5 ft", "what one hex stands for, printed in the margin")
	fl.BoolVar(&f.whole, "whole", false, "whole hexes only")
	fl.StringVar(&f.colour, "line-colour", "#777777", "line colour")
	fl.StringVar(&f.width, "line-width", "0.25mm", "line width")
	fl.IntVar(&f.pages, "pages", 1, "number of pages")
	f.print.register(fl)
	return cmd
}

func runHexsheet(env Env, f hexFlags) error {
	po, err := f.print.options()
	if err != nil {
		return err
	}
	size, err := output.ParseLengthIn(f.hex, 5, 100)
	if err != nil {
		return fmt.Errorf("--hex: %w", err)
	}
	top, err := layout.ParseHexTop(f.top)
	if err != nil {
		return fmt.Errorf("--top: %w", err)
	}
	line, err := templates.ParseColour(f.colour)
	if err != nil {
		return fmt.Errorf("--line-colour: %w", err)
	}
	width, err := output.ParseLengthIn(f.width, 0.05, 3)
	if err != nil {
		return fmt.Errorf("--line-width: %w", err)
	}
	if f.pages < 1 || f.pages > 1000 {
		return fmt.Errorf("--pages: %d is out of range (1 to 1000)", f.pages)
	}
	s := po.Settings()
	page := layout.Size{W: min(s.Paper.W, s.Paper.H), H: max(s.Paper.W, s.Paper.H)}
	if s.Orientation == layout.Landscape {
		page = page.Rotated()
	}
	margin := s.Margin
	if po.Margin == nil {
		margin = 8
	}
	doc := arena.HexPaper(arena.PaperOptions{Page: page, Margin: margin, Grid: layout.HexGrid{Size: size, Top: top},
		Labels: f.labels, Scale: f.scale, Whole: f.whole, Line: line, Width: width, Pages: f.pages})
	return writeProducts(env, []product{{path: f.out, sheets: f.pages, pages: len(doc.Pages),
		render: func() ([]byte, error) { return pdf.Render(doc) }}})
}
