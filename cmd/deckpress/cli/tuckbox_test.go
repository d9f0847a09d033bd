package cli

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// tuckDPI is the resolution the tuck box is measured at: 0.064 mm a pixel.
const tuckDPI = 400

// TestTuckboxMeasured prints a tuck box for 44 poker cards (63.5 × 88.9
// mm) at 0.32 mm, renders it with pdftoppm and finds its lines on the
// pixels. The box is stated here: inside 63.5 + 1.5 = 65 wide, 88.9 + 1.5
// = 90.4 high, 44 × 0.32 + 1 = 15.08 deep; so across the body the lines
// lie 65, 15.08, 65 and 15.08 mm apart (back, side, front, side), the body
// is 90.4 mm high, and the top lid, on the back, is 15.08 mm deep. Each
// within 0.2 mm.
func TestTuckboxMeasured(t *testing.T) {
	dir := t.TempDir()
	deck := "deck: Box\nsize: poker\ntemplates:\n  f: {background: \"#ffffff\"}\nfront: f\ncards:\n  - {name: a, count: 3}\n"
	if err := os.WriteFile(filepath.Join(dir, "deck.yaml"), []byte(deck), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runCLI(t, dir, "tuckbox", "deck.yaml", "--cards", "44", "--thickness", "0.32mm", "--paper", "a4")
	if code != 0 || !strings.Contains(stdout, "out/deck-tuckbox.pdf") {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	pages := rasterize(t, filepath.Join(dir, "out", "deck-tuckbox.pdf"), tuckDPI)
	if len(pages) != 1 {
		t.Fatalf("%d pages, want 1", len(pages))
	}
	img := pages[0]
	b := img.Bounds()
	dark := func(x, y int) bool {
		c := img.RGBAAt(x, y)
		return int(c.R)+int(c.G)+int(c.B) < 3*160
	}
	mm := func(px float64) float64 { return px * 25.4 / tuckDPI }
	px := func(mm float64) int { return int(math.Round(mm * tuckDPI / 25.4)) }

	// down the page: every line with 40 mm of ink or more (the body's
	// folds are 90.4 mm long, 57 % ink when dashed); the bands of the
	// panels, their text and the label are shorter
	cols := profile(b.Dx(), b.Dy(), func(i, j int) bool { return dark(i, j) })
	xs := lines(cols, float64(px(40)))
	if len(xs) != 6 {
		t.Fatalf("%d long vertical lines at %v px, want 6 (back, side, front, side, glue flap)", len(xs), xs)
	}
	for i, w := range []struct {
		name string
		mm   float64
	}{{"back", 65}, {"left side", 15.08}, {"front", 65}, {"right side", 15.08}} {
		checkMM(t, w.name+" width", mm(xs[i+1]-xs[i]), w.mm)
	}

	// across the right side, inside its folds: the top dust flap's end,
	// the body's top and bottom folds, the bottom dust flap's end
	x0, x1 := int(xs[3])+px(2), int(xs[4])-px(2)
	// (rows of the net only: the label's line in the bottom margin aside)
	rows := profile(b.Dy()-px(8), x1-x0, func(i, j int) bool { return dark(x0+j, i) })
	ys := lines(rows, 0.4*float64(x1-x0))
	if len(ys) != 4 {
		t.Fatalf("%d lines across the right side at %v px, want 4 (dust flap, fold, fold, dust flap)", len(ys), ys)
	}
	top, bottom := ys[1], ys[2]
	checkMM(t, "body height", mm(bottom-top), 90.4)

	// up the back panel, from the body's top: the lid's fold and the tuck
	// flap's fold above it
	x0, x1 = int(xs[0])+px(10), int(xs[1])-px(10)
	up := profile(int(top)+px(1), x1-x0, func(i, j int) bool { return dark(x0+j, i) })
	lid := lines(up, 0.4*float64(x1-x0))
	if len(lid) != 3 {
		t.Fatalf("lines across the back's lid at %v px, want the tuck flap's edge, its fold and the lid's fold", lid)
	}
	checkMM(t, "top lid depth", mm(lid[2]-lid[1]), 15.08)
}

// checkMM fails the test when got is more than 0.2 mm from want.
func checkMM(t *testing.T, what string, got, want float64) {
	t.Helper()
	t.Logf("%s: %.3f mm measured, %.3f mm intended", what, got, want)
	if math.Abs(got-want) > 0.2 {
		t.Errorf("%s: %.3f mm on the page, want %.3f ± 0.2", what, got, want)
	}
}

// profile counts, for each of n lines of pixels, the m pixels that are
// ink.
func profile(n, m int, ink func(i, j int) bool) []float64 {
	out := make([]float64, n)
	for i := range n {
		for j := range m {
			if ink(i, j) {
				out[i]++
			}
		}
	}
	return out
}

// lines returns the centre of every run of entries of p at or above min,
// in pixels.
func lines(p []float64, min float64) []float64 {
	var out []float64
	start := -1
	for i := 0; i <= len(p); i++ {
		on := i < len(p) && p[i] >= min
		switch {
		case on && start < 0:
			start = i
		case !on && start >= 0:
			out = append(out, float64(start+i-1)/2)
			start = -1
		}
	}
	return out
}

func maxOf(p []float64) float64 {
	m := 0.0
	for _, v := range p {
		m = math.Max(m, v)
	}
	return m
}

// TestTuckboxCommand: the flags are checked as a file's values are (exit
// 2, the flag named), a deck of whole pages has no box (exit 1, with its
// position), and a kit's folder gives a box for its deck that holds the
// rules cards too: 45 cards and four sets of two rules cards.
func TestTuckboxCommand(t *testing.T) {
	dir := t.TempDir()
	if code, _, stderr := runCLI(t, dir, "init", "audition", "kit"); code != 0 {
		t.Fatal(stderr)
	}
	cases := []struct {
		args   []string
		code   int
		stderr string
	}{
		{[]string{"kit/audition.yaml", "--cards", "NaN"}, 2, `--cards: expected a whole number, found the text "NaN"`},
		{[]string{"kit/audition.yaml", "--cards", "1.5"}, 2, "--cards: expected a whole number, found the number 1.5"},
		{[]string{"kit/audition.yaml", "--cards", "0"}, 2, "--cards must be between 1 and 100000, found 0"},
		{[]string{"kit/audition.yaml", "--thickness", ".nan"}, 2, `--thickness: ".nan" is not a length`},
		{[]string{"kit/audition.yaml", "--thickness", "5mm"}, 2, "--thickness: 5mm is out of range (0.05mm to 3mm)"},
		{[]string{"kit/audition.yaml", "--thickness", "-0.3mm"}, 2, "--thickness: -0.3mm is out of range (0.05mm to 3mm)"},
		{[]string{"kit/audition.yaml", "--paper", "b9"}, 2, "--paper"},
		{[]string{"kit/score-pad.yaml"}, 1, "kit/score-pad.yaml:3:7: error: tuck box: a deck of whole pages (size: page) goes in no box"},
		{[]string{"kit/audition.yaml"}, 0, "tuck box for 45 cards, inside 65 x 90.4 x 15.4 mm"},
		{[]string{"kit/audition.yaml", "--cards", "44", "--thickness", "0.3mm"}, 0, "tuck box for 44 cards, inside 65 x 90.4 x 14.2 mm"},
		{[]string{"kit"}, 0, "tuck box for 54 cards, inside 65 x 90.4 x 18.28 mm"},
	}
	for _, c := range cases {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			code, _, stderr := runCLI(t, dir, append([]string{"tuckbox"}, c.args...)...)
			if code != c.code || !strings.Contains(stderr, c.stderr) {
				t.Errorf("exit %d, want %d; stderr:\n%s\nwant it to hold %q", code, c.code, stderr, c.stderr)
			}
		})
	}
}
