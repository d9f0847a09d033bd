package cli

import (
	"fmt"
	"strings"
	"sync/atomic"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/output/build"
)

// BuildOptions are the options of deckpress build.
type BuildOptions struct {
	Factory *Factory
	Inputs  []string
	Out     string
	Ruleset string
	Watch   bool
	Print   printFlags
}

// NewCmdBuild returns deckpress build; runF, when not nil, runs instead of
// the build.
func NewCmdBuild(f *Factory, runF func(*BuildOptions) error) *cobra.Command {
	opts := &BuildOptions{Factory: f}
	cmd := &cobra.Command{
		Use:   "build [FILE|DIR ...]",
		Short: "Build decks into print-ready PDFs",
		Long: `Build reads deck files (and the other formats deckpress knows) and writes one PDF
per deck, named after the file, into the output folder. A folder stands for every
buildable file in it. With no argument, build writes the built-in kits into
<out>/<kit>/.

Everything is checked before anything is written: on any error no file is written
and earlier PDFs stay as they were.`,
		Example: `  deckpress build                       # the built-in kits into ./out/
  deckpress build heroes.yaml -o print  # print/heroes.pdf
  deckpress build deck.yaml --paper letter --duplex short --bleed 3mm`,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Inputs = args
			if err := opts.Print.parse(); err != nil {
				return err // a usage error ends at once, also with --watch
			}
			if runF != nil {
				return runF(opts)
			}
			if opts.Watch {
				return watchLoop(f, func() error { return runBuild(opts) })
			}
			return runBuild(opts)
		},
	}
	cmd.Flags().StringVarP(&opts.Out, "out", "o", "out", "output folder")
	cmd.Flags().StringVar(&opts.Ruleset, "ruleset", "", "a Superhero Gladiators ruleset file for every hero file")
	cmd.Flags().BoolVar(&opts.Watch, "watch", false, "build again whenever an input changes, until interrupted")
	opts.Print.register(cmd.Flags())
	return cmd
}

// request is the library's request for a build or check.
func request(f *Factory, inputs []string, out, ruleset string, pf printFlags) build.Request {
	return build.Request{Env: f.BuildEnv(), Inputs: inputs, Print: pf.options, Out: out, Ruleset: ruleset}
}

func runBuild(opts *BuildOptions) error {
	f := opts.Factory
	products, err := prepare(f, request(f, opts.Inputs, opts.Out, opts.Ruleset, opts.Print))
	if err != nil {
		return err
	}
	return write(f, products)
}

// prepare runs the library's Prepare and prints its diagnostics; it fails
// when there are errors.
func prepare(f *Factory, req build.Request) ([]build.Product, error) {
	products, diags, err := build.Prepare(req)
	if n := report(f.Err, diags); n > 0 {
		return nil, fmt.Errorf("nothing written")
	}
	return products, err
}

// write renders and writes products, showing progress on a terminal, and
// lists them.
func write(f *Factory, products []build.Product) error {
	var done atomic.Int64
	stop := startProgress(f.Env, len(products), &done)
	err := build.Write(f.Dir, products, &done)
	stop()
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(f.Out, 0, 0, 2, ' ', 0)
	for _, p := range products {
		fmt.Fprintf(tw, "%s\t%s\t%s\n", p.Path, p.Counts(), cards.Count(p.Pages, "page", "pages"))
		if p.Note != "" {
			fmt.Fprintf(f.Err, "%s: %s\n", p.Path, p.Note)
		}
	}
	return tw.Flush()
}

// startProgress shows, on a terminal only and once a build has taken
// env.ProgressAfter, a progress line on standard error; the returned
// function clears it.
func startProgress(env Env, total int, done *atomic.Int64) func() {
	if !env.Terminal {
		return func() {}
	}
	quit := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		select {
		case <-quit:
			return
		case <-time.After(env.ProgressAfter):
		}
		tick := time.NewTicker(100 * time.Millisecond)
		defer tick.Stop()
		for {
			n := int(done.Load())
			const width = 30
			bar := strings.Repeat("█", n*width/total) + strings.Repeat("░", width-n*width/total)
			fmt.Fprintf(env.Err, "\r%s %d/%d files", bar, n, total)
			select {
			case <-quit:
				fmt.Fprint(env.Err, "\r\033[K")
				return
			case <-tick.C:
			}
		}
	}()
	return func() {
		close(quit)
		<-finished
	}
}
