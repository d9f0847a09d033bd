package cli

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/data"
	"github.com/deckpress/deckpress/output/build/simulate"
	"github.com/deckpress/deckpress/rules/galaga"
)

// TestGalagaTextsPrinted: the text of every Galaga card, rebuilt from its
// effect data, is what the built PDF shows (pdftotext), and an augment
// shows its tag.
func TestGalagaTextsPrinted(t *testing.T) {
	dir := t.TempDir()
	src, err := fs.ReadFile(data.FS, simulate.GalagaKit)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "galaga.yaml"), src, 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := runCLI(t, dir, "build", "galaga.yaml"); code != 0 || stderr != "" {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var pages []string
	for _, p := range pdfWords(t, filepath.Join(dir, "out", "galaga.pdf")) {
		pages = append(pages, p.text())
	}
	printed := strings.Join(pages, " ")
	d, _ := cards.LoadDeck("galaga.yaml", src, nil)
	deck, diags := galaga.Read(d)
	if len(diags) > 0 || len(deck.Cards) != 21 {
		t.Fatalf("%d cards: %v", len(deck.Cards), diags)
	}
	for _, c := range deck.Cards {
		want := c.Title + " " // the title, then the text further on
		text := galaga.Text(c.Kind, c.Effect)
		if !strings.Contains(printed, want) || !strings.Contains(printed, text) {
			t.Errorf("%s: %q is not printed", c.Title, text)
		}
		if tag := c.Effect.Augment.String(); c.Effect.Augment.Op != 0 && !strings.Contains(printed, " "+tag+" ") {
			t.Errorf("%s: its tag %q is not printed", c.Title, tag)
		}
	}
}

// TestSimGalagaJSON: the JSON shape; the seats' wins and the
// ties add up to the games; every card of the kit is listed.
func TestSimGalagaJSON(t *testing.T) {
	code, stdout, stderr := runCLI(t, t.TempDir(), "sim", "galaga", "--players", "3", "--games", "200", "--policy", "random", "--json")
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var got struct {
		Games int    `json:"games"`
		Seed  uint64 `json:"seed"`
		Ties  int    `json:"ties"`
		Seats []struct {
			Seat    int        `json:"seat"`
			Wins    int        `json:"wins"`
			WinRate float64    `json:"win_rate"`
			CI95    [2]float64 `json:"ci95"`
		} `json:"seats"`
		Cards []struct {
			Card           string  `json:"card"`
			Kind           string  `json:"kind"`
			Played         int     `json:"played"`
			WinRate        float64 `json:"win_rate_when_played"`
			NeverEffective bool    `json:"never_effective"`
		} `json:"cards"`
	}
	if err := json.Unmarshal([]byte(stdout), &got); err != nil {
		t.Fatal(err)
	}
	total := got.Ties
	for _, s := range got.Seats {
		total += s.Wins
		if s.CI95[0] > s.WinRate || s.CI95[1] < s.WinRate {
			t.Errorf("seat %+v", s)
		}
	}
	if got.Games != 200 || got.Seed != 1 || len(got.Seats) != 3 || total != 200 || len(got.Cards) != 21 || got.Cards[0].Card != "Single Shot" || got.Cards[20].Kind != "one-up" {
		t.Errorf("%+v", got)
	}
}

// TestSimGalagaBadInput: a deck of one's own with an unknown special is a
// diagnostic at its line; bad flags are usage errors.
func TestSimGalagaBadInput(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "mine.yaml"), []byte("deck: Mine\ncards:\n  - {kind: offensive, count: 20, title: Laser, value: 3}\n  - {kind: defensive, count: 20, title: Shield, special: shield-up}\n  - {kind: life, count: 17}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"mine.yaml"}, 1, `mine.yaml:4:58: error: special: unknown special "shield-up"`},
		{[]string{"--players", "5"}, 2, "--players: 5"},
		{[]string{"--players", "3", "--policy", "greedy,random"}, 2, "--policy: 2 names for 3 players"},
		{[]string{"--policy", "clever"}, 2, `--policy: unknown policy "clever"`},
	} {
		code, stdout, stderr := runCLI(t, dir, append([]string{"sim", "galaga"}, c.args...)...)
		if code != c.code || stdout != "" || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, %q, %s", c.args, code, stdout, stderr)
		}
	}
}
