package audition

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/deckpress/deckpress/rules/sim"
)

// script lays its cards where it is told: votes[round][vote].
type script struct {
	votes [][2]Vote
	calls *int
}

func (script) Name() string { return "script" }

func (s script) Vote(v *View, _ *rand.Rand) (Card, int) {
	vote := s.votes[*s.calls/VotesEach][v.Vote]
	*s.calls++
	return vote.Card, vote.Hero
}

// TestPlaySourceRound plays the source's first round through a whole
// game's machinery (positions: Vampire Matt 0, the Professor 1, Baby Hands
// 2, Zoobot 3, Scotch Ape 4): points 0, 1, 2, 3 by seat and by turn; in
// the variant, Scotch Ape's card goes to player 4, the best scorer.
func TestPlaySourceRound(t *testing.T) {
	seats := [][2]Vote{
		{{Card: Star, Hero: 0}, {Card: X, Hero: 1}},
		{{Card: Star, Hero: 1}, {Card: X, Hero: 2}},
		{{Card: X, Hero: 0}, {Card: Star, Hero: 3}},
		{{Card: Star, Hero: 3}, {Card: X, Hero: 4}},
	}
	for _, variant := range []bool{false, true} {
		var ps []Policy
		for _, s := range seats {
			ps = append(ps, script{votes: [][2]Vote{s}, calls: new(int)})
		}
		res, err := Play(Options{Policies: ps, Variant: variant, RoundLimit: 1}, rand.New(rand.NewPCG(1, 2)))
		if err != nil {
			t.Fatal(err)
		}
		want := []int{0, 1, 2, 3}
		if variant {
			want = []int{0, 0, 0, 1}
		}
		if !slices.Equal(res.Scores, want) || !slices.Equal(res.ByTurn, []int{0, 1, 2, 3}) || res.Rounds != 1 || !res.Limited {
			t.Errorf("variant %v: scores %v, by turn %v, %d rounds (limited %v); want scores %v", variant, res.Scores, res.ByTurn, res.Rounds, res.Limited, want)
		}
		if !slices.Equal(res.Wins, []float64{0, 0, 0, 1}) {
			t.Errorf("variant %v: wins %v", variant, res.Wins)
		}
	}
}

// TestPlayTokenAndTies: three players each lay a lone Star and a lone X
// for two rounds. Everyone scores 2 a round, so all share the game; in
// the variant the eliminated hero goes, on the tie, to whoever voted
// first: seat 0 in round 1, seat 1 in round 2, as the token passes left.
func TestPlayTokenAndTies(t *testing.T) {
	for _, c := range []struct {
		variant bool
		scores  []int
	}{{false, []int{4, 4, 4}}, {true, []int{1, 1, 0}}} {
		var ps []Policy
		for s := range 3 {
			v := [2]Vote{{Card: Star, Hero: 2 * s}, {Card: X, Hero: 2*s + 1}}
			ps = append(ps, script{votes: [][2]Vote{v, v}, calls: new(int)})
		}
		res, err := Play(Options{Policies: ps, Variant: c.variant, RoundLimit: 2}, rand.New(rand.NewPCG(1, 2)))
		if err != nil {
			t.Fatal(err)
		}
		third := 1 / 3.0
		if !slices.Equal(res.Scores, c.scores) || res.Rounds != 2 {
			t.Errorf("variant %v: scores %v after %d rounds, want %v", c.variant, res.Scores, res.Rounds, c.scores)
		}
		if !c.variant && !slices.Equal(res.Wins, []float64{third, third, third}) {
			t.Errorf("a three-way tie: wins %v", res.Wins)
		}
	}
}

// TestPlayWholeGames: over many games of every policy, a game ends with
// one hero (7 heroes: at least 6 rounds), the game's points are the
// points by turn, the variant hands out one hero card per elimination, and
// the wins share out one game.
func TestPlayWholeGames(t *testing.T) {
	for _, variant := range []bool{false, true} {
		for n := 3; n <= 6; n++ {
			ps := make([]Policy, n)
			for s := range ps {
				ps[s] = Policies[s%len(Policies)]
			}
			for i := range 300 {
				res, err := Play(Options{Policies: ps, Variant: variant}, sim.NewRand(5, i))
				if err != nil {
					t.Fatal(err)
				}
				total, byTurn, wins := sum(res.Scores), sum(res.ByTurn), 0.0
				for _, w := range res.Wins {
					wins += w
				}
				switch {
				case res.Limited || res.Rounds < LineUp-1:
					t.Fatalf("%d players, game %d: %d rounds, limited %v", n, i, res.Rounds, res.Limited)
				case !variant && total != byTurn:
					t.Fatalf("game %d: scores %v add to %d, points by turn to %d", i, res.Scores, total, byTurn)
				case variant && total != LineUp-1:
					t.Fatalf("variant game %d: %d hero cards taken, want %d", i, total, LineUp-1)
				case wins < 0.999 || wins > 1.001:
					t.Fatalf("game %d: wins %v", i, res.Wins)
				}
			}
		}
	}
}

func sum(xs []int) int {
	t := 0
	for _, x := range xs {
		t += x
	}
	return t
}

// cheat lays its Star twice.
type cheat struct{}

func (cheat) Name() string                           { return "cheat" }
func (cheat) Vote(v *View, _ *rand.Rand) (Card, int) { return Star, v.Vote }

func TestPlayRefuses(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	for _, o := range []Options{
		{Policies: []Policy{Loner{}, Loner{}}},
		{Policies: slices.Repeat([]Policy{Loner{}}, 7)},
		{Policies: []Policy{Loner{}, Loner{}, Loner{}}, Heroes: 1},
		{Policies: []Policy{Loner{}, cheat{}, Loner{}}},
		{Policies: []Policy{Loner{}, Loner{}, offTable{}}},
	} {
		if _, err := Play(o, r); err == nil {
			t.Errorf("%d players, %d heroes: no error", len(o.Policies), o.Heroes)
		}
	}
}

// TestPolicies: each policy's choice on a table (cards per hero) it sees.
func TestPolicies(t *testing.T) {
	table := []int{2, 0, 3, 1, 0}
	for _, c := range []struct {
		p      Policy
		v      View
		cards  []Card
		heroes []int
	}{
		{Loner{}, View{Hand: Cards}, []Card{Star, X}, []int{1, 4}},
		{Loner{}, View{Hand: []Card{X, Robber}, Mine: []int{1}, Vote: 1}, []Card{X}, []int{4}},
		{Follower{}, View{Hand: Cards}, []Card{Star, X}, []int{2}},
		{Follower{}, View{Hand: []Card{Star, Robber}, Mine: []int{2}, Vote: 1}, []Card{Star}, []int{0}},
		{RobberLate{}, View{Hand: Cards}, []Card{Star, X}, []int{0, 1, 2, 3, 4}},
		{RobberLate{}, View{Hand: []Card{X, Robber}, Mine: []int{0}, Vote: 1}, []Card{Robber}, []int{2}},
		{RobberLate{}, View{Hand: []Card{X, Robber}, Mine: []int{2}, Vote: 1}, []Card{Robber}, []int{0}},
		{Random{}, View{Hand: []Card{X, Robber}, Mine: []int{3}, Vote: 1}, []Card{X, Robber}, []int{0, 1, 2, 4}},
	} {
		seenC, seenH := map[Card]bool{}, map[int]bool{}
		for i := range 200 {
			v := c.v
			v.Cards = table
			card, h := c.p.Vote(&v, sim.NewRand(9, i))
			seenC[card], seenH[h] = true, true
		}
		if len(seenC) != len(c.cards) || len(seenH) != len(c.heroes) {
			t.Errorf("%s with %v on %v: laid %v on %v; want %v on %v", c.p.Name(), c.v.Hand, c.v.Mine, seenC, seenH, c.cards, c.heroes)
		}
		for _, k := range c.cards {
			if !seenC[k] {
				t.Errorf("%s: never laid %s", c.p.Name(), k)
			}
		}
		for _, h := range c.heroes {
			if !seenH[h] {
				t.Errorf("%s: never chose hero %d", c.p.Name(), h)
			}
		}
	}
	for _, name := range []string{"random", "loner", "follower", "robber-late"} {
		if p, err := ParsePolicy(name); err != nil || p.Name() != name {
			t.Errorf("ParsePolicy(%q) = %v, %v", name, p, err)
		}
	}
	if _, err := ParsePolicy("greedy"); err == nil {
		t.Error("an unknown strategy was accepted")
	}
}

// watcher lays by script and checks that it sees every card laid before
// it this round, face down.
type watcher struct {
	script
	t *testing.T
}

func (w watcher) Vote(v *View, r *rand.Rand) (Card, int) {
	seen := sum(v.Cards)
	if want := v.Vote*3 + v.Turn; seen != want {
		w.t.Errorf("turn %d, vote %d: sees %d cards, want %d", v.Turn, v.Vote, seen, want)
	}
	return w.script.Vote(v, r)
}

// TestPlayTurnOrder: seat 0 scores nothing, seats 1 and 2 score 2 a
// round. The token passes left, so in round 2 seat 1 votes first and seat
// 0 last: the points by turn are [0 2 2] + [2 2 0].
func TestPlayTurnOrder(t *testing.T) {
	seats := [][2]Vote{
		{{Card: Robber, Hero: 4}, {Card: Star, Hero: 5}}, // a lone Robber 0; a robbed Star 0
		{{Card: Robber, Hero: 5}, {Card: Star, Hero: 2}}, // robs 1; a lone Star 1
		{{Card: Star, Hero: 0}, {Card: X, Hero: 1}},      // two lone votes
	}
	var ps []Policy
	for _, s := range seats {
		ps = append(ps, watcher{script{votes: [][2]Vote{s, s}, calls: new(int)}, t})
	}
	res, err := Play(Options{Policies: ps, RoundLimit: 2}, rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(res.Scores, []int{0, 4, 4}) || !slices.Equal(res.ByTurn, []int{2, 4, 2}) || !slices.Equal(res.Wins, []float64{0, 0.5, 0.5}) {
		t.Errorf("scores %v, by turn %v, wins %v", res.Scores, res.ByTurn, res.Wins)
	}
}

// TestPlayTwoHeroes: a line-up of two makes a one-round game.
func TestPlayTwoHeroes(t *testing.T) {
	res, err := Play(Options{Policies: []Policy{Loner{}, Loner{}, Loner{}}, Heroes: 2}, rand.New(rand.NewPCG(1, 2)))
	if err != nil || res.Limited || res.Rounds < 1 {
		t.Errorf("%+v, %v", res, err)
	}
}

// offTable lays its card one place past the line-up's end.
type offTable struct{}

func (offTable) Name() string                           { return "off-table" }
func (offTable) Vote(v *View, _ *rand.Rand) (Card, int) { return v.Hand[0], len(v.Cards) }
