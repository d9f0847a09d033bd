package build

import (
	"io/fs"
	"strconv"
	"testing"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/data"
)

// TestGalleryHeroMatchesTheKit: the gallery's demo of a hero card shows
// Lady Voltage as the Gladiators kit builds her — the same powers, levels
// and costs as the rules engine computes them — so that the sample does
// not teach numbers the kit contradicts.
func TestGalleryHeroMatchesTheKit(t *testing.T) {
	g, diags := ReadSource(Env{}, "", "kits/samples/gallery.yaml")
	if g == nil {
		t.Fatal(diags)
	}
	deck, diags := cards.ReadDeck(g.Path, g.Root, g.Files)
	if deck == nil || diags.HasErrors() {
		t.Fatal(diags)
	}
	var shown *cards.Node
	for _, c := range deck.All() {
		if n := c.Fields["title"]; n != nil && n.Value == "Lady Voltage" {
			shown = c.Fields["powers"]
		}
	}
	if shown == nil {
		t.Fatal("the gallery has no Lady Voltage card with powers")
	}
	const kit = "kits/gladiators/voltage-crew.yaml"
	src, err := fs.ReadFile(data.FS, kit)
	if err != nil {
		t.Fatal(err)
	}
	set, diags := HeroesSource(Env{}, kit, src, "")
	if set == nil || diags.HasErrors() {
		t.Fatal(diags)
	}
	for _, sh := range set.Sheets {
		if sh.Hero.Name != "Lady Voltage" {
			continue
		}
		if len(shown.Content) != len(sh.Powers) {
			t.Fatalf("the gallery shows %d powers, the kit's hero has %d", len(shown.Content), len(sh.Powers))
		}
		for i, pc := range sh.Powers {
			p := shown.Content[i]
			if got := p.Key("power").Value; got != pc.Spec.Name {
				t.Errorf("power %d: the gallery shows %s, the kit %s", i+1, got, pc.Spec.Name)
			}
			if got := p.Key("level").Value; got != strconv.Itoa(pc.Spec.Level) {
				t.Errorf("%s: the gallery shows level %s, the kit %d", pc.Spec.Name, got, pc.Spec.Level)
			}
			if got := p.Key("cost").Value; got != strconv.Itoa(pc.Cost) {
				t.Errorf("%s: the gallery shows %s points, the engine computes %d", pc.Spec.Name, got, pc.Cost)
			}
		}
		return
	}
	t.Fatal("the kit has no Lady Voltage")
}
