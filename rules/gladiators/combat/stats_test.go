package combat

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/rules/sim"
)

// tally plays n games of a match with seed and counts side 0's results.
func tally(m *Match, n int, seed uint64) sim.Outcomes {
	var o sim.Outcomes
	for _, w := range sim.Run(n, seed, func(i int, r *rand.Rand) int { return m.Play(RandDice(r)).Winner }, sim.Config{}) {
		switch w {
		case 0:
			o.Wins++
		case 1:
			o.Losses++
		default:
			o.Ties++
		}
	}
	return o
}

// TestSymmetry: a hero against an exact copy of itself wins half the
// decided games, within the Wilson interval over 20,000 games: 95 % for
// the six kit heroes together (Bonferroni: 99.6 % each).
func TestSymmetry(t *testing.T) {
	n := 20000
	if testing.Short() {
		n = 2000
	}
	const z = 2.638 // the normal quantile of 1 − 0.025 / 6
	board := openBoard(t)
	for _, h := range kitHeroes(t) {
		o := tally(match(t, board, []Hero{h}, []Hero{h}, Options{}), n, 1)
		lo, hi := sim.Wilson(float64(o.Wins), o.Wins+o.Losses, z)
		t.Logf("%-22s %+v: %.3f [%.3f, %.3f]", h.Name, o, o.DecisiveRate(), lo, hi)
		if o.Wins+o.Losses > 0 && (lo > 0.5 || hi < 0.5) {
			t.Errorf("%s against itself wins %.3f of decided games [%.3f, %.3f]", h.Name, o.DecisiveRate(), lo, hi)
		}
	}
}

// TestMirror: swapping the sides gives the same numbers, within three
// standard errors of the difference.
func TestMirror(t *testing.T) {
	n := 6000
	if testing.Short() {
		n = 1000
	}
	board := openBoard(t)
	a, b := kitTeam(t, "voltage-crew"), kitTeam(t, "iron-circus")
	one := tally(match(t, board, a, b, Options{}), n, 5)
	two := tally(match(t, board, b, a, Options{}), n, 6).Swap()
	for _, c := range []struct {
		what string
		x, y int
	}{{"wins", one.Wins, two.Wins}, {"losses", one.Losses, two.Losses}, {"ties", one.Ties, two.Ties}} {
		p, q := float64(c.x)/float64(n), float64(c.y)/float64(n)
		se := math.Sqrt((p*(1-p) + q*(1-q)) / float64(n))
		if math.Abs(p-q) > 3*se+1e-9 {
			t.Errorf("%s: %.3f as side 1, %.3f as side 2 (3 SE = %.3f)", c.what, p, q, 3*se)
		}
	}
	t.Logf("%+v swapped %+v", one, two)
}

// TestExactDuel compares the engine with a Markov chain over the two
// heroes' oomph: one on one, Close Attacks only (without gizmos, so that
// there is nothing else to do), side by side on a two-hex arena. Each
// attack rolls a d20: a hit on 15 + CM difference or less does the level
// plus the extra oomph; a hero at 0 faints; the fight is a tie after 50
// turns.
func TestExactDuel(t *testing.T) {
	n := 100000
	if testing.Short() {
		n = 10000
	}
	closeNoGizmo := func(level int) Power {
		return with(pw(CloseAttack, level), func(p *Power) { p.Gizmo = NoGizmo })
	}
	arena := &Arena{Name: "two hexes", Cols: 2, Rows: 1, FeetPerHex: 5,
		Zones: [][]layout.Hex{{{Col: 0, Row: 0}}, {{Col: 1, Row: 0}}}}
	board, err := NewBoard(arena)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		a, b Hero
	}{
		// CM 12, 24 oomph, segments 3, 6 against CM 9, 45 oomph, segments
		// 2, 4, 6; A acts first in segment 6 (DEX 4 against 3)
		{"order by DEX", hero(t, "A", 4, 4, 2, 3, closeNoGizmo(2)), hero(t, "B", 3, 3, 5, 3, closeNoGizmo(3))},
		// the same DEX, PER and SIZ: a die decides who goes first
		{"order by a die", hero(t, "A", 4, 3, 3, 3, closeNoGizmo(1)), hero(t, "B", 3, 3, 3, 3, closeNoGizmo(4))},
	} {
		win, lose := duelChain(c.a, c.b, DefaultTurnLimit)
		o := tally(match(t, board, []Hero{c.a}, []Hero{c.b}, Options{}), n, 3)
		for _, x := range []struct {
			what string
			p    float64
			k    int
		}{{"A wins", win, o.Wins}, {"B wins", lose, o.Losses}} {
			se := math.Sqrt(x.p * (1 - x.p) / float64(n))
			got := float64(x.k) / float64(n)
			t.Logf("%s: %s %.4f exactly, %.4f in %d games (SE %.4f)", c.name, x.what, x.p, got, n, se)
			if math.Abs(got-x.p) > 3*se {
				t.Errorf("%s: %s %.4f, the chain says %.4f (3 SE = %.4f)", c.name, x.what, got, x.p, 3*se)
			}
		}
	}
}

// duelChain returns the chances that a and b win, attacking each other
// on their segments (highest DEX first, else either first with chance ½).
func duelChain(a, b Hero, turns int) (aWins, bWins float64) {
	hits := func(x, y Hero) []float64 { // chance of each oomph damage of one attack
		n := 15 + x.CM - y.CM
		pmf := make([]float64, 40)
		for r := 1; r <= 20; r++ {
			d := 0
			if r <= n {
				d = x.Powers[0].Level + max(0, n-10-r)
			}
			pmf[d] += 1.0 / 20
		}
		return pmf
	}
	ab, ba := hits(a, b), hits(b, a)
	// p[i][j]: chance that a has i oomph and b has j, both standing
	p := make([][]float64, a.Oomph+1)
	for i := range p {
		p[i] = make([]float64, b.Oomph+1)
	}
	p[a.Oomph][b.Oomph] = 1
	attack := func(p [][]float64, aHits bool) [][]float64 {
		q := make([][]float64, len(p))
		for i := range q {
			q[i] = make([]float64, len(p[0]))
		}
		for i := 1; i < len(p); i++ {
			for j := 1; j < len(p[0]); j++ {
				if p[i][j] == 0 {
					continue
				}
				pmf, to := ba, func(d int) (int, int) { return i - d, j }
				if aHits {
					pmf, to = ab, func(d int) (int, int) { return i, j - d }
				}
				for d, pr := range pmf {
					if pr == 0 {
						continue
					}
					ni, nj := to(d)
					switch {
					case nj <= 0:
						aWins += p[i][j] * pr
					case ni <= 0:
						bWins += p[i][j] * pr
					default:
						q[ni][nj] += p[i][j] * pr
					}
				}
			}
		}
		return q
	}
	mix := func(x, y [][]float64) [][]float64 {
		for i := range x {
			for j := range x[i] {
				x[i][j] = (x[i][j] + y[i][j]) / 2
			}
		}
		return x
	}
	for range turns {
		for s := 1; s <= 6; s++ {
			switch {
			case a.Segments[s] && b.Segments[s] && a.DEX == b.DEX:
				// either order, each with chance ½: the wins of both
				// branches are counted half each
				w0, l0 := aWins, bWins
				one := attack(attack(p, true), false)
				w1, l1 := aWins, bWins
				aWins, bWins = w0, l0
				other := attack(attack(p, false), true)
				aWins, bWins = (w1+aWins)/2, (l1+bWins)/2
				p = mix(one, other)
			case a.Segments[s] && b.Segments[s]:
				first := a.DEX > b.DEX
				p = attack(attack(p, first), !first)
			case a.Segments[s]:
				p = attack(p, true)
			case b.Segments[s]:
				p = attack(p, false)
			}
		}
	}
	return aWins, bWins
}
