package build

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
	"github.com/deckpress/deckpress/rules/galaga"
	"github.com/deckpress/deckpress/rules/slugfest"
	"github.com/deckpress/deckpress/templates"
)

// options are the settings every input of a build shares.
type options struct {
	print   output.PrintOptions
	ruleset string // a Gladiators ruleset file for every hero file
	env     Env
}

// handler prepares the products of one input of a format.
type handler func(in input, root *cards.Node, opts options) ([]Product, cards.Diagnostics)

// handlers maps the first key of a file to its format's handler: the
// format registry.
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

// Formats lists the first keys deckpress builds.
func Formats() []string {
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
func prepare(inputs []input, explicit map[string]bool, opts options) ([]Product, cards.Diagnostics) {
	var products []Product
	var diags cards.Diagnostics
	var done []built
	for _, in := range inputs {
		root, ds := cards.Parse(in.path, in.src)
		diags = append(diags, ds...)
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
				diags.Errorf(root.Pos, "not a file deckpress builds: it should start with one of %s (found %s)", strings.Join(Formats(), ", "), found)
			}
			continue
		}
		o := opts
		o.print = opts.print.Over(in.project) // the command line over the project
		ps, ds := h(in, root, o)
		products = append(products, ps...)
		diags = append(diags, ds...)
		done = append(done, built{in: in, key: key, products: ps})
	}
	boxes, ds := projectTuckboxes(done)
	return append(products, boxes...), append(diags, ds...)
}

// built is an input with its format and the products made of it.
type built struct {
	in       input
	key      string
	products []Product
}

// Builtin returns the built-in template files.
func Builtin() []templates.Source {
	var out []templates.Source
	for _, name := range data.TemplateFiles() {
		b, err := fs.ReadFile(data.FS, name)
		if err == nil {
			out = append(out, templates.Source{Path: name, Data: b})
		}
	}
	return out
}

func prepareDeckInput(in input, root *cards.Node, opts options) ([]Product, cards.Diagnostics) {
	deck, diags := cards.ReadDeck(in.path, root, in.files)
	if deck == nil {
		return nil, diags
	}
	diags = diags.Extend(galaga.Texts(deck)) // Galaga cards' text, from their effects
	diags = diags.Extend(compose.Check(deck))
	if !diags.HasErrors() {
		diags = diags.Extend(checkPrinted(deck))
	}
	job, ds := output.PrepareDeck(deck, output.DeckOptions{Print: opts.print, Files: in.files, Builtin: Builtin()})
	diags = diags.Extend(ds)
	if job == nil || diags.HasErrors() {
		return nil, diags
	}
	return []Product{DeckProduct(job, filepath.Join(in.outDir, stem(in.path)+".pdf"))}, diags
}

// prepareSlugfestInput builds a deck per Slugfest team:
// <file>-<team>.pdf.
func prepareSlugfestInput(in input, root *cards.Node, opts options) ([]Product, cards.Diagnostics) {
	f, diags := slugfest.ReadFile(in.path, root, in.files)
	if f == nil {
		return nil, diags
	}
	if diags.HasErrors() && len(f.Teams) == 0 {
		return nil, diags // no list could be read: that is the error
	}
	diags = diags.Extend(slugfest.Check(f.Teams, f.Pos))
	if diags.HasErrors() {
		return nil, diags
	}
	var out []Product
	names, _ := slugfest.FileNames(f.Teams) // Check has reported their changes
	for i, t := range f.Teams {
		d := slugfest.Deck(in.path, f.Title, i, t)
		d.Size, d.Print = f.Size, f.Print
		job, ds := output.PrepareDeck(d, output.DeckOptions{Print: opts.print, Files: in.files, Builtin: Builtin()})
		diags = diags.Extend(ds)
		if job != nil {
			out = append(out, DeckProduct(job, filepath.Join(in.outDir, stem(in.path)+"-"+names[i]+".pdf")))
		}
	}
	return out, diags
}

// checkPrinted refuses a deck that prints no card (none listed, or every
// count 0), which would make a PDF of one blank page. Callers skip it for
// a deck whose cards could not be read (its CSV, say): that has its error
// already.
func checkPrinted(deck *cards.Deck) cards.Diagnostics {
	var diags cards.Diagnostics
	for _, c := range deck.All() {
		if c.Count > 0 {
			return diags
		}
	}
	diags.Errorf(deck.Pos, "the deck has no cards to print (no cards, or every count is 0); nothing would be written")
	return diags
}

// DeckProduct is the PDF of a prepared deck.
func DeckProduct(job *output.DeckJob, path string) Product {
	doc := job.Document()
	return Product{
		Path:   path,
		Cards:  job.Cards(),
		Sheets: job.Sheets(),
		Pages:  doc.Len(),
		doc:    doc,
		job:    job,
		Render: func(w io.Writer) error { return pdf.Render(w, doc) },
	}
}
