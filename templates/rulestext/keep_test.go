package rulestext

import (
	"fmt"
	"io/fs"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/data"
	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/templates/draw"
	"github.com/deckpress/deckpress/templates/typeset"
)

// The keep-together rules, stated on the laid-out faces of a card's body
// (12 mm below the top edge, 19.5 mm above the bottom one, as the card
// design puts it):
//
//   - no face is empty, and the last holds at least a third of a face;
//   - a face that ends inside a list item or a paragraph of up to four
//     lines does so only when that item (with the example after it) is
//     taller than a face; a face
//     that ends inside any paragraph ends with the continued mark, and a
//     split leaves at least two lines on either side when the paragraph
//     has four or more;
//   - a heading has at least two lines of its section after it on its
//     face (all of them, when the section has fewer);
//   - an example is on the face of the paragraph just before it, all of
//     that paragraph's lines included when the two (and a heading right
//     above the paragraph) fit a face together, else its last lines.

var kitRules = []struct {
	path string
	card layout.Size
}{
	{"kits/audition/rules.yaml", poker},
	{"kits/gladiators/combat-rules.yaml", layout.Size{W: 127, H: 76.2}},
	{"kits/slugfest/rules.yaml", poker},
	{"kits/galaga/rules.yaml", poker},
}

func TestKitRulesKeepTogether(t *testing.T) {
	for _, k := range kitRules {
		d := kitDoc(t, k.path)
		faces, _, log, diags := cardsOf(t, d, k.card)
		if faces == nil || diags.HasErrors() {
			t.Fatalf("%s: %v", k.path, diags)
		}
		checkKeep(t, k.path, log, 2*len(faces), k.card.H-12-19.5, true)
	}
}

// TestKeepTogetherAcrossSizes checks the same rules on the kits' texts set
// at every size from 6.5 to 10 pt in frames of several heights.
func TestKeepTogetherAcrossSizes(t *testing.T) {
	fonts, icons := typeset.NewFontSet(), typeset.NewIconSet()
	for _, k := range kitRules {
		d := kitDoc(t, k.path)
		for size := 6.5; size <= 10; size += 0.5 {
			for _, h := range []float64{45, 60, 75} {
				frames := make([]layout.Rect, 40)
				for i := range frames {
					frames[i] = layout.Rect{X: 4.5, Y: 12, W: k.card.W - 9, H: h}
				}
				res := typeset.Flow(d.Blocks, frames, typeset.FlowStyle{Family: fonts.Fallback, Size: size, Colour: draw.Black, Accent: d.Accent, LineHeight: 1.18, MinSize: d.MinSize}, icons)
				if !res.Fits {
					t.Errorf("%s at %v pt in %v mm frames: does not fit", k.path, size, h)
					continue
				}
				// balance is the cards' business; a free flow may end short
				checkKeep(t, k.path, res.Log, len(res.Frames), h, false)
			}
		}
	}
}

// checkKeep checks a flow log against the rules above; faces is the number
// of faces printed, faceH the height of a face's body; balanced: check the
// last face's share.
func checkKeep(t *testing.T, name string, log []typeset.FlowEntry, faces int, faceH float64, balanced bool) {
	t.Helper()
	type span struct{ top, bottom float64 }
	used := map[int]*span{}
	for _, e := range log {
		s := used[e.Frame]
		if s == nil {
			s = &span{e.Y, e.Y + e.H}
			used[e.Frame] = s
		}
		s.top, s.bottom = min(s.top, e.Y), max(s.bottom, e.Y+e.H)
	}
	for f := 0; f < faces; f++ {
		if used[f] == nil {
			t.Errorf("%s: face %d is empty", name, f+1)
		}
	}
	if last := used[faces-1]; balanced && last != nil && last.bottom-last.top < faceH/3 {
		t.Errorf("%s: the last face holds %.1f mm, less than a third of %.1f", name, last.bottom-last.top, faceH)
	}
	paraH := map[int]float64{}
	paraFaces := map[int]map[int]bool{}
	exH := map[int]float64{}   // the example that follows a paragraph
	headH := map[int]float64{} // the heading right above a paragraph
	for i, e := range log {
		if e.Kind == typeset.EntryExample && i > 0 && log[i-1].Kind == typeset.EntryLine {
			exH[log[i-1].Para] = e.H
		}
		if e.Kind == typeset.EntryLine && e.Line == 1 && i > 0 && log[i-1].Kind == typeset.EntryHeading {
			headH[e.Para] = log[i-1].H
		}
		if e.Kind == typeset.EntryLine {
			paraH[e.Para] += e.H
			if paraFaces[e.Para] == nil {
				paraFaces[e.Para] = map[int]bool{}
			}
			paraFaces[e.Para][e.Frame] = true
		}
	}
	for i, e := range log {
		lastOnFace := i+1 == len(log) || log[i+1].Frame != e.Frame
		if e.Kind == typeset.EntryLine && lastOnFace && e.Line < e.Lines {
			t.Errorf("%s: face %d ends inside paragraph %d (line %d of %d) with no continued mark", name, e.Frame+1, e.Para, e.Line, e.Lines)
		}
		if e.Kind == typeset.EntryContinued {
			prev := log[i-1]
			if (prev.Item || prev.Lines <= 4) && paraH[prev.Para]+exH[prev.Para]+gapBefore(exH[prev.Para], 0.45*prev.H) <= faceH {
				t.Errorf("%s: face %d splits %q (%d lines, item %v), which fits a face whole", name, e.Frame+1, prev.What, prev.Lines, prev.Item)
			}
			if prev.Lines >= 4 && (prev.Line < 2 || prev.Lines-prev.Line < 2) {
				t.Errorf("%s: face %d splits %q after line %d of %d", name, e.Frame+1, prev.What, prev.Line, prev.Lines)
			}
		}
		if e.Kind == typeset.EntryHeading {
			after, total := 0, 0
			for _, n := range log[i+1:] {
				if n.Kind == typeset.EntryHeading {
					if total > 0 {
						break
					}
					continue // an empty section: the next one's lines count
				}
				if n.Kind == typeset.EntryLine || n.Kind == typeset.EntryExample {
					total++
					if n.Frame == e.Frame {
						after++
					}
				}
			}
			if after < min(2, total) {
				t.Errorf("%s: %q on face %d has %d lines after it there", name, e.What, e.Frame+1, after)
			}
		}
		if e.Kind == typeset.EntryExample {
			if i == 0 || log[i-1].Kind != typeset.EntryLine {
				continue // an example right after its heading
			}
			prev := log[i-1]
			together := headH[prev.Para]+gapBefore(headH[prev.Para], 0.3*prev.H)+paraH[prev.Para]+0.45*prev.H+e.H <= faceH
			if prev.Frame != e.Frame || together && len(paraFaces[prev.Para]) != 1 {
				t.Errorf("%s: %q on face %d, its paragraph on faces %v", name, e.What, e.Frame+1, paraFaces[prev.Para])
			}
		}
	}
}

// gapBefore is the space above a unit of height h that is there (0 when
// it is not): 0.45 line pitches above an example, 0.3 above a text below
// its heading.
func gapBefore(h, gap float64) float64 {
	if h == 0 {
		return 0
	}
	return gap
}

// TestGladiatorsDamageRule: the rule of extra oomph, formula and all, is
// one line of one face, and the whole of "Attacking" (to hit, damage,
// extra oomph) is on that face.
func TestGladiatorsDamageRule(t *testing.T) {
	card := layout.Size{W: 127, H: 76.2}
	d := kitDoc(t, "kits/gladiators/combat-rules.yaml")
	faces, _, _, _ := cardsOf(t, d, card)
	const formula = "(your to-hit number − 10 − your roll)"
	found := 0
	for c, p := range faces {
		for side := 0; side < 2; side++ {
			_, body, _ := faceText(p.Side(layout.Side(side)), card)
			text := strings.Join(body, " ")
			line := false
			for _, op := range p.Side(layout.Side(side)).Ops {
				if tx, ok := op.(*draw.TextOp); ok && strings.Contains(strings.ReplaceAll(tx.Text, "\u00a0", " "), formula) {
					line = true
				}
			}
			if !line {
				if strings.Contains(text, "your roll)") {
					t.Errorf("card %d side %d holds part of the formula: %q", c+1, side+1, text)
				}
				continue
			}
			found++
			for _, part := range []string{"Attacking", "To hit:", "Damage:", "Extra oomph:"} {
				if !strings.Contains(text, part) {
					t.Errorf("card %d side %d has the formula but not %q", c+1, side+1, part)
				}
			}
		}
	}
	if found != 1 {
		t.Errorf("the formula is whole on one line of %d faces, want 1", found)
	}
}

// TestKitDiagramLabels: on every kit's cards, each example diagram's texts
// are set at one size, at least the rules' min-size, and every line of
// them is made of whole words of the item it belongs to.
func TestKitDiagramLabels(t *testing.T) {
	for _, k := range kitRules {
		d := kitDoc(t, k.path)
		faces, _, log, _ := cardsOf(t, d, k.card)
		for _, e := range log {
			if e.Kind != typeset.EntryExample {
				continue
			}
			words := map[string]bool{}
			for _, it := range d.Blocks[e.Block].Example {
				for _, s := range []string{it.Card, it.Text, it.Label} {
					for _, w := range strings.Fields(strings.ReplaceAll(s, `\ `, " ")) {
						words[w] = true
					}
				}
			}
			face := faces[e.Frame/2].Side(layout.Side(e.Frame % 2))
			size, n := 0.0, 0
			for _, op := range face.Ops {
				tx, ok := op.(*draw.TextOp)
				if !ok || tx.Y < e.Y || tx.Y > e.Y+e.H {
					continue
				}
				n++
				if size == 0 {
					size = tx.Size
				}
				if tx.Size != size || tx.Size < d.MinSize {
					t.Errorf("%s: %q at %v pt in a diagram whose first label is at %v pt (min %v)", k.path, tx.Text, tx.Size, size, d.MinSize)
				}
				for _, w := range strings.Fields(tx.Text) {
					if !words[w] {
						t.Errorf("%s: diagram line %q holds %q, not a whole word of its items", k.path, tx.Text, w)
					}
				}
			}
			if n == 0 {
				t.Errorf("%s: %s has no labels", k.path, e.What)
			}
		}
	}
}

// TestKitComponents: every kit's rules end with a Components section whose
// counts are those of the kit's own files: the compositions the Audition
// and Galaga decks declare, the teams of the Slugfest team list (five
// character and five ability cards for each of four heroes), the
// Gladiators team files' heroes and the token deck's cards.
func TestKitComponents(t *testing.T) {
	parse := func(path string) *cards.Node {
		src, err := fs.ReadFile(data.FS, path)
		if err != nil {
			t.Fatal(err)
		}
		root, diags := cards.Parse(path, src)
		if root == nil {
			t.Fatal(diags)
		}
		return root
	}
	count := func(path string) map[string]int {
		m := map[string]int{}
		for k, v := range parse(path).Key("composition").Pairs() {
			m[k.Value], _ = strconv.Atoi(v.Value)
		}
		return m
	}
	au, ga := count("kits/audition/audition.yaml"), count("kits/galaga/galaga.yaml")
	list, _ := fs.ReadFile(data.FS, "kits/slugfest/teams.txt")
	teams := 0
	for _, line := range strings.Split(string(list), "\n") {
		if l := strings.TrimSpace(line); l != "" && l == strings.ToUpper(l) {
			teams++
		}
	}
	circus := len(parse("kits/gladiators/iron-circus.yaml").Key("heroes").Content)
	voltage := len(parse("kits/gladiators/voltage-crew.yaml").Key("heroes").Content)
	tokens := len(parse("kits/gladiators/tokens.yaml").Key("cards").Content)
	if circus != voltage {
		t.Fatalf("the Gladiators teams have %d and %d heroes", circus, voltage)
	}
	// the rules cards a set, as the kit's own layout sets them
	set := func(path string) int {
		for _, k := range kitRules {
			if k.path == path {
				faces, _, _, _ := cardsOf(t, kitDoc(t, path), k.card)
				return len(faces)
			}
		}
		t.Fatalf("%s is not a kit's rules", path)
		return 0
	}
	for path, want := range map[string][]string{
		"kits/audition/rules.yaml": {fmt.Sprintf("%d hero cards", au["hero"]), fmt.Sprintf("%d first-player card", au["first-player"]),
			fmt.Sprintf("%d vote sets of 3 cards", au["star"]), fmt.Sprintf("%d rules cards", set("kits/audition/rules.yaml"))},
		"kits/galaga/rules.yaml": {fmt.Sprintf("%d offensive cards and %d defensive cards", ga["offensive"], ga["defensive"]),
			fmt.Sprintf("%d 1UP cards (all %d", ga["one-up"], ga["offensive"]+ga["defensive"]+ga["one-up"]), fmt.Sprintf("%d life cards", ga["life"]),
			fmt.Sprintf("%d rules cards", set("kits/galaga/rules.yaml"))},
		"kits/slugfest/rules.yaml": {fmt.Sprintf("%d team decks of 40 cards", teams), "5 character cards and 5 ability cards",
			fmt.Sprintf("%d rules cards", set("kits/slugfest/rules.yaml"))},
		"kits/gladiators/combat-rules.yaml": {fmt.Sprintf("2 teams of %d heroes", circus), fmt.Sprintf("%d hero tokens", tokens),
			fmt.Sprintf("%d combat cards", set("kits/gladiators/combat-rules.yaml"))},
	} {
		d := kitDoc(t, path)
		text := ""
		for i, b := range d.Blocks {
			if b.Heading == "Components" && i+1 < len(d.Blocks) {
				text = d.Blocks[i+1].Text
			}
		}
		if text == "" {
			t.Errorf("%s: no Components section", path)
		}
		for _, w := range want {
			if !strings.Contains(text, w) {
				t.Errorf("%s: components lack %q:\n%s", path, w, text)
			}
		}
	}
}

// TestFooterSizes: the footer of every face of every kit's cards, and of
// every page of its sheet, is set at 6 pt or more.
func TestFooterSizes(t *testing.T) {
	fonts, icons := typeset.NewFontSet(), typeset.NewIconSet()
	for _, k := range kitRules {
		d := kitDoc(t, k.path)
		faces, _, _, _ := cardsOf(t, d, k.card)
		sheet, _, _ := d.Sheet(layout.Size{W: 210, H: 297}, fonts, icons)
		var all []*draw.Face
		for _, p := range faces {
			all = append(all, p.Front, p.Back)
		}
		for _, p := range sheet {
			all = append(all, p.Front)
		}
		for i, f := range all {
			found := false
			for _, op := range f.Ops {
				if tx, ok := op.(*draw.TextOp); ok && strings.HasPrefix(tx.Text, d.Title+" · rules") {
					found = true
					if tx.Size < 6 {
						t.Errorf("%s: face %d's footer at %v pt", k.path, i+1, tx.Size)
					}
				}
			}
			if !found {
				t.Errorf("%s: face %d has no footer", k.path, i+1)
			}
		}
	}
}

// TestNarrowSheetOneColumn: on A5 (148 mm wide, under 160) a sheet has one
// column: every heading starts at the left margin, 12 mm; on A4 some start
// in the right column, at 12 + (210 − 24 − 8) / 2 + 8 = 109 mm.
func TestNarrowSheetOneColumn(t *testing.T) {
	fonts, icons := typeset.NewFontSet(), typeset.NewIconSet()
	d := kitDoc(t, "kits/galaga/rules.yaml")
	headings := map[string]bool{}
	for _, b := range d.Blocks {
		if b.Heading != "" {
			headings[b.Heading] = true
		}
	}
	for _, c := range []struct {
		page layout.Size
		xs   []float64
	}{{layout.Size{W: 148, H: 210}, []float64{12}}, {layout.Size{W: 210, H: 297}, []float64{12, 109}}} {
		pages, _, diags := d.Sheet(c.page, fonts, icons)
		if pages == nil {
			t.Fatal(diags)
		}
		seen := map[float64]int{}
		for _, p := range pages {
			for _, op := range p.Front.Ops {
				if tx, ok := op.(*draw.TextOp); ok && headings[tx.Text] {
					seen[math.Round(tx.X*1000)/1000]++
				}
			}
		}
		if len(seen) != len(c.xs) {
			t.Errorf("%v: headings start at %v, want %v", c.page, seen, c.xs)
		}
		for _, x := range c.xs {
			if seen[x] == 0 {
				t.Errorf("%v: no heading at x %v (%v)", c.page, x, seen)
			}
		}
	}
}

// TestSheetDiagramsInColumns: on every kit's A4 sheet, every shape below
// the title band (mini-cards, icons) lies within one column: 12 to 101 mm
// or 109 to 198 mm.
func TestSheetDiagramsInColumns(t *testing.T) {
	fonts, icons := typeset.NewFontSet(), typeset.NewIconSet()
	for _, k := range kitRules {
		d := kitDoc(t, k.path)
		pages, _, _ := d.Sheet(layout.Size{W: 210, H: 297}, fonts, icons)
		shapes := 0
		for p, pg := range pages {
			for _, op := range pg.Front.Ops {
				po, ok := op.(*draw.PathOp)
				if !ok {
					continue
				}
				b := po.Path.Bounds()
				if p == 0 && b.Y < 25 {
					continue // the title band
				}
				shapes++
				inLeft := b.X >= 12-1e-6 && b.Right() <= 101+1e-6
				inRight := b.X >= 109-1e-6 && b.Right() <= 198+1e-6
				if !inLeft && !inRight {
					t.Errorf("%s, page %d: a shape at %.1f–%.1f mm crosses a column's side", k.path, p+1, b.X, b.Right())
				}
			}
		}
		if shapes == 0 {
			t.Errorf("%s: no shapes on the sheet", k.path)
		}
	}
}
