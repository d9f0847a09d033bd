package galaga

import "fmt"

// The two sides of a battle.
const (
	attackSide  = 0
	defenceSide = 1
)

// sideKind is the kind of card each side plays.
var sideKind = [2]Kind{Offensive, Defensive}

// stack is a numbered card on the table and the augments under it.
type stack struct {
	num  int   // card index
	augs []int // card indices
}

// limit is a limit special in force against a side: from the side's
// play count at, it may play n more cards.
type limit struct {
	card, at, n int
}

// side is one side of a battle: its numbered cards with their augments,
// its Return Fires in force, the limits on it and the cards it has played.
type side struct {
	stacks     []stack
	returnFire []int
	limits     []limit
	plays      int
}

// battle is one battle in play.
type battle struct {
	g     *game
	main  [2]int // the attacker and the defender
	sides [2]side
	table []int // every card played and still on the table
	over  bool  // ended before the comparison: an escape, or a player out
}

// ref names a card on one side's table: a numbered card (with its
// augments), one augment, a Return Fire or a limit the side played.
type ref struct {
	what int // refStack, refAug, refReturnFire, refLimit
	i, j int
}

const (
	refStack = iota
	refAug
	refReturnFire
	refLimit
	refPending // the special being played, which a negation answers at once
)

// move is one card played: its place in the hand and, for an augment,
// the stack of its own side it goes under, or for a negation or a
// discard, the card of the other side it removes.
type move struct {
	hand   int
	target ref
}

// value is a stack's number: the card's value, times every × augment,
// plus every + augment.
func (b *battle) value(st stack) int {
	v := b.g.cards[st.num].Effect.Value
	plus := 0
	for _, a := range st.augs {
		switch au := b.g.cards[a].Effect.Augment; au.Op {
		case Times:
			v *= au.N
		case Plus:
			plus += au.N
		}
	}
	return v + plus
}

// total is a side's offence or defence.
func (b *battle) total(s int) int {
	t := 0
	for _, st := range b.sides[s].stacks {
		t += b.value(st)
	}
	return t
}

// attackWins says whether the attack would win the comparison now.
func (b *battle) attackWins() bool { return b.total(attackSide) > b.total(defenceSide) }

// canPlay says whether side s may play another card: no limit in force
// against it is used up.
func (b *battle) canPlay(s int) bool {
	sd := &b.sides[s]
	for _, l := range sd.limits {
		if sd.plays-l.at >= l.n {
			return false
		}
	}
	return true
}

// allowed returns how many more cards side s may play (−1: any number).
func (b *battle) allowed(s int) int {
	sd := &b.sides[s]
	left := -1
	for _, l := range sd.limits {
		if r := max(0, l.n-(sd.plays-l.at)); left < 0 || r < left {
			left = r
		}
	}
	return left
}

// fight runs a battle of seat att against seat def; false when the
// attacker's policy, asked to open it, played nothing.
func (g *game) fight(att, def int) bool {
	b := &battle{g: g, main: [2]int{att, def}}
	if !b.answer(attackSide, true) {
		return false
	}
	passes := 0
	for s := defenceSide; !b.over; s = 1 - s {
		if b.answer(s, false) {
			passes = 0
		} else if passes++; passes == 2 {
			break
		}
	}
	b.finish()
	return true
}

// answer lets side s play: its player, then the players outside the
// battle who help it, in turn from the attacker's left. It reports
// whether any card was played.
func (b *battle) answer(s int, opening bool) bool {
	acted := false
	order := []int{b.main[s]}
	if !opening {
		for k := 1; k < len(b.g.ps); k++ {
			h := (b.main[attackSide] + k) % len(b.g.ps)
			if h != b.main[defenceSide] && b.g.ps[h].lives > 0 {
				order = append(order, h)
			}
		}
	}
	for _, p := range order {
		for !b.over && b.canPlay(s) && b.g.ps[p].lives > 0 {
			mv, ok := b.g.ps[p].policy.move(b, p, s, opening && p == b.main[s])
			if !ok {
				break
			}
			b.play(p, s, mv)
			acted = true
		}
		if b.over {
			break
		}
	}
	return acted
}

// play carries out a move of player p for side s.
func (b *battle) play(p, s int, mv move) {
	g := b.g
	if c := g.cards[g.ps[p].hand[mv.hand]]; c.Kind != sideKind[s] ||
		c.Effect.Augment.Op != 0 && (mv.target.what != refStack || mv.target.i >= len(b.sides[s].stacks)) {
		panic(fmt.Sprintf("galaga: policy %s played %s for the %s side, against the rules", g.ps[p].policy.Name(), c.Title, sideKind[s]))
	}
	k := g.take(p, mv.hand)
	b.sides[s].plays++
	e := g.cards[k].Effect
	switch {
	case e.Value > 0:
		b.sides[s].stacks = append(b.sides[s].stacks, stack{num: k})
		b.table = append(b.table, k)
	case e.Augment.Op != 0:
		st := &b.sides[s].stacks[mv.target.i]
		st.augs = append(st.augs, k)
		b.table = append(b.table, k)
	default:
		if b.countered(k, s, mv.target) {
			g.discard = append(g.discard, k)
			return
		}
		b.carryOut(p, s, k, mv.target)
	}
}

// countered gives the other side's player the chance to negate card k,
// a special side s has just played at target, at once (and side s the
// chance to negate that negation, and so on). It reports whether k is
// negated.
func (b *battle) countered(k, s int, target ref) bool {
	o := 1 - s
	p := b.main[o]
	if b.g.ps[p].lives <= 0 || !b.canPlay(o) {
		return false
	}
	i := b.g.ps[p].policy.respond(b, p, o, k, target)
	if i < 0 {
		return false
	}
	if c := b.g.cards[b.g.ps[p].hand[i]]; c.Kind != sideKind[o] || c.Effect.Special.Name != Negate {
		panic(fmt.Sprintf("galaga: policy %s answered with %s, not a negation of its side", b.g.ps[p].policy.Name(), c.Title))
	}
	n := b.g.take(p, i)
	b.sides[o].plays++
	b.g.discard = append(b.g.discard, n) // the negation is spent, whatever becomes of it
	if b.countered(n, o, ref{what: refPending}) {
		return false
	}
	b.g.res.Effective[n]++
	return true
}

// carryOut acts out special card k of player p for side s.
func (b *battle) carryOut(p, s, k int, target ref) {
	g := b.g
	o := 1 - s
	sp := g.cards[k].Effect.Special
	effective := false
	spent := true // to the discard pile now; false: stays on the table
	switch sp.Name {
	case Negate:
		effective = b.remove(o, target)
	case DiscardNumbered:
		effective = target.what == refStack && b.remove(o, target)
	case Limit:
		b.sides[o].limits = append(b.sides[o].limits, limit{card: k, at: b.sides[o].plays, n: sp.N})
		spent = false
	case EndBattle:
		b.over, effective = true, true
	case ReturnFire:
		b.sides[s].returnFire = append(b.sides[s].returnFire, k)
		spent = false
	case Draw:
		effective = g.drawCards(p, sp.N) > 0
	case GainLife:
		effective = g.gainLife(p)
	case LoseLife:
		foe := b.main[o]
		g.loseLife(foe)
		effective = true
		b.over = g.ps[foe].lives == 0
	}
	if effective {
		g.res.Effective[k]++
	}
	if spent {
		g.discard = append(g.discard, k)
	} else {
		b.table = append(b.table, k)
	}
}

// remove takes the card target names off side s's table into the discard
// pile (a numbered card with its augments); false when there is none.
func (b *battle) remove(s int, t ref) bool {
	sd := &b.sides[s]
	var gone []int
	switch t.what {
	case refStack:
		if t.i >= len(sd.stacks) {
			return false
		}
		st := sd.stacks[t.i]
		gone = append([]int{st.num}, st.augs...)
		sd.stacks = append(sd.stacks[:t.i:t.i], sd.stacks[t.i+1:]...)
	case refAug:
		if t.i >= len(sd.stacks) || t.j >= len(sd.stacks[t.i].augs) {
			return false
		}
		st := &sd.stacks[t.i]
		gone = []int{st.augs[t.j]}
		st.augs = append(st.augs[:t.j:t.j], st.augs[t.j+1:]...)
	case refReturnFire:
		if t.i >= len(sd.returnFire) {
			return false
		}
		gone = []int{sd.returnFire[t.i]}
		sd.returnFire = append(sd.returnFire[:t.i:t.i], sd.returnFire[t.i+1:]...)
	case refLimit:
		// the limits a side played lie on the other side's record
		ls := &b.sides[1-s].limits
		if t.i >= len(*ls) {
			return false
		}
		gone = []int{(*ls)[t.i].card}
		*ls = append((*ls)[:t.i:t.i], (*ls)[t.i+1:]...)
	}
	for _, k := range gone {
		if i := lastIndex(b.table, k); i >= 0 {
			b.table = append(b.table[:i], b.table[i+1:]...)
		}
		b.g.discard = append(b.g.discard, k)
	}
	return true
}

func lastIndex(xs []int, x int) int {
	for i := len(xs) - 1; i >= 0; i-- {
		if xs[i] == x {
			return i
		}
	}
	return -1
}

// finish compares the totals (unless the battle ended early) and
// discards every card on the table. The attack wins only with the higher
// total: the defender loses a life. Otherwise each Return Fire in force
// costs the attacker a life.
func (b *battle) finish() {
	g := b.g
	if !b.over {
		for s := range b.sides {
			for _, st := range b.sides[s].stacks {
				g.res.Effective[st.num]++
				for _, a := range st.augs {
					g.res.Effective[a]++
				}
			}
			for _, l := range b.sides[s].limits {
				g.res.Effective[l.card]++
			}
		}
		if b.attackWins() {
			g.loseLife(b.main[defenceSide])
		} else {
			for _, k := range b.sides[defenceSide].returnFire {
				if g.ps[b.main[attackSide]].lives > 0 {
					g.loseLife(b.main[attackSide])
					g.res.Effective[k]++
				}
			}
		}
	}
	g.discard = append(g.discard, b.table...)
}
