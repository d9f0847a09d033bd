package typeset_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/internal/golden"
	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/templates/draw"
	"github.com/deckpress/deckpress/templates/typeset"
)

// The rules of a flow, stated without its functions (p is the body pitch,
// size × line height):
//
//   - a heading is set bold at 1.15 × the size, in the accent colour, one
//     heading pitch tall, with 0.55 p before it; a text block has 0.3 p
//     before its first line, each line is p tall, paragraphs and list items
//     keep their gaps (0.5 p, 0.15 p); an example row is 4.4 p tall with
//     0.45 p before it;
//   - the space before a unit is dropped at the top of a frame;
//   - units go into frames in order; a list item, a paragraph of up to
//     four lines, and a paragraph with the example after it go whole to
//     the next frame when they do not fit below the last; a longer one (or
//     one taller than a frame) splits between lines, and the frame then
//     ends with "continued →" (0.9 p tall);
//   - a heading goes with what follows it (with the next heading and what
//     follows that, when a section is empty): a whole short paragraph or
//     item, or two lines of a long paragraph and the mark, so no frame
//     ends with a heading;
//   - everything fits when no unit is left over and none is taller than
//     its frame.

var (
	flowAccent = draw.Colour{R: 200, G: 20, B: 20, A: 255}
	flowFrame  = layout.Rect{X: 3, Y: 10, W: 50, H: 200}
)

func flowStyle(t *testing.T) typeset.FlowStyle {
	return typeset.FlowStyle{Family: goFamily(t), Size: 10, Colour: draw.Black, Accent: flowAccent, LineHeight: 1.2}
}

// baselineIn is where a line box of pitch lh × size puts the baseline,
// below the box's top, for the Go font at size.
func baselineIn(t *testing.T, style typeset.Style, size, lh float64) float64 {
	f := goFamily(t).Face(style)
	em := size * mmPerPt
	return (lh*em-(f.Ascent+f.Descent)*em)/2 + f.Ascent*em
}

func frames(n int, r layout.Rect) []layout.Rect {
	fs := make([]layout.Rect, n)
	for i := range fs {
		fs[i] = r
	}
	return fs
}

// logOf writes which unit landed in which frame, one unit a line.
func logOf(res typeset.FlowResult) string {
	var b strings.Builder
	for _, e := range res.Log {
		fmt.Fprintf(&b, "%d %s\n", e.Frame+1, e.What)
	}
	return b.String()
}

// TestFlowGeometry places headings and lines in one tall frame and checks
// each baseline against the spacing rules.
func TestFlowGeometry(t *testing.T) {
	st := flowStyle(t)
	blocks := []typeset.FlowBlock{
		{Heading: "One"},
		{Text: "alpha beta\ngamma\n\n- delta"},
		{Heading: "**Two**"},
		{Text: "epsilon"},
	}
	res := typeset.Flow(blocks, frames(1, flowFrame), st, nil)
	if !res.Fits || len(res.Frames) != 1 {
		t.Fatalf("fits %v in %d frames", res.Fits, len(res.Frames))
	}
	p := 10 * mmPerPt * 1.2
	hp := 11.5 * mmPerPt * 1.2
	head := baselineIn(t, typeset.Bold, 11.5, 1.2)
	body := baselineIn(t, typeset.Regular, 10, 1.2)
	y := flowFrame.Y
	type want struct {
		text     string
		baseline float64
		heading  bool
	}
	var wants []want
	wants = append(wants, want{"One", y + head, true}) // no space at the top
	y += hp + 0.3*p
	wants = append(wants, want{"alpha beta", y + body, false})
	y += p
	wants = append(wants, want{"gamma", y + body, false})
	y += p + 0.5*p
	wants = append(wants, want{"• delta", y + body, false})
	y += p + 0.55*p
	wants = append(wants, want{"**Two**", y + head, true}) // headings are plain text
	y += hp + 0.3*p
	wants = append(wants, want{"epsilon", y + body, false})
	lines := drawnLines(res.Frames[0])
	if len(lines) != len(wants) {
		t.Fatalf("%d lines, want %d", len(lines), len(wants))
	}
	for i, w := range wants {
		l := lines[i]
		if got := lineText(l); got != w.text || !near(l[0].y, w.baseline, 1e-6) || !near(l[0].x, flowFrame.X, 1e-6) {
			t.Errorf("line %d: %q at %.3f,%.4f; want %q at %.3f,%.4f", i+1, got, l[0].x, l[0].y, w.text, flowFrame.X, w.baseline)
		}
		op := l[0].op
		if w.heading && (op.Font.ID() != "go-bold" || op.Size != 11.5 || op.Colour != flowAccent) {
			t.Errorf("heading %q: %s %vpt %v, want go-bold 11.5pt in the accent", w.text, op.Font.ID(), op.Size, op.Colour)
		}
		if !w.heading && (op.Font.ID() != "go-regular" || op.Size != 10 || op.Colour != draw.Black) {
			t.Errorf("line %q: %s %vpt %v, want go-regular 10pt in the text colour", w.text, op.Font.ID(), op.Size, op.Colour)
		}
	}
	wantLog := "1 heading One\n1 One: line 1\n1 One: line 2\n1 One: line 3\n1 heading **Two**\n1 **Two**: line 1\n"
	if got := logOf(res); got != wantLog {
		t.Errorf("log:\n%s\nwant:\n%s", got, wantLog)
	}
}

// TestFlowFrameBreaks checks where the flow turns to the next frame, with
// frames just tall enough for a given run of units.
func TestFlowFrameBreaks(t *testing.T) {
	st := flowStyle(t)
	p := 10 * mmPerPt * 1.2
	hp := 11.5 * mmPerPt * 1.2
	text := typeset.FlowBlock{Text: "one\ntwo\nthree"}
	long := typeset.FlowBlock{Text: "a\nb\nc\nd\ne\nf"}
	example := typeset.FlowBlock{Example: []typeset.ExampleItem{{Text: "= 0"}}}
	for _, c := range []struct {
		name   string
		blocks []typeset.FlowBlock
		h      float64 // frame height
		want   string
	}{
		{"a paragraph taller than a frame splits, marked, no space on top", []typeset.FlowBlock{text}, 2.3 * p,
			"1 start: line 1\n1 continued\n2 start: line 2\n2 start: line 3\n"},
		{"exactly full", []typeset.FlowBlock{text}, 3 * p,
			"1 start: line 1\n1 start: line 2\n1 start: line 3\n"},
		{"a short paragraph goes whole", []typeset.FlowBlock{text, text}, 3*p + 0.3*p + 2*p,
			"1 start: line 1\n1 start: line 2\n1 start: line 3\n2 start: line 1\n2 start: line 2\n2 start: line 3\n"},
		{"a list item goes whole", []typeset.FlowBlock{text, {Text: "- a\nb\nc"}}, 3*p + 0.3*p + 2*p,
			"1 start: line 1\n1 start: line 2\n1 start: line 3\n2 start: line 1\n2 start: line 2\n2 start: line 3\n"},
		{"a long paragraph splits at a line, marked", []typeset.FlowBlock{text, long}, 3*p + 0.3*p + 2*p + 0.9*p,
			"1 start: line 1\n1 start: line 2\n1 start: line 3\n1 start: line 1\n1 start: line 2\n1 continued\n2 start: line 3\n2 start: line 4\n2 start: line 5\n2 start: line 6\n"},
		{"a split leaves two lines behind", []typeset.FlowBlock{long}, 5*p + 0.9*p,
			"1 start: line 1\n1 start: line 2\n1 start: line 3\n1 start: line 4\n1 continued\n2 start: line 5\n2 start: line 6\n"},
		{"a heading goes with its short paragraph", []typeset.FlowBlock{text, {Heading: "H"}, text}, 3*p + 0.55*p + hp + 0.3*p + 3*p - 0.01,
			"1 start: line 1\n1 start: line 2\n1 start: line 3\n2 heading H\n2 H: line 1\n2 H: line 2\n2 H: line 3\n"},
		{"a heading takes two lines of a long paragraph", []typeset.FlowBlock{text, {Heading: "H"}, long}, 3*p + 0.55*p + hp + 0.3*p + 2*p + 0.9*p,
			"1 start: line 1\n1 start: line 2\n1 start: line 3\n1 heading H\n1 H: line 1\n1 H: line 2\n1 continued\n2 H: line 3\n2 H: line 4\n2 H: line 5\n2 H: line 6\n"},
		{"without room for two lines and the mark it moves", []typeset.FlowBlock{text, {Heading: "H"}, long}, 3*p + 0.55*p + hp + 0.3*p + 2*p + 0.9*p - 0.01,
			"1 start: line 1\n1 start: line 2\n1 start: line 3\n2 heading H\n2 H: line 1\n2 H: line 2\n2 H: line 3\n2 H: line 4\n2 H: line 5\n2 H: line 6\n"},
		{"an empty section's heading goes with the next", []typeset.FlowBlock{text, {Heading: "A"}, {Heading: "B"}, text}, 3*p + 0.55*p + hp + 0.55*p + hp + 0.3*p + 3*p - 0.01,
			"1 start: line 1\n1 start: line 2\n1 start: line 3\n2 heading A\n2 heading B\n2 B: line 1\n2 B: line 2\n2 B: line 3\n"},
		{"an example goes with its paragraph", []typeset.FlowBlock{text, {Text: "four"}, example}, 3*p + 0.3*p + p + 0.45*p + 4.4*p - 0.01,
			"1 start: line 1\n1 start: line 2\n1 start: line 3\n2 start: line 1\n2 example in start\n"},
		{"an example that fits", []typeset.FlowBlock{text, {Text: "four"}, example}, 3*p + 0.3*p + p + 0.45*p + 4.4*p,
			"1 start: line 1\n1 start: line 2\n1 start: line 3\n1 start: line 1\n1 example in start\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			fr := layout.Rect{X: 2, Y: 5, W: 60, H: c.h}
			res := typeset.Flow(c.blocks, frames(4, fr), st, nil)
			if !res.Fits {
				t.Error("does not fit")
			}
			if got := logOf(res); got != c.want {
				t.Errorf("log:\n%swant:\n%s", got, c.want)
			}
			last := res.Log[len(res.Log)-1].Frame
			if len(res.Frames) != last+1 {
				t.Errorf("%d frames drawn, want %d", len(res.Frames), last+1)
			}
			// the first unit of every frame starts at its top
			for f, ops := range res.Frames {
				lines := drawnLines(ops)
				if len(lines) == 0 || strings.Contains(c.want, fmt.Sprintf("%d example", f+1)) {
					continue
				}
				first := lines[0][0].op
				style := typeset.Regular
				if first.Font.ID() == "go-bold" {
					style = typeset.Bold
				}
				top := first.Y - baselineIn(t, style, first.Size, 1.2)
				if f > 0 && !near(top, fr.Y, 1e-6) {
					t.Errorf("frame %d starts %.4f below its top", f+1, top-fr.Y)
				}
			}
		})
	}
}

// TestFlowDoesNotFit: frames run out, a unit taller than its frame, or no
// frames at all: the flow does not fit.
func TestFlowDoesNotFit(t *testing.T) {
	st := flowStyle(t)
	p := 10 * mmPerPt * 1.2
	text := []typeset.FlowBlock{{Text: "one\ntwo\nthree\nfour"}}
	res := typeset.Flow(text, frames(2, layout.Rect{W: 50, H: 1.3 * p}), st, nil)
	if res.Fits || len(res.Frames) != 2 || len(res.Log) != 2 {
		t.Errorf("four lines in two one-line frames: fits %v, %d frames, %d units placed", res.Fits, len(res.Frames), len(res.Log))
	}
	res = typeset.Flow(text, frames(4, layout.Rect{W: 50, H: 0.9 * p}), st, nil)
	if res.Fits {
		t.Error("lines taller than their frames fit")
	}
	res = typeset.Flow(text, nil, st, nil)
	if res.Fits || len(res.Frames) != 0 {
		t.Errorf("no frames: fits %v, %d frames", res.Fits, len(res.Frames))
	}
	res = typeset.Flow(text, frames(1, layout.Rect{W: 50, H: 4.3 * p}), st, nil)
	if !res.Fits {
		t.Error("four lines in a frame of 4.3 lines do not fit")
	}
}

// TestFlowLineHeight: a style without a line height sets 1.2.
func TestFlowLineHeight(t *testing.T) {
	st := flowStyle(t)
	st.LineHeight = 0
	res := typeset.Flow([]typeset.FlowBlock{{Text: "a\nb"}}, frames(1, flowFrame), st, nil)
	lines := drawnLines(res.Frames[0])
	if d := lines[1][0].y - lines[0][0].y; !near(d, 1.2*10*mmPerPt, 1e-6) {
		t.Errorf("pitch %.4f, want 1.2 × the size", d)
	}
}

// TestFlowProblems: markup problems are warnings, unknown icons in text or
// examples errors, missing glyphs warnings, each at its block's place.
func TestFlowProblems(t *testing.T) {
	st := flowStyle(t)
	// a problem names its block by index; here block i is on line i+1
	blocks := []typeset.FlowBlock{
		{Heading: "H"},
		{Text: "**open :hart: \u4e00"},
		{Example: []typeset.ExampleItem{{Card: "C", On: []string{"star", "strr"}}, {Icon: "hart", Label: "l"}, {Text: "ok"}}},
	}
	icons := typeset.NewIconSet()
	res := typeset.Flow(blocks, frames(2, flowFrame), st, icons)
	var got []string
	for _, p := range res.Problems {
		got = append(got, fmt.Sprintf("%d %v %s", p.Block+1, p.Error(), p.Text(icons, typeset.NameHints{Suggest: cards.Suggest, List: cards.ListChoices})))
	}
	want := []string{
		"2 false ** (bold) is not closed on its line; close it, or write \\* for a literal star",
		"2 true unknown icon :hart:; did you mean :heart:?",
		"2 false no font has a glyph for '一' (U+4E00); it is left out",
		"3 true unknown icon :strr:; did you mean :star:?",
		"3 true unknown icon :hart:; did you mean :heart:?",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestFlowExample draws an example row: the golden records every shape
// and text; the row is centred in the frame and lies inside it.
func TestFlowExample(t *testing.T) {
	st := flowStyle(t)
	icons := typeset.NewIconSet()
	for _, c := range []struct {
		name  string
		items []typeset.ExampleItem
		w     float64
	}{
		{"example-row", []typeset.ExampleItem{{Card: "Vampire Matt", On: []string{"star", "x"}}, {Text: "= 0 each"}, {Icon: "robber", Label: "steals"}}, 60},
		{"example-cards", []typeset.ExampleItem{{Card: "A"}, {Card: "B"}}, 60},
		{"example-squeezed", []typeset.ExampleItem{{Card: "A"}, {Card: "B", On: []string{"star"}}, {Text: "= a long sum"}, {Icon: "heart"}}, 44},
	} {
		t.Run(c.name, func(t *testing.T) {
			fr := layout.Rect{X: 5, Y: 20, W: c.w, H: 100}
			res := typeset.Flow([]typeset.FlowBlock{{Example: c.items}}, frames(1, fr), st, icons)
			if !res.Fits {
				t.Fatalf("does not fit %v mm: %v", c.w, res.Problems)
			}
			face := &draw.Face{Ops: res.Frames[0]}
			var rec draw.Recorder
			draw.DrawFace(&rec, face)
			golden.Assert(t, "flow/"+c.name+".txt", []byte(rec.String()))
			p := 10 * mmPerPt * 1.2
			row := layout.Rect{X: fr.X, Y: fr.Y, W: fr.W, H: 4.4 * p}
			lo, hi := row.Right(), row.X
			for _, op := range face.Ops {
				if po, ok := op.(*draw.PathOp); ok {
					b := po.Path.Bounds()
					if b.X < row.X-1e-6 || b.Right() > row.Right()+1e-6 || b.Y < row.Y-1e-6 || b.Bottom() > row.Bottom()+1e-6 {
						t.Errorf("shape %+v leaves the row %+v", b, row)
					}
					lo, hi = min(lo, b.X), max(hi, b.Right())
				}
			}
			textInside(t, face, layout.Rect{X: row.X - 3, Y: row.Y, W: row.W + 6, H: row.H})
			if c.name == "example-cards" && !near(lo-row.X, row.Right()-hi, 1e-6) {
				t.Errorf("row drawn %.3f–%.3f, not centred in %.3f–%.3f", lo, hi, row.X, row.Right())
			}
		})
	}
}

// textInside asserts that every text run lies inside box: its advance
// within the sides, its ascender and descender within top and bottom.
func textInside(t *testing.T, face *draw.Face, box layout.Rect) {
	t.Helper()
	const eps = 1e-6
	for _, op := range face.Ops {
		tx, ok := op.(*draw.TextOp)
		if !ok {
			continue
		}
		em := tx.Size * layout.MMPerPoint
		font := tx.Font.(*typeset.Font)
		w := font.Width(tx.Text) * em
		top, bottom := tx.Y-font.Ascent*em, tx.Y+font.Descent*em
		if tx.X < box.X-eps || tx.X+w > box.Right()+eps || top < box.Y-eps || bottom > box.Bottom()+eps {
			t.Errorf("text %q (x %.3f–%.3f, y %.3f–%.3f) leaves its box %+v", tx.Text, tx.X, tx.X+w, top, bottom, box)
		}
	}
}

// TestFlowExampleLabels sets example rows in columns from too narrow to
// wide: where a row fits, all its texts are set at one size, at least the
// style's minimum, and every line holds whole words of its item's text
// (wrapped at spaces, never inside a word, a no-break space kept); where
// it cannot, the flow does not fit and says why.
func TestFlowExampleLabels(t *testing.T) {
	st := flowStyle(t)
	st.MinSize = 6.5
	icons := typeset.NewIconSet()
	items := []typeset.ExampleItem{
		{Card: "Deflectors Incorporated 3", On: []string{"star"}},
		{Text: "+"},
		{Card: "Rapid\\ Fire +3"},
		{Text: "= 6 against the defence"},
		{Icon: "d20", Label: "19 or less hits"},
	}
	words := map[string]bool{}
	for _, it := range items {
		for _, s := range []string{it.Card, it.Text, it.Label} {
			for _, w := range strings.Fields(strings.ReplaceAll(s, "\\ ", "\u00a0")) {
				words[strings.ReplaceAll(w, "\u00a0", " ")] = true
			}
		}
	}
	fitted := 0
	for w := 30.0; w <= 90; w += 2 {
		res := typeset.Flow([]typeset.FlowBlock{{Example: items}}, frames(1, layout.Rect{X: 5, Y: 20, W: w, H: 100}), st, icons)
		if !res.Fits {
			if len(res.Problems) != 1 || !strings.Contains(res.Problems[0].Message, "wider than the column") {
				t.Errorf("%v mm: does not fit, problems %v", w, res.Problems)
			}
			continue
		}
		fitted++
		size := 0.0
		for _, op := range res.Frames[0] {
			tx, ok := op.(*draw.TextOp)
			if !ok {
				continue
			}
			if size == 0 {
				size = tx.Size
			}
			if tx.Size != size || tx.Size < st.MinSize {
				t.Errorf("%v mm: %q at %v pt; the row's first text is at %v, the least is %v", w, tx.Text, tx.Size, size, st.MinSize)
			}
			// a line is whole words, or words joined by a no-break space
			for _, part := range strings.Fields(tx.Text) {
				if !words[part] && !words[strings.Join(strings.Fields(tx.Text), " ")] {
					t.Errorf("%v mm: line %q holds %q, not a whole word", w, tx.Text, part)
				}
			}
			if strings.Contains(tx.Text, "Rapid") && !strings.Contains(tx.Text, "Rapid\u00a0Fire") {
				t.Errorf("%v mm: the no-break space after Rapid broke: %q", w, tx.Text)
			}
		}
	}
	if fitted == 0 || fitted == 31 {
		t.Errorf("%d of 31 widths fit; want the narrow ones refused and the wide ones set", fitted)
	}
}
