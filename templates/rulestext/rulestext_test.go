package rulestext

import (
	"fmt"
	"io/fs"
	"math"
	"strings"
	"testing"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/data"
	"github.com/deckpress/deckpress/internal/golden"
	"github.com/deckpress/deckpress/layout"

	"github.com/deckpress/deckpress/templates/draw"
	"github.com/deckpress/deckpress/templates/typeset"
)

var poker = layout.Size{W: 63.5, H: 88.9}

func read(t *testing.T, path string, src []byte) *Doc {
	t.Helper()
	root, diags := cards.Parse(path, src)
	if root == nil {
		t.Fatal(diags)
	}
	d, ds := Read(path, root)
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	return d
}

func kitDoc(t *testing.T, path string) *Doc {
	src, err := fs.ReadFile(data.FS, path)
	if err != nil {
		t.Fatal(err)
	}
	return read(t, path, src)
}

// cardsOf sets a document on cards and returns the faces, the size and
// the flow log.
func cardsOf(t *testing.T, d *Doc, card layout.Size) ([]draw.Pair, float64, []typeset.FlowEntry, cards.Diagnostics) {
	return d.Cards(card, typeset.NewFontSet(), typeset.NewIconSet())
}

// fitsIn reports whether d fits on at most maxCards cards at exactly size
// pt, by setting a copy of it with that single size allowed.
func fitsIn(t *testing.T, d *Doc, card layout.Size, maxCards int, size float64) bool {
	t.Helper()
	one := *d
	one.MaxCards, one.MinSize, one.MaxSize = maxCards, size, size
	faces, _, _, diags := cardsOf(t, &one, card)
	return faces != nil && !diags.HasErrors()
}

// readable is the smallest size a kit's rules text is set at: the files
// allow 6.5 pt, but a kit takes another card before it goes below this.
const readable = 7.0

// TestKitRulesFit: each kit's rules fit within the bounds its file gives
// (its max-cards, 6.5 pt or more), at a readable size, with their example
// diagrams; and within other bounds, the size chosen lies in them and is
// the largest that fits: one step of 0.25 pt larger needs more cards.
func TestKitRulesFit(t *testing.T) {
	for _, c := range []struct {
		path     string
		card     layout.Size
		maxCards int
		examples int
	}{
		{"kits/audition/rules.yaml", poker, 3, 2},
		{"kits/gladiators/combat-rules.yaml", layout.Size{W: 127, H: 76.2}, 4, 1},
		{"kits/slugfest/rules.yaml", poker, 2, 1},
		{"kits/galaga/rules.yaml", poker, 3, 1},
	} {
		d := kitDoc(t, c.path)
		if d.MaxCards != c.maxCards || d.MinSize != 6.5 {
			t.Errorf("%s: max-cards %d, min-size %v; the kit promises %d cards at 6.5 pt or more", c.path, d.MaxCards, d.MinSize, c.maxCards)
		}
		faces, size, log, diags := cardsOf(t, d, c.card)
		if len(diags) != 0 {
			t.Errorf("%s: %v", c.path, diags.Sort())
		}
		if faces == nil || len(faces) > d.MaxCards || size < d.MinSize || size > d.MaxSize {
			t.Errorf("%s: %d cards at %v pt", c.path, len(faces), size)
		}
		if size < readable {
			t.Errorf("%s: set at %v pt, below the %v pt the kits keep to; raise max-cards or shorten the text", c.path, size, readable)
		}
		examples := 0
		for _, e := range log {
			if strings.HasPrefix(e.What, "example") {
				examples++
			}
		}
		if examples < c.examples {
			t.Errorf("%s: %d example diagrams placed, want at least %d", c.path, examples, c.examples)
		}
		t.Logf("%s: %d cards at %v pt", c.path, len(faces), size)
		for _, b := range []struct {
			maxCards         int
			minSize, maxSize float64
		}{{1, 5, 9}, {3, 7, 11}, {2, 5.5, size - 0.5}} {
			other := *d
			other.MaxCards, other.MinSize, other.MaxSize = b.maxCards, b.minSize, b.maxSize
			faces, got, _, diags := cardsOf(t, &other, c.card)
			if faces == nil {
				if fitsIn(t, d, c.card, b.maxCards, b.minSize) {
					t.Errorf("%s in %+v: refused (%v), but it fits at the minimum size", c.path, b, diags)
				}
				continue
			}
			if len(faces) > b.maxCards || got < b.minSize || got > b.maxSize {
				t.Errorf("%s in %+v: %d cards at %v pt", c.path, b, len(faces), got)
			}
			if got+0.25 <= b.maxSize && fitsIn(t, d, c.card, b.maxCards, got+0.25) {
				t.Errorf("%s in %+v: chose %v pt, but %v pt fits", c.path, b, got, got+0.25)
			}
		}
	}
}

// flowLog writes which text lands on which face, one unit a line.
func flowLog(log []typeset.FlowEntry) []byte {
	var b strings.Builder
	for _, e := range log {
		fmt.Fprintf(&b, "face %d: %s\n", e.Frame+1, e.What)
	}
	return []byte(b.String())
}

const short = `rules: Short game
sections:
  - heading: Goal
    text: Win.
  - heading: Play
    text: |-
      1. Draw.
      2. Play.
`

func TestFlowGoldens(t *testing.T) {
	long := kitDoc(t, "kits/audition/rules.yaml")
	_, size, log, _ := cardsOf(t, long, poker)
	golden.Assert(t, "flow-long.txt", append([]byte(fmt.Sprintf("size %vpt\n", size)), flowLog(log)...))
	d := read(t, "short.yaml", []byte(short))
	faces, size, log, _ := cardsOf(t, d, poker)
	if len(faces) != 1 || size != DefaultMaxSize {
		t.Errorf("a short text takes one card at the largest size: %d cards at %v", len(faces), size)
	}
	golden.Assert(t, "flow-short.txt", append([]byte(fmt.Sprintf("size %vpt\n", size)), flowLog(log)...))
	// the drawing of both faces: title band, "1/1", text, footer; the
	// back is blank but for its band, "rules" and a faint d20
	for side, name := range []string{"front", "back"} {
		var rec draw.Recorder
		draw.DrawFace(&rec, faces[0].Side(layout.Side(side)))
		golden.Assert(t, "short-"+name+".txt", []byte(rec.String()))
	}
}

// TestHeadingNeverEndsAFace flows texts of many lengths at many sizes, some
// sections without text, and checks that a heading is never the last
// thing on a face.
func TestHeadingNeverEndsAFace(t *testing.T) {
	var b strings.Builder
	b.WriteString("rules: Heading test\nsections:\n")
	for i := 1; i <= 14; i++ {
		fmt.Fprintf(&b, "  - heading: Section %d\n", i)
		if i%4 != 0 {
			fmt.Fprintf(&b, "    text: %s\n", strings.Repeat("words of varying length go here ", i%5+1))
		}
	}
	d := read(t, "h.yaml", []byte(b.String()))
	fonts, icons := typeset.NewFontSet(), typeset.NewIconSet()
	frames := make([]layout.Rect, 60)
	for size := 6.5; size <= 12; size += 0.25 {
		for _, h := range []float64{30, 45, 60, 75} {
			for i := range frames {
				frames[i] = layout.Rect{X: 3, Y: 10, W: 56, H: h}
			}
			res := typeset.Flow(d.Blocks, frames, typeset.FlowStyle{Family: fonts.Fallback, Size: size, Accent: draw.Black, Colour: draw.Black}, icons)
			for i, e := range res.Log {
				last := i == len(res.Log)-1 || res.Log[i+1].Frame != e.Frame
				if last && strings.HasPrefix(e.What, "heading") {
					t.Fatalf("size %v, frame height %v: %q ends face %d", size, h, e.What, e.Frame+1)
				}
			}
		}
	}
}

// wordsDoc is a rules file of five sections S1…S5, each of n distinct
// words "s1w01 s1w02 …", with the given settings lines.
func wordsDoc(t *testing.T, n int, settings string) *Doc {
	var b strings.Builder
	b.WriteString("rules: Words\n" + settings + "sections:\n")
	for s := 1; s <= 5; s++ {
		fmt.Fprintf(&b, "  - heading: S%d\n    text: >-\n      ", s)
		for w := 1; w <= n; w++ {
			fmt.Fprintf(&b, "s%dw%02d ", s, w)
		}
		b.WriteString("\n")
	}
	return read(t, "w.yaml", []byte(b.String()))
}

var (
	white  = draw.Colour{R: 255, G: 255, B: 255, A: 255}
	accent = draw.Colour{R: 0x2f, G: 0x3e, B: 0x66, A: 255}
)

// faceText is what a card face shows: its band label ("n/m" or "rules"),
// the headings and words of its body in drawing order, and whether any
// body text leaves the space between the band and the footer.
func faceText(face *draw.Face, card layout.Size) (label string, body []string, outside bool) {
	for _, op := range face.Ops {
		tx, ok := op.(*draw.TextOp)
		if !ok {
			continue
		}
		switch {
		case tx.Colour == white && tx.Font.ID() == "go-regular":
			label = tx.Text
		case tx.Colour == draw.Black || tx.Colour == accent:
			em := tx.Size * layout.MMPerPoint
			f := tx.Font.(*typeset.Font)
			if tx.Y-f.Ascent*em < bandH || tx.Y+f.Descent*em > card.H-footerH-0.5 {
				outside = true
			}
			body = append(body, strings.Fields(tx.Text)...)
		}
	}
	return label, body, outside
}

// TestReadingOrder: the text runs card 1 front, card 1 back, card 2 front
// …, every word once and in order (a face that ends inside a paragraph
// ends with "continued →"), no line drawn outside the body; the text is
// spread over every face of the cards, each labelled "n/m".
func TestReadingOrder(t *testing.T) {
	d := wordsDoc(t, 80, "max-cards: 3\nmin-size: 9.5\nmax-size: 9.5\n")
	faces, size, _, diags := cardsOf(t, d, poker)
	if diags.HasErrors() || size != 9.5 {
		t.Fatalf("%v at %v pt", diags, size)
	}
	var want []string
	for s := 1; s <= 5; s++ {
		want = append(want, fmt.Sprintf("S%d", s))
		for w := 1; w <= 80; w++ {
			want = append(want, fmt.Sprintf("s%dw%02d", s, w))
		}
	}
	var got, labels []string
	used := 0
	for c := range faces {
		for side := 0; side < 2; side++ {
			label, body, outside := faceText(faces[c].Side(layout.Side(side)), poker)
			if outside {
				t.Errorf("card %d side %d: text outside the body", c+1, side+1)
			}
			if len(body) > 0 {
				used++
				if last := body[len(body)-1]; strings.HasPrefix(last, "S") {
					t.Errorf("card %d side %d ends with the heading %q", c+1, side+1, last)
				}
			}
			if n := len(body); n >= 2 && body[n-2] == "continued" && body[n-1] == "→" {
				// the next face goes on with the paragraph this one ends in
				body = body[:n-2]
				if next := c*2 + side + 1; next < 2*len(faces) {
					_, more, _ := faceText(faces[next/2].Side(layout.Side(next%2)), poker)
					if len(more) == 0 || strings.HasPrefix(more[0], "S") || more[0][:2] != body[len(body)-1][:2] {
						t.Errorf("card %d side %d ends continued, but the next face starts %q", c+1, side+1, more)
					}
				}
			}
			got = append(got, body...)
			labels = append(labels, label)
		}
	}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("text in reading order differs:\n got  %s\n want %s", strings.Join(got, " "), strings.Join(want, " "))
	}
	if len(faces) != 3 || used != 6 {
		t.Fatalf("%d cards, %d faces with text; want 3 cards, 6 faces (the text was sized so)", len(faces), used)
	}
	if strings.Join(labels, " ") != "1/6 2/6 3/6 4/6 5/6 6/6" {
		t.Errorf("labels %q", labels)
	}
}

// TestSizeLargestThatFits: with bounds unlike the defaults (3 cards, 7.1
// to 9.5 pt), the size is the largest of 9.5, 9.25 … 7.25 and 7.1 at which
// the text fits 3 cards; a step larger needs a fourth.
func TestSizeLargestThatFits(t *testing.T) {
	const settings = "max-cards: 3\nmin-size: 7.1\nmax-size: 9.5\n"
	for _, c := range []struct {
		words int
		want  float64
	}{
		// the body of a poker card is 63.5 − 2 × 4.5 = 54.5 mm by
		// 88.9 − 10 − 2 − 6.5 − 1 = 69.4 mm; a section that fits a face
		// starts one rather than split, and a split paragraph leaves room
		// for its continued mark, so fewer words reach each size than when
		// lines ran on freely (100, 132 and 142 words)
		{20, 9.5}, {92, 8.75}, {132, 7.5}, {136, 7.25}} {
		d := wordsDoc(t, c.words, settings)
		faces, size, _, diags := cardsOf(t, d, poker)
		if diags.HasErrors() || size != c.want || len(faces) > 3 {
			t.Errorf("%d words: %d cards at %v pt (%v), want %v pt", c.words, len(faces), size, diags, c.want)
			continue
		}
		if !fitsIn(t, d, poker, 3, size) {
			t.Errorf("%d words: does not fit 3 cards at the %v pt chosen", c.words, size)
		}
		if next := math.Min(size+0.25, 9.5); size < 9.5 && (fitsIn(t, d, poker, 3, next) || size == 7.1 && fitsIn(t, d, poker, 3, 7.25)) {
			t.Errorf("%d words: chose %v pt but %v pt fits too", c.words, size, next)
		}
	}
}

// TestTooLongForMaxCards: text that does not fit at min-size is an error
// at the title saying how many cards it would need there: with that many
// it fits, with one fewer it does not.
func TestTooLongForMaxCards(t *testing.T) {
	for _, c := range []struct {
		settings string
		words    int
		min      float64
		max      int
	}{
		{"max-cards: 1\n", 120, 6.5, 1},
		{"max-cards: 3\nmin-size: 7.1\nmax-size: 9.5\n", 200, 7.1, 3},
		{"max-cards: 2\nmin-size: 8\n", 150, 8, 2},
	} {
		d := wordsDoc(t, c.words, c.settings)
		faces, _, _, diags := cardsOf(t, d, poker)
		var need int
		want := "w.yaml:1:8: error: the rules need %d cards at " + fmt.Sprint(c.min) + "pt, the smallest size allowed; max-cards is " + fmt.Sprint(c.max) + " (raise it, or shorten the text)"
		if faces != nil || len(diags) != 1 {
			t.Errorf("%d words: %d cards, diagnostics %v; want one error", c.words, len(faces), diags)
			continue
		}
		if _, err := fmt.Sscanf(diags[0].String(), want, &need); err != nil || fmt.Sprintf(want, need) != diags[0].String() {
			t.Errorf("%d words: %q, want %q", c.words, diags[0], want)
			continue
		}
		if need <= c.max || !fitsIn(t, d, poker, need, c.min) || fitsIn(t, d, poker, need-1, c.min) {
			t.Errorf("%d words: says it needs %d cards at %v pt; fits %d: %v, fits %d: %v", c.words, need, c.min,
				need, fitsIn(t, d, poker, need, c.min), need-1, fitsIn(t, d, poker, need-1, c.min))
		}
	}
}

// TestReadSettings: every setting of a rules file is read; blocks come in
// the order heading, text, example, more.
func TestReadSettings(t *testing.T) {
	src := `rules: All
size: bridge
print: {paper: a4}
max-cards: 4
min-size: 7
max-size: 9
copies: 6
accent: "#102030"
sections:
  - heading: One
    text: first
    example:
      - {card: C, on: [star]}
      - {icon: heart, label: love}
      - {text: "= 1"}
    more: after
  - heading: Two
`
	d := read(t, "s.yaml", []byte(src))
	if d.Title != "All" || d.Pos.Line != 1 || d.Size == nil || d.Size.Value != "bridge" || d.Print["paper"] == nil || d.Print["paper"].Value != "a4" {
		t.Errorf("title %q at %v, size %v, print %+v", d.Title, d.Pos, d.Size, d.Print)
	}
	if d.MaxCards != 4 || d.MinSize != 7 || d.MaxSize != 9 || d.Copies != 6 || d.Accent != (draw.Colour{R: 0x10, G: 0x20, B: 0x30, A: 255}) {
		t.Errorf("max-cards %d, min-size %v, max-size %v, copies %d, accent %v", d.MaxCards, d.MinSize, d.MaxSize, d.Copies, d.Accent)
	}
	var kinds []string
	for _, b := range d.Blocks {
		switch {
		case b.Heading != "":
			kinds = append(kinds, "heading "+b.Heading)
		case b.Text != "":
			kinds = append(kinds, "text "+b.Text)
		default:
			kinds = append(kinds, fmt.Sprintf("example %+v", b.Example))
		}
	}
	want := []string{"heading One", "text first", "example [{Card:C On:[star] Icon: Label: Text:} {Card: On:[] Icon:heart Label:love Text:} {Card: On:[] Icon: Label: Text:= 1}]", "text after", "heading Two"}
	if strings.Join(kinds, "\n") != strings.Join(want, "\n") || d.Sections != 2 {
		t.Errorf("%d sections, blocks:\n%s\nwant:\n%s", d.Sections, strings.Join(kinds, "\n"), strings.Join(want, "\n"))
	}
	// the defaults
	d = read(t, "d.yaml", []byte(short))
	if d.MaxCards != DefaultMaxCards || d.MinSize != DefaultMinSize || d.MaxSize != DefaultMaxSize || d.Copies != 0 || d.Accent != accent || d.Size != nil {
		t.Errorf("defaults: max-cards %d, min-size %v, max-size %v, copies %d, accent %v", d.MaxCards, d.MinSize, d.MaxSize, d.Copies, d.Accent)
	}
}

// TestReadErrors: each broken rules file gives exactly its diagnostics.
func TestReadErrors(t *testing.T) {
	const head = "rules: R\nsections:\n  - heading: H\n"
	for _, c := range []struct {
		name, src string
		want      []string
	}{
		{"sizes crossed", "rules: R\nmin-size: 9\nmax-size: 8\nsections: [{heading: H}]\n",
			[]string{"r.yaml:1:8: error: max-size (8pt) is below min-size (9pt)"}},
		{"sizes equal", "rules: R\nmin-size: 8\nmax-size: 8\nsections: [{heading: H}]\n", nil},
		{"no sections", "rules: R\nsections: []\n", []string{"r.yaml:2:11: error: sections: a rules file needs at least one section"}},
		{"bad accent", "rules: R\naccent: bluish\nsections: [{heading: H}]\n", []string{`r.yaml:2:9: error: accent: "bluish" is not a colour; write #rrggbb or a CSS colour name such as "teal"`}},
		{"emoji", head + "    text: a 😀\n", []string{"r.yaml:4:11: error: character '😀' (U+1F600) cannot be printed (no emoji); use an icon such as :star:"}},
		{"emoji in more", head + "    more: a 😀\n", []string{"r.yaml:4:11: error: character '😀' (U+1F600) cannot be printed (no emoji); use an icon such as :star:"}},
		{"last of the plane", head + "    text: \"a \\uFFFF\"\n", nil},
		{"first past the plane", head + "    text: \"a \\U00010000\"\n", []string{"r.yaml:4:11: error: character '\U00010000' (U+10000) cannot be printed (no emoji); use an icon such as :star:"}},
		{"two kinds", head + "    example: [{card: C, text: T}]\n", []string{"r.yaml:4:15: error: an example item is one of card (with on), icon (with label) or text"}},
		{"no kind", head + "    example: [{label: L}]\n", []string{
			"r.yaml:4:15: error: an example item is one of card (with on), icon (with label) or text",
			"r.yaml:4:23: error: label: goes under an icon; give the icon too"}},
		{"on without a card", head + "    example: [{icon: star, on: [x]}]\n", []string{"r.yaml:4:32: error: on: lists the icons lying on a card; give the card too"}},
		{"max-cards range", "rules: R\nmax-cards: 51\nsections: [{heading: H}]\n", []string{"r.yaml:2:12: error: max-cards must be between 1 and 50, found 51"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			root, diags := cards.Parse("r.yaml", []byte(c.src))
			if root == nil {
				t.Fatal(diags)
			}
			d, ds := Read("r.yaml", root)
			if d != nil {
				for _, b := range d.Blocks {
					if b.Heading == "" && b.Text == "" && len(b.Example) == 0 {
						t.Error("an empty block: an example with no valid item is left out")
					}
				}
			}
			var got []string
			for _, x := range append(diags, ds...).Sort() {
				got = append(got, x.String())
			}
			if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
				t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(c.want, "\n"))
			}
		})
	}
}

// TestSheet: the rules sheet sets the text in two columns a page, the
// first page below a title band; its size is the largest up to 11 pt that
// fits two pages; each page says "page n of m".
func TestSheet(t *testing.T) {
	a4 := layout.Size{W: 210, H: 297}
	fonts, icons := typeset.NewFontSet(), typeset.NewIconSet()
	for _, c := range []struct {
		words, pages int
		size         float64
	}{{20, 1, 11}, {400, 2, 0}} {
		d := wordsDoc(t, c.words, "")
		faces, size, diags := d.Sheet(a4, fonts, icons)
		if diags.HasErrors() || len(faces) != c.pages || c.size != 0 && size != c.size || size > 11 || size < d.MinSize {
			t.Errorf("%d words: %d pages at %v pt (%v)", c.words, len(faces), size, diags)
			continue
		}
		var words []string
		for p, f := range faces {
			if f.Back != nil {
				t.Errorf("page %d has a back", p+1)
			}
			footer := fmt.Sprintf("Words · rules · page %d of %d", p+1, len(faces))
			found := false
			for _, op := range f.Front.Ops {
				tx, ok := op.(*draw.TextOp)
				if !ok {
					continue
				}
				if tx.Text == footer {
					found = true
				}
				if tx.Colour == draw.Black || tx.Colour == accent {
					if tx.Text != "continued →" { // a column that ends inside a paragraph says so
						words = append(words, strings.Fields(tx.Text)...)
					}
					em := tx.Size * layout.MMPerPoint
					f := tx.Font.(*typeset.Font)
					colW := (a4.W - 2*12 - 8) / 2
					inLeft := tx.X >= 12-1e-6 && tx.X+f.Width(tx.Text)*em <= 12+colW+1e-6
					inRight := tx.X >= 12+colW+8-1e-6 && tx.X+f.Width(tx.Text)*em <= a4.W-12+1e-6
					top := 12.0
					if p == 0 {
						top = 32
					}
					if !inLeft && !inRight || tx.Y-f.Ascent*em < top-1e-6 || tx.Y+f.Descent*em > a4.H-18+1e-6 {
						t.Errorf("%d words, page %d: %q at %.2f,%.2f outside the columns", c.words, p+1, tx.Text, tx.X, tx.Y)
					}
				}
			}
			if !found {
				t.Errorf("%d words, page %d: no %q", c.words, p+1, footer)
			}
		}
		if len(words) != 5*(c.words+1) {
			t.Errorf("%d words: %d drawn, want %d", c.words, len(words), 5*(c.words+1))
		}
		if c.pages == 2 && fitsSheetAt(t, d, a4, size+0.25) {
			t.Errorf("%d words: chose %v pt but %v pt fits", c.words, size, size+0.25)
		}
		golden.Assert(t, fmt.Sprintf("sheet-%d.txt", c.words), sheetSummary(faces, size, a4))
	}
	d := wordsDoc(t, 600, "min-size: 10\n")
	if faces, _, diags := d.Sheet(a4, fonts, icons); faces != nil || fmt.Sprint(diags) != "[w.yaml:1:8: error: the rules do not fit a two-page sheet even at 10pt]" {
		t.Errorf("too long for a sheet: %d pages, %v", len(faces), diags)
	}
}

// fitsSheetAt reports whether d fits a two-page sheet at exactly size pt.
func fitsSheetAt(t *testing.T, d *Doc, page layout.Size, size float64) bool {
	one := *d
	one.MinSize = size
	faces, got, _ := one.Sheet(page, typeset.NewFontSet(), typeset.NewIconSet())
	return faces != nil && got >= size
}

func TestRulesDiagnostics(t *testing.T) {
	src := `rules: Bad
sectons: []
sections:
  - heading: One
    txt: hello
  - heading: Two
    text: "a :hart: icon and **unclosed"
    example:
      - {card: X, on: [star, sparkle]}
      - {label: alone}
`
	root, diags := cards.Parse("b.yaml", []byte(src))
	d, ds := Read("b.yaml", root)
	diags = append(diags, ds...)
	if d != nil && !diags.HasErrors() {
		_, _, _, ds := d.Cards(poker, typeset.NewFontSet(), typeset.NewIconSet())
		diags = diags.Extend(ds)
	}
	var got []string
	for _, x := range diags.Sort() {
		got = append(got, x.String())
	}
	for _, want := range []string{
		`b.yaml:2:1: error: unknown key "sectons" in rules file; did you mean "sections"?`,
		`b.yaml:5:5: error: unknown key "txt" in section; did you mean "text"?`,
		`b.yaml:10:17: error: label: goes under an icon; give the icon too`,
	} {
		if !strings.Contains(strings.Join(got, "\n"), want) {
			t.Errorf("missing %q in:\n%s", want, strings.Join(got, "\n"))
		}
	}
	// markup problems come from laying out a valid file
	src2 := `rules: Marks
sections:
  - heading: Two
    text: "a :hart: icon and **unclosed"
    example:
      - {card: X, on: [star, sparkle]}
`
	d = read(t, "m.yaml", []byte(src2))
	_, _, _, diags = cardsOf(t, d, poker)
	all := fmt.Sprint(diags.Sort())
	for _, want := range []string{`m.yaml:4:11: error: unknown icon :hart:; did you mean :heart:?`, `m.yaml:4:11: warning: ** (bold) is not closed`, `m.yaml:6:7: error: unknown icon :sparkle:`} {
		if !strings.Contains(all, want) {
			t.Errorf("missing %q in %s", want, all)
		}
	}
}

// sheetSummary writes a rules sheet's geometry one fact a line: the title
// band and title, each column's lines (how many, the first and the last
// with their positions), the footer.
func sheetSummary(faces []draw.Pair, size float64, page layout.Size) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "size %vpt\n", size)
	mid := page.W / 2
	for p, f := range faces {
		type col struct {
			first, last *draw.TextOp
			lines       int
			y           float64
		}
		var cols [2]col
		for _, op := range f.Front.Ops {
			switch o := op.(type) {
			case *draw.PathOp:
				r := o.Path.Bounds()
				fmt.Fprintf(&b, "page %d: band %v %s,%s %s×%s\n", p+1, o.Fill, draw.Num(r.X), draw.Num(r.Y), draw.Num(r.W), draw.Num(r.H))
			case *draw.TextOp:
				if o.Colour != draw.Black && o.Colour != accent {
					fmt.Fprintf(&b, "page %d: text %s %spt %v at %s,%s %q\n", p+1, o.Font.ID(), draw.Num(o.Size), o.Colour, draw.Num(o.X), draw.Num(o.Y), o.Text)
					continue
				}
				c := &cols[0]
				if o.X > mid {
					c = &cols[1]
				}
				if c.first == nil {
					c.first = o
				}
				if c.lines == 0 || o.Y != c.y {
					c.lines++
					c.y = o.Y
				}
				c.last = o
			}
		}
		for i, c := range cols {
			if c.first == nil {
				continue
			}
			fmt.Fprintf(&b, "page %d column %d: %d lines, first %q at %s,%s, last %q at %s,%s\n", p+1, i+1, c.lines,
				c.first.Text, draw.Num(c.first.X), draw.Num(c.first.Y), c.last.Text, draw.Num(c.last.X), draw.Num(c.last.Y))
		}
	}
	return []byte(b.String())
}

// TestLongTitle: a long title shrinks to the room it has: on a card, the
// band left of the "n/m" label (the card's width less 4.5 mm either side
// and 10 mm for the label), from 8 pt; on a sheet, the page less 12 mm
// margins, from 20 pt. The size is within 0.1 pt below the exact fit.
func TestLongTitle(t *testing.T) {
	const title = "The Extraordinarily Long-Winded Title of a Game"
	d := read(t, "t.yaml", []byte(strings.Replace(short, "Short game", title, 1)))
	fonts, icons := typeset.NewFontSet(), typeset.NewIconSet()
	bold := fonts.Fallback.Face(typeset.Bold)
	titleOp := func(face *draw.Face) *draw.TextOp {
		for _, op := range face.Ops {
			if tx, ok := op.(*draw.TextOp); ok && tx.Text == title {
				return tx
			}
		}
		t.Fatal("no title")
		return nil
	}
	check := func(where string, tx *draw.TextOp, left, room, from float64) {
		exact := room / (bold.Width(title) * layout.MMPerPoint)
		if exact >= from {
			t.Fatalf("%s: the title is not long enough to shrink", where)
		}
		if tx.Size > exact+1e-9 || tx.Size < exact-0.1 || tx.X != left {
			t.Errorf("%s: title at %v pt from x %v, want within 0.1 pt below %.3f from %v", where, tx.Size, tx.X, exact, left)
		}
	}
	faces, _, _, _ := cardsOf(t, d, poker)
	check("card", titleOp(faces[0].Front), 4.5, poker.W-2*4.5-10, 8)
	a5 := layout.Size{W: 148, H: 210}
	sheet, _, _ := d.Sheet(a5, fonts, icons)
	check("sheet", titleOp(sheet[0].Front), 12, a5.W-2*12, 20)
}
