package typeset

import (
	"fmt"
	"math"
	"strings"

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
}

// FlowEntry records what landed in which frame, for tests and messages.
type FlowEntry struct {
	Frame int
	What  string
}

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
	h            float64 // height, mm
	spaceBefore  float64 // dropped at the top of a frame
	keepWithNext bool
	what         string
	draw         func(ops []draw.Op, x, y, w float64) []draw.Op
}

// Flow sets blocks into frames in order: text runs on from frame to frame,
// splitting only between lines; a heading is never the last thing in a
// frame; an example is never split. All frames must have the same width.
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
	frame, y := 0, frames[0].Y
	res.Frames = [][]draw.Op{nil}
	for i, u := range units {
		top := y == frames[frame].Y
		sb := u.spaceBefore
		if top {
			sb = 0
		}
		// a heading needs room for what follows it: through a run of
		// headings (sections without text) to the first unit that is not one
		need := sb + u.h
		for j := i; units[j].keepWithNext && j+1 < len(units); j++ {
			need += units[j+1].spaceBefore + units[j+1].h
		}
		if y+need > frames[frame].Bottom()+1e-9 && !top {
			frame++
			if frame >= len(frames) {
				res.Fits = false
				return res
			}
			res.Frames = append(res.Frames, nil)
			y, sb = frames[frame].Y, 0
		}
		if y+sb+u.h > frames[frame].Bottom()+1e-9 {
			res.Fits = false // taller than a whole frame
		}
		f := frames[frame]
		res.Frames[frame] = u.draw(res.Frames[frame], f.X, y+sb, f.W)
		res.Log = append(res.Log, FlowEntry{Frame: frame, What: u.what})
		y += sb + u.h
	}
	return res
}

// flowUnits turns blocks into units at the style's size, for frames of
// width w.
func flowUnits(blocks []FlowBlock, w float64, st FlowStyle, icons *IconSet, res *FlowResult) []unit {
	em := ptToMM(st.Size)
	pitch := em * st.LineHeight
	body := TextStyle{Family: st.Family, Size: st.Size, Colour: st.Colour, LineHeight: st.LineHeight, Wrap: true}
	var units []unit
	section := "start" // the heading above, to name what lands where
	for bi, b := range blocks {
		switch {
		case b.Heading != "":
			section = b.Heading
			hs := body
			hs.Style, hs.Size, hs.Colour = Bold, st.Size*1.15, st.Accent
			hpitch := ptToMM(hs.Size) * st.LineHeight
			text := b.Heading
			units = append(units, unit{h: hpitch, spaceBefore: 0.55 * pitch, keepWithNext: true, what: "heading " + text,
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
			for _, r := range tr.Missing {
				res.Problems = append(res.Problems, Problem{Block: bi, Message: fmt.Sprintf("no font has a glyph for %q (U+%04X); it is left out", r, r)})
			}
			lines, _ := breakLines(paras, w/em, true)
			for li, l := range lines {
				l := l
				sb := l.afterGap * pitch
				if li == 0 {
					sb = 0.3 * pitch
				}
				l.afterGap = 0
				units = append(units, unit{h: pitch, spaceBefore: sb, what: fmt.Sprintf("%s: line %d", section, li+1),
					draw: func(ops []draw.Op, x, y, w float64) []draw.Op {
						ops, _ = emitLines(ops, []line{l}, layout.Rect{X: x, Y: y, W: w, H: pitch}, st.Size, body)
						return ops
					}})
			}
		case len(b.Example) > 0:
			h := 4.4 * pitch
			items := b.Example
			units = append(units, unit{h: h, spaceBefore: 0.45 * pitch, what: "example in " + section,
				draw: func(ops []draw.Op, x, y, w float64) []draw.Op {
					return drawExample(ops, items, layout.Rect{X: x, Y: y, W: w, H: h}, st, icons)
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

// minPrintPt is the smallest type a player reads on a printed card.
const minPrintPt = 6.0

// drawExample draws a row of example items, centred in box.
func drawExample(ops []draw.Op, items []ExampleItem, box layout.Rect, st FlowStyle, icons *IconSet) []draw.Op {
	em := ptToMM(st.Size)
	h := box.H * 0.92
	widths := make([]float64, len(items))
	floors := make([]float64, len(items)) // the least a text item takes: its longest word at the smallest size
	small := TextStyle{Family: st.Family, Size: math.Max(st.Size*0.8, minPrintPt), Colour: st.Colour, LineHeight: 1.1, Align: AlignCenter, Wrap: true, Shrink: true, MinSize: minPrintPt}
	bold := TextStyle{Family: st.Family, Style: Bold, Size: math.Max(st.Size*1.05, minPrintPt), Colour: st.Accent, LineHeight: 1.1, VAlign: VAlignMiddle, Shrink: true, MinSize: minPrintPt, Plain: true, Wrap: true}
	// widest is the width of the longest word of s in the bold face at size.
	widest := func(s string, size float64) float64 {
		w := 0.0
		for _, word := range strings.Fields(s) {
			w = math.Max(w, st.Family.Face(Bold).Width(word)*size*layout.MMPerPoint)
		}
		return w
	}
	for i, it := range items {
		switch {
		case it.Card != "":
			// a card's shape, widened so that its longest word fits the title
			widths[i] = math.Max(h*63.5/88.9, widest(it.Card, small.Size)/0.88+0.5)
		case it.Icon != "":
			widths[i] = math.Max(h*0.75, st.Family.Face(Regular).Width(it.Label)*small.Size*layout.MMPerPoint+1)
		default: // on two lines when it is much wider than its longest word
			full := st.Family.Face(Bold).Width(it.Text) * bold.Size * layout.MMPerPoint
			widths[i] = math.Max(widest(it.Text, bold.Size), full/2) + 1
			floors[i] = widest(it.Text, minPrintPt) + 1.5
		}
	}
	gap := em * 0.4
	total, cardsW := gap*float64(len(items)-1), 0.0
	for i, w := range widths {
		total += w
		if items[i].Card != "" {
			cardsW += w
		}
	}
	// too wide: the words between the cards give way first (down to their
	// longest word at the smallest size), so that the cards' titles keep
	// their size; then everything
	if textW := total - cardsW - gap*float64(len(items)-1); total > box.W && textW > 0 {
		k := math.Max(0, box.W-(total-textW)) / textW
		total = gap * float64(len(items)-1)
		for i := range widths {
			if items[i].Card == "" {
				widths[i] = math.Max(widths[i]*k, floors[i])
			}
			total += widths[i]
		}
	}
	scale := 1.0
	if total > box.W {
		scale = box.W / total
	}
	x := box.X + (box.W-total*scale)/2
	y := box.Y + (box.H-h)/2
	for i, it := range items {
		w := widths[i] * scale
		cell := layout.Rect{X: x, Y: y, W: w, H: h}
		switch {
		case it.Card != "":
			ops = append(ops, &draw.PathOp{Path: layout.RoundedRectPath(cell, w*0.08), Fill: draw.Colour{R: 255, G: 255, B: 255, A: 255}, Stroke: st.Accent, Width: 0.3})
			title := small
			title.Style = Bold
			ops, _ = LayoutText(ops, it.Card, layout.Rect{X: cell.X + w*0.06, Y: cell.Y + h*0.06, W: w * 0.88, H: h * 0.3}, title, icons)
			n := len(it.On)
			if n > 0 {
				side := math.Min(w*0.8/float64(n), h*0.45)
				ix := cell.X + (w-side*float64(n))/2
				for k, name := range it.On {
					if ic := icons.Lookup(name); ic != nil {
						ops = ic.Draw(ops, layout.Rect{X: ix + float64(k)*side, Y: cell.Y + h*0.45, W: side * 0.9, H: side * 0.9}, st.Accent)
					}
				}
			}
		case it.Icon != "":
			if ic := icons.Lookup(it.Icon); ic != nil {
				side := math.Min(w, h*0.62)
				ops = ic.Draw(ops, layout.Rect{X: cell.X + (w-side)/2, Y: cell.Y, W: side, H: side}, st.Accent)
			}
			if it.Label != "" {
				ops, _ = LayoutText(ops, it.Label, layout.Rect{X: cell.X - gap/2, Y: cell.Y + h*0.66, W: w + gap, H: h * 0.34}, small, icons)
			}
		default: // at the size its longest word fits, so that no word breaks
			b := bold
			if ww := widest(it.Text, 1); ww > 0 {
				b.Size = math.Max(minPrintPt, math.Min(bold.Size, (w-0.5)/ww))
			}
			ops, _ = LayoutText(ops, it.Text, cell, b, icons)
		}
		x += w + gap*scale
	}
	return ops
}
