package templates_test

import (
	"io/fs"
	"os"
	"strings"
	"testing"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/templates"
)

// preflight renders template src on a poker card (63.5 × 88.9 mm) with
// the given bleed, safe zone and corner radius and returns the preflight
// checks that found something, in order.
func preflight(t *testing.T, src string, bleed, safe, radius float64) []string {
	t.Helper()
	root, diags := cards.Parse("t.yaml", []byte(src))
	if root == nil {
		t.Fatalf("template: %v", diags)
	}
	lib := templates.NewLibrary(poker, bleed)
	lib.Safe, lib.CornerRadius = safe, radius
	lib.Images.Files = os.DirFS("testdata").(fs.ReadFileFS)
	lib.Define("t", cards.Pos{File: "t.yaml", Line: 1, Col: 1}, root)
	if ds := lib.Compile(); ds.HasErrors() {
		t.Fatal(ds)
	}
	_, ds := lib.Render(lib.Lookup("t"), templates.Card{Label: "card 1", Pos: cards.Pos{File: "c.yaml", Line: 1, Col: 1}, Field: func(string) *cards.Node { return nil }})
	var found []string
	for _, d := range ds {
		if c := templates.PreflightCheck(d.Message); c != "" {
			found = append(found, c)
		}
	}
	return found
}

// TestPreflightChecks: each check against its rule, stated in mm. Safe
// zone: ink closer to the trim than the safe distance (text ink is the
// run's advance and its font's ascent/descent, so a box at 3 mm whose
// text starts at 3 mm passes). Bleed: with bleed, art that touches a trim
// edge and stops before the bleed edge; art inside the card, art carried
// into the bleed (bleed: true, a negative x, the background box) passes.
// Resolution: the pixels of the part shown over its box, below 300 dpi
// (wide.png is 200 × 100 px: 300 dpi over 16.93 mm). Corner: text outside the safe zone rounded
// by radius − safe.
func TestPreflightChecks(t *testing.T) {
	tests := []struct {
		name               string
		src                string
		bleed, safe, round float64
		want               string
	}{
		{"text at 3mm", `elements: [{text: {x: 3, y: 3, w: 40, h: 8, value: "Hi"}}]`, 0, 3, 0, ""},
		{"text at 2.9mm", `elements: [{text: {x: 2.9, y: 10, w: 40, h: 8, value: "Hi"}}]`, 0, 3, 0, "safe zone"},
		{"text right edge", `elements: [{text: {x: 20, y: 10, w: 43, h: 8, value: "Hi", align: right}}]`, 0, 3, 0, "safe zone"},
		{"text bottom", `elements: [{text: {x: 10, y: 78, w: 40, h: 10, value: "Hi", valign: bottom}}]`, 0, 3, 0, "safe zone"},
		{"blank text", `elements: [{text: {x: 0, y: 0, w: 40, h: 8, value: " "}}]`, 0, 3, 0, ""},
		{"safe zone off", `elements: [{text: {x: 0, y: 0, w: 40, h: 8, value: "Hi"}}]`, 0, 0, 0, ""},
		{"icon at 1mm", `elements: [{icon: {x: 1, y: 40, w: 6, h: 6, name: star}}]`, 0, 3, 0, "safe zone"},
		{"icon inside", `elements: [{icon: {x: 10, y: 40, w: 6, h: 6, name: star}}]`, 0, 3, 0, ""},
		{"stats at the edge", `elements: [{stats: {x: 0.5, y: 40, w: 30, h: 10, rows: [{label: A, value: "1"}]}}]`, 0, 3, 0, "safe zone"},
		{"full rect, bleed", `elements: [{rect: {x: 0, y: 0, w: 63.5, h: 88.9, fill: red}}]`, 3, 3, 0, "bleed"},
		{"full rect, no bleed", `elements: [{rect: {x: 0, y: 0, w: 63.5, h: 88.9, fill: red}}]`, 0, 3, 0, ""},
		{"rect bleed: true", `elements: [{rect: {x: 0, y: 0, w: 63.5, h: 10, fill: red, bleed: true}}]`, 3, 3, 0, ""},
		{"top band", `elements: [{rect: {x: 0, y: 0, w: 63.5, h: 10, fill: red}}]`, 3, 3, 0, "bleed"},
		{"outline only", `elements: [{rect: {x: 0, y: 0, w: 63.5, h: 88.9, stroke: red}}]`, 3, 3, 0, ""},
		{"inner panel", `elements: [{rect: {x: 4, y: 4, w: 55.5, h: 80, fill: red}}]`, 3, 3, 0, ""},
		{"rect half into the bleed", `elements: [{rect: {x: -1.5, y: 20, w: 20, h: 10, fill: red}}]`, 3, 3, 0, "bleed"},
		{"picture at -3mm", `elements: [{image: {x: -3, y: 20, w: 2, h: 1, src: images/wide.png, fit: stretch}}]`, 3, 3, 0, ""},
		{"picture at 0", `elements: [{image: {x: 0, y: 20, w: 2, h: 1, src: images/wide.png, fit: stretch}}]`, 3, 3, 0, "bleed"},
		{"picture 200 px over 16.9 mm", `elements: [{image: {x: 20, y: 20, w: 16.9, h: 8.45, src: images/wide.png, fit: stretch}}]`, 0, 3, 0, ""},
		{"picture 200 px over 17.5 mm", `elements: [{image: {x: 20, y: 20, w: 17.5, h: 8.75, src: images/wide.png, fit: stretch}}]`, 0, 3, 0, "resolution"},
		// contain: the 2:1 picture spans the bleed box's width, its top and
		// bottom inside the card, where they touch no trim edge
		{"background contain", `background: {image: images/wide.png, fit: contain}`, 3, 3, 0, "resolution"},
		{"corner 10mm", `elements: [{text: {x: 1.5, y: 1.5, w: 30, h: 8, value: "Hi"}}]`, 0, 1, 10, "corner"},
		{"corner 10mm, text inside", `elements: [{text: {x: 8, y: 8, w: 30, h: 8, value: "Hi"}}]`, 0, 1, 10, ""},
		{"corner smaller than safe", `elements: [{text: {x: 3, y: 3, w: 30, h: 8, value: "Hi"}}]`, 0, 3, 3, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := strings.Join(preflight(t, tt.src, tt.bleed, tt.safe, tt.round), " ")
			if got != tt.want {
				t.Errorf("found %q, want %q", got, tt.want)
			}
		})
	}
}
