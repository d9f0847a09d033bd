package cli

import (
	"fmt"
	"image"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/spf13/cobra"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/output"
	"github.com/deckpress/deckpress/output/png"
	"github.com/deckpress/deckpress/rules/galaga"
	"github.com/deckpress/deckpress/templates"
)

type previewFlags struct {
	out, faces, cards string
	dpi               float64
	sheet, watch      bool
	print             printFlags
}

func newPreviewCmd(env Env) *cobra.Command {
	var f previewFlags
	cmd := &cobra.Command{
		Use:   "preview FILE",
		Short: "Render a deck's faces as PNG images, or a contact sheet",
		Long: `preview renders the faces of a deck as PNG files, one per face, from the same
layout as the PDF (the same line breaks), on all cores. --sheet writes a contact
sheet instead: every face on one image, labelled by card number.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if f.watch {
				return watchLoop(env, func(e Env) error { return runPreview(e, args[0], f) })
			}
			return runPreview(env, args[0], f)
		},
	}
	fl := cmd.Flags()
	fl.StringVarP(&f.out, "out", "o", filepath.Join("out", "preview"), "output folder")
	fl.Float64Var(&f.dpi, "dpi", 150, "resolution, pixels per inch")
	fl.StringVar(&f.faces, "faces", "both", "which faces: front, back or both")
	fl.StringVar(&f.cards, "cards", "", "which cards, by number: 1-5,9 (default all)")
	fl.BoolVar(&f.sheet, "sheet", false, "write one contact sheet of all the faces")
	fl.BoolVar(&f.watch, "watch", false, "render again whenever an input changes, until interrupted")
	f.print.register(fl)
	return cmd
}

// faceRef is one face to render: a card entry and a side.
type faceRef struct {
	card int // 0-based entry
	side layout.Side
}

func runPreview(env Env, path string, f previewFlags) error {
	if f.dpi < 10 || f.dpi > 1200 {
		return fmt.Errorf("--dpi: %g is out of range (10 to 1200)", f.dpi)
	}
	var sides []layout.Side
	switch f.faces {
	case "front":
		sides = []layout.Side{layout.Front}
	case "back":
		sides = []layout.Side{layout.Back}
	case "both":
		sides = []layout.Side{layout.Front, layout.Back}
	default:
		return fmt.Errorf("--faces: unknown value %q; expected front, back or both", f.faces)
	}
	job, err := previewJob(env, path, f.print)
	if err != nil {
		return err
	}
	pick, err := parseCardList(f.cards, job.Entries())
	if err != nil {
		return fmt.Errorf("--cards: %w", err)
	}
	var refs []faceRef
	for _, c := range pick {
		for _, s := range sides {
			if s == layout.Back && !job.Backs {
				continue
			}
			refs = append(refs, faceRef{c, s})
		}
	}
	products := previewProducts(job, refs, filepath.Join(f.out, stem(path)), f.dpi, f.sheet)
	return writeProducts(env, products)
}

// previewJob loads and prepares one deck for preview.
func previewJob(env Env, path string, pf printFlags) (*output.DeckJob, error) {
	po, err := pf.options()
	if err != nil {
		return nil, err
	}
	var diags cards.Diagnostics
	ins, err := argInputs(env, []string{path}, "", &diags)
	if err != nil {
		return nil, failed("%v", err)
	}
	var job *output.DeckJob
	root, ds := cards.Parse(path, ins[0].src)
	diags = append(diags, ds...)
	if root != nil {
		if cards.FirstKey(root) != "deck" {
			diags.Errorf(root.Pos, "preview shows decks: the file should start with deck:")
		} else {
			deck, ds := cards.ReadDeck(path, root, ins[0].files)
			diags = append(diags, ds...)
			if deck != nil {
				diags = append(diags, galaga.Texts(deck)...)
				job = output.PrepareDeck(deck, output.DeckOptions{Print: po.Over(ins[0].project), Files: ins[0].files, Builtin: builtinTemplates()}, &diags)
			}
		}
	}
	if report(env.Err, diags) > 0 || job == nil {
		return nil, failed("nothing written")
	}
	return job, nil
}

// previewProducts renders the faces, on all cores, as PNG files under
// base-…, or as one contact sheet.
func previewProducts(job *output.DeckJob, refs []faceRef, base string, dpi float64, sheet bool) []product {
	box := job.Plan.CardBleedBox()
	imgs := renderFaces(job, refs, box, dpi)
	if sheet {
		return []product{{path: base + "-sheet.png", cards: len(refs), pages: 1, render: func() ([]byte, error) {
			return contactSheet(job, refs, imgs, box, dpi)
		}}}
	}
	width := len(strconv.Itoa(job.Entries()))
	var out []product
	for i, r := range refs {
		img := imgs[i]
		out = append(out, product{path: fmt.Sprintf("%s-%0*d-%s.png", base, width, r.card+1, r.side), cards: 1, pages: 1,
			render: func() ([]byte, error) { return png.Encode(img) }})
	}
	return out
}

// renderFaces draws faces into images in parallel.
func renderFaces(job *output.DeckJob, refs []faceRef, box layout.Rect, dpi float64) []image.Image {
	imgs := make([]image.Image, len(refs))
	next := make(chan int)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for i := range next {
				imgs[i] = png.Face(job.Face(refs[i].card, refs[i].side), box, dpi)
			}
		})
	}
	for i := range refs {
		next <- i
	}
	close(next)
	wg.Wait()
	return imgs
}

// contactSheet lays the face images out in a grid, each labelled with its
// card number and side.
func contactSheet(job *output.DeckJob, refs []faceRef, imgs []image.Image, box layout.Rect, dpi float64) ([]byte, error) {
	cols := min(len(refs), 10)
	rows := (len(refs) + cols - 1) / cols
	gap, labelH := 4.0, 6.0
	page := layout.Size{W: float64(cols)*(box.W+gap) + gap, H: float64(rows)*(box.H+gap+labelH) + gap}
	c := png.New(dpi)
	c.BeginPage(page, nil)
	fam := templates.NewFontSet().Fallback
	st := templates.TextStyle{Family: fam, Size: 9, Colour: templates.Colour{R: 60, G: 60, B: 60, A: 255}, Align: templates.AlignCenter, VAlign: templates.VAlignMiddle, Plain: true, LineHeight: 1}
	for i, r := range refs {
		x := gap + float64(i%cols)*(box.W+gap)
		y := gap + float64(i/cols)*(box.H+gap+labelH)
		c.Image(&templates.ImageOp{Image: &templates.Image{Pixels: imgs[i]}, Box: layout.Rect{X: x, Y: y, W: box.W, H: box.H}})
		ops, _ := templates.LayoutText(nil, fmt.Sprintf("%d %s", r.card+1, r.side), layout.Rect{X: x, Y: y + box.H, W: box.W, H: labelH}, st, nil)
		output.DrawFace(c, &templates.Face{Ops: ops})
	}
	return c.Encode()
}

// parseCardList reads "1-5,9" into 0-based entries; "" is all of them.
func parseCardList(s string, n int) ([]int, error) {
	if strings.TrimSpace(s) == "" {
		out := make([]int, n)
		for i := range out {
			out[i] = i
		}
		return out, nil
	}
	set := map[int]bool{}
	for _, part := range strings.Split(s, ",") {
		a, b, isRange := strings.Cut(strings.TrimSpace(part), "-")
		lo, err1 := strconv.Atoi(strings.TrimSpace(a))
		hi := lo
		var err2 error
		if isRange {
			hi, err2 = strconv.Atoi(strings.TrimSpace(b))
		}
		if err1 != nil || err2 != nil || lo < 1 || hi < lo {
			return nil, fmt.Errorf("%q is not a card number or range such as 1-5", part)
		}
		if hi > n {
			return nil, fmt.Errorf("the deck has %d cards; %q goes beyond", n, part)
		}
		for k := lo; k <= hi; k++ {
			set[k-1] = true
		}
	}
	var out []int
	for k := range set {
		out = append(out, k)
	}
	sort.Ints(out)
	return out, nil
}
