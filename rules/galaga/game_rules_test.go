package galaga

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/deckpress/deckpress/rules/sim"
)

// pacifist never attacks and passes every choice.
var pacifist = &scripted{attackAt: -1}

// oneSided is a draw deck of offensive 5s only: nobody can defend, so a
// greedy attacker wins every battle it opens, one card each.
func oneSided(lives, cards int) *Deck {
	return &Deck{Cards: []Card{{Title: "A5", Kind: Offensive, Effect: Effect{Value: 5}, Count: cards}}, Lives: lives}
}

// TestNewMatchBounds: the setup RULES.md and the source give (2 to 4
// players, three lives each, a hand of five each) at its edges, with the
// messages; the greedy policy's expected defence a card is the deck's
// defensive numbers over all its cards.
func TestNewMatchBounds(t *testing.T) {
	seats := func(n int) Options {
		ps := make([]Policy, n)
		for s := range ps {
			ps[s] = Greedy{}
		}
		return Options{Policies: ps}
	}
	for _, c := range []struct {
		d    *Deck
		o    Options
		want string // "" accepted
	}{
		{oneSided(6, 10), seats(2), ""},
		{oneSided(12, 20), seats(4), ""},
		{oneSided(17, 45), seats(1), "1 players; the Galaga card game is for 2 to 4"},
		{oneSided(17, 45), seats(5), "5 players; the Galaga card game is for 2 to 4"},
		{oneSided(5, 10), seats(2), "5 life cards; 2 players need at least 6"},
		{oneSided(11, 20), seats(4), "11 life cards; 4 players need at least 12"},
		{oneSided(6, 9), seats(2), "a draw deck of 9 cards; 2 players need at least 10"},
		{oneSided(9, 14), seats(3), "a draw deck of 14 cards; 3 players need at least 15"},
		{&Deck{Cards: []Card{{Kind: Defensive, Effect: Effect{Value: 2}, Count: 10}}, Lives: 6}, seats(2), "the deck has no offensive card: nobody can attack"},
	} {
		_, err := NewMatch(c.d, c.o)
		if got := ""; err != nil && err.Error() != c.want || err == nil && c.want != got {
			t.Errorf("%d players, %d lives, %d cards: %v, want %q", len(c.o.Policies), c.d.Lives, c.d.Cards[0].Count, err, c.want)
		}
	}
	// 7 shields of 3 and 3 × augments among 4 + 7 + 3 = 14 cards: 21/14
	d := &Deck{Lives: 6, Cards: []Card{
		{Kind: Offensive, Effect: Effect{Value: 5}, Count: 4},
		{Kind: Defensive, Effect: Effect{Value: 3}, Count: 7},
		{Kind: Defensive, Effect: Effect{Augment: Augment{Times, 2}}, Count: 3},
	}}
	m, err := NewMatch(d, seats(2))
	if err != nil {
		t.Fatal(err)
	}
	if m.defMu != 1.5 || len(m.ids) != 14 || m.opts.TurnLimit != DefaultTurnLimit || DefaultTurnLimit != 300 {
		t.Errorf("mean defence %v over %d cards, turn limit %d", m.defMu, len(m.ids), m.opts.TurnLimit)
	}
	o := seats(2)
	o.TurnLimit = 7
	if m, _ := NewMatch(d, o); m.opts.TurnLimit != 7 {
		t.Errorf("turn limit %d, want 7", m.opts.TurnLimit)
	}
}

// striker attacks seat target (−1: the next player to its left with
// lives) while it holds a card, opening each battle with one card and
// then passing; it plays no 1UP and negates nothing.
type striker struct{ target int }

func (striker) Name() string                            { return "striker" }
func (striker) oneUp(*game, int) int                    { return -1 }
func (striker) respond(*battle, int, int, int, ref) int { return -1 }
func (st striker) attack(g *game, s int) int {
	switch {
	case len(g.ps[s].hand) == 0:
		return -1
	case st.target >= 0:
		return st.target
	}
	return g.next(s)
}
func (striker) move(b *battle, _, s int, opening bool) (move, bool) {
	return move{}, opening && b.sides[s].plays == 0
}

// spy plays as its policy and keeps the game it plays in, for a test to
// look at once the game is over.
type spy struct {
	Policy
	g **game
}

func (s spy) oneUp(g *game, seat int) int {
	*s.g = g
	return s.Policy.oneUp(g, seat)
}

// TestPlayWhole: whole games whose course the rules fix whatever the
// shuffle. Against nobody who can defend, a seat that attacks with one
// five a battle takes a foe's three lives with three cards, in its first
// turn (it holds its hand of 5 and the card it drew), and a player who is
// out discards their hand; the game ends with one player left. Nobody
// attacking is a tie at the turn limit, every seat having drawn once a
// turn.
func TestPlayWhole(t *testing.T) {
	next := striker{target: -1}
	for _, c := range []struct {
		name   string
		pols   []Policy
		limit  int
		winner int
		turns  int
		hands  []int // cards held at the end
		lives  []int
	}{
		{"the first seat attacks", []Policy{next, pacifist}, 300, 0, 1, []int{3, 0}, []int{3, 0}},
		{"the second seat attacks", []Policy{pacifist, next}, 300, 1, 2, []int{0, 3}, []int{0, 3}},
		{"one against two", []Policy{next, pacifist, pacifist}, 300, 0, 1, []int{0, 0, 0}, []int{3, 0, 0}},
		{"the last of three against two", []Policy{pacifist, pacifist, next}, 300, 2, 3, []int{0, 0, 0}, []int{0, 0, 3}},
		{"nobody attacks", []Policy{pacifist, pacifist}, 5, -1, 5, []int{8, 7}, []int{3, 3}},
		{"nobody attacks, a turn", []Policy{pacifist, pacifist, pacifist}, 1, -1, 1, []int{6, 5, 5}, []int{3, 3, 3}},
	} {
		m, err := NewMatch(oneSided(3*len(c.pols), 40), Options{Policies: c.pols, TurnLimit: c.limit})
		if err != nil {
			t.Fatal(err)
		}
		var g *game
		m.opts.Policies[0] = spy{c.pols[0], &g}
		r := m.Play(sim.NewRand(1, 0))
		var hands, lv []int
		for _, p := range g.ps {
			hands, lv = append(hands, len(p.hand)), append(lv, p.lives)
		}
		if r.Winner != c.winner || r.Turns != c.turns || !slices.Equal(hands, c.hands) || !slices.Equal(lv, c.lives) {
			t.Errorf("%s: winner %d after %d turns, hands %v, lives %v; want %d after %d, %v, %v", c.name, r.Winner, r.Turns, hands, lv, c.winner, c.turns, c.hands, c.lives)
		}
	}
}

// TestPlayRefusesTargets: a seat may not attack itself or a player who is
// out: the turn ends without a battle.
func TestPlayRefusesTargets(t *testing.T) {
	m, err := NewMatch(oneSided(6, 40), Options{Policies: []Policy{striker{target: 0}, pacifist}, TurnLimit: 2})
	if err != nil {
		t.Fatal(err)
	}
	if r := m.Play(rand.New(rand.NewPCG(1, 1))); r.Winner != -1 || r.Played[0] != 0 {
		t.Errorf("attacking itself: winner %d, %d cards played", r.Winner, r.Played[0])
	}
	// seat 1 takes seat 2 out, then turns on seat 2 again; so does seat 3
	m, err = NewMatch(oneSided(9, 40), Options{Policies: []Policy{striker{target: 1}, pacifist, striker{target: 1}}, TurnLimit: 3})
	if err != nil {
		t.Fatal(err)
	}
	var g *game
	m.opts.Policies[0] = spy{m.opts.Policies[0], &g}
	r := m.Play(rand.New(rand.NewPCG(1, 1)))
	if r.Winner != -1 || r.Turns != 3 || r.Played[0] != 3 || len(g.ps[2].hand) != 6 || len(g.ps[0].hand) != 4 {
		t.Errorf("attacking a player who is out: winner %d, %d cards played, hands %d and %d", r.Winner, r.Played[0], len(g.ps[0].hand), len(g.ps[2].hand))
	}
}

// TestDrawAndLives: drawing runs the deck out and reshuffles the
// discards; a life lost goes to the pile, a life gained comes from it,
// and a player who loses the last one discards their hand.
func TestDrawAndLives(t *testing.T) {
	g := table(t, [][]string{{}, {"A2", "A3"}}, []string{"A4"}, pacifist, pacifist)
	g.discard = []int{0, 1}
	if n := g.drawCards(0, 2); n != 2 || len(g.ps[0].hand) != 2 || len(g.draw) != 1 || len(g.discard) != 0 || g.ps[0].hand[0] != 2 {
		t.Errorf("drew %d: hand %v, deck %v, discards %v", n, g.ps[0].hand, g.draw, g.discard)
	}
	if n := g.drawCards(0, 2); n != 1 || len(g.ps[0].hand) != 3 {
		t.Errorf("one card left: drew %d, hand %v", n, g.ps[0].hand)
	}
	if n := g.drawCards(0, 1); n != 0 {
		t.Errorf("no cards left: drew %d", n)
	}
	g.pile = 1
	if !g.gainLife(0) || g.pile != 0 || g.ps[0].lives != 4 || g.gainLife(0) || g.ps[0].lives != 4 {
		t.Errorf("gaining lives: pile %d, lives %d", g.pile, g.ps[0].lives)
	}
	g.loseLife(1)
	g.loseLife(1)
	if g.ps[1].lives != 1 || g.pile != 2 || len(g.ps[1].hand) != 2 || len(g.discard) != 0 {
		t.Errorf("two lives lost: lives %d, pile %d, hand %v", g.ps[1].lives, g.pile, g.ps[1].hand)
	}
	g.loseLife(1)
	g.loseLife(1)
	if g.ps[1].lives != 0 || g.pile != 3 || len(g.ps[1].hand) != 0 || len(g.discard) != 2 {
		t.Errorf("the last life lost: lives %d, pile %d, hand %v, discards %v", g.ps[1].lives, g.pile, g.ps[1].hand, g.discard)
	}
	if g.alive() != 1 || g.next(0) != 0 {
		t.Errorf("one player left: %d alive, next %d", g.alive(), g.next(0))
	}
}

// TestNextSeat: the turn passes to the left, skipping players who are
// out.
func TestNextSeat(t *testing.T) {
	g := table(t, [][]string{{}, {}, {}, {}}, nil, pacifist, pacifist, pacifist, pacifist)
	g.ps[1].lives, g.ps[3].lives = 0, 0
	for s, want := range []int{2, 2, 0, 0} {
		if got := g.next(s); got != want {
			t.Errorf("after seat %d: %d, want %d", s, got, want)
		}
	}
	if g.alive() != 2 {
		t.Errorf("%d alive", g.alive())
	}
}

// TestOneUpDraw: a 1UP that draws takes effect when a card is drawn,
// and not from an empty deck; either way it is discarded.
func TestOneUpDraw(t *testing.T) {
	g := table(t, [][]string{{"Recharge", "Recharge"}, {}}, []string{"A2", "A3"}, pacifist, pacifist)
	k := slices.IndexFunc(testCards, func(x Card) bool { return x.Title == "Recharge" })
	g.playOneUp(0, 0)
	if len(g.ps[0].hand) != 3 || g.res.Effective[k] != 1 || len(g.discard) != 1 {
		t.Fatalf("hand %v, effective %d, discards %v", g.ps[0].hand, g.res.Effective[k], g.discard)
	}
	g.ps[0].hand = []int{k}
	g.discard = nil
	g.playOneUp(0, 0)
	if g.res.Played[k] != 2 || g.res.Effective[k] != 1 || len(g.discard) != 1 || len(g.ps[0].hand) != 0 {
		t.Errorf("from an empty deck: played %d, effective %d, discards %v, hand %v", g.res.Played[k], g.res.Effective[k], g.discard, g.ps[0].hand)
	}
	if !g.res.PlayedBy[0][k] || g.res.PlayedBy[1][k] {
		t.Error("PlayedBy does not name seat 1 alone")
	}
}

// TestPlayOneUps: on its turn a player plays 1UPs, the first held
// included, while the policy picks one: four lives on the pile, a hand of
// 1UPs, and greedy gains all four.
func TestPlayOneUps(t *testing.T) {
	deck := &Deck{Lives: 10, Cards: []Card{
		{Title: "1UP", Kind: OneUp, Effect: Effect{Special: Special{Name: GainLife}}, Count: 20},
		{Title: "A5", Kind: Offensive, Effect: Effect{Value: 5}}, // none in the deck: nobody attacks
	}}
	m, err := NewMatch(deck, Options{Policies: []Policy{Greedy{}, pacifist}, TurnLimit: 1})
	if err != nil {
		t.Fatal(err)
	}
	var g *game
	m.opts.Policies[0] = spy{m.opts.Policies[0], &g}
	r := m.Play(sim.NewRand(1, 0))
	if g.ps[0].lives != 7 || len(g.ps[0].hand) != 2 || g.pile != 0 || r.Played[0] != 4 || r.Effective[0] != 4 {
		t.Errorf("lives %d, hand %d, pile %d; 1UP played %d, effective %d", g.ps[0].lives, len(g.ps[0].hand), g.pile, r.Played[0], r.Effective[0])
	}
}
