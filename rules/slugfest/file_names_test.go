package slugfest

import (
	"slices"
	"strings"
	"testing"

	"github.com/deckpress/deckpress/cards"
)

// TestFileNames: every team gets a file name part of its own, of at most
// 40 bytes of a–z, 0–9 and dashes, whatever its name; each one not made
// plainly from the name is a warning at the team.
func TestFileNames(t *testing.T) {
	long := strings.Repeat("A", 300)
	in := []string{"THE DEFENDERS", "無名", "★ ★", long, long + "B", "The Defenders!"}
	var teams []*Team
	for i, n := range in {
		teams = append(teams, &Team{Name: n, Pos: cards.Pos{File: "t.txt", Line: i + 1, Col: 1}})
	}
	got, diags := FileNames(teams)
	a40 := strings.Repeat("a", 40)
	want := []string{"the-defenders", "team-2", "team-3", a40, a40 + "-2", "the-defenders-2"}
	if !slices.Equal(got, want) {
		t.Errorf("names %q, want %q", got, want)
	}
	var lines []int
	for _, d := range diags {
		lines = append(lines, d.Pos.Line)
		if d.Severity != cards.Warning || len(d.Message) > 200 {
			t.Errorf("%v: want a short warning", d)
		}
	}
	if !slices.Equal(lines, []int{2, 3, 4, 5, 6}) {
		t.Errorf("warnings at lines %v, want 2 to 6", lines)
	}
}

// TestFileNameEdges: a name of exactly 40 bytes is used as it is, with no
// warning, and the 41st byte is cut; a third team of the same name gets
// "-3", the next free number counting up from 2.
func TestFileNameEdges(t *testing.T) {
	a40, a41 := strings.Repeat("a", 40), strings.Repeat("a", 41)
	for _, c := range []struct {
		name  string
		in    []string
		want  []string
		warns []int // lines of the warnings
	}{
		{"40 bytes fit", []string{a40}, []string{a40}, nil},
		{"41 bytes are cut", []string{a41}, []string{a40}, []int{1}},
		{"three of a name", []string{"ACES", "Aces", "aces!"}, []string{"aces", "aces-2", "aces-3"}, []int{2, 3}},
	} {
		var teams []*Team
		for i, n := range c.in {
			teams = append(teams, &Team{Name: n, Pos: cards.Pos{File: "t.txt", Line: i + 1, Col: 1}})
		}
		got, diags := FileNames(teams)
		var lines []int
		for _, d := range diags {
			lines = append(lines, d.Pos.Line)
		}
		if !slices.Equal(got, c.want) || !slices.Equal(lines, c.warns) {
			t.Errorf("%s: names %q, warnings at %v; want %q, %v", c.name, got, lines, c.want, c.warns)
		}
	}
}
