package typeset

import (
	"fmt"
	"math"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/templates/draw"
)

// Align is the horizontal alignment of text lines.
type Align uint8

// Alignments.
const (
	AlignLeft Align = iota
	AlignCenter
	AlignRight
	AlignJustify
)

// VAlign is the vertical placement of a text block in its box.
type VAlign uint8

// Vertical alignments.
const (
	VAlignTop VAlign = iota
	VAlignMiddle
	VAlignBottom
)

var (
	AlignNames  = []string{"left", "center", "right", "justify"}
	VAlignNames = []string{"top", "middle", "bottom"}
)

// TextStyle is everything that decides how a text is set.
type TextStyle struct {
	Family     *Family
	Style      Style   // the base style; markup adds bold and italic
	Size       float64 // points
	MinSize    float64 // smallest size fit: shrink may use, points
	Colour     draw.Colour
	Align      Align
	VAlign     VAlign
	LineHeight float64 // line pitch as a multiple of the size; default 1.2
	Wrap       bool    // break lines at the box width
	Shrink     bool    // shrink the size until the text fits the box
	Plain      bool    // no markup: stars and colons are literal
	// Budget is charged the points of the icons set in the text; nil:
	// nothing is counted
	Budget *draw.Budget
}

// Spacing between blocks, in lines.
const (
	paragraphGap = 0.5
	bulletGap    = 0.15
	iconEm       = 0.82 // an inline icon's side, in ems
	iconAdvance  = 1.0  // the room an inline icon takes, in ems
)

// TextResult is what laying out a text produced, besides its operations.
type TextResult struct {
	Size       float64 // the size used, points
	Overflow   bool    // the text did not fit even at the smallest size; the rest was cut
	Missing    []rune  // characters no font could draw (left out)
	Substitute []rune  // characters drawn from the fallback font
	Problems   []Problem
}

// Problem is something wrong in a text that was set anyway: a warning
// (unbalanced markup, a missing glyph), or an error when Icon names an
// icon the set lacks.
type Problem struct {
	Block   int    // the block it is in, for [Flow]
	Message string // the warning; empty for an unknown icon
	Icon    string // an unknown icon's name
}

// Error reports whether the problem stops a build (an unknown icon).
func (p Problem) Error() bool { return p.Icon != "" }

// Text is the problem's message; an unknown icon's says which name is
// nearest (or lists some names when none is near).
func (p Problem) Text(icons *IconSet, hints NameHints) string {
	if p.Icon == "" {
		return p.Message
	}
	return UnknownIcon(p.Icon, icons, hints)
}

// NameHints make the message about an unknown name: the nearest name
// there is, or a short list of them (cards.Suggest and cards.ListChoices:
// typeset does not import cards).
type NameHints struct {
	Suggest func(word string, choices []string) string
	List    func(choices []string) string
}

// piece is a stretch of a word in one font, or one icon, with its width in ems.
type piece struct {
	font *Font
	text string
	icon *Icon
	w    float64
}

type tokKind uint8

const (
	tokWord tokKind = iota
	tokSpace
	tokBreak
)

type token struct {
	kind   tokKind
	pieces []piece // words: one or more pieces; spaces: one piece
	w      float64
	joined bool // a word that follows the previous one without a space (after a hyphen)
}

type para struct {
	marker     string  // a list item's "•" or "2."
	markerFont *Font   // the face the marker is drawn in
	indent     float64 // the marker's room, ems
	tokens     []token
	pieces     int // in all the tokens
}

// line is one set line: its items (pieces, spaces included) and width, all
// in ems.
type line struct {
	items      []piece
	spaces     int // space items, for justification
	w          float64
	indent     float64
	marker     string // the list marker this line carries
	markerFont *Font
	lastOfPara bool
	paraStart  bool
	afterGap   float64 // space before this line, in lines
}

// LayoutText sets s in box with style st, appending its drawing operations
// to ops. icons resolves inline icon names; nil means no icons.
func LayoutText(ops []draw.Op, s string, box layout.Rect, st TextStyle, icons *IconSet) ([]draw.Op, TextResult) {
	var res TextResult
	blocks, probs := parseMarkup(s, st.Plain)
	for _, p := range probs {
		res.Problems = append(res.Problems, Problem{Message: p.msg})
	}
	paras := tokenize(blocks, st, icons, &res)
	if st.LineHeight <= 0 {
		st.LineHeight = 1.2
	}
	size := st.Size
	lines, broken := breakLines(paras, box.W/ptToMM(size), st.Wrap)
	if st.Shrink && !fits(lines, broken, box, size, st) {
		lo, hi := st.MinSize, size
		if lo <= 0 || lo > hi {
			lo = math.Min(hi, 4)
		}
		size = lo
		if l, b := breakLines(paras, box.W/ptToMM(lo), st.Wrap); fits(l, b, box, lo, st) {
			// binary search for the largest fitting size, to 0.05 pt
			for hi-lo > 0.05 {
				mid := (lo + hi) / 2
				if l, b := breakLines(paras, box.W/ptToMM(mid), st.Wrap); fits(l, b, box, mid, st) {
					lo = mid
				} else {
					hi = mid
				}
			}
			size = math.Floor(lo*20) / 20
		}
		lines, broken = breakLines(paras, box.W/ptToMM(size), st.Wrap)
		if !fits(lines, broken, box, size, st) {
			res.Overflow = true
		}
	}
	res.Size = size
	ops, cut := emitLines(ops, lines, box, size, st)
	if cut {
		res.Overflow = true
	}
	return ops, res
}

func ptToMM(pt float64) float64 { return pt * layout.MMPerPoint }

// tokenize turns blocks into words, spaces and breaks, choosing a font for
// every character (the fallback font where the chosen one lacks it), in
// time linear in the text: a piece's text grows in a buffer, not by
// concatenating strings.
func tokenize(blocks []block, st TextStyle, icons *IconSet, res *TextResult) []para {
	paras := make([]para, 0, len(blocks))
	t := &tokenizer{st: st, icons: icons, res: res}
	n := 0
	for _, b := range blocks {
		n += b.textLen()
	}
	// a word and a space every six or so characters: room for the pieces
	// of most texts at once
	t.pieces = make([]piece, 0, n/3+1)
	for _, b := range blocks {
		paras = append(paras, t.para(b))
	}
	return paras
}

// tokenizer is tokenize's state: what it reports in res, and the paragraph
// and word being built.
type tokenizer struct {
	st                  TextStyle
	icons               *IconSet
	res                 *TextResult
	missing, substitute runeSet

	p        para
	word     token // the word being built, when inWord
	inWord   bool
	buf      []byte // the text of the word's last piece, while it grows
	joinNext bool   // the next word continues a hyphenated one
	// pieces holds the pieces of every word and space, one after the
	// other, so that a word's are one slice of it (from wordFrom while it
	// is built), not a slice each
	pieces   []piece
	wordFrom int
}

// para tokenizes one block.
func (t *tokenizer) para(b block) para {
	t.p = para{marker: b.marker, tokens: make([]token, 0, b.textLen()/3+1)} // a word and a space every six or so characters
	from := len(t.pieces)
	t.inWord, t.buf, t.joinNext = false, t.buf[:0], false
	if b.marker != "" {
		t.p.markerFont = markerFace(t.st.Family.Face(t.st.Style), t.st.Style, b.marker)
		t.p.indent = t.p.markerFont.Width(b.marker + " ")
	}
	for _, sp := range b.spans {
		style := combine(t.st.Style, sp.style)
		font := t.st.Family.Face(style)
		switch {
		case sp.icon != "":
			t.icon(sp.icon)
		case sp.text == "\n":
			t.endWord()
			t.joinNext = false
			t.p.tokens = append(t.p.tokens, token{kind: tokBreak})
		default:
			for _, r := range sp.text {
				t.char(r, sp.nobreak, style, font)
			}
		}
	}
	t.endWord()
	t.p.pieces = len(t.pieces) - from
	return t.p
}

// seal stores the text of the word's last piece.
func (t *tokenizer) seal() {
	if len(t.buf) > 0 {
		t.pieces[len(t.pieces)-1].text = string(t.buf)
		t.buf = t.buf[:0]
	}
}

func (t *tokenizer) endWord() {
	if t.inWord {
		t.seal()
		t.word.pieces = t.pieces[t.wordFrom:len(t.pieces):len(t.pieces)]
		t.p.tokens = append(t.p.tokens, t.word)
		t.inWord = false
	}
}

func (t *tokenizer) startWord() {
	if !t.inWord {
		t.word, t.inWord, t.wordFrom = token{kind: tokWord, joined: t.joinNext}, true, len(t.pieces)
		t.joinNext = false
	}
}

// icon adds an icon to the word, or reports it unknown.
func (t *tokenizer) icon(name string) {
	ic := t.icons.Lookup(name)
	if ic == nil {
		t.res.Problems = append(t.res.Problems, Problem{Icon: name})
		return
	}
	t.startWord()
	t.seal()
	t.pieces = append(t.pieces, piece{icon: ic, w: iconAdvance})
	t.word.w += iconAdvance
}

// char adds one character of a span in style, drawn in font: a space ends
// the word (but in a no-break span), a hyphen or slash inside a word lets
// the line break after it.
func (t *tokenizer) char(r rune, nobreak bool, style Style, font *Font) {
	if (r == ' ' || r == '\t') && nobreak {
		r = ' ' // in a no-break span: part of the word
	} else if r == ' ' || r == '\t' {
		t.space(style, font)
		return
	}
	if unicode.IsControl(r) {
		return
	}
	f, adv, ok := t.face(r, style, font)
	if !ok {
		return
	}
	t.startWord()
	word := &t.word
	if last := len(t.pieces) - 1; last < t.wordFrom || t.pieces[last].font != f || t.pieces[last].icon != nil {
		t.seal()
		t.pieces = append(t.pieces, piece{font: f})
	}
	t.buf = utf8.AppendRune(t.buf, r)
	t.pieces[len(t.pieces)-1].w += adv
	word.w += adv
	if (r == '-' || r == '–' || r == '/') && word.w > adv && !nobreak {
		// a line may break after a hyphen or slash inside a word
		t.endWord()
		t.joinNext = true
	}
}

// space ends the word and adds a space.
func (t *tokenizer) space(style Style, font *Font) {
	t.endWord()
	t.joinNext = false
	sf := font
	sw, ok := sf.Advance(' ')
	if !ok {
		// a font without a space takes the Go font's
		sf = fallbackFor(style, ' ')
		sw, _ = sf.Advance(' ')
	}
	t.pieces = append(t.pieces, piece{font: sf, text: " ", w: sw})
	n := len(t.pieces)
	t.p.tokens = append(t.p.tokens, token{kind: tokSpace, pieces: t.pieces[n-1 : n : n], w: sw})
}

// face returns the font r is drawn in and its advance: font, or the
// fallback font where font lacks it (reported in Substitute); not ok when
// no font has it (reported in Missing).
func (t *tokenizer) face(r rune, style Style, font *Font) (*Font, float64, bool) {
	adv, ok := font.Advance(r)
	if ok && printable(r) {
		return font, adv, true
	}
	var fb *Font
	if printable(r) {
		fb = fallbackFor(style, r)
	}
	if fb == nil {
		t.res.Missing = t.missing.add(t.res.Missing, r)
		return nil, 0, false
	}
	t.res.Substitute = t.substitute.add(t.res.Substitute, r)
	adv, _ = fb.Advance(r)
	return fb, adv, true
}

// markerFace is the face a list marker is drawn in: the text's own, or
// the Go font's when the text's lacks one of the marker's characters.
func markerFace(base *Font, style Style, marker string) *Font {
	for _, r := range marker + " " {
		if !base.Has(r) {
			return fallbackFor(style, r)
		}
	}
	return base
}

// fallbackFor returns the Go face that can draw r, trying the wanted style
// first.
func fallbackFor(style Style, r rune) *Font {
	fams := goFonts()
	for _, name := range []string{"go", "mono"} {
		if f := fams[name].Face(style); f.Has(r) {
			return f
		}
	}
	return nil
}

// RuneList names characters for a message: `'é' (U+00E9)` for one,
// `3 characters: 'a' (U+0061), …` for more, the first five of them.
func RuneList(rs []rune) string {
	var b strings.Builder
	if len(rs) > 1 {
		fmt.Fprintf(&b, "%d characters: ", len(rs))
	}
	for i, r := range rs {
		if i == 5 {
			b.WriteString(", …")
			break
		}
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%q (U+%04X)", r, r)
	}
	return b.String()
}

// ItThey is "it is" for one thing, "they are" for more.
func ItThey(n int) string {
	if n == 1 {
		return "it is"
	}
	return "they are"
}

// runeSet remembers the runes a list holds, so that adding to it stays
// cheap however many different runes a text has.
type runeSet map[rune]bool

// add appends r to list unless the set has it.
func (s *runeSet) add(list []rune, r rune) []rune {
	if (*s)[r] {
		return list
	}
	if *s == nil {
		*s = runeSet{} // made on the first: most texts have none
	}
	(*s)[r] = true
	return append(list, r)
}

// UnknownIcon is the message for an icon name the set lacks: with the
// nearest name, or some of the names when none is near.
func UnknownIcon(name string, icons *IconSet, hints NameHints) string {
	names := icons.sortedNames()
	if near := hints.Suggest(name, names); near != "" {
		return fmt.Sprintf("unknown icon :%s:; did you mean :%s:?", name, near)
	}
	return fmt.Sprintf("unknown icon :%s:; icons: %s", name, hints.List(names))
}

// combine adds markup emphasis to a base style.
func combine(base, markup Style) Style {
	bold := base == Bold || base == BoldItalic || markup == Bold || markup == BoldItalic
	italic := base == Italic || base == BoldItalic || markup == Italic || markup == BoldItalic
	return styleOf(bold, italic)
}

// styleOf is the style that is bold, italic, both or neither.
func styleOf(bold, italic bool) Style {
	switch {
	case bold && italic:
		return BoldItalic
	case bold:
		return Bold
	case italic:
		return Italic
	}
	return Regular
}

// breakLines sets the paragraphs into lines of at most width ems (no limit
// when !wrap). broken reports whether a word had to be cut inside.
func breakLines(paras []para, width float64, wrap bool) (lines []line, broken bool) {
	if !wrap {
		width = math.Inf(1)
	}
	pieces := 0
	for _, p := range paras {
		pieces += p.pieces
	}
	// room for every piece of the words and spaces (a word cut across
	// lines adds a few more)
	b := &lineBreaker{items: make([]piece, 0, pieces+len(paras))}
	for pi, p := range paras {
		gap := 0.0
		if pi > 0 {
			gap = paragraphGap
			if p.marker != "" && paras[pi-1].marker != "" {
				gap = bulletGap
			}
		}
		b.indent, b.avail, b.pending = p.indent, width-p.indent, nil
		b.cur = line{indent: p.indent, marker: p.marker, markerFont: p.markerFont, paraStart: true, afterGap: gap}
		for _, t := range p.tokens {
			switch t.kind {
			case tokSpace:
				if b.filled() && b.pending == nil {
					b.pending = &t.pieces[0]
				}
			case tokBreak:
				b.cur.lastOfPara = true // a forced break is never justified
				b.flush()
			case tokWord:
				b.word(t)
			}
		}
		b.cur.lastOfPara = true
		b.flush()
	}
	return b.lines, b.broken
}

// lineBreaker is breakLines' state: the lines set, the line being filled
// and the paragraph's measures.
type lineBreaker struct {
	lines   []line
	broken  bool
	cur     line    // the line being filled, but its items
	pending *piece  // a space waiting for the next word
	indent  float64 // the paragraph's, in ems
	avail   float64 // the width a line of the paragraph has, in ems
	// items holds every line's items, one line after the other, so that
	// a line's are one slice of it (from from while it is filled)
	items []piece
	from  int
}

// filled reports whether the current line has items.
func (b *lineBreaker) filled() bool { return len(b.items) > b.from }

// flush ends the current line and starts the next of the paragraph.
func (b *lineBreaker) flush() {
	b.cur.items = b.items[b.from:len(b.items):len(b.items)]
	b.from = len(b.items)
	b.lines = append(b.lines, b.cur)
	b.cur = line{indent: b.indent}
	b.pending = nil
}

// word sets a word: after the pending space when both fit, else on a new
// line, cut between characters when it is longer than a line.
func (b *lineBreaker) word(t token) {
	if t.joined {
		b.pending = nil
	}
	extra := 0.0
	if b.pending != nil {
		extra = b.pending.w
	}
	if b.cur.w+extra+t.w <= b.avail+1e-9 {
		if b.pending != nil {
			b.items = append(b.items, *b.pending)
			b.cur.spaces++
			b.cur.w += b.pending.w
		}
		b.pending = nil
		b.items = append(b.items, t.pieces...)
		b.cur.w += t.w
		return
	}
	if b.filled() {
		b.flush()
	}
	if t.w <= b.avail+1e-9 {
		b.items = append(b.items, t.pieces...)
		b.cur.w += t.w
		return
	}
	// a word longer than the line: cut it between characters
	b.broken = true
	for _, pc := range t.pieces {
		b.cut(pc)
	}
}

// cut sets one piece of a word longer than a line: an icon whole, text
// cut between characters where a line is full.
func (b *lineBreaker) cut(pc piece) {
	if pc.icon != nil {
		if b.cur.w+pc.w > b.avail+1e-9 && b.filled() {
			b.flush()
		}
		b.items = append(b.items, pc)
		b.cur.w += pc.w
		return
	}
	// the characters of pc[start:i], w wide, go on the current line
	start, w := 0, 0.0
	for i, r := range pc.text {
		a, _ := pc.font.Advance(r)
		if b.cur.w+w+a > b.avail+1e-9 && (b.filled() || i > start) {
			if i > start {
				b.items = appendPiece(b.items, b.from, piece{font: pc.font, text: pc.text[start:i], w: w})
				b.cur.w += w
			}
			b.flush()
			start, w = i, 0
		}
		w += a
	}
	if start < len(pc.text) {
		b.items = appendPiece(b.items, b.from, piece{font: pc.font, text: pc.text[start:], w: w})
		b.cur.w += w
	}
}

// appendPiece adds p to items, merging it into the last piece (when it
// is at from or after) when both are text in the same font.
func appendPiece(items []piece, from int, p piece) []piece {
	if n := len(items); n > from && p.icon == nil && items[n-1].icon == nil && items[n-1].font == p.font && items[n-1].text != " " {
		items[n-1].text += p.text
		items[n-1].w += p.w
		return items
	}
	return append(items, p)
}

// blockHeight returns the height of the lines in mm at size, gaps included.
func blockHeight(lines []line, size, lineHeight float64) float64 {
	h := 0.0
	for _, l := range lines {
		h += (1 + l.afterGap) * ptToMM(size) * lineHeight
	}
	return h
}

// fits reports whether lines set at size fit the box: no word cut (when
// wrapping), no line too wide (when not), and not too tall.
func fits(lines []line, broken bool, box layout.Rect, size float64, st TextStyle) bool {
	if broken {
		return false
	}
	for _, l := range lines {
		if (l.w+l.indent)*ptToMM(size) > box.W+1e-9 {
			return false
		}
	}
	return blockHeight(lines, size, st.LineHeight) <= box.H+1e-9
}

// emitLines turns set lines into operations inside box. Lines that do not
// fit below the box's bottom, and characters beyond its right edge, are
// cut; cut reports whether anything was.
func emitLines(ops []draw.Op, lines []line, box layout.Rect, size float64, st TextStyle) ([]draw.Op, bool) {
	e := &lineEmitter{ops: ops, box: box, size: size, em: ptToMM(size), st: st}
	pitch := e.em * st.LineHeight
	top, baseline := lineBox(lines, box, size, st)
	cut := false
	y := top
	for _, l := range lines {
		y += l.afterGap * pitch
		if y+pitch > box.Bottom()+1e-9 {
			cut = true
			break
		}
		if e.line(l, y+baseline) {
			cut = true
		}
		y += pitch
	}
	for _, r := range e.runs {
		r.op.Text = r.b.String()
	}
	return e.ops, cut
}

// lineBox returns the top of the first line, set in box by the vertical
// alignment, and the baseline's depth inside a line: a centred glyph box,
// but the ascender never rises above the line.
func lineBox(lines []line, box layout.Rect, size float64, st TextStyle) (top, baseline float64) {
	em := ptToMM(size)
	pitch := em * st.LineHeight
	base := st.Family.Face(st.Style)
	total := blockHeight(lines, size, st.LineHeight)
	top = box.Y
	if total < box.H {
		switch st.VAlign {
		case VAlignMiddle:
			top += (box.H - total) / 2
		case VAlignBottom:
			top += box.H - total
		}
	}
	ascent, descent := base.Ascent*em, base.Descent*em
	baseline = math.Max((pitch-(ascent+descent))/2, 0) + ascent
	baseline = math.Min(baseline, pitch-math.Min(descent, pitch-ascent))
	return top, baseline
}

// lineEmitter is emitLines' state: the operations so far and the text
// runs whose text is still growing.
type lineEmitter struct {
	ops  []draw.Op
	runs []*textRun
	box  layout.Rect
	size float64
	em   float64 // mm a font unit of the text's size
	st   TextStyle
}

// line emits one line on the baseline by and reports whether its end was
// cut at the box's right edge.
func (e *lineEmitter) line(l line, by float64) (cut bool) {
	x, spaceExtra := e.start(l)
	if l.marker != "" {
		e.ops = append(e.ops, &draw.TextOp{Font: l.markerFont, Size: e.size, Colour: e.st.Colour, X: x, Y: by, Text: l.marker})
	}
	x += l.indent * e.em
	var run *textRun
	for _, it := range l.items {
		w := it.w * e.em
		if it.text == " " {
			x += w + spaceExtra
			if run != nil && spaceExtra == 0 && run.op.Font == it.font {
				run.b.WriteByte(' ')
			} else {
				run = nil
			}
			continue
		}
		if x+w > e.box.Right()+1e-6 {
			if it.icon == nil {
				e.fitting(&run, it, x, by)
			}
			return true
		}
		if it.icon != nil {
			side := iconEm * e.em
			ib := layout.Rect{X: x + (w-side)/2, Y: by - side, W: side, H: side}
			e.ops = it.icon.Draw(e.ops, ib, e.st.Colour, e.st.Budget)
			run = nil
		} else {
			e.ops = appendRun(e.ops, &run, &e.runs, it.font, e.size, e.st.Colour, x, by, it.text)
		}
		x += w
	}
	return false
}

// start returns where line l starts by the alignment, and the width
// added to each of its spaces when justified.
func (e *lineEmitter) start(l line) (x, spaceExtra float64) {
	box := e.box
	width := (l.w + l.indent) * e.em
	x = box.X
	switch e.st.Align {
	case AlignCenter:
		x += (box.W - width) / 2
	case AlignRight:
		x += box.W - width
	case AlignJustify:
		if !l.lastOfPara && l.spaces > 0 && width < box.W {
			spaceExtra = (box.W - width) / float64(l.spaces)
		}
	}
	if width > box.W+1e-9 {
		x = box.X // too wide (no wrap): keep the start, cut the end
	}
	return x, spaceExtra
}

// fitting emits the characters of it, at x, that still fit before the
// box's right edge.
func (e *lineEmitter) fitting(run **textRun, it piece, x, by float64) {
	n, kw := 0, 0.0
	for i, r := range it.text {
		a, _ := it.font.Advance(r)
		if x+(kw+a)*e.em > e.box.Right()+1e-6 {
			break
		}
		n = i + utf8.RuneLen(r)
		kw += a
	}
	if n > 0 {
		e.ops = appendRun(e.ops, run, &e.runs, it.font, e.size, e.st.Colour, x, by, it.text[:n])
	}
}

// textRun is a text operation whose text is still growing.
type textRun struct {
	op *draw.TextOp
	b  strings.Builder
}

// appendRun extends the current run when it continues in the same font,
// or starts a new text operation (listed in runs, whose texts are set
// once the lines are done).
func appendRun(ops []draw.Op, run **textRun, runs *[]*textRun, f *Font, size float64, c draw.Colour, x, y float64, text string) []draw.Op {
	if r := *run; r != nil && r.op.Font == f {
		r.b.WriteString(text)
		return ops
	}
	t := &textRun{op: &draw.TextOp{Font: f, Size: size, Colour: c, X: x, Y: y}}
	t.b.WriteString(text)
	*run = t
	*runs = append(*runs, t)
	return append(ops, t.op)
}
