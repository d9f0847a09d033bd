package cli

import (
	"fmt"
	"os"
	"path/filepath"
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
	// PDFX writes PDF/X-4 files.
	PDFX bool
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
buildable file in it. With no argument, build builds the project of the current
folder (its deckpress.yaml), or when there is none the built-in kits, each into
<out>/<kit>/.

Everything is checked before anything is written: on any error no file is written
and earlier PDFs stay as they were.`,
		Example: `  deckpress build                       # the built-in kits into ./out/
  deckpress build heroes.yaml -o print  # print/heroes.pdf
  deckpress build deck.yaml --paper letter --duplex short --bleed 3mm`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := opts.Print.parse(); err != nil {
				return err // a usage error ends at once, also with --watch
			}
			opts.Inputs = defaultInputs(f, "deckpress build", args)
			if runF != nil {
				return runF(opts)
			}
			if opts.Watch {
				return watchLoop(f, func() error { return runBuild(opts) })
			}
			return runBuild(opts)
		},
	}
	cmd.Flags().StringVarP(&opts.Out, "out", "o", "out", "output folder, or the PDF to write when the build makes one")
	cmd.Flags().StringVar(&opts.Ruleset, "ruleset", "", "a Superhero Gladiators ruleset file for every hero file")
	cmd.Flags().BoolVar(&opts.Watch, "watch", false, "build again whenever an input changes, until interrupted")
	cmd.Flags().BoolVar(&opts.PDFX, "pdfx", false, "write PDF/X-4 (PDF 1.6: an sRGB output intent, page boxes, XMP; no Duplex viewer preference) for print shops that ask for it")
	opts.Print.register(cmd.Flags())
	return cmd
}

// request is the library's request for a build or check.
func request(f *Factory, inputs []string, out, ruleset string, pf printFlags) build.Request {
	return build.Request{Env: f.BuildEnv(), Inputs: inputs, Print: pf.options, Out: out, Ruleset: ruleset}
}

// defaultInputs are what build and check work on: the arguments, or with
// none the working folder when it has a project file, the built-in kits
// (no inputs) otherwise. It says which on standard error, so that a
// newcomer knows what was built.
func defaultInputs(f *Factory, verb string, args []string) []string {
	if len(args) > 0 {
		return args
	}
	if st, err := os.Stat(filepath.Join(f.Dir, cards.ProjectFile)); err == nil && st.Mode().IsRegular() {
		fmt.Fprintf(f.Err, "deckpress: no file named: using this folder's %s\n", cards.ProjectFile)
		return []string{"."}
	}
	fmt.Fprintf(f.Err, "deckpress: no file named and no %s here: using the built-in kits (for the YAML files here: %s .)\n", cards.ProjectFile, verb)
	return nil
}

func runBuild(opts *BuildOptions) error {
	f := opts.Factory
	out, err := parseOut(opts.Out, ".pdf")
	if err != nil {
		return err
	}
	req := request(f, opts.Inputs, out.dir, opts.Ruleset, opts.Print)
	req.PDFX = opts.PDFX
	products, err := prepare(f, req)
	if err != nil {
		return err
	}
	if err := out.place(products); err != nil {
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
	err := build.Write(f.BuildEnv(), products, &done)
	stop()
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(f.Out, 0, 0, 2, ' ', 0)
	for _, p := range products {
		fmt.Fprintf(tw, "%s\t%s\t%s\n", cards.Printable(p.Path), p.Counts(), cards.Count(p.Pages, "page", "pages"))
		if p.Note != "" {
			fmt.Fprintln(f.Err, cards.Printable(p.Path+": "+p.Note))
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
