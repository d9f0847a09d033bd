package galaga

import (
	"slices"
	"testing"
)

// onTable sets up a battle of seat 0 against seat 1 with the numbered
// cards named lying on each side.
func onTable(t *testing.T, g *game, att, def []string) *battle {
	t.Helper()
	b := &battle{g: g, main: [2]int{0, 1}}
	for s, titles := range [2][]string{att, def} {
		for _, title := range titles {
			k := slices.IndexFunc(testCards, func(c Card) bool { return c.Title == title })
			b.sides[s].stacks = append(b.sides[s].stacks, stack{num: k})
		}
	}
	return b
}

// TestGreedyMoves: the greedy policy's next card in battles set up by
// hand, against the choices its documentation states.
func TestGreedyMoves(t *testing.T) {
	for _, c := range []struct {
		name       string
		hands      [][]string
		att, def   []string // numbered cards on the table
		player     int
		side       int
		opening    bool
		want       string // "" passes
		wantTarget ref
	}{
		{name: "a losing defence plays the one card that suffices", hands: [][]string{{}, {"D3", "D4", "D6"}},
			att: []string{"A6"}, player: 1, side: defenceSide, want: "D6"},
		{name: "two cards needed: the strongest first", hands: [][]string{{}, {"D3", "D4"}},
			att: []string{"A6"}, player: 1, side: defenceSide, want: "D4"},
		{name: "among one-card plans, the one that spends least", hands: [][]string{{}, {"D6", "D5", "D10"}},
			att: []string{"A5"}, player: 1, side: defenceSide, want: "D5"},
		{name: "a winning defence passes", hands: [][]string{{}, {"D3"}},
			att: []string{"A3"}, def: []string{"D4"}, player: 1, side: defenceSide, want: ""},
		{name: "a winning defence adds its Return Fire", hands: [][]string{{}, {"D3", "Return Fire"}},
			att: []string{"A3"}, def: []string{"D4"}, player: 1, side: defenceSide, want: "Return Fire"},
		{name: "nothing else will do: escape", hands: [][]string{{}, {"D3", "Escape Pod"}},
			att: []string{"A6"}, player: 1, side: defenceSide, want: "Escape Pod"},
		{name: "a losing attack takes the shield that costs it the battle", hands: [][]string{{"A2", "A3", "Tractor Beam"}, {}},
			att: []string{"A4"}, def: []string{"D3", "D6"}, player: 0, side: attackSide, want: "Tractor Beam", wantTarget: ref{what: refStack, i: 1}},
		{name: "× goes under the strongest card", hands: [][]string{{"A×2"}, {}},
			att: []string{"A2", "A5"}, def: []string{"D10"}, player: 0, side: attackSide, want: "A×2", wantTarget: ref{what: refStack, i: 1}},
		{name: "an attack that cannot win negates the Return Fire", hands: [][]string{{"A2", "Jamming Signal"}, {}},
			att: []string{"A3"}, def: []string{"D10", "D11"}, player: 0, side: attackSide, want: "Jamming Signal", wantTarget: ref{what: refReturnFire}},
		{name: "an attack that can win by a negation negates", hands: [][]string{{"A2", "Jamming Signal"}, {}},
			att: []string{"A3"}, def: []string{"D4"}, player: 0, side: attackSide, want: "Jamming Signal", wantTarget: ref{what: refStack}},
		{name: "the opening: a limit first", hands: [][]string{{"A6", "Warp Strike"}, {"D3"}},
			player: 0, side: attackSide, opening: true, want: "Warp Strike"},
		{name: "the opening: the fewest cards above the expected defence (one card: 1)", hands: [][]string{{"A6", "A2"}, {"D3"}},
			player: 0, side: attackSide, opening: true, want: "A2"},
		{name: "a free special first", hands: [][]string{{"A6", "Reload"}, {"D3"}},
			player: 0, side: attackSide, opening: true, want: "Reload"},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := table(t, c.hands, nil, nil, nil)
			b := onTable(t, g, c.att, c.def)
			if c.name == "an attack that cannot win negates the Return Fire" {
				k := slices.IndexFunc(testCards, func(x Card) bool { return x.Title == "Return Fire" })
				b.sides[defenceSide].returnFire = []int{k}
			}
			mv, ok := Greedy{}.move(b, c.player, c.side, c.opening)
			got := ""
			if ok {
				got = g.cards[g.ps[c.player].hand[mv.hand]].Title
			}
			if got != c.want || ok && mv.target != c.wantTarget && (c.wantTarget != ref{}) {
				t.Errorf("played %q at %+v, want %q at %+v", got, mv.target, c.want, c.wantTarget)
			}
		})
	}
}

// TestGreedyAnswersAtOnce: what the greedy policy negates the moment it
// is played.
func TestGreedyAnswersAtOnce(t *testing.T) {
	card := func(title string) int {
		return slices.IndexFunc(testCards, func(x Card) bool { return x.Title == title })
	}
	for _, c := range []struct {
		name     string
		att, def []string
		side     int // the side answering
		special  string
		target   ref
		want     bool
	}{
		{"a discard that turns the result", []string{"A4"}, []string{"D6"}, defenceSide, "Tractor Beam", ref{what: refStack}, true},
		{"a discard that does not", []string{"A4"}, []string{"D6", "D5"}, defenceSide, "Tractor Beam", ref{what: refStack, i: 1}, false},
		{"a limit while losing", []string{"A6"}, nil, defenceSide, "Warp Strike", ref{}, true},
		{"a limit while winning", []string{"A3"}, []string{"D6"}, defenceSide, "Warp Strike", ref{}, false},
		{"a life lost", nil, nil, defenceSide, "Strafe", ref{}, true},
		{"an escape while the attack wins", []string{"A6"}, []string{"D3"}, attackSide, "Escape Pod", ref{}, true},
		{"an escape while the attack fails", []string{"A3"}, []string{"D3"}, attackSide, "Escape Pod", ref{}, false},
		{"a Return Fire while the attack fails", []string{"A3"}, []string{"D6"}, attackSide, "Return Fire", ref{}, true},
		{"a negation of its own negation", nil, nil, attackSide, "Countermeasure", ref{what: refPending}, true},
	} {
		neg := "Countermeasure"
		if c.side == attackSide {
			neg = "Jamming Signal"
		}
		hands := [][]string{{}, {}}
		hands[c.side] = []string{"A2", neg}
		g := table(t, hands, nil, nil, nil)
		b := onTable(t, g, c.att, c.def)
		if got := (Greedy{}).respond(b, c.side, c.side, card(c.special), c.target); (got >= 0) != c.want {
			t.Errorf("%s: answered %v, want %v", c.name, got >= 0, c.want)
		}
	}
}

// TestGreedyChoices: whom greedy attacks and whom it helps.
func TestGreedyChoices(t *testing.T) {
	g := table(t, [][]string{{"A6", "A5"}, {"D3"}, {"D3", "D4"}}, nil, nil, nil, nil)
	g.ps[2].lives = 2
	if got := (Greedy{}).attack(g, 0); got != 2 {
		t.Errorf("attacked %d, want 2, the one with fewest lives", got)
	}
	g.ps[0].hand = g.ps[0].hand[1:] // A5 alone against a hand of 2: 5 > 2
	if got := (Greedy{}).attack(g, 0); got != 2 {
		t.Errorf("attacked %d with A5", got)
	}
	g.m.defMu = 3 // expects 6 from a hand of 2
	if got := (Greedy{}).attack(g, 0); got != -1 {
		t.Errorf("attacked %d with 5 against an expected 6", got)
	}
	b := &battle{g: g, main: [2]int{0, 1}}
	for _, c := range []struct{ att, def, want int }{{3, 2, defenceSide}, {2, 3, attackSide}, {3, 3, -1}} {
		g.ps[0].lives, g.ps[1].lives = c.att, c.def
		if got := b.helps(2); got != c.want {
			t.Errorf("attacker %d lives, defender %d: helps %d, want %d", c.att, c.def, got, c.want)
		}
	}
	g.ps[0].hand = []int{slices.IndexFunc(testCards, func(x Card) bool { return x.Title == "1UP" })}
	g.pile = 0
	if got := (Greedy{}).oneUp(g, 0); got != -1 {
		t.Error("a 1UP played with no life on the pile")
	}
	g.pile = 1
	if got := (Greedy{}).oneUp(g, 0); got != 0 {
		t.Error("a 1UP kept with a life on the pile")
	}
}
