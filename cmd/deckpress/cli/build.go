package cli

import (
	"fmt"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/output"
)

type buildFlags struct {
	out     string
	ruleset string
	watch   bool
	print   printFlags
}

func newBuildCmd(env Env) *cobra.Command {
	var f buildFlags
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
			if f.watch {
				if _, err := f.print.options(); err != nil {
					return err // a usage error ends at once
				}
				return watchLoop(env, func(e Env) error { return runBuild(e, args, f) })
			}
			return runBuild(env, args, f)
		},
	}
	cmd.Flags().StringVarP(&f.out, "out", "o", "out", "output folder")
	cmd.Flags().StringVar(&f.ruleset, "ruleset", "", "a Superhero Gladiators ruleset file for every hero file")
	cmd.Flags().BoolVar(&f.watch, "watch", false, "build again whenever an input changes, until interrupted")
	f.print.register(cmd.Flags())
	return cmd
}

func runBuild(env Env, args []string, f buildFlags) error {
	products, err := load(env, args, f.out, f.ruleset, f.print)
	if err != nil {
		return err
	}
	seen := map[string]bool{}
	for _, p := range products {
		if seen[p.path] {
			return failed("two inputs would both write %s; rename one of them", p.path)
		}
		seen[p.path] = true
	}
	return writeProducts(env, products)
}

// writeProducts renders every product, on all cores, then writes them all
// atomically and lists them.
func writeProducts(env Env, products []product) error {
	files := make([]output.File, len(products))
	errs := make([]error, len(products))
	var done atomic.Int64
	stop := startProgress(env, len(products), &done)
	next := make(chan int)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for i := range next {
				b, err := products[i].render()
				files[i], errs[i] = output.File{Path: abs(env, products[i].path), Data: b}, err
				done.Add(1)
			}
		})
	}
	for i := range products {
		next <- i
	}
	close(next)
	wg.Wait()
	stop()
	for i, err := range errs {
		if err != nil {
			return failed("%s: %v; nothing written", products[i].path, err)
		}
	}
	if err := output.WriteFiles(files); err != nil {
		return failed("%v", err)
	}
	tw := tabwriter.NewWriter(env.Out, 0, 0, 2, ' ', 0)
	for _, p := range products {
		fmt.Fprintf(tw, "%s\t%s\t%s\n", p.path, p.counts(), cards.Count(p.pages, "page", "pages"))
		if p.note != "" {
			fmt.Fprintf(env.Err, "%s: %s\n", p.path, p.note)
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

// load reads the inputs and prepares their products, printing
// diagnostics; it fails when there are errors.
func load(env Env, args []string, outDir, ruleset string, pf printFlags) ([]product, error) {
	po, err := pf.options()
	if err != nil {
		return nil, err
	}
	opts := buildOptions{print: po, ruleset: ruleset, env: env}
	var inputs []input
	var diags cards.Diagnostics
	explicit := map[string]bool{}
	if len(args) == 0 {
		inputs, err = builtinInputs(outDir)
	} else {
		inputs, err = argInputs(env, args, outDir, &diags)
		for _, a := range args {
			explicit[a] = true
		}
	}
	if err != nil {
		return nil, failed("%v", err)
	}
	products := prepare(inputs, explicit, opts, &diags)
	if n := report(env.Err, diags); n > 0 {
		return nil, failed("nothing written")
	}
	return products, nil
}

func abs(env Env, p string) string {
	if filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(env.Dir, p)
}
