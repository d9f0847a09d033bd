package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deckpress/deckpress/internal/golden"
)

func TestHeroShowJSON(t *testing.T) {
	dir := t.TempDir()
	copyTree(t, os.DirFS("testdata/heroes"), dir)
	code, stdout, stderr := runCLI(t, dir, "hero", "show", "--json", "voltage.yaml")
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var got []map[string]any
	if err := json.Unmarshal([]byte(stdout), &got); err != nil {
		t.Fatalf("not a JSON array: %v\n%s", err, stdout)
	}
	want := `[{"hero": "Lady Voltage", "characteristics": {"STR": 3, "DEX": 5, "SIZ": 3, "PER": 4},
 "bought_points": 0, "combat_modifier": 13, "oomph": 27, "movement_rate": 15, "actions": 3,
 "segments": [2, 4, 6], "feet_per_segment": 5,
 "powers": [{"power": "Distance Attack", "level": 3, "uses": "unlimited", "base_cost": 67.03,
             "multiplier": 2.25, "cost": 151}],
 "points": {"powers": 151, "characteristics": 0, "total": 151, "budget": 200}, "valid": true}]`
	var w []map[string]any
	json.Unmarshal([]byte(want), &w)
	a, _ := json.Marshal(got)
	b, _ := json.Marshal(w)
	if string(a) != string(b) {
		t.Errorf("got  %s\nwant %s", a, b)
	}
}

// TestHeroCheck: every breach is reported, on its line, and exits 1.
func TestHeroCheck(t *testing.T) {
	dir := t.TempDir()
	copyTree(t, os.DirFS("testdata/heroes"), dir)
	code, stdout, stderr := runCLI(t, dir, "hero", "check", "broken.yaml")
	if code != 1 || stdout != "" {
		t.Errorf("exit %d, stdout %q", code, stdout)
	}
	golden.Assert(t, "heroes/broken.txt", []byte(stderr))
	// show prints the sheet with valid: false, and exits 1 too
	code, stdout, _ = runCLI(t, dir, "hero", "show", "--json", "broken.yaml")
	if code != 1 || !strings.Contains(stdout, `"valid": false`) {
		t.Errorf("show: exit %d\n%s", code, stdout)
	}
}

func TestBuildHeroFile(t *testing.T) {
	dir := t.TempDir()
	copyTree(t, os.DirFS("testdata/heroes"), dir)
	code, stdout, stderr := runCLI(t, dir, "build", "voltage.yaml", "--paper", "letter")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, f := range []string{"voltage.pdf", "voltage-sheets.pdf"} {
		if !strings.Contains(stdout, f) {
			t.Errorf("%s not listed:\n%s", f, stdout)
		}
		if _, err := os.Stat(filepath.Join(dir, "out", f)); err != nil {
			t.Error(err)
		}
	}
	// the character sheet fills a Letter page
	pages := rasterize(t, filepath.Join(dir, "out", "voltage-sheets.pdf"), 20)
	if len(pages) != 1 || pages[0].Bounds().Dx() != 170 || pages[0].Bounds().Dy() != 220 {
		t.Errorf("want one Letter page (170 x 220 px at 20 dpi), got %d pages, %v", len(pages), pages[0].Bounds())
	}
}

func TestRulesetFlag(t *testing.T) {
	dir := t.TempDir()
	copyTree(t, os.DirFS("testdata/heroes"), dir)
	os.WriteFile(filepath.Join(dir, "rich.yaml"), []byte("ruleset: rich\nbudget: 150\n"), 0o644)
	code, _, stderr := runCLI(t, dir, "hero", "check", "--ruleset", "rich.yaml", "voltage.yaml")
	if code != 1 || !strings.Contains(stderr, "the budget is 150, 1 point over") {
		t.Errorf("exit %d: %s", code, stderr)
	}
	code, _, stderr = runCLI(t, dir, "check", "rich.yaml")
	if code != 0 {
		t.Errorf("a valid ruleset file checks clean: %d %s", code, stderr)
	}
}
