package cli

import (
	"fmt"
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
	var o output.PrintOptions
	changed := func(name string) bool { return p.set != nil && p.set.Changed(name) }
	bad := func(flag string, err error) error { return flagErrorf("--%s: %w", flag, err) }
	if changed("order") {
		switch p.order {
		case "fronts-first", "backs-first":
			v := p.order == "backs-first"
			o.BacksFirst = &v
		default:
			return o, bad("order", fmt.Errorf("unknown order %q; expected fronts-first or backs-first", p.order))
		}
	}
	if changed("paper") {
		s, err := layout.ParsePaper(p.paper)
		if err != nil {
			return o, bad("paper", err)
		}
		o.Paper = &s
	}
	if changed("orientation") {
		v, err := layout.ParseOrientation(p.orientation)
		if err != nil {
			return o, bad("orientation", err)
		}
		o.Orientation = &v
	}
	if changed("duplex") {
		v, err := layout.ParseDuplex(p.duplex)
		if err != nil {
			return o, bad("duplex", err)
		}
		o.Duplex = &v
	}
	if changed("marks") {
		v, err := layout.ParseMarks(p.marks)
		if err != nil {
			return o, bad("marks", err)
		}
		o.Marks = &v
	}
	if changed("rotate") {
		switch p.rotate {
		case "none", "auto":
			v := p.rotate == "auto"
			o.Rotate = &v
		default:
			return o, bad("rotate", fmt.Errorf("unknown value %q; expected none or auto", p.rotate))
		}
	}
	for _, l := range []struct {
		name   string
		val    string
		lo, hi float64
		dst    **float64
	}{
		{"bleed", p.bleed, 0, 20, &o.Bleed},
		{"gutter", p.gutter, 0, 50, &o.Gutter},
		{"margin", p.margin, 0, 100, &o.Margin},
	} {
		if !changed(l.name) {
			continue
		}
		v, err := output.ParseLengthIn(l.val, l.lo, l.hi)
		if err != nil {
			return o, bad(l.name, err)
		}
		*l.dst = &v
	}
	if changed("back-offset") {
		pt, err := layout.ParsePoint(p.backOffset)
		if err != nil {
			return o, bad("back-offset", err)
		}
		o.BackOffset = &pt
	}
	if changed("preset") {
		preset, err := output.Preset(p.preset)
		if err != nil {
			return o, bad("preset", err)
		}
		o = o.Over(preset)
	}
	return o, nil
}
