package combat

// actKind is what an action does.
type actKind uint8

const (
	aPass      actKind = iota
	aAttack            // attack a foe with a power
	aGizmo             // attack a foe's gizmo with a power
	aNotice            // try to notice a foe's hidden gizmo
	aInvisible         // switch Invisibility on
	aMove              // move, walking, flying or climbing
	aTeleport          // teleport
)

// moveMode is how a hero moves.
type moveMode uint8

const (
	walk  moveMode = iota
	fly            // Flight: more hexes, over everything but foes
	climb          // Wall Crawling: over blocked hexes
)

// action is one hero's action in a segment.
type action struct {
	kind   actKind
	mode   moveMode
	power  int8  // the actor's power
	gizmo  int8  // the target's power whose gizmo is attacked
	target int16 // a fighter
	dest   int32 // a cell
}

// do carries out an action.
func (g *game) do(f *fighter, a action) {
	switch a.kind {
	case aAttack:
		g.attack(f, int(a.power), &g.f[a.target])
	case aGizmo:
		g.hitGizmo(f, int(a.power), &g.f[a.target], int(a.gizmo))
	case aNotice:
		g.notice(f, &g.f[a.target])
	case aInvisible:
		if g.spend(f, int(a.power)) {
			f.invis = g.seg + 5
		}
	case aMove:
		switch a.mode {
		case fly:
			if !g.spend(f, int(f.kind[Flight])) {
				return
			}
		case climb:
			if !g.spend(f, int(f.kind[WallCrawling])) {
				return
			}
		}
		g.moveTo(f, a.dest)
	case aTeleport:
		if g.spend(f, int(a.power)) {
			g.moveTo(f, a.dest)
		}
	}
}

// usable reports whether a hero's power can still work: uses left and
// its gizmo whole.
func (f *fighter) usable(pi int) bool {
	return pi >= 0 && !f.p[pi].broken && f.p[pi].left != 0
}

// has returns the hero's usable power of a kind, or −1.
func (f *fighter) has(k Kind) int {
	pi := int(f.kind[k])
	if f.usable(pi) {
		return pi
	}
	return -1
}

// spend uses an active power: a use goes (when limited), and an
// unreliable power rolls to work; false when it does not.
func (g *game) spend(f *fighter, pi int) bool {
	if !f.usable(pi) {
		return false
	}
	if f.p[pi].left > 0 {
		f.p[pi].left--
	}
	f.ps[pi].Uses++
	p := &f.h.Powers[pi]
	return p.Works >= 20 || g.d.D20() <= p.Works
}

// passive applies a free or always-on power of a kind, when the hero has
// it usable: a use goes, and an unreliable one rolls to work. It returns
// the power, or −1 when it does not apply.
func (g *game) passive(f *fighter, k Kind) int {
	pi := f.has(k)
	if pi < 0 || !g.spend(f, pi) {
		return -1
	}
	return pi
}

// invisibleTo reports whether t is invisible when attacked now: a
// switched-on Invisibility, or an always-on one that works this time.
func (g *game) invisibleTo(t *fighter) bool {
	pi := t.has(Invisibility)
	if pi < 0 {
		return false
	}
	if t.h.Powers[pi].AlwaysOn {
		return g.passive(t, Invisibility) >= 0
	}
	return g.seg <= t.invis
}

// find is an attacker's first roll against an invisible target: false
// when the action is lost.
func (g *game) find(f, t *fighter) bool {
	return !g.invisibleTo(t) || g.d.D20() <= 2*f.h.PER
}

// fumbled applies the fumble rule to an attack roll.
func (g *game) fumbled(f *fighter, roll int) bool {
	if g.m.opt.Fumbles && roll == 20 {
		f.skip = true
		return true
	}
	return false
}

// toHit is the to-hit number of f against t.
func toHit(f, t *fighter) int { return 15 + f.h.CM - t.h.CM }

// attack resolves an attack with power pi of f on t: find an invisible
// target, the power works, the to-hit roll, then the effect.
func (g *game) attack(f *fighter, pi int, t *fighter) {
	if !g.find(f, t) || !g.spend(f, pi) {
		return
	}
	roll := g.d.D20()
	if g.fumbled(f, roll) {
		return
	}
	p := &f.h.Powers[pi]
	if g.m.opt.Area && p.Kind == DistanceAttack && (p.Area || p.Falloff) {
		g.areaHit(f, pi, t, roll)
		return
	}
	n := toHit(f, t)
	if roll > n {
		return
	}
	g.hit(f, pi, t, roll, p.Level)
}

// hit is a hit of power pi, at level, with the roll.
func (g *game) hit(f *fighter, pi int, t *fighter, roll, level int) {
	f.ps[pi].Hits++
	f.st.Hits++
	if f.h.Powers[pi].Kind == EntanglingAttack {
		t.held = max(t.held, g.seg+level)
		return
	}
	g.damage(f, pi, t, level+max(0, toHit(f, t)-10-roll))
}

// areaHit is an area attack aimed at t: the one roll hits every other
// hero within the radius whose CM it beats; area-falloff loses a level
// a hex from the centre.
func (g *game) areaHit(f *fighter, pi int, t *fighter, roll int) {
	p := &f.h.Powers[pi]
	radius := p.Level
	if p.Falloff {
		radius = p.Level - 1
	}
	for i := range g.f {
		h := &g.f[i]
		if h.out || h == f {
			continue
		}
		d := g.b.dist(h.cell, t.cell)
		if d > radius || roll > toHit(f, h) {
			continue
		}
		level := p.Level
		if p.Falloff {
			level -= d
		}
		g.hit(f, pi, h, roll, level)
	}
}

// damage does oomph damage to t: Missile Deflection may turn a missile
// aside, Defenses take their level off unless the attack pierces.
func (g *game) damage(f *fighter, pi int, t *fighter, dmg int) {
	p := &f.h.Powers[pi]
	if p.Missile {
		if md := g.passive(t, MissileDeflection); md >= 0 && g.d.D20() <= 3*t.h.Powers[md].Level {
			t.ps[md].Saved += dmg
			return
		}
	}
	if !p.Piercing && dmg > 0 {
		if df := g.passive(t, Defenses); df >= 0 {
			off := min(dmg, t.h.Powers[df].Level)
			t.ps[df].Saved += off
			dmg -= off
		}
	}
	// what it counts is the oomph lost: no more than the hero had
	dmg = min(dmg, t.oomph)
	if dmg <= 0 {
		return
	}
	t.oomph -= dmg
	t.st.Taken += dmg
	f.st.Dealt += dmg
	f.ps[pi].Damage += dmg
	if t.oomph <= 0 {
		t.out = true
		g.occ[t.cell] = 0
		g.alive[t.side]--
	}
}

// hitGizmo attacks t's gizmo of power gi with f's power pi: hit on
// 4 + CM difference, and the gizmo is destroyed.
func (g *game) hitGizmo(f *fighter, pi int, t *fighter, gi int) {
	if !g.find(f, t) || !g.spend(f, pi) {
		return
	}
	roll := g.d.D20()
	if g.fumbled(f, roll) || roll > 4+f.h.CM-t.h.CM {
		return
	}
	t.p[gi].broken = true
	f.st.GizmosBroken++
}

// notice tries to notice one of t's hidden gizmos: on PER × 3, t's
// policy picks which.
func (g *game) notice(f, t *fighter) {
	if g.d.D20() > 3*f.h.PER {
		return
	}
	g.cands = g.cands[:0]
	for gi := range t.p {
		if g.hiddenFrom(t, gi, f.side) {
			g.cands = append(g.cands, int32(gi))
		}
	}
	if len(g.cands) > 0 {
		gi := g.m.opt.Policies[t.side].reveal(g, t, g.cands)
		t.p[gi].noticed[f.side] = true
	}
}

// hiddenFrom reports whether t's power gi has a whole hidden gizmo that
// side has not noticed.
func (g *game) hiddenFrom(t *fighter, gi int, side int8) bool {
	return t.h.Powers[gi].Gizmo == Hidden && !t.p[gi].broken && !t.p[gi].noticed[side]
}

// gizmoTarget reports whether side may attack t's gizmo of power gi: a
// whole visible gizmo, or a hidden one it has noticed.
func (g *game) gizmoTarget(t *fighter, gi int, side int8) bool {
	p := &t.h.Powers[gi]
	switch {
	case t.p[gi].broken:
		return false
	case p.Gizmo == Visible:
		return true
	case p.Gizmo == Hidden:
		return t.p[gi].noticed[side]
	}
	return false
}

// regenerate is the start of a turn: Regeneration gives back its level.
func (g *game) regenerate() {
	for i := range g.f {
		f := &g.f[i]
		if f.out || f.oomph >= f.h.Oomph || f.has(Regeneration) < 0 {
			continue
		}
		if ri := g.passive(f, Regeneration); ri >= 0 {
			back := min(f.h.Powers[ri].Level, f.h.Oomph-f.oomph)
			f.oomph += back
			f.ps[ri].Saved += back
		}
	}
}

// anyCanHurt reports whether some hero has a way left to damage a foe:
// a damaging attack with uses left and its gizmo whole, a to-hit number
// of at least 1, and a best hit that Defenses that cannot be lost do not
// absorb (nor a Missile Deflection that never fails).
func (g *game) anyCanHurt() bool {
	for i := range g.f {
		f := &g.f[i]
		if f.out {
			continue
		}
		for j := range g.f {
			t := &g.f[j]
			if t.out || t.side == f.side {
				continue
			}
			for pi := range f.h.Powers {
				if g.canHurt(f, pi, t) {
					return true
				}
			}
		}
	}
	return false
}

func (g *game) canHurt(f *fighter, pi int, t *fighter) bool {
	p := &f.h.Powers[pi]
	if !p.damaging() || !f.usable(pi) {
		return false
	}
	n := toHit(f, t)
	if n < 1 {
		return false
	}
	best := p.Level + max(0, n-11)
	if md := g.lasting(t, MissileDeflection, f.side); p.Missile && md >= 0 && 3*t.h.Powers[md].Level >= 20 {
		return false
	}
	if df := g.lasting(t, Defenses, f.side); !p.Piercing && df >= 0 && best <= t.h.Powers[df].Level {
		return false
	}
	return true
}

// lasting returns t's power of a kind when it can never be lost to side:
// unlimited, reliable, and a gizmo no hero of side can hit; else −1.
func (g *game) lasting(t *fighter, k Kind, side int8) int {
	pi := t.has(k)
	if pi < 0 {
		return -1
	}
	p := &t.h.Powers[pi]
	if p.Uses != Unlimited || p.Works < 20 {
		return -1
	}
	if p.breakable() {
		for i := range g.f {
			x := &g.f[i]
			if x.out || x.side != side || 4+x.h.CM-t.h.CM < 1 {
				continue
			}
			for xi := range x.h.Powers {
				if x.h.Powers[xi].damaging() && x.usable(xi) {
					return -1
				}
			}
		}
	}
	return pi
}
