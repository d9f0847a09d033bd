package combat

import (
	"math"
	"os"
	"testing"

	"github.com/deckpress/deckpress/rules/gladiators"
	"github.com/deckpress/deckpress/rules/sim"
)

// TestPrices measures what the house prices buy: a plain hero (STR 4,
// DEX 4, SIZ 4, PER 3, or STR 3, DEX 5, SIZ 3, PER 4, with a Close Attack
// 2 without a gizmo) and one change at a time, each against a field of 40
// random heroes on both sides, 150 games a pair and side; it logs the
// change in score per 100 points. It takes a minute or two:
//
//	DECKPRESS_PRICES=1 go test -run Prices -v ./rules/gladiators/combat/
func TestPrices(t *testing.T) {
	if os.Getenv("DECKPRESS_PRICES") == "" {
		t.Skip("set DECKPRESS_PRICES=1 to measure the house prices")
	}
	rs, err := gladiators.Default()
	if err != nil {
		t.Fatal(err)
	}
	_, field := Pool(40, 77, rs)
	board := openBoard(t)
	cost := func(level, uses int, mult float64) int {
		return int(math.Round(gladiators.BaseCost(level, uses, uses == 0) * mult))
	}
	score := func(h Hero) float64 {
		var o sim.Outcomes
		for i, f := range field {
			o.Add(tally(match(t, board, []Hero{h}, []Hero{f}, Options{}), 150, uint64(i)))
			o.Add(tally(match(t, board, []Hero{f}, []Hero{h}, Options{}), 150, uint64(i+100)).Swap())
		}
		return o.Score()
	}
	on := func(p Power) Power { p.AlwaysOn = true; return bare(p) }
	add := func(p Power) func(*Hero) { return func(h *Hero) { h.Powers = append(h.Powers, p) } }
	for _, c := range [][4]int{{4, 4, 4, 3}, {3, 5, 3, 4}} {
		plain := hero(t, "plain", c[0], c[1], c[2], c[3], bare(pw(CloseAttack, 2)))
		s0 := score(plain)
		t.Logf("STR %d DEX %d SIZ %d PER %d, Close Attack 2 without a gizmo (%d points): score %.3f", c[0], c[1], c[2], c[3], cost(2, 0, 1.5), s0)
		for _, ch := range []struct {
			what   string
			points int
			change func(*Hero)
		}{
			{"Close Attack a level more", cost(3, 0, 1.5) - cost(2, 0, 1.5), func(h *Hero) { h.Powers[0].Level++ }},
			{"Close Attack piercing", cost(2, 0, 2.25) - cost(2, 0, 1.5), func(h *Hero) { h.Powers[0].Piercing = true }},
			{"Close Attack with a visible gizmo", cost(2, 0, 1) - cost(2, 0, 1.5), func(h *Hero) { h.Powers[0].Gizmo = Visible }},
			{"Close Attack with a hidden gizmo", cost(2, 0, 1.25) - cost(2, 0, 1.5), func(h *Hero) { h.Powers[0].Gizmo = Hidden }},
			{"Close Attack unreliable-15", cost(2, 0, 1.125) - cost(2, 0, 1.5), func(h *Hero) { h.Powers[0].Works = 15 }},
			{"Close Attack 5 uses a game", cost(2, 5, 1.5) - cost(2, 0, 1.5), func(h *Hero) { h.Powers[0].Uses = 5 }},
			{"+ Distance Attack 1", cost(1, 0, 1.5), add(bare(pw(DistanceAttack, 1)))},
			{"+ Distance Attack 2", cost(2, 0, 1.5), add(bare(pw(DistanceAttack, 2)))},
			{"+ Entangling Attack 2", cost(2, 0, 1.5), add(bare(pw(EntanglingAttack, 2)))},
			{"+ Defenses 1", cost(1, 0, 1.5), add(on(pw(Defenses, 1)))},
			{"+ Defenses 2", cost(2, 0, 1.5), add(on(pw(Defenses, 2)))},
			{"+ Missile Deflection 2", cost(2, 0, 1.5), add(on(pw(MissileDeflection, 2)))},
			{"+ Regeneration 2", cost(2, 0, 1.5), add(on(pw(Regeneration, 2)))},
			{"+ Invisibility 1", cost(1, 0, 1.5), add(on(pw(Invisibility, 1)))},
			{"+ Flight 1", cost(1, 0, 1.5), add(bare(pw(Flight, 1)))},
			{"+ Teleport 1", cost(1, 0, 1.5), add(bare(pw(Teleport, 1)))},
			{"+1 STR", rs.PointCost, func(h *Hero) { *h = addPoint(t, *h, 0) }},
			{"+1 DEX", rs.PointCost, func(h *Hero) { *h = addPoint(t, *h, 1) }},
			{"+1 SIZ", rs.PointCost, func(h *Hero) { *h = addPoint(t, *h, 2) }},
			{"+1 PER", rs.PointCost, func(h *Hero) { *h = addPoint(t, *h, 3) }},
		} {
			h := plain
			h.Powers = append([]Power(nil), plain.Powers...)
			ch.change(&h)
			s := score(h)
			t.Logf("  %-34s %+4d points: score %.3f, %+.3f (%+.3f per 100 points)", ch.what, ch.points, s, s-s0, (s-s0)*100/float64(ch.points))
		}
	}
}
