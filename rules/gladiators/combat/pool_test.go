package combat

import (
	"math"
	"slices"
	"testing"

	"github.com/deckpress/deckpress/rules/gladiators"
	"github.com/deckpress/deckpress/rules/sim"
)

// TestRandomHeroes: random heroes are legal, within the budget, spread
// over it, and between them use every power, gizmo and modifier.
func TestRandomHeroes(t *testing.T) {
	rs, err := gladiators.Default()
	if err != nil {
		t.Fatal(err)
	}
	sheets, heroes := Pool(300, 9, rs)
	used := map[string]bool{}
	lo, hi := rs.Budget, 0
	for i, s := range sheets {
		again, diags := gladiators.Compute(s.Hero, rs)
		if !again.Valid || diags.HasErrors() || again.Total > rs.Budget {
			t.Errorf("%s: valid %v, %d of %d points: %v", s.Hero.Name, again.Valid, again.Total, rs.Budget, diags)
		}
		lo, hi = min(lo, again.Total), max(hi, again.Total)
		if k := heroes[i].Powers[0].Kind; k != CloseAttack && k != DistanceAttack {
			t.Errorf("%s starts with %s", s.Hero.Name, heroes[i].Powers[0].Name)
		}
		for _, p := range s.Powers {
			used[p.Spec.Name], used["gizmo "+p.Gizmo] = true, true
			for _, m := range p.Spec.Modifiers {
				used[m] = true
			}
		}
	}
	if lo > rs.Budget*6/10 || hi < rs.Budget*95/100 {
		t.Errorf("points from %d to %d: not spread over the budget", lo, hi)
	}
	for _, p := range rs.Powers {
		if !used[p.Name] {
			t.Errorf("no random hero has %s", p.Name)
		}
	}
	for _, m := range rs.Modifiers {
		if !used[m.Name] {
			t.Errorf("no random hero has modifier %s", m.Name)
		}
	}
	for _, g := range rs.Gizmos {
		if !used["gizmo "+g.Name] {
			t.Errorf("no random hero has a %s gizmo", g.Name)
		}
	}
}

// TestMonotone: a power level more, a characteristic point more, or a
// level of Defenses more never lowers a random hero's win rate against a
// random foe beyond noise (three standard errors).
func TestMonotone(t *testing.T) {
	rs, err := gladiators.Default()
	if err != nil {
		t.Fatal(err)
	}
	heroes, n := 8, 400
	if testing.Short() {
		heroes, n = 4, 300
	}
	_, pool := Pool(2*heroes, 21, rs)
	board := openBoard(t)
	rng := sim.NewRand(21, 0)
	for k := range heroes {
		h, foe := pool[2*k], pool[2*k+1]
		base := tally(match(t, board, []Hero{h}, []Hero{foe}, Options{}), n, uint64(k))
		for _, change := range []struct {
			what string
			do   func(*Hero)
		}{
			{"a level", func(h *Hero) {
				p := &h.Powers[rng.IntN(len(h.Powers))]
				p.Level++
			}},
			{"a characteristic point", func(h *Hero) {
				*h = addPoint(t, *h, rng.IntN(4))
			}},
			{"Defenses", func(h *Hero) {
				if i := slices.IndexFunc(h.Powers, func(p Power) bool { return p.Kind == Defenses }); i >= 0 {
					h.Powers[i].Level++
					return
				}
				h.Powers = append(h.Powers, with(pw(Defenses, 1), func(p *Power) { p.AlwaysOn = true }))
			}},
		} {
			better := h
			better.Powers = append([]Power(nil), h.Powers...)
			change.do(&better)
			o := tally(match(t, board, []Hero{better}, []Hero{foe}, Options{}), n, uint64(k))
			p, q := base.WinRate(), o.WinRate()
			se := math.Sqrt((p*(1-p) + q*(1-q)) / float64(n))
			if q < p-3*se {
				t.Errorf("%s vs %s: %s more lowers the win rate from %.3f to %.3f (3 SE %.3f)", h.Name, foe.Name, change.what, p, q, 3*se)
			}
		}
	}
}

// addPoint adds a point to characteristic c (STR, DEX, SIZ, PER) and
// works the secondary stats out again.
func addPoint(t *testing.T, h Hero, c int) Hero {
	ch := [4]int{h.STR, h.DEX, h.SIZ, h.PER}
	ch[c]++
	return hero(t, h.Name, ch[0], ch[1], ch[2], ch[3], h.Powers...)
}
