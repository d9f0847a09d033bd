package output

import (
	"bytes"
	"fmt"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"image"
	"image/color"
	"image/png"
	"runtime"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/internal/testtool"
	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/templates"
	"github.com/deckpress/deckpress/templates/draw"
	"github.com/deckpress/deckpress/templates/typeset"
)

// prepare loads the deck src (deck.yaml) and prepares it.
func prepare(t *testing.T, src string, files fstest.MapFS, opts DeckOptions) (*DeckJob, cards.Diagnostics) {
	t.Helper()
	if files == nil {
		files = fstest.MapFS{}
	}
	deck, diags := cards.LoadDeck("deck.yaml", []byte(src), files)
	if deck == nil {
		t.Fatalf("load: %v", diags)
	}
	opts.Files = files
	job, ds := PrepareDeck(deck, opts)
	return job, diags.Extend(ds)
}

// mustPrepare prepares a deck that must have no diagnostic at all.
func mustPrepare(t *testing.T, src string, files fstest.MapFS, opts DeckOptions) *DeckJob {
	t.Helper()
	job, diags := prepare(t, src, files, opts)
	if job == nil || len(diags) != 0 {
		t.Fatalf("prepare: job %v, diagnostics %v", job != nil, diags)
	}
	return job
}

func record(doc *draw.Document) string {
	var r draw.Recorder
	draw.Draw(&r, doc)
	return r.String()
}

// lines returns the recorded lines that start with prefix.
func lines(dump, prefix string) []string {
	var out []string
	for _, l := range strings.Split(dump, "\n") {
		if strings.HasPrefix(l, prefix) {
			out = append(out, l)
		}
	}
	return out
}

// A deck of 20 × 30 mm cards on 100 × 100 mm paper with a 5 mm margin:
// 4 × 3 slots, fronts red, backs blue.
const colourDeck = `deck: D
size: 20x30mm
print: {paper: 100x100mm, margin: 5mm, %s}
templates:
  front: {background: "#ff0000"}
  back: {background: "#0000ff"}
front: front
back: back
cards:
  - {name: a, count: 3}
  - {name: b, count: 2}
`

func deckWith(print string) string { return strings.Replace(colourDeck, "%s", print, 1) }

// fill returns the background colour of a layer's face, "" if none.
func fill(l draw.Layer) string {
	if len(l.Face.Ops) == 0 {
		return ""
	}
	if p, ok := l.Face.Ops[0].(*draw.PathOp); ok {
		return p.Fill.String()
	}
	return ""
}

// isLabel reports whether a layer is a sheet's label (text only).
func isLabel(l draw.Layer) bool {
	if len(l.Face.Ops) == 0 {
		return false
	}
	_, ok := l.Face.Ops[0].(*draw.TextOp)
	return ok
}

// TestBackOffset: the back offset moves every back of a duplex-printed
// sheet (long or short edge) by exactly the offset and nothing else; fold
// and single-page layouts, printed on one side, ignore it (DESIGN.md: the
// offset corrects a duplex printer's misregistration).
func TestBackOffset(t *testing.T) {
	for _, duplex := range []string{"long", "short", "fold", "single"} {
		t.Run(duplex, func(t *testing.T) {
			plain := mustPrepare(t, deckWith("duplex: "+duplex), nil, DeckOptions{}).Document()
			moved := mustPrepare(t, deckWith("duplex: "+duplex+", back-offset: [1.5mm, -2mm]"), nil, DeckOptions{}).Document()
			if len(plain.All()) != len(moved.All()) {
				t.Fatalf("%d pages with the offset, %d without", len(moved.All()), len(plain.All()))
			}
			backs := 0
			for i, p := range plain.All() {
				m := moved.All()[i]
				if len(p.Layers) != len(m.Layers) || p.Size != m.Size {
					t.Fatalf("page %d: %d layers of %v with the offset, %d of %v without", i+1, len(m.Layers), m.Size, len(p.Layers), p.Size)
				}
				for k, l := range p.Layers {
					if isLabel(l) {
						continue // the sheet's label keeps to the free margin
					}
					want := l.Transform
					if fill(l) == "#0000ff" {
						backs++
						if duplex == "long" || duplex == "short" {
							want.E, want.F = want.E+1.5, want.F-2
						}
					}
					if got := m.Layers[k].Transform; got != want {
						t.Errorf("page %d layer %d (%s): transform %v, want %v", i+1, k, fill(l), got, want)
					}
				}
			}
			if backs != 5 {
				t.Errorf("%d backs drawn, want 5", backs)
			}
		})
	}
}

// TestBacks: a deck with no back template prints fronts only and says so,
// unless it asked for fronts only or fills whole pages; a back template
// named by any card is enough.
func TestBacks(t *testing.T) {
	const tpl = "templates: {f: {background: \"#ff0000\"}}\nfront: f\n"
	tests := []struct {
		name, src string
		opts      DeckOptions
		backs     bool
		duplex    layout.Duplex
		warn      bool
	}{
		{"deck back", "deck: D\n" + tpl + "back: f\ncards: [{name: a}]\n", DeckOptions{}, true, layout.DuplexLong, false},
		{"a card's back", "deck: D\n" + tpl + "cards: [{name: a}, {name: b, back: f}]\n", DeckOptions{}, true, layout.DuplexLong, false},
		{"no back", "deck: D\n" + tpl + "cards: [{name: a}, {name: b}]\n", DeckOptions{}, false, layout.DuplexNone, true},
		{"no back, short", "deck: D\n" + tpl + "print: {duplex: short}\ncards: [{name: a}]\n", DeckOptions{}, false, layout.DuplexNone, true},
		{"no back, fold", "deck: D\n" + tpl + "print: {duplex: fold}\ncards: [{name: a}]\n", DeckOptions{}, false, layout.DuplexNone, true},
		{"no back, fronts only", "deck: D\n" + tpl + "print: {duplex: none}\ncards: [{name: a}]\n", DeckOptions{}, false, layout.DuplexNone, false},
		{"no back, no cards", "deck: D\n" + tpl + "cards: []\n", DeckOptions{}, false, layout.DuplexNone, false},
		{"no back, whole pages", "deck: D\nsize: page\n" + tpl + "cards: [{name: a}]\n", DeckOptions{}, false, layout.DuplexNone, false},
		{"no back, whole pages by option", "deck: D\n" + tpl + "cards: [{name: a}]\n", DeckOptions{FillPage: true}, false, layout.DuplexNone, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			job, diags := prepare(t, tt.src, nil, tt.opts)
			if job == nil {
				t.Fatalf("no job: %v", diags)
			}
			want := []string{}
			if tt.warn { // at the deck's name
				want = append(want, "1:7: warning: the deck has no back template; only fronts are printed")
			}
			if got := messages(diags); !slices.Equal(got, want) {
				t.Errorf("diagnostics %q, want %q", got, want)
			}
			if job.Backs != tt.backs || job.Plan.Duplex != tt.duplex {
				t.Errorf("backs %v, duplex %v; want %v, %v", job.Backs, job.Plan.Duplex, tt.backs, tt.duplex)
			}
			for i := range job.Entries() {
				if job.Face(i, layout.Back) == nil {
					t.Errorf("card %d has no back face; a card without a back template has a blank one", i+1)
				}
			}
		})
	}
}

// TestCopies: a card's count is its number of printed copies, in deck
// order; a count of 0 leaves it out.
func TestCopies(t *testing.T) {
	job := mustPrepare(t, `deck: D
size: 20x30mm
print: {paper: 100x100mm, margin: 5mm}
templates: {f: {background: "#ff0000"}}
front: f
back: f
cards:
  - {name: a, count: 3}
  - {name: b, count: 0}
  - {name: c}
  - {name: d, count: 10}
`, nil, DeckOptions{})
	want := []int{0, 0, 0, 2, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3}
	if got := job.Copies(); !slices.Equal(got, want) {
		t.Errorf("copies %v, want %v", got, want)
	}
	// 14 cards at 12 a sheet
	if job.Entries() != 4 || job.Cards() != 14 || job.Sheets() != 2 {
		t.Errorf("entries %d, cards %d, sheets %d; want 4, 14, 2", job.Entries(), job.Cards(), job.Sheets())
	}
	// two sheets, fronts then backs: 12 + 12 + 2 + 2 card layers
	var faces []int
	for _, p := range job.Document().All() {
		n := 0
		for _, l := range p.Layers {
			if l.Clip != nil {
				n++
			}
		}
		faces = append(faces, n)
	}
	if !slices.Equal(faces, []int{12, 12, 2, 2}) {
		t.Errorf("faces per page %v, want [12 12 2 2]", faces)
	}
}

// TestTooManyCopies: a deck whose counts add up past cards.MaxCards is
// refused before a face is drawn or a copy listed, so that 1,000 entries
// of 100,000 copies cost what 1,000 entries do (they listed 800 MB of
// copies first); at the limit exactly, the deck is prepared.
func TestTooManyCopies(t *testing.T) {
	entries := func(n, count int) string {
		src := "deck: D\nsize: 20x30mm\ntemplates: {f: {background: \"#ff0000\"}}\nfront: f\nback: f\ncards:\n"
		for range n {
			src += fmt.Sprintf("  - {count: %d}\n", count)
		}
		return src
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	job, diags := prepare(t, entries(1000, cards.MaxCards), nil, DeckOptions{})
	runtime.ReadMemStats(&after)
	if job != nil || !slices.Contains(messages(diags), "1:7: error: deck holds 100000000 cards; the limit is 100000") {
		t.Errorf("job %v, diagnostics %q", job != nil, messages(diags))
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > 50<<20 {
		t.Errorf("refusing the deck allocated %d MB", got>>20)
	}
	if job, diags := prepare(t, entries(2, cards.MaxCards/2), nil, DeckOptions{}); job == nil || diags.HasErrors() || job.Cards() != cards.MaxCards {
		t.Errorf("a deck of exactly %d cards: job %v, diagnostics %q", cards.MaxCards, job != nil, messages(diags))
	}
}

// TestUnknownTemplatesLinear: a deck of n templates whose n cards each
// name one that is not there costs time linear in n, past the
// cards.MaxSuggestChoices names that a suggestion looks through (it was
// quadratic: each message looked through every name, and sorted them
// first).
func TestUnknownTemplatesLinear(t *testing.T) {
	testtool.Linear(t, 2*cards.MaxSuggestChoices, func(n int) {
		var b strings.Builder
		b.WriteString("deck: D\nsize: 20x30mm\ntemplates:\n")
		for i := range n {
			fmt.Fprintf(&b, "  t%06d: {elements: []}\n", i)
		}
		b.WriteString("back: t000000\ncards:\n")
		for i := range n {
			fmt.Fprintf(&b, "  - {front: t%06dx}\n", i)
		}
		deck, _ := cards.LoadDeck("deck.yaml", []byte(b.String()), fstest.MapFS{})
		if _, diags := PrepareDeck(deck, DeckOptions{Files: fstest.MapFS{}}); len(diags) < n {
			t.Fatalf("%d diagnostics for %d unknown templates", len(diags), n)
		}
	})
}

// TestBuiltinFields: a face sees the card's fields, then its side's, then
// kind and the built-in _deck, _number, _count and _side.
func TestBuiltinFields(t *testing.T) {
	job := mustPrepare(t, `deck: The Deck
size: 20x30mm
print: {paper: 100x100mm, margin: 5mm, marks: none, safe: 0}
templates:
  f:
    elements:
      - text: {x: 0, y: 0, w: 20, h: 30, size: 3, value: "{{name|-}}/{{q|-}}/{{kind|no kind}}/{{_deck}}/{{_number}}/{{_count}}/{{_side}}"}
front: f
back: f
cards:
  - {name: a, kind: hero, count: 2}
  - {back: {name: b, q: why}}
`, nil, DeckOptions{})
	var got []string
	for _, l := range lines(record(job.Document()), "text ") {
		if i := strings.Index(l, `"`); i >= 0 && !strings.Contains(l, "sheet") {
			got = append(got, l[i:])
		}
	}
	want := []string{
		`"a/-/hero/The Deck/1/2/front"`, `"a/-/hero/The Deck/1/2/front"`, `"-/-/no kind/The Deck/2/1/front"`,
		`"a/-/hero/The Deck/1/2/back"`, `"a/-/hero/The Deck/1/2/back"`, `"b/why/no kind/The Deck/2/1/back"`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("texts\n got %q\nwant %q", got, want)
	}
}

// TestFronts: a card needs a front template, its own or the deck's; the
// missing one is reported once, at the first card without one.
func TestFronts(t *testing.T) {
	tests := []struct {
		name, cards string
		want        []string
	}{
		{"every card its own", "[{name: a, front: f}, {name: b, front: f}]", []string{}},
		{"two without", "[{name: a, front: f}, {name: b}, {name: c}]", []string{
			`4:30: error: card 2 "b" has no front template; set front: at the top of the deck (for every card) or on the card`}},
		{"unknown", "[{name: a, front: g}]", []string{`4:26: error: unknown template "g"; did you mean "f"?`}},
		// a card's problems in the order they are found: its templates
		// picked, then the missing front
		{"without, and an unknown back", "[{name: a, back: g}]", []string{
			`4:25: error: unknown template "g"; did you mean "f"?`,
			`4:9: error: card 1 "a" has no front template; set front: at the top of the deck (for every card) or on the card`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			job, diags := prepare(t, "deck: D\ntemplates: {f: {background: \"#ff0000\"}}\nback: f\ncards: "+tt.cards+"\n", nil, DeckOptions{})
			got := messages(diags)
			if !slices.Equal(got, tt.want) {
				t.Errorf("diagnostics\n got %q\nwant %q", got, tt.want)
			}
			if (job != nil) != (len(tt.want) == 0) {
				t.Errorf("job %v with diagnostics %q", job != nil, got)
			}
		})
	}
}

// TestSheetLabel: every sheet of a printed layout carries one line in its
// margin: the deck, sheet n of m, the side, how to print it, "print at
// 100% (actual size)" (README); single-card pages have no margin and no
// label.
func TestSheetLabel(t *testing.T) {
	tests := []struct {
		print string
		want  []string
	}{
		{"duplex: long", []string{
			"D · sheet 1/2 · front · duplex: flip on the long edge · print at 100% (actual size)",
			"D · sheet 1/2 · back · duplex: flip on the long edge · print at 100% (actual size)",
			"D · sheet 2/2 · front · duplex: flip on the long edge · print at 100% (actual size)",
			"D · sheet 2/2 · back · duplex: flip on the long edge · print at 100% (actual size)"}},
		{"duplex: short", []string{
			"D · sheet 1/2 · front · duplex: flip on the short edge · print at 100% (actual size)",
			"D · sheet 1/2 · back · duplex: flip on the short edge · print at 100% (actual size)",
			"D · sheet 2/2 · front · duplex: flip on the short edge · print at 100% (actual size)",
			"D · sheet 2/2 · back · duplex: flip on the short edge · print at 100% (actual size)"}},
		{"duplex: none", []string{
			"D · sheet 1/2 · front · fronts only · print at 100% (actual size)",
			"D · sheet 2/2 · front · fronts only · print at 100% (actual size)"}},
		{"duplex: fold", []string{
			"D · sheet 1/3 · fronts and backs · fold on the dashed line, glue, then cut · print at 100% (actual size)",
			"D · sheet 2/3 · fronts and backs · fold on the dashed line, glue, then cut · print at 100% (actual size)",
			"D · sheet 3/3 · fronts and backs · fold on the dashed line, glue, then cut · print at 100% (actual size)"}},
		{"duplex: single", nil},
	}
	for _, tt := range tests {
		t.Run(tt.print, func(t *testing.T) {
			// 17 cards at 12 a sheet (6 with the fold), the last sheet
			// holding a full row
			src := strings.Replace(deckWith("marks: none, "+tt.print), "count: 2}", "count: 14}", 1)
			doc := mustPrepare(t, src, nil, DeckOptions{}).Document()
			var got []string
			for _, p := range doc.All() {
				for _, l := range p.Layers {
					if isLabel(l) {
						for _, op := range l.Face.Ops {
							got = append(got, op.(*draw.TextOp).Text)
						}
					}
				}
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("labels\n got %q\nwant %q", got, tt.want)
			}
		})
	}
}

// TestSheetLabelPlace: the label lies in the margin below the cards, or
// beside them, reading upwards, when only the side margins have room; and
// nowhere when no margin has room.
func TestSheetLabelPlace(t *testing.T) {
	tests := []struct {
		name, size, margin string
		want               string // the label's transform, or "" for none
	}{
		// cards from y 5 to 95: the label centred in the 4.5 mm below
		{"below", "20x30mm", "5mm", "transform 1 0 0 1 10 95.927"},
		// cards from y 1 to 99 and x 10 to 90: turned, centred in the left
		// margin (1 mm to 9.5 mm), its foot at the cards' bottom
		{"beside", "20x49mm", "1mm", "transform 0 -1 1 0 3.927 99"},
		// cards from edge to edge
		{"nowhere", "25x50mm", "0mm", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := strings.Replace(deckWith("marks: none, duplex: none"), "20x30mm", tt.size, 1)
			src = strings.Replace(src, "margin: 5mm", "margin: "+tt.margin, 1)
			src = strings.Replace(src, "count: 2}", "count: 9}", 1)
			dump := record(mustPrepare(t, src, nil, DeckOptions{}).Document())
			var got string
			ls := strings.Split(dump, "\n")
			for i, l := range ls {
				if strings.HasPrefix(l, "text ") && strings.Contains(l, "sheet 1/") {
					got = ls[i-1]
				}
			}
			if got != tt.want {
				t.Errorf("label %q, want %q\n%s", got, tt.want, dump)
			}
		})
	}
}

// TestGuides: cut lines (across the page at every trim edge) are drawn in
// black, 0.2 mm, on front pages only; a fold page adds its dashed grey fold line; with no
// marks a sheet has no guide layer at all.
func TestGuides(t *testing.T) {
	tests := []struct {
		print string
		want  []string // the path lines of guides, page by page ("-" between pages)
	}{
		{"marks: none", []string{"-"}},
		// five cards on 4 × 3 slots: lines at the edges of the printed
		// rows only, none at y 95, the foot of the empty third row
		{"marks: lines", []string{
			"path fill=none stroke=#000000 width=0.2 M10,0 L10,100 M30,0 L30,100 M50,0 L50,100 M70,0 L70,100 M90,0 L90,100 M0,5 L100,5 M0,35 L100,35 M0,65 L100,65", "-"}},
		{"marks: none, duplex: fold", []string{
			"path fill=none stroke=#787878 width=0.25 dash=[2 1.5] M50,0 L50,100"}},
	}
	for _, tt := range tests {
		t.Run(tt.print, func(t *testing.T) {
			doc := mustPrepare(t, deckWith(tt.print), nil, DeckOptions{}).Document()
			var got []string
			for i, p := range doc.All() {
				if i > 0 {
					got = append(got, "-")
				}
				for _, l := range p.Layers {
					if l.Clip == nil && !isLabel(l) {
						var r draw.Recorder
						draw.DrawFace(&r, l.Face)
						got = append(got, strings.Split(strings.TrimSpace(r.String()), "\n")...)
					}
				}
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("guides\n got %q\nwant %q", got, tt.want)
			}
		})
	}
}

// TestCardSize: a deck's size is a named format, WIDTHxHEIGHT, or
// {width, height}, each between 1 mm and 2000 mm; poker when not given.
func TestCardSize(t *testing.T) {
	tests := []struct {
		size string
		want layout.Size
		errs []string
	}{
		{"", layout.Size{W: 63.5, H: 88.9}, nil},
		{"size: tarot", layout.Size{W: 70, H: 120}, nil},
		{"size: Business", layout.Size{W: 88.9, H: 50.8}, nil},
		{"size: 3x4cm", layout.Size{W: 30, H: 40}, nil},
		{"size: 30X40", layout.Size{W: 30, H: 40}, nil},
		{"size: {width: 30mm, height: 4cm}", layout.Size{W: 30, H: 40}, nil},
		{"size: {width: 1mm, height: 2000mm}", layout.Size{W: 1, H: 2000}, nil},
		{"size: 2000x10mm", layout.Size{W: 2000, H: 10}, nil},
		{"size: 1x200cm", layout.Size{W: 10, H: 2000}, nil},
		{"size: pokr", layout.Size{W: 63.5, H: 88.9}, []string{`2:7: error: size: unknown card size "pokr"; did you mean "poker"?`}},
		{"size: enormous", layout.Size{W: 63.5, H: 88.9}, []string{
			`2:7: error: size: unknown card size "enormous"; use bridge, business, euro, index-card, mini-american, mini-euro, poker, square, standard, tarot, or WIDTHxHEIGHT such as 63x88mm`}},
		{"size: 2001x10mm", layout.Size{W: 63.5, H: 88.9}, []string{`2:7: error: size: size "2001x10mm": width: 2001mm is out of range (1mm to 2000mm)`}},
		{"size: 10x2001mm", layout.Size{W: 63.5, H: 88.9}, []string{`2:7: error: size: size "10x2001mm": height: 2001mm is out of range (1mm to 2000mm)`}},
		{"size: 0x10mm", layout.Size{W: 63.5, H: 88.9}, []string{`2:7: error: size: size "0x10mm": width: 0mm is out of range (1mm to 2000mm)`}},
		// the 1 mm minimum holds in the WIDTHxHEIGHT form as in the mapping
		{"size: 0.0001x0.0001mm", layout.Size{W: 63.5, H: 88.9}, []string{`2:7: error: size: size "0.0001x0.0001mm": width: 0.0001mm is out of range (1mm to 2000mm)`}},
		{"size: nanx88", layout.Size{W: 63.5, H: 88.9}, []string{`2:7: error: size: size "nanx88": width: "nan" is not a length; write a number of mm, or a number with a unit (mm, cm, in, pt)`}},
		{"size: {width: 30mm}", layout.Size{W: 63.5, H: 88.9}, []string{`2:7: error: size needs "height"`}},
		{"size: {width: 0.5mm, height: 10mm}", layout.Size{W: 63.5, H: 88.9}, []string{`2:15: error: size.width: 0.5mm is out of range (1mm to 2000mm)`}},
		{"size: {width: 10mm, height: 2001mm}", layout.Size{W: 63.5, H: 88.9}, []string{`2:29: error: size.height: 2001mm is out of range (1mm to 2000mm)`}},
		{"size: [30, 40]", layout.Size{W: 63.5, H: 88.9}, []string{`2:7: error: size: expected text, found a list`}},
	}
	for _, tt := range tests {
		t.Run(tt.size, func(t *testing.T) {
			deck, diags := cards.LoadDeck("deck.yaml", []byte("deck: D\n"+tt.size+"\ncards: [{name: a}]\n"), fstest.MapFS{})
			res, ds := Resolve(deck.Size, deck.Print, DeckOptions{})
			diags = diags.Extend(ds)
			size, fill, ok := res.Size, res.Fill, res.OK
			if got := messages(diags); !slices.Equal(got, append([]string{}, tt.errs...)) && len(got)+len(tt.errs) > 0 {
				t.Errorf("diagnostics\n got %q\nwant %q", got, tt.errs)
			}
			if size != tt.want || ok != (tt.errs == nil) || fill {
				t.Errorf("size %v, ok %v, fill %v; want %v, %v, false", size, ok, fill, tt.want, tt.errs == nil)
			}
		})
	}
}

// TestFillPage: a whole-page deck (size: page, or FillPage) takes the
// paper's size, portrait, with no margin, marks, bleed, gutter, rotation
// or backs, whatever the print settings say; its other settings stay.
func TestFillPage(t *testing.T) {
	const print = "print: {paper: letter, orientation: landscape, duplex: short, bleed: 3mm, gutter: 4mm, margin: 9mm, marks: lines, rotate: auto, order: backs-first}\n"
	want := layout.Settings{Paper: layout.Size{W: 215.9, H: 279.4}, Orientation: layout.Portrait, Duplex: layout.DuplexNone,
		Marks: layout.MarksNone, BacksFirst: true}
	for _, tt := range []struct {
		name, size string
		opts       DeckOptions
	}{
		{"size: page", "size: page\n", DeckOptions{}},
		{"FillPage", "", DeckOptions{FillPage: true}},
		{"FillPage over a size", "size: tarot\n", DeckOptions{FillPage: true}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			deck, diags := cards.LoadDeck("deck.yaml", []byte("deck: D\n"+tt.size+print+"cards: [{name: a}]\n"), fstest.MapFS{})
			res, ds := Resolve(deck.Size, deck.Print, tt.opts)
			diags = diags.Extend(ds)
			size, s, fill, ok := res.Size, res.Settings, res.Fill, res.OK
			if len(diags) != 0 || !ok || !fill {
				t.Fatalf("ok %v, fill %v, diagnostics %v", ok, fill, diags)
			}
			if size != (layout.Size{W: 215.9, H: 279.4}) || s != want {
				t.Errorf("size %v, settings %+v; want the letter page, %+v", size, s, want)
			}
		})
	}
	// on landscape-named paper too, the page is portrait
	deck, _ := cards.LoadDeck("deck.yaml", []byte("deck: D\nsize: page\nprint: {paper: 297x210mm}\ncards: [{name: a}]\n"), fstest.MapFS{})
	if res, _ := Resolve(deck.Size, deck.Print, DeckOptions{}); res.Size != (layout.Size{W: 210, H: 297}) {
		t.Errorf("size on 297x210mm paper: %v, want 210 x 297", res.Size)
	}
	// a mapping is a size, not the word page
	deck, _ = cards.LoadDeck("deck.yaml", []byte("deck: D\nsize: {width: 30, height: 40}\ncards: [{name: a}]\n"), fstest.MapFS{})
	if res, _ := Resolve(deck.Size, deck.Print, DeckOptions{}); res.Fill {
		t.Errorf("a {width, height} size fills the page")
	}
}

// TestTooLarge: a card larger than the paper is reported at the deck's
// size, or at the deck's name when the size is the default.
func TestTooLarge(t *testing.T) {
	for _, tt := range []struct{ src, want string }{
		{"deck: D\nsize: 300x300mm\ntemplates: {f: {}}\nfront: f\nback: f\ncards: [{name: a}]\n", "2:7: error: "},
		{"deck: D\nprint: {paper: 50x50mm}\ntemplates: {f: {}}\nfront: f\nback: f\ncards: [{name: a}]\n", "1:7: error: "},
	} {
		job, diags := prepare(t, tt.src, nil, DeckOptions{})
		if job != nil || len(diags) != 1 || !strings.HasPrefix(messages(diags)[0], tt.want) || !strings.Contains(diags[0].Message, "does not fit") {
			t.Errorf("%q: job %v, diagnostics %q; want one error at %q", tt.src, job != nil, messages(diags), tt.want)
		}
	}
}

// TestTemplateFiles: templates come from the deck, from the built-in
// files and from the files it uses (relative to the deck); every problem
// of a template file is reported at its place.
func TestTemplateFiles(t *testing.T) {
	builtin := []templates.Source{{Path: "builtin.yaml", Data: []byte("templates:\n  b: {background: \"#00ff00\"}\n")}}
	tests := []struct {
		name  string
		use   string
		files fstest.MapFS
		front string
		want  []string
	}{
		{"built-in", "", nil, "b", []string{}},
		{"used file", "use: [t/more.yaml]\n", fstest.MapFS{"decks/t/more.yaml": {Data: []byte("templates:\n  u: {background: \"#0000ff\"}\n")}}, "u", []string{}},
		{"missing file", "use: [t/none.yaml]\n", nil, "b", []string{"decks/deck.yaml:2:7: error: use: cannot read decks/t/none.yaml: file does not exist"}},
		{"not text", "use: [[x]]\n", nil, "b", []string{"decks/deck.yaml:2:7: error: use: expected text, found a list"}},
		{"broken file", "use: [bad.yaml]\n", fstest.MapFS{"decks/bad.yaml": {Data: []byte("templates: [\n")}}, "b", []string{"decks/bad.yaml:2:1: error: YAML syntax: did not find expected node content"}},
		{"no templates key", "use: [bad.yaml]\n", fstest.MapFS{"decks/bad.yaml": {Data: []byte("elements: []\n")}}, "b", []string{
			`decks/bad.yaml:1:1: error: unknown key "elements" in template file; known keys: templates`,
			`decks/bad.yaml:1:1: error: a template file needs "templates"`}},
		{"unknown default", "", nil, "nope", []string{`decks/deck.yaml:2:8: error: front: unknown template "nope"; templates: b`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := tt.files
			if files == nil {
				files = fstest.MapFS{}
			}
			src := "deck: D\n" + tt.use + "front: " + tt.front + "\nback: b\ncards: [{name: a}]\n"
			deck, diags := cards.LoadDeck("decks/deck.yaml", []byte(src), files)
			job, ds := PrepareDeck(deck, DeckOptions{Files: files, Builtin: builtin})
			diags = diags.Extend(ds)
			var got []string
			for _, d := range diags {
				got = append(got, d.String())
			}
			if !slices.Equal(append([]string{}, got...), tt.want) && len(got)+len(tt.want) > 0 {
				t.Errorf("diagnostics\n got %q\nwant %q", got, tt.want)
			}
			if (job != nil) != (len(tt.want) == 0) {
				t.Errorf("job %v with diagnostics %q", job != nil, got)
			}
		})
	}
}

// TestReservedTypos: a card field near a reserved key that no template
// uses is a misspelt key; a field that a template uses is a field.
func TestReservedTypos(t *testing.T) {
	src := `deck: D
templates: {f: {elements: [{text: {x: 5, y: 5, w: 10, h: 10, value: "{{kinds}}"}}]}}
front: f
back: f
cards:
  - {name: a, kinds: x, cuont: 2, bakc: f, colour: red}
`
	_, diags := prepare(t, src, nil, DeckOptions{})
	want := []string{
		`6:41: error: card 1 "a": "bakc" is not a key, and no template uses it as a field; did you mean "back"?`,
		`6:32: error: card 1 "a": "cuont" is not a key, and no template uses it as a field; did you mean "count"?`,
	}
	if got := messages(diags); !slices.Equal(got, want) {
		t.Errorf("diagnostics\n got %q\nwant %q", got, want)
	}
}

// png1 is a 4 × 2 pixel PNG picture.
func png1(t *testing.T) []byte {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, 4, 2))
	for i := range img.Pix {
		img.Pix[i] = 0xff
	}
	img.Set(0, 0, color.NRGBA{R: 255, A: 255})
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestIcons: a deck's own icons are pictures named in `icons:`, drawn by
// an icon element; a missing or broken picture is an error at its name,
// the only one (the element naming the icon adds no "unknown icon").
func TestIcons(t *testing.T) {
	files := fstest.MapFS{"art/logo.png": {Data: png1(t)}, "art/bad.png": {Data: []byte("not a picture")}}
	tests := []struct {
		icons string
		want  []string
	}{
		{"{logo: art/logo.png}", []string{}},
		{"{logo: art/none.png}", []string{"3:15: error: icons.logo: cannot read art/none.png: file does not exist"}},
		{"{logo: art/bad.png}", []string{"3:15: error: icons.logo: art/bad.png is not a PNG, JPEG or SVG image (its first bytes are none of them)"}},
		{"{logo: [a]}", []string{"3:15: error: icons.logo: expected text, found a list"}},
	}
	for _, tt := range tests {
		t.Run(tt.icons, func(t *testing.T) {
			src := "deck: D\ntemplates: {f: {elements: [{icon: {x: 5, y: 5, w: 5, h: 5, name: logo}}]}}\nicons: " + tt.icons + "\nfront: f\nback: f\ncards: [{name: a}]\n"
			job, diags := prepare(t, src, files, DeckOptions{})
			got := messages(diags)
			if len(tt.want) == 0 {
				if job == nil || len(got) != 0 {
					t.Fatalf("job %v, diagnostics %q", job != nil, got)
				}
				if imgs := lines(record(job.Document()), "image "); len(imgs) != 2 || !strings.Contains(imgs[0], " 4x2px ") {
					t.Errorf("pictures drawn %q, want the 4 × 2 icon on the front and the back", imgs)
				}
				return
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("diagnostics\n got %q\nwant %q", got, tt.want)
			}
		})
	}
}

// TestSVGIcons: an SVG icon is drawn as paths (no picture), inline in
// text in the text's colour and in an icon element in the element's; its
// own colours stay; a broken file is an error at the icon's name that
// gives the place in the SVG file too, and what the file holds that is not
// drawn is a warning there.
func TestSVGIcons(t *testing.T) {
	const mark = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M0 0h10v10H0z"/><circle cx="5" cy="5" r="2" fill="#0000ff"/></svg>`
	files := fstest.MapFS{
		"art/mark.svg":   {Data: []byte(mark)},
		"art/text.svg":   {Data: []byte(`<svg viewBox="0 0 10 10"><rect width="10" height="10"/><text>hi</text></svg>`)},
		"art/broken.svg": {Data: []byte("<svg viewBox=\"0 0 10 10\">\n  <path d=\"M0 0 L\"/></svg>")},
	}
	tests := []struct {
		icons string
		want  []string // the paths' paints, or the diagnostics
		ok    bool
	}{
		{"{mark: art/mark.svg}", []string{"fill=#dc143c", "fill=#0000ff", "fill=#ffd700", "fill=#0000ff", "fill=#dc143c", "fill=#0000ff", "fill=#ffd700", "fill=#0000ff"}, true}, // front and back
		{"{mark: art/text.svg}", []string{"3:15: warning: icons.mark: art/text.svg:1:56: text is not drawn; convert it to paths (in Inkscape: Path > Object to Path)"}, true},
		{"{mark: art/broken.svg}", []string{"3:15: error: icons.mark: art/broken.svg:2:3: <path> d: a number is expected at column 7"}, false},
	}
	for _, tt := range tests {
		t.Run(tt.icons, func(t *testing.T) {
			src := "deck: D\ntemplates: {f: {elements: [{text: {x: 5, y: 5, w: 40, h: 10, value: \"a :mark: b\", colour: crimson}}, {icon: {x: 5, y: 20, w: 5, h: 5, name: mark, colour: gold}}]}}\nicons: " + tt.icons + "\nfront: f\nback: f\ncards: [{name: a}]\n"
			job, diags := prepare(t, src, files, DeckOptions{})
			got := messages(diags)
			if !tt.ok {
				if !slices.Equal(got, tt.want) {
					t.Errorf("diagnostics\n got %q\nwant %q", got, tt.want)
				}
				return
			}
			if job == nil {
				t.Fatalf("no job: %q", got)
			}
			dump := record(job.Document())
			if imgs := lines(dump, "image "); len(imgs) != 0 {
				t.Errorf("pictures drawn: %q", imgs)
			}
			if strings.HasSuffix(tt.icons, "mark.svg}") {
				var paints []string
				for _, l := range lines(dump, "path fill=#") {
					paints = append(paints, strings.Fields(l)[1])
				}
				if !slices.Equal(paints, tt.want) || len(got) != 0 {
					t.Errorf("paths painted %q, want %q; diagnostics %q", paints, tt.want, got)
				}
				return
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("diagnostics\n got %q\nwant %q", got, tt.want)
			}
		})
	}
}

// TestFonts: a deck's own font families, one file (the regular face) or
// a face per style; a family needs a regular face, and a face that cannot
// be read or parsed is an error at its file name.
func TestFonts(t *testing.T) {
	files := fstest.MapFS{"r.ttf": {Data: goregular.TTF}, "b.ttf": {Data: gobold.TTF}, "bad.ttf": {Data: []byte("not a font")}}
	const text = `{text: {x: 5, y: 5, w: 50, h: 10, value: "Hi", font: "%s"}}`
	tests := []struct {
		name, fonts, font string
		want              []string // the font IDs drawn, or the diagnostics
		ok                bool
	}{
		{"one file", "{Card Font: r.ttf}", "card font", []string{"user-card-font-regular"}, true},
		{"one file, bold asked", "{Card Font: r.ttf}", "card font bold", []string{"user-card-font-regular"}, true},
		{"faces", "{Card Font: {regular: r.ttf, bold: b.ttf}}", "card font bold", []string{"user-card-font-bold"}, true},
		{"faces, italic asked", "{Card Font: {regular: r.ttf, bold: b.ttf}}", "card font italic", []string{"user-card-font-regular"}, true},
		{"bold-italic face", "{X: {regular: r.ttf, bold-italic: b.ttf}}", "x bold-italic", []string{"user-x-bold-italic"}, true},
		{"no regular", "{X: {bold: b.ttf}}", "x", []string{`3:9: error: fonts.X needs a regular face`,
			`2:81: error: text.font: unknown font "x"; known families: dejavu, dejavu-condensed, go, mono, sans, smallcaps (each regular, bold, italic or bold-italic)`}, false},
		{"unreadable", "{X: none.ttf}", "x", []string{`3:12: error: fonts.X: cannot read none.ttf: file does not exist`}, false},
		{"not a font", "{X: {regular: bad.ttf}}", "x", []string{`3:22: error: fonts.X: bad.ttf: ` + parseFontError(t)}, false},
		{"not text", "{X: {regular: [r.ttf]}}", "x", []string{`3:22: error: fonts.X.regular: expected text, found a list`}, false},
		{"bad bold only", "{X: {regular: r.ttf, bold: bad.ttf}}", "x bold", []string{`3:35: error: fonts.X: bad.ttf: ` + parseFontError(t)}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := "deck: D\ntemplates: {f: {elements: [" + strings.Replace(text, "%s", tt.font, 1) + "]}}\nfonts: " + tt.fonts + "\nfront: f\nback: f\ncards: [{name: a}]\n"
			job, diags := prepare(t, src, files, DeckOptions{})
			if !tt.ok {
				// a family whose regular face failed stands in with the Go
				// font, so its templates do not repeat the error; one
				// without a regular face is not a family at all
				if got := messages(diags); !slices.Equal(got, tt.want) {
					t.Errorf("diagnostics\n got %q\nwant %q", got, tt.want)
				}
				return
			}
			if job == nil || len(diags) != 0 {
				t.Fatalf("job %v, diagnostics %v", job != nil, diags)
			}
			var ids []string
			for _, l := range lines(record(job.Document()), "text ") {
				if strings.HasSuffix(l, `"Hi"`) {
					ids = append(ids, strings.Fields(l)[1])
				}
			}
			if len(ids) != 2 || ids[0] != tt.want[0] || ids[1] != tt.want[0] {
				t.Errorf("fonts drawn %q, want %s on the front and the back", ids, tt.want[0])
			}
		})
	}
}

func parseFontError(t *testing.T) string {
	_, err := typeset.ParseFont("x", []byte("not a font"))
	if err == nil {
		t.Fatal("ParseFont accepts a text file")
	}
	return err.Error()
}

// TestFacesJob: faces made elsewhere are imposed as given, the whole set
// copies times, a missing back blank.
func TestFacesJob(t *testing.T) {
	deck, diags := cards.LoadDeck("deck.yaml", []byte("deck: R\nsize: 20x30mm\nprint: {paper: 100x100mm, margin: 5mm}\ncards: []\n"), fstest.MapFS{})
	a, b, back := &draw.Face{}, &draw.Face{}, &draw.Face{}
	job, ds := FacesJob(deck, []draw.Pair{{Front: a, Back: back}, {Front: b}}, 3, DeckOptions{})
	diags = diags.Extend(ds)
	if job == nil || len(diags) != 0 {
		t.Fatalf("job %v, diagnostics %v", job != nil, diags)
	}
	if got := job.Copies(); !slices.Equal(got, []int{0, 1, 0, 1, 0, 1}) {
		t.Errorf("copies %v, want the set three times", got)
	}
	if job.Face(0, layout.Front) != a || job.Face(0, layout.Back) != back || job.Face(1, layout.Front) != b || job.Face(1, layout.Back) == nil {
		t.Errorf("faces not as given, or a nil back not blank")
	}
	if !job.Backs || job.Plan.PerPage() != 12 {
		t.Errorf("backs %v, %d a page; want true, 12", job.Backs, job.Plan.PerPage())
	}
	// fronts only: no backs
	deck.Print["duplex"] = cards.Scalar("none", cards.Pos{})
	if job, _ := FacesJob(deck, []draw.Pair{{Front: a}}, 1, DeckOptions{}); job == nil || job.Backs {
		t.Errorf("fronts only: job %v", job)
	}
	// a card too large, or a wrong size: no job
	deck.Size = cards.Scalar("200x200mm", cards.Pos{File: "deck.yaml", Line: 2, Col: 7})
	if job, diags := FacesJob(deck, []draw.Pair{{Front: a}}, 1, DeckOptions{}); job != nil || len(diags) != 1 {
		t.Errorf("too large: job %v, diagnostics %v", job != nil, diags)
	}
	diags = nil
	deck.Size = cards.Scalar("huge", cards.Pos{File: "deck.yaml", Line: 2, Col: 7})
	if job, diags := FacesJob(deck, []draw.Pair{{Front: a}}, 1, DeckOptions{}); job != nil || len(diags) != 1 {
		t.Errorf("wrong size: job %v, diagnostics %v", job != nil, diags)
	}
}
