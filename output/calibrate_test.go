package output

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/templates/draw"
	"github.com/deckpress/deckpress/templates/typeset"
)

// segments returns the line segments of the paths on a calibration page
// stroked in colour.
func segments(t *testing.T, p draw.Page, colour string) []layout.Segment {
	t.Helper()
	var out []layout.Segment
	for _, l := range p.Layers {
		for _, op := range l.Face.Ops {
			po, ok := op.(*draw.PathOp)
			if !ok || po.Stroke.String() != colour {
				continue
			}
			if po.Width != 0.12 {
				t.Errorf("ticks %v wide, want 0.12 mm", po.Width)
			}
			for i, v := range po.Path.Verbs {
				if v == layout.LineTo {
					out = append(out, layout.Segment{A: po.Path.Points[i-1], B: po.Path.Points[i]})
				}
			}
		}
	}
	return out
}

// texts returns the text runs of a page.
func texts(p draw.Page) []*draw.TextOp {
	var out []*draw.TextOp
	for _, l := range p.Layers {
		for _, op := range l.Face.Ops {
			if to, ok := op.(*draw.TextOp); ok {
				out = append(out, to)
			}
		}
	}
	return out
}

// centre returns the middle of a text run's baseline.
func centre(op *draw.TextOp) layout.Point {
	return layout.Point{X: op.X + op.Font.(*typeset.Font).Width(op.Text)*op.Size*layout.MMPerPoint/2, Y: op.Y}
}

// sheetFlip is how a point of the back page lands behind the front when
// the sheet is turned over (DESIGN.md: portrait long edge and landscape
// short edge mirror x; the others mirror y).
func sheetFlip(page layout.Size, landscape, short bool) func(layout.Point) layout.Point {
	if landscape != short {
		return func(p layout.Point) layout.Point { return layout.Point{X: p.X, Y: page.H - p.Y} }
	}
	return func(p layout.Point) layout.Point { return layout.Point{X: page.W - p.X, Y: p.Y} }
}

func near(a, b layout.Point) bool { return math.Abs(a.X-b.X) < 1e-6 && math.Abs(a.Y-b.Y) < 1e-6 }

// TestCalibration checks the calibration sheet as a printer and a person
// would use it (README: "the black tick that runs straight on into a red
// one reads the printer's misregistration in 0.25 mm steps"; print again
// with the reading added to the offset, and the sheet reads 0). A printer
// shifts the back page by p; seen through the sheet, the red ticks of
// every scale must meet the black tick labelled with the correction, and
// with that correction the zero ticks meet.
func TestCalibration(t *testing.T) {
	for _, paper := range []layout.Size{{W: 210, H: 297}, {W: 215.9, H: 279.4}} {
		for _, landscape := range []bool{false, true} {
			for _, short := range []bool{false, true} {
				for _, offset := range []layout.Point{{}, {X: 0.25, Y: -0.75}} {
					s := layout.Settings{Paper: paper, Orientation: layout.Portrait, BackOffset: offset}
					if landscape {
						s.Orientation = layout.Landscape
					}
					if short {
						s.Duplex = layout.DuplexShort
					}
					name := fmt.Sprintf("%vx%v landscape=%v short=%v offset=%v", paper.W, paper.H, landscape, short, offset)
					t.Run(name, func(t *testing.T) { checkCalibration(t, s, landscape, short) })
				}
			}
		}
	}
}

func checkCalibration(t *testing.T, s layout.Settings, landscape, short bool) {
	doc, scales, err := Calibration(s)
	if err != nil {
		t.Fatal(err)
	}
	page := layout.Size{W: math.Min(s.Paper.W, s.Paper.H), H: math.Max(s.Paper.W, s.Paper.H)}
	if landscape {
		page = layout.Size{W: page.H, H: page.W}
	}
	if len(doc.Pages) != 2 || doc.Pages[0].Size != page || doc.Pages[1].Size != page {
		t.Fatalf("pages %v, want two of %v", doc.Pages, page)
	}
	// six scales: near the top and bottom edges (x), the left and right
	// edges (y), and a pair in the centre
	span := 40.0
	wantScales := []CalibrationScale{
		{Origin: layout.Point{X: page.W / 2, Y: 22}, Horizontal: true},
		{Origin: layout.Point{X: page.W / 2, Y: page.H - 30}, Horizontal: true},
		{Origin: layout.Point{X: 22, Y: page.H / 2}},
		{Origin: layout.Point{X: page.W - 22, Y: page.H / 2}},
		{Origin: layout.Point{X: page.W/2 - span/2 - 8, Y: page.H/2 + span/2 + 14}, Horizontal: true},
		{Origin: layout.Point{X: page.W/2 + span/2 + 14, Y: page.H/2 - span/2 - 8}},
	}
	if fmt.Sprint(scales) != fmt.Sprint(wantScales) {
		t.Fatalf("scales %v, want %v", scales, wantScales)
	}
	front := segments(t, doc.Pages[0], "#000000")
	back := segments(t, doc.Pages[1], "#dc1e1e")
	if len(front) != 17*6 || len(back) != 17*6 {
		t.Fatalf("%d front and %d back ticks, want 17 a scale", len(front), len(back))
	}
	flip := sheetFlip(page, landscape, short)
	labels := texts(doc.Pages[0])
	for si, sc := range scales {
		u, n := layout.Point{X: 1}, layout.Point{Y: -1} // along, across towards the front ticks
		if !sc.Horizontal {
			u, n = layout.Point{Y: 1}, layout.Point{X: -1}
		}
		at := func(d, across float64) layout.Point {
			return layout.Point{X: sc.Origin.X + u.X*d + n.X*across, Y: sc.Origin.Y + u.Y*d + n.Y*across}
		}
		for i := -8; i <= 8; i++ {
			l := 6.0
			if i == 0 {
				l = 9
			}
			// the front tick: every 5 mm, from 1 mm past the scale's line
			f := front[si*17+i+8]
			if !near(f.A, at(float64(i)*5, -1)) || !near(f.B, at(float64(i)*5, l)) {
				t.Errorf("scale %d tick %d: front %v, want %v to %v", si, i, f, at(float64(i)*5, -1), at(float64(i)*5, l))
			}
			// the back tick, with the printer shifting by -offset (so
			// that nothing is shifted): every 5.25 mm, on the other side,
			// overlapping the front ones by 2 mm
			b := back[si*17+i+8]
			shift := func(p layout.Point) layout.Point {
				return flip(layout.Point{X: p.X - s.BackOffset.X, Y: p.Y - s.BackOffset.Y})
			}
			if !near(shift(b.A), at(float64(i)*5.25, 1)) || !near(shift(b.B), at(float64(i)*5.25, -l)) {
				t.Errorf("scale %d tick %d: back seen through the sheet %v, %v; want %v to %v", si, i, shift(b.A), shift(b.B), at(float64(i)*5.25, 1), at(float64(i)*5.25, -l))
			}
			// the label of the tick: above a horizontal scale, beside a
			// vertical one (every other tick)
			if !sc.Horizontal && i%2 != 0 {
				if lb := labelAt(labels, at(float64(i)*5, l+2.6)); lb != nil {
					t.Errorf("scale %d tick %d: label %q; a vertical scale labels every other tick", si, i, lb.Text)
				}
				continue
			}
			lb := labelAt(labels, at(float64(i)*5, l+2.6))
			if lb == nil {
				t.Errorf("scale %d tick %d: no label", si, i)
				continue
			}
			if lb.Size != 5 {
				t.Errorf("scale %d tick %d: label at %vpt, want 5", si, i, lb.Size)
			}
			// the reading of tick i: a printer shift p (on the back page)
			// that makes back tick i meet front tick i
			reading := readTick(t, back[si*17+i+8], flip, at, i, s.BackOffset, sc.Horizontal)
			want := strconv.FormatFloat(reading, 'f', 2, 64)
			switch {
			case i == 0:
				want = "0"
			case reading > 0:
				want = "+" + want
			}
			if lb.Text != want {
				t.Errorf("scale %d tick %d: label %q, want %q", si, i, lb.Text, want)
			}
		}
		// the axis name, beyond the scale's start
		name := labelAt(labels, at(-45, 3))
		want := "x"
		if !sc.Horizontal {
			want = "y"
		}
		if name == nil || name.Text != want || name.Size != 9 {
			t.Errorf("scale %d: axis name %v, want %q at 9pt", si, name, want)
		}
	}
	// the instructions, in their box at the top, name the flip edge and
	// the offset the sheet was printed with
	var help []string
	for _, op := range labels {
		if op.Size > 5 && op.Size < 9 {
			help = append(help, op.Text)
			if op.X < 34 || op.X+op.Font.(*typeset.Font).Width(op.Text)*op.Size*layout.MMPerPoint > page.W-34+1e-6 || op.Y < 34 || op.Y > 72 {
				t.Errorf("instruction %q at %v,%v outside its box", op.Text, op.X, op.Y)
			}
		}
	}
	edge := "long"
	if short {
		edge = "short"
	}
	all := strings.Join(help, " ")
	for _, w := range []string{edge + " edge", "100% (actual size)", strconv.FormatFloat(s.BackOffset.X, 'f', -1, 64) + ", " + strconv.FormatFloat(s.BackOffset.Y, 'f', -1, 64) + " mm"} {
		if !strings.Contains(all, w) {
			t.Errorf("instructions %q lack %q", all, w)
		}
	}
	// the back page says what it is, centred below the middle
	bt := texts(doc.Pages[1])
	if len(bt) != 1 || bt[0].Text != "deckpress calibration · back side" || math.Abs(centre(bt[0]).X-page.W/2) > 0.01 ||
		bt[0].Y < page.H/2+60 || bt[0].Y > page.H/2+65 || bt[0].Colour.String() != "#dc1e1e" {
		t.Errorf("back page text %v", bt)
	}
}

// labelAt returns the label centred on x (within 0.1 mm: labels are
// centred) and with its baseline within 2 mm of y.
func labelAt(labels []*draw.TextOp, c layout.Point) *draw.TextOp {
	for _, op := range labels {
		if m := centre(op); math.Abs(m.X-c.X) < 0.1 && math.Abs(m.Y-c.Y) < 2 {
			return op
		}
	}
	return nil
}

// readTick returns the correction that tick i stands for: with the
// printer shift p (along the scale's axis of the back page) that brings
// back tick i, printed with offset, onto front tick i, the total shift of
// the backs is offset + p, and adding its opposite to the offset cancels
// it.
func readTick(t *testing.T, b layout.Segment, flip func(layout.Point) layout.Point, at func(d, across float64) layout.Point, i int, offset layout.Point, horizontal bool) float64 {
	t.Helper()
	target := at(float64(i)*5, 1) // where the back tick's end meets the front tick
	for k := -64; k <= 64; k++ {
		p := float64(k) * 0.0625
		q, o := b.A, offset.Y
		if horizontal {
			q.X, o = q.X+p, offset.X
		} else {
			q.Y += p
		}
		// only the position along the scale counts: a shift across it
		// moves the red tick along its own line
		if d := flip(q); math.Abs(d.X-target.X)*u(horizontal).X+math.Abs(d.Y-target.Y)*u(horizontal).Y < 1e-6 {
			return -(o + p)
		}
	}
	t.Errorf("tick %d: no printer shift brings it onto its front tick", i)
	return math.NaN()
}

// u is the direction along a scale.
func u(horizontal bool) layout.Point {
	if horizontal {
		return layout.Point{X: 1}
	}
	return layout.Point{Y: 1}
}

// TestCalibrationDuplexOnly: the sheet is for duplex printers.
func TestCalibrationDuplexOnly(t *testing.T) {
	for _, d := range []layout.Duplex{layout.DuplexNone, layout.DuplexFold, layout.DuplexSingle} {
		doc, scales, err := Calibration(layout.Settings{Paper: layout.Size{W: 210, H: 297}, Duplex: d})
		if err == nil || err.Error() != "calibration is for duplex printing: use duplex long or short" || doc != nil || scales != nil {
			t.Errorf("%v: %v, %v, %v", d, doc, scales, err)
		}
	}
}
