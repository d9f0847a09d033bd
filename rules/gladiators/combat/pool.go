package combat

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/rules/gladiators"
)

// RandomHero makes a random legal hero under rs, spending between half
// the budget and all of it: 15 characteristic points spread at random
// (each at least 1), sometimes one or two more bought, then powers of the
// list in random order, each at a random level (1–4), uses (unlimited,
// or 1–10), gizmo and applicable modifiers, kept while the total stays
// within the spend. Its first power is a Close or Distance Attack, so
// that it can hurt someone. Every hero it returns passes
// [gladiators.Compute] without errors. The spend is drawn evenly from
// half the budget to all of it; a power takes each modifier that applies
// (and that none it took excludes) one time in four, always-on three in
// four.
func RandomHero(rng *rand.Rand, rs *gladiators.Ruleset, name string) (*gladiators.Hero, *gladiators.Sheet) {
	for {
		h, s := randomHero(rng, rs, name)
		if s != nil {
			return h, s
		}
	}
}

func randomHero(rng *rand.Rand, rs *gladiators.Ruleset, name string) (*gladiators.Hero, *gladiators.Sheet) {
	h := &gladiators.Hero{Name: name, CharsOK: true}
	for i := range h.Chars {
		h.Chars[i] = 1
	}
	extra := 0
	if rng.IntN(3) == 0 {
		extra = 1 + rng.IntN(2)
	}
	for range rs.FreePoints - len(h.Chars) + extra {
		h.Chars[rng.IntN(len(h.Chars))]++
	}
	spend := rs.Budget/2 + rng.IntN(rs.Budget/2+1)
	var attacks, others []*gladiators.Power
	for _, p := range rs.Powers {
		switch {
		case kinds[p.Name] == CloseAttack || kinds[p.Name] == DistanceAttack:
			attacks = append(attacks, p)
		case kinds[p.Name] != NoEffect:
			others = append(others, p)
		}
	}
	if len(attacks) == 0 {
		return h, nil // nothing to fight with: Compute would do, but pointless
	}
	order := append([]*gladiators.Power{attacks[rng.IntN(len(attacks))]}, others...)
	for _, p := range attacks {
		if p != order[0] {
			order = append(order, p)
		}
	}
	rng.Shuffle(len(order)-1, func(i, j int) { order[i+1], order[j+1] = order[j+1], order[i+1] })
	var sheet *gladiators.Sheet
	for k, p := range order {
		if k > 0 && rng.IntN(2) == 0 {
			continue
		}
		h.Powers = append(h.Powers, randomPower(rng, rs, p))
		s, _ := gladiators.Compute(h, rs) // a valid sheet has no errors
		if !s.Valid || s.Total > spend {
			h.Powers = h.Powers[:len(h.Powers)-1]
			if k == 0 {
				return h, nil
			}
			continue
		}
		sheet = s
	}
	return h, sheet
}

// randomPower buys a power at random.
func randomPower(rng *rand.Rand, rs *gladiators.Ruleset, p *gladiators.Power) *gladiators.PowerSpec {
	spec := &gladiators.PowerSpec{Name: p.Name, Level: max(rs.LevelMin, 1+rng.IntN(4)), Unlimited: rng.IntN(2) == 0}
	spec.Level = min(spec.Level, rs.LevelMax)
	if !spec.Unlimited {
		spec.Uses = max(rs.UsesMin, min(rs.UsesMax, 1+rng.IntN(10)))
	}
	if len(rs.Gizmos) > 0 && rng.IntN(2) == 0 {
		spec.Gizmo = rs.Gizmos[rng.IntN(len(rs.Gizmos))].Name
	}
	for _, m := range rs.Modifiers {
		if !m.AppliesTo(p) || (m.Applies == "always-on" && !spec.Unlimited) {
			continue
		}
		chance := 5 // in 20
		if m.Applies == "always-on" {
			chance = 15
		}
		if rng.IntN(20) >= chance || slices.ContainsFunc(spec.Modifiers, func(x string) bool { return slices.Contains(m.Excludes, x) }) {
			continue
		}
		spec.Modifiers = append(spec.Modifiers, m.Name)
		spec.ModPos = append(spec.ModPos, cards.Pos{})
	}
	return spec
}

// Pool makes n random legal heroes named "Random 1" …, from a generator
// seeded with seed, and their combat heroes.
func Pool(n int, seed uint64, rs *gladiators.Ruleset) ([]*gladiators.Sheet, []Hero) {
	rng := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	var sheets []*gladiators.Sheet
	var heroes []Hero
	for i := range n {
		_, s := RandomHero(rng, rs, fmt.Sprintf("Random %d", i+1))
		c, _ := FromSheet(s) // house powers and modifiers only: no warnings
		sheets, heroes = append(sheets, s), append(heroes, c)
	}
	return sheets, heroes
}
