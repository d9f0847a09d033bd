package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPrintFlagsCheckedLikeFile gives each print setting once as a flag
// and once in the deck's print: block. The README's limits (bleed 20,
// gutter 50, margin 100, back offset ±20 mm) hold for both: a value out
// of range is a usage error as a flag (exit 2) and a content error in the
// file (exit 1), and a value in range builds either way.
func TestPrintFlagsCheckedLikeFile(t *testing.T) {
	cases := []struct {
		flag, value string // --flag value
		yaml        string // the same in print:
		ok          bool
	}{
		{"back-offset", "500mm,0", "back-offset: [500mm, 0]", false},
		{"back-offset", "0,-21mm", "back-offset: [0, -21mm]", false},
		{"back-offset", "20mm,-20mm", "back-offset: [20mm, -20mm]", true},
		{"bleed", "21mm", "bleed: 21mm", false},
		{"bleed", "3mm", "bleed: 3mm", true},
		{"gutter", "51mm", "gutter: 51mm", false},
		{"margin", "101mm", "margin: 101mm", false},
		{"margin", "-1mm", "margin: -1mm", false},
	}
	src, err := os.ReadFile("testdata/registration.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		t.Run(c.flag+"="+c.value, func(t *testing.T) {
			dir := t.TempDir()
			writeFile(t, filepath.Join(dir, "deck.yaml"), src)
			code, _, stderr := runCLI(t, dir, "check", "deck.yaml", "--"+c.flag, c.value)
			if want := map[bool]int{true: 0, false: 2}[c.ok]; code != want {
				t.Errorf("flag: exit %d, want %d; stderr %q", code, want, stderr)
			}
			if !c.ok && !strings.Contains(stderr, "--"+c.flag) {
				t.Errorf("flag: the message should name --%s: %q", c.flag, stderr)
			}
			deck := strings.Replace(string(src), "print: {paper: a4,", "print: {"+c.yaml+", paper: a4,", 1)
			writeFile(t, filepath.Join(dir, "deck.yaml"), []byte(deck))
			code, _, stderr = runCLI(t, dir, "check", "deck.yaml")
			if want := map[bool]int{true: 0, false: 1}[c.ok]; code != want {
				t.Errorf("file: exit %d, want %d; stderr %q", code, want, stderr)
			}
		})
	}
}
