package slugfest

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/deckpress/deckpress/cards"
)

// The tests of this file pin the card-list notation of the source
// (shared/seeds/superhero-slugfest-card-combat.txt) and the deck rules of
// shared RULES.md: a team line, then "Hero- ability, ability, …" lines; a
// team of 4 members, each with 5 character cards (force 1–5) and 5 ability
// cards (force 5 down to 1).

func parse(t *testing.T, text string) ([]*Team, []string) {
	t.Helper()
	teams, diags := ParseList("t.txt", text, 1, 1)
	diags = diags.Extend(Check(teams, cards.Pos{File: "t.txt", Line: 1, Col: 1}))
	out := []string{}
	for _, d := range diags.Sort() {
		out = append(out, d.String())
	}
	return teams, out
}

// roster writes teams as "TEAM: Hero [a; b; …] / Hero [...]", one team a
// line, for comparing whole readings at once.
func roster(teams []*Team) string {
	var out []string
	for _, t := range teams {
		var ms []string
		for _, m := range t.Members {
			var as []string
			for _, a := range m.Abilities {
				as = append(as, a.Name)
			}
			ms = append(ms, m.Hero+" ["+strings.Join(as, "; ")+"]")
		}
		out = append(out, t.Name+": "+strings.Join(ms, " / "))
	}
	return strings.Join(out, "\n")
}

func sameDiags(t *testing.T, got, want []string) {
	t.Helper()
	if want == nil {
		want = []string{}
	}
	if !slices.Equal(got, want) {
		t.Errorf("diagnostics:\n%s\nwant exactly:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestHyphenatedNames: the name ends at the first hyphen followed by
// space, as in every line of the source ("Iron Fist-  Built in Weapons").
// A hyphen inside a name is followed by a letter (Spider-Man, X-Ray
// Girl), so the name keeps it; an ability may hold " - " of its own, so
// the separator is not the last such hyphen.
func TestHyphenatedNames(t *testing.T) {
	teams, diags := parse(t, `WEB CREW
Spider-Man-  Web-shooters, Wall Crawl, Spider Sense, Strength, Agility
X-Ray Girl-  See-through, Glow, Lead Shield, Flash, Focus
Mr Hyde -  Rage, Smash - and smash again, Roar, Leap, Grin
Kid-Kit-Kat-	Paws, Claws, Purr, Pounce, Nap
`)
	sameDiags(t, diags, nil)
	want := "WEB CREW: Spider-Man [Web-shooters; Wall Crawl; Spider Sense; Strength; Agility]" +
		" / X-Ray Girl [See-through; Glow; Lead Shield; Flash; Focus]" +
		" / Mr Hyde [Rage; Smash - and smash again; Roar; Leap; Grin]" +
		" / Kid-Kit-Kat [Paws; Claws; Purr; Pounce; Nap]"
	if got := roster(teams); got != want {
		t.Errorf("read\n%s\nwant\n%s", got, want)
	}
	// "Spider-Man-  " is 13 characters: the first ability is at column 14
	if a := teams[0].Members[0].Abilities; a[0].Pos.Col != 14 || a[1].Pos.Col != 28 || a[0].Pos.Line != 2 {
		t.Errorf("ability positions %v, %v", a[0].Pos, a[1].Pos)
	}
}

// TestWrappedLists: a list ending in a comma goes on at the next line,
// whatever that line looks like: in capitals (BIG GUT ATTACK) it is still
// the list, not a new team. A line after a finished list (no trailing
// comma) in capitals starts a team; a member line always starts a member,
// as the source's Iron Fist line (which ends in a comma) shows. This is
// bug 6 of issue 13.
func TestWrappedLists(t *testing.T) {
	teams, diags := parse(t, `SUMO SQUAD
Two Ton Sumo-  Sumo Shove, Knockdown Attack, Squash you like a Bug, Heavyweight,
BIG GUT ATTACK
Iron Fist-  Built in Weapons, Punch, Iron Armor, Rocket Boots, Suit Options,
Doctor Fantastic-  Plasma Projector, Break the Laws of Physics,
Antigravity Disk,
WEIRD SCIENCE, Reverse Inertia Field
Icicle-  Ice Shards, Freeze Attack, Ice Shield, Flying, Intense Cold
THE NEXT TEAM
Solo-  A, B, C, D,
E
`)
	sameDiags(t, diags, []string{
		`t.txt:9:1: warning: team "THE NEXT TEAM" has 1 member; the standard game has 4 (fewer or more is a variant)`,
	})
	want := "SUMO SQUAD: Two Ton Sumo [Sumo Shove; Knockdown Attack; Squash you like a Bug; Heavyweight; BIG GUT ATTACK]" +
		" / Iron Fist [Built in Weapons; Punch; Iron Armor; Rocket Boots; Suit Options]" +
		" / Doctor Fantastic [Plasma Projector; Break the Laws of Physics; Antigravity Disk; WEIRD SCIENCE; Reverse Inertia Field]" +
		" / Icicle [Ice Shards; Freeze Attack; Ice Shield; Flying; Intense Cold]\n" +
		"THE NEXT TEAM: Solo [A; B; C; D; E]"
	if got := roster(teams); got != want {
		t.Errorf("read\n%s\nwant\n%s", got, want)
	}
	if a := teams[0].Members[0].Abilities; len(a) != 5 || a[4].Pos.Line != 3 || a[4].Pos.Col != 1 {
		t.Errorf("Two Ton Sumo's abilities %v; BIG GUT ATTACK is the fifth, at 3:1", a)
	}

	// a blank line ends the list even after a comma
	teams, diags = parse(t, "ONE\nA-  a, b, c, d, e,\n\nTWO\nB-  a, b, c, d, e\n")
	if got := roster(teams); got != "ONE: A [a; b; c; d; e]\nTWO: B [a; b; c; d; e]" {
		t.Errorf("read\n%s", got)
	}
	if len(diags) != 2 {
		t.Errorf("diagnostics %v", diags)
	}
}

// TestTeamAndMemberSizes: a member with other than 5 abilities is an
// error at its line; a team of other than 4 members is a warning.
func TestTeamAndMemberSizes(t *testing.T) {
	member := func(name string, n int) string {
		var as []string
		for i := 1; i <= n; i++ {
			as = append(as, fmt.Sprintf("%s%d", strings.ToLower(name), i))
		}
		return name + "-  " + strings.Join(as, ", ") + "\n"
	}
	src := "THREE\n" + member("A", 5) + member("B", 4) + member("C", 5) +
		"\nFOUR\n" + member("D", 5) + member("E", 5) + member("F", 6) + member("G", 5) +
		"\nFIVE\n" + member("H", 5) + member("I", 5) + member("J", 5) + member("K", 5) + member("L", 5)
	teams, diags := parse(t, src)
	sameDiags(t, diags, []string{
		`t.txt:1:1: warning: team "THREE" has 3 members; the standard game has 4 (fewer or more is a variant)`,
		`t.txt:3:1: error: B (THREE) has 4 abilities; each member needs exactly 5, listed from force 5 down to 1`,
		`t.txt:9:1: error: F (FOUR) has 6 abilities; each member needs exactly 5, listed from force 5 down to 1`,
		`t.txt:12:1: warning: team "FIVE" has 5 members; the standard game has 4 (fewer or more is a variant)`,
	})
	if len(teams) != 3 || len(teams[2].Members) != 5 {
		t.Fatalf("read %s", roster(teams))
	}
	// every member still makes its cards: 5 characters and one card per ability
	if d := Deck("s.yaml", "S", 0, teams[0]); d.Len() != 10+9+10 {
		t.Errorf("THREE makes %d cards, want 29", d.Len())
	}
	if d := Deck("s.yaml", "S", 2, teams[2]); d.Len() != 50 {
		t.Errorf("FIVE makes %d cards, want 50", d.Len())
	}
}

// TestDeckCards: per member, character cards of force 1, 2, 3, 4, 5
// titled with the hero's name, then its abilities of force 5, 4, 3, 2, 1
// in the order listed, each naming its hero; every card numbered in order
// and marked with its team and colour.
func TestDeckCards(t *testing.T) {
	teams, diags := parse(t, `DUO TEAM
Ann-  a5, a4, a3, a2, a1
Bob-  b5, b4, b3, b2, b1
`)
	if len(diags) != 1 { // the team-size warning
		t.Fatalf("diagnostics %v", diags)
	}
	d := Deck("s.yaml", "Slugfest", 7, teams[0])
	if d.Name != "Slugfest — DUO TEAM" || d.Path != "s.yaml" || d.Pos.Line != 1 || d.Front.Template != CharacterTemplate || d.Back.Template != BackTemplate {
		t.Errorf("deck %q (%s) at %v, front %q, back %q", d.Name, d.Path, d.Pos, d.Front.Template, d.Back.Template)
	}
	var got []string
	for _, c := range d.All() {
		f := c.Fields
		line := fmt.Sprintf("%d %s %s force=%s team=%s accent=%s look=%s,%s", c.Number, c.Kind, f["name"].Value, f["force"].Value, f["team"].Value, f["accent"].Value, f["hero-icon"].Value, f["hero-colour"].Value)
		if h := f["hero"]; h != nil {
			line += " hero=" + h.Value
		}
		if c.Front.Template != "" {
			line += " front=" + c.Front.Template
		}
		line += fmt.Sprintf(" at %d:%d ×%d", c.Pos.Line, c.Pos.Col, c.Count)
		got = append(got, line)
	}
	// team 7 takes the palette's second colour (7 mod 6 = 1); the second
	// member is told apart by the bolt and the team colour 32% darker
	// (31, 97, 141 × 0.68 = 21, 66, 96)
	want := []string{
		"1 character Ann force=1 team=DUO TEAM accent=#1f618d look=fist,#1f618d at 2:1 ×1",
		"2 character Ann force=2 team=DUO TEAM accent=#1f618d look=fist,#1f618d at 2:1 ×1",
		"3 character Ann force=3 team=DUO TEAM accent=#1f618d look=fist,#1f618d at 2:1 ×1",
		"4 character Ann force=4 team=DUO TEAM accent=#1f618d look=fist,#1f618d at 2:1 ×1",
		"5 character Ann force=5 team=DUO TEAM accent=#1f618d look=fist,#1f618d at 2:1 ×1",
		"6 ability a5 force=5 team=DUO TEAM accent=#1f618d look=fist,#1f618d hero=Ann front=slugfest-ability at 2:7 ×1",
		"7 ability a4 force=4 team=DUO TEAM accent=#1f618d look=fist,#1f618d hero=Ann front=slugfest-ability at 2:11 ×1",
		"8 ability a3 force=3 team=DUO TEAM accent=#1f618d look=fist,#1f618d hero=Ann front=slugfest-ability at 2:15 ×1",
		"9 ability a2 force=2 team=DUO TEAM accent=#1f618d look=fist,#1f618d hero=Ann front=slugfest-ability at 2:19 ×1",
		"10 ability a1 force=1 team=DUO TEAM accent=#1f618d look=fist,#1f618d hero=Ann front=slugfest-ability at 2:23 ×1",
		"11 character Bob force=1 team=DUO TEAM accent=#1f618d look=bolt,#154260 at 3:1 ×1",
		"12 character Bob force=2 team=DUO TEAM accent=#1f618d look=bolt,#154260 at 3:1 ×1",
		"13 character Bob force=3 team=DUO TEAM accent=#1f618d look=bolt,#154260 at 3:1 ×1",
		"14 character Bob force=4 team=DUO TEAM accent=#1f618d look=bolt,#154260 at 3:1 ×1",
		"15 character Bob force=5 team=DUO TEAM accent=#1f618d look=bolt,#154260 at 3:1 ×1",
		"16 ability b5 force=5 team=DUO TEAM accent=#1f618d look=bolt,#154260 hero=Bob front=slugfest-ability at 3:7 ×1",
		"17 ability b4 force=4 team=DUO TEAM accent=#1f618d look=bolt,#154260 hero=Bob front=slugfest-ability at 3:11 ×1",
		"18 ability b3 force=3 team=DUO TEAM accent=#1f618d look=bolt,#154260 hero=Bob front=slugfest-ability at 3:15 ×1",
		"19 ability b2 force=2 team=DUO TEAM accent=#1f618d look=bolt,#154260 hero=Bob front=slugfest-ability at 3:19 ×1",
		"20 ability b1 force=1 team=DUO TEAM accent=#1f618d look=bolt,#154260 hero=Bob front=slugfest-ability at 3:23 ×1",
	}
	if !slices.Equal(got, want) {
		t.Errorf("cards:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if k := len(d.Card(0).Fields); k != 6 {
		t.Errorf("a character card has %d fields, want name, force, team, accent, hero-icon, hero-colour", k)
	}

	// the first team takes the palette's first colour; a team's own
	// colour wins
	if c := Deck("s.yaml", "S", 0, teams[0]).Card(0).Fields["accent"].Value; c != "#b03a2e" {
		t.Errorf("team 0 colour %s", c)
	}
	teams[0].Colour = "#000001"
	if c := Deck("s.yaml", "S", 3, teams[0]).Card(19).Fields["accent"].Value; c != "#000001" {
		t.Errorf("own colour %s", c)
	}
}

// TestListPositions: a list that starts inside another file (a YAML
// block) reports lines and columns of that file.
func TestListPositions(t *testing.T) {
	teams, diags := ParseList("s.yaml", "ALPHA\n  Ann-  a, b,  c, d,\n e\n\nBETA\n bad line\n", 10, 5)
	var got []string
	for _, d := range diags {
		got = append(got, d.String())
	}
	sameDiags(t, got, []string{`s.yaml:15:6: error: "bad line" is neither a team line nor a member line (write "Hero name-  ability, ability, …")`})
	if p := teams[0].Pos; p.Line != 10 || p.Col != 5 {
		t.Errorf("team at %v", p)
	}
	var at []string
	m := teams[0].Members[0]
	for _, a := range append([]Ability{{Name: m.Hero, Pos: m.Pos}}, m.Abilities...) {
		at = append(at, fmt.Sprintf("%s@%d:%d", a.Name, a.Pos.Line, a.Pos.Col))
	}
	if got, want := strings.Join(at, " "), "Ann@11:7 a@11:13 b@11:16 c@11:20 d@11:23 e@12:6"; got != want {
		t.Errorf("positions %s\nwant      %s", got, want)
	}
}

// TestListMistakes: lines that fit neither form, members before any
// team, a team listed twice (in any case), no team at all.
func TestListMistakes(t *testing.T) {
	cases := []struct {
		name, src string
		want      []string
	}{
		{"member first", "Ann-  a, b, c, d, e\n", []string{
			`t.txt:1:1: error: a member line comes before any team line; start with the team's name on a line of its own`,
			`t.txt:1:1: warning: team "" has 1 member; the standard game has 4 (fewer or more is a variant)`,
		}},
		// a line after a member that is not in capitals, or has a comma,
		// is taken for more of the list, and its count then shows it
		{"a stray line", "TEAM\nAnn-  a, b, c, d, e\nNo hyphen here\n", []string{
			`t.txt:1:1: warning: team "TEAM" has 1 member; the standard game has 4 (fewer or more is a variant)`,
			`t.txt:2:1: error: Ann (TEAM) has 6 abilities; each member needs exactly 5, listed from force 5 down to 1`,
		}},
		{"team twice", "TEAM\nAnn-  a, b, c, d, e\n\nTeam\nBob-  a, b, c, d, e\n", []string{
			`t.txt:1:1: warning: team "TEAM" has 1 member; the standard game has 4 (fewer or more is a variant)`,
			`t.txt:4:1: error: team "Team" is listed twice (first at line 1)`,
			`t.txt:4:1: warning: team "Team" has 1 member; the standard game has 4 (fewer or more is a variant)`,
		}},
		{"continuation with no member", "TEAM\nsome, words\n", []string{
			`t.txt:1:1: warning: team "TEAM" has 0 members; the standard game has 4 (fewer or more is a variant)`,
			`t.txt:2:1: error: "some, words" is neither a team line nor a member line (write "Hero name-  ability, ability, …")`,
		}},
		{"nothing", "\n\n", []string{`t.txt:1:1: error: no teams: write a team line in capitals, then its members`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, got := parse(t, c.src)
			sameDiags(t, got, c.want)
		})
	}
}

// TestSlugBoundaries: file names keep a–z and 0–9 and turn every other
// run of characters into one hyphen, never at either end.
func TestSlugBoundaries(t *testing.T) {
	for in, want := range map[string]string{
		"az AZ 09":       "az-az-09",
		"`a{z@A[Z/0:9":   "a-z-a-z-0-9",
		"  --Team X!!  ": "team-x",
		"Ünïcode Heroes": "n-code-heroes",
		"!!!":            "",
	} {
		if got := Slug(in); got != want {
			t.Errorf("Slug(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestReadFileForms: teams: names a list file (relative to the Slugfest
// file), holds the notation inline, or lists teams in YAML.
func TestReadFileForms(t *testing.T) {
	files := fstest.MapFS{
		"kit/teams.txt": {Data: []byte("ALPHA\nAnn-  a, b, c, d, e\n")},
		"kit/big.txt":   {Data: make([]byte, cards.MaxFileSize+1)},
		"kit/full.txt":  {Data: []byte(strings.Repeat(" ", cards.MaxFileSize))},
	}
	read := func(src string) (*File, []string) {
		root, diags := cards.Parse("kit/s.yaml", []byte(src))
		f, ds := ReadFile("kit/s.yaml", root, files)
		var out []string
		for _, d := range append(diags, ds...).Sort() {
			out = append(out, d.String())
		}
		return f, out
	}

	f, diags := read("slugfest: My Fight\nprint: {paper: A4}\nsize: poker\nteams: teams.txt\n")
	sameDiags(t, diags, nil)
	if f.Title != "My Fight" || f.Pos.Line != 1 || f.Pos.Col != 11 || f.Path != "kit/s.yaml" || f.Print["paper"] == nil || f.Print["paper"].Value != "A4" || f.Size == nil || f.Size.Value != "poker" {
		t.Errorf("file %+v", f)
	}
	if roster(f.Teams) != "ALPHA: Ann [a; b; c; d; e]" || f.Teams[0].Pos.File != "kit/teams.txt" || f.Teams[0].Members[0].Pos.Line != 2 {
		t.Errorf("teams %s from %v", roster(f.Teams), f.Teams[0].Pos)
	}

	_, diags = read("slugfest: x\nteams: missing.txt\n")
	sameDiags(t, diags, []string{`kit/s.yaml:2:8: error: teams: cannot read kit/missing.txt: file does not exist`})
	_, diags = read("slugfest: x\nteams: big.txt\n")
	sameDiags(t, diags, []string{fmt.Sprintf(`kit/s.yaml:2:8: error: teams: kit/big.txt is %d bytes; the limit is %d`, cards.MaxFileSize+1, cards.MaxFileSize)})
	_, diags = read("slugfest: x\nteams: full.txt\n") // exactly the limit: read (and blank)
	sameDiags(t, diags, nil)

	// inline: the block starts on the line after "teams: |", indented
	// past the key
	f, diags = read("slugfest: x\n  # a comment\nteams: |\n  BETA\n  Bob-  a, b, c,\n  D, E\n")
	sameDiags(t, diags, nil)
	if roster(f.Teams) != "BETA: Bob [a; b; c; D; E]" {
		t.Errorf("inline teams %s", roster(f.Teams))
	}
	if p, m := f.Teams[0].Pos, f.Teams[0].Members[0]; p.Line != 4 || p.Col != 3 || m.Pos.Line != 5 || m.Abilities[3].Pos.Line != 6 || m.Abilities[3].Pos.Col != 3 {
		t.Errorf("inline positions: team %v, member %v, D %v", p, m.Pos, m.Abilities[3].Pos)
	}
	// the block is indented past teams: itself, wherever the other keys are
	f, _ = read("teams: |\n  GAMMA\n")
	if p := f.Teams[0].Pos; p.Line != 2 || p.Col != 3 {
		t.Errorf("GAMMA at %v, want 2:3", p)
	}
	// however deep the block is indented, and after blank lines
	f, _ = read("teams: |\n\n      DELTA\n      Dee-  a\n")
	if p, m := f.Teams[0].Pos, f.Teams[0].Members[0]; p.Line != 3 || p.Col != 7 || m.Pos.Line != 4 || m.Abilities[0].Pos.Col != 13 {
		t.Errorf("DELTA at %v, Dee at %v, a at %v; want 3:7, 4:7, 4:13", p, m.Pos, m.Abilities[0].Pos)
	}
	// a quoted or folded list's lines are not the file's: refused at it
	for _, src := range []string{"slugfest: x\nteams: \"ALPHA\\nAnn-  a\"\n", "slugfest: x\nteams: >\n  ALPHA\n\n  Ann-  a\n", "slugfest: x\nteams: 'ALPHA\n\n  Ann-  a'\n"} {
		_, diags = read(src)
		sameDiags(t, diags, []string{"kit/s.yaml:2:8: error: teams: write the list as a literal block (teams: |, the list on the lines below) or in a file of its own"})
	}
}

// TestYAMLTeams: YAML teams are checked like the notation; a team or
// member missing a key is reported once, not counted again; teams without
// a name are not "listed twice".
func TestYAMLTeams(t *testing.T) {
	src := `slugfest: y
teams:
  - members:
      - {hero: A, abilities: [a, b, c, d, e]}
  - members: []
  - team: Odd
    color: "#010203"
    members:
      - {abilities: [a, b]}
      - {hero: B}
`
	root, diags := cards.Parse("y.yaml", []byte(src))
	f, ds := ReadFile("y.yaml", root, nil)
	diags = append(diags, ds...)
	diags = diags.Extend(Check(f.Teams, f.Pos))
	var got []string
	for _, d := range diags.Sort() {
		got = append(got, d.String())
	}
	sameDiags(t, got, []string{
		`y.yaml:3:5: error: a team needs "team"`,
		`y.yaml:5:5: error: a team needs "team"`,
		`y.yaml:6:11: warning: team "Odd" has 2 members; the standard game has 4 (fewer or more is a variant)`,
		`y.yaml:9:9: error: a member needs "hero"`,
		`y.yaml:10:9: error: a member needs "abilities"`,
	})
	if f.Teams[2].Colour != "#010203" {
		t.Errorf("colour %q", f.Teams[2].Colour)
	}
}

// TestShade: a member's colour is the team's mixed with black or white;
// colours that are not #rrggbb stay as they are.
func TestShade(t *testing.T) {
	tests := []struct {
		colour string
		k      float64
		want   string
	}{
		{"#ffffff", 0.5, "#808080"}, // 255 × 0.5 = 127.5, rounded up
		{"#000000", -0.5, "#808080"},
		{"#204060", 0, "#204060"},
		{"#204060", 1, "#000000"},
		{"#204060", -1, "#ffffff"},
		{"red", 0.3, "red"},
		{"#12345", 0.3, "#12345"},
		{"#12345z", 0.3, "#12345z"},
	}
	for _, tt := range tests {
		if got := shade(tt.colour, tt.k); got != tt.want {
			t.Errorf("shade(%q, %g) = %q, want %q", tt.colour, tt.k, got, tt.want)
		}
	}
}

// TestHeroShades: the six members of a team are told apart by shades of
// its colour, darker and lighter in turn: the colour itself, 32 % darker,
// 22 % lighter, 55 % darker, 40 % lighter, 18 % darker (mixed with black
// or white, each channel rounded). Worked by hand for #204060, channels
// 32, 64, 96: 32 % darker is 21.76, 43.52, 65.28 → #162c41; 22 % lighter
// is 32 + 223 × .22 = 81.06, 106.02, 130.98 → #516a83; and so on.
func TestHeroShades(t *testing.T) {
	team := &Team{Name: "SIX", Colour: "#204060"}
	for k := range 6 {
		team.Members = append(team.Members, &Member{Hero: fmt.Sprint("Hero ", k)})
	}
	var got []string
	for _, c := range Deck("six.yaml", "Six", 0, team).All() {
		if c.Fields["force"].Value == "1" {
			got = append(got, c.Fields["hero-colour"].Value)
		}
	}
	if want := []string{"#204060", "#162c41", "#516a83", "#0e1d2b", "#798ca0", "#1a344f"}; !slices.Equal(got, want) {
		t.Errorf("member shades %v, want %v", got, want)
	}
}
