package combat

// The expectations the greedy policy weighs its actions by, over the
// dice, in oomph.

// works is the chance that a use of a power works.
func works(p *Power) float64 { return float64(p.Works) / 20 }

// chance is the chance of a d20 roll of n or less.
func chance(n int) float64 { return float64(min(max(n, 0), 20)) / 20 }

// topRoll is the highest attack roll that can hit on to-hit number n:
// n, at most 20, and 19 with fumbles.
func (g *game) topRoll(n int) int {
	top := min(n, 20)
	if g.m.opt.Fumbles {
		top = min(top, 19)
	}
	return top
}

// findChance is the chance that f's attack on t gets past t's
// Invisibility (1 when t is not invisible).
func (g *game) findChance(f, t *fighter) float64 {
	pi := t.has(Invisibility)
	if pi < 0 {
		return 1
	}
	p := &t.h.Powers[pi]
	seen := chance(2 * f.h.PER)
	switch {
	case p.AlwaysOn:
		return 1 - works(p)*(1-seen)
	case g.seg <= t.invis:
		return seen
	}
	return 1
}

// rollDamage is the expected oomph damage of one roll of f's power p at
// level on h, over the to-hit roll, Defenses and Missile Deflection,
// counting no more than h has left.
func (g *game) rollDamage(f *fighter, p *Power, h *fighter, level int) float64 {
	n := toHit(f, h)
	top := g.topRoll(n)
	if top < 1 {
		return 0
	}
	e := float64(hitSum(level, n, top, 0, h.oomph))
	if di := h.has(Defenses); di >= 0 && !p.Piercing {
		w := works(&h.h.Powers[di])
		e = w*float64(hitSum(level, n, top, h.h.Powers[di].Level, h.oomph)) + (1-w)*e
	}
	e /= 20
	if mi := h.has(MissileDeflection); mi >= 0 && p.Missile {
		md := &h.h.Powers[mi]
		e *= 1 - works(md)*chance(3*md.Level)
	}
	return e
}

// hitSum adds up, over the rolls 1 to top that hit on to-hit number n,
// the damage level + extra oomph (n − 10 − roll, when above zero), less
// off (never below zero) and at most most.
func hitSum(level, n, top, off, most int) int {
	// rolls below n − 10 add n − 10 − roll: those are the rolls 1…m, and
	// their damages the run of whole numbers lo…hi
	m := max(0, min(top, n-11))
	base := level - off
	lo, hi := base+n-10-m, base+n-11
	return clampSum(lo, hi, most) + (top-m)*min(max(base, 0), most)
}

// clampSum adds up min(max(x, 0), most) for x from lo to hi.
func clampSum(lo, hi, most int) int {
	if hi < lo {
		return 0
	}
	sum := 0
	if hi > most { // the numbers above most count most
		sum += (hi - max(lo, most+1) + 1) * most
		hi = most
	}
	lo = max(lo, 0)
	if hi >= lo {
		sum += (lo + hi) * (hi - lo + 1) / 2
	}
	return sum
}

// expected is the expected oomph damage of f's attack with power pi
// aimed at t; an area attack adds its expected damage on every foe in the
// area and takes off what it does to allies.
func (g *game) expected(f *fighter, pi int, t *fighter) float64 {
	p := &f.h.Powers[pi]
	lead := g.findChance(f, t) * works(p)
	if !(g.m.opt.Area && p.Kind == DistanceAttack && (p.Area || p.Falloff)) {
		return lead * g.rollDamage(f, p, t, p.Level)
	}
	radius := p.Level
	if p.Falloff {
		radius--
	}
	sum := 0.0
	for i := range g.f {
		h := &g.f[i]
		if h.out || h == f {
			continue
		}
		d := g.b.dist(h.cell, t.cell)
		if d > radius {
			continue
		}
		level := p.Level
		if p.Falloff {
			level -= d
		}
		e := g.rollDamage(f, p, h, level)
		if h.side == f.side {
			e = -e
		}
		sum += e
	}
	return lead * sum
}

// threat is the expected oomph damage of f's best damaging attack on t,
// wherever they stand; skip leaves one of f's powers out (−1: none).
func (g *game) threat(f, t *fighter, skip int) float64 {
	best := 0.0
	find := g.findChance(f, t)
	for pi := range f.h.Powers {
		p := &f.h.Powers[pi]
		if pi == skip || !p.damaging() || !f.usable(pi) {
			continue
		}
		best = max(best, find*works(p)*g.rollDamage(f, p, t, p.Level))
	}
	return best
}

// segmentsIn counts a hero's action segments after segment from, up to
// and including to (segments counted over the fight).
func segmentsIn(h *Hero, from, to int) int {
	n := 0
	for s := from + 1; s <= to; s++ {
		if h.Segments[(s-1)%6+1] {
			n++
		}
	}
	return n
}

// race converts oomph damage kept off f into damage on t of the same
// worth: a fight is a race to 0 oomph, so an oomph of f's weighs as much
// as t's oomph left over f's.
func race(f, t *fighter) float64 { return float64(t.oomph) / float64(max(f.oomph, 1)) }

// entangleValue is what holding t is worth to f: the chance of a hit
// times the damage t's lost actions would have done to f (tf, t's
// threat to f), weighed as damage on t (race).
func (g *game) entangleValue(f *fighter, pi int, t *fighter, tf float64) float64 {
	p := &f.h.Powers[pi]
	hit := g.findChance(f, t) * works(p) * chance(g.topRoll(toHit(f, t)))
	from, to := max(g.seg, t.held), g.seg+p.Level
	m := segmentsIn(t.h, from, to)
	if hit == 0 || m == 0 {
		return 0
	}
	stay := 1 - chance(2*t.h.STR) // fails to break free
	lost, keep := 0.0, 1.0
	for range m {
		lost += keep
		keep *= stay
	}
	return hit * lost * tf * race(f, t)
}

// gizmoChance is the chance that f's attack with power pi destroys a
// gizmo of t: find t, the power works, the roll is 4 + CM difference or
// less.
func (g *game) gizmoChance(f *fighter, pi int, t *fighter) float64 {
	top := g.topRoll(4 + f.h.CM - t.h.CM)
	if top < 1 {
		return 0
	}
	return g.findChance(f, t) * works(&f.h.Powers[pi]) * chance(top)
}

// swing is what t's losing power gi is worth to f over a turn, as damage
// on t: the damage t's actions would do to f with it (weighed by race),
// or the damage f's actions would do to t without it (Defenses, Missile
// Deflection, Invisibility), or the oomph its Regeneration gives back.
// tf and ft are t's and f's threats to each other with every power.
func (g *game) swing(f, t *fighter, gi int, tf, ft float64) float64 {
	gp := &t.h.Powers[gi]
	switch gp.Kind {
	case CloseAttack, DistanceAttack:
		return (tf - g.threat(t, f, gi)) * float64(t.nact) * race(f, t)
	case Defenses, MissileDeflection, Invisibility:
		was := t.p[gi].broken
		t.p[gi].broken = true
		without := g.threat(f, t, -1)
		t.p[gi].broken = was
		return (without - ft) * float64(f.nact)
	case Regeneration:
		if t.oomph < t.h.Oomph {
			return works(gp) * float64(min(gp.Level, t.h.Oomph-t.oomph))
		}
	}
	return 0
}

// invisibilityValue is what switching Invisibility on is worth: the
// damage foes' actions over the next six segments would do and now miss
// (weighed by race), for the segments it adds.
func (g *game) invisibilityValue(f *fighter, pi int) float64 {
	adds := 6 - max(0, f.invis-g.seg+1)
	if adds <= 0 {
		return 0
	}
	saved := f.invis
	f.invis = 0
	v := 0.0
	for i := range g.f {
		t := &g.f[i]
		if t.out || t.side == f.side {
			continue
		}
		v += float64(t.nact) * g.threat(t, f, -1) * (1 - chance(2*t.h.PER)) * race(f, t)
	}
	f.invis = saved
	return works(&f.h.Powers[pi]) * v * float64(adds) / 6
}
