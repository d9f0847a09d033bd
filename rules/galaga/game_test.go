package galaga

import (
	"testing"

	"github.com/deckpress/deckpress/rules/sim"
)

// auditor plays as its inner policy and checks, at the start of each of
// its turns, that no card and no life has been lost or made.
type auditor struct {
	Policy
	t            *testing.T
	cards, lives int
}

func (a auditor) oneUp(g *game, s int) int {
	held, lives := 0, g.pile
	for _, p := range g.ps {
		held += len(p.hand)
		lives += p.lives
		if p.lives < 0 {
			a.t.Fatalf("a player has %d lives", p.lives)
		}
	}
	if n := held + len(g.draw) + len(g.discard); n != a.cards || lives != a.lives {
		a.t.Fatalf("turn %d: %d cards, %d lives; want %d and %d", g.res.Turns, n, lives, a.cards, a.lives)
	}
	return a.Policy.oneUp(g, s)
}

// TestPlayKeepsCards: over whole games of both policies at every table
// size, cards and lives are neither lost nor made; a game ends with one
// player standing or at the turn limit.
func TestPlayKeepsCards(t *testing.T) {
	deck := kitDeck(t)
	for _, p := range Policies {
		for n := 2; n <= 4; n++ {
			ps := make([]Policy, n)
			for s := range ps {
				ps[s] = auditor{Policy: p, t: t, cards: 45, lives: 17}
			}
			m, err := NewMatch(deck, Options{Policies: ps, TurnLimit: 120})
			if err != nil {
				t.Fatal(err)
			}
			for i := range 100 {
				r := m.Play(sim.NewRand(4, i))
				if r.Winner < 0 && r.Turns != 120 || r.Turns > 120 {
					t.Fatalf("%s, %d players, game %d: winner %d after %d turns", p.Name(), n, i, r.Winner, r.Turns)
				}
			}
		}
	}
}

func TestNewMatchRefuses(t *testing.T) {
	deck := kitDeck(t)
	few := *deck
	few.Lives = 8
	none := Deck{Cards: []Card{{Title: "D", Kind: Defensive, Effect: Effect{Value: 2}, Count: 40}}, Lives: 17}
	for _, c := range []struct {
		d *Deck
		n int
	}{{deck, 1}, {deck, 5}, {&few, 3}, {&none, 2}} {
		ps := make([]Policy, c.n)
		for s := range ps {
			ps[s] = Greedy{}
		}
		if _, err := NewMatch(c.d, Options{Policies: ps}); err == nil {
			t.Errorf("%d players, %d lives, %d card lines: no error", c.n, c.d.Lives, len(c.d.Cards))
		}
	}
}
