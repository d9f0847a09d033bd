package build

import (
	"fmt"
	"path/filepath"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/output"
	"github.com/deckpress/deckpress/templates/draw"
)

// Env is where a build reads: its working folder, whether the files an
// input names may lie outside its project folder, and the log of the files
// read (for watching; nil: none).
type Env struct {
	// Dir is the working folder; relative paths resolve against it.
	Dir string
	// AllowOutside lets inputs read images, fonts, CSV and template files
	// outside their project folder.
	AllowOutside bool
	// Reads, when not nil, gathers every file the build reads.
	Reads *ReadLog
}

// Abs resolves p against the working folder.
func (env Env) Abs(p string) string {
	if filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(env.Dir, p)
}

// relative shows an absolute path relative to the working folder.
func (env Env) relative(p string) string {
	rel, err := filepath.Rel(env.Abs("."), p)
	if err != nil {
		return p
	}
	return rel
}

// ReadFile reads a file named relative to the working folder, as inputs
// are read: noted in Reads, and refused when huge.
func (env Env) ReadFile(name string) ([]byte, error) {
	return osFiles{dir: env.Dir, log: env.Reads}.ReadFile(name)
}

// Request is what to build.
type Request struct {
	Env
	// Inputs are files and folders, relative to Dir; a folder stands for
	// the inputs of its project file, or every YAML file in it. None: the
	// built-in kits, each into Out/<kit>/.
	Inputs []string
	// Print overrides every input's print settings (command-line flags).
	Print output.PrintOptions
	// Out is the output folder, relative to Dir.
	Out string
	// Ruleset is a Superhero Gladiators ruleset file for every hero file.
	Ruleset string
}

// Product is one file a build writes.
type Product struct {
	Path   string // relative to the working folder
	Cards  int    // cards printed (0 for documents that are not decks)
	Sheets int    // sheets of paper (or pages, for single-page layouts)
	Pages  int
	Note   string          // said once written ("set at 8.5 pt")
	doc    *draw.Document  // what Render draws, for tests; nil for other files
	job    *output.DeckJob // the deck drawn, for tests; nil for other documents
	// Render makes the file's bytes; it is safe to call from several
	// goroutines at once for different products.
	Render func() ([]byte, error)
}

// Counts says how many cards and sheets a product holds, tab-separated;
// the cards are left blank for documents that are not cards (maps, rules
// sheets).
func (p Product) Counts() string {
	printed := ""
	if p.Cards > 0 {
		printed = cards.Count(p.Cards, "card", "cards")
	}
	return printed + "\t" + cards.Count(p.Sheets, "sheet", "sheets")
}

// Prepare reads every input, applies the rules, lays out every card and
// checks that no two products share a path; it renders nothing. The
// diagnostics are every problem found; the products are nil when any is
// an error. The error is for an input that cannot be read at all.
func Prepare(req Request) ([]Product, cards.Diagnostics, error) {
	opts := options{print: req.Print, ruleset: req.Ruleset, env: req.Env}
	var inputs []input
	var diags cards.Diagnostics
	explicit := map[string]bool{}
	var err error
	if len(req.Inputs) == 0 {
		inputs, err = builtinInputs(req.Out)
	} else {
		var ds cards.Diagnostics
		inputs, ds, err = argInputs(req.Env, req.Inputs, req.Out)
		diags = append(diags, ds...)
		for _, a := range req.Inputs {
			explicit[a] = true
		}
	}
	if err != nil {
		return nil, diags.Sort(), err
	}
	products, ds := prepare(inputs, explicit, opts)
	diags = append(diags, ds...).Sort()
	if diags.HasErrors() {
		return nil, diags, nil
	}
	seen := map[string]bool{}
	for _, p := range products {
		if seen[p.Path] {
			return nil, diags, fmt.Errorf("two inputs would both write %s; rename one of them", p.Path)
		}
		seen[p.Path] = true
	}
	return products, diags, nil
}

// Write renders every product, on all cores, then writes them all
// atomically (all or none) under the working folder dir. done, when not
// nil, counts the products rendered, for a progress line.
func Write(dir string, products []Product, done *atomic.Int64) error {
	files := make([]output.File, len(products))
	errs := make([]error, len(products))
	next := make(chan int)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for i := range next {
				b, err := products[i].Render()
				files[i], errs[i] = output.File{Path: Env{Dir: dir}.Abs(products[i].Path), Data: b}, err
				if done != nil {
					done.Add(1)
				}
			}
		})
	}
	for i := range products {
		next <- i
	}
	close(next)
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			return fmt.Errorf("%s: %w; nothing written", products[i].Path, err)
		}
	}
	return output.WriteFiles(files)
}
