package galaga

import (
	"slices"
	"strings"
	"testing"
)

func cardIndex(title string) int {
	return slices.IndexFunc(testCards, func(x Card) bool { return x.Title == title })
}

// TestLimitsOrder: the tightest limit rules whichever was played first.
func TestLimitsOrder(t *testing.T) {
	b := &battle{}
	sd := &b.sides[attackSide]
	sd.plays = 4
	sd.limits = []limit{{at: 2, n: 2}, {at: 1, n: 4}}
	if b.canPlay(attackSide) || b.allowed(attackSide) != 0 {
		t.Errorf("a limit used up, then one with a play left: allowed %d", b.allowed(attackSide))
	}
	sd.limits = []limit{{at: 0, n: 9}, {at: 1, n: 5}}
	if !b.canPlay(attackSide) || b.allowed(attackSide) != 2 {
		t.Errorf("5 and 9 left after 4 and 1 plays under them: allowed %d, want 2", b.allowed(attackSide))
	}
}

// TestBattleValue: a stack's number is its card's, times every ×, plus
// every +, whatever order they were attached in; a side's total adds its
// stacks.
func TestBattleValue(t *testing.T) {
	g := table(t, [][]string{{}, {}}, nil, pacifist, pacifist)
	b := &battle{g: g}
	b.sides[defenceSide].stacks = []stack{
		{num: cardIndex("D5"), augs: []int{cardIndex("D+2"), cardIndex("D×3"), cardIndex("D+2")}}, // 5×3+2+2
		{num: cardIndex("D4"), augs: []int{cardIndex("D×3"), cardIndex("D×3")}},                   // 4×3×3
		{num: cardIndex("D3")},
	}
	if got := b.total(defenceSide); got != 19+36+3 {
		t.Errorf("total %d, want 58", got)
	}
	b.sides[attackSide].stacks = []stack{{num: cardIndex("A6")}}
	if b.attackWins() {
		t.Error("6 beats 58")
	}
	b.sides[attackSide].stacks = []stack{{num: cardIndex("A6"), augs: []int{cardIndex("A×2")}}}
	b.sides[defenceSide].stacks = []stack{{num: cardIndex("D10"), augs: []int{cardIndex("D+2")}}}
	if got := b.total(attackSide); got != 12 || b.attackWins() {
		t.Errorf("12 against 12: %d, attack wins %v", got, b.attackWins())
	}
	b.sides[defenceSide].stacks[0].augs = nil
	if !b.attackWins() {
		t.Error("12 does not beat 10")
	}
}

// TestHelpers: players outside the battle answer after the side's own
// player, in turn from the attacker's left, skipping the defender and
// players who are out.
func TestHelpers(t *testing.T) {
	var order []int
	rec := func(s int) *recorder { return &recorder{seat: s, order: &order} }
	g := table(t, [][]string{{"A2"}, {}, {}, {}, {}}, nil, nil, nil, nil, nil, nil)
	for s := range g.ps {
		g.ps[s].policy = rec(s)
	}
	g.ps[4].lives = 0
	b := &battle{g: g, main: [2]int{2, 0}}
	b.answer(defenceSide, false)
	if want := []int{0, 3, 1}; !slices.Equal(order, want) {
		t.Errorf("the defence of seat 0 against seat 2 asked %v, want %v", order, want)
	}
	order = nil
	b.answer(attackSide, true)
	if want := []int{2}; !slices.Equal(order, want) {
		t.Errorf("the opening asked %v, want %v", order, want)
	}
}

// recorder passes every choice and notes who was asked.
type recorder struct {
	seat  int
	order *[]int
}

func (*recorder) Name() string                            { return "recorder" }
func (*recorder) oneUp(*game, int) int                    { return -1 }
func (*recorder) attack(*game, int) int                   { return -1 }
func (*recorder) respond(*battle, int, int, int, ref) int { return -1 }
func (r *recorder) move(_ *battle, p, _ int, _ bool) (move, bool) {
	*r.order = append(*r.order, p)
	return move{}, false
}

// TestBattleSpecials: specials carried out, one battle each, scripted as
// in TestBattles: what they do and when they count as taking effect.
func TestBattleSpecials(t *testing.T) {
	stack0, aug00 := ref{what: refStack}, ref{what: refAug}
	for _, c := range []struct {
		name     string
		hands    [][]string
		att, def []step
		answers  [2][]string
		pile     int
		start    []int // lives at the start, when not 3 each
		draw     []string
		lives    []int
		hand     []int // cards held after the battle
		effect   map[string]int
	}{
		{name: "a negation takes one augment, the card stays",
			hands: [][]string{{"A4", "A×2", "Jamming Signal"}, {"D4", "D+2"}},
			att:   []step{{title: "A4"}, pass(), {title: "A×2", target: stack0}, {title: "Jamming Signal", target: aug00}, pass()},
			def:   []step{{title: "D4"}, {title: "D+2", target: stack0}, pass(), pass()},
			lives: []int{3, 2}, hand: []int{0, 0}, effect: map[string]int{"Jamming Signal": 1, "A×2": 1, "A4": 1, "D4": 1, "D+2": 0}},
		{name: "a negation takes a Return Fire",
			hands: [][]string{{"A3", "Jamming Signal"}, {"D4", "Return Fire"}},
			att:   []step{{title: "A3"}, pass(), {title: "Jamming Signal", target: ref{what: refReturnFire}}, pass()},
			def:   []step{{title: "D4"}, {title: "Return Fire"}, pass(), pass()},
			lives: []int{3, 3}, effect: map[string]int{"Jamming Signal": 1, "Return Fire": 0}},
		{name: "a negation lifts a limit: the defence plays on",
			hands: [][]string{{"Warp Strike", "A5"}, {"D3", "Countermeasure", "D4"}},
			att:   play("Warp Strike", "A5", "", "", ""), def: []step{{title: "Countermeasure", target: ref{what: refLimit}}, {title: "D3"}, {title: "D4"}, pass()},
			lives: []int{3, 3}, effect: map[string]int{"Countermeasure": 1, "Warp Strike": 0}},
		{name: "one pass does not end the battle: the attack plays on, the defence answers",
			hands: [][]string{{"A3", "A2"}, {"D6"}},
			att:   play("A3", "", "A2", ""), def: play("", "D6", ""),
			lives: []int{3, 3}, effect: map[string]int{"A2": 1, "D6": 1}},
		{name: "a negation at once counts against a limit",
			hands: [][]string{{"Warp Strike", "A5", "Tractor Beam"}, {"Countermeasure", "D6"}}, answers: [2][]string{nil, {"", "Countermeasure"}},
			att: []step{{title: "Warp Strike"}, {title: "A5"}, {title: "Tractor Beam", target: stack0}, pass()}, def: play("D6", ""),
			lives: []int{3, 2}, hand: []int{0, 1}, effect: map[string]int{"Warp Strike": 1, "Countermeasure": 1, "Tractor Beam": 0}},
		{name: "the attack negates the defence's limit",
			hands: [][]string{{"A2", "Jamming Signal", "A3", "A4", "A5"}, {"Jammer", "D3"}},
			att:   []step{{title: "A2"}, pass(), {title: "Jamming Signal", target: ref{what: refLimit}}, {title: "A3"}, {title: "A4"}, {title: "A5"}, pass()},
			def:   play("Jammer", "D3", "", ""),
			lives: []int{3, 2}, hand: []int{0, 0}, effect: map[string]int{"Jamming Signal": 1, "Jammer": 0, "A5": 1}},
		{name: "the defence negates the first card played",
			hands: [][]string{{"A4"}, {"Countermeasure"}},
			att:   play("A4", ""), def: []step{{title: "Countermeasure", target: stack0}, pass()},
			lives: []int{3, 3}, effect: map[string]int{"Countermeasure": 1, "A4": 0}},
		{name: "a limit of two: the third card waits",
			hands: [][]string{{"A2", "A3", "A4", "A5"}, {"Jammer", "D3"}},
			att:   play("A2", "", "A3", "A4", "A5", ""), def: play("Jammer", "D3", ""),
			lives: []int{3, 2}, hand: []int{1, 0}, effect: map[string]int{"Jammer": 1}},
		{name: "two Return Fires cost two lives",
			hands: [][]string{{"A3"}, {"D4", "Return Fire", "Return Fire"}},
			att:   play("A3", ""), def: play("D4", "Return Fire", "Return Fire", ""),
			lives: []int{1, 3}, effect: map[string]int{"Return Fire": 2}},
		{name: "two Return Fires against a last life",
			hands: [][]string{{"A3"}, {"D4", "Return Fire", "Return Fire"}}, start: []int{1, 3},
			att: play("A3", ""), def: play("D4", "Return Fire", "Return Fire", ""),
			lives: []int{0, 3}, effect: map[string]int{"Return Fire": 1}},
		{name: "a tie and a Return Fire: the attack fails",
			hands: [][]string{{"A4"}, {"D4", "Return Fire"}},
			att:   play("A4", ""), def: play("D4", "Return Fire", ""),
			lives: []int{2, 3}, effect: map[string]int{"Return Fire": 1}},
		{name: "a discard with no numbered card to take takes no effect",
			hands: [][]string{{"Tractor Beam", "A2"}, {}},
			att:   []step{{title: "Tractor Beam", target: stack0}, {title: "A2"}, pass()}, def: play(""),
			lives: []int{3, 2}, effect: map[string]int{"Tractor Beam": 0}},
		{name: "a draw from an empty deck takes no effect",
			hands: [][]string{{"Reload", "A2"}, {}},
			att:   play("Reload", "A2", ""), def: play(""),
			lives: []int{3, 2}, hand: []int{0, 0}, effect: map[string]int{"Reload": 0}},
		{name: "a draw draws",
			hands: [][]string{{"Reload", "A2"}, {}}, draw: []string{"D3", "D4", "D5"},
			att: play("Reload", "A2", ""), def: play(""),
			lives: []int{3, 2}, hand: []int{2, 0}, effect: map[string]int{"Reload": 1}},
		{name: "a life gained from the pile",
			hands: [][]string{{"Salvage", "A2"}, {}}, pile: 1,
			att: play("Salvage", "A2", ""), def: play(""),
			lives: []int{4, 2}, effect: map[string]int{"Salvage": 1}},
		{name: "no life on the pile to gain",
			hands: [][]string{{"Salvage", "A2"}, {}},
			att:   play("Salvage", "A2", ""), def: play(""),
			lives: []int{3, 2}, effect: map[string]int{"Salvage": 0}},
		{name: "an escape negated at once: the battle goes on",
			hands: [][]string{{"A5", "Jamming Signal"}, {"Escape Pod"}}, answers: [2][]string{{"Jamming Signal"}, nil},
			att: play("A5", "", ""), def: play("Escape Pod", ""),
			lives: []int{3, 2}, effect: map[string]int{"Escape Pod": 0, "Jamming Signal": 1, "A5": 1}},
	} {
		t.Run(c.name, func(t *testing.T) {
			pols := []*scripted{{t: t, steps: c.att, answers: c.answers[0]}, {t: t, steps: c.def, answers: c.answers[1]}}
			g := table(t, c.hands, c.draw, pols...)
			g.pile = c.pile
			for s, n := range c.start {
				g.ps[s].lives = n
			}
			if !g.fight(0, 1) {
				t.Fatal("no battle")
			}
			if got := lives(g); !slices.Equal(got, c.lives) {
				t.Errorf("lives %v, want %v", got, c.lives)
			}
			if c.hand != nil {
				if got := []int{len(g.ps[0].hand), len(g.ps[1].hand)}; !slices.Equal(got, c.hand) {
					t.Errorf("hands %v, want %v", got, c.hand)
				}
			}
			for title, n := range c.effect {
				if got := g.res.Effective[cardIndex(title)]; got != n {
					t.Errorf("%s took effect %d times, want %d", title, got, n)
				}
			}
			held := len(g.draw)
			for _, p := range g.ps {
				held += len(p.hand)
			}
			if dealt := len(c.hands[0]) + len(c.hands[1]) + len(c.draw); held+len(g.discard) != dealt {
				t.Errorf("%d cards held or in the deck, %d discarded; %d were dealt", held, len(g.discard), dealt)
			}
		})
	}
}

// TestLastLife: a lose-life that takes the defender's last life ends the
// battle; one that does not lets it go on.
func TestLastLife(t *testing.T) {
	for _, lv := range []int{1, 2} {
		g := table(t, [][]string{{"Strafe", "A2"}, {"D3"}}, nil,
			&scripted{t: t, steps: play("Strafe", "A2", "")}, &scripted{t: t, steps: play("D3", "")})
		g.ps[1].lives = lv
		g.fight(0, 1)
		a2 := g.res.Played[cardIndex("A2")]
		if lv == 1 && (g.ps[1].lives != 0 || a2 != 0) || lv == 2 && (g.ps[1].lives != 1 || a2 != 1) {
			t.Errorf("%d lives: %d left, A2 played %d", lv, g.ps[1].lives, a2)
		}
	}
}

// TestNoNegation: a side that may play no more cards, or whose player is
// out, cannot negate a special at once.
func TestNoNegation(t *testing.T) {
	for _, c := range []struct {
		name  string
		setup func(g *game, b *battle)
	}{
		{"a limit used up", func(_ *game, b *battle) {
			b.sides[defenceSide].plays, b.sides[defenceSide].limits = 1, []limit{{at: 0, n: 1}}
		}},
		{"the defender out", func(g *game, _ *battle) { g.ps[1].lives = 0 }},
	} {
		g := table(t, [][]string{{"Tractor Beam"}, {"D3", "Countermeasure"}}, nil,
			&scripted{t: t}, &scripted{t: t, answers: []string{"Countermeasure"}})
		b := &battle{g: g, main: [2]int{0, 1}}
		b.sides[defenceSide].stacks = []stack{{num: cardIndex("D3")}}
		b.table = []int{cardIndex("D3")}
		c.setup(g, b)
		b.play(0, attackSide, move{hand: 0, target: ref{what: refStack}})
		if len(g.ps[1].hand) != 2 || len(b.sides[defenceSide].stacks) != 0 {
			t.Errorf("%s: the defender holds %d cards, %d shields left", c.name, len(g.ps[1].hand), len(b.sides[defenceSide].stacks))
		}
	}
}

// TestRemoveMissing: a negation or discard aimed at a card that is not
// there removes nothing.
func TestRemoveMissing(t *testing.T) {
	g := table(t, [][]string{{}, {}}, nil, pacifist, pacifist)
	b := &battle{g: g}
	b.sides[defenceSide].stacks = []stack{{num: cardIndex("D3"), augs: []int{cardIndex("D+2")}}}
	b.table = []int{cardIndex("D3"), cardIndex("D+2")}
	for _, r := range []ref{{what: refStack, i: 1}, {what: refAug, i: 1}, {what: refAug, j: 1}, {what: refReturnFire}, {what: refLimit}} {
		if b.remove(defenceSide, r) {
			t.Errorf("%+v removed a card", r)
		}
	}
	if len(g.discard) != 0 || len(b.table) != 2 || b.total(defenceSide) != 5 {
		t.Errorf("discards %v, table %v", g.discard, b.table)
	}
	if !b.remove(defenceSide, ref{what: refAug}) || b.total(defenceSide) != 3 || !slices.Equal(b.table, []int{cardIndex("D3")}) {
		t.Errorf("the + 2 not removed: total %d, table %v", b.total(defenceSide), b.table)
	}
	if lastIndex([]int{4, 7, 4}, 4) != 2 || lastIndex([]int{4, 7}, 4) != 0 || lastIndex([]int{4, 7}, 9) != -1 || lastIndex(nil, 0) != -1 {
		t.Error("lastIndex")
	}
}

// TestIllegalPlays: a policy that breaks the rules stops the game with
// a message naming it, rather than play on wrongly.
func TestIllegalPlays(t *testing.T) {
	for _, c := range []struct {
		name string
		hand []string
		s    int
		mv   move
	}{
		{"a defensive card for the attack", []string{"D3"}, attackSide, move{}},
		{"an augment with no card to go under", []string{"A×2"}, attackSide, move{target: ref{what: refStack}}},
		{"an augment at a negation's target", []string{"A×2"}, attackSide, move{target: ref{what: refReturnFire}}},
	} {
		g := table(t, [][]string{c.hand, {}}, nil, &scripted{t: t}, &scripted{t: t})
		b := &battle{g: g, main: [2]int{0, 1}}
		func() {
			defer func() {
				if r, _ := recover().(string); !strings.Contains(r, "policy scripted played") {
					t.Errorf("%s: %q", c.name, r)
				}
			}()
			b.play(0, c.s, c.mv)
		}()
	}
}
