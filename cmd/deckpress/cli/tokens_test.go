package cli

import (
	"path/filepath"
	"testing"
)

// TestTokensMeasured: the Gladiators kit's hero tokens, printed and
// measured on the rendered page, are as wide as the arena's hexes across
// flats (1 in, 25.4 mm) within 0.5 mm, across and down, so that a token
// fills its hex and none of its neighbours'.
func TestTokensMeasured(t *testing.T) {
	dir := t.TempDir()
	if code, _, stderr := runCLI(t, dir, "init", "gladiators", "kit"); code != 0 {
		t.Fatalf("init: %s", stderr)
	}
	if code, _, stderr := runCLI(t, dir, "build", "kit/tokens.yaml", "-o", "print"); code != 0 {
		t.Fatalf("build: %s", stderr)
	}
	const dpi = 300
	pages := rasterize(t, filepath.Join(dir, "print", "tokens.pdf"), dpi)
	img := pages[0]
	b := img.Bounds()
	// the first token is the first team's, red: its filled disc, inside
	// a 0.25 mm outline, bounded on the page
	red := func(x, y int) bool {
		c := img.RGBAAt(x, y)
		return c.R > 120 && c.G < 100 && c.B < 100
	}
	mm := func(px int) float64 { return float64(px) * 25.4 / dpi }
	px := func(mm float64) int { return int(mm * dpi / 25.4) }
	x0, y0 := b.Dx(), b.Dy()
	for y := 0; y < b.Dy(); y++ {
		for x := 0; x < b.Dx(); x++ {
			if red(x, y) {
				x0, y0 = min(x0, x), min(y0, y)
			}
		}
	}
	if x0 == b.Dx() {
		t.Fatal("no red token on the page")
	}
	// the first disc alone: its neighbours lie more than 25.4 mm on
	x1, y1 := x0, y0
	for y := y0; y < min(b.Dy(), y0+px(27)); y++ {
		for x := x0; x < min(b.Dx(), x0+px(27)); x++ {
			if red(x, y) {
				x1, y1 = max(x1, x), max(y1, y)
			}
		}
	}
	across, down := x1-x0+1+px(0.5), y1-y0+1+px(0.5) // with the outline, 0.25 mm each side
	for name, px := range map[string]int{"across": across, "down": down} {
		if got := mm(px); got < 25.4-0.5 || got > 25.4+0.5 {
			t.Errorf("token %s: %.2f mm on the page, want the arena's 25.4 mm hex within 0.5 mm", name, got)
		}
	}
	t.Logf("token across %.2f mm, down %.2f mm", mm(across), mm(down))
}
