package slugfest

import (
	"io/fs"
	"strings"
	"testing"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/data"
)

// TestSourceTeams reads the kit's teams.txt, the source's three teams as
// written there (wrapped lines and trailing commas included).
func TestSourceTeams(t *testing.T) {
	src, err := fs.ReadFile(data.FS, "kits/slugfest/teams.txt")
	if err != nil {
		t.Fatal(err)
	}
	teams, diags := ParseList("teams.txt", string(src), 1, 1)
	diags = diags.Extend(Check(teams, cards.Pos{File: "t.txt", Line: 1, Col: 1}))
	if len(diags) != 0 {
		t.Fatalf("diagnostics: %v", diags.Sort())
	}
	want := map[string][]string{
		"NIPPON ALLIANCE": {"Samurai 'Sokitome' Sam", "Ninja Number Nine", "Wu Jen Wily", "Two Ton Sumo"},
		"THE DEFENDERS":   {"Iron Fist", "Doctor Fantastic", "Super Agent X", "Icicle"},
		"THE OFFENDERS":   {"King Cobra", "Deadeye", "Mr Humungous", "Super Fly"},
	}
	if len(teams) != 3 {
		t.Fatalf("%d teams", len(teams))
	}
	for _, team := range teams {
		heroes := want[team.Name]
		if len(team.Members) != len(heroes) {
			t.Fatalf("%s: %d members", team.Name, len(team.Members))
		}
		for i, m := range team.Members {
			if m.Hero != heroes[i] || len(m.Abilities) != 5 {
				t.Errorf("%s member %d: %q with %d abilities", team.Name, i, m.Hero, len(m.Abilities))
			}
		}
	}
	ninja := teams[0].Members[1]
	if ninja.Abilities[3].Name != "Num Chucks" || ninja.Abilities[3].Pos.Line != 4 || ninja.Abilities[3].Pos.Col != 1 {
		t.Errorf("wrapped ability: %+v", ninja.Abilities[3])
	}
	doc := teams[1].Members[1]
	if doc.Abilities[1].Name != "Break the Laws of Physics" || doc.Abilities[4].Name != "Reverse Inertia Field" {
		t.Errorf("Doctor Fantastic: %+v", doc.Abilities)
	}

	d := Deck("s.yaml", "Slugfest", 1, teams[1])
	if d.Len() != 40 {
		t.Fatalf("a team of 4 makes %d cards, want 40", d.Len())
	}
	// Iron Fist: characters force 1..5, then abilities force 5..1 in order
	for i := 0; i < 10; i++ {
		c := d.Card(i)
		wantForce := []string{"1", "2", "3", "4", "5", "5", "4", "3", "2", "1"}[i]
		if c.Fields["force"].Value != wantForce {
			t.Errorf("card %d force %s, want %s", i+1, c.Fields["force"].Value, wantForce)
		}
		if i < 5 && (c.Kind != "character" || c.Fields["name"].Value != "Iron Fist") {
			t.Errorf("card %d: %s %q", i+1, c.Kind, c.Fields["name"].Value)
		}
		if i >= 5 && (c.Kind != "ability" || c.Fields["hero"].Value != "Iron Fist") {
			t.Errorf("card %d: %s of %q", i+1, c.Kind, c.Fields["hero"].Value)
		}
	}
	if d.Card(5).Fields["name"].Value != "Built in Weapons" || d.Card(9).Fields["name"].Value != "Suit Options" {
		t.Errorf("abilities out of order")
	}
}

func TestListErrors(t *testing.T) {
	src := `THE FOURSOME
Alpha-  One, Two, Three, Four
Beta-  One, Two, Three,
Four, Five
Gamma-  A, B, C, D, E, F

TRIO
Solo-  A, B, C, D, E`
	teams, diags := ParseList("t.txt", src, 1, 1)
	diags = diags.Extend(Check(teams, cards.Pos{File: "t.txt", Line: 1, Col: 1}))
	var got []string
	for _, d := range diags.Sort() {
		got = append(got, d.String())
	}
	want := []string{
		`t.txt:1:1: warning: team "THE FOURSOME" has 3 members; the standard game has 4 (fewer or more is a variant)`,
		`t.txt:2:1: error: Alpha (THE FOURSOME) has 4 abilities; each member needs exactly 5, listed from force 5 down to 1`,
		`t.txt:5:1: error: Gamma (THE FOURSOME) has 6 abilities; each member needs exactly 5, listed from force 5 down to 1`,
		`t.txt:7:1: warning: team "TRIO" has 1 member; the standard game has 4 (fewer or more is a variant)`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestYAMLForm(t *testing.T) {
	src := `slugfest: test
teams:
  - team: Duo
    colour: "#123456"
    members:
      - {hero: A, abilities: [a1, a2, a3, a4, a5]}
      - {hero: B, abilities: [b1, b2, b3, b4]}
`
	root, diags := cards.Parse("y.yaml", []byte(src))
	f, ds := ReadFile("y.yaml", root, nil)
	diags = append(diags, ds...)
	diags = diags.Extend(Check(f.Teams, f.Pos))
	got := diags.Sort()
	if len(got) != 2 || got[1].String() != "y.yaml:7:16: error: B (Duo) has 4 abilities; each member needs exactly 5, listed from force 5 down to 1" {
		t.Errorf("%v", got)
	}
	if f.Teams[0].Colour != "#123456" {
		t.Errorf("colour %q", f.Teams[0].Colour)
	}
}

func TestSlug(t *testing.T) {
	for in, want := range map[string]string{"THE DEFENDERS": "the-defenders", "Nippon  Alliance!": "nippon-alliance", "X": "x"} {
		if got := Slug(in); got != want {
			t.Errorf("Slug(%q) = %q", in, got)
		}
	}
}
