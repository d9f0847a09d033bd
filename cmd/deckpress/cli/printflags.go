package cli

import (
	"github.com/spf13/pflag"

	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/output"
)

// printFlags are the flags that override a deck's `print:` block, one per
// print option of layout.PrintOptions, read by the code that reads the
// block.
type printFlags struct {
	values map[string]*string
	set    *pflag.FlagSet
	// options are the settings given, once parse has run.
	options output.PrintOptions
}

func (p *printFlags) register(fs *pflag.FlagSet) {
	p.set = fs
	p.values = map[string]*string{}
	for _, o := range layout.PrintOptions {
		p.values[o.Name] = fs.String(o.Name, "", o.Usage())
	}
}

// parse reads the settings given on the command line into p.options; a
// bad value is a usage error.
func (p *printFlags) parse() error {
	o, err := p.read()
	p.options = o
	return err
}

func (p *printFlags) read() (output.PrintOptions, error) {
	given := map[string]string{}
	for name, v := range p.values {
		if p.set.Changed(name) {
			given[name] = *v
		}
	}
	o, err := output.ReadFlags(given)
	if err != nil {
		return o, &FlagError{err}
	}
	return o, nil
}
