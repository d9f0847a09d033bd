package build

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestKitTuckbox: the Audition kit's project asks for a tuck box, which
// holds the deck's printed cards and the rules cards printed beside them
// (the same size), and none for the score pad (a whole page).
func TestKitTuckbox(t *testing.T) {
	products, diags, err := Prepare(Request{Out: "out"})
	if err == nil {
		err = diags.Err()
	}
	if err != nil {
		t.Fatal(err)
	}
	byPath := map[string]Product{}
	for _, p := range products {
		byPath[filepath.ToSlash(p.Path)] = p
	}
	box, ok := byPath["out/audition/audition-tuckbox.pdf"]
	deck, rules := byPath["out/audition/audition.pdf"], byPath["out/audition/rules.pdf"]
	if !ok || deck.Cards == 0 || rules.Cards == 0 {
		t.Fatalf("tuck box %v, deck %d cards, rules %d cards", ok, deck.Cards, rules.Cards)
	}
	want := fmt.Sprintf("tuck box for %d cards", deck.Cards+rules.Cards)
	if !strings.HasPrefix(box.Note, want) || box.Sheets != 1 {
		t.Errorf("%q on %d sheets, want %q… on 1", box.Note, box.Sheets, want)
	}
	for path := range byPath {
		if strings.HasSuffix(path, "-tuckbox.pdf") && path != "out/audition/audition-tuckbox.pdf" {
			t.Errorf("%s: only the Audition kit asks for a tuck box", path)
		}
	}
}

// TestProjectTuckboxErrors: a project's tuckbox: value is checked with its
// position, like every other value.
func TestProjectTuckboxErrors(t *testing.T) {
	cases := []struct{ value, want string }{
		{"maybe", "deckpress.yaml:2:10: error: tuckbox: expected true or false"},
		{"{cards: 0}", "deckpress.yaml:2:18: error: tuckbox.cards must be between 1 and 100000, found 0"},
		{"{thickness: .nan}", "deckpress.yaml:2:22: error: tuckbox.thickness: \".nan\" is not a length"},
		{"{thickness: 9mm}", "deckpress.yaml:2:22: error: tuckbox.thickness: 9mm is out of range (0.05mm to 3mm)"},
		{"{lid: 3}", "deckpress.yaml:2:11: error: unknown key \"lid\" in tuckbox; known keys: cards, thickness"},
	}
	for _, c := range cases {
		t.Run(c.value, func(t *testing.T) {
			dir := t.TempDir()
			os.WriteFile(filepath.Join(dir, "deckpress.yaml"), []byte("project: P\ntuckbox: "+c.value+"\n"), 0o644)
			os.WriteFile(filepath.Join(dir, "deck.yaml"), []byte("deck: D\ntemplates: {f: {background: \"#fff\"}}\nfront: f\ncards: [{name: a}]\n"), 0o644)
			_, diags, err := Prepare(Request{Env: Env{Dir: dir}, Inputs: []string{"."}, Out: "out"})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, d := range diags {
				got = append(got, d.String())
			}
			if !strings.Contains(strings.Join(got, "\n"), c.want) {
				t.Errorf("diagnostics %q, want one starting %q", got, c.want)
			}
		})
	}
}
