package gladiators

import (
	"testing"

	"github.com/deckpress/deckpress/cards"
)

func readHeroes(t *testing.T, src string) (*File, []string) {
	t.Helper()
	root, diags := cards.Parse("h.yaml", []byte(src))
	if root == nil {
		t.Fatalf("parse: %v", diags)
	}
	f, ds := ReadFile("h.yaml", root)
	return f, lines(append(diags, ds...))
}

// TestReadTeamFile: a team file's settings (ruleset, size, colour or its
// spelling color, print) are kept for the pipeline.
func TestReadTeamFile(t *testing.T) {
	f, got := readHeroes(t, `team: Squad
ruleset: mine.yaml
size: poker
color: "#aa0000"
print: {paper: A4}
heroes:
  - hero: One
    characteristics: {STR: 3, DEX: 4, SIZ: 4, PER: 4}
`)
	sameLines(t, got, nil)
	if f.Team != "Squad" || f.TeamPos.Line != 1 || text(f.Ruleset) != "mine.yaml" || text(f.Size) != "poker" || text(f.Colour) != "#aa0000" || text(f.Print["paper"]) != "A4" {
		t.Errorf("team %q at %v, ruleset %s, size %s, colour %s, paper %s", f.Team, f.TeamPos, text(f.Ruleset), text(f.Size), text(f.Colour), text(f.Print["paper"]))
	}
	f, _ = readHeroes(t, "team: Squad\ncolour: red\ncolor: blue\nheroes:\n  - {hero: One, characteristics: {STR: 3, DEX: 4, SIZ: 4, PER: 4}}\n")
	if text(f.Colour) != "red" {
		t.Errorf("colour %s; colour: comes before its other spelling", text(f.Colour))
	}
}

// TestReadPowers: uses default to unlimited, may say so, or give a whole
// number; a modifier may be written alone; looks are kept.
func TestReadPowers(t *testing.T) {
	f, got := readHeroes(t, `hero: P
characteristics: {STR: 3, DEX: 4, SIZ: 4, PER: 4}
powers:
  - {power: Flight, level: 1}
  - {power: Teleport, level: 2, uses: unlimited, gizmo: hidden, modifiers: unreliable-15, look: a pop}
  - {power: Close Attack, level: 3, uses: 7, modifiers: [piercing, unreliable-10]}
`)
	sameLines(t, got, nil)
	p := f.Heroes[0].Powers
	if len(p) != 3 {
		t.Fatalf("%d powers", len(p))
	}
	if !p[0].Unlimited || p[0].Gizmo != "" || len(p[0].Modifiers) != 0 || p[0].UsesText() != "unlimited" {
		t.Errorf("Flight: %+v", p[0])
	}
	if !p[1].Unlimited || p[1].Level != 2 || p[1].Gizmo != "hidden" || len(p[1].Modifiers) != 1 || p[1].Modifiers[0] != "unreliable-15" || p[1].Look != "a pop" || p[1].ModPos[0].Col != 76 {
		t.Errorf("Teleport: %+v", p[1])
	}
	if p[2].Unlimited || p[2].Uses != 7 || p[2].UsesText() != "7" || len(p[2].Modifiers) != 2 || p[2].UsesPos.Col != 43 {
		t.Errorf("Close Attack: %+v", p[2])
	}
}

// TestReadErrors: every mistake in a hero file is reported at its place,
// and nothing else is.
func TestReadErrors(t *testing.T) {
	cases := []struct {
		name, src string
		want      []string
	}{
		{"hero and heroes", "hero: A\nheroes: []\ncharacteristics: {STR: 3, DEX: 4, SIZ: 4, PER: 4}\n",
			[]string{`h.yaml:1:1: error: a hero file has either hero: (one hero) or heroes: (a team), not both`}},
		{"team with a lone hero", "team: T\nhero: A\ncharacteristics: {STR: 3, DEX: 4, SIZ: 4, PER: 4}\n",
			[]string{`h.yaml:1:1: error: a team lists its members under heroes:`}},
		{"hero keys on a team", "team: T\nlook: shiny\nheroes:\n  - {hero: A, characteristics: {STR: 3, DEX: 4, SIZ: 4, PER: 4}}\n",
			[]string{`h.yaml:2:7: error: look belongs to a hero; put it under the hero in heroes:`}},
		{"a team without heroes", "team: T\n",
			[]string{`h.yaml:1:1: error: a team needs heroes: a list of heroes`}},
		{"uses as text", "hero: A\ncharacteristics: {STR: 3, DEX: 4, SIZ: 4, PER: 4}\npowers:\n  - {power: Flight, level: 1, uses: \"5\"}\n",
			[]string{`h.yaml:4:37: error: uses (a whole number, or unlimited): unknown value "5"; expected one of unlimited`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, got := readHeroes(t, c.src)
			sameLines(t, got, c.want)
		})
	}
}

// TestNamelessHero: a hero without a name is reported, and later messages
// about it point at its entry in the list.
func TestNamelessHero(t *testing.T) {
	rs, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	f, got := readHeroes(t, "heroes:\n  - characteristics: {STR: 9, DEX: 9, SIZ: 9, PER: 9}\n")
	h := f.Heroes[0]
	if h.Pos.Line != 2 || h.Pos.Col != 5 {
		t.Errorf("hero at %v, want its entry at 2:5", h.Pos)
	}
	_, diags := Compute(h, rs)
	got = append(got, lines(diags)...)
	sameLines(t, got, []string{
		`h.yaml:2:5: error: a hero needs "hero"`,
		`h.yaml:2:5: error: hero "": spends 630 points (0 on powers, 630 on characteristics); the budget is 200, 430 points over`,
	})
}
