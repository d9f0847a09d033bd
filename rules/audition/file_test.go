package audition

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/deckpress/deckpress/cards"
)

func readRound(t *testing.T, src string) (*RoundFile, []string) {
	t.Helper()
	root, diags := cards.Parse("round.yaml", []byte(src))
	if root == nil {
		t.Fatalf("does not parse: %v", diags)
	}
	f, ds := ReadRound("round.yaml", root)
	var out []string
	for _, d := range append(diags, ds...).Sort() {
		out = append(out, d.String())
	}
	return f, out
}

// TestReadRoundSource reads the source's first round as a table would
// write it, and scores it.
func TestReadRoundSource(t *testing.T) {
	f, diags := readRound(t, `lineup: [Vampire Matt, Baby Hands McGee, Professor Pharaoh, Zoobot, Scotch Ape]
votes:
  - {player: 1, card: star, hero: Vampire Matt}
  - {player: 1, card: x, hero: Professor Pharaoh}
  - {player: 2, card: star, hero: Professor Pharaoh}
  - {player: 2, card: x, hero: Baby Hands McGee}
  - {player: 3, card: x, hero: vampire matt}
  - {player: 3, card: star, hero: Zoobot}
  - {player: 4, card: star, hero: Zoobot}
  - {player: 4, card: x, hero: Scotch Ape}
`)
	if len(diags) > 0 {
		t.Fatalf("diagnostics: %v", diags)
	}
	if got, want := Score(f.Votes), map[int]int{1: 0, 2: 1, 3: 2, 4: 3}; !maps.Equal(got, want) {
		t.Errorf("points %v, want %v", got, want)
	}
	if len(f.Heroes) != 5 || !slices.Equal(f.Lineup, []int{0, 1, 2, 3, 4}) {
		t.Errorf("heroes %v, line-up %v", f.Heroes, f.Lineup)
	}
}

func TestReadRoundDiagnostics(t *testing.T) {
	for _, c := range []struct {
		name, src string
		want      []string
	}{
		{"a misspelt card", "votes:\n  - {player: 1, card: stra, hero: Zoobot}\n",
			[]string{`round.yaml:2:23: error: card: unknown value "stra"; did you mean "star"?`}},
		{"a card twice", "votes:\n  - {player: 1, card: star, hero: Zoobot}\n  - {player: 1, card: star, hero: Scotch Ape}\n",
			[]string{"round.yaml:3:5: error: player 1 lays their star twice; each player has one Star, one X and one Robber"}},
		{"two cards on one hero", "votes:\n  - {player: 2, card: star, hero: Zoobot}\n  - {player: 2, card: robber, hero: zoobot}\n",
			[]string{"round.yaml:3:5: error: player 2 lays two cards on Zoobot; a player's two cards go on two different heroes"}},
		{"three cards", "votes:\n  - {player: 2, card: star, hero: A}\n  - {player: 2, card: x, hero: B}\n  - {player: 2, card: robber, hero: C}\n",
			[]string{"round.yaml:4:5: error: player 2 lays a third card; each player lays two of their three cards a round"}},
		{"one card", "votes:\n  - {player: 3, card: x, hero: A}\n",
			[]string{"round.yaml:2:5: warning: player 3 lays only 1 card; each player lays two a round"}},
		{"a hero outside the line-up", "lineup: [Zoobot, Scotch Ape]\nvotes:\n  - {player: 1, card: x, hero: Zobot}\n  - {player: 1, card: star, hero: Scotch Ape}\n",
			[]string{`round.yaml:3:32: error: hero "Zobot" is not in the lineup; did you mean "Zoobot"?`}},
		{"a player out of range, a missing hero, an unknown key", "votes:\n  - {player: 7, card: x, hero: A}\n  - {player: 1, card: x}\n  - {player: 1, card: x, hero: A, colour: red}\n",
			[]string{
				"round.yaml:2:14: error: player must be between 1 and 6, found 7",
				`round.yaml:3:5: error: a vote needs "hero"`,
				`round.yaml:4:35: error: unknown key "colour" in vote; known keys: player, card, hero`,
				"round.yaml:4:5: warning: player 1 lays only 1 card; each player lays two a round",
			}},
		{"no votes", "votes: []\n", []string{"round.yaml:1:1: error: votes: no votes; list them as {player: 1, card: star, hero: NAME}"}},
		{"a line-up hero twice", "lineup: [A, a]\nvotes:\n  - {player: 1, card: x, hero: A}\n  - {player: 1, card: star, hero: a2}\n",
			[]string{
				`round.yaml:1:13: error: lineup: "A" is listed twice`,
				`round.yaml:4:35: error: hero "a2" is not in the lineup; did you mean "A"?`,
			}},
	} {
		_, got := readRound(t, c.src)
		if strings.Join(got, "\n") != strings.Join(sorted(c.want), "\n") {
			t.Errorf("%s:\n got %s\nwant %s", c.name, strings.Join(got, "\n     "), strings.Join(sorted(c.want), "\n     "))
		}
	}
}

// sorted orders diagnostics as Diagnostics.Sort does: by line, then column.
func sorted(ds []string) []string {
	out := slices.Clone(ds)
	slices.SortStableFunc(out, func(a, b string) int {
		return strings.Compare(pos(a), pos(b))
	})
	return out
}

func pos(d string) string {
	f := strings.SplitN(d, ":", 4)
	return strings.Repeat(" ", 4-len(f[1])) + f[1] + strings.Repeat(" ", 4-len(f[2])) + f[2]
}
