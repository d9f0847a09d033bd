package combat

// Tests of the policies' choices that the surviving mutants of policy.go
// showed unpinned (see MUTANTS-policy.md). Each states its rule from
// RULES.md or policy.go's documentation and checks it on a small case
// whose values are worked out by hand in the comments.
//
// The figures: A (STR 3, DEX 4, SIZ 3, PER 4) has CM 11, 27 oomph and 3
// actions a turn; T (STR 3, DEX 3, SIZ 3, PER 3) CM 9, 27 oomph, segments
// 3 and 6. A hits T on 17: a hit of level L does L plus 6, 5, …, 1 extra
// on the rolls 1 to 6, so one roll is worth (17 L + 21) / 20 (1.9 at level
// 1, 3.6 at level 3), and a gizmo is hit on 4 + 2 = 6 (0.3). T hits A on
// 13: (13 L + 3) / 20 (0.8 at level 1, 2.1 at level 3).

import (
	"testing"

	"github.com/deckpress/deckpress/layout"
)

// TestAttacksNeedSight: a Distance or Entangling Attack reaches a foe only
// along a clear line (RULES.md: "level × 4 hexes with a clear line";
// Arena.Opaque: opaque hexes block the line of sight of Distance and
// Entangling Attacks). A at 5,7, T at 9,7, 4 hexes off along the row, in
// reach of level 1 and 2; with an opaque hex at 7,7 between them neither
// policy attacks. The greedy policy's values: a Distance Attack 1.9; a
// hold of T's segment 3 (Entangling Attack 2, from segment 1 through 3)
// 0.85 to hit × T's Close Attack 0.8 = 0.68. The random policy draws
// among the attack and a walk, or the walk alone.
func TestAttacksNeedSight(t *testing.T) {
	clear, walled := OpenField(), OpenField()
	walled.Opaque = []layout.Hex{{Col: 7, Row: 7}}
	foe := hero(t, "T", 3, 3, 3, 3, bare(pw(CloseAttack, 1)))
	for _, c := range []struct {
		name   string
		arena  *Arena
		power  Power
		attack bool
	}{
		{"distance attack, clear line", clear, pw(DistanceAttack, 1), true},
		{"distance attack, behind an opaque hex", walled, pw(DistanceAttack, 1), false},
		{"entangling attack, clear line", clear, pw(EntanglingAttack, 2), true},
		{"entangling attack, behind an opaque hex", walled, pw(EntanglingAttack, 2), false},
	} {
		b, err := NewBoard(c.arena)
		if err != nil {
			t.Fatal(err)
		}
		a := hero(t, "A", 3, 4, 3, 4, c.power)
		g := gameAt(t, b, []Hero{a}, []Hero{foe}, []layout.Hex{{Col: 5, Row: 7}, {Col: 9, Row: 7}}, &script{t: t})
		g.d = &pick{t: t}
		got := (Greedy{}).choose(g, &g.f[0])
		if attacked := got.kind == aAttack; attacked != c.attack {
			t.Errorf("%s: greedy %+v, want an attack: %v", c.name, got, c.attack)
		}
		d := &pick{t: t}
		g.d = d
		(Random{}).choose(g, &g.f[0])
		want := 1
		if c.attack {
			want = 2
		}
		if len(d.ns) == 0 || d.ns[0] != want {
			t.Errorf("%s: random draws among %v, want %d actions", c.name, d.ns, want)
		}
	}
}

// TestGreedyWeighs: the greedy policy's values that rest on the two
// heroes' best attacks, wherever those stand in their lists, and the
// power it attacks a gizmo with (policy.go: a hold is worth the damage
// the foe's held actions would have done, a gizmo attack the chance of
// destroying it times what losing the power changes, noticing the chance
// of noticing (PER × 3 = 12: 0.6) times the gizmo attack it allows). T
// stands next to A; a second foe, T2, 2 hexes off.
func TestGreedyWeighs(t *testing.T) {
	a := func(ps ...Power) Hero { return hero(t, "A", 3, 4, 3, 4, ps...) }
	tg := func(ps ...Power) Hero { return hero(t, "T", 3, 3, 3, 3, ps...) }
	close1, close3 := pw(CloseAttack, 1), pw(CloseAttack, 3)
	dist1, dist3 := pw(DistanceAttack, 1), pw(DistanceAttack, 3)
	hold := pw(EntanglingAttack, 5)
	armour := func(gz Gizmo) Power { return with(pw(Defenses, 9), func(p *Power) { p.Gizmo = gz }) }
	for _, c := range []struct {
		name string
		a    Hero
		ts   []Hero
		want action
	}{
		// a hold from segment 1 through 6 takes T's segments 3 and 6, the
		// second unless T broke free (6 in 20): 0.85 × 1.7 × T's best
		// attack, Close Attack 3's 2.1 = 3.03, more than A's hit, 1.9
		{"a hold of the foe's best attack, its second power", a(hold, close1), []Hero{tg(bare(close1), bare(close3))},
			action{kind: aAttack, power: 0, target: 1}},
		{"a hold of the foe's best attack, its first power", a(hold, close1), []Hero{tg(bare(close3), bare(close1))},
			action{kind: aAttack, power: 0, target: 1}},
		// with Close Attack 1 only, 0.85 × 1.7 × 0.8 = 1.16
		{"a hold of a weak attack is worth less", a(hold, close1), []Hero{tg(bare(close1))},
			action{kind: aAttack, power: 1, target: 1}},
		// Defenses 2 take A's Distance Attack 3 to 1.9 (7 + 6 + … + 2 on
		// the rolls 1–6, 1 on 7–17: 38 / 20) and its Close Attack 1 to 0.75
		// (5 + 4 + 3 + 2 + 1: 15 / 20). Their gizmo, hit on 0.3 with either
		// attack, is worth 0.3 × (3.6 − 1.9) × 3 actions = 1.53, measured
		// from A's best attack through them, the 1.9: A attacks with it.
		{"armour's gizmo against the best attack, the second power", a(close1, dist3), []Hero{tg(pw(Defenses, 2))},
			action{kind: aAttack, power: 1, target: 1}},
		{"armour's gizmo against the best attack, the first power", a(dist3, close1), []Hero{tg(pw(Defenses, 2))},
			action{kind: aAttack, power: 0, target: 1}},
		// Defenses 3: Distance Attack 3 does 6 + 5 + … + 1 = 21 / 20 = 1.05
		// through them, and the gizmo is worth 0.3 × (3.6 − 1.05) × 3 = 2.3:
		// attacked with the first of the two equally likely powers
		{"stronger armour: its gizmo", a(close1, dist3), []Hero{tg(pw(Defenses, 3))},
			action{kind: aGizmo, power: 0, target: 1, gizmo: 0}},
		// Defenses 9 take every hit; their gizmo is worth 0.3 × 1.9 × 3 =
		// 1.71, attacked with the likeliest power, the first of equals
		{"a gizmo: the first of equally likely powers", a(close1, dist1), []Hero{tg(armour(Visible))},
			action{kind: aGizmo, power: 0, target: 1, gizmo: 0}},
		{"a gizmo: the first of equally likely powers, the other way", a(dist1, close1), []Hero{tg(armour(Visible))},
			action{kind: aGizmo, power: 0, target: 1, gizmo: 0}},
		// a Close Attack that works on 10 hits the gizmo on 0.5 × 0.3
		{"a gizmo: the likeliest power", a(with(close1, func(p *Power) { p.Works = 10 }), dist1), []Hero{tg(armour(Visible))},
			action{kind: aGizmo, power: 1, target: 1, gizmo: 0}},
		// noticing hidden Defenses 9: 0.6 × 0.3 × 1.9 × 3 = 1.03
		{"noticing, nothing else worth doing", a(dist1), []Hero{tg(armour(Hidden))},
			action{kind: aNotice, target: 1}},
		{"noticing is worth less than a hit on T2", a(dist1), []Hero{tg(armour(Hidden)), tg()},
			action{kind: aAttack, power: 0, target: 2}},
		// through Defenses 2 A's Distance Attack 1 does 0.75
		{"noticing is worth more than a hit through Defenses 2", a(dist1), []Hero{tg(armour(Hidden)), tg(bare(pw(Defenses, 2)))},
			action{kind: aNotice, target: 1}},
	} {
		g, _ := duel(t, []Hero{c.a}, c.ts, 1, Options{})
		g.d = &pick{t: t}
		if got := (Greedy{}).choose(g, &g.f[0]); got != c.want {
			t.Errorf("%s: %+v, want %+v", c.name, got, c.want)
		}
	}
}

// gizmoPower is a power of T's with a gizmo of a kind and its cost in
// points.
type gizmoPower struct {
	gizmo Gizmo
	cost  int
}

// foeWith returns T with a power per gizmoPower.
func foeWith(t *testing.T, gs []gizmoPower) Hero {
	var ps []Power
	for _, gp := range gs {
		ps = append(ps, with(pw(Regeneration, 1), func(p *Power) { p.Gizmo, p.Cost = gp.gizmo, gp.cost }))
	}
	return hero(t, "T", 3, 3, 3, 3, ps...)
}

// TestLeastValuable: the hidden gizmo the greedy policy values noticing
// by is the foe's hidden gizmo, whole and not yet noticed by the hero's
// side, that cost the fewest points, the first of equals; −1 when there
// is none (policy.go, leastValuable).
func TestLeastValuable(t *testing.T) {
	h := func(cost int) gizmoPower { return gizmoPower{Hidden, cost} }
	for _, c := range []struct {
		name    string
		powers  []gizmoPower
		noticed int // by side 1 (index 0); −1 none
		other   int // noticed by side 2 only; −1 none
		broken  int // −1 none
		want    int
	}{
		{"the cheaper first", []gizmoPower{h(10), h(20)}, -1, -1, -1, 0},
		{"the cheaper second", []gizmoPower{h(20), h(10)}, -1, -1, -1, 1},
		{"the cheapest of three", []gizmoPower{h(30), h(10), h(20)}, -1, -1, -1, 1},
		{"equals: the first", []gizmoPower{h(10), h(10)}, -1, -1, -1, 0},
		{"only hidden gizmos", []gizmoPower{{Visible, 5}, {NoGizmo, 5}, {Indestructible, 5}, h(10)}, -1, -1, -1, 3},
		{"noticed already", []gizmoPower{h(5), h(10)}, 0, -1, -1, 1},
		{"noticed by the other side only", []gizmoPower{h(5), h(10)}, -1, 0, -1, 0},
		{"destroyed", []gizmoPower{h(5), h(10)}, -1, -1, 0, 1},
		{"none hidden", []gizmoPower{{Visible, 5}}, -1, -1, -1, -1},
		{"every one noticed", []gizmoPower{h(5)}, 0, -1, -1, -1},
	} {
		g, _ := duel(t, []Hero{hero(t, "A", 3, 4, 3, 4)}, []Hero{foeWith(t, c.powers)}, 1, Options{})
		ft := &g.f[1]
		if c.noticed >= 0 {
			ft.p[c.noticed].noticed[0] = true
		}
		if c.other >= 0 {
			ft.p[c.other].noticed[1] = true
		}
		if c.broken >= 0 {
			ft.p[c.broken].broken = true
		}
		if got := leastValuable(g, ft, 0); got != c.want {
			t.Errorf("%s: %d, want %d", c.name, got, c.want)
		}
	}
}

// TestGreedyReveal: a foe who notices one of a greedy hero's hidden
// gizmos (A rolls 12, PER × 3) is given the one that cost the fewest
// points, the first of equals, among those still hidden from it
// (RULES.md: "the policy picks the least valuable").
func TestGreedyReveal(t *testing.T) {
	h := func(cost int) gizmoPower { return gizmoPower{Hidden, cost} }
	for _, c := range []struct {
		name    string
		powers  []gizmoPower
		noticed int // already, −1 none
		want    int
	}{
		{"the cheaper first", []gizmoPower{h(10), h(20)}, -1, 0},
		{"the cheaper second", []gizmoPower{h(20), h(10)}, -1, 1},
		{"the cheapest of three", []gizmoPower{h(30), h(20), h(10)}, -1, 2},
		{"equals: the first", []gizmoPower{h(10), h(10)}, -1, 0},
		{"the cheapest noticed already", []gizmoPower{h(5), h(30), h(20)}, 0, 2},
		{"a visible gizmo is no secret", []gizmoPower{{Visible, 5}, h(30), h(20)}, -1, 2},
	} {
		g, _ := duel(t, []Hero{hero(t, "A", 3, 4, 3, 4)}, []Hero{foeWith(t, c.powers)}, 1, Options{}, 12)
		ft := &g.f[1]
		if c.noticed >= 0 {
			ft.p[c.noticed].noticed[0] = true
		}
		g.notice(&g.f[0], ft)
		for gi := range ft.p {
			if got, want := ft.p[gi].noticed[0], gi == c.want || gi == c.noticed; got != want {
				t.Errorf("%s: gizmo %d noticed %v, want %v", c.name, gi, got, want)
			}
		}
	}
}

// TestTeleportRange: Teleport reaches up to level × 3 hexes in sight
// (RULES.md), and the random policy picks among every free hex it
// reaches with equal chances: from 9,7 on the open field, with the foe
// at 19,7 out of range, the 3 r (r + 1) hexes within r = 3 of A but its
// own (36) at level 1, within r = 6 (126) at level 2, every one on the
// map.
func TestTeleportRange(t *testing.T) {
	b := openBoard(t)
	for _, c := range []struct {
		level, n int
	}{{1, 36}, {2, 126}} {
		a := hero(t, "A", 3, 3, 3, 3, pw(Teleport, c.level))
		g := gameAt(t, b, []Hero{a}, []Hero{hero(t, "T", 3, 3, 3, 3)}, []layout.Hex{{Col: 9, Row: 7}, {Col: 19, Row: 7}}, &script{t: t})
		f := &g.f[0]
		seen := map[int32]bool{}
		far := 0
		for k := range c.n {
			d := &pick{t: t, k: k}
			g.d = d
			x := g.randomTeleport(f, 0)
			if len(d.ns) != 1 || d.ns[0] != c.n {
				t.Fatalf("level %d: drawn among %v, want %d hexes", c.level, d.ns, c.n)
			}
			if x < 0 || x == f.cell || g.b.dist(f.cell, x) > 3*c.level {
				t.Fatalf("level %d: draw %d: to %v", c.level, k, g.b.hex(x))
			}
			seen[x] = true
			far = max(far, g.b.dist(f.cell, x))
		}
		if len(seen) != c.n || far != 3*c.level {
			t.Errorf("level %d: %d hexes drawn, the furthest %d off; want %d, %d off", c.level, len(seen), far, c.n, 3*c.level)
		}
	}
}
