package typeset_test

import (
	"github.com/deckpress/deckpress/cards"
	"math"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/deckpress/deckpress/internal/testtool"
	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/templates/draw"
	"github.com/deckpress/deckpress/templates/typeset"
)

// The rules of text layout these tests hold the code to, stated without
// its functions:
//
//   - a line's pitch is size × line height; between paragraphs (and between a
//     paragraph and a list) there is half a line more, between two list items
//     0.15 of a line more; nothing before the first line;
//   - a list item's text starts after the width of its marker and a space;
//   - with fit: shrink, the size is the largest that fits the box, found to
//     0.05 pt and rounded down to a multiple of 0.05 pt, so it lies at most
//     0.1 pt below the exact limit;
//   - justified lines reach both sides of the box, except the last line of a
//     paragraph and a line ending in a forced break, which keep plain spaces;
//   - a wrapped line never passes the box's right side; a word wider than the
//     box is cut between characters, each part as long as fits; a line may
//     break after a hyphen inside a word, never at a no-break space.

const mmPerPt = 25.4 / 72

func goFamily(t *testing.T) *typeset.Family {
	t.Helper()
	fam, _, err := typeset.NewFontSet().Resolve("go")
	if err != nil {
		t.Fatal(err)
	}
	return fam
}

// drawnRun is one text run as drawn: its baseline start, width and text, in mm.
type drawnRun struct {
	x, y, w float64
	text    string
	op      *draw.TextOp
}

func (r drawnRun) right() float64 { return r.x + r.w }

// drawnLines groups the text runs by baseline, top to bottom, each line
// left to right. Trailing spaces do not count in a run's width.
func drawnLines(ops []draw.Op) [][]drawnRun {
	byY := map[float64][]drawnRun{}
	var ys []float64
	for _, op := range ops {
		tx, ok := op.(*draw.TextOp)
		if !ok {
			continue
		}
		em := tx.Size * mmPerPt
		r := drawnRun{x: tx.X, y: tx.Y, w: tx.Font.(*typeset.Font).Width(strings.TrimRight(tx.Text, " ")) * em, text: tx.Text, op: tx}
		if _, seen := byY[tx.Y]; !seen {
			ys = append(ys, tx.Y)
		}
		byY[tx.Y] = append(byY[tx.Y], r)
	}
	sort.Float64s(ys)
	out := make([][]drawnRun, len(ys))
	for i, y := range ys {
		l := byY[y]
		sort.Slice(l, func(a, b int) bool { return l[a].x < l[b].x })
		out[i] = l
	}
	return out
}

// lineText is the text of a drawn line, runs joined by one space where
// they do not touch.
func lineText(l []drawnRun) string {
	var b strings.Builder
	for i, r := range l {
		if i > 0 && !strings.HasSuffix(b.String(), " ") && r.x > l[i-1].right()+1e-6 {
			b.WriteString(" ")
		}
		b.WriteString(r.text)
	}
	return strings.TrimRight(b.String(), " ")
}

func near(a, b, eps float64) bool { return math.Abs(a-b) <= eps }

// listText is three kinds of block: a paragraph with a forced break, a
// bullet list, a numbered list (after a blank line) and a last paragraph.
const listText = "First paragraph\nwith a break.\n- one\n- two\n\n1. three\n\nLast."

// listLines are the lines of listText and the space before each, in lines.
var listLines = []struct {
	text   string
	marker string
	gap    float64
}{
	{"First paragraph", "", 0},
	{"with a break.", "", 0},
	{"one", "•", 0.5},
	{"two", "•", 0.15},
	{"three", "1.", 0.15},
	{"Last.", "", 0.5},
}

// TestParagraphAndListGaps checks each baseline's distance from the one
// above against the pitch and the gaps, and where list text starts.
func TestParagraphAndListGaps(t *testing.T) {
	fam := goFamily(t)
	box := layout.Rect{X: 5, Y: 7, W: 100, H: 100}
	st := typeset.TextStyle{Family: fam, Size: 10, LineHeight: 1.5, Wrap: true, Colour: draw.Black}
	ops, res := typeset.LayoutText(nil, listText, box, st, nil)
	if res.Overflow || len(res.Problems) > 0 {
		t.Fatalf("overflow %v, problems %v", res.Overflow, res.Problems)
	}
	lines := drawnLines(ops)
	if len(lines) != len(listLines) {
		t.Fatalf("%d lines drawn, want %d", len(lines), len(listLines))
	}
	em := 10 * mmPerPt
	pitch := 1.5 * em
	regular := fam.Face(typeset.Regular)
	for i, want := range listLines {
		l := lines[i]
		text := l
		if want.marker != "" {
			if l[0].text != want.marker || !near(l[0].x, box.X, 1e-9) {
				t.Errorf("line %d: marker %q at %.3f, want %q at the box's left side", i+1, l[0].text, l[0].x, want.marker)
			}
			text = l[1:]
			indent := regular.Width(want.marker+" ") * em
			if !near(text[0].x, box.X+indent, 1e-9) {
				t.Errorf("line %d: text starts at %.4f, want %.4f (after %q)", i+1, text[0].x, box.X+indent, want.marker+" ")
			}
		} else if !near(l[0].x, box.X, 1e-9) {
			t.Errorf("line %d starts at %.4f, want the box's left side", i+1, l[0].x)
		}
		if got := lineText(text); got != want.text {
			t.Errorf("line %d: %q, want %q", i+1, got, want.text)
		}
		if i == 0 {
			continue
		}
		if d, w := l[0].y-lines[i-1][0].y, (1+want.gap)*pitch; !near(d, w, 1e-9) {
			t.Errorf("line %d: %.4f mm below the line above, want %.4f (%.2f lines)", i+1, d, w, 1+want.gap)
		}
	}
}

// TestShrinkCountsGaps: listText is 6 lines and 1.3 lines of gaps, so at
// size s it is 7.3 × 1.2 × s pt tall. In a box of that height for a size
// s*, shrink must choose a size within 0.1 pt below s*, and draw all of it.
func TestShrinkCountsGaps(t *testing.T) {
	fam := goFamily(t)
	const lines = 7.3
	for _, exact := range []float64{5.3, 9.5, 13.37} {
		box := layout.Rect{X: 2, Y: 3, W: 120, H: lines * 1.2 * exact * mmPerPt}
		st := typeset.TextStyle{Family: fam, Size: 24, MinSize: 4, LineHeight: 1.2, Wrap: true, Shrink: true, Colour: draw.Black}
		ops, res := typeset.LayoutText(nil, listText, box, st, nil)
		if res.Overflow {
			t.Errorf("box for %v pt: overflow at %v pt", exact, res.Size)
		}
		if res.Size > exact+1e-9 || res.Size < exact-0.1-1e-9 {
			t.Errorf("box for %v pt: chose %v pt, want the largest that fits, within 0.1 pt below %v", exact, res.Size, exact)
		}
		if n := len(drawnLines(ops)); n != len(listLines) {
			t.Errorf("box for %v pt: %d lines drawn, want %d", exact, n, len(listLines))
		}
		textInside(t, &draw.Face{Ops: ops}, box)
	}
}

// wordsDrawn is the number of words the drawn text shows, markers left out:
// a word cut across lines counts twice.
func wordsDrawn(ops []draw.Op) int {
	n := 0
	for _, l := range drawnLines(ops) {
		for _, w := range strings.Fields(lineText(l)) {
			if w != "•" && !strings.HasSuffix(w, ".") || len(w) > 3 {
				n++
			}
		}
	}
	return n
}

// TestShrinkLargestThatFits sets multi-paragraph text with lists in boxes
// of many shapes: at the chosen size every word is drawn whole inside the
// box; 0.1 pt larger, the same text does not fit (a word is cut, or lines
// fall off the bottom).
func TestShrinkLargestThatFits(t *testing.T) {
	fam := goFamily(t)
	text := "Household pets are rebelling against their masters.\n\n- only a hero who can talk to animals\n- robots and small children\n\nThey broker a peace that lasts until dinner.\nThen tea."
	words := len(strings.Fields(text)) - 2 // the two bullets
	for _, box := range []layout.Rect{{W: 50, H: 20}, {W: 30, H: 40}, {W: 55, H: 25}, {W: 20, H: 60}, {W: 63, H: 12}} {
		st := typeset.TextStyle{Family: fam, Size: 30, MinSize: 4, LineHeight: 1.2, Wrap: true, Shrink: true, Colour: draw.Black}
		ops, res := typeset.LayoutText(nil, text, box, st, nil)
		if res.Overflow || res.Size >= 30 {
			t.Errorf("%+v: overflow %v at %v pt", box, res.Overflow, res.Size)
			continue
		}
		if n := wordsDrawn(ops); n != words {
			t.Errorf("%+v at %v pt: %d words drawn, want %d", box, res.Size, n, words)
		}
		textInside(t, &draw.Face{Ops: ops}, box)
		bigger := st
		bigger.Size, bigger.Shrink = res.Size+0.1, false
		ops, r2 := typeset.LayoutText(nil, text, box, bigger, nil)
		if !r2.Overflow && wordsDrawn(ops) == words {
			t.Errorf("%+v: chose %v pt, but %v pt fits too", box, res.Size, bigger.Size)
		}
	}
}

// TestShrinkFloor: text that fits nowhere is set at the minimum size (4 pt
// when none is given) and cut at the bottom of the box.
func TestShrinkFloor(t *testing.T) {
	fam := goFamily(t)
	text := strings.Repeat("many words that never fit ", 40)
	box := layout.Rect{X: 1, Y: 1, W: 30, H: 8}
	for _, c := range []struct{ size, min, want float64 }{{12, 6, 6}, {12, 0, 4}, {3, 0, 3}, {12, 20, 4}, {12, 12, 12}} {
		st := typeset.TextStyle{Family: fam, Size: c.size, MinSize: c.min, Wrap: true, Shrink: true, Colour: draw.Black}
		ops, res := typeset.LayoutText(nil, text, box, st, nil)
		if res.Size != c.want || !res.Overflow {
			t.Errorf("size %v, min-size %v: set at %v pt (overflow %v), want %v pt and overflow", c.size, c.min, res.Size, res.Overflow, c.want)
		}
		textInside(t, &draw.Face{Ops: ops}, box)
		// the cut keeps every line that fits: one more would pass the bottom
		lines := drawnLines(ops)
		pitch := 1.2 * c.want * mmPerPt
		if got := len(lines); got != int(box.H/pitch+1e-9) {
			t.Errorf("size %v, min-size %v: %d lines kept, want %d", c.size, c.min, got, int(box.H/pitch))
		}
	}
}

// TestShrinkNotNeeded: text that fits at its size keeps it.
func TestShrinkNotNeeded(t *testing.T) {
	st := typeset.TextStyle{Family: goFamily(t), Size: 9, MinSize: 4, Wrap: true, Shrink: true, Colour: draw.Black}
	_, res := typeset.LayoutText(nil, listText, layout.Rect{W: 60, H: 7.3 * 1.2 * 9 * mmPerPt}, st, nil)
	if res.Size != 9 || res.Overflow {
		t.Errorf("set at %v pt (overflow %v), want 9 pt", res.Size, res.Overflow)
	}
}

// TestShrinkWidthOnly: without wrapping, shrink makes the longest line fit
// the width: the size is within 0.1 pt below width ÷ the line's width in ems.
func TestShrinkWidthOnly(t *testing.T) {
	fam := goFamily(t)
	text := "short\na long line, but not the longest\n- the bullet line, the longest of all"
	regular := fam.Face(typeset.Regular)
	ems := regular.Width("• the bullet line, the longest of all") // its marker counts
	if ems <= regular.Width("a long line, but not the longest") {
		t.Fatal("the bullet line must be the longest")
	}
	box := layout.Rect{X: 0, Y: 0, W: 40, H: 50}
	exact := box.W / (ems * mmPerPt)
	st := typeset.TextStyle{Family: fam, Size: 30, MinSize: 4, Shrink: true, Colour: draw.Black}
	ops, res := typeset.LayoutText(nil, text, box, st, nil)
	if res.Overflow || res.Size > exact || res.Size < exact-0.1 {
		t.Errorf("chose %v pt (overflow %v), want within 0.1 pt below %.3f", res.Size, res.Overflow, exact)
	}
	if n := len(drawnLines(ops)); n != 3 {
		t.Errorf("%d lines, want 3 (no wrapping)", n)
	}
	textInside(t, &draw.Face{Ops: ops}, box)
}

// sourceLines splits text at its newlines into lists of words.
func sourceLines(text string) [][]string {
	var out [][]string
	for _, l := range strings.Split(text, "\n") {
		if w := strings.Fields(l); len(w) > 0 {
			out = append(out, w)
		}
	}
	return out
}

// TestJustify: every justified line but a paragraph's last and those ending
// in a forced break spans the box exactly, its spaces stretched equally;
// those lines keep the font's own space.
func TestJustify(t *testing.T) {
	fam := goFamily(t)
	regular := fam.Face(typeset.Regular)
	text := lorem + " Then we all have tea.\nA forced break ends this line.\nAnd a last line of three words.\n\nNext paragraph ends here."
	box := layout.Rect{X: 4, Y: 10, W: 40, H: 60}
	st := typeset.TextStyle{Family: fam, Size: 8, Align: typeset.AlignJustify, Wrap: true, Colour: draw.Black}
	ops, res := typeset.LayoutText(nil, text, box, st, nil)
	if res.Overflow {
		t.Fatal("overflow")
	}
	em := 8 * mmPerPt
	src := sourceLines(text)
	si, wi := 0, 0 // the source line and word reached
	natural, stretched := 0, 0
	for n, l := range drawnLines(ops) {
		words := strings.Fields(lineText(l))
		for _, w := range words {
			if si >= len(src) || src[si][wi] != w {
				t.Fatalf("line %d: word %q out of order", n+1, w)
			}
			wi++
			if wi == len(src[si]) {
				si, wi = si+1, 0
			}
		}
		endsSource := wi == 0
		left, right := l[0].x, l[len(l)-1].right()
		switch {
		case endsSource:
			natural++
			if want := regular.Width(strings.Join(words, " ")) * em; !near(left, box.X, 1e-6) || !near(right-left, want, 1e-6) {
				t.Errorf("line %d %q (ends its paragraph or a forced break): %.3f wide from %.3f, want %.3f from the left side", n+1, words, right-left, left, want)
			}
		case len(words) > 1:
			stretched++
			if !near(left, box.X, 1e-6) || !near(right, box.Right(), 1e-6) {
				t.Errorf("line %d %q: spans %.3f–%.3f, want the box's %.3f–%.3f", n+1, words, left, right, box.X, box.Right())
			}
			gap := l[1].x - l[0].right()
			for k := 1; k < len(l); k++ {
				if g := l[k].x - l[k-1].right(); !near(g, gap, 1e-6) || g < regular.Width(" ")*em-1e-6 {
					t.Errorf("line %d: space %d is %.4f, the first %.4f; want equal and at least a space", n+1, k, g, gap)
				}
			}
		}
	}
	if si != len(src) {
		t.Errorf("text stopped at source line %d of %d", si+1, len(src))
	}
	if natural != 4 || stretched < 5 {
		t.Errorf("%d natural and %d stretched lines; want 4 natural (3 paragraph ends, 1 break) and at least 5 stretched", natural, stretched)
	}
}

// TestAlignments: left starts at the box's left side, right ends at its
// right side, centre leaves equal room either side; list lines included.
func TestAlignments(t *testing.T) {
	fam := goFamily(t)
	box := layout.Rect{X: 3, Y: 4, W: 50, H: 40}
	text := "one two\nthree\n- four"
	regular := fam.Face(typeset.Regular)
	em := 9 * mmPerPt
	widths := []float64{regular.Width("one two"), regular.Width("three"), regular.Width("• four")}
	for _, c := range []struct {
		align typeset.Align
		left  func(w float64) float64
	}{
		{typeset.AlignLeft, func(float64) float64 { return box.X }},
		{typeset.AlignRight, func(w float64) float64 { return box.Right() - w }},
		{typeset.AlignCenter, func(w float64) float64 { return box.X + (box.W-w)/2 }},
		{typeset.AlignJustify, func(float64) float64 { return box.X }},
	} {
		st := typeset.TextStyle{Family: fam, Size: 9, Align: c.align, Wrap: true, Colour: draw.Black}
		ops, _ := typeset.LayoutText(nil, text, box, st, nil)
		lines := drawnLines(ops)
		if len(lines) != 3 {
			t.Fatalf("align %d: %d lines", c.align, len(lines))
		}
		for i, l := range lines {
			w := widths[i] * em
			if want := c.left(w); !near(l[0].x, want, 1e-6) || !near(l[len(l)-1].right(), want+w, 1e-6) {
				t.Errorf("align %d, line %d: %.3f–%.3f, want %.3f–%.3f", c.align, i+1, l[0].x, l[len(l)-1].right(), want, want+w)
			}
		}
	}
}

// TestVerticalAlign: the block of lines sits at the top, in the middle, or
// at the bottom of the box; the first baseline is where the line box puts
// it, below the top by the room left around the glyphs.
func TestVerticalAlign(t *testing.T) {
	fam := goFamily(t)
	regular := fam.Face(typeset.Regular)
	box := layout.Rect{X: 0, Y: 10, W: 50, H: 30}
	em := 10 * mmPerPt
	pitch := 1.2 * em
	asc, desc := regular.Ascent*em, regular.Descent*em
	baseline := (pitch-(asc+desc))/2 + asc // centred glyph box
	block := 3*pitch + 0.5*pitch           // two paragraphs, three lines
	for _, c := range []struct {
		v   typeset.VAlign
		top float64
	}{
		{typeset.VAlignTop, box.Y},
		{typeset.VAlignMiddle, box.Y + (box.H-block)/2},
		{typeset.VAlignBottom, box.Bottom() - block},
	} {
		st := typeset.TextStyle{Family: fam, Size: 10, VAlign: c.v, Wrap: true, Colour: draw.Black}
		ops, _ := typeset.LayoutText(nil, "a\nb\n\nc", box, st, nil)
		lines := drawnLines(ops)
		if len(lines) != 3 {
			t.Fatalf("valign %d: %d lines", c.v, len(lines))
		}
		for i, want := range []float64{c.top + baseline, c.top + pitch + baseline, c.top + 2.5*pitch + baseline} {
			if !near(lines[i][0].y, want, 1e-6) {
				t.Errorf("valign %d, line %d: baseline %.4f, want %.4f", c.v, i+1, lines[i][0].y, want)
			}
		}
	}
	// a block taller than its box starts at the top whatever the alignment
	st := typeset.TextStyle{Family: fam, Size: 10, VAlign: typeset.VAlignBottom, Wrap: true, Colour: draw.Black}
	ops, res := typeset.LayoutText(nil, strings.Repeat("line\n", 12), box, st, nil)
	if lines := drawnLines(ops); !res.Overflow || len(lines) == 0 || !near(lines[0][0].y, box.Y+baseline, 1e-6) {
		t.Errorf("too tall, bottom-aligned: overflow %v, first baseline %v, want %v", res.Overflow, lines[0][0].y, box.Y+baseline)
	}
}

// TestTightLineHeight: with a pitch smaller than the glyphs, the ascender
// starts at the line's top: the baseline is one ascent below it.
func TestTightLineHeight(t *testing.T) {
	fam := goFamily(t)
	regular := fam.Face(typeset.Regular)
	box := layout.Rect{X: 0, Y: 10, W: 50, H: 30}
	em := 10 * mmPerPt
	for _, lh := range []float64{0.6, 0.9, 1.0} {
		st := typeset.TextStyle{Family: fam, Size: 10, LineHeight: lh, Wrap: true, Colour: draw.Black}
		ops, _ := typeset.LayoutText(nil, "tight\nlines", box, st, nil)
		lines := drawnLines(ops)
		if got, want := lines[0][0].y-box.Y, regular.Ascent*em; !near(got, want, 1e-6) {
			t.Errorf("line height %v: baseline %.4f below the top, want the ascent %.4f", lh, got, want)
		}
		if got, want := lines[1][0].y-lines[0][0].y, lh*em; !near(got, want, 1e-6) {
			t.Errorf("line height %v: pitch %.4f, want %.4f", lh, got, want)
		}
	}
}

// TestWrapNeverWider sets a text with short and long words in many widths
// and sizes: no line passes the right side, every word narrower than the
// box is drawn whole, and the lines are as full as they can be (the next
// line's first word would not have fitted).
func TestWrapNeverWider(t *testing.T) {
	fam := goFamily(t)
	regular := fam.Face(typeset.Regular)
	text := lorem + " Supercalifragilisticexpialidocious"
	for _, size := range []float64{6, 8.5, 11, 14} {
		em := size * mmPerPt
		for w := 15.0; w <= 70; w += 5 {
			box := layout.Rect{X: 2, Y: 2, W: w, H: 300}
			st := typeset.TextStyle{Family: fam, Size: size, Wrap: true, Colour: draw.Black}
			ops, res := typeset.LayoutText(nil, text, box, st, nil)
			if res.Overflow {
				t.Fatalf("size %v width %v: overflow", size, w)
			}
			lines := drawnLines(ops)
			var got []string
			for i, l := range lines {
				if r := l[len(l)-1].right(); r > box.Right()+1e-6 {
					t.Errorf("size %v width %v: line %d ends at %.3f, past %.3f", size, w, i+1, r, box.Right())
				}
				words := strings.Fields(lineText(l))
				got = append(got, words...)
				if i+1 < len(lines) {
					next := strings.Fields(lineText(lines[i+1]))[0]
					full := strings.Join(append(words, next), " ")
					if regular.Width(full)*em <= w && regular.Width(next)*em <= w {
						t.Errorf("size %v width %v: line %d %q leaves room for %q", size, w, i+1, words, next)
					}
				}
			}
			joined := strings.Join(got, " ")
			for _, word := range strings.Fields(text) {
				if regular.Width(word)*em <= w && !strings.Contains(" "+joined+" ", " "+word+" ") {
					t.Errorf("size %v width %v: %q is not drawn whole", size, w, word)
				}
			}
		}
	}
}

// TestLongWordCut: a word wider than the box is cut between characters,
// each part the longest that fits, and nothing of it is lost.
func TestLongWordCut(t *testing.T) {
	fam := goFamily(t)
	regular := fam.Face(typeset.Regular)
	word := "Pneumonoultramicroscopicsilicovolcanoconiosis"
	box := layout.Rect{X: 1, Y: 1, W: 25, H: 80}
	em := 12 * mmPerPt
	st := typeset.TextStyle{Family: fam, Size: 12, Wrap: true, Colour: draw.Black}
	ops, res := typeset.LayoutText(nil, "a "+word+" b", box, st, nil)
	if res.Overflow {
		t.Fatal("overflow")
	}
	var parts []string
	for _, l := range drawnLines(ops) {
		parts = append(parts, lineText(l))
	}
	// the word starts a line of its own; what follows it goes on after
	// its last part
	last := len(parts) - 1
	if parts[0] != "a" || !strings.HasSuffix(parts[last], " b") {
		t.Fatalf("lines %q: want \"a\", the word in parts, \" b\" after its end", parts)
	}
	parts[last] = strings.TrimSuffix(parts[last], " b")
	cut := parts[1:]
	if strings.Join(cut, "") != word {
		t.Fatalf("parts %q do not make %q", cut, word)
	}
	rest := word
	for i, p := range cut {
		rest = rest[len(p):]
		if regular.Width(p)*em > box.W+1e-9 {
			t.Errorf("part %d %q is wider than the box", i+1, p)
		}
		if rest != "" && regular.Width(p+rest[:1])*em <= box.W {
			t.Errorf("part %d %q could have taken %q too", i+1, p, rest[:1])
		}
	}
}

// TestBreakPoints: a line breaks at spaces and after a hyphen or a slash
// inside a word, never at a no-break space; a forced break always breaks.
func TestBreakPoints(t *testing.T) {
	fam := goFamily(t)
	regular := fam.Face(typeset.Regular)
	em := 10 * mmPerPt
	for _, c := range []struct {
		text, fits string // fits: the first line; the box is as wide as it
		want       []string
	}{
		{"take well-known", "take well-", []string{"take well-", "known"}},
		{"take well–known", "take well–", []string{"take well–", "known"}},
		{"take left/right", "take left/", []string{"take left/", "right"}},
		{"take 10\u00a0pt", "take 10", []string{"take", "10\u00a0pt"}},
		{"take -5", "take -", []string{"take", "-5"}}, // a leading minus is not a hyphen
		{"one\ntwo three", "one two three", []string{"one", "two three"}},
		{"mmmmm\ni i", "mmmmm", []string{"mmmmm", "i i"}},
		// a backslash before a space makes it a no-break space
		{"take 10\\ pt", "take 10", []string{"take", "10\u00a0pt"}},
		// [[…]] keeps its words and hyphens on one line; the brackets go
		{"lose [[(to-hit − 10 − roll)]] oomph", "(to-hit − 10 − roll)", []string{"lose", "(to-hit − 10 − roll)", "oomph"}},
		{"a [[b c]]d e", "b cd", []string{"a", "b cd", "e"}},
		// unclosed, or closed without opening: literal
		{"a [[b c", "a [[b", []string{"a [[b", "c"}},
		{"a ]] b", "a ]]", []string{"a ]]", "b"}},
	} {
		box := layout.Rect{W: regular.Width(c.fits)*em + 0.01, H: 50}
		st := typeset.TextStyle{Family: fam, Size: 10, Wrap: true, Colour: draw.Black}
		ops, _ := typeset.LayoutText(nil, c.text, box, st, nil)
		var got []string
		for _, l := range drawnLines(ops) {
			got = append(got, lineText(l))
		}
		if strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("%q in %.2f mm: lines %q, want %q", c.text, box.W, got, c.want)
		}
	}
}

// TestNoWrap: without wrapping each source line is one drawn line however
// long; what passes the right side is cut, and the cut is reported.
func TestNoWrap(t *testing.T) {
	fam := goFamily(t)
	regular := fam.Face(typeset.Regular)
	em := 12 * mmPerPt
	box := layout.Rect{X: 4, Y: 10, W: 40, H: 30}
	st := typeset.TextStyle{Family: fam, Size: 12, Colour: draw.Black}
	ops, res := typeset.LayoutText(nil, "This line is far too long to fit\nshort", box, st, nil)
	lines := drawnLines(ops)
	if !res.Overflow || len(lines) != 2 {
		t.Fatalf("overflow %v, %d lines; want a cut and 2 lines", res.Overflow, len(lines))
	}
	first := lineText(lines[0])
	if !strings.HasPrefix("This line is far too long to fit", first) || regular.Width(first)*em > box.W+1e-6 {
		t.Errorf("first line %q: want the start of the line, cut inside the box", first)
	}
	next := "This line is far too long to fit"[len(first)]
	if regular.Width(first+string(next))*em <= box.W {
		t.Errorf("first line %q cut too early: %q still fits", first, next)
	}
	if lineText(lines[1]) != "short" {
		t.Errorf("second line %q", lineText(lines[1]))
	}
	// a line that fits is drawn whole, and nothing is reported
	ops, res = typeset.LayoutText(nil, "fits", box, st, nil)
	if res.Overflow || lineText(drawnLines(ops)[0]) != "fits" {
		t.Errorf("a short line: overflow %v", res.Overflow)
	}
	// too wide to align: right or centred, it starts at the left side
	for _, a := range []typeset.Align{typeset.AlignRight, typeset.AlignCenter} {
		st.Align = a
		ops, _ = typeset.LayoutText(nil, "This line is far too long to fit", box, st, nil)
		if l := drawnLines(ops)[0]; !near(l[0].x, box.X, 1e-9) || lineText(l) != first {
			t.Errorf("align %d: too wide a line at %.3f: %q", a, l[0].x, lineText(l))
		}
	}
	// an icon that passes the right side is left out whole
	st.Align = typeset.AlignLeft
	icons := typeset.NewIconSet()
	ops, res = typeset.LayoutText(nil, "mmmmmmmmmmm:star:", layout.Rect{W: regular.Width("mmmmmmmmmmm")*em + 0.5*em, H: 20}, st, icons)
	paths := 0
	for _, op := range ops {
		if _, ok := op.(*draw.PathOp); ok {
			paths++
		}
	}
	if paths != 0 || !res.Overflow || lineText(drawnLines(ops)[0]) != "mmmmmmmmmmm" {
		t.Errorf("an icon past the side: %d shapes drawn, overflow %v", paths, res.Overflow)
	}
}

// TestInlineIcons: an icon takes one em; it is drawn 0.82 em square,
// centred in that room, its bottom on the baseline, in the text's colour;
// an unknown icon is left out and reported with a suggestion.
func TestInlineIcons(t *testing.T) {
	fam := goFamily(t)
	regular := fam.Face(typeset.Regular)
	icons := typeset.NewIconSet()
	square := layout.RectPath(layout.Rect{W: 100, H: 100})
	icons.Add(&typeset.Icon{Name: "sq", Fill: square})
	red := draw.Colour{R: 200, A: 255}
	em := 10 * mmPerPt
	box := layout.Rect{X: 3, Y: 5, W: 60, H: 20}
	st := typeset.TextStyle{Family: fam, Size: 10, Wrap: true, Colour: red}
	ops, res := typeset.LayoutText(nil, "pay :sq: now", box, st, icons)
	if len(res.Problems) > 0 {
		t.Fatal(res.Problems)
	}
	var icon *draw.PathOp
	for _, op := range ops {
		if p, ok := op.(*draw.PathOp); ok {
			icon = p
		}
	}
	lines := drawnLines(ops)
	if icon == nil || len(lines) != 1 || len(lines[0]) != 2 {
		t.Fatalf("want one icon between two runs, got %d lines", len(lines))
	}
	start := box.X + regular.Width("pay ")*em
	side := 0.82 * em
	want := layout.Rect{X: start + (em-side)/2, Y: lines[0][0].y - side, W: side, H: side}
	if b := icon.Path.Bounds(); !near(b.X, want.X, 1e-6) || !near(b.Y, want.Y, 1e-6) || !near(b.W, want.W, 1e-6) || !near(b.H, want.H, 1e-6) {
		t.Errorf("icon at %+v, want %+v", b, want)
	}
	if icon.Fill != red {
		t.Errorf("icon colour %v, want %v", icon.Fill, red)
	}
	if after := lines[0][1]; !near(after.x, start+em+regular.Width(" ")*em, 1e-6) || after.text != "now" {
		t.Errorf("after the icon: %q at %.4f, want \"now\" one em and a space after it starts", after.text, after.x)
	}
	_, res = typeset.LayoutText(nil, "a :hart: b", box, st, icons)
	if len(res.Problems) != 1 || !res.Problems[0].Error() || res.Problems[0].Text(icons, typeset.NameHints{Suggest: cards.Suggest, List: cards.ListChoices}) != "unknown icon :hart:; did you mean :heart:?" {
		t.Errorf("problems %+v", res.Problems)
	}
}

// TestEmphasisFonts: bold, italic and both take their faces, and the base
// style adds to the markup.
func TestEmphasisFonts(t *testing.T) {
	fam := goFamily(t)
	box := layout.Rect{W: 100, H: 20}
	for _, c := range []struct {
		base typeset.Style
		want []string // the font of "a", "b", "c", "d"
	}{
		{typeset.Regular, []string{"go-regular", "go-bold", "go-italic", "go-bold-italic"}},
		{typeset.Bold, []string{"go-bold", "go-bold", "go-bold-italic", "go-bold-italic"}},
		{typeset.Italic, []string{"go-italic", "go-bold-italic", "go-italic", "go-bold-italic"}},
		{typeset.BoldItalic, []string{"go-bold-italic", "go-bold-italic", "go-bold-italic", "go-bold-italic"}},
	} {
		st := typeset.TextStyle{Family: fam, Style: c.base, Size: 10, Colour: draw.Black}
		ops, _ := typeset.LayoutText(nil, "a **b** *c* ***d***", box, st, nil)
		var got []string
		for _, r := range drawnLines(ops)[0] {
			for range strings.Fields(r.text) {
				got = append(got, r.op.Font.ID())
			}
		}
		if strings.Join(got, " ") != strings.Join(c.want, " ") {
			t.Errorf("base %v: fonts %q, want %q", c.base, got, c.want)
		}
	}
}

// TestPlainText: with plain set, stars, colons and list marks are text.
func TestPlainText(t *testing.T) {
	st := typeset.TextStyle{Family: goFamily(t), Size: 10, Plain: true, Wrap: true, Colour: draw.Black}
	ops, res := typeset.LayoutText(nil, "- **not** :star: bold\n1. no list", layout.Rect{W: 100, H: 20}, st, typeset.NewIconSet())
	var got []string
	for _, l := range drawnLines(ops) {
		got = append(got, lineText(l))
	}
	if strings.Join(got, "|") != "- **not** :star: bold|1. no list" || len(res.Problems) > 0 {
		t.Errorf("lines %q, problems %+v", got, res.Problems)
	}
}

// testFamily is a family of one tiny font that has only 0 1 2 A B a ÿ Ā ā
// and 中 (no space), from golang.org/x/image's test data.
func testFamily(t *testing.T) *typeset.Family {
	t.Helper()
	data, err := os.ReadFile("testdata/fonts/cmapTest.ttf")
	if err != nil {
		t.Fatal(err)
	}
	f, err := typeset.ParseFont("cmap-test", data)
	if err != nil {
		t.Fatal(err)
	}
	return &typeset.Family{Name: "test", Faces: [4]*typeset.Font{f}}
}

// TestFallbackGlyphs: a character the font lacks comes from the Go font of
// the same style and is reported as substituted; one no font has is left
// out and reported as missing; each is reported once. A font without a
// space takes the Go font's.
func TestFallbackGlyphs(t *testing.T) {
	fam := testFamily(t)
	goRegular, goBold := goFamily(t).Face(typeset.Regular), goFamily(t).Face(typeset.Bold)
	em := 10 * mmPerPt
	st := typeset.TextStyle{Family: fam, Size: 10, Wrap: true, Colour: draw.Black}
	box := layout.Rect{X: 1, W: 100, H: 20}
	ops, res := typeset.LayoutText(nil, "AxBx 中\u4e00a\u4e00 **B** **xy**", box, st, nil)
	if string(res.Substitute) != "xy" || string(res.Missing) != "\u4e00" {
		t.Errorf("substituted %q, missing %q; want %q and %q", string(res.Substitute), string(res.Missing), "xy", "\u4e00")
	}
	test := fam.Face(typeset.Regular)
	type run struct {
		font, text string
		x          float64
	}
	x := box.X
	space := goRegular.Width(" ") * em
	adv := func(f *typeset.Font, s string) float64 { w := f.Width(s) * em; x += w; return x - w }
	want := []run{
		{"cmap-test", "A", adv(test, "A")},
		{"go-regular", "x", adv(goRegular, "x")},
		{"cmap-test", "B", adv(test, "B")},
		{"go-regular", "x", adv(goRegular, "x")},
	}
	x += space
	want = append(want, run{"cmap-test", "中a", adv(test, "中a")})
	x += space
	want = append(want, run{"cmap-test", "B", adv(test, "B")}) // the family's bold is its regular
	x += space
	want = append(want, run{"go-bold", "xy", adv(goBold, "xy")})
	var got []run
	for _, op := range ops {
		if tx, ok := op.(*draw.TextOp); ok {
			got = append(got, run{tx.Font.ID(), strings.TrimRight(tx.Text, " "), tx.X})
		}
	}
	if len(got) != len(want) {
		t.Fatalf("runs %+v\nwant %+v", got, want)
	}
	for i := range want {
		if got[i].font != want[i].font || got[i].text != want[i].text || !near(got[i].x, want[i].x, 1e-6) {
			t.Errorf("run %d: %+v, want %+v", i+1, got[i], want[i])
		}
	}
	// a list marker the font lacks is drawn in the Go font, and the item's
	// text starts after it
	ops, _ = typeset.LayoutText(nil, "- AB\n1. AB", box, st, nil)
	lines := drawnLines(ops)
	for i, marker := range []string{"•", "1."} {
		l := lines[i]
		if len(l) != 2 || l[0].text != marker || l[0].op.Font != goRegular || !near(l[1].x, box.X+goRegular.Width(marker+" ")*em, 1e-6) {
			t.Errorf("item %d: %+v; want %q in go-regular, then the text after it and a space", i+1, l, marker)
		}
	}
}

// TestNotPrintable: characters beyond the Basic Multilingual Plane and the
// replacement character (what is left of invalid UTF-8) are left out and
// reported, control characters dropped silently.
func TestNotPrintable(t *testing.T) {
	st := typeset.TextStyle{Family: goFamily(t), Size: 10, Wrap: true, Colour: draw.Black}
	ops, res := typeset.LayoutText(nil, "a\U0001F600b\x07c\uFFFD", layout.Rect{W: 100, H: 20}, st, nil)
	if string(res.Missing) != "\U0001F600\uFFFD" || len(res.Substitute) != 0 {
		t.Errorf("missing %q, substituted %q", string(res.Missing), string(res.Substitute))
	}
	if got := lineText(drawnLines(ops)[0]); got != "abc" {
		t.Errorf("drawn %q", got)
	}
}

// TestSpaces: runs of spaces and tabs set as one space; spaces at a line's
// start take no room.
func TestSpaces(t *testing.T) {
	fam := goFamily(t)
	regular := fam.Face(typeset.Regular)
	em := 10 * mmPerPt
	box := layout.Rect{X: 2, W: 100, H: 30}
	st := typeset.TextStyle{Family: fam, Size: 10, Wrap: true, Colour: draw.Black}
	for _, text := range []string{"a b", "a  b", "a\tb", "a \t b", "   a b", "\ta b"} {
		ops, _ := typeset.LayoutText(nil, text, box, st, nil)
		l := drawnLines(ops)[0]
		if lineText(l) != "a b" || !near(l[0].x, box.X, 1e-9) || !near(l[len(l)-1].right()-l[0].x, regular.Width("a b")*em, 1e-9) {
			t.Errorf("%q: %q from %.3f, %.3f wide; want \"a b\" at the left side", text, lineText(l), l[0].x, l[len(l)-1].right()-l[0].x)
		}
	}
}

const lorem = "Household pets are rebelling against their masters, and only a hero who can talk to animals, robots and small children can broker a peace that lasts until dinner."

// TestLinearCost: setting a text takes time linear in its length, for
// the inputs that once took quadratic time — a word without spaces, many
// unclosed stars, many characters no font has, a long unwrapped line.
func TestLinearCost(t *testing.T) {
	fam := goFamily(t)
	box := layout.Rect{W: 55, H: 80}
	for _, c := range []struct {
		name string
		unit string // repeated n times
		wrap bool
	}{
		{"long word", "a", true},
		{"long word unwrapped", "a", false},
		{"unclosed stars", "*a ", true},
		{"unclosed bold", "**a ", true},
		{"closers far away", "*a", true},
		{"missing glyphs", "\u0378", true},
		{"words unwrapped", "ab ", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			st := typeset.TextStyle{Family: fam, Size: 9, Wrap: c.wrap}
			testtool.Linear(t, 20_000, func(n int) {
				typeset.LayoutText(nil, strings.Repeat(c.unit, n), box, st, nil)
			})
		})
	}
}
