package galaga

// Random plays uniformly at random among the legal choices: a held 1UP
// at half odds; an attack on a random player, at half odds, while it
// holds an offensive card; in a battle, a random legal card (an augment
// under a random card of its side, a negation or discard at a random card
// of the other side) or a pass at even odds, a card always when opening;
// outside a battle a random card at odds of one in four; and an immediate
// negation at half odds.
type Random struct{}

// Name implements Policy.
func (Random) Name() string { return "random" }

func (Random) oneUp(g *game, s int) int {
	var ups []int
	for i, k := range g.ps[s].hand {
		if g.cards[k].Kind == OneUp {
			ups = append(ups, i)
		}
	}
	if len(ups) == 0 || g.rng.IntN(2) == 0 {
		return -1
	}
	return ups[g.rng.IntN(len(ups))]
}

func (Random) attack(g *game, s int) int {
	held := false
	for _, k := range g.ps[s].hand {
		held = held || g.cards[k].Kind == Offensive
	}
	if !held || g.rng.IntN(2) == 0 {
		return -1
	}
	var foes []int
	for t, p := range g.ps {
		if t != s && p.lives > 0 {
			foes = append(foes, t)
		}
	}
	return foes[g.rng.IntN(len(foes))]
}

func (Random) move(b *battle, p, s int, opening bool) (move, bool) {
	rng := b.g.rng
	switch {
	case opening:
	case p != b.main[s] && rng.IntN(4) != 0:
		return move{}, false
	case p == b.main[s] && rng.IntN(2) == 0:
		return move{}, false
	}
	moves := b.legal(p, s)
	if len(moves) == 0 {
		return move{}, false
	}
	return moves[rng.IntN(len(moves))], true
}

// legal lists every move player p may make for side s.
func (b *battle) legal(p, s int) []move {
	var out []move
	o := 1 - s
	for i, k := range b.g.ps[p].hand {
		c := b.g.cards[k]
		if c.Kind != sideKind[s] {
			continue
		}
		switch {
		case c.Effect.Augment.Op != 0:
			for j := range b.sides[s].stacks {
				out = append(out, move{hand: i, target: ref{what: refStack, i: j}})
			}
		case c.Effect.Special.Name == DiscardNumbered:
			for j := range b.sides[o].stacks {
				out = append(out, move{hand: i, target: ref{what: refStack, i: j}})
			}
		case c.Effect.Special.Name == Negate:
			for _, t := range b.targets(o) {
				out = append(out, move{hand: i, target: t})
			}
		default:
			out = append(out, move{hand: i})
		}
	}
	return out
}

// targets lists every card on side o's table that a negation may take.
func (b *battle) targets(o int) []ref {
	var out []ref
	sd := &b.sides[o]
	for i, st := range sd.stacks {
		out = append(out, ref{what: refStack, i: i})
		for j := range st.augs {
			out = append(out, ref{what: refAug, i: i, j: j})
		}
	}
	for i := range sd.returnFire {
		out = append(out, ref{what: refReturnFire, i: i})
	}
	for i := range b.sides[1-o].limits {
		out = append(out, ref{what: refLimit, i: i})
	}
	return out
}

func (Random) respond(b *battle, p, o, _ int, _ ref) int {
	var negs []int
	for i, k := range b.g.ps[p].hand {
		if c := b.g.cards[k]; c.Kind == sideKind[o] && c.Effect.Special.Name == Negate {
			negs = append(negs, i)
		}
	}
	if len(negs) == 0 || b.g.rng.IntN(2) == 0 {
		return -1
	}
	return negs[b.g.rng.IntN(len(negs))]
}
