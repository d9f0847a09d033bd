package simulate

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deckpress/deckpress/output/build"
)

// TestGameFiles: without a file the loaders read the kit's (the source's
// three Slugfest teams, the 21 effect cards of the Galaga deck, the 26
// Audition heroes); a file of the user's is read relative to env.Dir, and
// one that cannot be read is an error at its name.
func TestGameFiles(t *testing.T) {
	dir := t.TempDir()
	round := "lineup: [A, B]\nvotes:\n  - {player: 1, card: star, hero: A}\n  - {player: 2, card: x, hero: B}\n"
	if err := os.WriteFile(filepath.Join(dir, "round.yaml"), []byte(round), 0o644); err != nil {
		t.Fatal(err)
	}
	env := build.Env{Dir: dir}

	teams, diags := LoadSlugfest(env, "")
	if len(teams) != 3 || diags.HasErrors() {
		t.Errorf("slugfest kit: %d teams, %v", len(teams), diags)
	}
	deck, diags := LoadGalaga(env, "")
	if deck == nil || len(deck.Cards) != 21 || diags.HasErrors() {
		t.Errorf("galaga kit: %v", diags)
	}
	heroes, diags := AuditionHeroes(env, "")
	if heroes != 26 || diags.HasErrors() {
		t.Errorf("audition kit: %d heroes, %v", heroes, diags)
	}
	// a lone Star and a lone X score 1 each; A moves, B is eliminated
	r, diags := ScoreRound(env, "round.yaml")
	if r == nil || len(r.Players) != 2 || r.Players[0].Points != 1 || r.Players[1].Points != 1 ||
		*r.Moved != "A" || *r.Eliminated != "B" {
		t.Errorf("round: %+v, %v", r, diags)
	}
	if _, diags := LoadGalaga(env, "missing.yaml"); !diags.HasErrors() || !strings.HasPrefix(diags[0].String(), "missing.yaml: error: cannot read") {
		t.Errorf("missing file: %v", diags)
	}
}
