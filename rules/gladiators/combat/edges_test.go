package combat

// Tests that pin the rules at their edges: the values on each side of a
// boundary, written from RULES.md, so that a changed comparison or sum in
// the engine fails (see MUTANTS.md).

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/rules/gladiators"
)

// TestNewMatchChecks: a side needs a hero and room in its zone; a hero
// needs at least 1 oomph and an action segment; the messages number the
// sides from 1.
func TestNewMatchChecks(t *testing.T) {
	h := hero(t, "H", 3, 3, 3, 3, pw(CloseAttack, 1))
	oomph := func(n int) Hero { x := h; x.Oomph = n; return x }
	still := h
	still.Segments = [7]bool{}
	small := &Arena{Name: "pair", Cols: 3, Rows: 1, FeetPerHex: 5,
		Zones: [][]layout.Hex{{{Col: 0, Row: 0}}, {{Col: 2, Row: 0}}}}
	sb, err := NewBoard(small)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		b    *Board
		a, c []Hero
		want string // "" accepted
	}{
		{"1 oomph is enough", openBoard(t), []Hero{oomph(1)}, []Hero{h}, ""},
		{"0 oomph", openBoard(t), []Hero{h}, []Hero{oomph(0)}, `hero "H" has no oomph or no action segments`},
		{"no segments", openBoard(t), []Hero{still}, []Hero{h}, `hero "H" has no oomph or no action segments`},
		{"side 1 empty", openBoard(t), nil, []Hero{h}, "side 1 has no heroes"},
		{"side 2 empty", openBoard(t), []Hero{h}, nil, "side 2 has no heroes"},
		{"zone full", sb, []Hero{h}, []Hero{h}, ""},
		{"side 1 over its zone", sb, []Hero{h, h}, []Hero{h}, "side 1 has 2 heroes; its start zone in pair holds 1"},
		{"side 2 over its zone", sb, []Hero{h}, []Hero{h, h}, "side 2 has 2 heroes; its start zone in pair holds 1"},
	} {
		_, err := NewMatch(c.b, [2][]Hero{c.a, c.c}, Options{})
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != c.want {
			t.Errorf("%s: error %q, want %q", c.name, got, c.want)
		}
	}
}

// TestManyHeroes: a match holds up to 2^14 heroes, and not one more.
func TestManyHeroes(t *testing.T) {
	const most = 1 << 14
	cols := most/2 + 1
	a := &Arena{Name: "long", Cols: cols, Rows: 2, FeetPerHex: 5, Zones: make([][]layout.Hex, 2)}
	for c := range cols {
		a.Zones[0] = append(a.Zones[0], layout.Hex{Col: c, Row: 0})
		a.Zones[1] = append(a.Zones[1], layout.Hex{Col: c, Row: 1})
	}
	b, err := NewBoard(a)
	if err != nil {
		t.Fatal(err)
	}
	h := hero(t, "H", 3, 3, 3, 3, pw(CloseAttack, 1))
	team := func(n int) []Hero {
		out := make([]Hero, n)
		for i := range out {
			out[i] = h
		}
		return out
	}
	for _, n := range []int{most, most + 1} {
		_, err := NewMatch(b, [2][]Hero{team(most / 2), team(n - most/2)}, Options{})
		if got, want := err != nil, n > most; got != want {
			t.Errorf("%d heroes: error %v", n, err)
		}
	}
}

// scripted is a policy that asks a function for each action, and gives
// away the first of the hidden gizmos.
type scripted func(g *game, f *fighter) action

func (scripted) Name() string                                       { return "scripted" }
func (s scripted) choose(g *game, f *fighter) action                { return s(g, f) }
func (scripted) reveal(g *game, owner *fighter, gizmos []int32) int { return int(gizmos[0]) }

// TestWholeFight plays whole fights on a two-hex arena with scripted
// dice and actions, and checks every figure of the result. A (STR 3, DEX
// 4, SIZ 3, PER 4) has CM 11, 27 oomph, segments 2, 4, 6; B (STR 1, DEX 3,
// SIZ 2, PER 3) CM 7, 6 oomph, segments 3, 6: A hits on 19, B on 11.
func TestWholeFight(t *testing.T) {
	arena := &Arena{Name: "two hexes", Cols: 2, Rows: 1, FeetPerHex: 5,
		Zones: [][]layout.Hex{{{Col: 0, Row: 0}}, {{Col: 1, Row: 0}}}}
	board, err := NewBoard(arena)
	if err != nil {
		t.Fatal(err)
	}
	bare := func(p Power) Power { p.Gizmo = NoGizmo; return p }
	armour := bare(with(pw(Defenses, 1), func(p *Power) { p.AlwaysOn = true }))
	a := hero(t, "A", 3, 4, 3, 4, bare(pw(CloseAttack, 3)), bare(pw(EntanglingAttack, 2)))
	b := hero(t, "B", 1, 3, 2, 3, bare(pw(CloseAttack, 1)), armour)
	foe := func(f *fighter) int16 { return int16(1 - f.i) }
	hit := func(pi int) scripted {
		return func(g *game, f *fighter) action { return action{kind: aAttack, power: int8(pi), target: foe(f)} }
	}
	// A entangles in segment 6 of turn 1, and attacks otherwise
	holdAt6 := scripted(func(g *game, f *fighter) action {
		if g.seg == 6 {
			return action{kind: aAttack, power: 1, target: foe(f)}
		}
		return action{kind: aAttack, power: 0, target: foe(f)}
	})
	for _, c := range []struct {
		name  string
		swap  bool // B is side 1
		pa    Policy
		limit int
		rolls []int
		want  Result // A's result first
	}{
		{
			// seg 2: A 19, a hit for 3 − 1 = 2; seg 3: B 12 misses; seg 4:
			// A 20 misses; seg 6: A 1, 3 + 8 − 1 = 10, of B's 4 oomph left
			name: "A wins in turn 1", pa: hit(0), rolls: []int{19, 12, 20, 1},
			want: Result{Winner: 0, Turns: 1, Heroes: []HeroResult{
				{Actions: 3, Hits: 2, Dealt: 6, Powers: []PowerResult{{Uses: 3, Hits: 2, Damage: 6, Left: Unlimited}, {Left: Unlimited}}},
				{Actions: 1, Taken: 6, Fainted: true, Powers: []PowerResult{{Uses: 1, Left: Unlimited}, {Uses: 2, Saved: 2, Left: Unlimited}}},
			}},
		},
		{
			name: "the same, A as side 2", swap: true, pa: hit(0), rolls: []int{19, 12, 20, 1},
			want: Result{Winner: 1, Turns: 1, Heroes: []HeroResult{
				{Actions: 1, Taken: 6, Fainted: true, Powers: []PowerResult{{Uses: 1, Left: Unlimited}, {Uses: 2, Saved: 2, Left: Unlimited}}},
				{Actions: 3, Hits: 2, Dealt: 6, Powers: []PowerResult{{Uses: 3, Hits: 2, Damage: 6, Left: Unlimited}, {Left: Unlimited}}},
			}},
		},
		{
			// segments counted over the fight: held from segment 6 of turn
			// 1 through segment 8 (turn 2, segment 2); B fails to break
			// free in segment 6 (3 > STR × 2) and acts again in segment 9
			name: "a hold across turns, a tie at the limit", pa: holdAt6, limit: 2,
			rolls: []int{20, 20, 20, 19, 3, 20, 20, 20, 20, 20},
			want: Result{Winner: -1, Turns: 2, Heroes: []HeroResult{
				{Actions: 6, Hits: 1, Powers: []PowerResult{{Uses: 5, Left: Unlimited}, {Uses: 1, Hits: 1, Left: Unlimited}}},
				{Actions: 4, Powers: []PowerResult{{Uses: 3, Left: Unlimited}, {Left: Unlimited}}},
			}},
		},
	} {
		sides, pols := [2][]Hero{{a}, {b}}, [2]Policy{c.pa, hit(0)}
		if c.swap {
			sides, pols = [2][]Hero{{b}, {a}}, [2]Policy{hit(0), c.pa}
		}
		m := match(t, board, sides[0], sides[1], Options{Policies: pols, TurnLimit: c.limit})
		s := &script{t: t, rolls: c.rolls}
		got := m.Play(s)
		if len(s.rolls) > 0 {
			t.Errorf("%s: rolls left over: %v", c.name, s.rolls)
		}
		if fmt.Sprintf("%+v", got) != fmt.Sprintf("%+v", c.want) {
			t.Errorf("%s:\n got %+v\nwant %+v", c.name, got, c.want)
		}
	}
}

// TestNoticeNothingLeft: noticing succeeds on PER × 3 but finds nothing
// when every hidden gizmo of the target is noticed already: nothing
// changes.
func TestNoticeNothingLeft(t *testing.T) {
	hidden := with(pw(Defenses, 1), func(p *Power) { p.Gizmo = Hidden })
	g, s := duel(t, []Hero{hero(t, "A", 3, 4, 3, 4, pw(CloseAttack, 1))}, []Hero{hero(t, "T", 3, 3, 3, 3, hidden, pw(CloseAttack, 1))}, 1, Options{}, 12, 1)
	a, f := &g.f[0], &g.f[1]
	g.do(a, action{kind: aNotice, target: 1}) // 12: noticed
	if !f.p[0].noticed[a.side] {
		t.Fatal("a roll of 12 on PER 4 did not notice")
	}
	g.do(a, action{kind: aNotice, target: 1}) // 1: nothing left to notice
	if len(s.rolls) > 0 || f.p[1].noticed[a.side] || f.p[0].broken {
		t.Errorf("rolls left %v, state %+v", s.rolls, f.p)
	}
}

// every is a dice source that walks every sequence of d20 rolls: each
// run follows path, rolling 1 where the path ends; next moves to the
// following sequence. Tie-breaking rolls are 0.
type every struct {
	path []int
	at   int
}

func (e *every) D20() int {
	if e.at == len(e.path) {
		e.path = append(e.path, 1)
	}
	e.at++
	return e.path[e.at-1]
}

func (e *every) IntN(int) int { return 0 }

// next moves to the next sequence of rolls, after a run that rolled
// e.at dice; false when every sequence has been run.
func (e *every) next() bool {
	e.path = e.path[:e.at]
	for len(e.path) > 0 && e.path[len(e.path)-1] == 20 {
		e.path = e.path[:len(e.path)-1]
	}
	if len(e.path) == 0 {
		return false
	}
	e.path[len(e.path)-1]++
	e.at = 0
	return true
}

// exactMean runs play once for every sequence of d20 rolls and returns
// the mean of what it returns, each sequence of k rolls weighing 20^−k.
func exactMean(play func(d Dice) float64) float64 {
	e := &every{}
	sum := 0.0
	for {
		v := play(e)
		sum += v * math.Pow(20, -float64(e.at))
		if !e.next() {
			return sum
		}
	}
}

// TestExpectedIsTheMean: the greedy policy's expected damage of an
// attack is the exact mean, over every sequence of rolls, of the oomph
// the rules take off the foes (less the allies') when the attack is
// carried out: the to-hit roll and extra oomph, Defenses (reliable or
// not, pierced or not), Missile Deflection, an unreliable attack,
// Invisibility, fumbles, a foe with little oomph left, area attacks.
func TestExpectedIsTheMean(t *testing.T) {
	close3 := pw(CloseAttack, 3)
	dist2 := pw(DistanceAttack, 2)
	missile := with(dist2, func(p *Power) { p.Missile = true })
	unrel := func(p Power, w int) Power { p.Works = w; return p }
	alwaysInvisible := with(pw(Invisibility, 1), func(p *Power) { p.AlwaysOn = true })
	attacker := func(ps ...Power) Hero { return hero(t, "A", 3, 4, 3, 4, ps...) } // CM 11, PER 4
	target := func(ps ...Power) Hero { return hero(t, "T", 3, 3, 3, 3, ps...) }   // CM 9, 27 oomph
	for _, c := range []struct {
		name   string
		a      Hero
		foes   []Hero // the first is the target, the others stand beyond it in the row
		allies []Hero // beside the attacker, nearer the target first
		dist   int
		opt    Options
		invis  int // the target switched Invisibility on, through this segment
	}{
		{name: "close attack", a: attacker(close3), foes: []Hero{target()}, dist: 1},
		{name: "a low to-hit number", a: hero(t, "A", 1, 1, 3, 4, close3), foes: []Hero{target()}, dist: 1},
		{name: "to-hit above 20", a: attacker(close3), foes: []Hero{hero(t, "T", 3, 1, 3, 3)}, dist: 1},
		{name: "to-hit above 20, fumbles", a: attacker(close3), foes: []Hero{hero(t, "T", 3, 1, 3, 3)}, dist: 1, opt: Options{Fumbles: true}},
		{name: "to-hit 1", a: hero(t, "A", 1, 1, 3, 4, close3), foes: []Hero{hero(t, "T", 1, 8, 1, 3)}, dist: 1},
		{name: "to-hit 0", a: hero(t, "A", 1, 1, 3, 4, close3), foes: []Hero{hero(t, "T", 3, 7, 3, 3)}, dist: 1},
		{name: "little oomph left", a: attacker(close3), foes: []Hero{hero(t, "T", 1, 3, 1, 3)}, dist: 1},
		{name: "defenses", a: attacker(close3), foes: []Hero{target(pw(Defenses, 2))}, dist: 1},
		{name: "defenses above the level", a: attacker(close3), foes: []Hero{target(pw(Defenses, 5))}, dist: 1},
		{name: "piercing", a: attacker(with(close3, func(p *Power) { p.Piercing = true })), foes: []Hero{target(pw(Defenses, 2))}, dist: 1},
		{name: "unreliable defenses", a: attacker(close3), foes: []Hero{target(unrel(pw(Defenses, 2), 10))}, dist: 1},
		{name: "missile deflection", a: attacker(missile), foes: []Hero{target(pw(MissileDeflection, 2))}, dist: 3},
		{name: "unreliable deflection and defenses", a: attacker(missile), foes: []Hero{target(unrel(pw(MissileDeflection, 3), 15), pw(Defenses, 1))}, dist: 3},
		{name: "deflection of a non-missile", a: attacker(dist2), foes: []Hero{target(pw(MissileDeflection, 2))}, dist: 3},
		{name: "unreliable attack", a: attacker(unrel(close3, 15)), foes: []Hero{target()}, dist: 1},
		{name: "always-on invisibility", a: attacker(close3), foes: []Hero{target(alwaysInvisible)}, dist: 1},
		{name: "unreliable always-on invisibility", a: attacker(close3), foes: []Hero{target(unrel(alwaysInvisible, 10))}, dist: 1},
		{name: "switched-on invisibility", a: attacker(close3), foes: []Hero{target(pw(Invisibility, 1))}, dist: 1, invis: 6},
		{name: "invisibility switched on through this segment", a: attacker(close3), foes: []Hero{target(pw(Invisibility, 1))}, dist: 1, invis: 1},
		{name: "invisibility not switched on", a: attacker(close3), foes: []Hero{target(pw(Invisibility, 1))}, dist: 1},
		{name: "area", a: attacker(with(dist2, func(p *Power) { p.Area = true })), foes: []Hero{target(), target(), target(), target()}, allies: []Hero{target()}, dist: 2, opt: Options{Area: true}},
		{name: "area-falloff", a: attacker(with(pw(DistanceAttack, 3), func(p *Power) { p.Falloff = true })), foes: []Hero{target(), target(), target(), target()}, allies: []Hero{target()}, dist: 2, opt: Options{Area: true}},
		{name: "area on the ally", a: attacker(with(dist2, func(p *Power) { p.Area = true })), foes: []Hero{target()}, allies: []Hero{hero(t, "ally", 3, 2, 1, 3)}, dist: 1, opt: Options{Area: true}},
		{name: "area, switched off", a: attacker(with(dist2, func(p *Power) { p.Area = true })), foes: []Hero{target(), target()}, dist: 2},
	} {
		side0 := append([]Hero{c.a}, c.allies...)
		m := match(t, openBoard(t), side0, c.foes, c.opt)
		at := func(col int) int32 { x, _ := m.board.cell(layout.Hex{Col: col, Row: 7}); return x }
		setup := func(d Dice) *game {
			g := m.game(d)
			for i := range side0 {
				g.moveTo(&g.f[i], at(5+i))
			}
			for i := range c.foes {
				g.moveTo(&g.f[len(side0)+i], at(5+c.dist+i))
			}
			g.f[len(side0)].invis = c.invis
			g.turn, g.seg = 1, 1
			return g
		}
		tg := len(side0)
		want := exactMean(func(d Dice) float64 {
			g := setup(d)
			g.do(&g.f[0], action{kind: aAttack, power: 0, target: int16(tg)})
			lost := 0.0
			for i := range g.f {
				x := float64(g.f[i].h.Oomph - g.f[i].oomph)
				if g.f[i].side == 0 {
					x = -x
				}
				lost += x
			}
			return lost
		})
		g := setup(&script{t: t})
		if got := g.expected(&g.f[0], 0, &g.f[tg]); math.Abs(got-want) > 1e-9 {
			t.Errorf("%s: expected %.6f, the rules' mean %.6f", c.name, got, want)
		}
	}
}

// TestGizmoChanceIsTheMean: the chance the greedy policy gives an attack
// on a gizmo is the exact chance, over every sequence of rolls, that the
// rules destroy it: d20 ≤ 4 + CM difference, a 20 missing with fumbles,
// after Invisibility and an unreliable power's own roll.
func TestGizmoChanceIsTheMean(t *testing.T) {
	close3 := pw(CloseAttack, 3)
	for _, c := range []struct {
		name string
		a, t Hero
		opt  Options
	}{
		{"CM 11 against 9", hero(t, "A", 3, 4, 3, 4, close3), hero(t, "T", 3, 3, 3, 3, pw(Defenses, 1)), Options{}},
		{"CM 3 against 6: on a 1", hero(t, "A", 1, 1, 3, 4, close3), hero(t, "T", 2, 2, 3, 3, pw(Defenses, 1)), Options{}},
		{"CM 3 against 7: never", hero(t, "A", 1, 1, 3, 4, close3), hero(t, "T", 3, 2, 3, 3, pw(Defenses, 1)), Options{}},
		{"always, without fumbles", hero(t, "A", 6, 9, 1, 4, close3), hero(t, "T", 1, 1, 3, 3, pw(Defenses, 1)), Options{}},
		{"always but a 20, with fumbles", hero(t, "A", 6, 9, 1, 4, close3), hero(t, "T", 1, 1, 3, 3, pw(Defenses, 1)), Options{Fumbles: true}},
		{"unreliable", hero(t, "A", 3, 4, 3, 4, with(close3, func(p *Power) { p.Works = 10 })), hero(t, "T", 3, 3, 3, 3, pw(Defenses, 1)), Options{}},
		{"invisible", hero(t, "A", 3, 4, 3, 4, close3), hero(t, "T", 3, 3, 3, 3, with(pw(Invisibility, 1), func(p *Power) { p.AlwaysOn = true })), Options{}},
	} {
		m := match(t, openBoard(t), []Hero{c.a}, []Hero{c.t}, c.opt)
		setup := func(d Dice) *game {
			g := m.game(d)
			g.moveTo(&g.f[0], 100)
			g.moveTo(&g.f[1], 101)
			g.turn, g.seg = 1, 1
			return g
		}
		want := exactMean(func(d Dice) float64 {
			g := setup(d)
			g.do(&g.f[0], action{kind: aGizmo, power: 0, target: 1, gizmo: 0})
			if g.f[1].p[0].broken {
				return 1
			}
			return 0
		})
		g := setup(&script{t: t})
		if got := g.gizmoChance(&g.f[0], 0, &g.f[1]); math.Abs(got-want) > 1e-9 {
			t.Errorf("%s: chance %.4f, the rules' %.4f", c.name, got, want)
		}
	}
}

// TestPolicyValues: the worth the greedy policy gives a hold, a gizmo
// and Invisibility, worked out by hand from its documentation (Greedy).
// A (STR 3, DEX 4, SIZ 3, PER 4: CM 11, 27 oomph, segments 2, 4, 6)
// against T (STR 3, DEX 3, SIZ 3, PER 3: CM 9, 27 oomph, segments 3, 6).
// T's Close Attack 1 hits A on 13: 13 hits of level 1 plus extra oomph
// 2 + 1, an expected 16/20 = 0.8 a roll; level 2: 29/20 = 1.45. A's Close
// Attack 3 hits T on 17: 51 + 21 = 72/20 = 3.6; through Defenses 2: 17 +
// 21 = 38/20 = 1.9.
func TestPolicyValues(t *testing.T) {
	a := func(ps ...Power) Hero { return hero(t, "A", 3, 4, 3, 4, ps...) }
	tg := func(ps ...Power) Hero { return hero(t, "T", 3, 3, 3, 3, ps...) }
	setup := func(a, b Hero) *game {
		g, _ := duel(t, []Hero{a}, []Hero{b}, 1, Options{})
		return g
	}
	near := func(got, want float64) bool { return math.Abs(got-want) < 1e-9 }
	t.Run("segments", func(t *testing.T) {
		h := a()
		for _, c := range []struct{ from, to, want int }{{3, 8, 3}, {6, 6, 0}, {0, 12, 6}, {5, 6, 1}, {1, 2, 1}, {2, 3, 0}} {
			if got := segmentsIn(&h, c.from, c.to); got != c.want {
				t.Errorf("segments 2, 4, 6 after %d through %d: %d, want %d", c.from, c.to, got, c.want)
			}
		}
	})
	t.Run("entangle", func(t *testing.T) {
		for _, c := range []struct {
			name      string
			level     int
			held, seg int
			oomph     int // A's
			want      float64
			works     int // the hold's, when unreliable
		}{
			// 0.85 to hit; T's segment 3 lost: 0.85 × 1 × 0.8
			{"one segment", 2, 0, 1, 27, 0.85 * 0.8, 0},
			// segments 3 and 6: the second lost unless T broke free (6 in 20)
			{"two segments", 5, 0, 1, 27, 0.85 * 1.7 * 0.8, 0},
			{"held already", 2, 3, 1, 27, 0, 0},
			{"held through 3: segment 6 more", 5, 3, 1, 27, 0.85 * 0.8, 0},
			{"race: A at 10 oomph", 2, 0, 1, 10, 0.85 * 0.8 * 2.7, 0},
			{"from segment 3: 4 to 5, none", 2, 0, 3, 27, 0, 0},
			{"from segment 2: 3 to 4", 2, 0, 2, 27, 0.85 * 0.8, 0},
			{"a hold that works on 10", 2, 0, 1, 27, 0.5 * 0.85 * 0.8, 10},
		} {
			hold := pw(EntanglingAttack, c.level)
			if c.works > 0 {
				hold.Works = c.works
			}
			g := setup(a(hold), tg(pw(CloseAttack, 1)))
			g.f[1].held, g.seg, g.f[0].oomph = c.held, c.seg, c.oomph
			if got := g.entangleValue(&g.f[0], 0, &g.f[1], 0.8); !near(got, c.want) {
				t.Errorf("%s: %.4f, want %.4f", c.name, got, c.want)
			}
		}
	})
	t.Run("gizmo", func(t *testing.T) {
		regen := pw(Regeneration, 3)
		for _, c := range []struct {
			name   string
			t      Hero
			gi     int
			tOomph int
			tf, ft float64
			want   float64
		}{
			// T's 2 actions a turn lose 1.45 − 0.8
			{"the better attack", tg(pw(CloseAttack, 2), pw(DistanceAttack, 1)), 0, 27, 1.45, 3.6, (1.45 - 0.8) * 2},
			// without the Close Attack: the Distance Attack, 0.8 on half its uses
			{"the better attack, the other unreliable", tg(pw(CloseAttack, 2), with(pw(DistanceAttack, 1), func(p *Power) { p.Works = 10 })), 0, 27, 1.45, 3.6, (1.45 - 0.4) * 2},
			{"the lesser attack", tg(pw(CloseAttack, 2), pw(DistanceAttack, 1)), 1, 27, 1.45, 3.6, 0},
			{"an attack, T ahead", tg(pw(CloseAttack, 2)), 0, 54, 1.45, 3.6, 1.45 * 2 * 2},
			// A's 3 actions a turn gain 3.6 − 1.9
			{"defenses", tg(pw(Defenses, 2)), 0, 27, 0, 1.9, (3.6 - 1.9) * 3},
			{"regeneration, 2 lost", tg(regen), 0, 25, 0, 3.6, 2},
			{"regeneration, 7 lost", tg(regen), 0, 20, 0, 3.6, 3},
			{"regeneration, none lost", tg(regen), 0, 27, 0, 3.6, 0},
			{"unreliable regeneration", tg(with(regen, func(p *Power) { p.Works = 10 })), 0, 20, 0, 3.6, 1.5},
			{"flight", tg(pw(Flight, 2)), 0, 27, 0, 3.6, 0},
		} {
			g := setup(a(pw(CloseAttack, 3)), c.t)
			g.f[1].oomph = c.tOomph
			if got := g.swing(&g.f[0], &g.f[1], c.gi, c.tf, c.ft); !near(got, c.want) || g.f[1].p[c.gi].broken {
				t.Errorf("%s: %.4f, want %.4f", c.name, got, c.want)
			}
		}
		// A's better attack is its second power: Distance Attack 3 does
		// 3.6, or 1.9 through Defenses 2 (Close Attack 1: 1.9, or 0.75)
		g := setup(a(pw(CloseAttack, 1), pw(DistanceAttack, 3)), tg(pw(Defenses, 2)))
		if got := g.swing(&g.f[0], &g.f[1], 0, 0, 1.9); !near(got, (3.6-1.9)*3) {
			t.Errorf("defenses against the second power: %.4f, want %.4f", got, (3.6-1.9)*3)
		}
	})
	t.Run("invisibility", func(t *testing.T) {
		// T's 2 actions a turn, 0.8 each, missed unless T finds A (6 in 20)
		full := 2 * 0.8 * 0.7
		for _, c := range []struct {
			name       string
			invis, seg int
			works      int
			oomph      int // A's
			want       float64
		}{
			{"off", 0, 1, 20, 27, full},
			{"on through 3", 3, 1, 20, 27, full / 2},
			{"on through 6", 6, 1, 20, 27, 0},
			{"on through 6, at 2", 6, 2, 20, 27, full / 6},
			{"ran out", 4, 5, 20, 27, full},
			{"unreliable", 0, 1, 15, 27, full * 0.75},
			{"race: A at 9", 0, 1, 20, 9, full * 3},
		} {
			g := setup(a(with(pw(Invisibility, 1), func(p *Power) { p.Works = c.works })), tg(pw(CloseAttack, 1)))
			g.f[0].invis, g.seg, g.f[0].oomph = c.invis, c.seg, c.oomph
			if got := g.invisibilityValue(&g.f[0], 0); !near(got, c.want) || g.f[0].invis != c.invis {
				t.Errorf("%s: %.4f, want %.4f", c.name, got, c.want)
			}
		}
		// T's best attack its second power: Distance Attack 2, 1.45 a roll
		g := setup(a(pw(Invisibility, 1)), tg(pw(CloseAttack, 1), pw(DistanceAttack, 2)))
		if got := g.invisibilityValue(&g.f[0], 0); !near(got, 2*1.45*0.7) {
			t.Errorf("against the foe's second power: %.4f, want %.4f", got, 2*1.45*0.7)
		}
	})
}

// TestNewBoardChecks: an arena needs a hex, a hex a size, a fight two
// zones, and every hex it names must lie on the map; the messages number
// zones from 1.
func TestNewBoardChecks(t *testing.T) {
	ok := func() *Arena {
		return &Arena{Name: "yard", Cols: 3, Rows: 2, FeetPerHex: 5, Zones: [][]layout.Hex{{{Col: 0, Row: 0}}, {{Col: 2, Row: 1}}}}
	}
	for _, c := range []struct {
		name   string
		change func(a *Arena)
		want   string
	}{
		{"fine", func(a *Arena) {}, ""},
		{"one by one", func(a *Arena) { a.Cols, a.Rows, a.Zones = 1, 1, [][]layout.Hex{{{}}, {{}}} }, ""},
		{"no columns", func(a *Arena) { a.Cols = 0 }, `arena "yard": 0 × 2 hexes; it needs at least one`},
		{"no rows", func(a *Arena) { a.Rows = 0 }, `arena "yard": 3 × 0 hexes; it needs at least one`},
		{"1 ft hexes", func(a *Arena) { a.FeetPerHex = 1 }, ""},
		{"0 ft hexes", func(a *Arena) { a.FeetPerHex = 0 }, `arena "yard": a hex of 0 ft; it must be at least 1 ft`},
		{"one zone", func(a *Arena) { a.Zones = a.Zones[:1] }, `arena "yard": 1 start zones; a fight needs two`},
		{"blocked off the map", func(a *Arena) { a.Blocked = []layout.Hex{{Col: 3, Row: 0}} }, `arena "yard": blocked hex 3,0 is outside the 3 × 2 map`},
		{"opaque off the map", func(a *Arena) { a.Opaque = []layout.Hex{{Col: 0, Row: 2}} }, `arena "yard": opaque hex 0,2 is outside the 3 × 2 map`},
		{"opaque below the map", func(a *Arena) { a.Opaque = []layout.Hex{{Col: 0, Row: -1}} }, `arena "yard": opaque hex 0,-1 is outside the 3 × 2 map`},
		{"left of the map", func(a *Arena) { a.Opaque = []layout.Hex{{Col: -1, Row: 0}} }, `arena "yard": opaque hex -1,0 is outside the 3 × 2 map`},
		{"zone 2 off the map", func(a *Arena) { a.Zones[1] = append(a.Zones[1], layout.Hex{Col: 5, Row: 5}) }, `arena "yard": zone 2: hex 5,5 is outside the 3 × 2 map`},
	} {
		a := ok()
		c.change(a)
		_, err := NewBoard(a)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != c.want {
			t.Errorf("%s: error %q, want %q", c.name, got, c.want)
		}
	}
}

// TestZoneOrder: a zone's hexes in order of distance from the map's
// centre on the page, without blocked or repeated hexes; hexes equally
// far in a group, in cell order. On a 3 × 3 flat-top map (hexes 1 across
// the flats, columns 0.866 apart, the odd column half a hex down) the
// centre is at 0.866, 1.25: hex 1,1 is 0.25 from it, 1,0 0.75, 0,1 and
// 2,1 0.901, 0,2 and 2,2 1.146, 1,2 1.25, 0,0 and 2,0 1.521.
func TestZoneOrder(t *testing.T) {
	var all []layout.Hex
	for _, c := range []int{2, 0, 1} {
		for _, r := range []int{0, 2, 1} {
			all = append(all, layout.Hex{Col: c, Row: r})
		}
	}
	h := func(c, r int) int32 { return int32(3*r + c) }
	for _, c := range []struct {
		name    string
		zone    []layout.Hex
		blocked []layout.Hex
		order   []int32
		ties    []int32
	}{
		{"every hex", all, nil,
			[]int32{h(1, 1), h(1, 0), h(0, 1), h(2, 1), h(0, 2), h(2, 2), h(1, 2), h(0, 0), h(2, 0)},
			[]int32{0, 1, 2, 2, 3, 3, 4, 5, 5}},
		{"a blocked hex and a repeated one", append(all, layout.Hex{Col: 0, Row: 0}), []layout.Hex{{Col: 1, Row: 0}},
			[]int32{h(1, 1), h(0, 1), h(2, 1), h(0, 2), h(2, 2), h(1, 2), h(0, 0), h(2, 0)},
			[]int32{0, 1, 1, 2, 2, 3, 4, 4}},
		{"two corners", []layout.Hex{{Col: 2, Row: 0}, {Col: 0, Row: 0}}, nil, []int32{h(0, 0), h(2, 0)}, []int32{0, 0}},
	} {
		b, err := NewBoard(&Arena{Name: "3 × 3", Cols: 3, Rows: 3, FeetPerHex: 5, Blocked: c.blocked, Zones: [][]layout.Hex{c.zone, c.zone}})
		if err != nil {
			t.Fatal(err)
		}
		for z := range 2 {
			if !slices.Equal(b.zones[z], c.order) || !slices.Equal(b.zoneTie[z], c.ties) {
				t.Errorf("%s: zone %d: %v ties %v, want %v ties %v", c.name, z+1, b.zones[z], b.zoneTie[z], c.order, c.ties)
			}
		}
		if b.anyBlocked != (c.blocked != nil) || b.anyOpaque {
			t.Errorf("%s: any blocked %v, any opaque %v", c.name, b.anyBlocked, b.anyOpaque)
		}
	}
}

// TestSight: on the open field with one opaque hex at 7,7, a hero at 5,7
// sees along row 7 up to the opaque hex (it does not hide itself) and
// nothing beyond it, both ways; off the row every hex of columns 5–9 is
// in sight. Cells past the 64th test the sight bitsets' every word.
func TestSight(t *testing.T) {
	a := OpenField()
	a.Opaque = []layout.Hex{{Col: 7, Row: 7}}
	b, err := NewBoard(a)
	if err != nil {
		t.Fatal(err)
	}
	at := func(c, r int) int32 { x, _ := b.cell(layout.Hex{Col: c, Row: r}); return x }
	for col := range OpenCols {
		want := col <= 7
		if got := b.sees(at(5, 7), at(col, 7)); got != want {
			t.Errorf("5,7 sees %d,7: %v", col, got)
		}
		if got := b.sees(at(col, 7), at(5, 7)); got != want {
			t.Errorf("%d,7 sees 5,7: %v", col, got)
		}
	}
	for _, r := range []int{0, 3, 12, 13} {
		for col := 5; col <= 9; col++ {
			if !b.sees(at(5, 7), at(col, r)) || !b.sees(at(col, r), at(5, 7)) {
				t.Errorf("5,7 and %d,%d do not see each other", col, r)
			}
		}
	}
	if !b.sees(at(0, 0), at(19, 13)) || !b.sees(at(19, 13), at(0, 0)) {
		t.Error("the corners do not see each other")
	}
}

// TestApproach: the greedy policy's move, on the open field (RULES.md:
// along the shortest path towards the nearest reachable foe, out of its
// reach when one's own attack reaches further; Flight when that leaves
// the hero nearer, counting the chance an unreliable power fails;
// Teleport when it lands nearer). A walks 1 hex an action (STR 3, DEX 3,
// SIZ 3: 9 ft a turn, segments 3 and 6, 4 ft a segment); Flight 2 adds
// 10 ft: 2 hexes. want is the hexes between A and the foe after the move.
func TestApproach(t *testing.T) {
	a := func(ps ...Power) Hero { return hero(t, "A", 3, 3, 3, 3, ps...) }
	foe := func(ps ...Power) Hero { return hero(t, "T", 3, 3, 3, 3, ps...) }
	close1, dist1 := pw(CloseAttack, 1), pw(DistanceAttack, 1)
	works := func(p Power, w int) Power { p.Works = w; return p }
	for _, c := range []struct {
		name string
		a, t Hero
		dist int
		kind actKind
		mode moveMode
		want int
	}{
		{"walks a hex nearer", a(close1), foe(close1), 5, aMove, walk, 4},
		{"next to the foe: waits", a(close1), foe(close1), 1, aPass, walk, 1},
		{"flies 2 hexes", a(close1, pw(Flight, 2)), foe(close1), 5, aMove, fly, 3},
		{"flight that works on 15: still flies", a(close1, works(pw(Flight, 2), 15)), foe(close1), 5, aMove, fly, 3},
		{"flight that works on 10: walks", a(close1, works(pw(Flight, 2), 10)), foe(close1), 5, aMove, walk, 4},
		{"flies only as far as it needs", a(close1, pw(Flight, 2)), foe(close1), 2, aMove, walk, 1},
		{"a ranged attack: near enough", a(dist1), foe(close1), 3, aPass, walk, 3},
		{"a ranged attack: to 4 hexes", a(dist1), foe(close1), 6, aMove, walk, 5},
		{"kites out of a close attack", a(dist1), foe(close1), 1, aMove, walk, 2},
		// every hex 2 to 4 off is as good: no teleport deeper into the band
		{"kites on foot, not by teleport", a(dist1, pw(Teleport, 1)), foe(close1), 1, aMove, walk, 2},
		// walking reaches the band; flying 2 hexes deeper into it is no nearer
		{"kites on foot, not in flight", a(dist1, pw(Flight, 2)), foe(close1), 1, aMove, walk, 2},
		{"no kiting from a longer reach", a(dist1), foe(pw(DistanceAttack, 2)), 1, aPass, walk, 1},
		{"no kiting from an equal reach", a(dist1), foe(dist1), 1, aPass, walk, 1},
		{"kites from a foe's used-up attack", a(dist1), foe(with(pw(DistanceAttack, 2), func(p *Power) { p.Uses = 0 }), close1), 1, aMove, walk, 2},
		{"no foe it can hurt: waits", a(close1), foe(with(pw(Defenses, 9), func(p *Power) { p.Gizmo = NoGizmo })), 5, aPass, walk, 5},
		{"entangles a foe who can hurt it", a(pw(EntanglingAttack, 1)), foe(close1), 7, aMove, walk, 6},
		{"no one to entangle", a(pw(EntanglingAttack, 1)), foe(), 7, aPass, walk, 7},
		{"teleports 3 hexes", a(close1, pw(Teleport, 1)), foe(close1), 8, aTeleport, walk, 5},
		{"teleports next to the foe", a(close1, pw(Teleport, 1)), foe(close1), 3, aTeleport, walk, 1},
		{"an unreliable teleport: not worth it", a(close1, works(pw(Teleport, 1), 10)), foe(close1), 3, aMove, walk, 2},
		{"an unreliable teleport: worth it", a(close1, works(pw(Teleport, 1), 10)), foe(close1), 8, aTeleport, walk, 5},
	} {
		g, _ := duel(t, []Hero{c.a}, []Hero{c.t}, c.dist, Options{})
		f, tg := &g.f[0], &g.f[1]
		act := g.approach(f)
		dest := f.cell
		if act.kind != aPass {
			dest = act.dest
		}
		if act.kind != c.kind || act.mode != c.mode || g.b.dist(dest, tg.cell) != c.want {
			t.Errorf("%s: %+v, %d hexes from the foe; want kind %d mode %d, %d hexes", c.name, act, g.b.dist(dest, tg.cell), c.kind, c.mode, c.want)
		}
	}
}

// TestApproachAroundAWall: with a wall (blocked hexes 7,3 to 7,11)
// between A at 5,7 and the foe at 9,7, a walker takes a step along a
// shortest walk to a hex next to the foe (worked out here hex by hex);
// Wall Crawling climbs over, and Flight flies over, a hex nearer as the
// crow flies.
func TestApproachAroundAWall(t *testing.T) {
	arena := OpenField()
	for r := 3; r <= 11; r++ {
		arena.Blocked = append(arena.Blocked, layout.Hex{Col: 7, Row: r})
	}
	board, err := NewBoard(arena)
	if err != nil {
		t.Fatal(err)
	}
	at := func(c int) int32 { x, _ := board.cell(layout.Hex{Col: c, Row: 7}); return x }
	close1 := pw(CloseAttack, 1)
	for _, c := range []struct {
		name string
		a    Hero
		mode moveMode
	}{
		{"walks around", hero(t, "A", 3, 3, 3, 3, close1), walk},
		{"climbs over", hero(t, "A", 3, 3, 3, 3, close1, pw(WallCrawling, 1)), climb},
		{"flies over", hero(t, "A", 3, 3, 3, 3, close1, pw(Flight, 1)), fly},
	} {
		m := match(t, board, []Hero{c.a}, []Hero{hero(t, "T", 3, 3, 3, 3, close1)}, Options{})
		g := m.game(&script{t: t})
		g.moveTo(&g.f[0], at(5))
		g.moveTo(&g.f[1], at(9))
		g.turn, g.seg = 1, 1
		// walking steps to the hexes next to the foe, breadth first
		steps := map[int32]int{}
		var q []int32
		for _, n := range board.nb[at(9)] {
			if n >= 0 && !board.blocked[n] {
				steps[n] = 0
				q = append(q, n)
			}
		}
		for len(q) > 0 {
			x := q[0]
			q = q[1:]
			for _, n := range board.nb[x] {
				if _, ok := steps[n]; n >= 0 && !ok && !board.blocked[n] && n != at(9) {
					steps[n] = steps[x] + 1
					q = append(q, n)
				}
			}
		}
		act := g.approach(&g.f[0])
		if act.kind != aMove || act.mode != c.mode || board.dist(act.dest, at(5)) != 1 {
			t.Fatalf("%s: %+v", c.name, act)
		}
		switch c.mode {
		case walk:
			if steps[act.dest] != steps[at(5)]-1 {
				t.Errorf("%s: to %v, %d steps from the foe; from %d", c.name, board.hex(act.dest), steps[act.dest], steps[at(5)])
			}
		default:
			if board.dist(act.dest, at(9)) != 3 {
				t.Errorf("%s: to %v, %d hexes from the foe, not 3", c.name, board.hex(act.dest), board.dist(act.dest, at(9)))
			}
		}
	}
}

// TestPlacedApart: after placement each hero stands in its own hex and
// no other hex is taken, whoever is placed first; a hero who moves
// leaves its hex free, the first hex of the map too.
func TestPlacedApart(t *testing.T) {
	arena := &Arena{Name: "three hexes", Cols: 3, Rows: 1, FeetPerHex: 5,
		Zones: [][]layout.Hex{{{Col: 0, Row: 0}}, {{Col: 1, Row: 0}}}}
	board, err := NewBoard(arena)
	if err != nil {
		t.Fatal(err)
	}
	for _, pers := range [][2]int{{1, 2}, {2, 1}} {
		m := match(t, board, []Hero{hero(t, "A", 3, 3, 3, pers[0])}, []Hero{hero(t, "B", 3, 3, 3, pers[1])}, Options{})
		g := m.game(&script{t: t})
		g.place()
		if g.f[0].cell != 0 || g.f[1].cell != 1 || !slices.Equal(g.occ, []int16{1, 2, 0}) {
			t.Errorf("PER %v: cells %d, %d; taken %v", pers, g.f[0].cell, g.f[1].cell, g.occ)
		}
		g.moveTo(&g.f[0], 2)
		if !slices.Equal(g.occ, []int16{0, 2, 1}) {
			t.Errorf("PER %v: after a move from the first hex, taken %v", pers, g.occ)
		}
	}
}

// TestPlacementDie: hexes of a zone equally near the centre are chosen
// among by a die roll: on the 3 × 3 map of TestZoneOrder, 0,1 and 2,1.
func TestPlacementDie(t *testing.T) {
	zone := []layout.Hex{{Col: 0, Row: 1}, {Col: 2, Row: 1}, {Col: 0, Row: 0}}
	b, err := NewBoard(&Arena{Name: "3 × 3", Cols: 3, Rows: 3, FeetPerHex: 5, Zones: [][]layout.Hex{zone, {{Col: 1, Row: 1}}}})
	if err != nil {
		t.Fatal(err)
	}
	m := match(t, b, []Hero{hero(t, "A", 3, 3, 3, 3)}, []Hero{hero(t, "B", 3, 3, 3, 4)}, Options{})
	for k, want := range []layout.Hex{{Col: 0, Row: 1}, {Col: 2, Row: 1}} {
		d := &pick{t: t, k: k}
		g := m.game(d)
		g.place()
		if got := b.hex(g.f[0].cell); got != want || !slices.Equal(d.ns, []int{2}) {
			t.Errorf("die %d: placed at %v, want %v; die rolls among %v", k, got, want, d.ns)
		}
	}
}

// pick is a dice source whose tie-breaking rolls return k (at most
// n − 1), and which has no d20 rolls; it records the n of each roll.
type pick struct {
	t    testing.TB
	k    int
	ns   []int
	only int // when not 0, k is rolled only among only; other rolls are 0
}

func (p *pick) D20() int { p.t.Helper(); p.t.Fatal("a d20 roll"); return 0 }
func (p *pick) IntN(n int) int {
	p.ns = append(p.ns, n)
	if p.only != 0 && n != p.only {
		return 0
	}
	return min(p.k, n-1)
}

// TestGreedyChoice: the greedy policy's action in exact small cases
// (the values as in TestPolicyValues). A (CM 11, PER 4) against T (CM 9,
// 27 oomph) one hex away, or two Ts one and two hexes away.
func TestGreedyChoice(t *testing.T) {
	a := func(ps ...Power) Hero { return hero(t, "A", 3, 4, 3, 4, ps...) }
	tg := func(ps ...Power) Hero { return hero(t, "T", 3, 3, 3, 3, ps...) }
	close1, dist2 := pw(CloseAttack, 1), pw(DistanceAttack, 2)
	armour := func(gz Gizmo) Power { return with(pw(Defenses, 9), func(p *Power) { p.Gizmo = gz }) }
	invisible := pw(Invisibility, 1)
	for _, c := range []struct {
		name  string
		a     Hero
		ts    []Hero
		oomph []int  // the Ts' oomph, when not full
		k     int    // tie-breaking rolls
		dist  int    // to the first T, when not 1
		want  action // a move's hex is not compared
	}{
		{name: "the stronger attack", a: a(close1, dist2), ts: []Hero{tg()}, want: action{kind: aAttack, power: 1, target: 1}},
		{name: "the foe with less oomph", a: a(dist2), ts: []Hero{tg(), tg()}, oomph: []int{27, 20}, want: action{kind: aAttack, target: 2}},
		{name: "the foe with less oomph, first", a: a(dist2), ts: []Hero{tg(), tg()}, oomph: []int{20, 27}, want: action{kind: aAttack, target: 1}},
		{name: "equals: the die, 0", a: a(dist2), ts: []Hero{tg(), tg()}, k: 0, want: action{kind: aAttack, target: 2}},
		{name: "equals: the die, 1", a: a(dist2), ts: []Hero{tg(), tg()}, k: 1, want: action{kind: aAttack, target: 1}},
		// every hit absorbed: A's hits (1.9 a roll) are worth 0.3 × 1.9 × 3
		// through the gizmo
		{name: "the gizmo of armour", a: a(close1), ts: []Hero{tg(armour(Visible), close1)}, want: action{kind: aGizmo, power: 0, target: 1, gizmo: 0}},
		{name: "notice hidden armour", a: a(close1), ts: []Hero{tg(armour(Hidden), close1)}, want: action{kind: aNotice, target: 1}},
		{name: "armour without a gizmo: nothing worth doing", a: a(close1), ts: []Hero{tg(armour(NoGizmo), bare(close1))}, want: action{kind: aPass}},
		{name: "armour that cannot be hit", a: a(close1), ts: []Hero{tg(armour(Indestructible), bare(close1))}, want: action{kind: aPass}},
		{name: "invisibility against a foe's attack", a: a(invisible), ts: []Hero{tg(close1)}, want: action{kind: aInvisible, power: 0}},
		{name: "always-on invisibility is no action", a: a(with(invisible, func(p *Power) { p.AlwaysOn = true })), ts: []Hero{tg(close1)}, want: action{kind: aPass}},
		{name: "invisibility used up", a: a(with(invisible, func(p *Power) { p.Uses = 0 })), ts: []Hero{tg(close1)}, want: action{kind: aPass}},
		// T's Close Attack 3 does 2.1 a roll on A: a hold of its segment 3
		// is worth 0.85 × 2.1 = 1.785, less than A's 1.9; of 3 and 6, 3.03
		{name: "a short hold is worth less", a: a(pw(EntanglingAttack, 2), close1), ts: []Hero{tg(pw(CloseAttack, 3))}, want: action{kind: aAttack, power: 1, target: 1}},
		{name: "a long hold is worth more", a: a(pw(EntanglingAttack, 5), close1), ts: []Hero{tg(pw(CloseAttack, 3))}, want: action{kind: aAttack, power: 0, target: 1}},
		{name: "out of reach: moves", a: a(close1), ts: []Hero{tg(close1)}, dist: 3, want: action{kind: aMove}},
	} {
		g, _ := duel(t, []Hero{c.a}, c.ts, max(c.dist, 1), Options{})
		for i, o := range c.oomph {
			g.f[1+i].oomph = o
		}
		g.d = &pick{t: t, k: c.k}
		got := (Greedy{}).choose(g, &g.f[0])
		if got.kind == aMove {
			got.dest = 0
		}
		if got != c.want {
			t.Errorf("%s: %+v, want %+v", c.name, got, c.want)
		}
	}
}

// TestRandomChoice: the random policy draws, with equal chances, among
// its legal actions: each attack on each foe in reach, each attack of a
// damaging power on each gizmo it may hit, noticing, switching
// Invisibility on, and one move per way of moving.
func TestRandomChoice(t *testing.T) {
	hidden := with(pw(Regeneration, 1), func(p *Power) { p.Gizmo = Hidden })
	a := hero(t, "A", 3, 4, 3, 4, pw(CloseAttack, 1), pw(EntanglingAttack, 1), pw(Invisibility, 1), pw(Flight, 1), pw(Teleport, 1),
		with(pw(DistanceAttack, 1), func(p *Power) { p.Uses = 0 }))
	// T next to A, T2 three hexes off (out of the Close Attack's reach)
	g, _ := duel(t, []Hero{a}, []Hero{hero(t, "T", 3, 3, 3, 3, pw(Defenses, 1), hidden), hero(t, "T2", 3, 3, 3, 3, pw(Defenses, 1))}, 1, Options{Policies: [2]Policy{Random{}, Random{}}})
	g.moveTo(&g.f[2], g.f[0].cell+3)
	d := &pick{t: t}
	g.d = d
	(Random{}).choose(g, &g.f[0])
	n := d.ns[0]
	got := map[string]int{}
	for k := range n {
		g.d = &pick{t: t, k: k}
		x := (Random{}).choose(g, &g.f[0])
		got[fmt.Sprintf("%d/%d/%d/%d/%d", x.kind, x.mode, x.power, x.target, x.gizmo)]++
	}
	want := map[string]int{
		"1/0/0/1/0": 1, // Close Attack on T
		"2/0/0/1/0": 1, // on T's Defenses
		"1/0/1/1/0": 1, // Entangling Attack on T
		"1/0/1/2/0": 1, // and on T2, 3 hexes away
		"3/0/0/1/0": 1, // noticing T's hidden gizmo
		"3/0/0/2/0": 0, // T2 has none
		"4/0/2/0/0": 1, // Invisibility
		"5/0/0/0/0": 1, // walking
		"5/1/0/0/0": 1, // flying
		"6/0/4/0/0": 1, // teleporting
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("action %s drawn %d times of %d, want %d (all: %v)", k, got[k], n, v, got)
		}
	}
	if n != 9 {
		t.Errorf("%d actions to draw from, want 9", n)
	}
	// the same actions whichever power comes first, and whichever of T's
	for r := range a.Powers {
		ps := append(slices.Clone(a.Powers[r:]), a.Powers[:r]...)
		ar := hero(t, "A", 3, 4, 3, 4, ps...)
		tps := []Power{hidden, pw(Defenses, 1)}
		g, _ := duel(t, []Hero{ar}, []Hero{hero(t, "T", 3, 3, 3, 3, tps...), hero(t, "T2", 3, 3, 3, 3, pw(Defenses, 1))}, 1, Options{})
		g.moveTo(&g.f[2], g.f[0].cell+3)
		d := &pick{t: t}
		g.d = d
		(Random{}).choose(g, &g.f[0])
		if d.ns[0] != 9 {
			t.Errorf("powers from %s on: %d actions to draw from, want 9", ps[0].Name, d.ns[0])
		}
	}
}

// TestActionFigures: what one action adds to the fight's figures: uses,
// hits, damage dealt and taken (no more than the foe had), oomph saved by
// Defenses, Missile Deflection and Regeneration, gizmos destroyed. A (CM
// 11) attacks T (CM 9, 27 oomph): to-hit 17, a roll of 4 does level + 3.
func TestActionFigures(t *testing.T) {
	close3 := pw(CloseAttack, 3)
	missile := with(pw(DistanceAttack, 2), func(p *Power) { p.Missile = true })
	unl := Unlimited
	for _, c := range []struct {
		name  string
		a, t  Hero
		oomph int // T's, when not full
		act   action
		regen bool // the start of a turn, not the action
		rolls []int
		want  [2]HeroResult
	}{
		{name: "a hit", a: hero(t, "A", 3, 4, 3, 4, close3), t: hero(t, "T", 3, 3, 3, 3), act: action{kind: aAttack, target: 1}, rolls: []int{4},
			want: [2]HeroResult{{Hits: 1, Dealt: 6, Powers: []PowerResult{{Uses: 1, Hits: 1, Damage: 6, Left: unl}}}, {Taken: 6}}},
		{name: "a miss", a: hero(t, "A", 3, 4, 3, 4, close3), t: hero(t, "T", 3, 3, 3, 3), act: action{kind: aAttack, target: 1}, rolls: []int{18},
			want: [2]HeroResult{{Powers: []PowerResult{{Uses: 1, Left: unl}}}, {}}},
		{name: "defenses", a: hero(t, "A", 3, 4, 3, 4, close3), t: hero(t, "T", 3, 3, 3, 3, pw(Defenses, 2)), act: action{kind: aAttack, target: 1}, rolls: []int{4},
			want: [2]HeroResult{{Hits: 1, Dealt: 4, Powers: []PowerResult{{Uses: 1, Hits: 1, Damage: 4, Left: unl}}}, {Taken: 4, Powers: []PowerResult{{Uses: 1, Saved: 2, Left: unl}}}}},
		{name: "deflected", a: hero(t, "A", 3, 4, 3, 4, missile), t: hero(t, "T", 3, 3, 3, 3, pw(MissileDeflection, 2)), act: action{kind: aAttack, target: 1}, rolls: []int{4, 6},
			want: [2]HeroResult{{Hits: 1, Powers: []PowerResult{{Uses: 1, Hits: 1, Left: unl}}}, {Powers: []PowerResult{{Uses: 1, Saved: 5, Left: unl}}}}},
		{name: "not deflected", a: hero(t, "A", 3, 4, 3, 4, missile), t: hero(t, "T", 3, 3, 3, 3, pw(MissileDeflection, 2)), act: action{kind: aAttack, target: 1}, rolls: []int{4, 7},
			want: [2]HeroResult{{Hits: 1, Dealt: 5, Powers: []PowerResult{{Uses: 1, Hits: 1, Damage: 5, Left: unl}}}, {Taken: 5, Powers: []PowerResult{{Uses: 1, Left: unl}}}}},
		{name: "no more than it had", a: hero(t, "A", 3, 4, 3, 4, close3), t: hero(t, "T", 3, 3, 3, 3), oomph: 4, act: action{kind: aAttack, target: 1}, rolls: []int{4},
			want: [2]HeroResult{{Hits: 1, Dealt: 4, Powers: []PowerResult{{Uses: 1, Hits: 1, Damage: 4, Left: unl}}}, {Taken: 4, Fainted: true}}},
		{name: "a gizmo", a: hero(t, "A", 3, 4, 3, 4, close3), t: hero(t, "T", 3, 3, 3, 3, pw(Defenses, 2)), act: action{kind: aGizmo, target: 1}, rolls: []int{6},
			want: [2]HeroResult{{GizmosBroken: 1, Powers: []PowerResult{{Uses: 1, Left: unl}}}, {Powers: []PowerResult{{Left: unl}}}}},
		{name: "a limited attack", a: hero(t, "A", 3, 4, 3, 4, with(close3, func(p *Power) { p.Uses = 2 })), t: hero(t, "T", 3, 3, 3, 3), act: action{kind: aAttack, target: 1}, rolls: []int{18},
			want: [2]HeroResult{{Powers: []PowerResult{{Uses: 1, Left: 1}}}, {}}},
		{name: "regeneration", a: hero(t, "A", 3, 4, 3, 4, close3), t: hero(t, "T", 3, 3, 3, 3, pw(Regeneration, 3)), oomph: 25, regen: true,
			want: [2]HeroResult{{Powers: []PowerResult{{Left: unl}}}, {Powers: []PowerResult{{Uses: 1, Saved: 2, Left: unl}}}}},
	} {
		g, s := duel(t, []Hero{c.a}, []Hero{c.t}, 1, Options{}, c.rolls...)
		if c.oomph > 0 {
			g.f[1].oomph = c.oomph
		}
		if c.regen {
			g.regenerate()
		} else {
			g.do(&g.f[0], c.act)
		}
		for i := range c.want {
			if c.want[i].Powers == nil {
				c.want[i].Powers = []PowerResult{}
			}
		}
		r := g.result(-1, 1)
		if fmt.Sprintf("%+v", r.Heroes) != fmt.Sprintf("%+v", c.want[:]) || len(s.rolls) > 0 {
			t.Errorf("%s:\n got %+v\nwant %+v", c.name, r.Heroes, c.want)
		}
	}
}

// TestFromSheetDetails: segments 1 to 6 come through (others are not
// segments), uses and unlimited uses, and each modifier its flag; the two
// unreliable grades work on 15 and 10.
func TestFromSheetDetails(t *testing.T) {
	spec := func(name string, uses int, mods ...string) gladiators.PowerCost {
		return gladiators.PowerCost{Spec: &gladiators.PowerSpec{Name: name, Level: 2, Uses: uses, Unlimited: uses == 0, Modifiers: mods, ModPos: make([]cards.Pos, len(mods))}, Gizmo: "hidden", Cost: 17}
	}
	s := &gladiators.Sheet{Hero: &gladiators.Hero{Name: "Zip", Chars: [4]int{1, 2, 3, 4}}, CombatModifier: 5, Oomph: 9, FeetPerSegment: 3, Total: 120,
		Segments: []int{0, 1, 6, 7},
		Powers: []gladiators.PowerCost{
			spec("Distance Attack", 3, "piercing", "missile", "area"),
			spec("Distance Attack", 0, "area-falloff", "unreliable-15"),
			spec("Defenses", 0, "always-on", "unreliable-10"),
		}}
	h, diags := FromSheet(s)
	if len(diags) != 0 {
		t.Fatalf("warnings: %v", diags)
	}
	if h.STR != 1 || h.DEX != 2 || h.SIZ != 3 || h.PER != 4 || h.CM != 5 || h.Oomph != 9 || h.Feet != 3 || h.Points != 120 ||
		h.Segments != [7]bool{1: true, 6: true} || h.actions() != 2 {
		t.Errorf("hero: %+v", h)
	}
	want := []Power{
		{Name: "Distance Attack", Kind: DistanceAttack, Level: 2, Uses: 3, Gizmo: Hidden, Works: 20, Piercing: true, Missile: true, Area: true, Cost: 17},
		{Name: "Distance Attack", Kind: DistanceAttack, Level: 2, Uses: Unlimited, Gizmo: Hidden, Works: 15, Falloff: true, Cost: 17},
		{Name: "Defenses", Kind: Defenses, Level: 2, Uses: Unlimited, Gizmo: Hidden, Works: 10, AlwaysOn: true, Cost: 17},
	}
	if !slices.Equal(h.Powers, want) {
		t.Errorf("powers:\n got %+v\nwant %+v", h.Powers, want)
	}
}

// TestRandomMoves: the random policy's move goes, with equal chances, to
// any hex its move reaches (not its own, not one a hero stands in);
// Teleport to any free hex in sight up to level × 3 away; a hero gives
// away a hidden gizmo picked with equal chances.
func TestRandomMoves(t *testing.T) {
	a := hero(t, "A", 3, 3, 3, 3, pw(Flight, 2), pw(Teleport, 1)) // walks 1 hex, flies 2
	g, _ := duel(t, []Hero{a}, []Hero{hero(t, "T", 3, 3, 3, 3)}, 1, Options{})
	f, tg := &g.f[0], &g.f[1]
	for _, c := range []struct {
		name string
		draw func() int32
		n    int // hexes: 6 around, less the foe's; 18 within 2, less the foe's and 7,6 behind it; 36 within 3, less 1
		most int
	}{
		{"walk", func() int32 { return g.randomMove(f, walk) }, 5, 1},
		{"fly", func() int32 { return g.randomMove(f, fly) }, 16, 2},
		{"teleport", func() int32 { return g.randomTeleport(f, 1) }, 35, 3},
	} {
		seen := map[int32]bool{}
		for k := range c.n + 1 {
			d := &pick{t: t, k: k, only: c.n}
			g.d = d
			x := c.draw()
			if x == f.cell || x == tg.cell || g.b.dist(f.cell, x) > c.most || len(d.ns) == 0 || d.ns[len(d.ns)-1] != c.n {
				t.Fatalf("%s: draw %d: to %v; rolls among %v", c.name, k, g.b.hex(x), d.ns)
			}
			seen[x] = true
		}
		if len(seen) != c.n {
			t.Errorf("%s: %d hexes drawn, want %d", c.name, len(seen), c.n)
		}
	}
	// boxed in: no move, no teleport
	box := &Arena{Name: "box", Cols: 2, Rows: 1, FeetPerHex: 5, Zones: [][]layout.Hex{{{Col: 0, Row: 0}}, {{Col: 1, Row: 0}}}}
	b, err := NewBoard(box)
	if err != nil {
		t.Fatal(err)
	}
	m := match(t, b, []Hero{a}, []Hero{hero(t, "T", 3, 3, 3, 3)}, Options{})
	g = m.game(&script{t: t})
	g.place()
	if w, tp := g.randomMove(&g.f[0], fly), g.randomTeleport(&g.f[0], 1); w != -1 || tp != -1 {
		t.Errorf("boxed in: moves to %d, teleports to %d", w, tp)
	}
	if got := (Random{}).choose(g, &g.f[0]); got.kind != aPass {
		t.Errorf("boxed in, nothing to do: %+v", got)
	}
	// reveal
	for k, want := range []int{3, 5} {
		if got := (Random{}).reveal(&game{d: &pick{t: t, k: k}}, nil, []int32{3, 5}); got != want {
			t.Errorf("reveal, die %d: %d, want %d", k, got, want)
		}
	}
}

// TestMoveActions: a move carried out: walking always goes; flying,
// climbing and teleporting spend a use of their power, and an unreliable
// one that fails its roll leaves the hero where it was.
func TestMoveActions(t *testing.T) {
	limited := func(k Kind, works int) Power {
		return with(pw(k, 1), func(p *Power) { p.Uses, p.Works = 3, works })
	}
	for _, c := range []struct {
		name  string
		p     Power
		act   action
		rolls []int
		moved bool
		left  int
	}{
		{"walk", pw(CloseAttack, 1), action{kind: aMove, mode: walk}, nil, true, Unlimited},
		{"fly", limited(Flight, 20), action{kind: aMove, mode: fly}, nil, true, 2},
		{"fly, works on 10", limited(Flight, 10), action{kind: aMove, mode: fly}, []int{10}, true, 2},
		{"fly, fails on 11", limited(Flight, 10), action{kind: aMove, mode: fly}, []int{11}, false, 2},
		{"climb, works on 15", limited(WallCrawling, 15), action{kind: aMove, mode: climb}, []int{15}, true, 2},
		{"climb, fails on 16", limited(WallCrawling, 15), action{kind: aMove, mode: climb}, []int{16}, false, 2},
		{"teleport, works on 10", limited(Teleport, 10), action{kind: aTeleport}, []int{10}, true, 2},
		{"teleport, fails on 11", limited(Teleport, 10), action{kind: aTeleport}, []int{11}, false, 2},
		{"invisibility, works on 10", limited(Invisibility, 10), action{kind: aInvisible}, []int{10}, false, 2},
	} {
		g, s := duel(t, []Hero{hero(t, "A", 3, 3, 3, 3, c.p)}, []Hero{hero(t, "T", 3, 3, 3, 3)}, 5, Options{}, c.rolls...)
		f := &g.f[0]
		from := f.cell
		c.act.dest = from + 1
		g.do(f, c.act)
		if moved := f.cell != from; moved != c.moved || f.p[0].left != c.left || len(s.rolls) > 0 || (g.occ[from] != 0) == c.moved {
			t.Errorf("%s: moved %v, uses left %d, rolls left %v", c.name, moved, f.p[0].left, s.rolls)
		}
		if c.act.kind == aInvisible && f.invis != g.seg+5 {
			t.Errorf("%s: invisible through %d", c.name, f.invis)
		}
	}
}

// TestHeldThroughThisSegment: a hero held through this segment is still
// held in it: it rolls to break free (STR 3: 6 or less) and does not act.
func TestHeldThroughThisSegment(t *testing.T) {
	g, s := duel(t, []Hero{hero(t, "A", 3, 3, 3, 3, pw(CloseAttack, 1))}, []Hero{hero(t, "T", 3, 3, 3, 3)}, 1, Options{}, 7)
	f := &g.f[0]
	f.held, g.seg = 5, 5
	g.act(f)
	if f.held != 5 || g.f[1].oomph != 27 || len(s.rolls) > 0 || f.st.Actions != 1 {
		t.Errorf("held %d, foe's oomph %d, rolls left %v, actions %d", f.held, g.f[1].oomph, s.rolls, f.st.Actions)
	}
}

// TestRandomHeroShape: what RandomHero's documentation promises, over
// 400 heroes: 15 characteristic points (each at least 1), one or two more
// bought about one hero in three; levels 1 to 4; unlimited uses about
// half the time, else 1 to 10; a gizmo named about half the time; the
// second power of no fixed kind; at most the budget.
func TestRandomHeroShape(t *testing.T) {
	rs, err := gladiators.Default()
	if err != nil {
		t.Fatal(err)
	}
	const n = 400
	sheets, _ := Pool(n, 77, rs)
	sums := map[int]int{}
	levels, uses := map[int]int{}, map[int]int{}
	unlimited, named, powers := 0, 0, 0
	second := map[string]bool{}
	for _, s := range sheets {
		h := s.Hero
		sum := 0
		for _, c := range h.Chars {
			if c < 1 {
				t.Errorf("%s: characteristics %v", h.Name, h.Chars)
			}
			sum += c
		}
		sums[sum]++
		for i, p := range h.Powers {
			powers++
			levels[p.Level]++
			if p.Unlimited {
				unlimited++
			} else {
				uses[p.Uses]++
			}
			if p.Gizmo != "" {
				named++
			}
			if i == 1 {
				second[p.Name] = true
			}
		}
		if s.Total > rs.Budget {
			t.Errorf("%s: %d points", h.Name, s.Total)
		}
	}
	if len(sums) != 3 || sums[15] < n*55/100 || sums[15] > n*78/100 || sums[16] < n/10 || sums[17] < n/10 {
		t.Errorf("characteristic totals %v: want 15 about 2 in 3, 16 and 17 the rest", sums)
	}
	for l := 1; l <= 4; l++ {
		if levels[l] < powers/8 {
			t.Errorf("levels %v: want 1 to 4, about evenly", levels)
		}
	}
	if len(levels) != 4 {
		t.Errorf("levels %v: want 1 to 4", levels)
	}
	lo, hi := 100, 0
	for u := range uses {
		lo, hi = min(lo, u), max(hi, u)
	}
	if lo != 1 || hi != 10 {
		t.Errorf("uses from %d to %d, want 1 to 10", lo, hi)
	}
	if f := float64(unlimited) / float64(powers); f < 0.35 || f > 0.65 {
		t.Errorf("%.2f of powers unlimited, want about half", f)
	}
	if f := float64(named) / float64(powers); f < 0.35 || f > 0.65 {
		t.Errorf("%.2f of powers with a named gizmo, want about half", f)
	}
	if len(second) < 5 {
		t.Errorf("second powers: only %v", second)
	}
}

// TestRoundRobinEdges: two heroes and one game a pair are enough; fewer
// are errors, and so is a hero a match refuses. Heroes who cannot hurt
// each other tie every game and have no power that dealt most.
func TestRoundRobinEdges(t *testing.T) {
	h := func(name string, ps ...Power) Entrant {
		return Entrant{Hero: hero(t, name, 3, 3, 3, 3, ps...), Points: 10}
	}
	armour := with(pw(Defenses, 9), func(p *Power) { p.Gizmo = NoGizmo })
	calm := []Entrant{h("a", pw(Flight, 1)), h("b", armour)}
	for _, c := range []struct {
		name  string
		games int
		es    []Entrant
		want  string
	}{
		{"two heroes, one game", 1, calm, ""},
		{"one hero", 1, calm[:1], "a round robin needs at least two heroes, not 1"},
		{"no games", 0, calm, "a round robin needs at least one game a pair, not 0"},
		{"a hero without oomph", 1, append(calm, Entrant{Hero: Hero{Name: "x", Segments: [7]bool{6: true}}}), `hero "x" has no oomph or no action segments`},
	} {
		tb, err := RoundRobin{Games: c.games, Seed: 1}.Play(openBoard(t), c.es)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != c.want {
			t.Errorf("%s: error %q, want %q", c.name, got, c.want)
		}
		if err != nil {
			continue
		}
		for i, r := range tb.Rows {
			if r.Overall.Ties != 2 || r.Overall.Games() != 2 || r.Top != "" || r.Score != 0.5 {
				t.Errorf("%s: %s: %+v", c.name, c.es[i].Hero.Name, r)
			}
		}
	}
}

// TestParsePolicy: the policies by their command-line names.
func TestParsePolicy(t *testing.T) {
	for _, c := range []struct {
		name string
		want Policy
		err  string
	}{
		{"greedy", Greedy{}, ""},
		{"random", Random{}, ""},
		{"Greedy", nil, `unknown policy "Greedy"; policies: greedy, random`},
	} {
		got, err := ParsePolicy(c.name)
		msg := ""
		if err != nil {
			msg = err.Error()
		}
		if got != c.want || msg != c.err {
			t.Errorf("%q: %v, %q; want %v, %q", c.name, got, msg, c.want, c.err)
		}
	}
}

// TestRandomClimbs: on a board with walls (blocked hexes 7,3 to 7,11) the
// random policy's ways of moving are walking, and climbing for a hero
// with Wall Crawling (its only power here, the first of its list), each
// one legal action; a hero without Wall Crawling only walks. The foe at
// 9,7 is out of reach and has no hidden gizmo, so no other action is
// legal.
func TestRandomClimbs(t *testing.T) {
	arena := OpenField()
	for r := 3; r <= 11; r++ {
		arena.Blocked = append(arena.Blocked, layout.Hex{Col: 7, Row: r})
	}
	board, err := NewBoard(arena)
	if err != nil {
		t.Fatal(err)
	}
	at := func(c int) int32 { x, _ := board.cell(layout.Hex{Col: c, Row: 7}); return x }
	for _, c := range []struct {
		name  string
		a     Hero
		modes []moveMode
	}{
		{"wall crawler", hero(t, "A", 3, 3, 3, 3, pw(WallCrawling, 1)), []moveMode{walk, climb}},
		{"no wall crawling", hero(t, "A", 3, 3, 3, 3, pw(CloseAttack, 1)), []moveMode{walk}},
	} {
		m := match(t, board, []Hero{c.a}, []Hero{hero(t, "T", 3, 3, 3, 3, pw(CloseAttack, 1))}, Options{Policies: [2]Policy{Random{}, Random{}}})
		g := m.game(&script{t: t})
		g.moveTo(&g.f[0], at(5))
		g.moveTo(&g.f[1], at(9))
		g.turn, g.seg = 1, 1
		var got []moveMode
		for k := range len(c.modes) + 1 {
			d := &pick{t: t, k: k}
			g.d = d
			x := (Random{}).choose(g, &g.f[0])
			if d.ns[0] != len(c.modes) {
				t.Fatalf("%s: %d actions to draw from, want %d", c.name, d.ns[0], len(c.modes))
			}
			if x.kind != aMove || x.dest < 0 || x.dest == at(5) {
				t.Fatalf("%s: draw %d: %+v, want a move", c.name, k, x)
			}
			if k < len(c.modes) {
				got = append(got, x.mode)
			}
		}
		if !slices.Equal(got, c.modes) {
			t.Errorf("%s: moves %v, want %v", c.name, got, c.modes)
		}
	}
}

// TestRandomMoveToTheFirstHex: a move's hex may be any hex of the map,
// the first one too: on a row of three hexes, A in the middle next to
// its foe walks to the only free hex, the first.
func TestRandomMoveToTheFirstHex(t *testing.T) {
	row := &Arena{Name: "three hexes", Cols: 3, Rows: 1, FeetPerHex: 5,
		Zones: [][]layout.Hex{{{Col: 1, Row: 0}}, {{Col: 2, Row: 0}}}}
	b, err := NewBoard(row)
	if err != nil {
		t.Fatal(err)
	}
	m := match(t, b, []Hero{hero(t, "A", 3, 3, 3, 3)}, []Hero{hero(t, "T", 3, 3, 3, 3)}, Options{})
	g := m.game(&script{t: t})
	g.place()
	first, _ := b.cell(layout.Hex{Col: 0, Row: 0})
	if got := (Random{}).choose(g, &g.f[0]); got.kind != aMove || got.mode != walk || got.dest != first {
		t.Errorf("A at %v: %+v, want a walk to 0,0 (cell %d)", b.hex(g.f[0].cell), got, first)
	}
}
