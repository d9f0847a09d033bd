package combat

import "math"

// newSearch starts a new search over the cells.
func (g *game) newSearch() uint32 {
	g.stamp++
	if g.stamp == 0 { // wrapped: forget every old one
		clear(g.seen)
		g.stamp = 1
	}
	return g.stamp
}

// passable reports whether f may move through cell c in a mode: on the
// map, not a foe's, and (walking) not blocked.
func (g *game) passable(f *fighter, c int32, mode moveMode) bool {
	if c < 0 || (mode == walk && g.b.blocked[c]) {
		return false
	}
	o := g.occ[c]
	return o == 0 || g.f[o-1].side == f.side
}

// stoppable reports whether f may end a move in cell c: passable and no
// other hero there.
func (g *game) stoppable(f *fighter, c int32, mode moveMode) bool {
	return g.passable(f, c, mode) && (g.occ[c] == 0 || int(g.occ[c]) == f.i+1)
}

// search explores from f's cell, hex by hex, in a mode, up to limit steps;
// given bands, it stops after the first layer that reaches a hex in one
// (see band.holds). It fills dist and par for the cells it reached and
// returns them in order of distance. Neighbours are taken from a random
// side, so that no direction is favoured.
func (g *game) search(f *fighter, mode moveMode, limit int, bands []band) []int32 {
	st := g.newSearch()
	q := g.queue[:0]
	q = append(q, f.cell)
	g.seen[f.cell] = st
	g.dist[f.cell] = 0
	g.par[f.cell] = -1
	rot := g.d.IntN(6)
	layerEnd, found := 1, false
	for k := 0; k < len(q); k++ {
		if k == layerEnd {
			if found {
				break
			}
			layerEnd = len(q)
		}
		c := q[k]
		if !found && bands != nil && g.inBand(f, c, bands) {
			found = true
		}
		d := g.dist[c]
		if int(d) >= limit {
			continue
		}
		nb := &g.b.nb[c]
		for s := range 6 {
			n := nb[(s+rot)%6]
			if n < 0 || g.seen[n] == st || !g.passable(f, n, mode) {
				continue
			}
			g.seen[n] = st
			g.dist[n] = d + 1
			g.par[n] = c
			q = append(q, n)
		}
	}
	g.queue = q
	return q
}

// band is where f wants to stand against one foe: lo or more hexes from
// it, and within reach of a close attack (near) or of a ranged attack
// with a clear line (far).
type band struct {
	cell          int32
	lo, near, far int
}

// inBand reports whether f may stand in cell c and strike from it: no
// other hero there, and in a band.
func (g *game) inBand(f *fighter, c int32, bands []band) bool {
	if g.occ[c] != 0 && int(g.occ[c]) != f.i+1 {
		return false
	}
	for _, b := range bands {
		d := g.b.dist(c, b.cell)
		if d >= b.lo && (d <= b.near || (d <= b.far && g.b.sees(c, b.cell))) {
			return true
		}
	}
	return false
}

// bands returns where f wants to stand against each foe it could hurt:
// within the reach of its best attack on the foe (the damaging attack of
// the highest expected damage, the first listed among equals; without
// one, an Entangling Attack that would hold a foe who can hurt it), and,
// when that attack reaches further than any of the foe's, outside the
// foe's reach (with kite; without, lo is 1).
func (g *game) bands(f *fighter, out []band, kite bool) []band {
	for ti := range g.f {
		t := &g.f[ti]
		if t.out || t.side == f.side {
			continue
		}
		best, most := -1, 0.0
		for pi := range f.h.Powers {
			p := &f.h.Powers[pi]
			if !g.canHurt(f, pi, t) {
				continue
			}
			if e := works(p) * g.rollDamage(f, p, t, p.Level); best < 0 || e > most {
				best, most = pi, e
			}
		}
		if best < 0 {
			if pi := f.has(EntanglingAttack); pi >= 0 && g.topRoll(toHit(f, t)) >= 1 && g.threat(t, f, -1) > 0 {
				best = pi
			}
		}
		if best < 0 {
			continue
		}
		p := &f.h.Powers[best]
		b := band{cell: t.cell, lo: 1}
		if p.Kind == CloseAttack {
			b.near = 1
		} else {
			b.far = p.reach()
		}
		if kite {
			theirs := 0
			for pi := range t.h.Powers {
				if q := &t.h.Powers[pi]; q.attack() && t.usable(pi) {
					theirs = max(theirs, q.reach())
				}
			}
			if p.reach() > theirs {
				b.lo = theirs + 1
			}
		}
		out = append(out, b)
	}
	return out
}

// gap is how many hexes, as the crow flies, cell c is from the nearest
// band.
func (g *game) gap(c int32, bands []band) int {
	best := -1
	for _, b := range bands {
		d := g.b.dist(c, b.cell)
		v := 0
		switch hi := max(b.near, b.far); {
		case d > hi:
			v = d - hi
		case d < b.lo:
			v = b.lo - d
		}
		if best < 0 || v < best {
			best = v
		}
	}
	return best
}

// pathStep finds the nearest hex in a band by a shortest path in a mode
// and returns the hex f's move along it ends in, the path's length and
// the steps the move takes; dest is −1 when no such hex can be reached.
func (g *game) pathStep(f *fighter, mode moveMode, bands []band) (dest int32, length, steps int) {
	cells := g.search(f, mode, 1<<14, bands)
	length = -1
	g.cands = g.cands[:0]
	for _, c := range cells {
		if length >= 0 && int(g.dist[c]) > length {
			break
		}
		if g.inBand(f, c, bands) {
			length = int(g.dist[c])
			g.cands = append(g.cands, c)
		}
	}
	if length < 0 {
		return -1, 0, 0
	}
	c := g.cands[0]
	if len(g.cands) > 1 {
		c = g.cands[g.d.IntN(len(g.cands))]
	}
	for int(g.dist[c]) > f.hexes(mode) {
		c = g.par[c]
	}
	for c != f.cell && !g.stoppable(f, c, mode) {
		c = g.par[c]
	}
	return c, length, int(g.dist[c])
}

// stepNearer returns the hex, among those f's move in a mode reaches,
// nearest its bands as the crow flies (a die roll among equals), and that
// distance; on open ground it is a step along a shortest path.
func (g *game) stepNearer(f *fighter, mode moveMode, bands []band) (int32, int) {
	g.cands = g.cands[:0]
	best := -1
	for _, c := range g.search(f, mode, f.hexes(mode), nil) {
		if !g.stoppable(f, c, mode) {
			continue
		}
		v := g.gap(c, bands)
		if best < 0 || v < best {
			best = v
			g.cands = g.cands[:0]
		}
		if v == best {
			g.cands = append(g.cands, c)
		}
	}
	return g.cands[g.d.IntN(len(g.cands))], best
}

// modeWorks is the chance that f's move in a mode works.
func (f *fighter) modeWorks(mode moveMode) float64 {
	switch mode {
	case fly:
		return works(&f.h.Powers[f.kind[Flight]])
	case climb:
		return works(&f.h.Powers[f.kind[WallCrawling]])
	}
	return 1
}

// approach is the greedy policy's move (see Greedy).
func (g *game) approach(f *fighter) action {
	var buf [8]band
	bands := g.bands(f, buf[:0], true)
	if len(bands) == 0 {
		return action{kind: aPass}
	}
	if g.inBand(f, f.cell, bands) {
		return action{kind: aPass}
	}
	modes := [3]moveMode{walk}
	n := 1
	if f.has(Flight) >= 0 {
		modes[n] = fly
		n++
	}
	if f.has(WallCrawling) >= 0 && g.b.anyBlocked {
		modes[n] = climb
		n++
	}
	best := action{kind: aPass, dest: f.cell}
	remain := math.Inf(1)
	open := !g.b.anyBlocked && !g.b.anyOpaque
	if open {
		// on open ground the crow flies along a shortest path, unless
		// heroes stand in the way
		now := float64(g.gap(f.cell, bands))
		for _, mode := range modes[:n] {
			dest, gap := g.stepNearer(f, mode, bands)
			w := f.modeWorks(mode)
			if rem := w*float64(gap) + (1-w)*now; rem < now && rem < remain {
				best, remain = action{kind: aMove, mode: mode, dest: dest}, rem
			}
		}
	}
	if best.kind == aPass {
		for _, try := range [][]band{bands, g.bands(f, buf[len(bands):len(bands)], false)} {
			for _, mode := range modes[:n] {
				dest, length, steps := g.pathStep(f, mode, try)
				if dest < 0 || steps == 0 {
					continue
				}
				w := f.modeWorks(mode)
				if rem := w*float64(length-steps) + (1-w)*float64(length); rem < remain { // ties to walking
					best, remain = action{kind: aMove, mode: mode, dest: dest}, rem
				}
			}
			if best.kind != aPass {
				break
			}
		}
	}
	if pi := f.has(Teleport); pi >= 0 {
		p := &f.h.Powers[pi]
		w := works(p)
		now := float64(g.gap(best.dest, bands))
		stay := float64(g.gap(f.cell, bands))
		g.cands = g.cands[:0]
		bestGap := -1
		for c := range int32(g.b.n) {
			if !g.teleportable(f, p, c) {
				continue
			}
			v := g.gap(c, bands)
			if bestGap < 0 || v < bestGap {
				bestGap = v
				g.cands = g.cands[:0]
			}
			if v == bestGap {
				g.cands = append(g.cands, c)
			}
		}
		if bestGap >= 0 && w*float64(bestGap)+(1-w)*stay < now {
			best = action{kind: aTeleport, power: int8(pi), dest: g.cands[g.d.IntN(len(g.cands))]}
		}
	}
	return best
}
