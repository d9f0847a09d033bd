package cli

import (
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/pflag"

	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/output/build/simulate"
)

// labReport is a sim command's --report FILE and --paper: the report's
// charts, drawn after the run as a PDF or a PNG a page.
type labReport struct {
	path, paper string
	size        layout.Size // the paper, once parsed
}

func (r *labReport) register(fl *pflag.FlagSet, what string) {
	fl.StringVar(&r.path, "report", "", what+"also write a report with charts, FILE.pdf or FILE.png (a PNG a page: FILE-1.png …)")
	fl.StringVar(&r.paper, "paper", "a4", "the report's paper")
}

// parse checks the flags; a bad value is a usage error.
func (r *labReport) parse() error {
	if r.path != "" && !slices.Contains([]string{".pdf", ".png"}, strings.ToLower(filepath.Ext(r.path))) {
		return flagErrorf("--report: %s: write a .pdf or a .png", r.path)
	}
	size, err := layout.ParsePaper(r.paper, layout.SideLengths)
	if err != nil {
		return flagErrorf("--paper: %w", err)
	}
	r.size = size
	return nil
}

// finish prints a lab's numbers — one JSON object with --json, else its
// table — then writes the report when --report asks for one.
func (r *labReport) finish(f *Factory, asJSON bool, numbers any, table func(io.Writer), sheet *simulate.Sheet) error {
	if asJSON {
		if err := printJSON(f.Out, numbers); err != nil {
			return err
		}
	} else {
		table(f.Out)
	}
	return r.write(f, asJSON, sheet)
}

// write draws the sheet when --report was given and says what it wrote:
// on standard output after the table, or on standard error when standard
// output holds JSON.
func (r *labReport) write(f *Factory, asJSON bool, s *simulate.Sheet) error {
	if r.path == "" {
		return nil
	}
	paths, err := simulate.WriteSheet(f.BuildEnv(), r.path, r.size, s)
	if err != nil {
		return err
	}
	w := f.Out
	if asJSON {
		w = f.Err
	}
	for _, p := range paths {
		fmt.Fprintf(w, "wrote %s\n", p)
	}
	return nil
}
