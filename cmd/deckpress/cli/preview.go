package cli

import (
	"fmt"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/output/build"
)

// PreviewOptions are the options of deckpress preview.
type PreviewOptions struct {
	Factory *Factory
	Inputs  []string
	Out     string
	DPI     float64
	Sides   []layout.Side // which faces, once the flags are read
	Cards   string        // which cards, by number: 1-5,9
	Sheet   bool
	Watch   bool
	Print   printFlags

	faces string
	dpi   string
}

// NewCmdPreview returns deckpress preview; runF, when not nil, runs
// instead.
func NewCmdPreview(f *Factory, runF func(*PreviewOptions) error) *cobra.Command {
	opts := &PreviewOptions{Factory: f}
	cmd := &cobra.Command{
		Use:   "preview FILE|DIR...",
		Short: "Render a deck's faces as PNG images, or a contact sheet",
		Long: `preview renders the faces of a deck as PNG files, one per face, from the same
layout as the PDF (the same line breaks), on all cores. --sheet writes a contact
sheet instead: every face on one image, labelled by card number. A folder stands
for every deck in it.`,
		Args: positional(1, -1, "a deck FILE or DIR to render"),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Inputs = args
			if err := opts.parse(); err != nil {
				return err
			}
			if runF != nil {
				return runF(opts)
			}
			if opts.Watch {
				return watchLoop(f, func() error { return runPreview(opts) })
			}
			return runPreview(opts)
		},
	}
	fl := cmd.Flags()
	fl.StringVarP(&opts.Out, "out", "o", filepath.Join("out", "preview"), "output folder (with --sheet and one deck, the PNG to write)")
	fl.StringVar(&opts.dpi, "dpi", "150", "resolution, pixels per inch")
	fl.StringVar(&opts.faces, "faces", "both", "which faces: front, back or both")
	fl.StringVar(&opts.Cards, "cards", "", "which cards, by number: 1-5,9 (default all)")
	fl.BoolVar(&opts.Sheet, "sheet", false, "write one contact sheet of all the faces")
	fl.BoolVar(&opts.Watch, "watch", false, "render again whenever an input changes, until interrupted")
	opts.Print.register(fl, faceSettings...)
	return cmd
}

// faceSettings are the print settings that change a face drawn on its
// own (a preview, a Tabletop Simulator image): its bleed, its corners,
// the preflight's safe zone, and the preset that sets the bleed.
var faceSettings = []string{"bleed", "preset", "safe", "corner-radius"}

// previewDPIs bounds --dpi.
var previewDPIs = layout.Range{Lo: 10, Hi: 1200}

// parse checks the flags; a bad value is a usage error.
func (o *PreviewOptions) parse() error {
	var err error
	if o.DPI, err = layout.ParseNumber(o.dpi, previewDPIs); err != nil {
		return flagErrorf("--dpi: %w", err)
	}
	switch o.faces {
	case "front":
		o.Sides = []layout.Side{layout.Front}
	case "back":
		o.Sides = []layout.Side{layout.Back}
	case "both":
		o.Sides = []layout.Side{layout.Front, layout.Back}
	default:
		return flagErrorf("--faces: unknown value %q; expected front, back or both", o.faces)
	}
	return o.Print.parse()
}

// decks prepares the decks among the inputs, printing their diagnostics.
func decks(f *Factory, inputs []string, pf printFlags) ([]build.Deck, error) {
	ds, diags, err := build.Decks(request(f, inputs, "", "", pf))
	if report(f.Err, diags) > 0 || (err == nil && len(ds) == 0) {
		return nil, fmt.Errorf("nothing written")
	}
	return ds, err
}

func runPreview(opts *PreviewOptions) error {
	var exts []string
	if opts.Sheet {
		exts = []string{".png"}
	}
	out, err := parseOut(opts.Out, exts...)
	if err != nil {
		return err
	}
	ds, err := decks(opts.Factory, opts.Inputs, opts.Print)
	if err != nil {
		return err
	}
	var products []build.Product
	for _, d := range ds {
		pick, err := parseCardList(opts.Cards, d.Job.Entries())
		if err != nil {
			return flagErrorf("--cards: %w", err)
		}
		var refs []build.FaceRef
		for _, c := range pick {
			for _, s := range opts.Sides {
				if s == layout.Back && !d.Job.Backs {
					continue
				}
				refs = append(refs, build.FaceRef{Card: c, Side: s})
			}
		}
		products = append(products, build.Preview(d.Job, refs, filepath.Join(out.dir, stem(d.Path)), opts.DPI, opts.Sheet)...)
	}
	if err := out.place(products); err != nil {
		return err
	}
	return write(opts.Factory, products)
}

// stem returns a file's name without folder and extension.
func stem(p string) string {
	base := filepath.Base(p)
	return strings.TrimSuffix(base, filepath.Ext(base))
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
