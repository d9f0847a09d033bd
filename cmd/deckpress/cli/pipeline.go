package cli

import (
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"sort"
	"strings"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/data"
	"github.com/deckpress/deckpress/output"
	"github.com/deckpress/deckpress/output/pdf"
	"github.com/deckpress/deckpress/rules/compose"
	"github.com/deckpress/deckpress/rules/slugfest"
)

// product is one file a build writes.
type product struct {
	path   string // relative to the working folder
	cards  int    // cards printed (0 for documents that are not decks)
	sheets int    // sheets of paper (or pages, for single-page layouts)
	pages  int
	note   string           // said on standard error once written ("set at 8.5 pt")
	doc    *output.Document // what render draws, for tests; nil for other files
	job    *output.DeckJob  // the deck drawn, for tests; nil for other documents
	render func() ([]byte, error)
}

// counts says how many cards and sheets a product holds, tab-separated;
// the cards are left blank for documents that are not cards (maps, rules
// sheets).
func (p product) counts() string {
	printed := ""
	if p.cards > 0 {
		printed = cards.Count(p.cards, "card", "cards")
	}
	return printed + "\t" + cards.Count(p.sheets, "sheet", "sheets")
}

// buildOptions are the options shared by build and check.
type buildOptions struct {
	print   output.PrintOptions
	ruleset string // --ruleset: a Gladiators ruleset file for every hero file
	env     Env
}

// handler prepares the products of one input of a format.
type handler func(in input, root *cards.Node, opts buildOptions, diags *cards.Diagnostics) []product

// handlers maps the first key of a file to its format's handler.
var handlers = map[string]handler{
	"deck":     prepareDeckInput,
	"hero":     prepareHeroInput,
	"team":     prepareHeroInput,
	"heroes":   prepareHeroInput,
	"ruleset":  checkRulesetInput,
	"slugfest": prepareSlugfestInput,
	"rules":    prepareRulesInput,
	"arena":    prepareArenaInput,
}

// formats lists the first keys deckpress builds.
func formats() []string {
	var out []string
	for k := range handlers {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// prepare loads and checks every input. Inputs found in a folder that are
// not a buildable format (template files, rulesets) are skipped; a file
// named on the command line must be one.
func prepare(inputs []input, explicit map[string]bool, opts buildOptions, diags *cards.Diagnostics) []product {
	var products []product
	for _, in := range inputs {
		root, ds := cards.Parse(in.path, in.src)
		*diags = append(*diags, ds...)
		if root == nil {
			continue
		}
		key := cards.FirstKey(root)
		h, ok := handlers[key]
		if !ok {
			if explicit[in.path] {
				found := fmt.Sprintf("%q", key)
				switch {
				case root.IsNull():
					found = "an empty file"
				case root.Kind != cards.MapNode:
					found = root.Describe()
				}
				diags.Errorf(root.Pos, "not a file deckpress builds: it should start with one of %s (found %s)", strings.Join(formats(), ", "), found)
			}
			continue
		}
		o := opts
		o.print = opts.print.Over(in.project) // the command line over the project
		products = append(products, h(in, root, o, diags)...)
	}
	return products
}

// builtinTemplates reads the built-in template files.
func builtinTemplates() []output.Source {
	var out []output.Source
	for _, name := range data.TemplateFiles() {
		b, err := fs.ReadFile(data.FS, name)
		if err == nil {
			out = append(out, output.Source{Path: name, Data: b})
		}
	}
	return out
}

func prepareDeckInput(in input, root *cards.Node, opts buildOptions, diags *cards.Diagnostics) []product {
	deck, ds := cards.ReadDeck(in.path, root, in.files)
	*diags = append(*diags, ds...)
	if deck == nil {
		return nil
	}
	compose.Check(deck, diags)
	job := output.PrepareDeck(deck, output.DeckOptions{Print: opts.print, Files: in.files, Builtin: builtinTemplates()}, diags)
	if job == nil {
		return nil
	}
	return []product{deckProduct(job, filepath.Join(in.outDir, stem(in.path)+".pdf"))}
}

// prepareSlugfestInput builds a deck per Slugfest team:
// <file>-<team>.pdf.
func prepareSlugfestInput(in input, root *cards.Node, opts buildOptions, diags *cards.Diagnostics) []product {
	f, ds := slugfest.ReadFile(in.path, root, in.files)
	*diags = append(*diags, ds...)
	if f == nil {
		return nil
	}
	if ds.HasErrors() && len(f.Teams) == 0 {
		return nil // no list could be read: that is the error
	}
	before := len(*diags)
	slugfest.Check(f.Teams, f.Pos, diags)
	if ds.HasErrors() || cards.Diagnostics((*diags)[before:]).HasErrors() {
		return nil
	}
	var out []product
	for i, t := range f.Teams {
		d := slugfest.Deck(in.path, f.Title, i, t)
		d.Size, d.Print = f.Size, f.Print
		job := output.PrepareDeck(d, output.DeckOptions{Print: opts.print, Files: in.files, Builtin: builtinTemplates()}, diags)
		if job != nil {
			out = append(out, deckProduct(job, filepath.Join(in.outDir, stem(in.path)+"-"+slugfest.Slug(t.Name)+".pdf")))
		}
	}
	return out
}

// deckProduct is the PDF of a prepared deck.
func deckProduct(job *output.DeckJob, path string) product {
	doc := job.Document()
	return product{
		path:   path,
		cards:  job.Cards(),
		sheets: job.Sheets(),
		pages:  len(doc.Pages),
		doc:    doc,
		job:    job,
		render: func() ([]byte, error) { return pdf.Render(doc) },
	}
}

// report prints diagnostics, sorted, and a count; it returns the number of
// errors.
func report(w io.Writer, diags cards.Diagnostics) int {
	diags = diags.Sort()
	for _, d := range diags {
		fmt.Fprintln(w, d)
	}
	errs, warns := diags.Count()
	if errs+warns > 0 {
		fmt.Fprintf(w, "%s, %s\n", cards.Count(errs, "error", "errors"), cards.Count(warns, "warning", "warnings"))
	}
	return errs
}
