// Package slugfest reads Superhero Slugfest Card Combat teams and expands
// them into decks.
//
// Teams come in the source's card-list notation:
//
//	NIPPON ALLIANCE
//	Samurai 'Sokitome' Sam-  Katana, Ancestral Armor, Super Kai, Much Honor, Wakizashi
//	Ninja Number Nine-  Ninja weapons, Mystic Martial Arts, Throwing stars,
//	Num Chucks, Unseen Movements
//
// a team line, then one line per member: the hero's name, a hyphen, and
// the abilities from force 5 down to force 1; a list may wrap onto the
// next line. The name ends at the first hyphen followed by a space (so
// "Spider-Man-  Web, …" is Spider-Man's). A line after one ending in a
// comma continues the list, even in capitals, unless it is a member line
// itself. A blank line ends a team. Teams may also be written in YAML.
// Each member becomes 5 character cards (force 1 to 5, titled with the
// hero's name) and 5 ability cards (force 5 down to 1, each naming its
// hero): 40 cards for a team of 4.
//
// The engine plays two teams against each other as shared RULES.md states
// it: a [Match] of two teams' [Cards] plays a game with a [Policy] per
// player. Each turn both players draw 8 fresh cards, swap up to 4 (one
// more per knocked-out hero of their own), reveal, and work out their
// [Battle] totals; the lower total knocks out one of its own heroes (its
// policy's choice), equal totals nobody; then every revealed card goes to
// the discard pile, which is shuffled into a new draw pile when the draw
// pile runs out. Knocking out every foe wins; a game longer than 200 turns
// is a tie. A [Lab] plays many games of each pair of teams.
package slugfest

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode"

	"github.com/deckpress/deckpress/cards"
)

// Team is a Slugfest team.
type Team struct {
	Name    string
	Pos     cards.Pos
	Colour  string // "" for the default palette
	Members []*Member
	// Incomplete says the loader already reported a missing part (no
	// members: key); Check does not count its members again.
	Incomplete bool
}

// Member is a hero of a team with its abilities, strongest first.
type Member struct {
	Hero      string
	Pos       cards.Pos
	Abilities []Ability
	// Incomplete says the loader already reported a missing part (no
	// hero: or abilities: key); Check does not count its abilities again.
	Incomplete bool
}

// Ability is one ability, where it was written.
type Ability struct {
	Name string
	Pos  cards.Pos
}

// Standard sizes of the game.
const (
	StandardMembers = 4
	AbilitiesEach   = 5
)

// heroLine matches "Hero name-  first ability, second …": the first
// hyphen followed by a space ends the name.
var heroLine = regexp.MustCompile(`^(.+?)-\s+(.*)$`)

// ParseList reads teams in the card-list notation. text starts at line
// firstLine of file path; col is the column of its first character (for
// text indented in a YAML block).
func ParseList(path, text string, firstLine, col int) ([]*Team, cards.Diagnostics) {
	var diags cards.Diagnostics
	var teams []*Team
	var team *Team
	var member *Member
	blockStart := true
	continues := false // the line above ended its member's list with a comma
	for i, raw := range strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n") {
		line := strings.TrimRight(raw, " \t")
		indent := len(line) - len(strings.TrimLeft(line, " \t"))
		trimmed := strings.TrimSpace(line)
		pos := cards.Pos{File: path, Line: firstLine + i, Col: col + indent}
		if trimmed == "" {
			blockStart, member, continues = true, nil, false
			continue
		}
		m := heroLine.FindStringSubmatchIndex(trimmed)
		// after a trailing comma the list goes on, even in capitals
		isTeam := m == nil && !continues && (blockStart || !strings.Contains(trimmed, ",") && isUpper(trimmed))
		blockStart = false
		switch {
		case isTeam:
			team = &Team{Name: trimmed, Pos: pos}
			teams = append(teams, team)
			member = nil
		case m != nil:
			if team == nil {
				diags.Errorf(pos, "a member line comes before any team line; start with the team's name on a line of its own")
				team = &Team{Pos: pos}
				teams = append(teams, team)
			}
			member = &Member{Hero: strings.TrimSpace(trimmed[m[2]:m[3]]), Pos: pos}
			team.Members = append(team.Members, member)
			member.Abilities = append(member.Abilities, splitAbilities(trimmed[m[4]:m[5]], cards.Pos{File: path, Line: pos.Line, Col: pos.Col + m[4]})...)
		default:
			if member == nil {
				diags.Errorf(pos, "%q is neither a team line nor a member line (write \"Hero name-  ability, ability, …\")", trimmed)
				continue
			}
			// a wrapped list continues the member above
			member.Abilities = append(member.Abilities, splitAbilities(trimmed, pos)...)
		}
		continues = member != nil && strings.HasSuffix(trimmed, ",")
	}
	return teams, diags
}

// splitAbilities splits a comma-separated list that starts at pos,
// keeping each ability's column; empty items (a trailing comma) are
// dropped.
func splitAbilities(s string, pos cards.Pos) []Ability {
	var out []Ability
	start := 0
	for i := 0; i <= len(s); i++ {
		if i < len(s) && s[i] != ',' {
			continue
		}
		item := s[start:i]
		lead := len(item) - len(strings.TrimLeft(item, " \t"))
		if name := strings.TrimSpace(item); name != "" {
			out = append(out, Ability{Name: name, Pos: cards.Pos{File: pos.File, Line: pos.Line, Col: pos.Col + start + lead}})
		}
		start = i + 1
	}
	return out
}

func isUpper(s string) bool {
	letters := false
	for _, r := range s {
		if unicode.IsLetter(r) {
			letters = true
			if !unicode.IsUpper(r) {
				return false
			}
		}
	}
	return letters
}

// Check reports teams that break the rules: a member without exactly five
// abilities is an error; a team of other than four members is a variant,
// and a warning. No team at all is an error, at the position at (the
// list's first line, or the file's title).
func Check(teams []*Team, at cards.Pos) cards.Diagnostics {
	var diags cards.Diagnostics
	if len(teams) == 0 {
		diags.Errorf(at, "no teams: write a team line in capitals, then its members")
	}
	seen := map[string]cards.Pos{}
	for _, t := range teams {
		if first, dup := seen[strings.ToLower(t.Name)]; dup && t.Name != "" {
			diags.Errorf(t.Pos, "team %q is listed twice (first at line %d)", t.Name, first.Line)
		}
		seen[strings.ToLower(t.Name)] = t.Pos
		if n := len(t.Members); n != StandardMembers && !t.Incomplete {
			diags.Warnf(t.Pos, "team %q has %s; the standard game has %d (fewer or more is a variant)", t.Name, cards.Count(n, "member", "members"), StandardMembers)
		}
		for _, m := range t.Members {
			if n := len(m.Abilities); n != AbilitiesEach && !m.Incomplete {
				diags.Errorf(m.Pos, "%s (%s) has %s; each member needs exactly %d, listed from force 5 down to 1", m.Hero, t.Name, cards.Count(n, "ability", "abilities"), AbilitiesEach)
			}
		}
	}
	if diags.HasErrors() {
		return diags // the names' own mistakes come first
	}
	_, names := FileNames(teams)
	return diags.Extend(names)
}

// palette colours teams that do not choose one.
var palette = []string{"#b03a2e", "#1f618d", "#117a65", "#7d3c98", "#b9770e", "#2e4053"}

// heroIcons tell a team's members apart at a glance, in member order.
var heroIcons = []string{"fist", "bolt", "shield", "star", "eye", "sword"}

// heroShades tell them apart by colour within the team's: the part of
// black mixed into the team colour, in member order (negative: of white).
var heroShades = []float64{0, 0.32, -0.22, 0.55, -0.4, 0.18}

// shade mixes a "#rrggbb" colour with black (k > 0) or white (k < 0); any
// other colour is returned as it is.
func shade(colour string, k float64) string {
	if len(colour) != 7 || colour[0] != '#' {
		return colour
	}
	rgb, err := strconv.ParseUint(colour[1:], 16, 32)
	if err != nil {
		return colour
	}
	mix := func(shift uint) uint8 {
		c := float64(rgb >> shift & 0xff)
		if k >= 0 {
			return uint8(c*(1-k) + 0.5)
		}
		return uint8(c + (255-c)*-k + 0.5)
	}
	return fmt.Sprintf("#%02x%02x%02x", mix(16), mix(8), mix(0))
}

// Built-in templates of Slugfest decks (data/templates/slugfest.yaml).
const (
	CharacterTemplate = "slugfest-character"
	AbilityTemplate   = "slugfest-ability"
	BackTemplate      = "slugfest-back"
)

// Deck expands team number i into its deck: per member, character cards of
// force 1 to 5, then ability cards of force 5 down to 1, each with the
// member's icon and shade of the team colour (hero-icon, hero-colour).
func Deck(path, title string, i int, t *Team) *cards.Deck {
	colour := t.Colour
	if colour == "" {
		colour = palette[i%len(palette)]
	}
	d := &cards.Deck{Path: path, Name: fmt.Sprintf("%s — %s", title, t.Name), Pos: t.Pos,
		Front: cards.Side{Template: CharacterTemplate}, Back: cards.Side{Template: BackTemplate}}
	add := func(at cards.Pos, kind string, fields ...string) {
		c := &cards.Card{Pos: at, Number: d.Len() + 1, Count: 1, Kind: kind, Fields: map[string]*cards.Node{}}
		if kind == "ability" {
			c.Front = cards.Side{Template: AbilityTemplate}
		}
		for k := 0; k+1 < len(fields); k += 2 {
			c.Fields[fields[k]] = cards.Scalar(fields[k+1], at)
		}
		c.Fields["team"] = cards.Scalar(t.Name, t.Pos)
		c.Fields["accent"] = cards.Scalar(colour, t.Pos)
		d.Add(c)
	}
	for i, m := range t.Members {
		look := []string{"hero-icon", heroIcons[i%len(heroIcons)], "hero-colour", shade(colour, heroShades[i%len(heroShades)])}
		for f := 1; f <= AbilitiesEach; f++ {
			add(m.Pos, "character", append([]string{"name", m.Hero, "force", fmt.Sprint(f)}, look...)...)
		}
		for k, a := range m.Abilities {
			add(a.Pos, "ability", append([]string{"name", a.Name, "hero", m.Hero, "force", fmt.Sprint(AbilitiesEach - k)}, look...)...)
		}
	}
	return d
}
