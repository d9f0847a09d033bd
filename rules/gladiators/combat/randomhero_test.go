package combat

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/deckpress/deckpress/rules/gladiators"
)

// TestRandomHeroSpend: a random hero spends at most a sum drawn evenly
// from half the budget to all of it (RandomHero). So at least half the
// heroes (51 of the 101 sums from 100 to 200 points) spend 3/4 of the
// budget or less, and the whole budget is in reach: of 5,000 heroes
// (seed 1) some spend all of it.
func TestRandomHeroSpend(t *testing.T) {
	rs, err := gladiators.Default()
	if err != nil {
		t.Fatal(err)
	}
	const n = 5000
	sheets, _ := Pool(n, 1, rs)
	low, full := 0, 0
	for _, s := range sheets {
		if s.Total*4 <= rs.Budget*3 {
			low++
		}
		if s.Total == rs.Budget {
			full++
		}
	}
	if low < n/2 {
		t.Errorf("%d of %d heroes spend 3/4 of the budget or less, want at least half", low, n)
	}
	if full == 0 {
		t.Errorf("no hero of %d spends the whole budget of %d", n, rs.Budget)
	}
}

// TestRandomHeroBothAttacks: after its first power, a Close or a Distance
// Attack, a random hero may buy any other power of the list, the other
// attack too: of 400 heroes, some have both.
func TestRandomHeroBothAttacks(t *testing.T) {
	rs, err := gladiators.Default()
	if err != nil {
		t.Fatal(err)
	}
	_, heroes := Pool(400, 5, rs)
	both := 0
	for _, h := range heroes {
		kinds := map[Kind]bool{}
		for _, p := range h.Powers {
			kinds[p.Kind] = true
		}
		if kinds[CloseAttack] && kinds[DistanceAttack] {
			both++
		}
	}
	if both == 0 {
		t.Error("no random hero has both a Close and a Distance Attack")
	}
}

// TestRandomModifierChances: a random power takes each modifier that
// applies to it (always-on only on an unlimited power) and that no
// modifier it already took excludes, one time in four; always-on three
// times in four (RandomHero). 20,000 powers of each kind: within 0.02 of
// the chance, over 4 standard errors.
func TestRandomModifierChances(t *testing.T) {
	rs, err := gladiators.Default()
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	tries, took := map[string]int{}, map[string]int{}
	for _, p := range rs.Powers {
		for range 20000 {
			spec := randomPower(rng, rs, p)
			for i, m := range rs.Modifiers {
				if !m.AppliesTo(p) || (m.Applies == "always-on" && !spec.Unlimited) {
					continue
				}
				excluded := false
				for _, e := range rs.Modifiers[:i] {
					if slices.Contains(spec.Modifiers, e.Name) && slices.Contains(m.Excludes, e.Name) {
						excluded = true
					}
				}
				if excluded {
					continue
				}
				tries[m.Name]++
				if slices.Contains(spec.Modifiers, m.Name) {
					took[m.Name]++
				}
			}
		}
	}
	for _, m := range rs.Modifiers {
		want := 0.25
		if m.Applies == "always-on" {
			want = 0.75
		}
		if tries[m.Name] == 0 {
			t.Errorf("modifier %s never applies", m.Name)
			continue
		}
		if got := float64(took[m.Name]) / float64(tries[m.Name]); math.Abs(got-want) > 0.02 {
			t.Errorf("modifier %s taken %.3f of %d times, want %.2f", m.Name, got, tries[m.Name], want)
		}
	}
}

// TestPoolNames: a pool's heroes are named "Random 1", "Random 2", … in
// order, on their sheets and as combat heroes.
func TestPoolNames(t *testing.T) {
	rs, err := gladiators.Default()
	if err != nil {
		t.Fatal(err)
	}
	sheets, heroes := Pool(3, 1, rs)
	for i, want := range []string{"Random 1", "Random 2", "Random 3"} {
		if sheets[i].Hero.Name != want || heroes[i].Name != want {
			t.Errorf("hero %d: named %q and %q, want %q", i, sheets[i].Hero.Name, heroes[i].Name, want)
		}
	}
}
