package cli

import (
	"strings"

	"github.com/spf13/pflag"

	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/output"
)

// printFlags are the flags that override a deck's `print:` block.
type printFlags struct {
	paper, orientation, duplex, bleed, gutter, margin, marks, rotate, backOffset, preset, order string
	set                                                                                         *pflag.FlagSet
	// options are the settings given, once parse has run.
	options output.PrintOptions
}

func (p *printFlags) register(fs *pflag.FlagSet) {
	p.set = fs
	fs.StringVar(&p.paper, "paper", "", "paper: "+strings.Join(layout.PaperNames(), ", ")+", or WIDTHxHEIGHT (default a4)")
	fs.StringVar(&p.orientation, "orientation", "", "page orientation: auto, portrait or landscape (default auto: whichever fits more)")
	fs.StringVar(&p.duplex, "duplex", "", "how backs are printed: long, short (flip edge), fold, single or none (default long)")
	fs.StringVar(&p.bleed, "bleed", "", "bleed around each card, such as 3mm (default 0)")
	fs.StringVar(&p.gutter, "gutter", "", "space between cards, such as 2mm (default 0)")
	fs.StringVar(&p.margin, "margin", "", "page margin kept clear (default 5mm)")
	fs.StringVar(&p.marks, "marks", "", "cutting guides: crop, lines or none (default crop)")
	fs.StringVar(&p.rotate, "rotate", "", "turn cards 90° when more fit: none or auto (default none)")
	fs.StringVar(&p.backOffset, "back-offset", "", "move every back by X,Y to correct a printer, such as 0.5mm,-1mm (see 'deckpress calibrate')")
	fs.StringVar(&p.preset, "preset", "", "named settings: copyshop (3mm bleed, crop marks, 6mm gutter) or home (no bleed, cut lines, no gutter); other flags override it")
	fs.StringVar(&p.order, "order", "", "page order of --duplex single: fronts-first or backs-first (default fronts-first)")
}

// parse reads the settings given on the command line into p.options; a
// bad value is a usage error.
func (p *printFlags) parse() error {
	o, err := p.read()
	p.options = o
	return err
}

func (p *printFlags) read() (output.PrintOptions, error) {
	values := map[string]string{
		"paper": p.paper, "orientation": p.orientation, "duplex": p.duplex, "bleed": p.bleed, "gutter": p.gutter,
		"margin": p.margin, "marks": p.marks, "rotate": p.rotate, "back-offset": p.backOffset, "preset": p.preset, "order": p.order,
	}
	given := map[string]string{}
	for _, name := range output.FlagNames {
		if p.set != nil && p.set.Changed(name) {
			given[name] = values[name]
		}
	}
	o, err := output.ReadFlags(given)
	if err != nil {
		return o, &FlagError{err}
	}
	return o, nil
}
