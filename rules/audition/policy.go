package audition

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// Policies are the built-in policies, by name. The crisis does not matter
// to a program, so none of them reads it.
var Policies = []Policy{Random{}, Loner{}, Follower{}, RobberLate{}}

// ParsePolicy returns the named policy.
func ParsePolicy(name string) (Policy, error) {
	var names []string
	for _, p := range Policies {
		if p.Name() == name {
			return p, nil
		}
		names = append(names, p.Name())
	}
	return nil, fmt.Errorf("unknown strategy %q; strategies: %s", name, strings.Join(names, ", "))
}

// Random lays a random card of its hand on a random hero it may use.
type Random struct{}

// Name implements Policy.
func (Random) Name() string { return "random" }

// Vote implements Policy.
func (Random) Vote(v *View, rng *rand.Rand) (Card, int) {
	return v.Hand[rng.IntN(len(v.Hand))], pick(v, rng, func(int) int { return 0 })
}

// Loner lays its Star and its X (in a random order), each where no card
// lies yet; when every hero has a card, on one with the fewest.
type Loner struct{}

// Name implements Policy.
func (Loner) Name() string { return "loner" }

// Vote implements Policy.
func (Loner) Vote(v *View, rng *rand.Rand) (Card, int) {
	return starOrX(v, rng), pick(v, rng, func(i int) int { return -v.Cards[i] })
}

// Follower lays its Star and its X (in a random order), each on the hero
// with the most face-down cards.
type Follower struct{}

// Name implements Policy.
func (Follower) Name() string { return "follower" }

// Vote implements Policy.
func (Follower) Vote(v *View, rng *rand.Rand) (Card, int) {
	return starOrX(v, rng), pick(v, rng, func(i int) int { return v.Cards[i] })
}

// RobberLate lays its Star or its X (either, at random) on a random hero
// first, and keeps the Robber for its second card, which goes on the hero
// with the most face-down cards.
type RobberLate struct{}

// Name implements Policy.
func (RobberLate) Name() string { return "robber-late" }

// Vote implements Policy.
func (RobberLate) Vote(v *View, rng *rand.Rand) (Card, int) {
	if v.Vote == 0 {
		return Cards[rng.IntN(2)], pick(v, rng, func(int) int { return 0 })
	}
	return Robber, pick(v, rng, func(i int) int { return v.Cards[i] })
}

// starOrX returns the Star or the X, at random, when both are in hand, or
// the one that is.
func starOrX(v *View, rng *rand.Rand) Card {
	var c [2]Card
	n := 0
	for _, h := range v.Hand {
		if h != Robber {
			c[n] = h
			n++
		}
	}
	if n == 0 {
		return Robber
	}
	return c[rng.IntN(n)]
}

// pick returns, among the heroes the player may still use, one with the
// highest worth, at random among equals.
func pick(v *View, rng *rand.Rand, worth func(int) int) int {
	best, seen := -1, 0
	for i := range v.Cards {
		if !v.Free(i) {
			continue
		}
		switch w := worth(i); {
		case best < 0 || w > worth(best):
			best, seen = i, 1
		case w == worth(best):
			seen++
			if rng.IntN(seen) == 0 { // reservoir: each equal one alike
				best = i
			}
		}
	}
	return best
}
