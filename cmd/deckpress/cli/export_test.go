package cli

import (
	"encoding/json"
	"github.com/deckpress/deckpress/internal/testdecks"
	"image/png"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestExportTTS: a deck of 75 cards makes two sheets (69 cards and the
// hidden-card slot, then 6), none over 4096 pixels, one back image (all
// backs alike), and a saved object whose fields say so.
func TestExportTTS(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "big.yaml"), []byte(testdecks.Big(75)), 0o644)
	code, stdout, stderr := runCLI(t, dir, "export", "tts", "big.yaml")
	if code != 0 {
		t.Fatal(stderr)
	}
	var save struct {
		ObjectStates []struct {
			Name       string `json:"Name"`
			DeckIDs    []int  `json:"DeckIDs"`
			CustomDeck map[string]struct {
				FaceURL, BackURL    string
				NumWidth, NumHeight int
				UniqueBack          bool
			} `json:"CustomDeck"`
			ContainedObjects []struct {
				Name       string         `json:"Name"`
				CardID     int            `json:"CardID"`
				Nickname   string         `json:"Nickname"`
				CustomDeck map[string]any `json:"CustomDeck"`
			} `json:"ContainedObjects"`
		} `json:"ObjectStates"`
	}
	b, err := os.ReadFile(filepath.Join(dir, "out", "tts", "big.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &save); err != nil {
		t.Fatal(err)
	}
	deck := save.ObjectStates[0]
	if deck.Name != "DeckCustom" || len(deck.DeckIDs) != 75 || len(deck.ContainedObjects) != 75 || len(deck.CustomDeck) != 2 {
		t.Fatalf("deck %s: %d ids, %d cards, %d sheets", deck.Name, len(deck.DeckIDs), len(deck.ContainedObjects), len(deck.CustomDeck))
	}
	s1, s2 := deck.CustomDeck["1"], deck.CustomDeck["2"]
	if s1.NumWidth != 10 || s1.NumHeight != 7 || s2.NumWidth*s2.NumHeight < 7 || s2.NumHeight != 1 {
		t.Errorf("sheet grids %dx%d and %dx%d", s1.NumWidth, s1.NumHeight, s2.NumWidth, s2.NumHeight)
	}
	if s1.BackURL != s2.BackURL || s1.UniqueBack || !strings.HasSuffix(s1.BackURL, "big-back.png") {
		t.Errorf("one shared back expected: %q %q unique=%v", s1.BackURL, s2.BackURL, s1.UniqueBack)
	}
	if deck.DeckIDs[0] != 100 || deck.DeckIDs[68] != 168 || deck.DeckIDs[69] != 200 || deck.DeckIDs[74] != 205 {
		t.Errorf("card ids %v … %v", deck.DeckIDs[:3], deck.DeckIDs[68:])
	}
	for i, c := range deck.ContainedObjects {
		if c.Name != "Card" || c.CardID != deck.DeckIDs[i] || len(c.CustomDeck) != 1 {
			t.Fatalf("card %d: %+v", i, c)
		}
	}
	if deck.ContainedObjects[0].Nickname != "Card 1" {
		t.Errorf("nickname %q", deck.ContainedObjects[0].Nickname)
	}
	for _, s := range []string{s1.FaceURL, s2.FaceURL, s1.BackURL} {
		u, err := url.Parse(s)
		if err != nil || u.Scheme != "file" {
			t.Fatalf("%q is not a file URI", s)
		}
		f, err := os.Open(u.Path)
		if err != nil {
			t.Fatal(err)
		}
		cfg, err := png.DecodeConfig(f)
		f.Close()
		if err != nil || cfg.Width > 4096 || cfg.Height > 4096 {
			t.Errorf("%s: %dx%d (%v)", u.Path, cfg.Width, cfg.Height, err)
		}
	}
	if !strings.Contains(stdout, "big-faces-2.png") || !strings.Contains(stderr, "75 cards on 2 sheets") {
		t.Errorf("stdout %q stderr %q", stdout, stderr)
	}
}
