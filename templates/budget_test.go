package templates_test

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/internal/testtool"
	"github.com/deckpress/deckpress/layout"

	"github.com/deckpress/deckpress/templates"
	"github.com/deckpress/deckpress/templates/typeset"
)

// bigPath is an SVG path of n points.
func bigPath(n int) string {
	var b strings.Builder
	b.WriteString("M0 0")
	for i := 1; i < n; i++ {
		fmt.Fprintf(&b, " L%d %d", i%100, i%97)
	}
	return b.String()
}

// TestFaceBudget: what a face costs to draw is counted for every source
// (template elements, SVG pictures, icons set in text, repeats), and a
// face past a budget is an error at the element that passed it, found
// in bounded time and memory, drawing nothing more.
func TestFaceBudget(t *testing.T) {
	files := fstest.MapFS{
		"dash.svg": {Data: []byte(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">` + "\n" +
			`<path d="M0 0 L100000 0" stroke="black" stroke-width="1" stroke-dasharray="1e-300"/></svg>`)},
		"big.svg": {Data: []byte(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><path d="` + bigPath(100_000) + `"/></svg>`)},
	}
	var bigIcon layout.Path
	bigIcon.MoveTo(0, 0)
	for i := range 100_000 {
		bigIcon.LineTo(float64(i%100), float64(i%97))
	}
	items := func(n int) string { return "items: [" + strings.Repeat("{},", n-1) + "{}]" }
	words := strings.Repeat("word ", 20_000) // 100,000 bytes
	for _, tt := range []struct {
		name, src, fields, want string
	}{
		{"an SVG file's fine dashes", `elements: [{image: {x: 5, y: 5, w: 50, h: 50, src: dash.svg}}]`, `{}`,
			"t.yaml:1:52: error: card 1: image.src: dash.svg:2:1: <path>: its stroke-dasharray cuts the path into more than 1000000 dashes; make the dashes longer"},
		{"fine dashes, each line within the budget", `elements: [{repeat: {x: 0, y: 0, w: 60, h: 80, field: items, item-height: 0.001, elements: [{line: {x1: 0, y1: 0, x2: 300, y2: 0, stroke: black, dash: [0.01]}}]}}]`,
			items(40), "t.yaml:1:94: error: card 1: strokes dashed into more than 1000000 dashes on one face; make the dashes longer"},
		{"a big SVG picture drawn 200 times", `elements: [{repeat: {x: 0, y: 0, w: 60, h: 80, field: items, item-height: 0.001, elements: [{image: {x: 0, y: 0, w: 10, h: 10, src: big.svg}}]}}]`,
			items(200), "t.yaml:1:94: error: card 1: more than 2000000 path points on one face (each use of an icon or SVG picture counts its points again); use fewer or simpler ones"},
		{"a big icon set 200 times in a text", `elements: [{text: {x: 0, y: 0, w: 60, h: 80, value: "{{t}}", size: 1}}]`,
			"t: '" + strings.Repeat(":big: ", 200) + "'", "t.yaml:1:13: error: card 1: more than 2000000 path points on one face"},
		{"a long text shrunk in 10,000 items", `elements: [{repeat: {x: 0, y: 0, w: 60, h: 10000, field: items, item-height: 0.001, elements: [{text: {x: 0, y: 0, w: 60, h: 80, value: "{{t}}", size: 10, min-size: 0.1, fit: shrink}}]}}]`,
			items(10_000) + "\nt: '" + words + "'", "t.yaml:1:97: error: card 1: more than 1000000 bytes of text on one face (a repeat sets its text once for each item); set less"},
		{"a long text shrunk in 9 items", `elements: [{repeat: {x: 0, y: 0, w: 60, h: 10000, field: items, item-height: 0.001, elements: [{text: {x: 0, y: 0, w: 60, h: 80, value: "{{t}}", size: 10, min-size: 0.1, fit: shrink}}]}}]`,
			items(9) + "\nt: '" + words + "'", ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			root, diags := cards.Parse("t.yaml", []byte(tt.src))
			lib := templates.NewLibrary(poker, 0)
			lib.Images.Files = files
			lib.Icons.Add(&typeset.Icon{Name: "big", Fill: bigIcon})
			lib.Define("t", cards.Pos{File: "t.yaml", Line: 1, Col: 1}, root)
			diags = diags.Extend(lib.Compile())
			f, ds := cards.Parse("card.yaml", []byte(tt.fields))
			diags = append(diags, ds...)
			card := templates.Card{Label: "card 1", Pos: cards.Pos{File: "card.yaml", Line: 1, Col: 1}, Field: func(n string) *cards.Node { return f.Key(n) }}
			var mem runtime.MemStats
			runtime.ReadMemStats(&mem)
			allocated, start := mem.TotalAlloc, testtool.CPUTime()
			_, ds = lib.Render(lib.Lookup("t"), card)
			took := testtool.CPUTime() - start
			runtime.ReadMemStats(&mem)
			diags = diags.Extend(ds)
			if took > 2*time.Second {
				t.Errorf("took %v of processor time", took)
			}
			// the 1,000,000 bytes of text a face may set allocate about
			// 250 MiB in all, not at once
			if used := mem.TotalAlloc - allocated; used > 300<<20 {
				t.Errorf("allocated %d MiB", used>>20)
			}
			var errs []string
			for _, d := range diags {
				if d.Severity == cards.Error {
					errs = append(errs, d.String())
				}
			}
			switch {
			case tt.want == "" && len(errs) > 0:
				t.Errorf("errors %q", errs)
			case tt.want != "" && (len(errs) != 1 || !strings.HasPrefix(errs[0], tt.want)):
				t.Errorf("errors %q, want one: %q", errs, tt.want)
			}
		})
	}
}
