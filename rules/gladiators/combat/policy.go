package combat

import "fmt"

// Policy makes the choices the rules leave to a player: what a hero does
// with its action, and which hidden gizmo a hero gives away when a foe
// notices one. The engine carries the choice out by the rules.
type Policy interface {
	// Name is the policy's name on the command line.
	Name() string
	choose(g *game, f *fighter) action
	reveal(g *game, owner *fighter, gizmos []int32) int
}

// Policies are the policies by name.
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

// Greedy takes, each segment, the action worth the most oomph now,
// expected over the dice:
//
//   - an attack on a foe in reach is worth its expected oomph damage (no
//     more than the foe has left; an area attack adds every foe in the
//     area and takes off the allies);
//   - an Entangling Attack is worth the damage the foe's held actions
//     would have done to the attacker;
//   - an attack on a gizmo is worth the chance of destroying it times what
//     losing the power changes over the next turn (the damage the foe's
//     attack would do, or the damage its Defenses, Missile Deflection or
//     Invisibility would keep off, or the oomph its Regeneration gives
//     back);
//   - noticing a hidden gizmo is worth the chance of noticing it times the
//     gizmo attack it allows, on the foe's least valuable hidden gizmo;
//   - switching Invisibility on is worth the damage the foes' next six
//     segments of attacks would miss.
//
// Damage kept off the hero counts as damage on the foe times the foe's
// oomph left over the hero's: a fight is a race to 0 oomph.
//
// Ties go to the foe with the least oomph left, then to a die roll. When
// nothing is worth anything, the hero moves: along a shortest path (hex
// by hex, through allies, around foes and blocked hexes) to the nearest
// hex from which its best attack on a foe reaches it, as far as its
// movement goes. Its best attack is the damaging one of the highest
// expected damage on that foe (without one, an Entangling Attack, when
// the foe can hurt it); when that attack reaches further than any of the
// foe's, it stops outside the foe's reach. It flies or climbs when that leaves it
// nearer (counting the chance that an unreliable power fails), and
// teleports when that lands it nearer, as the crow flies, than its move
// would. A hero already where it wants to be waits. A foe who notices one of
// its hidden gizmos is given the one that cost the fewest points, the first of equals.
type Greedy struct{}

// Name returns "greedy".
func (Greedy) Name() string { return "greedy" }

// Random takes, each segment, one of its legal actions with equal
// chances: each attack with each power on each foe in reach, each attack
// on each foe's gizmo it may hit, noticing each foe's hidden gizmos,
// switching Invisibility on, and one move in each of its ways of moving
// (walking, flying, climbing, teleporting) to a hex picked with equal
// chances among those the move reaches. With no legal action it waits.
// It gives away a hidden gizmo picked with equal chances.
type Random struct{}

// Name returns "random".
func (Random) Name() string { return "random" }

// chooser keeps the best action seen so far.
type chooser struct {
	g     *game
	best  action
	value float64
	oomph int
	ties  int
}

func (c *chooser) consider(a action, v float64, oomph int) {
	switch {
	case v <= 0:
	case v > c.value || (v == c.value && oomph < c.oomph):
		c.best, c.value, c.oomph, c.ties = a, v, oomph, 1
	case v == c.value && oomph == c.oomph:
		c.ties++
		if c.g.d.IntN(c.ties) == 0 {
			c.best = a
		}
	}
}

// inReach reports whether f's power p reaches t from cell c.
func (g *game) inReach(p *Power, c int32, t *fighter) bool {
	d := g.b.dist(c, t.cell)
	return d <= p.reach() && (p.Kind == CloseAttack || g.b.sees(c, t.cell))
}

func (Greedy) choose(g *game, f *fighter) action {
	c := chooser{g: g}
	for ti := range g.f {
		t := &g.f[ti]
		if t.out || t.side == f.side {
			continue
		}
		tf, ft := -1.0, -1.0 // threats, once needed
		threats := func() {
			if tf < 0 {
				tf, ft = g.threat(t, f, -1), g.threat(f, t, -1)
			}
		}
		gizmoHit, gizmoPower := 0.0, -1
		for pi := range f.h.Powers {
			p := &f.h.Powers[pi]
			if !p.attack() || !f.usable(pi) || !g.inReach(p, f.cell, t) {
				continue
			}
			a := action{kind: aAttack, power: int8(pi), target: int16(ti)}
			if p.Kind == EntanglingAttack {
				threats()
				c.consider(a, g.entangleValue(f, pi, t, tf), t.oomph)
				continue
			}
			c.consider(a, g.expected(f, pi, t), t.oomph)
			if h := g.gizmoChance(f, pi, t); h > gizmoHit {
				gizmoHit, gizmoPower = h, pi
			}
		}
		// a gizmo is best attacked with the likeliest power, the first of equals
		if gizmoPower >= 0 {
			for gi := range t.p {
				if g.gizmoTarget(t, gi, f.side) {
					threats()
					a := action{kind: aGizmo, power: int8(gizmoPower), target: int16(ti), gizmo: int8(gi)}
					c.consider(a, gizmoHit*g.swing(f, t, gi, tf, ft), t.oomph)
				}
			}
		}
		if gi := leastValuable(g, t, f.side); gi >= 0 && g.b.sees(f.cell, t.cell) {
			hit := 0.0
			for pi := range f.h.Powers {
				if f.h.Powers[pi].damaging() && f.usable(pi) {
					hit = max(hit, g.gizmoChance(f, pi, t))
				}
			}
			if hit > 0 {
				threats()
				c.consider(action{kind: aNotice, target: int16(ti)}, chance(3*f.h.PER)*hit*g.swing(f, t, gi, tf, ft), t.oomph)
			}
		}
	}
	if pi := f.has(Invisibility); pi >= 0 && !f.h.Powers[pi].AlwaysOn {
		c.consider(action{kind: aInvisible, power: int8(pi)}, g.invisibilityValue(f, pi), f.oomph)
	}
	if c.ties > 0 {
		return c.best
	}
	return g.approach(f)
}

// leastValuable returns t's hidden gizmo, unnoticed by side, that cost
// the fewest points (the first of equals), or −1.
func leastValuable(g *game, t *fighter, side int8) int {
	best := -1
	for gi := range t.p {
		if g.hiddenFrom(t, gi, side) && (best < 0 || t.h.Powers[gi].Cost < t.h.Powers[best].Cost) {
			best = gi
		}
	}
	return best
}

func (Greedy) reveal(g *game, owner *fighter, gizmos []int32) int {
	best := int(gizmos[0])
	for _, gi := range gizmos[1:] {
		if owner.h.Powers[gi].Cost < owner.h.Powers[best].Cost {
			best = int(gi)
		}
	}
	return best
}

func (Random) reveal(g *game, owner *fighter, gizmos []int32) int {
	return int(gizmos[g.d.IntN(len(gizmos))])
}

func (Random) choose(g *game, f *fighter) action {
	opts := g.opts[:0]
	for pi := range f.h.Powers {
		p := &f.h.Powers[pi]
		if !p.attack() || !f.usable(pi) {
			continue
		}
		for ti := range g.f {
			t := &g.f[ti]
			if t.out || t.side == f.side || !g.inReach(p, f.cell, t) {
				continue
			}
			opts = append(opts, action{kind: aAttack, power: int8(pi), target: int16(ti)})
			if !p.damaging() {
				continue
			}
			for gi := range t.p {
				if g.gizmoTarget(t, gi, f.side) {
					opts = append(opts, action{kind: aGizmo, power: int8(pi), target: int16(ti), gizmo: int8(gi)})
				}
			}
		}
	}
	for ti := range g.f {
		t := &g.f[ti]
		if !t.out && t.side != f.side && g.b.sees(f.cell, t.cell) && leastValuable(g, t, f.side) >= 0 {
			opts = append(opts, action{kind: aNotice, target: int16(ti)})
		}
	}
	if pi := f.has(Invisibility); pi >= 0 && !f.h.Powers[pi].AlwaysOn {
		opts = append(opts, action{kind: aInvisible, power: int8(pi)})
	}
	opts = append(opts, action{kind: aMove, mode: walk})
	if f.has(Flight) >= 0 {
		opts = append(opts, action{kind: aMove, mode: fly})
	}
	if f.has(WallCrawling) >= 0 && g.b.anyBlocked {
		opts = append(opts, action{kind: aMove, mode: climb})
	}
	if pi := f.has(Teleport); pi >= 0 {
		opts = append(opts, action{kind: aTeleport, power: int8(pi)})
	}
	g.opts = opts
	// a move without a hex to go to is not legal: draw again without it
	for len(opts) > 0 {
		k := g.d.IntN(len(opts))
		a := opts[k]
		switch a.kind {
		case aMove:
			a.dest = g.randomMove(f, a.mode)
		case aTeleport:
			a.dest = g.randomTeleport(f, int(a.power))
		default:
			return a
		}
		if a.dest >= 0 {
			return a
		}
		opts[k] = opts[len(opts)-1]
		opts = opts[:len(opts)-1]
	}
	return action{kind: aPass}
}

// hexes returns how many hexes f moves in a mode.
func (f *fighter) hexes(mode moveMode) int {
	if mode == fly {
		return f.fly
	}
	return f.walk
}

// randomMove picks, with equal chances, a hex f's move in a mode reaches,
// or −1.
func (g *game) randomMove(f *fighter, mode moveMode) int32 {
	g.cands = g.cands[:0]
	for _, c := range g.search(f, mode, f.hexes(mode), nil) {
		if c != f.cell && g.stoppable(f, c, mode) {
			g.cands = append(g.cands, c)
		}
	}
	if len(g.cands) == 0 {
		return -1
	}
	return g.cands[g.d.IntN(len(g.cands))]
}

// teleportable reports whether f may teleport with power p to cell c.
func (g *game) teleportable(f *fighter, p *Power, c int32) bool {
	return c != f.cell && g.occ[c] == 0 && !g.b.blocked[c] && g.b.dist(f.cell, c) <= 3*p.Level && g.b.sees(f.cell, c)
}

// randomTeleport picks, with equal chances, a hex f's Teleport reaches,
// or −1.
func (g *game) randomTeleport(f *fighter, pi int) int32 {
	p := &f.h.Powers[pi]
	g.cands = g.cands[:0]
	for c := range int32(g.b.n) {
		if g.teleportable(f, p, c) {
			g.cands = append(g.cands, c)
		}
	}
	if len(g.cands) == 0 {
		return -1
	}
	return g.cands[g.d.IntN(len(g.cands))]
}
