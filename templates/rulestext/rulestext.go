// Package rulestext makes a game's rules into reference cards and a rules
// sheet.
//
// A rules file starts with `rules: <game title>` and holds sections, each a
// heading with text (paragraphs, bullet and numbered lists, **bold**,
// *italic*, inline :icons:) and example diagrams: a row of small cards with
// icons on them, icons with labels, and short texts ("= 0 points").
//
// The text flows across card faces in order (card 1 front, card 1 back,
// card 2 front …) by the keep-together rules of [typeset.Flow]: list
// items, short paragraphs and a paragraph with its example move whole, a
// heading keeps two lines of what follows, a long paragraph splits at a
// line with a "continued" mark. The font size is chosen for the whole
// document: the largest that fits within max-cards cards, never below
// min-size (6.5 pt); then the text is balanced over every face of those
// cards. The same text also sets a one- or two-page rules sheet in two
// balanced columns (one on a narrow page).
package rulestext

import (
	"fmt"
	"math"
	"strconv"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/layout"

	"github.com/deckpress/deckpress/templates/draw"
	"github.com/deckpress/deckpress/templates/typeset"
)

// Doc is a rules file.
type Doc struct {
	Path     string
	Title    string
	Pos      cards.Pos
	Size     *cards.Node // card size, nil: poker
	Print    cards.Print
	MaxCards int     // default 2
	MinSize  float64 // points, default 6.5
	MaxSize  float64 // points, default 10
	Copies   int     // sets of cards to print; 0 (the default): as many as fill the sheet
	Accent   draw.Colour
	Font     string    // the text's family, "": the built-in default
	FontPos  cards.Pos // where Font was written
	fam      *typeset.Family
	Blocks   []typeset.FlowBlock
	Where    []cards.Pos // where each block was written
	// Sections counts the headings.
	Sections int
	text     int // bytes of text so far, against MaxText
}

// useFont resolves the file's font family among the fonts, once, before
// the text is set; an unknown one is an error at its line.
func (d *Doc) useFont(fonts *typeset.FontSet) cards.Diagnostics {
	var diags cards.Diagnostics
	d.fam = nil
	if d.Font == "" {
		return diags
	}
	fam, style, err := fonts.Resolve(d.Font)
	switch {
	case err != nil:
		diags.Errorf(d.FontPos, "font: %v", err)
	case style != typeset.Regular:
		diags.Errorf(d.FontPos, "font: %q: give a family; the rules set their own bold and italic", d.Font)
	default:
		d.fam = fam
	}
	return diags
}

// face is the family the text is set in.
func (d *Doc) face(fonts *typeset.FontSet) *typeset.Family {
	if d.fam != nil {
		return d.fam
	}
	return fonts.Fallback
}

// Defaults of a rules file.
const (
	DefaultMaxCards = 2
	DefaultMinSize  = 6.5
	DefaultBleed    = "1.5mm"
	DefaultMaxSize  = 10.0
	sizeStep        = 0.25
)

// itemShape is one element of an example diagram.
var itemShape = &cards.Shape{Type: "object", Title: "diagram item", Desc: "a small card with icons on it, an icon with a label, or a short text", Props: []cards.Prop{
	cards.P("card", cards.Text("a small card's title")), cards.P("on", cards.List("icons lying on the card", cards.Text("an icon"))),
	cards.P("icon", cards.Text("an icon")), cards.P("label", cards.Text("the label under the icon")),
	cards.P("text", cards.Text("a short text, such as \"= 0 points\""))}}

// sectionShape is a section of a rules file.
var sectionShape = &cards.Shape{Type: "object", Title: "section", Desc: "a section: a heading, text, an example diagram, more text", Required: []string{"heading"}, Props: []cards.Prop{
	cards.P("heading", cards.Text("the section's heading")),
	cards.P("text", cards.Text("paragraphs, - bullet and 1. numbered lists, **bold**, *italic*, :icons:")),
	cards.P("example", cards.List("a diagram row", itemShape)),
	cards.P("more", cards.Text("text after the example")),
}}

// Shape is a rules file.
var Shape = &cards.Shape{Type: "object", Title: "rules file", Desc: "a game's rules, for reference cards and a rules sheet", Required: []string{"rules", "sections"}, Props: []cards.Prop{
	cards.P("rules", cards.Text("the game's title, on every face")),
	cards.P("size", cards.Any("card size (default poker)")),
	cards.P("print", cards.PrintShape),
	cards.P("max-cards", cards.Whole("at most this many cards (default 2)")),
	cards.P("min-size", cards.Length("the smallest text size, points (default 6.5)")),
	cards.P("max-size", cards.Length("the largest text size, points (default 10)")),
	cards.P("copies", cards.Whole("sets of cards to print (default: as many whole sets as fill the sheet)")),
	cards.P("accent", cards.Text("colour of headings and diagrams")),
	cards.P("font", cards.Text("the font family of the text: a built-in one, go (default) or dejavu")),
	cards.P("sections", cards.List("the sections, in order", sectionShape)),
}}

var (
	docKeys     = Shape.Keys()
	sectionKeys = sectionShape.Keys()
	itemKeys    = itemShape.Keys()
)

// Read reads a rules file from a parsed document.
func Read(path string, root *cards.Node) (*Doc, cards.Diagnostics) {
	var diags cards.Diagnostics
	d := &Doc{Path: path, MaxCards: DefaultMaxCards, MinSize: DefaultMinSize, MaxSize: DefaultMaxSize,
		Accent: draw.Colour{R: 0x2f, G: 0x3e, B: 0x66, A: 255}}
	m := diags.Map(root, "rules file", docKeys...)
	if m == nil {
		return nil, diags
	}
	diags.Require(m, "a rules file", "rules", "sections")
	if n := m.Get("rules"); n != nil {
		d.Title, _ = diags.Text(n, "rules")
		d.Pos = n.Pos
	}
	d.Size = m.Get("size")
	if n := m.Get("print"); n != nil {
		var ds cards.Diagnostics
		d.Print, ds = cards.ReadPrint(n)
		diags = diags.Extend(ds)
	}
	if d.Print["bleed"] == nil && d.Print["gutter"] == nil {
		// the title band runs to the bleed, so a cut that misses shows the
		// card's own colour, never the next card's
		if d.Print == nil {
			d.Print = cards.Print{}
		}
		d.Print["bleed"] = cards.Scalar(DefaultBleed, d.Pos)
	}
	if n := m.Get("max-cards"); n != nil {
		d.MaxCards, _ = diags.Int(n, "max-cards", 1, 50)
	}
	if n := m.Get("copies"); n != nil {
		d.Copies, _ = diags.Int(n, "copies", 1, 100)
	}
	if n := m.Get("min-size"); n != nil {
		d.MinSize, _ = diags.Float(n, "min-size", 4, 30)
	}
	if n := m.Get("max-size"); n != nil {
		d.MaxSize, _ = diags.Float(n, "max-size", 4, 30)
	}
	if d.MaxSize < d.MinSize {
		diags.Errorf(d.Pos, "max-size (%gpt) is below min-size (%gpt)", d.MaxSize, d.MinSize)
	}
	if n := m.Get("font"); n != nil {
		if s, ok := diags.Text(n, "font"); ok {
			d.Font, d.FontPos = s, n.Pos
		}
	}
	if n := m.Get("accent"); n != nil {
		if s, ok := diags.Text(n, "accent"); ok {
			c, err := draw.ParseColour(s)
			if err != nil {
				diags.Errorf(n.Pos, "accent: %v", err)
			} else {
				d.Accent = c
			}
		}
	}
	for _, sn := range diags.List(m.Get("sections"), "sections") {
		sm := diags.Map(sn, "section", sectionKeys...)
		if sm == nil {
			continue
		}
		diags.Require(sm, "a section", "heading")
		if h := sm.Get("heading"); h != nil {
			if s, ok := diags.Text(h, "heading"); ok {
				d.add(typeset.FlowBlock{Heading: s}, h.Pos)
				d.Sections++
			}
		}
		if t := sm.Get("text"); t != nil {
			diags = diags.Extend(d.addText(t))
		}
		if e := sm.Get("example"); e != nil {
			diags = diags.Extend(d.addExample(e))
		}
		if t := sm.Get("more"); t != nil {
			diags = diags.Extend(d.addText(t))
		}
	}
	if m.Has("sections") && d.Sections == 0 {
		diags.Errorf(m.Get("sections").Pos, "sections: a rules file needs at least one section")
	}
	return d, diags
}

func (d *Doc) addText(n *cards.Node) cards.Diagnostics {
	var diags cards.Diagnostics
	s, ok := diags.Text(n, "text")
	if !ok {
		return diags
	}
	for _, r := range s {
		if r > 0xFFFF {
			diags.Errorf(n.Pos, "character %q (U+%04X) cannot be printed (no emoji); use an icon such as :star:", r, r)
			return diags
		}
	}
	if d.text += len(s); d.text > MaxText {
		diags.Errorf(n.Pos, "the rules hold more than %d bytes of text, more than %d cards hold; shorten them", MaxText, 50)
		return diags
	}
	d.add(typeset.FlowBlock{Text: s}, n.Pos)
	return diags
}

// MaxText is the most text a rules file may hold, in bytes: about what
// 50 poker cards (the most max-cards allows), both sides, hold at 4 pt.
// Past it, the search for a size would flow a text that cannot fit.
const MaxText = 256 << 10

// add appends a block written at pos.
func (d *Doc) add(b typeset.FlowBlock, pos cards.Pos) {
	d.Blocks = append(d.Blocks, b)
	d.Where = append(d.Where, pos)
}

func (d *Doc) addExample(n *cards.Node) cards.Diagnostics {
	var diags cards.Diagnostics
	var b typeset.FlowBlock
	for _, in := range diags.List(n, "example") {
		im := diags.Map(in, "example item", itemKeys...)
		if im == nil {
			continue
		}
		var it typeset.ExampleItem
		kinds := 0
		if v := im.Get("card"); v != nil {
			it.Card, _ = diags.Text(v, "card")
			kinds++
			for _, o := range diags.List(im.Get("on"), "on") {
				if s, ok := diags.Text(o, "on"); ok {
					it.On = append(it.On, s)
				}
			}
		} else if v := im.Get("on"); v != nil {
			diags.Errorf(v.Pos, "on: lists the icons lying on a card; give the card too")
		}
		if v := im.Get("icon"); v != nil {
			it.Icon, _ = diags.Text(v, "icon")
			kinds++
		}
		if v := im.Get("label"); v != nil {
			it.Label, _ = diags.Text(v, "label")
			if it.Icon == "" {
				diags.Errorf(v.Pos, "label: goes under an icon; give the icon too")
			}
		}
		if v := im.Get("text"); v != nil {
			it.Text, _ = diags.Text(v, "text")
			kinds++
		}
		if kinds != 1 {
			diags.Errorf(in.Pos, "an example item is one of card (with on), icon (with label) or text")
			continue
		}
		b.Example = append(b.Example, it)
	}
	if len(b.Example) > 0 {
		d.add(b, n.Pos)
	}
	return diags
}

// Layout of a rules card face, in mm.
const (
	bandH     = 10.0
	padding   = 4.5 // text keeps 4 mm inside the trim, whatever the cut
	footerH   = 6.5
	footTextH = 2.6
	safe      = 4.0
	sheetMarg = 12.0
	// narrowPage is the width below which a sheet has one column
	narrowPage = 160.0
)

// Cards sets the text on the faces of at most MaxCards cards of the given
// size, at the largest size that fits. It returns the faces (front, back
// per card), the size used, the flow log and the problems found.
func (d *Doc) Cards(card layout.Size, fonts *typeset.FontSet, icons *typeset.IconSet) ([]draw.Pair, float64, []typeset.FlowEntry, cards.Diagnostics) {
	diags := d.useFont(fonts)
	if diags.HasErrors() {
		return nil, 0, nil, diags
	}
	frame := layout.Rect{X: padding, Y: bandH + 2, W: card.W - 2*padding, H: card.H - bandH - 2 - footerH - 1}
	frames := func(n int) []layout.Rect {
		fs := make([]layout.Rect, n)
		for i := range fs {
			fs[i] = frame
		}
		return fs
	}
	size, res, ok := d.fit(frames(2*d.MaxCards), fonts, icons)
	if !ok {
		_, more, _ := d.flowAt(d.MinSize, frames(400), frame.H, fonts, icons)
		diags = diags.Extend(d.report(more, icons))
		if !more.Fits {
			diags.Errorf(d.Pos, "the rules cannot be set on cards of this size even at %gpt (see the warnings)", d.MinSize)
			return nil, 0, nil, diags
		}
		need := (len(more.Frames) + 1) / 2
		diags.Errorf(d.Pos, "the rules need %d cards at %gpt, the smallest size allowed; max-cards is %d (raise it, or shorten the text)", need, d.MinSize, d.MaxCards)
		return nil, 0, nil, diags
	}
	diags = diags.Extend(d.report(res, icons))
	res = d.balance(size, frames(2*d.MaxCards), 2, res, fonts, icons)
	used := len(res.Frames)
	total := used
	// frame n goes on card n/2, front then back; a card's back with no
	// frame left is a blank closing face
	face := func(n int) *draw.Face {
		if n >= used {
			return d.decorate(card, fonts, -1, total, nil)
		}
		return d.decorate(card, fonts, n, total, res.Frames[n])
	}
	faces := make([]draw.Pair, (used+1)/2)
	for i := range faces {
		faces[i] = draw.Pair{Front: face(2 * i), Back: face(2*i + 1)}
	}
	return faces, size, res.Log, diags
}

// fit finds the largest size in steps of 0.25 pt, from MaxSize down to
// MinSize, at which the text fits the frames. A text that does not fit at
// MinSize is known after one flow; otherwise a binary search over the
// steps (a smaller size never takes more room) takes a few.
func (d *Doc) fit(frames []layout.Rect, fonts *typeset.FontSet, icons *typeset.IconSet) (float64, typeset.FlowResult, bool) {
	steps := int(math.Round((d.MaxSize - d.MinSize) / sizeStep))
	size := func(k int) float64 { // step k: 0 is MaxSize, steps is MinSize
		if k == steps {
			return d.MinSize
		}
		return d.MaxSize - float64(k)*sizeStep
	}
	_, res, ok := d.flowAt(size(steps), frames, tallest(frames), fonts, icons)
	if !ok {
		return 0, typeset.FlowResult{}, false
	}
	// step hi fits, and res is its flow; find the smallest step that fits
	lo, hi := 0, steps
	for lo < hi {
		mid := (lo + hi) / 2
		if _, r, ok := d.flowAt(size(mid), frames, tallest(frames), fonts, icons); ok {
			hi, res = mid, r
		} else {
			lo = mid + 1
		}
	}
	return size(hi), res, true
}

// balance spreads a flow that fits over whole cards (or pages): the frames
// it uses rounded up to a multiple of per, each frame's height capped as
// low as the text still fits, so that the last face is no stub and no face
// is empty. A text too short to give each of those frames a third of a
// frame keeps the flow it had.
func (d *Doc) balance(size float64, frames []layout.Rect, per int, res typeset.FlowResult, fonts *typeset.FontSet, icons *typeset.IconSet) typeset.FlowResult {
	n := (len(res.Frames) + per - 1) / per * per
	if n > len(frames) {
		return res
	}
	capped := func(c float64) []layout.Rect {
		fs := append([]layout.Rect(nil), frames[:n]...)
		for i := range fs {
			fs[i].H = math.Min(fs[i].H, c)
		}
		return fs
	}
	lo, hi := 0.0, tallest(frames[:n])
	best, hi0 := res, hi
	for hi-lo > 0.1 {
		mid := (lo + hi) / 2
		if _, r, ok := d.flowAt(size, capped(mid), hi0, fonts, icons); ok {
			hi, best = mid, r
		} else {
			lo = mid
		}
	}
	if len(best.Frames) != n || usedIn(best, n-1) < frames[n-1].H/3 {
		return res
	}
	return best
}

// usedIn is the height the flow fills in frame f, from the top of its
// first entry to the bottom of its last.
func usedIn(res typeset.FlowResult, f int) float64 {
	top, bottom := math.Inf(1), math.Inf(-1)
	for _, e := range res.Log {
		if e.Frame == f {
			top, bottom = math.Min(top, e.Y), math.Max(bottom, e.Y+e.H)
		}
	}
	return math.Max(0, bottom-top)
}

// tallest is the height of the tallest frame.
func tallest(frames []layout.Rect) float64 {
	h := 0.0
	for _, f := range frames {
		h = math.Max(h, f.H)
	}
	return h
}

// flowAt flows the text at size into frames, short sections measured
// against a face faceH tall.
func (d *Doc) flowAt(size float64, frames []layout.Rect, faceH float64, fonts *typeset.FontSet, icons *typeset.IconSet) (float64, typeset.FlowResult, bool) {
	st := typeset.FlowStyle{Family: d.face(fonts), Size: size, Colour: draw.Black, Accent: d.Accent, LineHeight: 1.18, MinSize: d.MinSize, FaceH: faceH}
	res := typeset.Flow(d.Blocks, frames, st, icons)
	return size, res, res.Fits
}

// report returns the flow's markup problems as diagnostics, at their
// blocks.
func (d *Doc) report(res typeset.FlowResult, icons *typeset.IconSet) cards.Diagnostics {
	var diags cards.Diagnostics
	for _, p := range res.Problems {
		if p.Error() {
			diags.Errorf(d.Where[p.Block], "%s", p.Text(icons, nameHints))
		} else {
			diags.Warnf(d.Where[p.Block], "%s", p.Message)
		}
	}
	return diags
}

// decorate draws a card face: the title band with "n/m", and the flowed
// content (n < 0: a blank closing face).
func (d *Doc) decorate(card layout.Size, fonts *typeset.FontSet, n, total int, content []draw.Op) *draw.Face {
	white := draw.Colour{R: 255, G: 255, B: 255, A: 255}
	var ops []draw.Op
	ops = append(ops, &draw.PathOp{Path: layout.RectPath(layout.Rect{X: -20, Y: -20, W: card.W + 40, H: card.H + 40}), Fill: white})
	ops = append(ops, &draw.PathOp{Path: layout.RectPath(layout.Rect{X: -20, Y: -20, W: card.W + 40, H: bandH + 20}), Fill: d.Accent})
	head := typeset.TextStyle{Family: d.face(fonts), Style: typeset.Bold, Size: 8, Colour: white, VAlign: typeset.VAlignMiddle, Shrink: true, MinSize: 5, Plain: true, LineHeight: 1.1}
	ops, _ = typeset.LayoutText(ops, d.Title, layout.Rect{X: padding, Y: safe, W: card.W - 2*padding - 10, H: bandH - safe - 0.5}, head, nil)
	page := head
	page.Style, page.Align = typeset.Regular, typeset.AlignRight
	label := "rules"
	if n >= 0 {
		label = strconv.Itoa(n+1) + "/" + strconv.Itoa(total)
	}
	ops, _ = typeset.LayoutText(ops, label, layout.Rect{X: card.W - padding - 10, Y: safe, W: 10, H: bandH - safe - 0.5}, page, nil)
	if n < 0 {
		icon := typeset.NewIconSet().Lookup("d20")
		side := card.W * 0.35
		ops = icon.Draw(ops, layout.Rect{X: (card.W - side) / 2, Y: (card.H - side) / 2, W: side, H: side}, draw.Colour{R: d.Accent.R, G: d.Accent.G, B: d.Accent.B, A: 60}, nil)
	}
	ops = append(ops, content...)
	foot := typeset.TextStyle{Family: d.face(fonts), Size: 6, Colour: draw.Colour{R: 140, G: 140, B: 140, A: 255}, Align: typeset.AlignCenter, Plain: true, LineHeight: 1}
	ops, _ = typeset.LayoutText(ops, fmt.Sprintf("%s · rules reference", d.Title), layout.Rect{X: padding, Y: card.H - safe - footTextH, W: card.W - 2*padding, H: footTextH}, foot, nil)
	return &draw.Face{Ops: ops}
}

// Sheet sets the text on one or two pages of the given paper, in two
// columns (one on a page narrower than 160 mm), at the largest size (up to
// 11 pt) that fits, the columns balanced.
// It returns the faces, the size used and the problems found.
func (d *Doc) Sheet(page layout.Size, fonts *typeset.FontSet, icons *typeset.IconSet) ([]draw.Pair, float64, cards.Diagnostics) {
	diags := d.useFont(fonts)
	if diags.HasErrors() {
		return nil, 0, diags
	}
	cols := 2
	if page.W < narrowPage {
		cols = 1
	}
	colW := (page.W - 2*sheetMarg - 8*float64(cols-1)) / float64(cols)
	col := func(p, c int) layout.Rect {
		top := sheetMarg
		if p == 0 {
			top = sheetMarg + 20
		}
		return layout.Rect{X: sheetMarg + float64(c)*(colW+8), Y: top, W: colW, H: page.H - top - sheetMarg - 6}
	}
	var frames []layout.Rect
	for p := 0; p < 2; p++ {
		for c := 0; c < cols; c++ {
			frames = append(frames, col(p, c))
		}
	}
	sheet := *d
	sheet.MaxSize = 11
	size, res, ok := sheet.fit(frames, fonts, icons)
	if !ok {
		diags.Errorf(d.Pos, "the rules do not fit a two-page sheet even at %gpt", d.MinSize)
		return nil, 0, diags
	}
	res = d.balance(size, frames, cols, res, fonts, icons)
	diags = diags.Extend(d.report(res, icons))
	pages := (len(res.Frames) + cols - 1) / cols
	var faces []draw.Pair
	grey := draw.Colour{R: 130, G: 130, B: 130, A: 255}
	for p := 0; p < pages; p++ {
		var ops []draw.Op
		if p == 0 {
			ops = append(ops, &draw.PathOp{Path: layout.RectPath(layout.Rect{X: 0, Y: 0, W: page.W, H: sheetMarg + 13}), Fill: d.Accent})
			title := typeset.TextStyle{Family: d.face(fonts), Style: typeset.Bold, Size: 20, Colour: draw.Colour{R: 255, G: 255, B: 255, A: 255}, VAlign: typeset.VAlignMiddle, Shrink: true, MinSize: 8, Plain: true, LineHeight: 1.1}
			ops, _ = typeset.LayoutText(ops, d.Title, layout.Rect{X: sheetMarg, Y: 4, W: page.W - 2*sheetMarg, H: sheetMarg + 5}, title, nil)
		}
		for c := 0; c < cols; c++ {
			if i := cols*p + c; i < len(res.Frames) {
				ops = append(ops, res.Frames[i]...)
			}
		}
		foot := typeset.TextStyle{Family: d.face(fonts), Size: 7, Colour: grey, Align: typeset.AlignCenter, Plain: true, LineHeight: 1}
		ops, _ = typeset.LayoutText(ops, fmt.Sprintf("%s · rules · page %d of %d", d.Title, p+1, pages), layout.Rect{X: sheetMarg, Y: page.H - sheetMarg, W: page.W - 2*sheetMarg, H: 5}, foot, nil)
		faces = append(faces, draw.Pair{Front: &draw.Face{Ops: ops}})
	}
	return faces, size, diags
}

// nameHints make the messages about unknown icons.
var nameHints = typeset.NameHints{Suggest: cards.Suggest, List: cards.ListChoices}
