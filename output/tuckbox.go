package output

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/templates"
	"github.com/deckpress/deckpress/templates/draw"
	"github.com/deckpress/deckpress/templates/typeset"
)

// DefaultThickness is a playing card's thickness, mm, when none is given:
// a common 300 gsm card stock.
const DefaultThickness = 0.32

// TuckBoxJob is a tuck box ready to print: its net, laid out on one or two
// sheets, and what its panels show.
type TuckBoxJob struct {
	Title  string
	Box    layout.TuckBox
	Sheets []layout.TuckSheet
	// Art is drawn on the front and back panels, in card coordinates (the
	// card's trim box at 0,0): the deck's back; nil: none.
	Art *draw.Face
	// Front and Back are drawn over the art, in card coordinates: the
	// panels' templates; nil: none.
	Front, Back *draw.Face
	// Bleed is how far the front's and back's art runs on past their
	// outer cut lines, mm, so that a cut a little outside the line
	// leaves no white edge: TuckBleed, or the deck's bleed when larger.
	Bleed    float64
	artBleed float64 // the deck's bleed: how far the art runs past the card
	margin   float64 // the paper's margin, mm
}

// TuckBleed is the least bleed of a tuck box's printed panels, mm: a
// print shop's usual 3 mm.
const TuckBleed = 3.0

// TuckBoxFor lays out a tuck box for a prepared deck: count cards (0: the
// cards the deck prints) of the deck's card size, thickness mm each, on
// the deck's paper and margin. The front and back panels show the back of
// the deck's first card under the templates tuckbox-front and
// tuckbox-back (built in, or the deck's own), which see the fields _deck
// and cards; the diagnostics are theirs.
func TuckBoxFor(job *DeckJob, count int, thickness float64) (*TuckBoxJob, cards.Diagnostics, error) {
	if job.Fill {
		return nil, nil, fmt.Errorf("a deck of whole pages (size: page) goes in no box")
	}
	if count == 0 {
		count = job.Cards()
	}
	if count == 0 {
		return nil, nil, fmt.Errorf("the deck has no cards; say how many the box holds with --cards")
	}
	box, err := layout.NewTuckBox(job.Plan.Card, count, thickness)
	if err != nil {
		return nil, nil, err
	}
	sheets, err := box.Sheets(job.Plan.Paper, job.Plan.Margin, tuckLabelRoom)
	if err != nil {
		return nil, nil, err
	}
	t := &TuckBoxJob{Title: job.Deck.Name, Box: box, Sheets: sheets, Bleed: max(TuckBleed, job.Plan.Bleed), artBleed: job.Plan.Bleed, margin: job.Plan.Margin}
	if job.Backs && job.Entries() > 0 {
		t.Art = job.Face(0, layout.Back)
	}
	var diags cards.Diagnostics
	if job.lib != nil {
		deck := job.Deck
		panel := templates.Card{Label: "the tuck box", Pos: deck.Pos, Fields: func() []string { return []string{"cards"} }, Field: func(name string) *cards.Node {
			switch name {
			case "_deck":
				return cards.Scalar(deck.Name, deck.Pos)
			case "cards":
				return cards.Scalar(strconv.Itoa(count), deck.Pos)
			}
			return nil
		}}
		for _, side := range []struct {
			name string
			face **draw.Face
		}{{"tuckbox-front", &t.Front}, {"tuckbox-back", &t.Back}} {
			if tpl := job.lib.Lookup(side.name); tpl != nil {
				f, ds := job.lib.Render(tpl, panel)
				*side.face = f
				diags = diags.Extend(ds)
			}
		}
	}
	return t, diags, nil
}

// Tuck box drawing: the cut line, solid; folds, dashed like a fold
// sheet's fold line; the room kept for the label at the foot.
const (
	cutWidth      = 0.25
	tuckLabelRoom = 4.0
)

// Document draws the tuck box: a page per sheet.
func (t *TuckBoxJob) Document() *draw.Document {
	doc := &draw.Document{Title: t.Title + " — tuck box", Sides: draw.OneSided}
	for i, s := range t.Sheets {
		page := draw.Page{Size: s.Page}
		at := layout.Translate(s.Offset.X, s.Offset.Y)
		clip := s.Clip
		for _, p := range t.Box.Body() {
			if p.Name == "front" || p.Name == "back" {
				page.Layers = append(page.Layers, t.panel(p, at, clip, t.cutEdges(p, s))...)
			}
			if p.Name == "left side" || p.Name == "right side" {
				if l, ok := t.side(p, at, clip); ok {
					page.Layers = append(page.Layers, l)
				}
			}
		}
		// the cut and fold lines over the panels and their bleed
		lines := &draw.Face{Ops: []draw.Op{&draw.PathOp{Path: t.Box.Outline(), Stroke: markColour, Width: cutWidth}}}
		var folds layout.Path
		for _, f := range t.Box.Folds() {
			folds.Append(layout.LinePath(f))
		}
		lines.Ops = append(lines.Ops, &draw.PathOp{Path: folds, Stroke: foldColour, Width: cutWidth, Dash: []float64{2, 1.5}})
		page.Layers = append(page.Layers, draw.Layer{Transform: at, Clip: &clip, Face: lines})
		if s.Join != nil {
			page.Layers = append(page.Layers, draw.Layer{Transform: at, Face: t.join(s)})
		}
		page.Layers = append(page.Layers, t.label(s, i+1))
		doc.Pages = append(doc.Pages, page)
	}
	return doc
}

// edges says which edges of a panel bleed: those that are cut lines.
type edges struct{ left, top, right, bottom bool }

// cutEdges says which edges of the front or the back are outer cut lines
// on sheet s: the back's left and bottom edges (the glue flap goes inside
// the left one), the front's top edge (with the thumb notch), and, on the
// first of two sheets, the fold the net is cut along there. Every other
// edge is a fold, beyond which lies a lid, a side or a flap whose face
// the art must stay off.
func (t *TuckBoxJob) cutEdges(p layout.Panel, s layout.TuckSheet) edges {
	var e edges
	switch p.Name {
	case "back":
		e.left, e.bottom = true, true
	case "front":
		e.top = true
	}
	if s.Join != nil && s.Tab == nil && math.Abs(p.Rect.Right()-s.Join.A.X) < 1e-6 {
		e.right = true
	}
	return e
}

// Bleed strips: each reaches seam under its neighbours (the panel, a
// corner), so that no hairline shows where they meet, and shows the edge
// of the panel's art, the last edgeBand of it, stretched across.
const (
	seam     = 0.1
	edgeBand = 0.25
)

// stretch is a map of one axis, v → A·v + E, that holds line where it is
// and lays the edgeBand inside it across to outer: the art's edge drawn
// out, mirrored, over the bleed.
type stretch struct{ A, E float64 }

func edgeStretch(line, outer float64) stretch {
	a := -math.Abs(outer-line) / edgeBand
	return stretch{a, line * (1 - a)}
}

var still = stretch{1, 0}

// affine is the transform of two axis maps.
func affine(x, y stretch) layout.Affine { return layout.Affine{A: x.A, D: y.A, E: x.E, F: y.E} }

// withoutText is a face's drawing without its texts; nil for none, or
// when nothing else is left.
func withoutText(f *draw.Face) *draw.Face {
	if f == nil {
		return nil
	}
	out := &draw.Face{}
	for _, op := range f.Ops {
		if _, ok := op.(*draw.TextOp); !ok {
			out.Ops = append(out.Ops, op)
		}
	}
	if len(out.Ops) == 0 {
		return nil
	}
	return out
}

// panel draws the art and the panel's template on the front or back
// panel, what of them lies inside clip, and carries it on past the
// panel's cut edges by the bleed: each strip beyond a cut edge shows the
// art's last edgeBand at that edge (at the panel's edge, or at the art's
// own where the deck's bleed stops short of it) stretched across, so that
// the colour at the cut runs on unbroken whatever the art is; a corner
// between two cut edges shows the art's corner spread over it. The strips
// stop at the panel's folds, off the lids, sides and flaps beyond them.
func (t *TuckBoxJob) panel(p layout.Panel, at layout.Affine, clip layout.Rect, cut edges) []draw.Layer {
	r, ok := intersect(p.Rect, clip)
	if !ok || r.W < 1 {
		return nil
	}
	card := t.Box.Card
	origin := layout.Point{X: p.Rect.X + (p.Rect.W-card.W)/2, Y: p.Rect.Y + (p.Rect.H-card.H)/2}
	to := layout.Translate(origin.X, origin.Y)
	face := t.Front
	if p.Name == "back" {
		face = t.Back
	}
	var out []draw.Layer
	faces := []*draw.Face{t.Art, face}
	// the strips carry the art's paint, not its words: a text in a
	// panel's last quarter millimetre (against every safe zone) would
	// only smear
	paint := []*draw.Face{withoutText(t.Art), withoutText(face)}
	put := func(x, y stretch, dest layout.Rect) {
		// the clip is where dest comes from, in card coordinates
		inv := affine(stretch{1 / x.A, -x.E / x.A}, stretch{1 / y.A, -y.E / y.A})
		src := inv.Bounds(dest)
		in := layout.Rect{X: src.X - origin.X, Y: src.Y - origin.Y, W: src.W, H: src.H}
		fs := paint
		if x == still && y == still {
			fs = faces
		}
		for _, f := range fs {
			if f != nil {
				out = append(out, draw.Layer{Transform: to.Then(affine(x, y)).Then(at), Clip: &in, Face: f})
			}
		}
	}
	// the art's edges: the panel's, or the art's own (the card and the
	// deck's bleed) where it ends inside the panel
	bl := t.artBleed
	x0, x1 := max(r.X, origin.X-bl), min(r.Right(), origin.X+card.W+bl)
	y0, y1 := max(r.Y, origin.Y-bl), min(r.Bottom(), origin.Y+card.H+bl)
	b := t.Bleed
	// along each cut edge, from fold to fold, or under the corner strips
	ya, yb := r.Y, r.Bottom()
	if cut.top {
		ya = y0 - seam
	}
	if cut.bottom {
		yb = y1 + seam
	}
	xa, xb := r.X, r.Right()
	if cut.left {
		xa = x0 - seam
	}
	if cut.right {
		xb = x1 + seam
	}
	type strip struct {
		on   bool
		axis stretch
		dest layout.Rect // where it shows, reaching seam under the panel
		out  [2]float64  // its reach outside the art's edge, for a corner
	}
	across := []strip{
		{cut.left, edgeStretch(x0, r.X-b), layout.Rect{X: r.X - b, Y: ya, W: x0 - r.X + b + seam, H: yb - ya}, [2]float64{r.X - b, x0}},
		{cut.right, edgeStretch(x1, r.Right()+b), layout.Rect{X: x1 - seam, Y: ya, W: r.Right() + b - x1 + seam, H: yb - ya}, [2]float64{x1, r.Right() + b}},
	}
	along := []strip{
		{cut.top, edgeStretch(y0, r.Y-b), layout.Rect{X: xa, Y: r.Y - b, W: xb - xa, H: y0 - r.Y + b + seam}, [2]float64{r.Y - b, y0}},
		{cut.bottom, edgeStretch(y1, r.Bottom()+b), layout.Rect{X: xa, Y: y1 - seam, W: xb - xa, H: r.Bottom() + b - y1 + seam}, [2]float64{y1, r.Bottom() + b}},
	}
	// the corners first, for the edges' strips to overlap
	for _, x := range across {
		for _, y := range along {
			if x.on && y.on {
				put(x.axis, y.axis, layout.Rect{X: x.out[0], Y: y.out[0], W: x.out[1] - x.out[0], H: y.out[1] - y.out[0]})
			}
		}
	}
	for _, e := range across {
		if e.on {
			put(e.axis, still, e.dest)
		}
	}
	for _, e := range along {
		if e.on {
			put(still, e.axis, e.dest)
		}
	}
	// the panel itself, over its bleed: the art's own bleed, where the
	// deck has one, runs to the panel's edges
	put(still, still, r)
	return out
}

// side draws the title along a side panel, reading upwards, when the side
// is deep enough for a line of it.
func (t *TuckBoxJob) side(p layout.Panel, at layout.Affine, clip layout.Rect) (draw.Layer, bool) {
	r, ok := intersect(p.Rect, clip)
	if !ok || p.Rect.W < 5 || r.W < 1 {
		return draw.Layer{}, false
	}
	box := layout.Rect{W: p.Rect.H - 8, H: p.Rect.W - 1.5}
	st := typeset.TextStyle{Family: typeset.NewFontSet().Fallback, Style: typeset.Bold, Size: 10, MinSize: 6, Colour: markColour,
		Align: typeset.AlignCenter, VAlign: typeset.VAlignMiddle, Shrink: true, Plain: true, LineHeight: 1.1}
	ops, _ := typeset.LayoutText(nil, t.Title, box, st, nil)
	// text box → net: turned to read upwards, inside the panel
	turn := layout.Rotate(270).Then(layout.Translate(p.Rect.X+0.75, p.Rect.Bottom()-4))
	local, ok := intersect(box, layout.Rect{X: p.Rect.Bottom() - 4 - r.Bottom(), Y: r.X - p.Rect.X - 0.75, W: r.H, H: r.W})
	if !ok {
		return draw.Layer{}, false
	}
	return draw.Layer{Transform: turn.Then(at), Clip: &local, Face: &draw.Face{Ops: ops}}, true
}

// join draws where a two-sheet net is cut and joined: on the first sheet
// the cut along the join, on the second the glue tab with its fold; on
// both the tick and the letter A above it.
func (t *TuckBoxJob) join(s layout.TuckSheet) *draw.Face {
	f := &draw.Face{}
	if s.Tab == nil {
		f.Ops = append(f.Ops, &draw.PathOp{Path: layout.LinePath(*s.Join), Stroke: markColour, Width: cutWidth})
	} else {
		var tab layout.Path
		tab.MoveTo(s.Tab[0].X, s.Tab[0].Y)
		for _, q := range s.Tab[1:] {
			tab.LineTo(q.X, q.Y)
		}
		f.Ops = append(f.Ops, &draw.PathOp{Path: tab, Stroke: markColour, Width: cutWidth},
			&draw.PathOp{Path: layout.LinePath(*s.Join), Stroke: foldColour, Width: cutWidth, Dash: []float64{2, 1.5}})
	}
	f.Ops = append(f.Ops, &draw.PathOp{Path: layout.LinePath(s.Tick), Stroke: markColour, Width: cutWidth})
	st := typeset.TextStyle{Family: typeset.NewFontSet().Fallback, Style: typeset.Bold, Size: 8, Colour: markColour,
		Align: typeset.AlignCenter, VAlign: typeset.VAlignMiddle, Plain: true}
	box := layout.Rect{X: s.Tick.A.X - 5, Y: s.Tick.A.Y - 4, W: 10, H: 3.5}
	f.Ops, _ = typeset.LayoutText(f.Ops, "A", box, st, nil)
	return f
}

// label is the line at a sheet's foot: what it is, the box's size, how to
// make it, and "print at 100%".
func (t *TuckBoxJob) label(s layout.TuckSheet, n int) draw.Layer {
	b := t.Box
	how := "cut the solid lines, fold the dashed ones, glue the glue flap inside the back"
	if len(t.Sheets) > 1 {
		how = "cut the solid lines; glue tab A of sheet 2 inside the edge at A of sheet 1; fold the dashed lines"
	}
	text := fmt.Sprintf("%s · tuck box for %s, %s thick · inside %s x %s x %s mm · %s · sheet %d/%d · print at 100%% (actual size)",
		t.Title, cards.Count(b.Cards, "card", "cards"), layout.FormatMM(b.Thickness), draw.Num(b.W), draw.Num(b.H), draw.Num(b.D), how, n, len(t.Sheets))
	// in the room kept at the foot, inside the margin, where a printer prints
	h, m := labelSize*layout.MMPerPoint*1.25, t.margin
	box := layout.Rect{X: m, Y: s.Page.H - m - h, W: s.Page.W - 2*m, H: h}
	st := typeset.TextStyle{Family: typeset.NewFontSet().Fallback, Size: labelSize, Colour: labelColour,
		Align: typeset.AlignCenter, VAlign: typeset.VAlignMiddle, Shrink: true, MinSize: 4, Plain: true, LineHeight: 1.1}
	ops, _ := typeset.LayoutText(nil, text, box, st, nil)
	return draw.Layer{Transform: layout.Identity, Face: &draw.Face{Ops: ops}}
}

// intersect returns the common part of two rectangles; ok is false when
// they do not overlap.
func intersect(a, b layout.Rect) (layout.Rect, bool) {
	x0, y0 := max(a.X, b.X), max(a.Y, b.Y)
	x1, y1 := min(a.Right(), b.Right()), min(a.Bottom(), b.Bottom())
	if x1 <= x0 || y1 <= y0 {
		return layout.Rect{}, false
	}
	return layout.Rect{X: x0, Y: y0, W: x1 - x0, H: y1 - y0}, true
}

// TuckOptions say what a tuck box holds: from a project's tuckbox: value
// or the command line's flags, read by the same code.
type TuckOptions struct {
	Cards     int     // 0: the deck's printed cards (and a project's rules cards)
	Thickness float64 // mm a card
}

var tuckKeys = []string{"cards", "thickness"}

// ReadTuck reads a tuckbox: value: true (the defaults), false, or
// {cards, thickness}. want is false for false, and when the value is
// wrong (the problems are in the diagnostics returned).
func ReadTuck(n *cards.Node) (opts TuckOptions, want bool, diags cards.Diagnostics) {
	opts.Thickness = DefaultThickness
	if n == nil {
		return opts, false, diags
	}
	if n.Kind == cards.ScalarNode {
		want, _ = diags.Bool(n, "tuckbox")
		return opts, want, diags
	}
	m := diags.Map(n, "tuckbox", tuckKeys...)
	if m == nil {
		return opts, false, diags
	}
	// the values' own problems decide want; an unknown key does not
	var vals cards.Diagnostics
	if c := m.Get("cards"); c != nil {
		opts.Cards, _ = vals.Int(c, "tuckbox.cards", 1, layout.TuckMaxCards)
	}
	v, ds := readLength(m.Get("thickness"), "tuckbox.thickness", layout.TuckMinThickness, layout.TuckMaxThickness)
	vals = vals.Extend(ds)
	if v != nil {
		opts.Thickness = *v
	}
	return opts, !vals.HasErrors(), diags.Extend(vals)
}

// ReadTuckFlags reads the command line's --cards and --thickness (those
// given) as ReadTuck reads a file's tuckbox: {cards, thickness}: each
// value is read as a YAML value, so that "44", "NaN" and "0.32mm" mean on
// the command line what they mean in a file.
func ReadTuckFlags(given map[string]string) (TuckOptions, error) {
	m := &cards.Node{Kind: cards.MapNode, Pos: cards.Pos{File: "flags"}}
	var diags cards.Diagnostics
	for _, k := range tuckKeys {
		v, ok := given[k]
		if !ok {
			continue
		}
		at := cards.Pos{File: "--" + k}
		// a value that is not YAML is the text it is, and its syntax
		// error no problem of the flag's
		n, ds := cards.Parse(at.File, []byte(v))
		if n == nil || ds.HasErrors() || n.IsNull() {
			n, ds = cards.Scalar(v, at), nil
		}
		n.Pos = at
		m.Content = append(m.Content, cards.Scalar(k, at), n)
		diags = append(diags, ds...)
	}
	o, _, ds := ReadTuck(m)
	diags = diags.Extend(ds)
	if !diags.HasErrors() {
		return o, nil
	}
	var msgs []string
	for _, d := range diags.Sort() {
		msgs = append(msgs, d.Pos.File+strings.TrimPrefix(d.Message, "tuckbox."+strings.TrimPrefix(d.Pos.File, "--")))
	}
	return o, errors.New(strings.Join(msgs, "; "))
}
