package report

import (
	"math"
	"strings"
	"testing"

	"github.com/deckpress/deckpress/layout"

	"github.com/deckpress/deckpress/templates/draw"
)

func sample() *Data {
	d := &Data{Title: "Lab", Subtitle: "a test", Intercept: 0.1, Slope: 0.003, Note: "the closing note"}
	for i, name := range []string{"Alpha", "Brick", "Comet", "Dynamo"} {
		d.Heroes = append(d.Heroes, Hero{Name: name, Points: 80 + 30*i, Score: 0.2 + 0.2*float64(i), Lo: 0.15 + 0.2*float64(i), Hi: 0.25 + 0.2*float64(i)})
	}
	d.Heroes[1].Flag, d.Heroes[1].Off = "too strong", 2.4
	d.Heroes[3].Flag, d.Heroes[3].Off = "too weak", -3.1
	for i := range 4 {
		row := make([]float64, 4)
		for k := range row {
			row[k] = 0.5 + 0.1*float64(i-k)
		}
		d.Matrix = append(d.Matrix, row)
	}
	return d
}

// words returns the text of a page, and its filled rectangles by colour.
func words(p []draw.Op) (string, map[draw.Colour]int) {
	var b strings.Builder
	fills := map[draw.Colour]int{}
	for _, op := range p {
		switch o := op.(type) {
		case *draw.TextOp:
			b.WriteString(o.Text + " ")
		case *draw.PathOp:
			if o.Fill.A > 0 {
				fills[o.Fill]++
			}
		}
	}
	return b.String(), fills
}

// TestDocument: a page of bars and scatter, a page of heat map; every
// hero named, the flagged ones labelled in their colours.
func TestDocument(t *testing.T) {
	d := sample()
	a4 := layout.Size{W: 210, H: 297}
	doc := Document(d, a4)
	if len(doc.Pages) != 2 || doc.Pages[0].Size != a4 {
		t.Fatalf("%d pages", len(doc.Pages))
	}
	one, fills := words(doc.Pages[0].Layers[0].Face.Ops)
	for _, want := range []string{"Lab", "Alpha", "Brick", "Comet", "Dynamo", "(too strong, +2.4 SE)", "(too weak, -3.1 SE)", "closing", "60.0 %"} {
		if !strings.Contains(strings.ReplaceAll(one, "−", "-"), want) {
			t.Errorf("page 1 lacks %q:\n%s", want, one)
		}
	}
	if strings.Contains(one, "Comet (") {
		t.Error("an unflagged hero is labelled in the scatter")
	}
	// a bar and a dot each for the flagged heroes, in their colours
	if fills[strong] != 2 || fills[weak] != 2 || fills[grey] != 4 {
		t.Errorf("fills: red %d, blue %d, grey %d", fills[strong], fills[weak], fills[grey])
	}
	two, cells := words(doc.Pages[1].Layers[0].Face.Ops)
	if !strings.Contains(two, "Dynamo 4") || cells[faint] != 4 {
		t.Errorf("heat map: %q, %d diagonal cells", two, cells[faint])
	}
	if got := len(Document(&Data{Heroes: d.Heroes}, a4).Pages); got != 1 {
		t.Errorf("without a matrix: %d pages", got)
	}
}

func TestHeatAndSteps(t *testing.T) {
	if heat(0) != weak || heat(1) != strong || heat(0.5) != white || heat(-1) != weak || heat(2) != strong {
		t.Errorf("heat: %v %v %v", heat(0), heat(0.5), heat(1))
	}
	if a, b := heat(0.25), heat(0.75); a.B <= a.R || b.R <= b.B {
		t.Errorf("below ½ is not blue or above it not red: %v %v", a, b)
	}
	for raw, want := range map[float64]float64{0.7: 1, 1.5: 2, 3: 5, 17: 20, 45: 50, 99: 100, 0: 1} {
		if got := niceStep(raw); math.Abs(got-want) > 1e-9 {
			t.Errorf("niceStep(%g) = %g, want %g", raw, got, want)
		}
	}
}
