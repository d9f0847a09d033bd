package galaga

import (
	"fmt"
	"slices"
)

// Policy makes the choices the rules leave to a player: which 1UP to
// play, whom to attack, what to play in a battle (as its side's player or
// as a helper), and whether to negate a special at once. The engine
// carries the choice out by the rules.
type Policy interface {
	Name() string
	// oneUp returns the place in the hand of a 1UP to play on the seat's
	// own turn, or −1.
	oneUp(g *game, s int) int
	// attack returns the seat to attack, or −1 to end the turn.
	attack(g *game, s int) int
	// move returns player p's next card for side s of the battle; false
	// passes. opening is the attacker's first play, which must hold a
	// card.
	move(b *battle, p, side int, opening bool) (move, bool)
	// respond returns the place in the hand of a negation with which
	// player p, for side o, negates card k (played at target) at once, or
	// −1.
	respond(b *battle, p, o, k int, target ref) int
}

// Policies are the built-in policies, by name.
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

// Greedy plays to win each battle with the fewest cards:
//
//   - it plays every 1UP when the pile has a life to give;
//   - it attacks the player with the fewest lives (the nearest to its left
//     on a tie) when its best total beats the expected defence (the
//     target's hand size times the deck's mean defensive number a card),
//     opening with a limit special, if it holds one, and the fewest cards
//     that beat the expected defence;
//   - in a battle, when its side is losing (the attack: not above; the
//     defence: below), it plays the fewest cards that turn the result —
//     numbered cards, augments (× under the strongest card) and at most
//     one negation or discard, aimed at the card whose loss changes the
//     other total most; the defence escapes when nothing else will do; a
//     limit that leaves too few plays is negated first. When winning it
//     passes, but a defender adds a Return Fire, and an attacker that
//     cannot win negates the defender's Return Fire. Draw, gain-life and
//     lose-life specials are played at the first chance;
//   - outside a battle it helps the side against whichever of the two
//     players has more lives (neither on a tie), with at most two cards,
//     when that side is losing;
//   - it negates at once a special that would turn the result against
//     it, a limit while it is losing, an escape while the attack wins, a
//     Return Fire while it does not, a lost life, and a negation of its
//     own special.
type Greedy struct{}

// Name implements Policy.
func (Greedy) Name() string { return "greedy" }

func (Greedy) oneUp(g *game, s int) int {
	for i, k := range g.ps[s].hand {
		if c := g.cards[k]; c.Kind == OneUp && (c.Effect.Special.Name != GainLife || g.pile > 0) {
			return i
		}
	}
	return -1
}

func (Greedy) attack(g *game, s int) int {
	target := -1
	for k := 1; k < len(g.ps); k++ {
		t := (s + k) % len(g.ps)
		if g.ps[t].lives > 0 && (target < 0 || g.ps[t].lives < g.ps[target].lives) {
			target = t
		}
	}
	if target < 0 {
		return -1
	}
	var nums []int
	var augs []Augment
	for _, k := range g.ps[s].hand {
		if c := g.cards[k]; c.Kind == Offensive {
			if c.Effect.Value > 0 {
				nums = append(nums, c.Effect.Value)
			} else if c.Effect.Augment.Op != 0 {
				augs = append(augs, c.Effect.Augment)
			}
		}
	}
	if float64(evaluate(nil, nums, augs)) > g.expectedDefence(target) {
		return target
	}
	return -1
}

// expectedDefence is what the greedy policy expects a player to defend
// with: their hand size times the deck's mean defensive number a card.
func (g *game) expectedDefence(t int) float64 {
	return float64(len(g.ps[t].hand)) * g.m.defMu
}

func (Greedy) move(b *battle, p, s int, opening bool) (move, bool) {
	g := b.g
	hand := g.ps[p].hand
	kind := sideKind[s]
	main := p == b.main[s]
	find := func(ok func(c Card) bool) int {
		return slices.IndexFunc(hand, func(k int) bool { c := g.cards[k]; return c.Kind == kind && ok(c) })
	}
	if main {
		if i := find(func(c Card) bool {
			n := c.Effect.Special.Name
			return n == Draw || n == LoseLife || n == GainLife && g.pile > 0
		}); i >= 0 {
			return move{hand: i}, true
		}
	}
	if opening {
		if i := find(func(c Card) bool { return c.Effect.Special.Name == Limit }); i >= 0 && len(b.sides[defenceSide].limits) == 0 {
			return move{hand: i}, true
		}
		goal := int(g.expectedDefence(b.main[defenceSide]))
		mv, ok := b.plan(p, s, func(own, _ int) bool { return own > goal }, -1, false)
		if !ok {
			mv, ok = b.plan(p, s, func(own, _ int) bool { return own > 0 }, -1, false)
		}
		return mv, ok
	}
	winning := b.winning(s)
	if !main {
		if winning || s != b.helps(p) {
			return move{}, false
		}
		return b.plan(p, s, b.goal(s), min(2, b.capOr(s, 2)), true)
	}
	if winning {
		if s == defenceSide && len(b.sides[s].returnFire) == 0 {
			if i := find(func(c Card) bool { return c.Effect.Special.Name == ReturnFire }); i >= 0 {
				return move{hand: i}, true
			}
		}
		return move{}, false
	}
	if mv, ok := b.plan(p, s, b.goal(s), b.allowed(s), true); ok {
		return mv, true
	}
	neg := find(func(c Card) bool { return c.Effect.Special.Name == Negate })
	if len(b.sides[s].limits) > 0 && neg >= 0 && b.allowed(s) >= 1 {
		if _, ok := b.plan(p, s, b.goal(s), -1, true); ok {
			return move{hand: neg, target: ref{what: refLimit, i: 0}}, true
		}
	}
	if s == defenceSide {
		if i := find(func(c Card) bool { return c.Effect.Special.Name == EndBattle }); i >= 0 {
			return move{hand: i}, true
		}
	}
	if s == attackSide && len(b.sides[defenceSide].returnFire) > 0 && neg >= 0 {
		return move{hand: neg, target: ref{what: refReturnFire}}, true
	}
	return move{}, false
}

// winning says whether side s wins the comparison as it stands.
func (b *battle) winning(s int) bool { return b.attackWins() == (s == attackSide) }

// goal is what side s needs: the attack a higher total, the defence at
// least as high.
func (b *battle) goal(s int) func(own, foe int) bool {
	if s == attackSide {
		return func(own, foe int) bool { return own > foe }
	}
	return func(own, foe int) bool { return own >= foe }
}

// capOr returns the plays side s has left, or n when unlimited.
func (b *battle) capOr(s, n int) int {
	if a := b.allowed(s); a >= 0 {
		return a
	}
	return n
}

// helps returns the side a greedy player outside the battle helps: the
// one against whichever of the two players has more lives; −1 on a tie.
func (b *battle) helps(p int) int {
	a, d := b.g.ps[b.main[attackSide]].lives, b.g.ps[b.main[defenceSide]].lives
	switch {
	case d > a:
		return attackSide
	case a > d:
		return defenceSide
	}
	return -1
}

// plan finds the fewest cards of player p's hand that make side s reach
// goal(own total, other total) — numbered cards, augments and, when
// remove is set, at most one negation or discard of the other side's
// card worth most — within limit cards (−1: any number), and returns the
// first to play: the removal, then the strongest numbered card, then the
// × augments, then the + ones. Among plans of as many cards it keeps the
// one that spends the least.
func (b *battle) plan(p, s int, goal func(own, foe int) bool, limit int, remove bool) (move, bool) {
	if goal(b.total(s), b.total(1-s)) {
		return move{}, false // reached already: the fewest cards are none
	}
	var pl planner
	discard, negate := pl.gather(b.g, p, sideKind[s], remove)
	var ownBuf [16]stackValue
	own := b.stackValues(s, ownBuf[:0])
	pl.foe = b.total(1 - s)
	pl.choiceBuf[0], pl.nChoices = removal{hand: -1}, 1
	for _, r := range [2]struct {
		hand     int
		augments bool
	}{{discard, false}, {negate, true}} {
		if r.hand >= 0 {
			if t, drop := b.bestTarget(1-s, r.augments); drop > 0 {
				pl.choiceBuf[pl.nChoices] = removal{r.hand, t, drop}
				pl.nChoices++
			}
		}
	}
	if !pl.reachable(own, goal) {
		return move{}, false
	}
	mask, r, ok := pl.cheapest(own, goal, limit)
	switch {
	case !ok:
		return move{}, false
	case r.hand >= 0:
		return move{hand: r.hand, target: r.target}, true
	}
	return b.firstOf(s, pl.opts(), mask), true
}

// planner holds what a plan weighs, in fixed buffers (counted, not
// sliced, so that it stays on the stack and planning allocates nothing):
// the hand's numbered cards and augments, the other side's total, and the
// removals to try (none first).
type planner struct {
	optBuf    [maxOptions]planOption
	nOpts     int
	foe       int
	choiceBuf [3]removal
	nChoices  int
	numBuf    [maxOptions]int
	augBuf    [maxOptions]Augment
}

func (pl *planner) opts() []planOption { return pl.optBuf[:pl.nOpts] }
func (pl *planner) choices() []removal { return pl.choiceBuf[:pl.nChoices] }

// A planOption is a numbered card or augment in the hand.
type planOption struct {
	hand int
	c    Card
}

// A removal is a negation or discard to play first (hand −1: none), and
// how much it takes off the other side's total.
type removal struct {
	hand   int
	target ref
	drop   int
}

// gather collects player p's cards of the kind as the options (at most
// maxOptions), and returns the first discard and negation in the hand
// (−1: none, or remove not set).
func (pl *planner) gather(g *game, p int, kind Kind, remove bool) (discard, negate int) {
	pl.nOpts = 0
	discard, negate = -1, -1
	for i, k := range g.ps[p].hand {
		c := g.cards[k]
		if c.Kind != kind {
			continue
		}
		switch {
		case c.Effect.Value > 0 || c.Effect.Augment.Op != 0:
			if pl.nOpts < maxOptions {
				pl.optBuf[pl.nOpts] = planOption{i, c}
				pl.nOpts++
			}
		case remove && c.Effect.Special.Name == Negate && negate < 0:
			negate = i
		case remove && c.Effect.Special.Name == DiscardNumbered && discard < 0:
			discard = i
		}
	}
	return discard, negate
}

// reachable says whether every option played with the best removal
// reaches the goal: adding cards never lowers a total, so when that falls
// short, nothing will do.
func (pl *planner) reachable(own []stackValue, goal func(own, foe int) bool) bool {
	nums, augs := pl.numBuf[:0], pl.augBuf[:0]
	for _, o := range pl.opts() {
		if o.c.Effect.Value > 0 {
			nums = append(nums, o.c.Effect.Value)
		} else {
			augs = append(augs, o.c.Effect.Augment)
		}
	}
	maxDrop := 0
	for _, r := range pl.choices() {
		maxDrop = max(maxDrop, r.drop)
	}
	if len(own)+len(nums) == 0 {
		augs = nil
	}
	return goal(evaluate(own, nums, augs), pl.foe-maxDrop)
}

// cheapest finds the plan of the fewest cards (a removal counting one),
// within limit (−1: any), that reaches the goal, the one that spends the
// least among as many: the options played as a mask, and the removal.
func (pl *planner) cheapest(own []stackValue, goal func(own, foe int) bool, limit int) (uint, removal, bool) {
	bestCost, bestSpent := -1, 0
	var bestMask uint
	var best removal
	n := pl.nOpts
	for cost := 1; bestCost < 0 && cost <= n+1 && (limit < 0 || cost <= limit); cost++ {
		for _, r := range pl.choices() {
			k := cost
			if r.hand >= 0 {
				k--
			}
			if k < 0 || k > n {
				continue
			}
			// every mask of k cards among n, smallest first (Gosper)
			for mask := uint(1)<<k - 1; mask < 1<<n; {
				if spent, ok := pl.reaches(own, mask, goal, pl.foe-r.drop); ok && (bestCost < 0 || spent < bestSpent) {
					bestCost, bestSpent = cost, spent
					bestMask, best = mask, r
				}
				if mask == 0 {
					break
				}
				c := mask & -mask
				next := mask + c
				mask = (next^mask)>>2/c | next
			}
		}
	}
	return bestMask, best, bestCost >= 0
}

// reaches says whether the options in mask, added to the stack, reach the
// goal against foe, and what they spend (values and augments' numbers).
func (pl *planner) reaches(own []stackValue, mask uint, goal func(own, foe int) bool, foe int) (spent int, ok bool) {
	nums, augs := pl.numBuf[:0], pl.augBuf[:0]
	for j, o := range pl.opts() {
		if mask&(1<<j) != 0 {
			if o.c.Effect.Value > 0 {
				nums = append(nums, o.c.Effect.Value)
				spent += o.c.Effect.Value
			} else {
				augs = append(augs, o.c.Effect.Augment)
				spent += o.c.Effect.Augment.N
			}
		}
	}
	feasible := len(augs) == 0 || len(own)+len(nums) > 0 // augments need a card to go under
	return spent, feasible && goal(evaluate(own, nums, augs), foe)
}

// firstOf returns the first card to play of the options in mask: the
// strongest numbered card, then × augments, then +; an augment goes under
// side s's strongest numbered card.
func (b *battle) firstOf(s int, opts []planOption, mask uint) move {
	pick, rank := -1, 0
	for j, o := range opts {
		if mask&(1<<j) == 0 {
			continue
		}
		r := 0
		switch {
		case o.c.Effect.Value > 0:
			r = 1000 + o.c.Effect.Value
		case o.c.Effect.Augment.Op == Times:
			r = 500 + o.c.Effect.Augment.N
		default:
			r = o.c.Effect.Augment.N
		}
		if pick < 0 || r > rank {
			pick, rank = o.hand, r
		}
	}
	mv := move{hand: pick}
	if rank < 1000 {
		mv.target = ref{what: refStack, i: b.strongest(s)}
	}
	return mv
}

// maxOptions is the most numbered cards and augments a plan weighs.
const maxOptions = 10

// stackValue is a stack's number in parts: value × mult + plus.
type stackValue struct{ base, mult, plus int }

// stackValues appends side s's stacks to out.
func (b *battle) stackValues(s int, out []stackValue) []stackValue {
	for _, st := range b.sides[s].stacks {
		v := stackValue{base: b.g.cards[st.num].Effect.Value, mult: 1}
		for _, a := range st.augs {
			switch au := b.g.cards[a].Effect.Augment; au.Op {
			case Times:
				v.mult *= au.N
			case Plus:
				v.plus += au.N
			}
		}
		out = append(out, v)
	}
	return out
}

// strongest returns the stack of side s that a × augment raises most.
func (b *battle) strongest(s int) int {
	best, bv := 0, -1
	var buf [16]stackValue
	for i, v := range b.stackValues(s, buf[:0]) {
		if x := v.base * v.mult; x > bv {
			best, bv = i, x
		}
	}
	return best
}

// evaluate is a side's total with numbered cards nums added to its
// stacks and the augments attached: each × (the largest first) under the
// card it raises most, the + anywhere.
func evaluate(own []stackValue, nums []int, augs []Augment) int {
	var buf [16]stackValue
	st := append(buf[:0], own...)
	for _, n := range nums {
		st = append(st, stackValue{base: n, mult: 1})
	}
	var times [16]int
	ts := times[:0]
	plus := 0
	for _, a := range augs {
		if a.Op == Times {
			ts = append(ts, a.N)
		} else {
			plus += a.N
		}
	}
	slices.Sort(ts)
	for i := len(ts) - 1; i >= 0 && len(st) > 0; i-- {
		j := 0
		for k := range st {
			if st[k].base*st[k].mult > st[j].base*st[j].mult {
				j = k
			}
		}
		st[j].mult *= ts[i]
	}
	t := 0
	for _, v := range st {
		t += v.base*v.mult + v.plus
	}
	if len(st) > 0 {
		t += plus
	}
	return t
}

// bestTarget returns the card of side s whose removal lowers its total
// most, and by how much: a whole numbered card (with its augments) or,
// for a negation, one augment.
func (b *battle) bestTarget(s int, augments bool) (ref, int) {
	var best ref
	drop := 0
	for i, st := range b.sides[s].stacks {
		if v := b.value(st); v > drop {
			best, drop = ref{what: refStack, i: i}, v
		}
		if !augments {
			continue
		}
		for j := range st.augs {
			without := stack{num: st.num, augs: slices.Delete(slices.Clone(st.augs), j, j+1)}
			if d := b.value(st) - b.value(without); d > drop {
				best, drop = ref{what: refAug, i: i, j: j}, d
			}
		}
	}
	return best, drop
}

func (Greedy) respond(b *battle, p, o, k int, target ref) int {
	neg := slices.IndexFunc(b.g.ps[p].hand, func(h int) bool {
		c := b.g.cards[h]
		return c.Kind == sideKind[o] && c.Effect.Special.Name == Negate
	})
	if neg < 0 {
		return -1
	}
	winning := b.winning(o)
	answer := false
	switch sp := b.g.cards[k].Effect.Special; sp.Name {
	case Negate, DiscardNumbered:
		switch target.what {
		case refPending, refReturnFire, refLimit:
			answer = true
		default:
			answer = winning && b.wouldLose(o, target)
		}
	case Limit:
		answer = !winning
	case EndBattle:
		answer = b.attackWins()
	case ReturnFire:
		answer = !b.attackWins()
	case LoseLife:
		answer = true
	}
	if answer {
		return neg
	}
	return -1
}

// wouldLose says whether side o, winning now, would lose once the card
// target names is taken off its table.
func (b *battle) wouldLose(o int, t ref) bool {
	sd := &b.sides[o]
	if t.i >= len(sd.stacks) {
		return false
	}
	own, foe := b.total(o), b.total(1-o)
	st := sd.stacks[t.i]
	switch t.what {
	case refStack:
		own -= b.value(st)
	case refAug:
		if t.j >= len(st.augs) {
			return false
		}
		own -= b.value(st) - b.value(stack{num: st.num, augs: slices.Delete(slices.Clone(st.augs), t.j, t.j+1)})
	}
	return !b.goal(o)(own, foe)
}
