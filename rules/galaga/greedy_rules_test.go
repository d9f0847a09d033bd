package galaga

import (
	"testing"
)

// TestEvaluate: a side's best total with cards added, worked out by hand:
// each × (the largest first) under the card it raises most, every + on
// top, and augments worth nothing without a card to go under.
func TestEvaluate(t *testing.T) {
	for _, c := range []struct {
		name string
		own  []stackValue
		nums []int
		augs []Augment
		want int
	}{
		{"nothing", nil, nil, nil, 0},
		{"augments alone", nil, nil, []Augment{{Plus, 3}, {Times, 2}}, 0},
		{"numbers add", nil, []int{2, 3, 4}, nil, 9},
		{"× before +", nil, []int{4}, []Augment{{Plus, 3}, {Times, 2}}, 11},
		{"× under the strongest", nil, []int{2, 5}, []Augment{{Times, 2}}, 12},
		{"the largest × first, then the next under the same card", nil, []int{2, 5}, []Augment{{Times, 2}, {Times, 3}}, 32},
		{"a + on a card on the table", []stackValue{{base: 3, mult: 1}}, nil, []Augment{{Plus, 2}}, 5},
		{"a × under the table's strongest", []stackValue{{base: 3, mult: 2, plus: 1}, {base: 5, mult: 1}}, nil, []Augment{{Times, 2}}, 3*2*2 + 1 + 5}, // 3×2 raises more than 5
		{"the table and the hand", []stackValue{{base: 3, mult: 2, plus: 1}}, []int{4}, []Augment{{Plus, 2}, {Times, 3}}, 18 + 1 + 4 + 2},
	} {
		if got := evaluate(c.own, c.nums, c.augs); got != c.want {
			t.Errorf("%s: %d, want %d", c.name, got, c.want)
		}
	}
}

// TestGreedyAttack: whom greedy attacks: the player with the fewest lives,
// the nearest to its left on a tie, nobody who is out, and only when its
// best total beats the expected defence (strictly); its defensive cards
// do not count.
func TestGreedyAttack(t *testing.T) {
	for _, c := range []struct {
		name  string
		hand  []string
		lives []int
		defMu float64
		want  int
	}{
		{"fewest lives, nearest to the left", []string{"A6"}, []int{2, 3, 2, 3}, 0.1, 2},
		{"fewest lives, past the end of the table", []string{"A6"}, []int{2, 3, 3, 3}, 0.1, 0},
		{"nobody who is out", []string{"A6"}, []int{0, 3, 0, 1}, 0.1, 3},
		{"nobody left", []string{"A6"}, []int{0, 3, 0, 0}, 0.1, -1},
		{"a best total equal to the expected defence", []string{"A5"}, []int{3, 3, 3, 3}, 1, -1},
		{"a best total above it", []string{"A6"}, []int{3, 3, 3, 3}, 1, 2},
		{"an augment counts", []string{"A3", "A×2"}, []int{3, 3, 3, 3}, 1, 2},
		{"a shield does not", []string{"A3", "D10"}, []int{3, 3, 3, 3}, 1, -1},
		{"no offensive card", []string{"D10"}, []int{3, 3, 3, 3}, 0.1, -1},
	} {
		// seat 1 attacks; every other seat holds five cards
		five := []string{"D3", "D3", "D3", "D3", "D3"}
		g := table(t, [][]string{five, c.hand, five, five}, nil, pacifist, pacifist, pacifist, pacifist)
		for s, n := range c.lives {
			g.ps[s].lives = n
		}
		g.m.defMu = c.defMu
		if got := (Greedy{}).attack(g, 1); got != c.want {
			t.Errorf("%s: attacked %d, want %d", c.name, got, c.want)
		}
	}
}

// TestGreedyAttackFromLastSeat: the nearest to the left of the last seat
// is the first.
func TestGreedyAttackFromLastSeat(t *testing.T) {
	g := table(t, [][]string{{"D3"}, {"D3"}, {"D3"}, {"A6"}}, nil, pacifist, pacifist, pacifist, pacifist)
	g.m.defMu = 0.1
	for _, c := range []struct {
		lives []int
		want  int
	}{{[]int{2, 3, 3, 3}, 0}, {[]int{3, 3, 3, 3}, 0}, {[]int{3, 2, 2, 3}, 1}, {[]int{0, 3, 2, 3}, 2}} {
		for s, n := range c.lives {
			g.ps[s].lives = n
		}
		if got := (Greedy{}).attack(g, 3); got != c.want {
			t.Errorf("lives %v: seat 4 attacked %d, want %d", c.lives, got, c.want)
		}
	}
}

// TestGreedyOneUp: greedy plays its first 1UP that can act: a draw
// always, a gain-life only with a life on the pile.
func TestGreedyOneUp(t *testing.T) {
	for _, c := range []struct {
		hand []string
		pile int
		want int
	}{
		{[]string{"A2", "Recharge"}, 0, 1},
		{[]string{"1UP", "Recharge"}, 0, 1},
		{[]string{"1UP", "Recharge"}, 1, 0},
		{[]string{"A2", "Salvage"}, 1, -1},
		{nil, 1, -1},
	} {
		g := table(t, [][]string{c.hand, {}}, nil, pacifist, pacifist)
		g.pile = c.pile
		if got := (Greedy{}).oneUp(g, 0); got != c.want {
			t.Errorf("%v with %d on the pile: %d, want %d", c.hand, c.pile, got, c.want)
		}
	}
}

// TestGreedyMovesMore: the greedy policy's next card in more battles set
// up by hand, against its documentation.
func TestGreedyMovesMore(t *testing.T) {
	for _, c := range []struct {
		name       string
		hands      [][]string
		att, def   []string // numbered cards on the table
		setup      func(b *battle)
		player     int
		side       int
		opening    bool
		want       string // "" passes
		wantTarget ref
	}{
		{name: "a free special first: lose-life", hands: [][]string{{"A6", "Strafe"}, {}},
			att: []string{"A2"}, def: []string{"D6"}, player: 0, side: attackSide, want: "Strafe"},
		{name: "gain-life with a life on the pile", hands: [][]string{{}, {"D6", "Repair"}},
			att: []string{"A5"}, player: 1, side: defenceSide, want: "Repair",
			setup: func(b *battle) { b.g.pile = 1 }},
		{name: "no gain-life with none", hands: [][]string{{}, {"Repair", "D6"}},
			att: []string{"A5"}, player: 1, side: defenceSide, want: "D6",
			setup: func(b *battle) { b.g.pile = 0 }},
		{name: "a helper plays no free special", hands: [][]string{{}, {}, {"D6", "Repair"}},
			att: []string{"A5"}, player: 2, side: defenceSide, want: "D6",
			setup: func(b *battle) { b.g.pile, b.g.ps[0].lives = 1, 3; b.g.ps[1].lives = 2 }},
		{name: "a helper helps the side against the player with more lives", hands: [][]string{{}, {}, {"A6"}},
			att: []string{"A2"}, def: []string{"D3"}, player: 2, side: attackSide, want: "A6",
			setup: func(b *battle) { b.g.ps[1].lives = 3; b.g.ps[0].lives = 2 }},
		{name: "not the side against the player with fewer", hands: [][]string{{}, {}, {"A6"}},
			att: []string{"A2"}, def: []string{"D3"}, player: 2, side: attackSide, want: "",
			setup: func(b *battle) { b.g.ps[1].lives = 2; b.g.ps[0].lives = 3 }},
		{name: "a helper does not help a side that wins", hands: [][]string{{}, {}, {"A6"}},
			att: []string{"A5"}, def: []string{"D3"}, player: 2, side: attackSide, want: "",
			setup: func(b *battle) { b.g.ps[1].lives = 3; b.g.ps[0].lives = 2 }},
		{name: "a helper plays at most two cards", hands: [][]string{{}, {}, {"A2", "A2", "A2", "A2"}},
			def: []string{"D5"}, player: 2, side: attackSide, want: "",
			setup: func(b *battle) { b.g.ps[1].lives = 3; b.g.ps[0].lives = 2 }},
		{name: "two cards will do for a helper", hands: [][]string{{}, {}, {"A2", "A4", "A2"}},
			def: []string{"D5"}, player: 2, side: attackSide, want: "A4",
			setup: func(b *battle) { b.g.ps[1].lives = 3; b.g.ps[0].lives = 2 }},
		{name: "a helper under a limit of one", hands: [][]string{{}, {}, {"A2", "A4"}},
			def: []string{"D5"}, player: 2, side: attackSide, want: "",
			setup: func(b *battle) {
				b.g.ps[1].lives = 3
				b.g.ps[0].lives = 2
				b.sides[attackSide].limits = []limit{{n: 1}}
			}},
		{name: "a losing attack: the fewest cards to go above", hands: [][]string{{"A2", "A3", "A5"}, {}},
			att: []string{"A2"}, def: []string{"D6"}, player: 0, side: attackSide, want: "A5"},
		{name: "a losing attack: a tie will not do", hands: [][]string{{"A4", "A5"}, {}},
			att: []string{"A2"}, def: []string{"D6"}, player: 0, side: attackSide, want: "A5"},
		{name: "a losing defence: a tie will do", hands: [][]string{{}, {"D4", "D3"}},
			att: []string{"A6"}, def: []string{"D3"}, player: 1, side: defenceSide, want: "D3"},
		{name: "a + goes under the strongest card", hands: [][]string{{}, {"D+2"}},
			att: []string{"A6", "A4"}, def: []string{"D3", "D5"}, player: 1, side: defenceSide, want: "D+2", wantTarget: ref{what: refStack, i: 1}},
		{name: "a × before a +", hands: [][]string{{}, {"D+2", "D×3"}},
			att: []string{"A6", "A6", "A5"}, def: []string{"D5"}, player: 1, side: defenceSide, want: "D×3", wantTarget: ref{what: refStack}},
		{name: "a number before a ×", hands: [][]string{{}, {"D×3", "D10"}},
			att: []string{"A6", "A6", "A4", "A4"}, def: []string{"D5"}, player: 1, side: defenceSide, want: "D10"},
		{name: "no plan within the limit", hands: [][]string{{"A2", "A2", "A2"}, {}},
			att: []string{"A2"}, def: []string{"D6"}, player: 0, side: attackSide, want: "",
			setup: func(b *battle) { b.sides[attackSide].limits = []limit{{n: 2}} }},
		{name: "under a limit that leaves too few, negate the limit", hands: [][]string{{}, {"D3", "D6", "Countermeasure"}},
			att: []string{"A5", "A5"}, player: 1, side: defenceSide, want: "Countermeasure", wantTarget: ref{what: refLimit},
			setup: func(b *battle) { b.sides[defenceSide].limits = []limit{{n: 1}} }},
		{name: "no negation of a limit that leaves nothing", hands: [][]string{{}, {"D3", "D3", "Countermeasure"}},
			att: []string{"A5"}, player: 1, side: defenceSide, want: "",
			setup: func(b *battle) { b.sides[defenceSide].limits = []limit{{n: 0}} }},
		{name: "no negation of a limit when nothing would win without it", hands: [][]string{{}, {"D3", "Countermeasure"}},
			att: []string{"A5", "A5"}, player: 1, side: defenceSide, want: "",
			setup: func(b *battle) { b.sides[defenceSide].limits = []limit{{n: 1}} }},
		{name: "a winning defence with a Return Fire in force adds none", hands: [][]string{{}, {"Return Fire"}},
			att: []string{"A3"}, def: []string{"D4"}, player: 1, side: defenceSide, want: "",
			setup: func(b *battle) { b.sides[defenceSide].returnFire = []int{cardIndex("Return Fire")} }},
		{name: "a losing attack with no Return Fire to negate passes", hands: [][]string{{"Jamming Signal"}, {}},
			att: []string{"A3"}, def: []string{"D10", "D11"}, player: 0, side: attackSide, want: ""},
		{name: "a defence that cannot hold escapes, not negates", hands: [][]string{{}, {"Countermeasure", "Escape Pod"}},
			att: []string{"A6", "A6"}, player: 1, side: defenceSide, want: "Escape Pod"},
		{name: "a discard takes the stack worth most", hands: [][]string{{"Tractor Beam"}, {}},
			att: []string{"A6", "A4"}, def: []string{"D3", "D6", "D5"}, player: 0, side: attackSide, want: "Tractor Beam", wantTarget: ref{what: refStack, i: 1}},
		{name: "a negation takes the whole stack, not its augment", hands: [][]string{{"Jamming Signal"}, {}},
			att: []string{"A6"}, def: []string{"D3", "D4"}, player: 0, side: attackSide, want: "Jamming Signal", wantTarget: ref{what: refStack, i: 1},
			setup: func(b *battle) { b.sides[defenceSide].stacks[1].augs = []int{cardIndex("D×3")} }},
		{name: "two cards, the strongest held first", hands: [][]string{{"A6", "A3", "A2"}, {}},
			att: []string{"A2"}, def: []string{"D10"}, player: 0, side: attackSide, want: "A6"},
		{name: "the larger × first", hands: [][]string{{}, {"D×2", "D×3"}},
			att: []string{"A6", "A6", "A6", "A6", "A6"}, def: []string{"D5"}, player: 1, side: defenceSide, want: "D×3", wantTarget: ref{what: refStack}},
		{name: "the fewest cards before the least spent", hands: [][]string{{"A2", "A3", "A6"}, {}},
			def: []string{"D4"}, player: 0, side: attackSide, want: "A6"},
		{name: "a removal and every card", hands: [][]string{{"A2", "Jamming Signal"}, {}},
			att: []string{"A2"}, def: []string{"D4", "D3"}, player: 0, side: attackSide, want: "Jamming Signal", wantTarget: ref{what: refStack}},
		{name: "a limit negated, the negation held first", hands: [][]string{{}, {"Countermeasure", "D3", "D6"}},
			att: []string{"A5", "A5"}, player: 1, side: defenceSide, want: "Countermeasure", wantTarget: ref{what: refLimit},
			setup: func(b *battle) { b.sides[defenceSide].limits = []limit{{n: 1}} }},
		{name: "a Return Fire negated, the negation held first", hands: [][]string{{"Jamming Signal", "A2"}, {}},
			att: []string{"A3"}, def: []string{"D10", "D11"}, player: 0, side: attackSide, want: "Jamming Signal", wantTarget: ref{what: refReturnFire},
			setup: func(b *battle) { b.sides[defenceSide].returnFire = []int{cardIndex("Return Fire")} }},
		{name: "a hand of eleven numbers: ten weighed", hands: [][]string{{"A2", "A2", "A2", "A2", "A2", "A2", "A2", "A2", "A2", "A2", "A2"}, {}},
			def: []string{"D3"}, player: 0, side: attackSide, want: "A2"},
		{name: "the opening: a card equal to the expected defence will not do", hands: [][]string{{"A2", "A4", "A6"}, {"D3", "D3", "D3", "D3"}},
			player: 0, side: attackSide, opening: true, want: "A6"},
		{name: "a free special held first", hands: [][]string{{"Strafe", "A6"}, {}},
			att: []string{"A2"}, def: []string{"D6"}, player: 0, side: attackSide, want: "Strafe"},
		{name: "the opening: a limit held first", hands: [][]string{{"Warp Strike", "A6"}, {"D3"}},
			player: 0, side: attackSide, opening: true, want: "Warp Strike"},
		{name: "a Return Fire held first", hands: [][]string{{}, {"Return Fire", "D3"}},
			att: []string{"A3"}, def: []string{"D4"}, player: 1, side: defenceSide, want: "Return Fire"},
		{name: "an escape held first", hands: [][]string{{}, {"Escape Pod", "D3"}},
			att: []string{"A6"}, player: 1, side: defenceSide, want: "Escape Pod"},
		{name: "the opening: two cards above the expected defence", hands: [][]string{{"A2", "A4", "A5"}, {"D3", "D3", "D3", "D3", "D3", "D3"}},
			player: 0, side: attackSide, opening: true, want: "A5"},
		// ties, which the documentation leaves open, go to the first: the
		// first stack, the first target, the first plan in the order of the
		// hand (so that a seeded run plays the same game every time)
		{name: "a × under the first of equal stacks", hands: [][]string{{}, {"D×2"}},
			att: []string{"A6", "A6"}, def: []string{"D5", "D5"}, player: 1, side: defenceSide, want: "D×2", wantTarget: ref{what: refStack}},
		{name: "a discard of the first of equal stacks", hands: [][]string{{"Tractor Beam"}, {}},
			att: []string{"A6"}, def: []string{"D5", "D5"}, player: 0, side: attackSide, want: "Tractor Beam", wantTarget: ref{what: refStack}},
		{name: "of two plans that spend as much, the first", hands: [][]string{{"A2", "A4", "A3", "A3"}, {}},
			def: []string{"D5"}, player: 0, side: attackSide, want: "A4"},
		{name: "a × under the stack whose number times its × is highest", hands: [][]string{{}, {"D×3"}},
			att: []string{"A6", "A6", "A6", "A5"}, def: []string{"D3", "D5"}, player: 1, side: defenceSide, want: "D×3", wantTarget: ref{what: refStack},
			setup: func(b *battle) { b.sides[defenceSide].stacks[0].augs = []int{cardIndex("D×2")} }},
		{name: "the one plan of two within a limit of two: the first and third cards", hands: [][]string{{"A5", "A2", "A4"}, {}},
			def: []string{"D4", "D4"}, player: 0, side: attackSide, want: "A5",
			setup: func(b *battle) { b.sides[attackSide].limits = []limit{{n: 2}} }},
		{name: "a negation alone holds the defence", hands: [][]string{{}, {"Countermeasure"}},
			att: []string{"A5"}, player: 1, side: defenceSide, want: "Countermeasure", wantTarget: ref{what: refStack}},
		{name: "the opening: a limit only once", hands: [][]string{{"Warp Strike", "A6"}, {"D3"}},
			player: 0, side: attackSide, opening: true, want: "A6",
			setup: func(b *battle) { b.sides[defenceSide].limits = []limit{{n: 1}} }},
		{name: "the opening: above the expected defence", hands: [][]string{{"A2", "A4", "A6"}, {"D3", "D3", "D3"}},
			player: 0, side: attackSide, opening: true, want: "A4"},
		{name: "the opening: the least card when nothing beats the expected defence", hands: [][]string{{"A2", "A3"}, {"D3", "D3", "D3", "D3", "D3", "D3"}},
			player: 0, side: attackSide, opening: true, want: "A2"},
		{name: "the opening: no more once the expected defence is beaten", hands: [][]string{{"A2", "A6"}, {"D3", "D3", "D3"}},
			att: []string{"A4"}, player: 0, side: attackSide, opening: true, want: ""},
		{name: "the opening: one card when nothing beats the expected defence", hands: [][]string{{"A3"}, {"D3", "D3", "D3", "D3", "D3", "D3"}},
			att: []string{"A2"}, player: 0, side: attackSide, opening: true, want: ""},
		{name: "the opening: a second card when the first falls short", hands: [][]string{{"A2", "A5"}, {"D3", "D3", "D3", "D3", "D3", "D3"}},
			att: []string{"A4"}, player: 0, side: attackSide, opening: true, want: "A5"},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := table(t, c.hands, nil, nil, nil, nil)
			b := onTable(t, g, c.att, c.def)
			if c.setup != nil {
				c.setup(b)
			}
			mv, ok := Greedy{}.move(b, c.player, c.side, c.opening)
			got := ""
			if ok {
				got = g.cards[g.ps[c.player].hand[mv.hand]].Title
			}
			// the target counts for an augment, a negation and a discard
			aimed := false
			if ok {
				e := g.cards[g.ps[c.player].hand[mv.hand]].Effect
				aimed = e.Augment.Op != 0 || e.Special.Name == Negate || e.Special.Name == DiscardNumbered
			}
			if got != c.want || ok && aimed && mv.target != c.wantTarget {
				t.Errorf("played %q at %+v, want %q at %+v", got, mv.target, c.want, c.wantTarget)
			}
		})
	}
}
