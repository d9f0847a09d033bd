package combat

import (
	"slices"
	"testing"

	"github.com/deckpress/deckpress/layout"
)

// duel sets a game up on the open field: side 0's heroes from hex 5,7
// along the row, side 1's from dist hexes to the right of the first, and
// the dice scripted.
func duel(t *testing.T, a, b []Hero, dist int, opt Options, rolls ...int) (*game, *script) {
	t.Helper()
	board := openBoard(t)
	m := match(t, board, a, b, opt)
	s := &script{t: t, rolls: rolls}
	g := m.game(s)
	at := func(col int) int32 {
		c, _ := board.cell(layout.Hex{Col: col, Row: 7})
		return c
	}
	for i := range a {
		g.moveTo(&g.f[i], at(5-i))
	}
	for i := range b {
		g.moveTo(&g.f[len(a)+i], at(5+dist+i))
	}
	g.turn, g.seg = 1, 1
	return g, s
}

func with(p Power, change func(*Power)) Power {
	change(&p)
	return p
}

// TestOneSegment: each power's effect, one action with scripted dice.
// The attacker has CM 11 (STR 3, DEX 4) and PER 4; the target CM 9 (STR
// 3, DEX 3), 27 oomph, STR 3: the to-hit number is 15 + 11 − 9 = 17, a
// gizmo is hit on 4 + 2 = 6, a hidden one noticed on 12, an invisible
// target found on 8, a hold broken on 6.
func TestOneSegment(t *testing.T) {
	close3 := pw(CloseAttack, 3)
	dist2 := pw(DistanceAttack, 2)
	missile := with(dist2, func(p *Power) { p.Missile = true })
	attacker := func(ps ...Power) Hero { return hero(t, "A", 3, 4, 3, 4, ps...) }
	target := func(ps ...Power) Hero { return hero(t, "T", 3, 3, 3, 3, ps...) }
	hit := func(pi int) action { return action{kind: aAttack, power: int8(pi), target: 1} }
	gizmo := func(pi, gi int) action { return action{kind: aGizmo, power: int8(pi), target: 1, gizmo: int8(gi)} }
	type want struct {
		oomph  int  // the target's, after
		held   int  // the target is held through this segment
		broken int  // 1 + the target's power whose gizmo is destroyed; 0 none
		skip   bool // the attacker loses its next action
		left   int  // the attacker's first power's uses left, when limited
	}
	for _, c := range []struct {
		name  string
		a, t  Hero
		dist  int
		opt   Options
		act   action
		rolls []int
		want  want
	}{
		{"to-hit number hits", attacker(close3), target(), 1, Options{}, hit(0), []int{17}, want{oomph: 27 - 3}},
		{"to-hit number misses above", attacker(close3), target(), 1, Options{}, hit(0), []int{18}, want{oomph: 27}},
		{"to-hit number below 15", hero(t, "A", 3, 3, 3, 3, close3), hero(t, "T", 4, 5, 2, 3), 1, Options{}, hit(0), []int{10}, want{oomph: 4*2*3 - 3}},
		{"to-hit number below 15 misses", hero(t, "A", 3, 3, 3, 3, close3), hero(t, "T", 4, 5, 2, 3), 1, Options{}, hit(0), []int{11}, want{oomph: 24}},
		{"extra oomph: 17 − 10 − 4", attacker(close3), target(), 1, Options{}, hit(0), []int{4}, want{oomph: 27 - 3 - 3}},
		{"extra oomph: 17 − 10 − 1", attacker(close3), target(), 1, Options{}, hit(0), []int{1}, want{oomph: 27 - 3 - 6}},
		{"no extra oomph at 7", attacker(close3), target(), 1, Options{}, hit(0), []int{7}, want{oomph: 27 - 3}},
		{"defenses take their level off", attacker(close3), target(pw(Defenses, 2)), 1, Options{}, hit(0), []int{4}, want{oomph: 27 - 6 + 2}},
		{"defenses never below zero", attacker(close3), target(pw(Defenses, 4)), 1, Options{}, hit(0), []int{17}, want{oomph: 27}},
		{"piercing ignores defenses", attacker(with(close3, func(p *Power) { p.Piercing = true })), target(pw(Defenses, 2)), 1, Options{}, hit(0), []int{4}, want{oomph: 27 - 6}},
		{"unreliable defenses fail", attacker(close3), target(with(pw(Defenses, 2), func(p *Power) { p.Works = 10 })), 1, Options{}, hit(0), []int{4, 11}, want{oomph: 27 - 6}},
		{"unreliable defenses work", attacker(close3), target(with(pw(Defenses, 2), func(p *Power) { p.Works = 10 })), 1, Options{}, hit(0), []int{4, 10}, want{oomph: 27 - 4}},
		{"missile deflected on level × 3", attacker(missile), target(pw(MissileDeflection, 2)), 3, Options{}, hit(0), []int{4, 6}, want{oomph: 27}},
		{"missile not deflected", attacker(missile), target(pw(MissileDeflection, 2)), 3, Options{}, hit(0), []int{4, 7}, want{oomph: 27 - 2 - 3}},
		{"no deflecting a non-missile", attacker(dist2), target(pw(MissileDeflection, 2)), 3, Options{}, hit(0), []int{4}, want{oomph: 27 - 2 - 3}},
		{"deflection before defenses", attacker(missile), target(pw(MissileDeflection, 2), pw(Defenses, 1)), 3, Options{}, hit(0), []int{4, 7}, want{oomph: 27 - 5 + 1}},
		{"unreliable attack fails, use spent", attacker(with(close3, func(p *Power) { p.Works, p.Uses = 15, 3 })), target(), 1, Options{}, hit(0), []int{16}, want{oomph: 27, left: 2}},
		{"unreliable attack works", attacker(with(close3, func(p *Power) { p.Works, p.Uses = 15, 3 })), target(), 1, Options{}, hit(0), []int{15, 4}, want{oomph: 27 - 6, left: 2}},
		{"invisible: not found, action lost", attacker(with(close3, func(p *Power) { p.Uses = 3 })), target(with(pw(Invisibility, 1), func(p *Power) { p.AlwaysOn = true })), 1, Options{}, hit(0), []int{9}, want{oomph: 27, left: 3}},
		{"invisible: found on PER × 2", attacker(with(close3, func(p *Power) { p.Uses = 3 })), target(with(pw(Invisibility, 1), func(p *Power) { p.AlwaysOn = true })), 1, Options{}, hit(0), []int{8, 4}, want{oomph: 27 - 6, left: 2}},
		{"invisibility not switched on", attacker(close3), target(pw(Invisibility, 1)), 1, Options{}, hit(0), []int{4}, want{oomph: 27 - 6}},
		{"entangled for level segments", attacker(pw(EntanglingAttack, 2)), target(), 3, Options{}, hit(0), []int{17}, want{oomph: 27, held: 1 + 2}},
		{"entangling misses", attacker(pw(EntanglingAttack, 2)), target(), 3, Options{}, hit(0), []int{18}, want{oomph: 27}},
		{"gizmo destroyed on 4 + CM difference", attacker(close3), target(pw(CloseAttack, 1)), 1, Options{}, gizmo(0, 0), []int{6}, want{oomph: 27, broken: 1}},
		{"gizmo survives", attacker(close3), target(pw(CloseAttack, 1)), 1, Options{}, gizmo(0, 0), []int{7}, want{oomph: 27}},
		{"destroyed defenses stop", attacker(close3), target(pw(Defenses, 2)), 1, Options{}, gizmo(0, 0), []int{1}, want{oomph: 27, broken: 1}},
		{"fumble: a 20 misses", attacker(close3), hero(t, "T", 3, 1, 3, 3), 1, Options{Fumbles: true}, hit(0), []int{20}, want{oomph: 27, skip: true}},
		{"no fumbles: a 20 hits at 21", attacker(close3), hero(t, "T", 3, 1, 3, 3), 1, Options{}, hit(0), []int{20}, want{oomph: 27 - 3}},
		{"fumble: a 19 hits", attacker(close3), hero(t, "T", 3, 1, 3, 3), 1, Options{Fumbles: true}, hit(0), []int{19}, want{oomph: 27 - 3}},
		{"area off: an ordinary attack", attacker(with(dist2, func(p *Power) { p.Area = true })), target(), 3, Options{}, hit(0), []int{4}, want{oomph: 27 - 5}},
	} {
		t.Run(c.name, func(t *testing.T) {
			g, s := duel(t, []Hero{c.a}, []Hero{c.t}, c.dist, c.opt, c.rolls...)
			a, tg := &g.f[0], &g.f[1]
			if p := &a.h.Powers[c.act.power]; !g.inReach(p, a.cell, tg) {
				t.Fatalf("%s does not reach %d hexes", kindName(p.Kind), c.dist)
			}
			g.do(a, c.act)
			if len(s.rolls) > 0 {
				t.Errorf("rolls left over: %v", s.rolls)
			}
			got := want{oomph: tg.oomph, held: tg.held, skip: a.skip}
			for gi := range tg.p {
				if tg.p[gi].broken {
					got.broken = gi + 1
				}
			}
			if a.h.Powers[0].Uses != Unlimited {
				got.left = a.p[0].left
			}
			if got != c.want {
				t.Errorf("got %+v, want %+v", got, c.want)
			}
		})
	}
}

// TestReach: Close Attack reaches the next hex; Distance and Entangling
// Attack level × 4 hexes with a clear line.
func TestReach(t *testing.T) {
	for _, c := range []struct {
		p    Power
		dist int
		want bool
	}{
		{pw(CloseAttack, 5), 1, true},
		{pw(CloseAttack, 5), 2, false},
		{pw(DistanceAttack, 1), 4, true},
		{pw(DistanceAttack, 1), 5, false},
		{pw(DistanceAttack, 3), 12, true},
		{pw(DistanceAttack, 3), 13, false},
		{pw(EntanglingAttack, 2), 8, true},
		{pw(EntanglingAttack, 2), 9, false},
	} {
		g, _ := duel(t, []Hero{hero(t, "A", 3, 4, 3, 4, c.p)}, []Hero{hero(t, "T", 3, 3, 3, 3)}, c.dist, Options{})
		if got := g.inReach(&c.p, g.f[0].cell, &g.f[1]); got != c.want {
			t.Errorf("%s %d at %d hexes: reaches %v", kindName(c.p.Kind), c.p.Level, c.dist, got)
		}
	}
	// a wall between blocks a Distance Attack, not a Close Attack
	a := OpenField()
	a.Opaque = []layout.Hex{{Col: 7, Row: 7}}
	b, err := NewBoard(a)
	if err != nil {
		t.Fatal(err)
	}
	at := func(col int) int32 { c, _ := b.cell(layout.Hex{Col: col, Row: 7}); return c }
	if b.sees(at(5), at(9)) || !b.sees(at(5), at(7)) || !b.sees(at(6), at(7)) || !b.sees(at(5), at(5)) {
		t.Error("the opaque hex 7,7 does not block exactly the lines through it")
	}
}

// TestTurnStart: Regeneration gives its level back at the start of a
// turn, never above the maximum; a limited one spends a use only when it
// heals.
func TestTurnStart(t *testing.T) {
	regen := pw(Regeneration, 3)
	limited := with(regen, func(p *Power) { p.Uses = 2 })
	unreliable := with(regen, func(p *Power) { p.Works = 10 })
	for _, c := range []struct {
		name       string
		p          Power
		from       int
		rolls      []int
		want, uses int
	}{
		{"heals its level", regen, 20, nil, 23, Unlimited},
		{"never above the maximum", regen, 26, nil, 27, Unlimited},
		{"full: nothing", limited, 27, nil, 27, 2},
		{"a use per turn it heals", limited, 10, nil, 13, 1},
		{"unreliable fails", unreliable, 10, []int{11}, 10, Unlimited},
		{"unreliable works", unreliable, 10, []int{10}, 13, Unlimited},
	} {
		g, s := duel(t, []Hero{hero(t, "A", 3, 3, 3, 3, c.p)}, []Hero{hero(t, "T", 3, 3, 3, 3)}, 1, Options{}, c.rolls...)
		g.f[0].oomph = c.from
		g.regenerate()
		if g.f[0].oomph != c.want || g.f[0].p[0].left != c.uses || len(s.rolls) > 0 {
			t.Errorf("%s: oomph %d, uses %d, rolls left %v; want %d, %d", c.name, g.f[0].oomph, g.f[0].p[0].left, s.rolls, c.want, c.uses)
		}
	}
}

// TestHiddenGizmo: a hidden gizmo cannot be attacked until noticed (PER ×
// 3, as an action); the owner gives away the cheapest; indestructible
// gizmos and powers without one are never targets.
func TestHiddenGizmo(t *testing.T) {
	hidden := func(k Kind, cost int) Power {
		return with(pw(k, 1), func(p *Power) { p.Gizmo, p.Cost = Hidden, cost })
	}
	tg := hero(t, "T", 3, 3, 3, 3, hidden(CloseAttack, 30), hidden(Defenses, 12),
		with(pw(Flight, 1), func(p *Power) { p.Gizmo = Indestructible }), with(pw(Regeneration, 1), func(p *Power) { p.Gizmo = NoGizmo }),
		pw(Teleport, 1))
	g, s := duel(t, []Hero{hero(t, "A", 3, 4, 3, 4, pw(CloseAttack, 1))}, []Hero{tg}, 1, Options{}, 13, 12)
	a, f := &g.f[0], &g.f[1]
	targets := func() (out []int) {
		for gi := range f.p {
			if g.gizmoTarget(f, gi, a.side) {
				out = append(out, gi)
			}
		}
		return out
	}
	if got := targets(); len(got) != 1 || got[0] != 4 {
		t.Errorf("before noticing, targets %v; want only the visible Teleport (4)", got)
	}
	g.do(a, action{kind: aNotice, target: 1}) // 13: not noticed
	if got := targets(); len(got) != 1 {
		t.Errorf("a roll of 13 noticed: targets %v", got)
	}
	g.do(a, action{kind: aNotice, target: 1}) // 12: noticed, the cheaper (Defenses)
	if got := targets(); len(got) != 2 || got[0] != 1 || len(s.rolls) > 0 {
		t.Errorf("after noticing, targets %v; want Defenses (1) and Teleport (4)", got)
	}
	if f.p[1].noticed[f.side] {
		t.Error("the owner's side noticed its own gizmo")
	}
}

// TestHeld: an entangled hero spends its actions trying to break free
// (STR × 2) until the hold ends; a fumbled hero loses one action.
func TestHeld(t *testing.T) {
	g, s := duel(t, []Hero{hero(t, "A", 3, 3, 3, 3, pw(CloseAttack, 1))}, []Hero{hero(t, "T", 3, 3, 3, 3, pw(CloseAttack, 1))}, 1, Options{}, 7, 6)
	f := &g.f[0]
	f.held = 4
	g.seg = 2
	g.act(f) // 7 > 6: still held
	if f.held != 4 {
		t.Fatal("broke free on 7 with STR 3")
	}
	g.seg = 3
	g.act(f) // 6: free, the action spent
	if f.held != 0 || g.f[1].oomph != 27 || len(s.rolls) > 0 {
		t.Errorf("held %d, foe's oomph %d, rolls left %v", f.held, g.f[1].oomph, s.rolls)
	}
	s.rolls = []int{1} // a hold that has run out: the hero acts (a hit on 1)
	f.held = 3
	g.seg = 4
	g.act(f)
	if g.f[1].oomph >= 27 {
		t.Error("a hero held through segment 3 did not act in segment 4")
	}
	f.skip = true
	before := g.f[1].oomph
	g.act(f) // no roll: the action is lost
	if f.skip || g.f[1].oomph != before {
		t.Error("a fumbled hero acted")
	}
}

// TestInvisibilitySwitchedOn: switched on as an action, Invisibility
// lasts six segments, this one included.
func TestInvisibilitySwitchedOn(t *testing.T) {
	inv := with(pw(Invisibility, 1), func(p *Power) { p.Uses = 2 })
	g, s := duel(t, []Hero{hero(t, "A", 3, 3, 3, 3, inv)}, []Hero{hero(t, "T", 3, 3, 3, 4, pw(CloseAttack, 1))}, 1, Options{})
	a, f := &g.f[0], &g.f[1]
	g.seg = 2
	g.do(a, action{kind: aInvisible, power: 0})
	if a.p[0].left != 1 {
		t.Errorf("uses left %d, want 1", a.p[0].left)
	}
	for seg := 2; seg <= 8; seg++ {
		g.seg = seg
		s.rolls = []int{9} // above PER 4 × 2: lost if invisible; else a hit
		g.do(f, action{kind: aAttack, power: 0, target: 0})
		if lost := a.oomph == 27; lost != (seg <= 7) {
			t.Errorf("segment %d: attack lost %v", seg, lost)
		}
		a.oomph = 27
	}
}

// TestArea: with the area switch, an area attack's one roll hits every
// other hero within level hexes of the target whose CM it beats, allies
// too; area-falloff reaches level − 1 hexes, a level less each hex.
func TestArea(t *testing.T) {
	area := with(pw(DistanceAttack, 2), func(p *Power) { p.Area = true })
	falloff := with(pw(DistanceAttack, 3), func(p *Power) { p.Falloff = true })
	for _, c := range []struct {
		name string
		p    Power
		want [4]int // oomph of: ally, target, its neighbour, 2 hexes on
	}{
		// roll 7 on 17: no extra oomph
		{"area", area, [4]int{27, 27 - 2, 27 - 2, 27 - 2}},
		{"falloff", falloff, [4]int{27, 27 - 3, 27 - 2, 27 - 1}},
	} {
		ally := hero(t, "ally", 3, 3, 3, 3)
		foe := hero(t, "T", 3, 3, 3, 3)
		g, s := duel(t, []Hero{hero(t, "A", 3, 4, 3, 4, c.p), ally}, []Hero{foe, foe, foe}, 2, Options{Area: true}, 7)
		g.do(&g.f[0], action{kind: aAttack, power: 0, target: 2})
		got := [4]int{g.f[1].oomph, g.f[2].oomph, g.f[3].oomph, g.f[4].oomph}
		if got != c.want || len(s.rolls) > 0 {
			t.Errorf("%s: oomph %v, want %v", c.name, got, c.want)
		}
	}
	// the ally next to the target is hit too
	g, _ := duel(t, []Hero{hero(t, "A", 3, 4, 3, 4, area)}, []Hero{hero(t, "T", 3, 3, 3, 3)}, 1, Options{Area: true}, 7)
	g.do(&g.f[0], action{kind: aAttack, power: 0, target: 1})
	if g.f[0].oomph != 27 {
		t.Error("the attacker hit itself")
	}
}

// TestFaint: a hero at 0 oomph faints and leaves its hex; the last one
// standing wins.
func TestFaint(t *testing.T) {
	g, _ := duel(t, []Hero{hero(t, "A", 3, 4, 3, 4, pw(CloseAttack, 3))}, []Hero{hero(t, "T", 1, 3, 1, 3)}, 1, Options{}, 17)
	g.do(&g.f[0], action{kind: aAttack, power: 0, target: 1})
	if !g.f[1].out || g.occ[g.f[1].cell] != 0 || g.alive != [2]int{1, 0} {
		t.Errorf("3 oomph after a 3-oomph hit: out %v, alive %v", g.f[1].out, g.alive)
	}
}

// TestMovement: walking moves feet per segment ÷ 5 hexes (at least 1),
// Flight adds level × 5 ft, Teleport goes level × 3 hexes in sight.
func TestMovement(t *testing.T) {
	for _, c := range []struct {
		h         Hero
		walk, fly int
	}{
		{hero(t, "slow", 3, 1, 3, 8), 1, 1},                    // 3 ft a turn, 1 action: 3 ft → 1 hex
		{hero(t, "quick", 2, 6, 6, 1), 1, 1},                   // 36 ft, 6 actions: 6 ft → 1 hex
		{hero(t, "big", 1, 7, 7, 1), 1, 1},                     // 49 ft, 6 actions: 8 ft → 1 hex
		{hero(t, "flyer", 3, 4, 3, 5, pw(Flight, 2)), 1, 2},    // 12 ft, 3: 4 ft → 1; + 10 ft = 14 → 2
		{hero(t, "jet", 2, 10, 5, 1, pw(Flight, 1)), 1, 2},     // 50 ft, 6: 8 ft → 1; + 5 = 13 → 2
		{hero(t, "strider", 1, 12, 6, 1, pw(Flight, 3)), 2, 5}, // 72 ft, 6: 12 ft → 2; + 15 = 27 → 5
	} {
		m := match(t, openBoard(t), []Hero{c.h}, []Hero{hero(t, "T", 3, 3, 3, 3)}, Options{})
		if m.walk[0] != c.walk || m.fly[0] != c.fly {
			t.Errorf("%s (%d ft a segment): walks %d, flies %d hexes; want %d, %d", c.h.Name, c.h.Feet, m.walk[0], m.fly[0], c.walk, c.fly)
		}
	}
	tele := with(pw(Teleport, 1), func(p *Power) { p.Uses = 1 })
	g, _ := duel(t, []Hero{hero(t, "A", 3, 3, 3, 3, tele)}, []Hero{hero(t, "T", 3, 3, 3, 3)}, 9, Options{})
	a := &g.f[0]
	var reach []int
	for c := range int32(g.b.n) {
		if g.teleportable(a, &a.h.Powers[0], c) {
			reach = append(reach, g.b.dist(a.cell, c))
		}
	}
	if len(reach) != 36 || slices.Max(reach) != 3 { // the hexes 1 to 3 away: 6 + 12 + 18
		t.Errorf("teleport reaches %d hexes, up to %d away", len(reach), slices.Max(reach))
	}
	if g.teleportable(a, &a.h.Powers[0], a.cell+4) {
		t.Error("teleport reaches 4 hexes at level 1")
	}
	dest := a.cell + 3
	g.do(a, action{kind: aTeleport, power: 0, dest: dest})
	if a.cell != dest || a.p[0].left != 0 || a.usable(0) {
		t.Errorf("after teleporting: at %v, %d uses left", g.b.hex(a.cell), a.p[0].left)
	}
}
