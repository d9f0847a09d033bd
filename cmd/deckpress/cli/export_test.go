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

// TestExportTTSLoadsElsewhere: Galaga exported with --url-prefix and
// --saved-objects: the saved object and its thumbnail land in the Saved
// Objects folder, every image URL lies under the prefix and names an image
// written to --out, and the life cards (their own back) are a deck apart
// from the draw deck. A prefix that is not an http(s) URL is a usage
// error.
func TestExportTTSLoadsElsewhere(t *testing.T) {
	dir := t.TempDir()
	if code, _, stderr := runCLI(t, dir, "init", "galaga", "game"); code != 0 {
		t.Fatal(stderr)
	}
	saves := filepath.Join("Tabletop Simulator", "Saves", "Saved Objects")
	code, stdout, stderr := runCLI(t, dir, "export", "tts", "--url-prefix", "https://example.test/cards", "--saved-objects", saves, "-o", "images", filepath.Join("game", "galaga.yaml"))
	if code != 0 {
		t.Fatal(stderr)
	}
	b, err := os.ReadFile(filepath.Join(dir, saves, "galaga.json"))
	if err != nil {
		t.Fatalf("%v; stdout:\n%s", err, stdout)
	}
	thumb, err := os.Open(filepath.Join(dir, saves, "galaga.png"))
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := png.DecodeConfig(thumb)
	thumb.Close()
	if err != nil || cfg.Width != 256 || cfg.Height != 256 {
		t.Errorf("thumbnail %dx%d (%v)", cfg.Width, cfg.Height, err)
	}
	var save struct {
		ObjectStates []struct {
			Name, Nickname string
			DeckIDs        []int
			CustomDeck     map[string]struct{ FaceURL, BackURL string }
		}
	}
	if err := json.Unmarshal(b, &save); err != nil {
		t.Fatal(err)
	}
	var names []string
	count := 0
	for _, o := range save.ObjectStates {
		names = append(names, o.Nickname)
		count += len(o.DeckIDs)
		for _, sh := range o.CustomDeck {
			for _, u := range []string{sh.FaceURL, sh.BackURL} {
				file, ok := strings.CutPrefix(u, "https://example.test/cards/")
				if !ok {
					t.Errorf("URL %q is not under the prefix", u)
					continue
				}
				if _, err := os.Stat(filepath.Join(dir, "images", file)); err != nil {
					t.Errorf("URL %q: %v", u, err)
				}
			}
		}
	}
	// the kit: 45 draw-deck cards and 17 life cards
	if len(save.ObjectStates) != 2 || !strings.Contains(names[0], "deck-back") || !strings.Contains(names[1], "life-back") ||
		len(save.ObjectStates[1].DeckIDs) != 17 || count != 62 {
		t.Errorf("objects %q with %d cards, want the draw deck, then the 17 life cards", names, count)
	}
	if !strings.Contains(stderr, "62 cards on 2 sheets, 2 Tabletop Simulator decks (one per back)") {
		t.Errorf("stderr %q", stderr)
	}

	code, _, stderr = runCLI(t, dir, "export", "tts", "--url-prefix", "example.test/cards", filepath.Join("game", "galaga.yaml"))
	if code != 2 || !strings.Contains(stderr, "--url-prefix") {
		t.Errorf("a bad prefix: exit %d, stderr %q", code, stderr)
	}
}

// TestExportPOD: each service's files land in out/pod/<service>/<deck>/;
// a missing or unknown --service is a usage error, a size the service does
// not print a failure that writes nothing.
func TestExportPOD(t *testing.T) {
	dir := t.TempDir()
	deck := "deck: P\nsize: poker\ntemplates: {f: {background: \"#ff0000\"}, b: {background: \"#0000ff\"}}\nfront: f\nback: b\ncards: [{name: a, count: 3}]\n"
	os.WriteFile(filepath.Join(dir, "p.yaml"), []byte(deck), 0o644)
	os.WriteFile(filepath.Join(dir, "s.yaml"), []byte(strings.Replace(deck, "poker", "standard", 1)), 0o644)
	tests := []struct {
		args   []string
		code   int
		stdout []string
	}{
		{[]string{"--service", "thegamecrafter", "p.yaml"}, 0, []string{"out/pod/thegamecrafter/p/p-front-1.png", "out/pod/thegamecrafter/p/p-back.png", "out/pod/thegamecrafter/p/p-cards.csv"}},
		{[]string{"--service", "makeplayingcards", "p.yaml"}, 0, []string{"out/pod/makeplayingcards/p/p-front-1.png", "out/pod/makeplayingcards/p/p-back.png", "out/pod/makeplayingcards/p/p-cards.csv"}},
		{[]string{"--service", "drivethrucards", "p.yaml"}, 0, []string{"out/pod/drivethrucards/p/p.pdf"}},
		{[]string{"p.yaml"}, 2, nil},
		{[]string{"--service", "printful", "p.yaml"}, 2, nil},
		{[]string{"--service", "drivethrucards", "s.yaml"}, 1, nil},
	}
	for _, tt := range tests {
		code, stdout, stderr := runCLI(t, dir, append([]string{"export", "pod"}, tt.args...)...)
		if code != tt.code || strings.Join(strings.Fields(stdout), " ") != strings.Join(tt.stdout, " ") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", tt.args, code, stdout, stderr)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "out", "pod", "drivethrucards", "s")); err == nil {
		t.Errorf("a refused deck left files")
	}
}
