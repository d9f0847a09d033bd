package output

import (
	"errors"
	"fmt"
	"strings"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/layout"
)

// ReadFlags reads print settings given on the command line (flag name →
// value, for the flags given) with the code that reads a print: block, so
// that a value and its limits cannot differ between a flag and a file.
// The error names the flag: "--bleed: 3 furlongs is not a length".
func ReadFlags(given map[string]string) (PrintOptions, error) {
	p := cards.Print{}
	for _, opt := range layout.PrintOptions {
		name := opt.Name
		v, ok := given[name]
		if !ok {
			continue
		}
		at := cards.Pos{File: "--" + name}
		n := cards.Scalar(v, at)
		if opt.Kind == layout.OptionOffset {
			// X,Y on the command line, [X, Y] in a file
			x, y, ok := strings.Cut(v, ",")
			if !ok {
				return PrintOptions{}, fmt.Errorf("--%s: %q is not a pair of lengths; write X,Y such as 0.5mm,-1mm", name, v)
			}
			n = &cards.Node{Kind: cards.SeqNode, Pos: at, Content: []*cards.Node{cards.Scalar(x, at), cards.Scalar(y, at)}}
		}
		p[name] = n
	}
	o, diags := ReadPrint(p)
	if !diags.HasErrors() {
		return o, nil
	}
	var msgs []string
	for _, d := range diags.Sort() {
		// ReadPrint names the key as a file has it: print.bleed
		// ("print.bleed: …", "print.back-offset x: …"); the flag replaces it
		flag := d.Pos.File
		msgs = append(msgs, flag+strings.TrimPrefix(d.Message, "print."+strings.TrimPrefix(flag, "--")))
	}
	return PrintOptions{}, errors.New(strings.Join(msgs, "; "))
}
