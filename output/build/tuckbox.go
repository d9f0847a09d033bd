package build

import (
	"fmt"
	"io"
	"path/filepath"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/output"
	"github.com/deckpress/deckpress/output/pdf"
	"github.com/deckpress/deckpress/templates/draw"
)

// TuckboxRequest says which tuck boxes to make: one for every deck among
// the inputs.
type TuckboxRequest struct {
	Request
	Tuck output.TuckOptions
}

// Tuckbox prepares a tuck box for every deck among the inputs (a folder
// stands for the decks in it): <deck>-tuckbox.pdf, on the deck's paper.
// Unless req.Tuck says how many cards a box holds, it holds the deck's
// printed cards and the rules cards, no larger, that the rules files among
// the inputs print beside them (those of the same project, or folder).
func Tuckbox(req TuckboxRequest) ([]Product, cards.Diagnostics, error) {
	ins, diags, err := argInputs(req.Env, req.Inputs, req.Out)
	if err != nil {
		return nil, diags, err
	}
	opts := options{print: req.Print, env: req.Env}
	var done []built
	found := 0
	for _, in := range ins {
		root, ds := cards.Parse(in.path, in.src)
		diags = append(diags, ds...)
		if root == nil {
			found++ // a broken file is reported, not skipped
			continue
		}
		o := opts
		o.print = opts.print.Over(in.project)
		in.tuck = &req.Tuck
		if in.group == "" {
			in.group = filepath.Dir(in.path)
		}
		var ps []Product
		switch key := cards.FirstKey(root); key {
		case "deck":
			found++
			ps, ds = prepareDeckInput(in, root, o)
		case "rules":
			ps, ds = rulesProducts(in, root, o, 0, true, false)
		default:
			if in.named {
				diags.Errorf(root.Pos, "tuckbox makes boxes for decks: the file should start with deck:")
			}
			continue
		}
		diags = append(diags, ds...)
		done = append(done, built{in: in, key: cards.FirstKey(root), products: ps})
	}
	boxes, ds := projectTuckboxes(done)
	diags = append(diags, ds...).Sort()
	if found == 0 && !diags.HasErrors() {
		return nil, diags, &NoInputsError{Inputs: req.Inputs, Format: "deck"}
	}
	if diags.HasErrors() {
		return nil, diags, nil
	}
	return boxes, diags, nil
}

// tuckProduct is the PDF of a deck's tuck box holding count cards (0: the
// deck's).
func tuckProduct(job *output.DeckJob, count int, thickness float64, path string) (Product, cards.Diagnostics, error) {
	t, diags, err := output.TuckBoxFor(job, count, thickness)
	if err != nil {
		return Product{}, diags, err
	}
	doc := t.Document()
	b := t.Box
	return Product{
		Path:   path,
		Sheets: len(t.Sheets),
		Pages:  len(doc.Pages),
		Note: fmt.Sprintf("tuck box for %s, inside %s x %s x %s mm", cards.Count(b.Cards, "card", "cards"),
			draw.Num(b.W), draw.Num(b.H), draw.Num(b.D)),
		doc:    doc,
		Render: func(w io.Writer) error { return pdf.Render(w, doc) },
	}, diags, nil
}

// projectTuckboxes makes the tuck boxes the inputs ask for (a project's
// tuckbox:, or the tuckbox command): one for each deck but whole-page
// ones, holding the deck's printed cards and its group's rules cards that
// fit beside them, unless the request says how many.
func projectTuckboxes(built []built) ([]Product, cards.Diagnostics) {
	var out []Product
	var diags cards.Diagnostics
	for _, b := range built {
		if b.in.tuck == nil || b.key != "deck" {
			continue
		}
		for _, p := range b.products {
			if p.job == nil {
				continue
			}
			if p.job.Fill {
				if b.in.named {
					diags.Errorf(p.job.Deck.Pos, "tuck box: a deck of whole pages (size: page) goes in no box")
				}
				continue
			}
			count := b.in.tuck.Cards
			if count == 0 {
				count = p.job.Cards() + rulesCardsBeside(built, b.in.group, p.job.Plan.Card)
			}
			tp, ds, err := tuckProduct(p.job, count, b.in.tuck.Thickness, filepath.Join(b.in.outDir, stem(b.in.path)+"-tuckbox.pdf"))
			diags = diags.Extend(ds)
			if err != nil {
				diags.Errorf(p.job.Deck.Pos, "tuck box: %v", err)
				continue
			}
			out = append(out, tp)
		}
	}
	return out, diags
}

// rulesCardsBeside counts the rules cards a project prints that go into a
// box of cards of size card: those no larger, either way up.
func rulesCardsBeside(built []built, group string, card layout.Size) int {
	n := 0
	const tol = 0.01
	for _, b := range built {
		if b.key != "rules" || b.in.group != group {
			continue
		}
		for _, p := range b.products {
			if p.job == nil || p.Cards == 0 {
				continue // the rules sheet
			}
			c := p.job.Plan.Card
			upright := c.W <= card.W+tol && c.H <= card.H+tol
			turned := c.H <= card.W+tol && c.W <= card.H+tol
			if upright || turned {
				n += p.Cards
			}
		}
	}
	return n
}
