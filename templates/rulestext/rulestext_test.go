package rulestext

import (
	"fmt"
	"io/fs"
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

// TestKitRulesFit: the Audition rules fit on two poker cards at 6.5 pt or
// more, with at least two example diagrams; the Gladiators combat
// reference fits on two index cards; so do the others.
func TestKitRulesFit(t *testing.T) {
	for _, c := range []struct {
		path     string
		card     layout.Size
		examples int
	}{
		{"kits/audition/rules.yaml", poker, 2},
		{"kits/gladiators/combat-rules.yaml", layout.Size{W: 127, H: 76.2}, 1},
		{"kits/slugfest/rules.yaml", poker, 1},
		{"kits/galaga/rules.yaml", poker, 1},
	} {
		d := kitDoc(t, c.path)
		faces, size, log, diags := cardsOf(t, d, c.card)
		if len(diags) != 0 {
			t.Errorf("%s: %v", c.path, diags.Sort())
		}
		if faces == nil || len(faces) > 2 || size < 6.5 {
			t.Errorf("%s: %d cards at %v pt", c.path, len(faces), size)
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
	}
}

// flowLog writes which text lands on which face, one face per line.
func flowLog(log []typeset.FlowEntry) []byte {
	var b strings.Builder
	face := -1
	for _, e := range log {
		if e.Frame != face {
			face = e.Frame
			fmt.Fprintf(&b, "\nface %d:", face+1)
		}
		fmt.Fprintf(&b, " [%s]", e.What)
	}
	return []byte(strings.TrimSpace(b.String()) + "\n")
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
}

// TestHeadingNeverEndsAFace flows texts of many lengths at many sizes and
// checks that a heading is never the last thing on a face.
func TestHeadingNeverEndsAFace(t *testing.T) {
	var b strings.Builder
	b.WriteString("rules: Heading test\nsections:\n")
	for i := 1; i <= 14; i++ {
		fmt.Fprintf(&b, "  - heading: Section %d\n    text: %s\n", i, strings.Repeat("words of varying length go here ", i%5+1))
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

func TestTooLongForMaxCards(t *testing.T) {
	var b strings.Builder
	b.WriteString("rules: Epic\nmax-cards: 1\nsections:\n  - heading: Everything\n    text: >-\n      ")
	b.WriteString(strings.Repeat("This game has a great many rules and every one of them matters. ", 60))
	d := read(t, "e.yaml", []byte(b.String()))
	faces, _, _, diags := cardsOf(t, d, poker)
	if faces != nil || !strings.Contains(fmt.Sprint(diags), "e.yaml:1:8: error: the rules need") || !strings.Contains(fmt.Sprint(diags), "max-cards is 1") {
		t.Errorf("want an error saying how many cards it needs, got %v", diags)
	}
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
