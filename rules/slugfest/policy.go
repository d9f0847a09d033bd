package slugfest

import (
	"fmt"
	"math/rand/v2"
)

// Policy makes the choices the rules leave to a player: which cards to
// swap at Tactics and which of their heroes to knock out. A policy may
// read its player's draw pile as a set of cards (a player knows their
// deck), never its order.
type Policy interface {
	Name() string
	// Discard returns the places in p.Hand of the cards to swap, at most
	// p.MaxDiscards() of them.
	Discard(p *Player, rng *rand.Rand) []int
	// KnockOut returns the standing hero to knock out.
	KnockOut(p *Player, rng *rand.Rand) int
}

// Policies are the built-in policies, by name.
var Policies = []Policy{Greedy{}, Random{}}

// ParsePolicy returns the named policy.
func ParsePolicy(name string) (Policy, error) {
	for _, p := range Policies {
		if p.Name() == name {
			return p, nil
		}
	}
	return nil, fmt.Errorf("unknown policy %q; policies: greedy, random", name)
}

// Greedy swaps, one at a time and lowest force first, the cards that
// cannot count (a second character card of a hero, an ability without its
// hero's character card, a card of a knocked-out hero), then the card that
// adds least to the total as long as a fresh card from the draw pile is
// expected to add more. With comebacks on, it keeps the character cards of
// a knocked-out hero of whom it holds two or more. It knocks out the hero
// whose cards left in the draw pile have the lowest total force (the
// first such hero on a tie).
type Greedy struct{}

// Name implements Policy.
func (Greedy) Name() string { return "greedy" }

// Discard implements Policy.
func (Greedy) Discard(p *Player, _ *rand.Rand) []int {
	keep := make([]bool, len(p.Hand))
	for i := range keep {
		keep[i] = true
	}
	var out []int
	total := func(skip int) int {
		var hand [HandSize + 1]Card
		h := hand[:0]
		for i, c := range p.Hand {
			if keep[i] && i != skip {
				h = append(h, c)
			}
		}
		return Battle(h, p.Out, false).Total
	}
	saved := p.savedForComeback()
	for len(out) < p.MaxDiscards() {
		all := total(-1)
		weakest, worth := -1, 0
		for i, c := range p.Hand {
			if !keep[i] || saved[c.Hero] && c.Character {
				continue
			}
			w := all - total(i)
			if weakest < 0 || w < worth || w == worth && c.Force < p.Hand[weakest].Force {
				weakest, worth = i, w
			}
		}
		if weakest < 0 {
			break
		}
		if worth > 0 {
			keep[weakest] = false
			gain := p.expectedGain(keep)
			keep[weakest] = true
			if float64(worth) >= gain {
				break
			}
		}
		keep[weakest] = false
		out = append(out, weakest)
	}
	return out
}

// savedForComeback marks, with comebacks on, the knocked-out heroes of
// whom the hand holds two or more character cards.
func (p *Player) savedForComeback() []bool {
	saved := make([]bool, len(p.Out))
	if !p.Comebacks {
		return saved
	}
	n := make([]int, len(p.Out))
	for _, c := range p.Hand {
		if c.Character && p.Out[c.Hero] {
			n[c.Hero]++
			saved[c.Hero] = n[c.Hero] >= 2
		}
	}
	return saved
}

// expectedGain is what one card drawn at random would add to the kept
// cards of the hand: from the draw pile, or the discards when it is empty.
func (p *Player) expectedGain(keep []bool) float64 {
	pile := p.Draw
	if len(pile) == 0 {
		pile = p.Discard
	}
	if len(pile) == 0 {
		return 0
	}
	var hand [HandSize + 1]Card
	h := hand[:0]
	for i, c := range p.Hand {
		if keep[i] {
			h = append(h, c)
		}
	}
	base := Battle(h, p.Out, false).Total
	sum := 0
	for _, c := range pile {
		sum += Battle(append(h, c), p.Out, false).Total - base
	}
	return float64(sum) / float64(len(pile))
}

// KnockOut implements Policy.
func (Greedy) KnockOut(p *Player, _ *rand.Rand) int {
	left := make([]int, len(p.Out))
	for _, c := range p.Draw {
		left[c.Hero] += c.Force
	}
	best := -1
	for h, out := range p.Out {
		if !out && (best < 0 || left[h] < left[best]) {
			best = h
		}
	}
	return best
}

// Random swaps a random number of random cards (from none to as many as
// it may) and knocks out a random standing hero.
type Random struct{}

// Name implements Policy.
func (Random) Name() string { return "random" }

// Discard implements Policy.
func (Random) Discard(p *Player, rng *rand.Rand) []int {
	n := rng.IntN(min(p.MaxDiscards(), len(p.Hand)) + 1)
	return rng.Perm(len(p.Hand))[:n]
}

// KnockOut implements Policy.
func (Random) KnockOut(p *Player, rng *rand.Rand) int {
	k := rng.IntN(p.Standing())
	for h, out := range p.Out {
		if !out {
			if k == 0 {
				return h
			}
			k--
		}
	}
	return -1
}
