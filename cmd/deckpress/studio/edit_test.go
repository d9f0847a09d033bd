package studio

import (
	"fmt"
	"strings"
	"testing"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/internal/testtool"
)

// team is a hero file with a field of each way of writing one: in a flow
// mapping several to a line, plain in a block, quoted, in a flow list,
// plain over two lines; a comment and a non-ASCII name before fields on
// their lines.
const team = `# the team: é
team: T
heroes:
  - hero: Zoë # STR: 4
    characteristics: {STR: 45, DEX: 4, SIZ: 4, PER: 4}
    powers:
      - power: Flight
        level: 1
        uses: 5
        gizmo: "hidden"
        modifiers: [always-on, 'area']
      - {power: Ätherschlag, level: 2, uses: unlimited}
      - power: Close Attack
        level: 2
        gizmo: hid
          den
`

// at finds the n-th (from 1) occurrence of text on line of src and
// returns an edit of it: its line and column, old, and value.
func at(line int, text string, n int, old, value string) edit {
	l := strings.Split(team, "\n")[line-1]
	i := -1
	for range n {
		i += 1 + strings.Index(l[i+1:], text)
	}
	return edit{Line: line, Col: len([]rune(l[:i])) + 1, Old: old, Value: value}
}

// Edits replace the bytes of the fields they name, and only those; an
// edit applies only when the file holds exactly its old value in a field
// of the form at its place (not a prefix of it, not a comment or a key,
// not across lines); every edit of a line applies to the line as it was;
// a value that is not a safe plain word is written quoted, so that the
// file stays the same kind of hero file with the new values.
func TestApplyEdits(t *testing.T) {
	tests := []struct {
		name  string
		edits []edit
		lines map[int]string // the lines changed, as they must read
		err   string         // else the error, every edit refused in it
	}{
		{"a plain value", []edit{at(8, "1", 1, "1", "2")}, map[int]string{8: "        level: 2"}, ""},
		{"two on a line, the first longer", []edit{at(5, "4", 3, "4", "5"), at(5, "45", 1, "45", "3"), at(5, "4", 2, "4", "10")},
			map[int]string{5: "    characteristics: {STR: 3, DEX: 10, SIZ: 5, PER: 4}"}, ""},
		{"after non-ASCII on its line", []edit{at(12, "2", 1, "2", "3")}, map[int]string{12: "      - {power: Ätherschlag, level: 3, uses: unlimited}"}, ""},
		{"quoted, double and single", []edit{at(10, `"hidden"`, 1, "hidden", "none"), at(11, "'area'", 1, "area", "piercing")},
			map[int]string{10: "        gizmo: none", 11: "        modifiers: [always-on, piercing]"}, ""},
		{"a minus alone", []edit{at(9, "5", 1, "5", "-")}, map[int]string{9: `        uses: "-"`}, ""},
		{"a list item", []edit{at(9, "5", 1, "5", "- 5")}, map[int]string{9: `        uses: "- 5"`}, ""},
		{"a negative number", []edit{at(9, "5", 1, "5", "-5")}, map[int]string{9: "        uses: -5"}, ""},
		{"what YAML reads otherwise", []edit{at(5, "4", 2, "4", "null"), at(5, "4", 3, "4", "a: b"), at(5, "4", 4, "4", "x # y"), at(8, "1", 1, "1", "[1]"), at(9, "5", 1, "5", "true")},
			map[int]string{5: `    characteristics: {STR: 45, DEX: "null", SIZ: "a: b", PER: "x # y"}`, 8: `        level: "[1]"`, 9: `        uses: "true"`}, ""},
		{"a new line in a value", []edit{at(11, "always-on", 1, "always-on", "a\nb")}, map[int]string{11: `        modifiers: ["a\nb", 'area']`}, ""},
		{"a flow mapping's closing", []edit{at(5, "4", 4, "4", "}")}, map[int]string{5: `    characteristics: {STR: 45, DEX: 4, SIZ: 4, PER: "}"}`}, ""},
		{"a value the file no longer holds", []edit{at(5, "45", 1, "4", "3")}, nil, `5:28: STR: the file holds "45" there, not "4"; reload`},
		{"a line's end in old", []edit{at(8, "1", 1, "1\n", "2")}, nil, `8:16: level: the file holds "1" there, not "1\n"; reload`},
		{"a comment", []edit{at(4, "4", 1, "4", "5")}, nil, "4:22: the file holds no field of the form there; reload"},
		{"a key", []edit{at(5, "STR", 1, "STR", "DEX")}, nil, "5:23: the file holds no field of the form there; reload"},
		{"a name", []edit{at(4, "Zoë", 1, "Zoë", "Zed")}, nil, "4:11: the file holds no field of the form there; reload"},
		{"no such line", []edit{{Line: 99, Col: 1, Old: "x", Value: "y"}, {Line: -1, Col: -1, Old: "x", Value: "y"}}, nil,
			"-1:-1: the file holds no field of the form there; reload\n99:1: the file holds no field of the form there; reload"},
		{"over two lines", []edit{at(15, "hid", 1, "hid den", "x")}, nil, "15:16: gizmo is written over several lines or as a block; change it in an editor"},
		{"twice", []edit{at(8, "1", 1, "1", "2"), at(8, "1", 1, "1", "3")}, nil, "8:16: edited twice"},
		{"every problem at once", []edit{at(5, "45", 1, "4", "3"), at(4, "4", 1, "4", "5"), at(8, "1", 1, "1", "2")}, nil,
			"4:22: the file holds no field of the form there; reload\n5:28: STR: the file holds \"45\" there, not \"4\"; reload"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := applyEdits("team.yaml", "team", []byte(team), tt.edits)
			if tt.err != "" {
				if err == nil || err.Error() != tt.err || got != nil {
					t.Errorf("error %v, want %q and nothing written", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			want := strings.Split(team, "\n")
			for n, l := range tt.lines {
				want[n-1] = l
			}
			if string(got) != strings.Join(want, "\n") {
				t.Errorf("edited file:\n%s\nwant:\n%s", got, strings.Join(want, "\n"))
			}
			if root, diags := cards.Parse("team.yaml", got); root == nil || diags.HasErrors() {
				t.Errorf("the edited file does not parse: %v", diags)
			}
		})
	}
}

// More edits than the file has fields are refused before any is looked
// at; an edit never changes the file's kind.
func TestApplyEditsRefusesWhatCannotBeTheForm(t *testing.T) {
	edits := make([]edit, 30)
	for i := range edits {
		edits[i] = at(8, "1", 1, "1", "2")
	}
	if _, err := applyEdits("team.yaml", "team", []byte(team), edits); err == nil || err.Error() != "30 edits, but the file has 13 fields" {
		t.Errorf("30 edits of a file of 13 fields: %v", err)
	}
	if _, err := applyEdits("team.yaml", "hero", []byte(team), []edit{at(8, "1", 1, "1", "2")}); err == nil || !strings.Contains(err.Error(), `start with "team" instead of "hero"`) {
		t.Errorf("a result of another kind: %v", err)
	}
	if _, err := applyEdits("team.yaml", "team", []byte("team: [x\n"), []edit{{Line: 1, Col: 8, Old: "x", Value: "y"}}); err == nil || !strings.Contains(err.Error(), "does not parse") {
		t.Errorf("edits of a file that does not parse: %v", err)
	}
}

// Applying edits costs time linear in the file and the edits: n
// modifiers on one line, each edited to a longer value.
func TestApplyEditsIsLinear(t *testing.T) {
	testtool.Linear(t, 256, func(n int) {
		var line strings.Builder
		line.WriteString("        modifiers: [")
		edits := make([]edit, n)
		for i := range n {
			if i > 0 {
				line.WriteString(", ")
			}
			edits[i] = edit{Line: 8, Col: line.Len() + 1, Old: "m", Value: fmt.Sprintf("m%d", i)}
			line.WriteString("m")
		}
		line.WriteString("]\n")
		src := "team: T\nheroes:\n  - hero: A\n    characteristics: {STR: 4}\n    powers:\n      - power: Flight\n        level: 1\n" + line.String()
		if _, err := applyEdits("t.yaml", "team", []byte(src), edits); err != nil {
			t.Fatal(err)
		}
	})
}

// FuzzApplyEdits: any edit of any place, old and new value never panics;
// an edit applied gives a file that parses.
func FuzzApplyEdits(f *testing.F) {
	f.Add(5, 27, "45", "3", 5, 36, "4", "10")
	f.Add(8, 16, "1", "-", 1, 1, "#", "x")
	f.Add(12, 26, "Ätherschlag", "a: b", 0, 0, "", "\n")
	f.Fuzz(func(t *testing.T, l1, c1 int, o1, v1 string, l2, c2 int, o2, v2 string) {
		out, err := applyEdits("t.yaml", "team", []byte(team), []edit{{l1, c1, o1, v1}, {l2, c2, o2, v2}})
		if err != nil {
			return
		}
		if root, diags := cards.Parse("t.yaml", out); root == nil {
			t.Fatalf("applied edits give a file that does not parse: %v\n%s", diags, out)
		}
	})
}
