package build

import (
	"fmt"
	"image"
	"io"
	"runtime"
	"strconv"
	"sync"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/output"
	"github.com/deckpress/deckpress/output/png"
	"github.com/deckpress/deckpress/rules/galaga"

	"github.com/deckpress/deckpress/templates/draw"
	"github.com/deckpress/deckpress/templates/typeset"
)

// FaceRef is one face to render: a card entry and a side.
type FaceRef struct {
	Card int // 0-based entry
	Side layout.Side
}

// Deck is a deck input prepared for preview or export.
type Deck struct {
	Path string // the input, as given
	Job  *output.DeckJob
}

// Decks loads and prepares every deck among the inputs, for preview and
// export; a folder stands for the deck files in it. Files named
// explicitly must be decks.
func Decks(req Request) ([]Deck, cards.Diagnostics, error) {
	ins, diags, err := argInputs(req.Env, req.Inputs, "")
	if err != nil {
		return nil, diags, err
	}
	var out []Deck
	found := eachOfFormat(ins, "deck", "preview shows decks: the file should start with deck:", &diags, func(in input, root *cards.Node) {
		deck, ds := cards.ReadDeck(in.path, root, in.files)
		diags = append(diags, ds...)
		if deck == nil {
			return
		}
		diags = diags.Extend(galaga.Texts(deck))
		if !diags.HasErrors() {
			diags = diags.Extend(checkPrinted(deck))
		}
		job, ds := output.PrepareDeck(deck, output.DeckOptions{Print: req.Print.Over(in.project), Files: in.files, Builtin: Builtin()})
		diags = diags.Extend(ds)
		if job != nil {
			out = append(out, Deck{Path: in.path, Job: job})
		}
	})
	diags = diags.Sort()
	if found == 0 && !diags.HasErrors() {
		return nil, diags, &NoInputsError{Inputs: req.Inputs, Format: "deck"}
	}
	if diags.HasErrors() || len(out) == 0 {
		return nil, diags, nil
	}
	return out, diags, nil
}

// Preview renders faces of a deck, on all cores, as PNG files named
// base-<card>-<side>.png, or as one contact sheet, base-sheet.png. A face
// shows its bleed box; a deck with rounded corners shows its cards as cut
// instead: the trim box, corners rounded, transparent outside. Each
// image is drawn when its file is written, and checked against
// [png.MaxPixels] first (a sheet draws its faces a few at a time), so
// the memory a preview takes is that of a few images, whatever the
// number of faces.
func Preview(job *output.DeckJob, refs []FaceRef, base string, dpi float64, sheet bool) []Product {
	box := job.Plan.CardBleedBox()
	if job.Plan.CornerRadius > 0 {
		box = layout.Rect{W: job.Plan.Card.W, H: job.Plan.Card.H}
	}
	if sheet {
		shown := map[int]bool{} // a card's two faces are one card
		for _, r := range refs {
			shown[r.Card] = true
		}
		return []Product{{Path: base + "-sheet.png", Cards: len(shown), Pages: 1, Render: func(w io.Writer) error {
			return contactSheet(w, job, refs, box, dpi)
		}}}
	}
	width := len(strconv.Itoa(job.Entries()))
	var out []Product
	for _, r := range refs {
		out = append(out, Product{Path: fmt.Sprintf("%s-%0*d-%s.png", base, width, r.Card+1, r.Side), Cards: 1, Pages: 1,
			Render: func(w io.Writer) error {
				if err := checkPixels("a face", box.W, box.H, dpi); err != nil {
					return err
				}
				return png.Write(w, renderFace(job, r, box, dpi))
			}})
	}
	return out
}

// checkPixels returns an error when an image of w × h mm at dpi passes
// png.MaxPixels, saying what to lower.
func checkPixels(what string, w, h, dpi float64) error {
	if err := png.CheckSize(layout.Size{W: w, H: h}, dpi); err != nil {
		return fmt.Errorf("%s of %w: lower --dpi", what, err)
	}
	return nil
}

// renderFace draws one face into an image.
func renderFace(job *output.DeckJob, r FaceRef, box layout.Rect, dpi float64) image.Image {
	img := png.Face(job.Face(r.Card, r.Side), box, dpi)
	if rgba, ok := img.(*image.RGBA); ok && job.Plan.CornerRadius > 0 {
		png.RoundCorners(rgba, job.Plan.CornerRadius/layout.MMPerInch*dpi)
	}
	return img
}

// contactSheet lays the faces out in a grid, each labelled with its card
// number and side; it draws them on all cores, as many at a time as
// there are, and puts each on the sheet once drawn.
func contactSheet(w io.Writer, job *output.DeckJob, refs []FaceRef, box layout.Rect, dpi float64) error {
	cols := min(len(refs), 10)
	rows := (len(refs) + cols - 1) / cols
	gap, labelH := 4.0, 6.0
	page := layout.Size{W: float64(cols)*(box.W+gap) + gap, H: float64(rows)*(box.H+gap+labelH) + gap}
	if err := checkPixels("the contact sheet", page.W, page.H, dpi); err != nil {
		return fmt.Errorf("%w, or show fewer --cards", err)
	}
	c := png.New(dpi)
	c.BeginPage(page, nil)
	fam := typeset.NewFontSet().Fallback
	st := typeset.TextStyle{Family: fam, Size: 9, Colour: draw.Colour{R: 60, G: 60, B: 60, A: 255}, Align: typeset.AlignCenter, VAlign: typeset.VAlignMiddle, Plain: true, LineHeight: 1}
	batch := make([]image.Image, runtime.GOMAXPROCS(0))
	for lo := 0; lo < len(refs); lo += len(batch) {
		n := min(len(batch), len(refs)-lo)
		var wg sync.WaitGroup
		for k := range n {
			wg.Go(func() { batch[k] = renderFace(job, refs[lo+k], box, dpi) })
		}
		wg.Wait()
		for k := range n {
			i, r := lo+k, refs[lo+k]
			x := gap + float64(i%cols)*(box.W+gap)
			y := gap + float64(i/cols)*(box.H+gap+labelH)
			c.Image(&draw.ImageOp{Image: &draw.Image{Pixels: batch[k]}, Box: layout.Rect{X: x, Y: y, W: box.W, H: box.H}})
			ops, _ := typeset.LayoutText(nil, fmt.Sprintf("%d %s", r.Card+1, r.Side), layout.Rect{X: x, Y: y + box.H, W: box.W, H: labelH}, st, nil)
			draw.DrawFace(c, &draw.Face{Ops: ops})
		}
	}
	return png.Write(w, c.Result())
}
