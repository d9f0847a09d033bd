package output

import (
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/data"
	"github.com/deckpress/deckpress/internal/golden"
	"github.com/deckpress/deckpress/internal/pathtest"
	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/templates"
	"github.com/deckpress/deckpress/templates/draw"
)

// tuckDeck is a deck of three poker cards with a back.
const tuckDeck = `deck: Box Test
size: poker
templates:
  f: {background: "#ffffff"}
  b: {background: "#224488"}
front: f
back: b
cards:
  - {name: a, count: 3}
`

// builtinTuck is the built-in template file of the tuck box's panels.
func builtinTuck(t *testing.T) []templates.Source {
	t.Helper()
	b, err := fs.ReadFile(data.FS, "templates/tuckbox.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return []templates.Source{{Path: "templates/tuckbox.yaml", Data: b}}
}

// TestTuckboxGolden pins, as the Recorder writes it, the tuck box of 44
// poker cards at 0.32 mm on A4: the back's art on the front and back
// panels under the built-in panel templates (the title, "44 cards"), the
// titles up the sides, the cut line, the folds dashed, the label.
func TestTuckboxGolden(t *testing.T) {
	job, diags := prepare(t, tuckDeck, nil, DeckOptions{Builtin: builtinTuck(t)})
	if job == nil {
		t.Fatal(diags)
	}
	box, ds, err := TuckBoxFor(job, 44, 0.32)
	if err != nil || len(ds) != 0 {
		t.Fatalf("%v %v", err, ds)
	}
	var rec draw.Recorder
	draw.Draw(&rec, box.Document())
	out := rec.String()
	for _, want := range []string{`"44 cards"`, `"Box Test"`, "dash=[2 1.5]", "fill=#224488"} {
		if !strings.Contains(out, want) {
			t.Errorf("the tuck box draws no %s", want)
		}
	}
	golden.Assert(t, "tuckbox-poker.txt", []byte(out))
}

// TestTuckboxDeckTemplate: a deck's own tuckbox-front template draws the
// front panel instead of the built-in one, with the count in {{cards}},
// and the back too (the built-in tuckbox-back extends tuckbox-front);
// without a back template the panels show no art.
func TestTuckboxDeckTemplate(t *testing.T) {
	src := strings.Replace(tuckDeck, "  b: {background: \"#224488\"}\n", "  tuckbox-front:\n    elements:\n      - text: {x: 5, y: 5, w: 50, h: 10, value: \"Mine, {{cards}}\"}\n", 1)
	src = strings.Replace(src, "back: b\n", "", 1)
	deck, diags := cards.LoadDeck("deck.yaml", []byte(src), fstest.MapFS{})
	if deck == nil {
		t.Fatal(diags)
	}
	job, ds := PrepareDeck(deck, DeckOptions{Builtin: builtinTuck(t)})
	if job == nil {
		t.Fatal(ds)
	}
	box, _, err := TuckBoxFor(job, 0, 0.32)
	if err != nil {
		t.Fatal(err)
	}
	var front, back draw.Recorder
	draw.DrawFace(&front, box.Front)
	draw.DrawFace(&back, box.Back)
	if !strings.Contains(front.String(), `"Mine, 3"`) || strings.Contains(front.String(), "cards") {
		t.Errorf("front panel:\n%s", front.String())
	}
	if back.String() != front.String() || box.Art != nil {
		t.Errorf("back panel:\n%s\nart %v", back.String(), box.Art != nil)
	}
}

// paintAt is the colour a page shows at q (page coordinates): white
// paper under the fills of every layer that reaches q, composited in
// order (strokes, and what is drawn inside a face's own clips, aside).
func paintAt(p draw.Page, q layout.Point) draw.Colour {
	c := draw.Colour{R: 255, G: 255, B: 255, A: 255}
	for _, l := range p.Layers {
		m := l.Transform
		det := m.A*m.D - m.B*m.C
		x, y := q.X-m.E, q.Y-m.F
		f := layout.Point{X: (m.D*x - m.C*y) / det, Y: (m.A*y - m.B*x) / det}
		if l.Clip != nil && (f.X < l.Clip.X || f.X > l.Clip.Right() || f.Y < l.Clip.Y || f.Y > l.Clip.Bottom()) {
			continue
		}
		depth := 0
		for _, op := range l.Face.Ops {
			switch op := op.(type) {
			case *draw.ClipOp:
				depth++
			case *draw.EndClipOp:
				depth--
			case *draw.PathOp:
				if depth == 0 && op.Fill.Visible() && pathtest.Inside(f, op.Path) {
					a := float64(op.Fill.A) / 255
					mix := func(v, u uint8) uint8 { return uint8(float64(v)*a + float64(u)*(1-a) + 0.5) }
					c = draw.Colour{R: mix(op.Fill.R, c.R), G: mix(op.Fill.G, c.G), B: mix(op.Fill.B, c.B), A: 255}
				}
			}
		}
	}
	return c
}

// TestTuckboxBleed: the front's and back's art runs on past their outer
// cut lines (the back's left and bottom edges, the front's top, and on
// the first of two sheets the edge the net is cut along) by the bleed,
// 3 mm or the deck's own when larger: every point of that strip, corners
// included, shows the colour the panel shows just inside the edge, a
// stripe of the art that meets the edge included, where the deck has no
// bleed of its own too. Nothing shows beyond the bleed, nor on the lids,
// the sides and the dust flaps past the panels' folds; the cut and fold
// lines are drawn over it all.
func TestTuckboxBleed(t *testing.T) {
	white := draw.Colour{R: 255, G: 255, B: 255, A: 255}
	stripe := "      - rect: {x: 0, y: 40, w: 10, h: 8, fill: \"#ff0000\", bleed: true}\n" +
		"      - rect: {x: 20, y: 0, w: 8, h: 6, fill: \"#00aa00\", bleed: true}\n" +
		"      - rect: {x: 30, y: 82.9, w: 8, h: 6, fill: \"#00aa00\", bleed: true}\n"
	striped := strings.Replace(tuckDeck, "  b: {background: \"#224488\"}\n", "  b:\n    background: \"#224488\"\n    elements:\n"+stripe, 1)
	for _, tc := range []struct {
		name        string
		deck        string
		cards       int
		thickness   float64
		bleed       float64 // want
		sheets      int
		stripeRed   bool
		stripeGreen bool
	}{
		{"poker, no deck bleed", tuckDeck, 44, 0.32, 3, 1, false, false},
		{"poker, deck bleed 1.5", strings.Replace(tuckDeck, "size: poker", "size: poker\nprint: {bleed: 1.5mm}", 1), 44, 0.32, 3, 1, false, false},
		{"poker, deck bleed 5", strings.Replace(tuckDeck, "size: poker", "size: poker\nprint: {bleed: 5mm}", 1), 44, 0.32, 5, 1, false, false},
		{"poker, striped back", strings.Replace(striped, "size: poker", "size: poker\nprint: {bleed: 1.5mm}", 1), 44, 0.32, 3, 1, true, true},
		{"tarot on two sheets", strings.Replace(striped, "size: poker", "size: tarot", 1), 60, 0.5, 3, 2, true, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			job, diags := prepare(t, tc.deck, nil, DeckOptions{Builtin: builtinTuck(t)})
			if job == nil {
				t.Fatal(diags)
			}
			box, _, err := TuckBoxFor(job, tc.cards, tc.thickness)
			if err != nil {
				t.Fatal(err)
			}
			if box.Bleed != tc.bleed || len(box.Sheets) != tc.sheets {
				t.Fatalf("bleed %v on %d sheets, want %v on %d", box.Bleed, len(box.Sheets), tc.bleed, tc.sheets)
			}
			doc := box.Document()
			b := box.Box
			top, bottom := b.D+b.Tuck, b.D+b.Tuck+b.H
			x1, x2, x3 := b.W, b.W+b.D, 2*b.W+b.D
			type edge struct {
				name   string
				a, z   layout.Point // the cut edge, net coordinates
				out    layout.Point // a unit step outward
				corner bool         // a is a corner with the previous edge
			}
			for i, s := range box.Sheets {
				page := doc.Pages[i]
				net := func(p layout.Point) layout.Point { return layout.Point{X: p.X + s.Offset.X, Y: p.Y + s.Offset.Y} }
				var cuts []edge
				if s.Clip.X <= 0 { // the back is on this sheet
					cuts = append(cuts, edge{"the back's left edge", layout.Point{X: 0, Y: top}, layout.Point{X: 0, Y: bottom}, layout.Point{X: -1}, false},
						edge{"the back's bottom edge", layout.Point{X: 0, Y: bottom}, layout.Point{X: x1, Y: bottom}, layout.Point{Y: 1}, true})
				}
				if s.Clip.X <= x2 && s.Clip.Right() >= x3 {
					cuts = append(cuts, edge{"the front's top edge", layout.Point{X: x2, Y: top}, layout.Point{X: x3, Y: top}, layout.Point{Y: -1}, false})
					if s.Join != nil && s.Tab == nil && s.Join.A.X == x3 {
						cuts = append(cuts, edge{"the front's edge at the join", layout.Point{X: x3, Y: top}, layout.Point{X: x3, Y: bottom}, layout.Point{X: 1}, true})
					}
				}
				if len(cuts) == 0 && i == 0 {
					t.Fatalf("sheet %d holds no cut edge of a panel", i+1)
				}
				red, green := false, false
				for _, e := range cuts {
					// points along the edge, off its very ends (where a
					// fold meets it and the art may stop short)
					for k := 1; k < 40; k++ {
						f := float64(k) / 40
						on := layout.Point{X: e.a.X + (e.z.X-e.a.X)*f, Y: e.a.Y + (e.z.Y-e.a.Y)*f}
						// what the panel shows at the cut
						want := paintAt(page, net(layout.Point{X: on.X - 0.3*e.out.X, Y: on.Y - 0.3*e.out.Y}))
						if want == white {
							t.Fatalf("sheet %d: %s: the panel is white at the cut, at %v", i+1, e.name, on)
						}
						red = red || want == draw.Colour{R: 255, A: 255}
						green = green || want == draw.Colour{G: 0xaa, A: 255}
						for _, d := range []float64{0.05, 0.3, 1, tc.bleed / 2, tc.bleed - 0.2} {
							q := layout.Point{X: on.X + d*e.out.X, Y: on.Y + d*e.out.Y}
							if got := paintAt(page, net(q)); got != want {
								t.Errorf("sheet %d: %s: %.2f mm outside at %.1f,%.1f shows %v, the panel at the cut %v", i+1, e.name, d, on.X, on.Y, got, want)
							}
						}
						if got := paintAt(page, net(layout.Point{X: on.X + (tc.bleed+0.5)*e.out.X, Y: on.Y + (tc.bleed+0.5)*e.out.Y})); got != white {
							t.Errorf("sheet %d: %s: %v %.1f mm outside, past the bleed", i+1, e.name, got, tc.bleed+0.5)
						}
					}
				}
				if len(cuts) > 0 && (tc.stripeRed != red || tc.stripeGreen != green) {
					t.Errorf("sheet %d: the stripes at the edges: red %v, green %v", i+1, red, green)
				}
				if s.Clip.X <= 0 {
					// the corner below the back's left edge
					want := paintAt(page, net(layout.Point{X: 0.3, Y: bottom - 0.3}))
					for _, d := range []float64{0.3, tc.bleed - 0.2} {
						if got := paintAt(page, net(layout.Point{X: -d, Y: bottom + d})); got != want {
							t.Errorf("sheet %d: the back's corner, %.1f mm out: %v, want %v", i+1, d, got, want)
						}
					}
				}
				// past the folds: the lids', sides' and flaps' faces stay clear
				for _, q := range []struct {
					what string
					p    layout.Point
				}{
					{"the top lid", layout.Point{X: 5, Y: top - 0.5}},
					{"the top lid", layout.Point{X: b.W - 5, Y: top - 2}},
					{"the left side", layout.Point{X: x1 + 0.5, Y: top + 10}},
					{"the left side", layout.Point{X: x1 + 2, Y: bottom - 1}},
					{"the left bottom dust flap", layout.Point{X: x1 + b.D/2, Y: bottom + 1}},
					{"the left bottom dust flap", layout.Point{X: x1 + 0.3, Y: bottom + 0.3}},
					{"the left top dust flap", layout.Point{X: x2 - 0.3, Y: top - 0.3}},
					{"the right top dust flap", layout.Point{X: x3 + 0.5, Y: top - 0.5}},
					{"the bottom lid", layout.Point{X: x2 + 5, Y: bottom + 0.5}},
					{"the bottom lid", layout.Point{X: x3 - 5, Y: bottom + 2}},
					{"the right side", layout.Point{X: x3 + 0.5, Y: top + 10}},
				} {
					if q.p.X < s.Clip.X || q.p.X > s.Clip.Right() {
						continue
					}
					if got := paintAt(page, net(q.p)); got != white {
						t.Errorf("sheet %d: %s at %.1f,%.1f shows %v", i+1, q.what, q.p.X, q.p.Y, got)
					}
				}
				// the cut line over every fill
				last, lines := -1, -1
				for k, l := range page.Layers {
					for _, op := range l.Face.Ops {
						if po, ok := op.(*draw.PathOp); ok && po.Fill.Visible() {
							last = k
						} else if ok && po.Stroke == markColour && len(po.Path.Verbs) > 20 {
							lines = k
						}
					}
				}
				if lines < last {
					t.Errorf("sheet %d: the cut line (layer %d) is drawn under a fill (layer %d)", i+1, lines, last)
				}
			}
		})
	}
}
