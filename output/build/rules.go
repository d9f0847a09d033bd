package build

import (
	"fmt"
	"path/filepath"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/output"

	"github.com/deckpress/deckpress/templates/rulestext"
	"github.com/deckpress/deckpress/templates/typeset"
)

// RulesRequest says which products of rules files to make.
type RulesRequest struct {
	Request
	Copies int  // sets of cards to print; 0: each file's copies:, else as many as fill the sheet
	Cards  bool // the reference cards
	Sheet  bool // the rules sheet
}

// Rules prepares the rules cards and/or sheets of every rules file among
// the inputs; a folder stands for the rules files in it. Files named
// explicitly must be rules files.
func Rules(req RulesRequest) ([]Product, cards.Diagnostics, error) {
	ins, diags, err := argInputs(req.Env, req.Inputs, req.Out)
	if err != nil {
		return nil, diags, err
	}
	opts := options{print: req.Print, env: req.Env}
	var products []Product
	found := eachOfFormat(ins, "rules", "not a rules file: it should start with rules: <game title>", &diags, func(in input, root *cards.Node) {
		o := opts
		o.print = opts.print.Over(in.project)
		ps, ds := rulesProducts(in, root, o, req.Copies, req.Cards, req.Sheet)
		products = append(products, ps...)
		diags = append(diags, ds...)
	})
	diags = diags.Sort()
	if found == 0 && !diags.HasErrors() {
		return nil, diags, &NoInputsError{Inputs: req.Inputs, Format: "rules"}
	}
	if diags.HasErrors() {
		return nil, diags, nil
	}
	return products, diags, nil
}

// prepareRulesInput builds a rules file into its cards and its sheet.
func prepareRulesInput(in input, root *cards.Node, opts options) ([]Product, cards.Diagnostics) {
	return rulesProducts(in, root, opts, 0, true, true)
}

// rulesProducts makes the rules cards (copies sets; 0: the file's, and
// when it says none, as many whole sets as fill the sheets one set needs)
// and/or the rules sheet of a rules file.
func rulesProducts(in input, root *cards.Node, opts options, copies int, wantCards, wantSheet bool) ([]Product, cards.Diagnostics) {
	doc, diags := rulestext.Read(in.path, root)
	if doc == nil || diags.HasErrors() {
		return nil, diags
	}
	if copies == 0 {
		copies = doc.Copies
	}
	fonts, icons := typeset.NewFontSet(), typeset.NewIconSet()
	base := filepath.Join(in.outDir, stem(in.path))
	deck := &cards.Deck{Path: in.path, Name: doc.Title, Pos: doc.Pos, Size: doc.Size, Print: doc.Print}
	dopts := output.DeckOptions{Print: opts.print, Files: in.files}
	var out []Product
	if wantCards {
		res, ds := output.Resolve(doc.Size, doc.Print, dopts)
		diags = diags.Extend(ds)
		if res.OK {
			faces, pt, _, ds := doc.Cards(res.Size, fonts, icons)
			diags = diags.Extend(ds)
			if faces != nil {
				sets := copies
				if sets == 0 {
					sets = 1 // then as many as fill the sheets of one
				}
				job, ds := output.FacesJob(deck, faces, sets, dopts)
				diags = diags.Extend(ds)
				if job != nil && copies == 0 {
					job, _ = output.FacesJob(deck, faces, job.Plan.FillSets(len(faces)), dopts)
				}
				if job != nil {
					p := DeckProduct(job, base+".pdf")
					p.Note = fmt.Sprintf("rules set at %gpt on %s", pt, cards.Count(len(faces), "card", "cards"))
					out = append(out, p)
				}
			}
		}
	}
	if wantSheet {
		sheetOpts := dopts
		sheetOpts.FillPage = true
		res, ds := output.Resolve(nil, doc.Print, sheetOpts)
		diags = diags.Extend(ds)
		faces, pt, ds := doc.Sheet(res.Size, fonts, icons)
		diags = diags.Extend(ds)
		if faces != nil {
			sheet := *deck
			sheet.Name += " — rules sheet"
			job, ds := output.FacesJob(&sheet, faces, 1, sheetOpts)
			diags = diags.Extend(ds)
			if job != nil {
				p := DeckProduct(job, base+"-sheet.pdf")
				p.Cards = 0 // a page of rules, not a card
				p.Note = fmt.Sprintf("rules sheet set at %gpt", pt)
				out = append(out, p)
			}
		}
	}
	return out, diags
}
