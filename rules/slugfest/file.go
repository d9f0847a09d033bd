package slugfest

import (
	"fmt"
	"strings"

	"github.com/deckpress/deckpress/cards"
)

// File is a Slugfest file: a title, print settings and teams, given in
// the card-list notation (inline, or in a file it names) or in YAML.
type File struct {
	Path  string
	Title string
	Pos   cards.Pos
	Size  *cards.Node
	Print cards.Print
	Teams []*Team
}

// memberShape is a team member given in YAML.
var memberShape = &cards.Shape{Type: "object", Title: "member", Desc: "a hero of the team and their abilities", Required: []string{"hero", "abilities"},
	Props: []cards.Prop{
		cards.P("hero", cards.Text("the hero's name")),
		cards.P("abilities", cards.List("the hero's abilities, each an ability card", cards.Text("an ability"))),
	}}

// teamShape is a team given in YAML.
var teamShape = &cards.Shape{Type: "object", Title: "team", Desc: "a team: its name, colour and members", Required: []string{"team", "members"},
	Props: []cards.Prop{
		cards.P("team", cards.Text("the team's name")),
		cards.P("colour", cards.Text("the team's colour on its cards")),
		cards.P("color", cards.Text("the same as colour")),
		cards.P("members", cards.List("the team's heroes", memberShape)),
	}}

// FileShape is a Slugfest file; its keys and required keys are the ones
// the reader checks.
var FileShape = &cards.Shape{Type: "object", Title: "slugfest file", Desc: "Superhero Slugfest Card Combat: teams expanded into decks", Required: []string{"slugfest", "teams"},
	Props: []cards.Prop{
		cards.P("slugfest", cards.Text("the title")),
		cards.P("size", cards.Any("the card size, as a deck's size:")),
		cards.P("print", cards.PrintShape),
		cards.P("teams", cards.Either("the teams: a file in the card-list notation, the notation inline (a block of lines, teams: |), or a list",
			cards.Text("a card-list file, or the notation inline"), cards.List("teams", teamShape))),
	}}

var (
	fileKeys   = FileShape.Keys()
	teamKeys   = teamShape.Keys()
	memberKeys = memberShape.Keys()
)

// ReadFile reads a Slugfest file from a parsed document. teams: is a file
// in the card-list notation (relative to this one), the notation inline
// (a block of several lines), or a YAML list of teams.
func ReadFile(path string, root *cards.Node, files cards.Files) (*File, cards.Diagnostics) {
	var diags cards.Diagnostics
	f := &File{Path: path}
	m := diags.Map(root, "slugfest file", fileKeys...)
	if m == nil {
		return nil, diags
	}
	diags.Require(m, "a slugfest file", FileShape.Required...)
	if n := m.Get("slugfest"); n != nil {
		f.Title, _ = diags.Text(n, "slugfest")
		f.Pos = n.Pos
	}
	f.Size = m.Get("size")
	if n := m.Get("print"); n != nil {
		var ds cards.Diagnostics
		f.Print, ds = cards.ReadPrint(n)
		diags = diags.Extend(ds)
	}
	n := m.Get("teams")
	switch {
	case n == nil:
	case n.Kind == cards.ScalarNode && strings.Contains(n.Value, "\n") && n.BlockCol == 0:
		// quoted or folded: its lines are not the file's, so no
		// position in it could be told
		diags.Errorf(n.Pos, "teams: write the list as a literal block (teams: |, the list on the lines below) or in a file of its own")
	case n.Kind == cards.ScalarNode && strings.Contains(n.Value, "\n"):
		// a literal block: its text starts on the line after "teams: |"
		teams, ds := ParseList(path, n.Value, n.Pos.Line+1, n.BlockCol)
		f.Teams, diags = teams, append(diags, ds...)
	case n.Kind == cards.ScalarNode:
		list := cards.Resolve(path, n.Value)
		src, err := files.ReadFile(list)
		if err != nil {
			diags.Errorf(n.Pos, "teams: cannot read %s: %v", list, cards.Cause(err))
			break
		}
		if len(src) > cards.MaxFileSize {
			diags.Errorf(n.Pos, "teams: %s is %d bytes; the limit is %d", list, len(src), cards.MaxFileSize)
			break
		}
		teams, ds := ParseList(list, string(src), 1, 1)
		f.Teams, diags = teams, append(diags, ds...)
	default:
		for _, item := range diags.List(n, "teams") {
			t, ds := readTeam(item)
			diags = diags.Extend(ds)
			f.Teams = append(f.Teams, t)
		}
	}
	return f, diags
}

func readTeam(n *cards.Node) (*Team, cards.Diagnostics) {
	var diags cards.Diagnostics
	t := &Team{Pos: n.Pos}
	m := diags.Map(n, "team", teamKeys...)
	t.Incomplete = !diags.Require(m, "a team", teamShape.Required...)
	if v := m.Get("team"); v != nil {
		t.Name, _ = diags.Text(v, "team")
		t.Pos = v.Pos
	}
	for _, k := range []string{"colour", "color"} {
		if v := m.Get(k); v != nil {
			t.Colour, _ = diags.Text(v, k)
		}
	}
	for _, item := range diags.List(m.Get("members"), "members") {
		mm := diags.Map(item, "member", memberKeys...)
		complete := diags.Require(mm, "a member", memberShape.Required...)
		mem := &Member{Pos: item.Pos, Incomplete: !complete}
		if v := mm.Get("hero"); v != nil {
			mem.Hero, _ = diags.Text(v, "hero")
			mem.Pos = v.Pos
		}
		for _, a := range diags.List(mm.Get("abilities"), "abilities") {
			if s, ok := diags.Text(a, "ability"); ok {
				mem.Abilities = append(mem.Abilities, Ability{Name: s, Pos: a.Pos})
			}
		}
		t.Members = append(t.Members, mem)
	}
	return t, diags
}

// maxSlug is the longest file name part made from a team's name, in bytes.
const maxSlug = 40

// FileNames returns the file name part of each team, in order: its Slug,
// cut to 40 bytes, "team-N" (its place) when its name has no letter a–z
// or digit, and made unique with "-2", "-3" … where two would be the same,
// so that no team's file overwrites another's. Each name changed so is a
// warning at its team.
func FileNames(teams []*Team) ([]string, cards.Diagnostics) {
	var diags cards.Diagnostics
	names := make([]string, len(teams))
	taken := map[string]bool{}
	for i, t := range teams {
		name := Slug(t.Name)
		why := ""
		if len(name) > maxSlug {
			name, why = strings.TrimRight(name[:maxSlug], "-"), "is long"
		}
		if name == "" {
			name, why = fmt.Sprintf("team-%d", i+1), "has no letter a–z or digit"
		}
		if taken[name] {
			base := name
			for k := 2; taken[name]; k++ {
				name = fmt.Sprintf("%s-%d", base, k)
			}
			why = "gives the file name of an earlier team"
		}
		taken[name] = true
		names[i] = name
		if why != "" && t.Name != "" { // a team without a name is an error of its own
			diags.Warnf(t.Pos, "team %s %s; its cards are written to a file named with %q", cards.Excerpt(t.Name), why, name)
		}
	}
	return names, diags
}

// Slug turns a team name into a file name part: "THE DEFENDERS" →
// "the-defenders".
func Slug(name string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(name) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
			dash = false
		} else if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
		}
	}
	return strings.TrimSuffix(b.String(), "-")
}
