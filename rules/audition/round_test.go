package audition

import (
	"maps"
	"slices"
	"testing"
)

// The heroes of the source's examples.
const (
	vampireMatt = iota
	professorPharaoh
	babyHands
	zoobot
	scotchApe
	mightyMo // a hero of no example, to fill the line-up
	capCrunch
)

// TestSourceFirstRound is the source's worked round: player 1 backs
// Vampire Matt and rejects Professor Pharaoh, player 2 backs the Professor
// and rejects Baby Hands McGee, player 3 rejects Vampire Matt and backs
// Zoobot, player 4 backs Zoobot and rejects Scotch Ape. The source scores
// them +0, +1, +2 and +3; Zoobot moves next to the crisis deck; of the two
// heroes left with an X, Scotch Ape, the farther from the deck, is out.
func TestSourceFirstRound(t *testing.T) {
	votes := []Vote{
		{1, Star, vampireMatt}, {1, X, professorPharaoh},
		{2, Star, professorPharaoh}, {2, X, babyHands},
		{3, X, vampireMatt}, {3, Star, zoobot},
		{4, Star, zoobot}, {4, X, scotchApe},
	}
	if got, want := Score(votes), map[int]int{1: 0, 2: 1, 3: 2, 4: 3}; !maps.Equal(got, want) {
		t.Errorf("points %v, want %v", got, want)
	}
	lineup := []int{mightyMo, vampireMatt, babyHands, professorPharaoh, zoobot, scotchApe, capCrunch}
	next, moved, out := Settle(lineup, talliesOf(lineup, votes))
	if moved != zoobot || out != scotchApe {
		t.Errorf("moved %d, out %d; want Zoobot (%d) moved and Scotch Ape (%d) out", moved, out, zoobot, scotchApe)
	}
	if want := []int{zoobot, mightyMo, vampireMatt, babyHands, professorPharaoh, capCrunch}; !slices.Equal(next, want) {
		t.Errorf("line-up %v, want %v", next, want)
	}
}

// TestSourceRobberRound is the source's Robber example: three players back
// Vampire Matt, but player 1's Robber lies there too, so only player 1
// scores those 3 points; with 2 more for an X on Baby Hands McGee that
// another player matched, player 1 scores +5.
func TestSourceRobberRound(t *testing.T) {
	votes := []Vote{
		{1, Robber, vampireMatt}, {1, X, babyHands},
		{2, Star, vampireMatt}, {2, X, babyHands},
		{3, Star, vampireMatt}, {3, X, zoobot},
		{4, Star, vampireMatt}, {4, Robber, scotchApe},
	}
	// player 3's lone X scores 1; player 4's Robber on a hero without
	// votes, nothing
	if got, want := Score(votes), map[int]int{1: 5, 2: 2, 3: 1, 4: 0}; !maps.Equal(got, want) {
		t.Errorf("points %v, want %v", got, want)
	}
}

func talliesOf(lineup []int, votes []Vote) []Tally {
	ts := make([]Tally, len(lineup))
	for _, v := range votes {
		ts[slices.Index(lineup, v.Hero)].Add(v.Card)
	}
	return ts
}

// TestPoints: what each card scores, from RULES.md's sentences.
func TestPoints(t *testing.T) {
	for _, c := range []struct {
		name            string
		tally           Tally
		star, x, robber int
	}{
		{"a lone Star scores one", Tally{Stars: 1}, 1, 0, 1},
		{"a lone X scores one", Tally{Xs: 1}, 0, 1, 1},
		{"two Stars match", Tally{Stars: 2}, 2, 0, 2},
		{"an X takes one off the Stars", Tally{Stars: 3, Xs: 1}, 2, 0, 2},
		{"a Star and an X cancel", Tally{Stars: 1, Xs: 1}, 0, 0, 0},
		{"never below zero", Tally{Stars: 1, Xs: 3}, 0, 2, 2},
		{"a Robber takes what the best vote would score, 3 not 9", Tally{Stars: 3, Robbers: 1}, 0, 0, 3},
		{"two Robbers each take it", Tally{Stars: 3, Robbers: 2}, 0, 0, 3},
		{"a Robber on Xs", Tally{Stars: 1, Xs: 3, Robbers: 1}, 0, 0, 2},
		{"a Robber where the votes cancel", Tally{Stars: 2, Xs: 2, Robbers: 1}, 0, 0, 0},
		{"Robbers alone are worth nothing", Tally{Robbers: 3}, 0, 0, 0},
		{"a lone Robber is worth nothing", Tally{Robbers: 1}, 0, 0, 0},
	} {
		got := [3]int{c.tally.Points(Star), c.tally.Points(X), c.tally.Points(Robber)}
		if want := [3]int{c.star, c.x, c.robber}; got != want {
			t.Errorf("%s: %+v scores star, x, robber %v, want %v", c.name, c.tally, got, want)
		}
	}
}

// TestSettle: elimination and its ties, with the line-up 0…4 (0 nearest
// the crisis deck).
func TestSettle(t *testing.T) {
	s, x := Tally{Stars: 1}, Tally{Xs: 1}
	for _, c := range []struct {
		name       string
		tally      []Tally
		moved, out int
		next       []int
	}{
		{"most Stars moves, most Xs is out", []Tally{{}, x, {}, {Stars: 2}, {Xs: 2}}, 3, 4, []int{3, 0, 1, 2}},
		{"a Star tie: the nearest moves", []Tally{{}, s, {}, s, x}, 1, 4, []int{1, 0, 2, 3}},
		{"an X tie: the farthest is out", []Tally{x, {}, x, {}, {}}, -1, 2, []int{0, 1, 3, 4}},
		{"more Xs beat distance", []Tally{{Xs: 2}, {}, x, {}, {}}, -1, 0, []int{1, 2, 3, 4}},
		{"no X left after cancelling: nobody is out", []Tally{{Stars: 1, Xs: 1}, {}, {Stars: 2, Xs: 1}, {}, {}}, 2, -1, []int{2, 0, 1, 3, 4}},
		{"the nearest hero with most Stars stays", []Tally{{Stars: 2}, {}, {}, x, {}}, 0, 3, []int{0, 1, 2, 4}},
		{"the nearest keeps its place against fewer Stars behind it", []Tally{{Stars: 2}, {}, s, {}, {}}, 0, -1, []int{0, 1, 2, 3, 4}},
		{"Stars after cancelling: 2 − 0 beats 3 − 2", []Tally{{Stars: 3, Xs: 2}, {Stars: 2}, {}, {}, {}}, 1, -1, []int{1, 0, 2, 3, 4}},
		{"Xs after cancelling: 3 − 2 ties 1 − 0, the farther is out", []Tally{{Stars: 2, Xs: 3}, {}, x, {}, {}}, -1, 2, []int{0, 1, 3, 4}},
		{"Robbers move nobody", []Tally{{Robbers: 3}, {}, {}, {}, {}}, -1, -1, []int{0, 1, 2, 3, 4}},
		{"cancelled Stars move nobody", []Tally{{Stars: 1, Xs: 1}, {}, {}, {}, {Stars: 3, Xs: 4}}, -1, 4, []int{0, 1, 2, 3}},
	} {
		next, moved, out := Settle([]int{0, 1, 2, 3, 4}, c.tally)
		if moved != c.moved || out != c.out || !slices.Equal(next, c.next) {
			t.Errorf("%s: moved %d, out %d, line-up %v; want %d, %d, %v", c.name, moved, out, next, c.moved, c.out, c.next)
		}
	}
}
