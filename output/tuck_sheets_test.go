package output

import (
	"fmt"
	"strings"
	"testing"

	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/templates/draw"
)

// seg writes a segment as the Recorder writes a path: "Mx,y Lx,y".
func seg(s layout.Segment) string {
	return fmt.Sprintf("M%s,%s L%s,%s", draw.Num(s.A.X), draw.Num(s.A.Y), draw.Num(s.B.X), draw.Num(s.B.Y))
}

// TestTuckboxTwoSheets: a net too wide for one sheet (60 tarot cards at
// 0.5 mm on A4) is cut along a fold of the body, as layout.TuckSheet
// states: the first sheet's part ends with a solid cut along the join; the
// second's begins with a glue tab, cut solid, folding (dashed) on the
// join. On both, a solid tick marks the join, with the letter A centred
// above it, and the label says which sheet of two it is and how to join
// them.
func TestTuckboxTwoSheets(t *testing.T) {
	src := strings.Replace(tuckDeck, "size: poker", "size: tarot", 1)
	job, diags := prepare(t, src, nil, DeckOptions{Builtin: builtinTuck(t)})
	if job == nil {
		t.Fatal(diags)
	}
	box, _, err := TuckBoxFor(job, 60, 0.5)
	if err != nil {
		t.Fatal(err)
	}
	if len(box.Sheets) != 2 {
		t.Fatalf("%d sheets, want 2", len(box.Sheets))
	}
	doc := box.Document()
	for i, s := range box.Sheets {
		if s.Join == nil || (i == 0) != (s.Tab == nil) {
			t.Fatalf("sheet %d: join %v, tab %v", i+1, s.Join, s.Tab)
		}
		var join *draw.Face
		var label string
		for _, l := range doc.Pages[i].Layers {
			for _, op := range l.Face.Ops {
				if tx, ok := op.(*draw.TextOp); ok && tx.Text == "A" {
					join = l.Face
					if l.Transform != layout.Translate(s.Offset.X, s.Offset.Y) {
						t.Errorf("sheet %d: the join is drawn at %v, not at the net's place %v", i+1, l.Transform, s.Offset)
					}
				} else if ok && strings.Contains(tx.Text, "print at 100%") {
					label += tx.Text
				}
			}
		}
		if join == nil {
			t.Fatalf("sheet %d: no join drawn", i+1)
		}
		// what a person cuts (solid, black) and folds (dashed, grey)
		var cut, fold []string
		var a *draw.TextOp
		for _, op := range join.Ops {
			switch op := op.(type) {
			case *draw.PathOp:
				switch {
				case op.Dash == nil && op.Stroke == markColour:
					cut = append(cut, draw.PathString(op.Path))
				case op.Dash != nil && op.Stroke == foldColour:
					fold = append(fold, draw.PathString(op.Path))
				default:
					t.Errorf("sheet %d: a line neither cut nor fold: %+v", i+1, op)
				}
			case *draw.TextOp:
				a = op
			}
		}
		want := []string{seg(*s.Join), seg(s.Tick)}
		var wantFold []string
		if i == 1 {
			var tab []string
			for k, p := range s.Tab {
				tab = append(tab, map[bool]string{true: "M", false: "L"}[k == 0]+draw.Num(p.X)+","+draw.Num(p.Y))
			}
			want = []string{strings.Join(tab, " "), seg(s.Tick)}
			wantFold = []string{seg(*s.Join)}
		}
		if fmt.Sprint(cut) != fmt.Sprint(want) || fmt.Sprint(fold) != fmt.Sprint(wantFold) {
			t.Errorf("sheet %d: cut %q, fold %q; want cut %q, fold %q", i+1, cut, fold, want, wantFold)
		}
		// the A: centred on the tick (an 8 pt capital is about 2 mm wide),
		// its baseline within 4 mm above the tick's top
		top := min(s.Tick.A.Y, s.Tick.B.Y)
		if mid := a.X + 1; mid < s.Tick.A.X-1 || mid > s.Tick.A.X+1 || a.Y > top || a.Y < top-4 {
			t.Errorf("sheet %d: A at %v,%v; the tick is at x %v from y %v", i+1, a.X, a.Y, s.Tick.A.X, top)
		}
		for _, w := range []string{fmt.Sprintf("sheet %d/2", i+1), "glue tab A of sheet 2 inside the edge at A of sheet 1"} {
			if !strings.Contains(label, w) {
				t.Errorf("sheet %d: label %q lacks %q", i+1, label, w)
			}
		}
	}
}

// TestTuckboxNoCards: a deck with a back template but no cards of its own
// (its box holds cards counted elsewhere, --cards) gets a box whose panels
// show no art, there being no first card whose back to show.
func TestTuckboxNoCards(t *testing.T) {
	src := strings.Replace(tuckDeck, "cards:\n  - {name: a, count: 3}\n", "cards: []\n", 1)
	job, diags := prepare(t, src, nil, DeckOptions{Builtin: builtinTuck(t)})
	if job == nil {
		t.Fatal(diags)
	}
	if _, _, err := TuckBoxFor(job, 0, 0.32); err == nil {
		t.Error("a box for no cards, with no count given")
	}
	box, _, err := TuckBoxFor(job, 44, 0.32)
	if err != nil {
		t.Fatal(err)
	}
	if box.Art != nil || box.Box.Cards != 44 {
		t.Errorf("art %v, %d cards; want no art, 44 cards", box.Art != nil, box.Box.Cards)
	}
}

// TestTuckboxPanels: the front panel shows the tuckbox-front template and
// the back panel tuckbox-back.
func TestTuckboxPanels(t *testing.T) {
	src := strings.Replace(tuckDeck, "front: f\n", "  tuckbox-front: {background: \"#ff0000\"}\n  tuckbox-back: {background: \"#00ff00\"}\nfront: f\n", 1)
	job, diags := prepare(t, src, nil, DeckOptions{})
	if job == nil {
		t.Fatal(diags)
	}
	box, _, err := TuckBoxFor(job, 10, 0.32)
	if err != nil {
		t.Fatal(err)
	}
	var rec draw.Recorder
	draw.Draw(&rec, box.Document())
	out := rec.String()
	red, green := strings.Index(out, "fill=#ff0000"), strings.Index(out, "fill=#00ff00")
	if red < 0 || green < 0 {
		t.Fatalf("panels: red at %d, green at %d in\n%s", red, green, out)
	}
	front, back := -1, -1
	for i, p := range box.Box.Body() {
		switch p.Name {
		case "front":
			front = i
		case "back":
			back = i
		}
	}
	// the net is drawn panel by panel, in the body's order: the template
	// drawn first is that of the panel that comes first
	if front < 0 || back < 0 || (red < green) != (front < back) {
		t.Errorf("tuckbox-front drawn on the back panel (front is panel %d, back panel %d)", front, back)
	}
}
