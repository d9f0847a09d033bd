package cli

import (
	"fmt"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/output"

	"github.com/deckpress/deckpress/templates/rulestext"
	"github.com/deckpress/deckpress/templates/typeset"
)

type rulesFlags struct {
	out    string
	copies int
	sheet  bool
	print  printFlags
}

func newRulesCmd(env Env) *cobra.Command {
	var f rulesFlags
	cmd := &cobra.Command{
		Use:   "rules FILE",
		Short: "Print a game's rules as reference cards, or as a rules sheet",
		Long: `rules sets a rules file (one that starts with 'rules: <game title>') on reference
cards: the text flows across the faces in order, at the largest size that fits in
max-cards cards (never below 6.5 pt), printed duplex like any deck. --copies prints
a set per player. With --sheet it sets the same text on a one- or two-page rules
sheet instead. 'deckpress build' builds both.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error { return runRules(env, args[0], f) },
	}
	cmd.Flags().StringVarP(&f.out, "out", "o", "out", "output folder")
	cmd.Flags().IntVar(&f.copies, "copies", 0, "sets of cards to print (default: the file's copies:, or 1)")
	cmd.Flags().BoolVar(&f.sheet, "sheet", false, "print a rules sheet on A4 or Letter instead of cards")
	f.print.register(cmd.Flags())
	return cmd
}

func runRules(env Env, path string, f rulesFlags) error {
	po, err := f.print.options()
	if err != nil {
		return err
	}
	if f.copies < 0 || f.copies > 100 {
		return fmt.Errorf("--copies: %d is out of range (1 to 100)", f.copies)
	}
	var diags cards.Diagnostics
	in, err := argInputs(env, []string{path}, f.out, &diags)
	if err != nil {
		return failed("%v", err)
	}
	root, ds := cards.Parse(in[0].path, in[0].src)
	diags = append(diags, ds...)
	var products []product
	if root != nil {
		if cards.FirstKey(root) != "rules" {
			diags.Errorf(root.Pos, "not a rules file: it should start with rules: <game title>")
		} else {
			products = rulesProducts(in[0], root, buildOptions{print: po, env: env}, f.copies, !f.sheet, f.sheet, &diags)
		}
	}
	if report(env.Err, diags) > 0 || len(products) == 0 {
		return failed("nothing written")
	}
	return writeProducts(env, products)
}

// prepareRulesInput builds a rules file into its cards and its sheet.
func prepareRulesInput(in input, root *cards.Node, opts buildOptions, diags *cards.Diagnostics) []product {
	return rulesProducts(in, root, opts, 0, true, true, diags)
}

// rulesProducts makes the rules cards (copies sets; 0: the file's) and/or
// the rules sheet of a rules file.
func rulesProducts(in input, root *cards.Node, opts buildOptions, copies int, wantCards, wantSheet bool, diags *cards.Diagnostics) []product {
	doc, ds := rulestext.Read(in.path, root)
	*diags = append(*diags, ds...)
	if doc == nil || ds.HasErrors() {
		return nil
	}
	if copies == 0 {
		copies = doc.Copies
	}
	fonts, icons := typeset.NewFontSet(), typeset.NewIconSet()
	base := filepath.Join(in.outDir, stem(in.path))
	deck := &cards.Deck{Path: in.path, Name: doc.Title, Pos: doc.Pos, Size: doc.Size, Print: doc.Print}
	dopts := output.DeckOptions{Print: opts.print, Files: in.files}
	var out []product
	if wantCards {
		size, _, _, ok := output.Resolve(doc.Size, doc.Print, dopts, diags)
		if ok {
			if faces, pt, _ := doc.Cards(size, fonts, icons, diags); faces != nil {
				if job := output.FacesJob(deck, faces, copies, dopts, diags); job != nil {
					p := deckProduct(job, base+".pdf")
					p.note = fmt.Sprintf("rules set at %gpt on %s", pt, cards.Count(len(faces), "card", "cards"))
					out = append(out, p)
				}
			}
		}
	}
	if wantSheet {
		sheetOpts := dopts
		sheetOpts.FillPage = true
		page, _, _, _ := output.Resolve(nil, doc.Print, sheetOpts, diags)
		if faces, pt := doc.Sheet(page, fonts, icons, diags); faces != nil {
			sheet := *deck
			sheet.Name += " — rules sheet"
			if job := output.FacesJob(&sheet, faces, 1, sheetOpts, diags); job != nil {
				p := deckProduct(job, base+"-sheet.pdf")
				p.cards = 0 // a page of rules, not a card
				p.note = fmt.Sprintf("rules sheet set at %gpt", pt)
				out = append(out, p)
			}
		}
	}
	return out
}
