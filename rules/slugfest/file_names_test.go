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
