package output

import (
	"fmt"
	"math"
	"strconv"

	"github.com/deckpress/deckpress/layout"

	"github.com/deckpress/deckpress/templates/draw"
	"github.com/deckpress/deckpress/templates/typeset"
)

// Vernier scales of the calibration sheet, in mm: front ticks every 5 mm,
// back ticks every 5.25 mm, so that where a front and a back tick line up
// tells the misregistration in steps of 0.25 mm, up to ±2 mm.
const (
	calPitch   = 5.0
	calStep    = 0.25
	calTicks   = 8 // ticks each side of zero
	calTickLen = 6.0
	calOverlap = 2.0 // front and back ticks overlap by this much
)

var (
	calFront = draw.Colour{R: 0, G: 0, B: 0, A: 255}
	calBack  = draw.Colour{R: 220, G: 30, B: 30, A: 255}
)

// CalibrationScale is one vernier scale of the calibration sheet.
type CalibrationScale struct {
	Origin     layout.Point // the front's zero tick, on the front page
	Horizontal bool         // measures x (ticks side by side along x)
}

// Calibration returns the two-page printer calibration sheet for the
// paper, orientation and flip edge of s: vernier scales near each edge and
// in the centre, front ticks in black, back ticks in red placed by the same
// flip as any back (and moved by s.BackOffset, to check a correction). Each
// front tick is labelled with the back-offset correction it stands for.
func Calibration(s layout.Settings) (*draw.Document, []CalibrationScale, error) {
	portrait := layout.Size{W: math.Min(s.Paper.W, s.Paper.H), H: math.Max(s.Paper.W, s.Paper.H)}
	page := portrait
	if s.Orientation == layout.Landscape {
		page = portrait.Rotated()
	}
	if s.Duplex != layout.DuplexLong && s.Duplex != layout.DuplexShort {
		return nil, nil, fmt.Errorf("calibration is for duplex printing: use duplex long or short")
	}
	plan := layout.Plan{Settings: s, Page: page}
	flip := plan.Flip()
	offset := layout.Translate(s.BackOffset.X, s.BackOffset.Y)
	fonts := typeset.NewFontSet().Fallback
	span := calPitch * calTicks
	scales := []CalibrationScale{
		{Origin: layout.Point{X: page.W / 2, Y: 22}, Horizontal: true},
		{Origin: layout.Point{X: page.W / 2, Y: page.H - 30}, Horizontal: true},
		{Origin: layout.Point{X: 22, Y: page.H / 2}},
		{Origin: layout.Point{X: page.W - 22, Y: page.H / 2}},
		{Origin: layout.Point{X: page.W/2 - span/2 - 8, Y: page.H/2 + span/2 + 14}, Horizontal: true},
		{Origin: layout.Point{X: page.W/2 + span/2 + 14, Y: page.H/2 - span/2 - 8}},
	}
	var front, back layout.Path
	var ops []draw.Op
	label := typeset.TextStyle{Family: fonts, Size: 5, Colour: calFront, Align: typeset.AlignCenter, VAlign: typeset.VAlignMiddle, Plain: true, LineHeight: 1}
	for _, sc := range scales {
		u := layout.Point{X: 1}  // along the scale
		n := layout.Point{Y: -1} // across it, towards the front ticks
		if !sc.Horizontal {
			u, n = layout.Point{Y: 1}, layout.Point{X: -1}
		}
		// the correction a coinciding tick stands for, along u, in the
		// back page's coordinates: back-offset = step × i × flip(u)
		fu := flip.Apply(u)
		fo := flip.Apply(layout.Point{})
		along := (fu.X - fo.X) + (fu.Y - fo.Y)
		for i := -calTicks; i <= calTicks; i++ {
			l := calTickLen
			if i == 0 {
				l += 3
			}
			at := func(d, across float64) layout.Point { return sc.point(u, n, d, across) }
			a, b := at(float64(i)*calPitch, -calOverlap/2), at(float64(i)*calPitch, l)
			front.Append(layout.LinePath(layout.Segment{A: a, B: b}))
			// the back tick, where it must lie physically, mapped to the
			// back page, then moved by the back-offset like any back
			bd := float64(i) * (calPitch + calStep)
			ba, bb := at(bd, calOverlap/2), at(bd, -l)
			m := flip.Then(offset)
			back.Append(layout.LinePath(layout.Segment{A: m.Apply(ba), B: m.Apply(bb)}))
			value := calStep * float64(i) * along
			text := strconv.FormatFloat(value, 'f', 2, 64)
			if value > 0 {
				text = "+" + text
			}
			if i == 0 {
				text = "0"
			}
			c := at(float64(i)*calPitch, l+2.6)
			box := layout.Rect{X: c.X - 3, Y: c.Y - 1.5, W: 6, H: 3}
			if !sc.Horizontal {
				box = layout.Rect{X: c.X - 3.5, Y: c.Y - 1.25, W: 7, H: 2.5}
				if i%2 != 0 {
					continue // every other label fits beside a vertical scale
				}
			}
			ops, _ = typeset.LayoutText(ops, text, box, label, nil)
		}
		axis := "x"
		if !sc.Horizontal {
			axis = "y"
		}
		name := sc.point(u, n, -float64(calTicks)*calPitch-5, calTickLen/2)
		ops, _ = typeset.LayoutText(ops, axis, layout.Rect{X: name.X - 2, Y: name.Y - 2, W: 4, H: 4}, typeset.TextStyle{Family: fonts, Style: typeset.Bold, Size: 9, Colour: calFront, Align: typeset.AlignCenter, VAlign: typeset.VAlignMiddle, Plain: true, LineHeight: 1}, nil)
	}
	ops = append(ops, &draw.PathOp{Path: front, Stroke: calFront, Width: 0.12})
	flipName := "long"
	if s.Duplex == layout.DuplexShort {
		flipName = "short"
	}
	help := fmt.Sprintf(`**Printer calibration** · print duplex at **100%% (actual size)**, flip on the **%s edge**.
Hold the sheet up to the light. On each scale one black tick runs straight on into a red one: the number under it is the correction in mm. Read x on the horizontal scales and y on the vertical ones; all of them should agree.
Then print with **--back-offset X,Y** or **print: {back-offset: [X, Y]}**, adding the readings to the offset this sheet was printed with: **%s, %s mm**.`,
		flipName, strconv.FormatFloat(s.BackOffset.X, 'f', -1, 64), strconv.FormatFloat(s.BackOffset.Y, 'f', -1, 64))
	body := typeset.TextStyle{Family: fonts, Size: 8, Colour: calFront, LineHeight: 1.25, Wrap: true, Shrink: true, MinSize: 6}
	ops, _ = typeset.LayoutText(ops, help, layout.Rect{X: 34, Y: 34, W: page.W - 68, H: 38}, body, nil)

	backOps := []draw.Op{&draw.PathOp{Path: back, Stroke: calBack, Width: 0.12}}
	backText := typeset.TextStyle{Family: fonts, Size: 9, Colour: calBack, Align: typeset.AlignCenter, Plain: true, LineHeight: 1}
	backOps, _ = typeset.LayoutText(backOps, "deckpress calibration · back side", layout.Rect{X: 20, Y: page.H/2 + 60, W: page.W - 40, H: 5}, backText, nil)

	doc := &draw.Document{Title: "deckpress printer calibration", Sides: draw.SidesOf(s.Duplex), Pages: []draw.Page{
		{Size: page, Layers: []draw.Layer{{Transform: layout.Identity, Face: &draw.Face{Ops: ops}}}},
		{Size: page, Layers: []draw.Layer{{Transform: layout.Identity, Face: &draw.Face{Ops: backOps}}}},
	}}
	return doc, scales, nil
}

// point returns the point d along the scale (direction u) and across it
// (direction n) from its zero.
func (sc CalibrationScale) point(u, n layout.Point, d, across float64) layout.Point {
	return layout.Point{X: sc.Origin.X + u.X*d + n.X*across, Y: sc.Origin.Y + u.Y*d + n.Y*across}
}
