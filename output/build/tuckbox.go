package build

import (
	"fmt"
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
func Tuckbox(req TuckboxRequest) ([]Product, cards.Diagnostics, error) {
	decks, diags, err := Decks(req.Request)
	if err != nil || decks == nil {
		return nil, diags, err
	}
	var out []Product
	for _, d := range decks {
		p, err := tuckProduct(d.Job, req.Tuck.Cards, req.Tuck.Thickness, filepath.Join(req.Out, stem(d.Path)+"-tuckbox.pdf"))
		if err != nil {
			diags.Errorf(d.Job.Deck.Pos, "tuck box: %v", err)
			continue
		}
		out = append(out, p)
	}
	diags = diags.Sort()
	if diags.HasErrors() {
		return nil, diags, nil
	}
	return out, diags, nil
}

// tuckProduct is the PDF of a deck's tuck box holding count cards (0: the
// deck's).
func tuckProduct(job *output.DeckJob, count int, thickness float64, path string) (Product, error) {
	t, err := output.TuckBoxFor(job, count, thickness)
	if err != nil {
		return Product{}, err
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
		Render: func() ([]byte, error) { return pdf.Render(doc) },
	}, nil
}

// projectTuckboxes adds the tuck boxes a project's tuckbox: asks for: one
// for each of its decks (but whole-page ones), holding the deck's printed
// cards and the project's rules cards that fit beside them, unless the
// project says how many.
func projectTuckboxes(built []built) ([]Product, cards.Diagnostics) {
	var out []Product
	var diags cards.Diagnostics
	for _, b := range built {
		if b.in.tuck == nil || b.key != "deck" {
			continue
		}
		for _, p := range b.products {
			if p.job == nil || p.job.Fill {
				continue
			}
			count := b.in.tuck.Cards
			if count == 0 {
				count = p.job.Cards() + rulesCardsBeside(built, b.in.group, p.job.Plan.Card)
			}
			tp, err := tuckProduct(p.job, count, b.in.tuck.Thickness, filepath.Join(b.in.outDir, stem(b.in.path)+"-tuckbox.pdf"))
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
