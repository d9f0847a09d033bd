package galaga

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
)

// Sizes of a game.
const (
	// StartLives are the life cards each player lays out.
	StartLives = 3
	// StartHand is the number of cards each player draws at the start.
	StartHand = 5
	// DefaultTurnLimit: a game longer than this many turns (each player's
	// turn counts one) is a tie.
	DefaultTurnLimit = 300
)

// Options are a game's table.
type Options struct {
	// Policies choose each seat's plays; seat 0 goes first. Two to four
	// seats make a game.
	Policies []Policy
	// TurnLimit ends the game in a tie (0: DefaultTurnLimit).
	TurnLimit int
}

// Result is how a game ended and what each card did in it.
type Result struct {
	Winner int // the winning seat; -1 a tie
	Turns  int
	// Played[k] and Effective[k] count the plays of card k of the deck
	// and those that took effect: a numbered card or augment counted in a
	// battle's comparison; a special carried out with something to act on
	// (a negation or discard that removed a card, a limit still in force
	// when the battle ended, an escape, a Return Fire that cost the
	// attacker a life, a card drawn, a life gained or lost).
	Played, Effective []int
	// PlayedBy[s][k] says that seat s played card k in the game.
	PlayedBy [][]bool
}

// Match is a deck and a table, ready to play.
type Match struct {
	deck  *Deck
	ids   []int // the draw deck: a card index per copy
	opts  Options
	defMu float64 // mean defensive number per card of the deck
}

// NewMatch checks a deck and a table.
func NewMatch(d *Deck, o Options) (*Match, error) {
	n := len(o.Policies)
	if n < 2 || n > 4 {
		return nil, fmt.Errorf("%d players; the Galaga card game is for 2 to 4", n)
	}
	if d.Lives < n*StartLives {
		return nil, fmt.Errorf("%d life cards; %d players need at least %d", d.Lives, n, n*StartLives)
	}
	m := &Match{deck: d, opts: o}
	sum := 0
	for k, c := range d.Cards {
		for range c.Count {
			m.ids = append(m.ids, k)
		}
		if c.Kind == Defensive {
			sum += c.Count * c.Effect.Value
		}
	}
	if len(m.ids) < n*StartHand {
		return nil, fmt.Errorf("a draw deck of %d cards; %d players need at least %d", len(m.ids), n, n*StartHand)
	}
	if !slices.ContainsFunc(d.Cards, func(c Card) bool { return c.Kind == Offensive }) {
		return nil, errors.New("the deck has no offensive card: nobody can attack")
	}
	m.defMu = float64(sum) / float64(len(m.ids))
	if m.opts.TurnLimit == 0 {
		m.opts.TurnLimit = DefaultTurnLimit
	}
	return m, nil
}

// player is a seat's state.
type player struct {
	hand   []int
	lives  int
	policy Policy
}

// game is one game in play.
type game struct {
	m             *Match
	cards         []Card
	draw, discard []int
	ps            []player
	pile          int // life cards beside the deck
	rng           *rand.Rand
	res           *Result
	turn          int // the seat whose turn it is
}

// Play plays one game with the generator rng.
func (m *Match) Play(rng *rand.Rand) Result {
	n := len(m.opts.Policies)
	k := len(m.deck.Cards)
	res := Result{Winner: -1, Played: make([]int, k), Effective: make([]int, k), PlayedBy: make([][]bool, n)}
	g := &game{m: m, cards: m.deck.Cards, rng: rng, res: &res, pile: m.deck.Lives - n*StartLives}
	g.draw = append(make([]int, 0, len(m.ids)), m.ids...)
	rng.Shuffle(len(g.draw), func(i, j int) { g.draw[i], g.draw[j] = g.draw[j], g.draw[i] })
	g.ps = make([]player, n)
	for s := range g.ps {
		res.PlayedBy[s] = make([]bool, k)
		g.ps[s] = player{lives: StartLives, policy: m.opts.Policies[s]}
		g.drawCards(s, StartHand)
	}
	for g.alive() > 1 && res.Turns < m.opts.TurnLimit {
		res.Turns++
		s := g.turn
		g.drawCards(s, 1)
		for g.ps[s].lives > 0 {
			i := g.ps[s].policy.oneUp(g, s)
			if i < 0 {
				break
			}
			g.playOneUp(s, i)
		}
		for g.ps[s].lives > 0 && g.alive() > 1 {
			t := g.ps[s].policy.attack(g, s)
			if t < 0 || t == s || g.ps[t].lives <= 0 {
				break
			}
			if !g.fight(s, t) {
				break
			}
		}
		g.turn = g.next(s)
	}
	if g.alive() == 1 {
		for s, p := range g.ps {
			if p.lives > 0 {
				res.Winner = s
			}
		}
	}
	return res
}

// alive counts the players with lives.
func (g *game) alive() int {
	n := 0
	for _, p := range g.ps {
		if p.lives > 0 {
			n++
		}
	}
	return n
}

// next returns the next seat to the left with lives (s itself when it is
// the only one).
func (g *game) next(s int) int {
	for k := 1; k <= len(g.ps); k++ {
		if t := (s + k) % len(g.ps); g.ps[t].lives > 0 {
			return t
		}
	}
	return s
}

// drawCards draws n cards into seat s's hand, shuffling the discards into
// a new deck when it runs out; it returns the number drawn.
func (g *game) drawCards(s, n int) int {
	drawn := 0
	for range n {
		if len(g.draw) == 0 {
			if len(g.discard) == 0 {
				break
			}
			g.draw, g.discard = g.discard, g.draw[:0]
			g.rng.Shuffle(len(g.draw), func(i, j int) { g.draw[i], g.draw[j] = g.draw[j], g.draw[i] })
		}
		last := len(g.draw) - 1
		g.ps[s].hand = append(g.ps[s].hand, g.draw[last])
		g.draw = g.draw[:last]
		drawn++
	}
	return drawn
}

// take removes the card at place i of seat s's hand, counting the play.
func (g *game) take(s, i int) int {
	p := &g.ps[s]
	k := p.hand[i]
	p.hand = slices.Delete(p.hand, i, i+1)
	g.res.Played[k]++
	g.res.PlayedBy[s][k] = true
	return k
}

// gainLife moves a life card from the pile to seat s; false when the
// pile is empty.
func (g *game) gainLife(s int) bool {
	if g.pile == 0 {
		return false
	}
	g.pile--
	g.ps[s].lives++
	return true
}

// loseLife takes a life from seat s; a player without lives is out and
// their hand is discarded.
func (g *game) loseLife(s int) {
	p := &g.ps[s]
	if p.lives <= 0 {
		return
	}
	p.lives--
	g.pile++
	if p.lives == 0 {
		g.discard = append(g.discard, p.hand...)
		p.hand = p.hand[:0]
	}
}

// playOneUp plays the 1UP card at place i of seat s's hand.
func (g *game) playOneUp(s, i int) {
	k := g.take(s, i)
	e := g.cards[k].Effect.Special
	switch e.Name {
	case GainLife:
		if g.gainLife(s) {
			g.res.Effective[k]++
		}
	case Draw:
		if g.drawCards(s, e.N) > 0 {
			g.res.Effective[k]++
		}
	}
	g.discard = append(g.discard, k)
}
