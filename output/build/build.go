package build

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/output"
	"github.com/deckpress/deckpress/output/pdf"
	"github.com/deckpress/deckpress/templates"
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
	// Within, when not "", is a folder (absolute, its symlinks resolved)
	// that every file the run reads lies in, the inputs named included:
	// each is opened through an os.Root of it, race-free, and the search
	// for a project file stops there. The studio sets it to the folder it
	// serves; the command line leaves it empty.
	Within string
}

// files is how the run reads a file it is given by name: anywhere, or
// inside Within.
func (env Env) files() osFiles { return osFiles{dir: env.Dir, root: env.Within, log: env.Reads} }

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
	return env.files().ReadFile(name)
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
	// PDFX writes every PDF as PDF/X-4 (pdf.RenderX4).
	PDFX bool
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
	// Render writes the file's bytes to w; it is safe to call from
	// several goroutines at once for different products.
	Render func(w io.Writer) error
}

// Document is what the product draws, page by page (for a preview of
// its pages); nil for files that are not drawn documents.
func (p Product) Document() *draw.Document { return p.doc }

// Counts says how many cards and sheets a product holds, tab-separated;
// the cards are left blank for documents that are not cards (maps, rules
// sheets), the sheets for files that are not printed sheets (a preview's
// pictures).
func (p Product) Counts() string {
	printed, sheets := "", ""
	if p.Cards > 0 {
		printed = cards.Count(p.Cards, "card", "cards")
	}
	if p.Sheets > 0 {
		sheets = cards.Count(p.Sheets, "sheet", "sheets")
	}
	return printed + "\t" + sheets
}

// Prepare reads every input, applies the rules, lays out every card and
// checks that no two products share a path; it renders nothing. The
// diagnostics are every problem found; the products are nil when any is
// an error. The error is for an input that cannot be read at all.
func Prepare(req Request) ([]Product, cards.Diagnostics, error) {
	if req.Reads == nil {
		req.Reads = &ReadLog{} // to refuse an output over a file read
	}
	templates.Preparse(Builtin()) // on another core, while the inputs are read
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
	if req.PDFX {
		for i := range products {
			if doc := products[i].doc; doc != nil {
				products[i].Render = func(w io.Writer) error { return pdf.RenderX4(w, doc) }
			}
		}
	}
	seen := map[string]bool{}
	for _, p := range products {
		if seen[p.Path] {
			return nil, diags, fmt.Errorf("two inputs would both write %s; rename one of them", p.Path)
		}
		seen[p.Path] = true
	}
	if err := req.Env.CheckOverwrite(productPaths(products)); err != nil {
		return nil, diags, err
	}
	return products, diags, nil
}

// CheckOverwrite refuses an output path (relative to the working folder,
// or absolute) that is a file this run read — a deck named deck.pdf built
// into its own folder, a picture a preview would replace — compared as
// files, so that a symlink or a hard link is caught too. With no read log
// nothing is known to be read.
func (env Env) CheckOverwrite(paths []string) error {
	var read []os.FileInfo
	var names []string
	for _, n := range env.Reads.List() {
		if st, err := os.Stat(n); err == nil && st.Mode().IsRegular() {
			read, names = append(read, st), append(names, n)
		}
	}
	for _, p := range paths {
		st, err := os.Stat(env.Abs(p))
		if err != nil {
			continue
		}
		for i, r := range read {
			if os.SameFile(st, r) {
				return fmt.Errorf("%s would overwrite %s, which this run reads; choose another output folder (-o) or rename the input", env.relative(env.Abs(p)), env.relative(names[i]))
			}
		}
	}
	return nil
}

// productPaths are the paths products write.
func productPaths(products []Product) []string {
	paths := make([]string, len(products))
	for i, p := range products {
		paths[i] = p.Path
	}
	return paths
}

// Write renders every product straight into its staged file (so that no
// file is ever whole in memory), on all cores, then writes them all
// atomically (all or none) under the working folder env.Dir; a product
// over a file the run read (env.Reads) is refused first. done, when not
// nil, counts the products rendered, for a progress line.
func Write(env Env, products []Product, done *atomic.Int64) error {
	if err := env.CheckOverwrite(productPaths(products)); err != nil {
		return err
	}
	st := output.NewStage()
	defer st.Discard()
	files := make([]io.Writer, len(products))
	for i, p := range products {
		w, err := st.Create(env.Abs(p.Path))
		if err != nil {
			return err
		}
		files[i] = w
	}
	errs := make([]error, len(products))
	next := make(chan int)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for i := range next {
				errs[i] = products[i].Render(files[i])
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
	return st.Commit()
}
