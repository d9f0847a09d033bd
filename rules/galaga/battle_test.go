package galaga

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// testCards is a deck of one of each card the battle tests need.
var testCards = []Card{
	{Title: "A2", Kind: Offensive, Effect: Effect{Value: 2}},
	{Title: "A3", Kind: Offensive, Effect: Effect{Value: 3}},
	{Title: "A4", Kind: Offensive, Effect: Effect{Value: 4}},
	{Title: "A5", Kind: Offensive, Effect: Effect{Value: 5}},
	{Title: "A6", Kind: Offensive, Effect: Effect{Value: 6}},
	{Title: "A×2", Kind: Offensive, Effect: Effect{Augment: Augment{Times, 2}}},
	{Title: "A+3", Kind: Offensive, Effect: Effect{Augment: Augment{Plus, 3}}},
	{Title: "Tractor Beam", Kind: Offensive, Effect: Effect{Special: Special{Name: DiscardNumbered}}},
	{Title: "Jamming Signal", Kind: Offensive, Effect: Effect{Special: Special{Name: Negate}}},
	{Title: "Warp Strike", Kind: Offensive, Effect: Effect{Special: Special{Name: Limit, N: 1}}},
	{Title: "Strafe", Kind: Offensive, Effect: Effect{Special: Special{Name: LoseLife}}},
	{Title: "Reload", Kind: Offensive, Effect: Effect{Special: Special{Name: Draw, N: 2}}},
	{Title: "D3", Kind: Defensive, Effect: Effect{Value: 3}},
	{Title: "D4", Kind: Defensive, Effect: Effect{Value: 4}},
	{Title: "D5", Kind: Defensive, Effect: Effect{Value: 5}},
	{Title: "D6", Kind: Defensive, Effect: Effect{Value: 6}},
	{Title: "D10", Kind: Defensive, Effect: Effect{Value: 10}},
	{Title: "D11", Kind: Defensive, Effect: Effect{Value: 11}},
	{Title: "Countermeasure", Kind: Defensive, Effect: Effect{Special: Special{Name: Negate}}},
	{Title: "Escape Pod", Kind: Defensive, Effect: Effect{Special: Special{Name: EndBattle}}},
	{Title: "Return Fire", Kind: Defensive, Effect: Effect{Special: Special{Name: ReturnFire}}},
	{Title: "Repair", Kind: Defensive, Effect: Effect{Special: Special{Name: GainLife}}},
	{Title: "1UP", Kind: OneUp, Effect: Effect{Special: Special{Name: GainLife}}},
	{Title: "Recharge", Kind: OneUp, Effect: Effect{Special: Special{Name: Draw, N: 2}}},
	{Title: "D+2", Kind: Defensive, Effect: Effect{Augment: Augment{Plus, 2}}},
	{Title: "D×3", Kind: Defensive, Effect: Effect{Augment: Augment{Times, 3}}},
	{Title: "D×2", Kind: Defensive, Effect: Effect{Augment: Augment{Times, 2}}},
	{Title: "Jammer", Kind: Defensive, Effect: Effect{Special: Special{Name: Limit, N: 2}}},
	{Title: "Salvage", Kind: Offensive, Effect: Effect{Special: Special{Name: GainLife}}},
}

// step is a scripted play: a card by title (and its target), or a pass
// (no title).
type step struct {
	title  string
	target ref
}

// scripted plays its steps in order, whatever the battle; responds with
// its answers in order ("" declines).
type scripted struct {
	t        *testing.T
	steps    []step
	answers  []string
	attackAt int
}

func (*scripted) Name() string            { return "scripted" }
func (*scripted) oneUp(*game, int) int    { return -1 }
func (s *scripted) attack(*game, int) int { return s.attackAt }

func (s *scripted) move(b *battle, p, _ int, _ bool) (move, bool) {
	if len(s.steps) == 0 {
		return move{}, false
	}
	st := s.steps[0]
	s.steps = s.steps[1:]
	if st.title == "" {
		return move{}, false
	}
	return move{hand: s.find(b.g, p, st.title), target: st.target}, true
}

func (s *scripted) respond(b *battle, p, _, _ int, _ ref) int {
	if len(s.answers) == 0 {
		return -1
	}
	a := s.answers[0]
	s.answers = s.answers[1:]
	if a == "" {
		return -1
	}
	return s.find(b.g, p, a)
}

func (s *scripted) find(g *game, p int, title string) int {
	i := slices.IndexFunc(g.ps[p].hand, func(k int) bool { return g.cards[k].Title == title })
	if i < 0 {
		s.t.Fatalf("player %d holds no %s", p, title)
	}
	return i
}

// table deals each player the cards named, with 3 lives, and a draw pile
// of the cards named in draw.
func table(t *testing.T, hands [][]string, draw []string, pols ...*scripted) *game {
	t.Helper()
	idx := func(title string) int {
		i := slices.IndexFunc(testCards, func(c Card) bool { return c.Title == title })
		if i < 0 {
			t.Fatalf("no test card %s", title)
		}
		return i
	}
	n := len(hands)
	res := &Result{Played: make([]int, len(testCards)), Effective: make([]int, len(testCards)), PlayedBy: make([][]bool, n)}
	g := &game{m: &Match{defMu: 1}, cards: testCards, rng: rand.New(rand.NewPCG(1, 2)), res: res, pile: 5, ps: make([]player, n)}
	for s, h := range hands {
		res.PlayedBy[s] = make([]bool, len(testCards))
		g.ps[s].lives = StartLives
		g.ps[s].policy = pols[s]
		for _, title := range h {
			g.ps[s].hand = append(g.ps[s].hand, idx(title))
		}
	}
	for _, title := range draw {
		g.draw = append(g.draw, idx(title))
	}
	return g
}

func play(titles ...string) []step {
	var out []step
	for _, t := range titles {
		out = append(out, step{title: t})
	}
	return out
}

func pass() step { return step{} }

func lives(g *game) []int {
	var out []int
	for _, p := range g.ps {
		out = append(out, p.lives)
	}
	return out
}

// TestBattles: one battle each, scripted, against what the house rules
// say should happen.
func TestBattles(t *testing.T) {
	stack0 := ref{what: refStack}
	for _, c := range []struct {
		name     string
		hands    [][]string
		att, def []step
		answers  [2][]string // the players' immediate negations
		lives    []int
		effect   []string // cards that took effect
		noEffect []string // cards played that did not
	}{
		{name: "a tie goes to the defender",
			hands: [][]string{{"A5"}, {"D5"}}, att: play("A5", ""), def: play("D5", ""),
			lives: []int{3, 3}, effect: []string{"A5", "D5"}},
		{name: "exchanges: the attacker answers the defence, the defender passes, the attacker passes",
			hands: [][]string{{"A3", "A2"}, {"D4"}}, att: append(play("A3", ""), step{title: "A2"}, pass()), def: play("D4", "", ""),
			lives: []int{3, 2}},
		{name: "× before +: 4 × 2 + 3 is 11, and 11 holds",
			hands: [][]string{{"A4", "A+3", "A×2"}, {"D11"}},
			att:   []step{{title: "A4"}, {title: "A+3", target: stack0}, {title: "A×2", target: stack0}, pass(), pass()}, def: play("D11", ""),
			lives: []int{3, 3}, effect: []string{"A×2", "A+3"}},
		{name: "× before +: 11 beats 10",
			hands: [][]string{{"A4", "A+3", "A×2"}, {"D10"}},
			att:   []step{{title: "A4"}, {title: "A+3", target: stack0}, {title: "A×2", target: stack0}, pass(), pass()}, def: play("D10", ""),
			lives: []int{3, 2}},
		{name: "Tractor Beam takes the defender's numbered card, played in answer",
			hands: [][]string{{"A4", "Tractor Beam"}, {"D6"}},
			att:   []step{{title: "A4"}, pass(), {title: "Tractor Beam", target: stack0}, pass()}, def: play("D6", "", ""),
			lives: []int{3, 2}, effect: []string{"Tractor Beam"}, noEffect: []string{"D6"}},
		{name: "a special negated at once does nothing",
			hands: [][]string{{"A4", "Tractor Beam"}, {"D6", "Countermeasure"}}, answers: [2][]string{nil, {"Countermeasure"}},
			att: []step{{title: "A4"}, pass(), {title: "Tractor Beam", target: stack0}, pass()}, def: play("D6", "", ""),
			lives: []int{3, 3}, effect: []string{"Countermeasure", "D6"}, noEffect: []string{"Tractor Beam"}},
		{name: "a negation negated at once: the special acts",
			hands:   [][]string{{"A4", "Tractor Beam", "Jamming Signal"}, {"D6", "Countermeasure"}},
			answers: [2][]string{{"Jamming Signal"}, {"Countermeasure"}},
			att:     []step{{title: "A4"}, pass(), {title: "Tractor Beam", target: stack0}, pass()}, def: play("D6", "", ""),
			lives: []int{3, 2}, effect: []string{"Tractor Beam", "Jamming Signal"}, noEffect: []string{"Countermeasure"}},
		{name: "Jamming Signal negates a played shield in the attacker's answer",
			hands: [][]string{{"A3", "Jamming Signal"}, {"D4"}},
			att:   []step{{title: "A3"}, pass(), {title: "Jamming Signal", target: stack0}, pass()}, def: play("D4", "", ""),
			lives: []int{3, 2}, effect: []string{"Jamming Signal"}, noEffect: []string{"D4"}},
		{name: "a negation with nothing to negate takes no effect",
			hands: [][]string{{"A3", "Jamming Signal"}, {"D4"}},
			att:   []step{{title: "A3"}, {title: "Jamming Signal", target: stack0}, pass()}, def: play("D4", ""),
			lives: []int{3, 3}, noEffect: []string{"Jamming Signal"}},
		{name: "Warp Strike: the defence may play one more card",
			hands: [][]string{{"Warp Strike", "A5"}, {"D3", "D4"}},
			att:   play("Warp Strike", "A5", "", ""), def: play("D3", "D4", ""),
			lives: []int{3, 2}, effect: []string{"Warp Strike"}},
		{name: "Warp Strike: the one more card may hold the attack",
			hands: [][]string{{"Warp Strike", "A5"}, {"D6", "D4"}},
			att:   play("Warp Strike", "A5", "", ""), def: play("D6", "D4", ""),
			lives: []int{3, 3}, effect: []string{"Warp Strike", "D6"}},
		{name: "Escape Pod ends the battle: nobody loses a life",
			hands: [][]string{{"A6"}, {"Escape Pod"}}, att: play("A6", ""), def: play("Escape Pod"),
			lives: []int{3, 3}, effect: []string{"Escape Pod"}, noEffect: []string{"A6"}},
		{name: "Return Fire: the attack fails, the attacker loses a life",
			hands: [][]string{{"A3"}, {"D4", "Return Fire"}}, att: play("A3", ""), def: play("D4", "Return Fire", ""),
			lives: []int{2, 3}, effect: []string{"Return Fire"}},
		{name: "Return Fire: the attack wins, only the defender loses a life",
			hands: [][]string{{"A3", "A2"}, {"D4", "Return Fire"}}, att: play("A3", "", "A2", ""), def: play("D4", "Return Fire", ""),
			lives: []int{3, 2}, noEffect: []string{"Return Fire"}},
		{name: "a special from the wider vocabulary: lose-life hits the defender at once",
			hands: [][]string{{"Strafe", "A2"}, {"D3"}}, att: play("Strafe", "A2", ""), def: play("D3", ""),
			lives: []int{3, 2}, effect: []string{"Strafe"}},
		{name: "a helper adds a shield in the defence's answer",
			hands: [][]string{{"A5"}, {"D3"}, {"D4"}}, att: play("A5", ""), def: play("D3", ""),
			lives: []int{3, 3, 3}, effect: []string{"D4"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			pols := []*scripted{{t: t, steps: c.att, answers: c.answers[0]}, {t: t, steps: c.def, answers: c.answers[1]}}
			if len(c.hands) == 3 {
				// the helper answers for the defence once: its first call
				// comes when the defence first answers
				pols = append(pols, &scripted{t: t, steps: []step{{title: "D4"}, pass(), pass(), pass()}})
			}
			g := table(t, c.hands, nil, pols...)
			if !g.fight(0, 1) {
				t.Fatal("no battle")
			}
			if got := lives(g); !slices.Equal(got, c.lives) {
				t.Errorf("lives %v, want %v", got, c.lives)
			}
			for _, title := range c.effect {
				if k := slices.IndexFunc(testCards, func(x Card) bool { return x.Title == title }); g.res.Effective[k] == 0 {
					t.Errorf("%s did not take effect", title)
				}
			}
			for _, title := range c.noEffect {
				if k := slices.IndexFunc(testCards, func(x Card) bool { return x.Title == title }); g.res.Played[k] == 0 || g.res.Effective[k] != 0 {
					t.Errorf("%s: played %d, took effect %d; want played, no effect", title, g.res.Played[k], g.res.Effective[k])
				}
			}
			held := 0
			for _, p := range g.ps {
				held += len(p.hand)
			}
			dealt := 0
			for _, h := range c.hands {
				dealt += len(h)
			}
			if held+len(g.discard) != dealt {
				t.Errorf("%d cards held, %d discarded; %d were dealt", held, len(g.discard), dealt)
			}
		})
	}
}

// TestOwnTurn: a 1UP takes a life from the pile on its owner's turn, and
// does nothing when the pile is empty; a draw special draws, reshuffling
// the discards.
func TestOwnTurn(t *testing.T) {
	g := table(t, [][]string{{"1UP", "1UP"}, {}}, nil, &scripted{t: t}, &scripted{t: t})
	g.playOneUp(0, 0)
	g.pile = 0
	g.playOneUp(0, 0)
	k := slices.IndexFunc(testCards, func(x Card) bool { return x.Title == "1UP" })
	if g.ps[0].lives != 4 || g.res.Played[k] != 2 || g.res.Effective[k] != 1 || len(g.discard) != 2 {
		t.Errorf("lives %d, 1UP played %d, effective %d, %d discarded", g.ps[0].lives, g.res.Played[k], g.res.Effective[k], len(g.discard))
	}
	g = table(t, [][]string{{"Reload", "A2"}, {"D3"}}, []string{"A6"}, &scripted{t: t, steps: play("Reload", "A2", "", "")}, &scripted{t: t, steps: play("D3", "")})
	g.discard = append(g.discard, 5) // one card in the discards
	g.fight(0, 1)
	if len(g.ps[0].hand) != 2 {
		t.Errorf("after drawing 2 the attacker holds %d cards", len(g.ps[0].hand))
	}
}

// TestLimits: a side under limits may play as many cards as the tightest
// one leaves it.
func TestLimits(t *testing.T) {
	b := &battle{}
	sd := &b.sides[defenceSide]
	if !b.canPlay(defenceSide) || b.allowed(defenceSide) != -1 {
		t.Error("no limit: not free")
	}
	sd.plays = 3
	sd.limits = []limit{{at: 1, n: 4}, {at: 2, n: 2}}
	if !b.canPlay(defenceSide) || b.allowed(defenceSide) != 1 {
		t.Errorf("limits of 4 from play 1 and 2 from play 2, after 3 plays: allowed %d", b.allowed(defenceSide))
	}
	sd.plays = 4
	if b.canPlay(defenceSide) || b.allowed(defenceSide) != 0 {
		t.Errorf("after 4 plays: allowed %d, can play %v", b.allowed(defenceSide), b.canPlay(defenceSide))
	}
	sd.limits = sd.limits[:1]
	if !b.canPlay(defenceSide) || b.allowed(defenceSide) != 1 || !b.canPlay(attackSide) {
		t.Errorf("the limit of 2 negated: allowed %d", b.allowed(defenceSide))
	}
}
