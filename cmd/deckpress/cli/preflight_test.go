package cli

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// The preflight deck, on a poker card (63.5 × 88.9 mm) printed with 3 mm
// of bleed. Line 6: a text box 1 mm from the left trim edge (2 mm from
// the top), inside the 3 mm safe zone. Line 7: a 57-pixel picture over
// 20 mm, 72 dpi. Line 8: a rectangle over the whole trim, not carried on
// into the bleed. Line 9: text well inside, which passes. Every line names
// its card, "Probe".
const preflightDeck = `deck: preflight
size: poker
templates:
  t:
    elements:
      - text: {x: 1, y: 2, w: 30, h: 8, value: "Near the cut", size: 10}
      - image: {x: 20, y: 40, w: 20, h: 20, src: low.png, fit: stretch}
      - rect: {x: 0, y: 0, w: 63.5, h: 88.9, fill: "#ddeeff"}
      - text: {x: 10, y: 70, w: 40, h: 8, value: "Safe", size: 10}
front: t
cards:
  - {name: Probe}
`

// TestPreflight: each fault is one warning at its element's line, naming
// the card and the check; a deck without faults has none; --preflight
// counts them; and the built-in kits, at their own settings and at a copy
// shop's 3 mm bleed, have none.
func TestPreflight(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "deck.yaml"), []byte(preflightDeck))
	low := image.NewRGBA(image.Rect(0, 0, 57, 57)) // 57 px / (20 mm / 25.4) = 72 dpi
	for i := range low.Pix {
		low.Pix[i] = 0xff
	}
	low.Set(3, 3, color.Black)
	var buf bytes.Buffer
	if err := png.Encode(&buf, low); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(dir, "low.png"), buf.Bytes())

	type finding struct {
		line  int
		check string
	}
	tests := []struct {
		name    string
		args    []string
		want    []finding
		summary string
	}{
		{"with bleed", []string{"check", "--preflight", "--bleed", "3mm", "deck.yaml"},
			[]finding{{6, "safe zone"}, {7, "resolution"}, {8, "bleed"}},
			"preflight: 3 findings: safe zone 1, resolution 1, bleed 1, corner 0"},
		// without bleed nothing is short of it
		{"no bleed", []string{"check", "--preflight", "deck.yaml"},
			[]finding{{6, "safe zone"}, {7, "resolution"}},
			"preflight: 2 findings: safe zone 1, resolution 1, bleed 0, corner 0"},
		// a 1 mm safe zone takes the text at 1 mm from the left and 2 mm
		// from the top; a 10 mm corner then reaches it: the text's
		// top-left ink corner lies about 12 mm from the corner circle's
		// centre (10, 10), outside its radius less the safe zone, 9 mm.
		{"corner", []string{"check", "--preflight", "--safe", "1mm", "--corner-radius", "10mm", "deck.yaml"},
			[]finding{{6, "corner"}, {7, "resolution"}},
			"preflight: 2 findings: safe zone 0, resolution 1, bleed 0, corner 1"},
		{"safe zone off", []string{"check", "--preflight", "--safe", "0", "deck.yaml"},
			[]finding{{7, "resolution"}},
			"preflight: 1 finding: safe zone 0, resolution 1, bleed 0, corner 0"},
	}
	warning := regexp.MustCompile(`^deck\.yaml:(\d+):\d+: warning: card 1 "Probe": preflight \(([a-z ]+)\): `)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if code := Run(tt.args, Env{In: strings.NewReader(""), Out: &stdout, Err: &stderr, Dir: dir}); code != 0 {
				t.Fatalf("exit %d: %s", code, stderr.String())
			}
			var got []finding
			for _, l := range strings.Split(stderr.String(), "\n") {
				if !strings.Contains(l, "preflight") {
					continue
				}
				m := warning.FindStringSubmatch(l)
				if m == nil {
					t.Fatalf("not a preflight warning at an element naming the card: %q", l)
				}
				line := 0
				for _, d := range m[1] {
					line = line*10 + int(d-'0')
				}
				got = append(got, finding{line, m[2]})
			}
			sort.Slice(got, func(i, j int) bool { return got[i].line < got[j].line })
			if len(got) != len(tt.want) {
				t.Fatalf("findings %v, want %v\n%s", got, tt.want, stderr.String())
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Errorf("finding %d: %v, want %v", i, got[i], tt.want[i])
				}
			}
			if !strings.Contains(stdout.String(), tt.summary+"\n") {
				t.Errorf("stdout lacks %q:\n%s", tt.summary, stdout.String())
			}
		})
	}
}

// TestPreflightKits: the built-in kits pass the preflight at their own
// settings and at a copy shop's (3 mm bleed).
func TestPreflightKits(t *testing.T) {
	for _, args := range [][]string{{"check", "--preflight"}, {"check", "--preflight", "--preset", "copyshop"}} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if code := Run(args, Env{In: strings.NewReader(""), Out: &stdout, Err: &stderr, Dir: t.TempDir()}); code != 0 {
				t.Fatalf("exit %d: %s", code, stderr.String())
			}
			if strings.Contains(stderr.String(), "preflight") || !strings.Contains(stdout.String(), "preflight: no findings\n") {
				t.Errorf("the kits have preflight findings:\n%s\n%s", stderr.String(), stdout.String())
			}
		})
	}
}
