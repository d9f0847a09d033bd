package galaga

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/deckpress/deckpress/rules/sim"
)

// TestGreedyAnswersMore: more of what greedy negates at once, as its
// documentation lists it: a negation or discard that would turn the
// result (an augment's included), one aimed at its Return Fire or its
// limit, never a draw or a gain; and nothing without a negation of its
// own side's kind.
func TestGreedyAnswersMore(t *testing.T) {
	for _, c := range []struct {
		name     string
		hand     []string
		att, def []string
		defAug   string // an augment under the defence's first card
		side     int
		special  string
		target   ref
		want     bool
	}{
		{"a negation of the augment that holds the defence", []string{"Countermeasure"}, []string{"A6"}, []string{"D4"}, "D+2", defenceSide, "Jamming Signal", ref{what: refAug}, true},
		{"a negation of an augment it can spare", []string{"Countermeasure"}, []string{"A3"}, []string{"D4"}, "D+2", defenceSide, "Jamming Signal", ref{what: refAug}, false},
		{"a negation of an augment that is not there", []string{"Countermeasure"}, []string{"A6"}, []string{"D4"}, "D+2", defenceSide, "Jamming Signal", ref{what: refAug, j: 1}, false},
		{"a negation of a card that is not there", []string{"Countermeasure"}, []string{"A3"}, []string{"D4"}, "", defenceSide, "Jamming Signal", ref{what: refStack, i: 1}, false},
		{"a negation of the shield that holds, losing anyway", []string{"Countermeasure"}, []string{"A6"}, []string{"D4"}, "", defenceSide, "Jamming Signal", ref{what: refStack}, false},
		{"a negation of its Return Fire", []string{"Countermeasure"}, []string{"A6"}, nil, "", defenceSide, "Jamming Signal", ref{what: refReturnFire}, true},
		{"a negation of its limit", []string{"Countermeasure"}, []string{"A2"}, []string{"D6"}, "", defenceSide, "Jamming Signal", ref{what: refLimit}, true},
		{"a Return Fire while the attack wins", []string{"Jamming Signal"}, []string{"A6"}, []string{"D3"}, "", attackSide, "Return Fire", ref{}, false},
		{"a Return Fire at a tie", []string{"Jamming Signal"}, []string{"A3"}, []string{"D3"}, "", attackSide, "Return Fire", ref{}, true},
		{"a limit on a losing attack", []string{"Jamming Signal"}, []string{"A3"}, []string{"D3"}, "", attackSide, "Jammer", ref{}, true},
		{"a limit on a winning attack", []string{"Jamming Signal"}, []string{"A4"}, []string{"D3"}, "", attackSide, "Jammer", ref{}, false},
		{"a draw", []string{"Countermeasure"}, []string{"A6"}, nil, "", defenceSide, "Reload", ref{}, false},
		{"a gain", []string{"Jamming Signal"}, nil, []string{"D6"}, "", attackSide, "Repair", ref{}, false},
		{"a life lost, with the other side's negation only", []string{"Jamming Signal", "D3"}, nil, nil, "", defenceSide, "Strafe", ref{}, false},
		{"an escape at a tie", []string{"Jamming Signal"}, []string{"A3"}, []string{"D3"}, "", attackSide, "Escape Pod", ref{}, false},
	} {
		hands := [][]string{{}, {}}
		hands[c.side] = c.hand
		g := table(t, hands, nil, pacifist, pacifist)
		b := onTable(t, g, c.att, c.def)
		if c.defAug != "" {
			b.sides[defenceSide].stacks[0].augs = []int{cardIndex(c.defAug)}
		}
		got := (Greedy{}).respond(b, c.side, c.side, cardIndex(c.special), c.target)
		if want := slices.IndexFunc(c.hand, func(h string) bool { return h == "Countermeasure" || h == "Jamming Signal" }); c.want && got != want || !c.want && got != -1 {
			t.Errorf("%s: answered with %d, want %v", c.name, got, c.want)
		}
	}
}

// TestHelpsAndCaps: a helper's side, and the plays a side has left.
func TestHelpsAndCaps(t *testing.T) {
	g := table(t, [][]string{{}, {}, {}}, nil, pacifist, pacifist, pacifist)
	b := &battle{g: g, main: [2]int{1, 2}}
	for _, c := range []struct{ att, def, want int }{{1, 2, attackSide}, {4, 3, defenceSide}, {2, 2, -1}} {
		g.ps[1].lives, g.ps[2].lives = c.att, c.def
		if got := b.helps(0); got != c.want {
			t.Errorf("attacker %d lives, defender %d: helps %d, want %d", c.att, c.def, got, c.want)
		}
	}
	if b.capOr(attackSide, 7) != 7 {
		t.Error("no limit: the default")
	}
	b.sides[attackSide].limits = []limit{{n: 3}}
	b.sides[attackSide].plays = 3
	if got := b.capOr(attackSide, 7); got != 0 {
		t.Errorf("a limit used up: %d left", got)
	}
}

// TestRandomLegal: the moves the random policy draws from are every card
// of its side's kind, an augment under each of its side's cards, a
// discard at each of the other side's numbered cards, a negation at each
// card the other side has played.
func TestRandomLegal(t *testing.T) {
	g := table(t, [][]string{{"A×2", "Tractor Beam", "Jamming Signal", "A3", "D3", "Reload"}, {}}, nil, pacifist, pacifist)
	b := onTable(t, g, []string{"A2", "A4"}, []string{"D5", "D6"})
	b.sides[defenceSide].stacks[1].augs = []int{cardIndex("D+2")}
	b.sides[defenceSide].returnFire = []int{cardIndex("Return Fire")}
	b.sides[attackSide].limits = []limit{{card: cardIndex("Jammer"), n: 2}} // a limit the defence played
	want := []move{
		{hand: 0, target: ref{what: refStack, i: 0}}, {hand: 0, target: ref{what: refStack, i: 1}},
		{hand: 1, target: ref{what: refStack, i: 0}}, {hand: 1, target: ref{what: refStack, i: 1}},
		{hand: 2, target: ref{what: refStack, i: 0}}, {hand: 2, target: ref{what: refStack, i: 1}}, {hand: 2, target: ref{what: refAug, i: 1, j: 0}},
		{hand: 2, target: ref{what: refReturnFire, i: 0}}, {hand: 2, target: ref{what: refLimit, i: 0}},
		{hand: 3}, {hand: 5},
	}
	if got := b.legal(0, attackSide); !slices.Equal(got, want) {
		t.Errorf("legal moves\n got %v\nwant %v", got, want)
	}
	if got := b.legal(1, defenceSide); len(got) != 0 {
		t.Errorf("an empty hand: %v", got)
	}
}

// TestRandomOdds: the random policy's odds, over many seeded draws: a
// held 1UP at half odds, an attack at half odds while it holds an
// offensive card, a card at even odds for a side's own player, one in
// four for a helper, always when opening, and a negation at half odds.
func TestRandomOdds(t *testing.T) {
	const n = 4000
	g := table(t, [][]string{{"A2", "1UP", "Jamming Signal"}, {"D3"}, {"A3"}}, nil, pacifist, pacifist, pacifist)
	b := onTable(t, g, []string{"A2"}, []string{"D3"})
	g.rng = rand.New(rand.NewPCG(7, 7))
	var ups, attacks, mains, helpers, openings, negations int
	targets := map[int]int{}
	for range n {
		if i := (Random{}).oneUp(g, 0); i >= 0 {
			ups++
			if i != 1 {
				t.Fatalf("1UP at %d", i)
			}
		}
		if s := (Random{}).attack(g, 0); s >= 0 {
			attacks++
			targets[s]++
		}
		if _, ok := (Random{}).move(b, 0, attackSide, false); ok {
			mains++
		}
		if _, ok := (Random{}).move(b, 2, attackSide, false); ok {
			helpers++
		}
		if _, ok := (Random{}).move(b, 0, attackSide, true); ok {
			openings++
		}
		if i := (Random{}).respond(b, 0, attackSide, 0, ref{}); i >= 0 {
			negations++
			if i != 2 {
				t.Fatalf("negation at %d", i)
			}
		}
	}
	near := func(k int, p float64) bool {
		return math.Abs(float64(k)-p*n) < 4*math.Sqrt(p*(1-p)*n)
	}
	if !near(ups, 0.5) || !near(attacks, 0.5) || !near(mains, 0.5) || !near(helpers, 0.25) || openings != n || !near(negations, 0.5) || !near(targets[1], 0.25) || targets[0] != 0 {
		t.Errorf("of %d: 1UPs %d, attacks %d (targets %v), own plays %d, helpers %d, openings %d, negations %d", n, ups, attacks, targets, mains, helpers, openings, negations)
	}
	g.ps[1].lives = 0
	g.ps[0].hand = []int{cardIndex("D3")}
	for range 50 {
		if (Random{}).attack(g, 0) >= 0 || (Random{}).oneUp(g, 0) >= 0 || (Random{}).respond(b, 0, attackSide, 0, ref{}) >= 0 {
			t.Fatal("an attack without an offensive card, a 1UP or a negation not held")
		}
		if _, ok := (Random{}).move(b, 0, attackSide, true); ok {
			t.Fatal("a move with no card of the side's kind")
		}
	}
	g.ps[0].hand = []int{cardIndex("A2")}
	for range 50 {
		if s := (Random{}).attack(g, 0); s == 1 || s == 0 {
			t.Fatalf("attacked seat %d", s)
		}
	}
}

// TestParsePolicy: the policies by name.
func TestParsePolicy(t *testing.T) {
	for _, name := range []string{"greedy", "random"} {
		if p, err := ParsePolicy(name); err != nil || p.Name() != name {
			t.Errorf("%s: %v, %v", name, p, err)
		}
	}
	if _, err := ParsePolicy("clever"); err == nil || err.Error() != `unknown policy "clever"; policies: greedy, random` {
		t.Errorf("clever: %v", err)
	}
}

// TestLabReport: a run's figures, counted here from the games
// themselves: one seat that wins every game in its first turn with three
// cards, against one that never attacks; then the same two when nobody
// attacks: every game a tie at the turn limit.
func TestLabReport(t *testing.T) {
	deck := oneSided(6, 40)
	deck.Cards = append(deck.Cards, Card{Title: "Never", Kind: Defensive, Effect: Effect{Value: 1}})
	l := Lab{Games: 10, Seed: 3, Deck: deck, Options: Options{Policies: []Policy{striker{target: -1}, pacifist}}, Config: sim.Config{Workers: 2}}
	rep, err := l.Run()
	if err != nil {
		t.Fatal(err)
	}
	// Wilson's interval for 10 of 10 at z = 1.96: from 10/(10+1.96²)
	lo := math.Round(10/(10+1.96*1.96)*1e4) / 1e4
	want := Report{Games: 10, Seed: 3, Players: 2, Policies: []string{"striker", "scripted"}, TurnLimit: 300, MeanTurns: 1,
		Seats: []Seat{{Seat: 1, Wins: 10, WinRate: 1, CI95: [2]float64{lo, 1}, DecisiveRate: 1}, {Seat: 2, CI95: [2]float64{0, math.Round((1-lo)*1e4) / 1e4}}},
		Cards: []CardPlay{{Card: "A5", Kind: "offensive", Played: 30, Effective: 30, PlayedGames: 10, WinRate: 1}, {Card: "Never", Kind: "defensive", NeverEffective: true}}}
	if !equalReports(rep, want) {
		t.Errorf("report\n got %+v\nwant %+v", rep, want)
	}
	l.Options = Options{Policies: []Policy{pacifist, pacifist}, TurnLimit: 4}
	l.Games = 3
	rep, err = l.Run()
	if err != nil {
		t.Fatal(err)
	}
	hi := math.Round((1-3/(3+1.96*1.96))*1e4) / 1e4 // 0 of 3: up to 1 − 3/(3+z²)
	want = Report{Games: 3, Seed: 3, Players: 2, Policies: []string{"scripted", "scripted"}, TurnLimit: 4, Ties: 3, TieRate: 1, MeanTurns: 4,
		Seats: []Seat{{Seat: 1, CI95: [2]float64{0, hi}}, {Seat: 2, CI95: [2]float64{0, hi}}},
		Cards: []CardPlay{{Card: "A5", Kind: "offensive", NeverEffective: true}, {Card: "Never", Kind: "defensive", NeverEffective: true}}}
	if !equalReports(rep, want) {
		t.Errorf("all ties\n got %+v\nwant %+v", rep, want)
	}
}

func equalReports(a, b Report) bool {
	return a.Games == b.Games && a.Seed == b.Seed && a.Players == b.Players && slices.Equal(a.Policies, b.Policies) &&
		a.TurnLimit == b.TurnLimit && a.Ties == b.Ties && a.TieRate == b.TieRate && a.MeanTurns == b.MeanTurns &&
		slices.Equal(a.Seats, b.Seats) && slices.Equal(a.Cards, b.Cards)
}

// TestLabMixed: with ties and wins mixed, the rates are shares of the
// games and of the decisive games, and a card's win rate is over the
// games its player played it in, counted here from each game's result.
func TestLabMixed(t *testing.T) {
	deck := kitDeck(t)
	o := Options{Policies: []Policy{Random{}, Random{}, Greedy{}}, TurnLimit: 100}
	l := Lab{Games: 40, Seed: 5, Deck: deck, Options: o, Config: sim.Config{Workers: 1}}
	rep, err := l.Run()
	if err != nil {
		t.Fatal(err)
	}
	m, _ := NewMatch(deck, o)
	wins := make([]int, 3)
	ties, turns := 0, 0
	games, won := make([]int, len(deck.Cards)), make([]int, len(deck.Cards))
	for i := range l.Games {
		r := m.Play(sim.NewRand(l.Seed, i))
		turns += r.Turns
		if r.Winner < 0 {
			ties++
		} else {
			wins[r.Winner]++
		}
		for c := range deck.Cards {
			for s := range 3 {
				if r.PlayedBy[s][c] {
					games[c]++
					if r.Winner == s {
						won[c]++
					}
				}
			}
		}
	}
	if ties == 0 || ties == l.Games {
		t.Fatalf("%d ties: pick a turn limit that mixes ties and wins", ties)
	}
	r4 := func(x float64) float64 { return math.Round(x*1e4) / 1e4 }
	if rep.Ties != ties || rep.TieRate != r4(float64(ties)/40) || rep.MeanTurns != r4(float64(turns)/40) {
		t.Errorf("ties %d (%v), mean turns %v; counted %d, %d turns", rep.Ties, rep.TieRate, rep.MeanTurns, ties, turns)
	}
	for s, w := range wins {
		if st := rep.Seats[s]; st.Wins != w || st.WinRate != r4(float64(w)/40) || st.DecisiveRate != r4(float64(w)/float64(40-ties)) || st.CI95[0] > st.WinRate || st.CI95[1] < st.WinRate {
			t.Errorf("seat %d: %+v; counted %d wins", s+1, st, w)
		}
	}
	for c, cp := range rep.Cards {
		if cp.PlayedGames != games[c] || games[c] > 0 && cp.WinRate != r4(float64(won[c])/float64(games[c])) {
			t.Errorf("%s: %+v; counted %d games, %d won", cp.Card, cp, games[c], won[c])
		}
	}
}
