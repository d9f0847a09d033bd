package typeset

import (
	"fmt"
	"math"
	"strconv"

	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/templates/draw"
)

// FlowBlock is a unit of content that flows across frames (card faces,
// sheet columns): a heading, rich text, or an example diagram.
type FlowBlock struct {
	Heading string        // a section heading
	Text    string        // rich text: paragraphs and lists, with markup
	Example []ExampleItem // a diagram row
}

// ExampleItem is one element of an example diagram row: a small card
// with icons on it, an icon with a label, or a short text.
type ExampleItem struct {
	Card  string   // the title of a small card…
	On    []string // …and the icons lying on it
	Icon  string   // an icon…
	Label string   // …and the label under it
	Text  string   // a short bold text, such as "= 0 points"
}

// FlowStyle is how flowing content is set.
type FlowStyle struct {
	Family     *Family
	Size       float64     // body size, points
	Colour     draw.Colour // text
	Accent     draw.Colour // headings and diagrams
	LineHeight float64     // default 1.2
	MinSize    float64     // the least size of a diagram's labels, points; default 6
	// FaceH is the height short sections are measured against (default:
	// the frame's), for frames cut shorter to balance a text
	FaceH float64
}

// FlowEntry records what landed in which frame and where, for tests and
// messages.
type FlowEntry struct {
	Frame int
	What  string
	Kind  EntryKind
	Block int // the block it came from; -1 for a continued mark
	// Para numbers the paragraphs and list items through the flow (lines
	// only; -1 otherwise); Item tells a list item; Line counts from 1 to
	// Lines within it.
	Para        int
	Item        bool
	Line, Lines int
	Y, H        float64 // top and height as placed, mm
}

// EntryKind is what a flow entry is.
type EntryKind uint8

// Kinds of flow entries.
const (
	EntryHeading EntryKind = iota
	EntryLine
	EntryExample
	EntryContinued // the mark that ends a frame inside a paragraph
)

// FlowResult is the outcome of a flow.
type FlowResult struct {
	Frames   [][]draw.Op // the drawing of each frame used
	Fits     bool        // everything went into the frames given
	Log      []FlowEntry
	Problems []Problem // each with the index of its block
}

// unit is an unsplittable piece of the flow: a heading, one line of text,
// or an example.
type unit struct {
	h           float64 // height, mm
	spaceBefore float64 // dropped at the top of a frame
	entry       FlowEntry
	section     int // counts the headings above
	draw        func(ops []draw.Op, x, y, w float64) []draw.Op
}

// chunk is a run of units kept on one frame when it fits there: a
// heading, a list item, a paragraph (with the example after it), or an
// example. A long paragraph may split between lines.
type chunk struct {
	units   []unit
	heading bool
	split   bool
}

// shortPara is the most lines a paragraph has that is never split when
// it fits a frame whole; minSplit is the fewest lines a split leaves on
// either side; a section of at most shortSection of a face and
// shortSectionLines lines starts a new frame rather than split.
const (
	shortPara         = 4
	minSplit          = 2
	shortSection      = 0.85
	shortSectionLines = 18
)

// Flow sets blocks into frames in order, keeping things together:
//
//   - a list item, a paragraph of up to four lines, and a paragraph
//     followed by an example (with its example) go whole to the next frame
//     when they do not fit below what is there; a no-break span never
//     breaks, so a formula stays on one line;
//   - a longer paragraph, or anything taller than a frame, splits between
//     lines, leaving at least two lines on each side where it can, and the
//     frame then ends with a "continued →" mark;
//   - a heading goes with at least two lines of what follows it (a whole
//     item or short paragraph; two lines and the mark of a long one), and
//     a run of headings of empty sections with the first text after them;
//   - a section of at most 85 % of a face (FlowStyle.FaceH) and 18 lines
//     starts a new frame rather than split.
//
// All frames must have the same width.
func Flow(blocks []FlowBlock, frames []layout.Rect, st FlowStyle, icons *IconSet) FlowResult {
	res := FlowResult{Fits: true}
	if len(frames) == 0 {
		res.Fits = false
		return res
	}
	if st.LineHeight <= 0 {
		st.LineHeight = 1.2
	}
	units := flowUnits(blocks, frames[0].W, st, icons, &res)
	f := &flower{frames: frames, st: st, icons: icons, res: &res, y: frames[0].Y, top: true}
	res.Frames = [][]draw.Op{nil}
	chunks := chunksOf(units)
	for ci := range chunks {
		if !f.place(chunks, ci) {
			res.Fits = false
			return res
		}
	}
	return res
}

// chunksOf groups units into chunks.
func chunksOf(units []unit) []chunk {
	var out []chunk
	for i := 0; i < len(units); {
		u := units[i]
		switch u.entry.Kind {
		case EntryHeading:
			out = append(out, chunk{units: units[i : i+1], heading: true})
			i++
		case EntryExample:
			// with the paragraph it illustrates, the one just above it
			if n := len(out); n > 0 && !out[n-1].heading && out[n-1].units[0].section == u.section && out[n-1].units[len(out[n-1].units)-1].entry.Kind == EntryLine {
				out[n-1].units = append(out[n-1].units[:len(out[n-1].units):len(out[n-1].units)], u)
				out[n-1].split = false
			} else {
				out = append(out, chunk{units: units[i : i+1]})
			}
			i++
		default:
			j := i + 1
			for j < len(units) && units[j].entry.Kind == EntryLine && units[j].entry.Para == u.entry.Para {
				j++
			}
			out = append(out, chunk{units: units[i:j], split: !u.entry.Item && j-i > shortPara})
			i = j
		}
	}
	return out
}

// flower places chunks into frames.
type flower struct {
	frames []layout.Rect
	st     FlowStyle
	icons  *IconSet
	res    *FlowResult
	frame  int
	y      float64
	top    bool // nothing is on the frame yet
}

// height is what units take from the current place (top: at a frame's top).
func height(us []unit, top bool) float64 {
	h := 0.0
	for i, u := range us {
		if i > 0 || !top {
			h += u.spaceBefore
		}
		h += u.h
	}
	return h
}

// within reports whether units fit in room from the current place; it
// stops adding at the first that does not, so a long paragraph costs no
// more than a frame's worth.
func within(us []unit, top bool, room float64) bool {
	h := 0.0
	for i, u := range us {
		if i > 0 || !top {
			h += u.spaceBefore
		}
		if h += u.h; h > room {
			return false
		}
	}
	return true
}

// hasLines reports whether units hold at least n lines of text.
func hasLines(us []unit, n int) bool {
	for _, u := range us {
		if n <= 0 {
			break
		}
		if u.entry.Kind == EntryLine {
			n--
		}
	}
	return n <= 0
}

func (f *flower) room() float64 { return f.frames[f.frame].Bottom() - f.y + 1e-9 }

func (f *flower) frameH() float64 { return f.frames[f.frame].H + 1e-9 }

// next turns to the next frame; false when there is none.
func (f *flower) next() bool {
	if f.frame+1 >= len(f.frames) {
		return false
	}
	f.frame++
	f.res.Frames = append(f.res.Frames, nil)
	f.y, f.top = f.frames[f.frame].Y, true
	return true
}

func (f *flower) put(u unit) {
	if !f.top {
		f.y += u.spaceBefore
	}
	fr := f.frames[f.frame]
	f.res.Frames[f.frame] = u.draw(f.res.Frames[f.frame], fr.X, f.y, fr.W)
	e := u.entry
	e.Frame, e.Y, e.H = f.frame, f.y, u.h
	f.res.Log = append(f.res.Log, e)
	f.y += u.h
	f.top = false
}

// sectionOf is the heading chunks[ci] with everything up to the next
// heading after some text (an empty section takes the next one along).
func sectionOf(chunks []chunk, ci int) []unit {
	us := append([]unit{}, chunks[ci].units...)
	text := false
	for j := ci + 1; j < len(chunks) && !(chunks[j].heading && text); j++ {
		us = append(us, chunks[j].units...)
		text = text || !chunks[j].heading
	}
	return us
}

// lead is the height that must come along with the heading chunks[ci],
// from the current place: the headings right after it and the first chunk
// of text (its first two lines and a continued mark, if it will split),
// and one more chunk of the same section when that first one is a single
// line.
func (f *flower) lead(chunks []chunk, ci int) float64 {
	us := append([]unit{}, chunks[ci].units...)
	extra := 0.0
	lines := 0
	for j := ci + 1; j < len(chunks); j++ {
		c := chunks[j]
		if c.heading {
			if lines > 0 {
				break
			}
			us = append(us, c.units...)
			continue
		}
		take := c.units
		if f.splits(c) && len(take) > minSplit {
			take, extra = take[:minSplit], f.markH()
		}
		us = append(us, take...)
		lines += len(take)
		if extra > 0 || lines >= minSplit || j+1 >= len(chunks) || chunks[j+1].heading {
			break
		}
	}
	return height(us, f.top) + extra
}

// splits reports whether a chunk may split: a long paragraph, or anything
// taller than a frame.
func (f *flower) splits(c chunk) bool {
	return c.split || !within(c.units, true, f.frameH())
}

// place puts chunk ci into the frames, turning frames as needed.
func (f *flower) place(chunks []chunk, ci int) bool {
	c := chunks[ci]
	need := height(c.units, f.top)
	// a run of headings (empty sections) goes where its first one went
	if c.heading && (ci == 0 || !chunks[ci-1].heading) {
		need = f.lead(chunks, ci)
		// a short section is read as one: it starts a frame rather than split
		face := f.frameH()
		if f.st.FaceH > 0 {
			face = f.st.FaceH
		}
		limit := math.Min(math.Min(shortSection*face, shortSectionLines*ptToMM(f.st.Size)*f.st.LineHeight), f.frameH())
		if sec := sectionOf(chunks, ci); within(sec, true, limit) {
			need = math.Max(need, height(sec, f.top))
		}
	}
	// what follows a heading stays with it: it splits there if it must
	stay := ci > 0 && chunks[ci-1].heading && !c.heading
	if need > f.room() && !f.top && !stay && (c.heading || !f.splits(c) || !f.canSplitHere(c.units)) {
		// move it whole; when it is taller than a frame, it splits there
		if !f.next() {
			return false
		}
	}
	if c.heading || within(c.units, f.top, f.room()) {
		for _, u := range c.units {
			if height([]unit{u}, f.top) > f.room() {
				return false // taller than a whole frame
			}
			f.put(u)
		}
		return true
	}
	return f.split(c.units)
}

// canSplitHere reports whether a long paragraph can leave its first
// lines, and a continued mark, on the current frame.
func (f *flower) canSplitHere(us []unit) bool {
	return len(us) >= 2*minSplit && height(us[:minSplit], f.top)+f.markH() <= f.room()
}

func (f *flower) markH() float64 { return ptToMM(f.st.Size) * f.st.LineHeight * 0.9 }

// split sets units that do not fit the current frame over as many frames
// as they need, between lines, ending each frame but the last with a
// continued mark.
func (f *flower) split(us []unit) bool {
	for len(us) > 0 {
		if within(us, f.top, f.room()) {
			for _, u := range us {
				f.put(u)
			}
			return true
		}
		// the most units that fit with the mark below them, leaving
		// minSplit behind where the paragraph is long enough
		n := 0
		for n < len(us) && height(us[:n+1], f.top)+f.markH() <= f.room() {
			n++
		}
		// leave two lines for the next frame, when there are four
		if hasLines(us, 2*minSplit) {
			for n > 0 && !hasLines(us[n:], minSplit) {
				n--
			}
		}
		mark := true
		if n == 0 && f.top {
			// no room for a line and the mark: the lines alone
			mark = false
			for n < len(us) && height(us[:n+1], f.top) <= f.room() {
				n++
			}
		}
		if n == 0 {
			if f.top {
				return false // not even one line fits a frame
			}
			if !f.next() {
				return false
			}
			continue
		}
		for _, u := range us[:n] {
			f.put(u)
		}
		if mark {
			f.mark()
		}
		us = us[n:]
		if !f.next() {
			return false
		}
	}
	return true
}

// mark ends the frame with "continued →", right-aligned at its bottom.
func (f *flower) mark() {
	fr := f.frames[f.frame]
	h := f.markH()
	y := math.Min(f.y, fr.Bottom()-h)
	ms := TextStyle{Family: f.st.Family, Style: Italic, Size: f.st.Size * 0.85, Colour: f.st.Accent, Align: AlignRight, VAlign: VAlignBottom, LineHeight: 1.1, Plain: true}
	f.res.Frames[f.frame], _ = LayoutText(f.res.Frames[f.frame], "continued →", layout.Rect{X: fr.X, Y: y, W: fr.W, H: h}, ms, f.icons)
	f.res.Log = append(f.res.Log, FlowEntry{Frame: f.frame, What: "continued", Kind: EntryContinued, Block: -1, Para: -1, Y: y, H: h})
	f.y = y + h
}

// flowUnits turns blocks into units at the style's size, for frames of
// width w.
func flowUnits(blocks []FlowBlock, w float64, st FlowStyle, icons *IconSet, res *FlowResult) []unit {
	em := ptToMM(st.Size)
	pitch := em * st.LineHeight
	body := TextStyle{Family: st.Family, Size: st.Size, Colour: st.Colour, LineHeight: st.LineHeight, Wrap: true}
	var units []unit
	section, sections := "start", 0 // the heading above, to name what lands where
	paraN := -1
	for bi, b := range blocks {
		switch {
		case b.Heading != "":
			section = b.Heading
			sections++
			hs := body
			hs.Style, hs.Size, hs.Colour = Bold, st.Size*1.15, st.Accent
			hpitch := ptToMM(hs.Size) * st.LineHeight
			text := b.Heading
			units = append(units, unit{h: hpitch, spaceBefore: 0.55 * pitch, section: sections,
				entry: FlowEntry{What: "heading " + text, Kind: EntryHeading, Block: bi, Para: -1},
				draw: func(ops []draw.Op, x, y, w float64) []draw.Op {
					hs := hs
					hs.Plain = true
					ops, _ = LayoutText(ops, text, layout.Rect{X: x, Y: y, W: w, H: hpitch}, hs, icons)
					return ops
				}})
		case b.Text != "":
			blocksOf, probs := parseMarkup(b.Text, false)
			for _, p := range probs {
				res.Problems = append(res.Problems, Problem{Block: bi, Message: p.msg})
			}
			var tr TextResult
			paras := tokenize(blocksOf, body, icons, &tr)
			for _, p := range tr.Problems {
				p.Block = bi
				res.Problems = append(res.Problems, p)
			}
			if len(tr.Missing) > 0 {
				res.Problems = append(res.Problems, Problem{Block: bi, Message: "no font has a glyph for " + RuneList(tr.Missing) + "; " + ItThey(len(tr.Missing)) + " left out"})
			}
			lines, _ := breakLines(paras, w/em, true)
			start := len(units)
			item := false
			for li, l := range lines {
				l := l
				if l.paraStart {
					paraN++
					item = l.marker != ""
				}
				sb := l.afterGap * pitch
				if li == 0 {
					sb = 0.3 * pitch
				}
				l.afterGap = 0
				units = append(units, unit{h: pitch, spaceBefore: sb, section: sections,
					entry: FlowEntry{What: fmt.Sprintf("%s: line %d", section, li+1), Kind: EntryLine, Block: bi, Para: paraN, Item: item},
					draw: func(ops []draw.Op, x, y, w float64) []draw.Op {
						ops, _ = emitLines(ops, []line{l}, layout.Rect{X: x, Y: y, W: w, H: pitch}, st.Size, body)
						return ops
					}})
			}
			// number the lines within their paragraphs
			for i := start; i < len(units); {
				j := i
				for j < len(units) && units[j].entry.Para == units[i].entry.Para {
					j++
				}
				for k := i; k < j; k++ {
					units[k].entry.Line, units[k].entry.Lines = k-i+1, j-i
				}
				i = j
			}
		case len(b.Example) > 0:
			items := b.Example
			plan, ok := planExample(items, w, st)
			if !ok {
				res.Fits = false
				res.Problems = append(res.Problems, Problem{Block: bi, Message: fmt.Sprintf("the example is wider than the column (%s mm) even with its labels at %gpt; shorten its texts or give it fewer items", fmtMM(w), plan.size)})
			}
			units = append(units, unit{h: plan.rowH, spaceBefore: 0.45 * pitch, section: sections,
				entry: FlowEntry{What: "example in " + section, Kind: EntryExample, Block: bi, Para: -1},
				draw: func(ops []draw.Op, x, y, w float64) []draw.Op {
					return drawExample(ops, items, plan, layout.Rect{X: x, Y: y, W: w, H: plan.rowH}, st, icons)
				}})
			for _, it := range items {
				for _, name := range append(append([]string{}, it.On...), it.Icon) {
					if name != "" && icons.Lookup(name) == nil {
						res.Problems = append(res.Problems, Problem{Block: bi, Icon: name})
					}
				}
			}
		}
	}
	return units
}

// minPrintPt is the smallest type a player reads on a printed card: the
// least a diagram's labels take when the style gives no minimum.
const minPrintPt = 6.0

// examplePlan is how an example row is set: one label size for all its
// texts, each item's width, the cards' height and the row's.
type examplePlan struct {
	size        float64 // points
	widths      []float64
	least, pref []float64 // the narrowest each item may be, and what it prefers
	h           float64   // the cards' height, mm
	rowH        float64   // the unit's height, mm
	gap         float64
}

// Lines the texts of an example may take: a card's title, an icon's
// label, a short text.
const (
	titleLines = 2
	labelLines = 2
	textLines  = 3
)

// labelStyle is the style of an example item's text at size.
func labelStyle(it ExampleItem, st FlowStyle, size float64) TextStyle {
	ts := TextStyle{Family: st.Family, Size: size, Colour: st.Colour, LineHeight: 1.1, Align: AlignCenter, Wrap: true}
	switch {
	case it.Card != "":
		ts.Style = Bold
	case it.Icon != "":
	default:
		ts.Style, ts.Colour, ts.VAlign = Bold, st.Accent, VAlignMiddle
	}
	return ts
}

// linesAt sets s in width mm and returns its line count and whether a
// word had to break.
func linesAt(s string, ts TextStyle, width float64) (int, bool) {
	lines, broken := breakLines(tokenized(s, ts), width/ptToMM(ts.Size), true)
	return len(lines), broken
}

// tokenized is s read and tokenized in style ts.
func tokenized(s string, ts TextStyle) []para {
	blocks, _ := parseMarkup(s, ts.Plain)
	var res TextResult
	return tokenize(blocks, ts, nil, &res)
}

// widthFor is the least width, to 0.25 mm, from at least, that sets s in
// at most n lines without breaking a word (pad added); the whole text's
// width when none does. Fewer lines never need less width, so the search
// halves the range.
func widthFor(s string, ts TextStyle, n int, at, pad float64) float64 {
	paras := tokenized(s, ts)
	em := ptToMM(ts.Size)
	fits := func(w float64) bool {
		lines, broken := breakLines(paras, (w-pad)/em, true)
		return !broken && len(lines) <= n
	}
	full := ts.Family.Face(ts.Style).Width(s)*em + pad + 0.01
	if fits(at) {
		return at
	}
	if full <= at || !fits(full) {
		return math.Max(full, at)
	}
	lo, hi := at, full
	for hi-lo > 0.25 {
		if mid := (lo + hi) / 2; fits(mid) {
			hi = mid
		} else {
			lo = mid
		}
	}
	return hi
}

// fmtMM writes a length in mm to a tenth.
func fmtMM(v float64) string { return strconv.FormatFloat(math.Round(v*10)/10, 'f', -1, 64) }

// oneLine is the width one line takes, when it is at most half as wide
// again as the narrower setting, else that.
func oneLine(narrow, one float64) float64 {
	if one <= narrow*1.5 {
		return math.Max(one, narrow)
	}
	return narrow
}

// planExample chooses one label size for a row, the largest from 0.9 ×
// the body size down to the minimum at which every item's text fits its
// place without breaking a word, the cards widened for their titles and
// the short texts wrapped at spaces. false: it does not fit even at the
// minimum.
func planExample(items []ExampleItem, w float64, st FlowStyle) (examplePlan, bool) {
	low := st.MinSize
	if low <= 0 {
		low = minPrintPt
	}
	if plan, least, _ := measureRow(items, st, low); least > w+1e-9 {
		return plan, false
	}
	for size := math.Max(low, math.Round(st.Size*0.9*4)/4); ; size -= 0.25 {
		size = math.Max(size, low)
		if plan, least, pref := measureRow(items, st, size); least <= w+1e-9 || size == low {
			plan.settle(items, least, pref, w)
			return plan, true
		}
	}
}

// measureRow sets a row's labels at size: the plan with each item's least
// width (its text in the most lines allowed) and the width it prefers
// (fewer lines, the cards all as wide as the widest), and the totals of
// both, gaps included.
func measureRow(items []ExampleItem, st FlowStyle, size float64) (plan examplePlan, least, pref float64) {
	pitch := ptToMM(st.Size) * st.LineHeight
	ls := ptToMM(size) * 1.1
	h := math.Max(4.4*pitch*0.92, math.Max((titleLines*ls+5)/0.88, textLines*ls+1))
	plan = examplePlan{size: size, h: h, rowH: h / 0.92, gap: ptToMM(size) * 0.45,
		widths: make([]float64, len(items)), least: make([]float64, len(items)), pref: make([]float64, len(items))}
	cardPref := 0.0
	for i, it := range items {
		ts := labelStyle(it, st, size)
		switch {
		case it.Card != "":
			// as narrow as a card of the least height its title needs,
			// widened for its title (which takes 88 %)
			aspect := (titleLines*ls + 5) / 0.88 * 63.5 / 88.9
			tw := widthFor(it.Card, ts, titleLines, aspect*0.88, 0.3)
			plan.least[i] = math.Max(aspect, tw/0.88)
			cardPref = math.Max(cardPref, oneLine(plan.least[i], widthFor(it.Card, ts, 1, tw, 0.3)/0.88))
		case it.Icon != "":
			plan.least[i] = widthFor(it.Label, ts, labelLines, h*0.5, 0.3)
			plan.pref[i] = widthFor(it.Label, ts, 1, plan.least[i], 0.3)
		default:
			plan.least[i] = widthFor(it.Text, ts, textLines, 1, 0.5)
			two := widthFor(it.Text, ts, 2, plan.least[i], 0.5)
			plan.pref[i] = oneLine(two, widthFor(it.Text, ts, 1, two, 0.5))
		}
	}
	gaps := plan.gap * float64(len(items)-1)
	least, pref = gaps, gaps
	for i, it := range items {
		if it.Card != "" {
			plan.pref[i] = cardPref
		}
		least += plan.least[i]
		pref += plan.pref[i]
	}
	return plan, least, pref
}

// settle gives each item its width in w: the preferred widths when they
// fit, else each as far from its least towards them as the room allows;
// the cards then take the widest card's width when that still fits.
func (p *examplePlan) settle(items []ExampleItem, least, pref, w float64) {
	k := 1.0
	if pref > w && pref > least {
		k = math.Max(0, (w-least)/(pref-least))
	}
	total, widest := p.gap*float64(len(items)-1), 0.0
	for i, it := range items {
		p.widths[i] = p.least[i] + k*(p.pref[i]-p.least[i])
		total += p.widths[i]
		if it.Card != "" {
			widest = math.Max(widest, p.widths[i])
		}
	}
	for i, it := range items {
		if it.Card != "" {
			total += widest - p.widths[i]
		}
	}
	if total > w+1e-9 {
		return
	}
	for i, it := range items {
		if it.Card != "" {
			p.widths[i] = widest
		}
	}
}

// drawExample draws a row of example items, centred in box.
func drawExample(ops []draw.Op, items []ExampleItem, plan examplePlan, box layout.Rect, st FlowStyle, icons *IconSet) []draw.Op {
	h := plan.h
	ls := ptToMM(plan.size) * 1.1
	total := plan.gap * float64(len(items)-1)
	for _, w := range plan.widths {
		total += w
	}
	x := box.X + (box.W-total)/2
	y := box.Y + (box.H-h)/2
	for i, it := range items {
		w := plan.widths[i]
		cell := layout.Rect{X: x, Y: y, W: w, H: h}
		ts := labelStyle(it, st, plan.size)
		switch {
		case it.Card != "":
			ops = append(ops, &draw.PathOp{Path: layout.RoundedRectPath(cell, math.Min(w, h)*0.08), Fill: draw.Colour{R: 255, G: 255, B: 255, A: 255}, Stroke: st.Accent, Width: 0.3})
			n, _ := linesAt(it.Card, ts, w*0.88)
			title := layout.Rect{X: cell.X + w*0.06, Y: cell.Y + h*0.05, W: w * 0.88, H: float64(n)*ls + 0.01}
			ops, _ = LayoutText(ops, it.Card, title, ts, icons)
			if k := len(it.On); k > 0 {
				top := title.Bottom() + h*0.04
				side := math.Min(w*0.8/float64(k), cell.Bottom()-h*0.06-top)
				ix := cell.X + (w-side*float64(k))/2
				for j, name := range it.On {
					if ic := icons.Lookup(name); ic != nil {
						ops = ic.Draw(ops, layout.Rect{X: ix + float64(j)*side + side*0.05, Y: top + (cell.Bottom()-h*0.06-top-side)/2, W: side * 0.9, H: side * 0.9}, st.Accent, nil)
					}
				}
			}
		case it.Icon != "":
			n := 0
			if it.Label != "" {
				n, _ = linesAt(it.Label, ts, w)
			}
			side := math.Min(w, h-float64(n)*ls-0.5)
			if ic := icons.Lookup(it.Icon); ic != nil {
				ops = ic.Draw(ops, layout.Rect{X: cell.X + (w-side)/2, Y: cell.Y, W: side, H: side}, st.Accent, nil)
			}
			if it.Label != "" {
				ops, _ = LayoutText(ops, it.Label, layout.Rect{X: cell.X, Y: cell.Y + side + 0.5, W: w, H: float64(n)*ls + 0.01}, ts, icons)
			}
		default:
			ops, _ = LayoutText(ops, it.Text, layout.Rect{X: cell.X + 0.25, Y: cell.Y, W: w - 0.5, H: h}, ts, icons)
		}
		x += w + plan.gap
	}
	return ops
}
