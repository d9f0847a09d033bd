package slugfest

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/deckpress/deckpress/rules/sim"
)

// Heroes of a hand-made team of four: Iron Fist 0, Doctor Fantastic 1,
// Super Agent X 2, Icicle 3.
func char(h, f int) Card    { return Card{Hero: h, Character: true, Force: f} }
func ability(h, f int) Card { return Card{Hero: h, Force: f} }

// TestBattle: battle totals of hand-made hands, each worked out from the
// source's Slug phase by hand.
func TestBattle(t *testing.T) {
	none := []bool{false, false, false, false}
	for _, c := range []struct {
		name      string
		hand      []Card
		out       []bool
		comebacks bool
		total     int
		back      []int
	}{
		{"the rules card's example: Iron Fist 4 and Punch 4 count, Guns has no Super Agent X",
			[]Card{char(0, 4), ability(0, 4), ability(2, 4)}, none, false, 8, nil},
		{"one character card per hero: the strongest", []Card{char(0, 2), char(0, 5), char(0, 3), ability(0, 1)}, none, false, 6, nil},
		{"abilities need their hero's character card", []Card{ability(0, 5), ability(1, 4), ability(2, 3), char(3, 1)}, none, false, 1, nil},
		{"every hero counts once", []Card{char(0, 1), char(1, 2), char(2, 3), char(3, 4), ability(0, 5), ability(1, 5), ability(2, 5), ability(3, 5)}, none, false, 30, nil},
		{"a knocked-out hero and its abilities count nothing", []Card{char(1, 5), ability(1, 5), char(0, 1), ability(0, 2)}, []bool{false, true, false, false}, false, 3, nil},
		{"nothing counts: an empty total", []Card{ability(3, 5), ability(3, 4)}, none, false, 0, nil},
		{"three character cards of a knocked-out hero without comebacks: nothing", []Card{char(2, 1), char(2, 2), char(2, 3), ability(2, 5)}, []bool{false, false, true, false}, false, 0, nil},
		{"a comeback: the three count nothing, nor do abilities without another character card",
			[]Card{char(2, 1), char(2, 2), char(2, 3), ability(2, 5), char(0, 2)}, []bool{false, false, true, false}, true, 2, []int{2}},
		{"a comeback with a fourth character card: the strongest counts, and the abilities",
			[]Card{char(2, 4), char(2, 1), char(2, 5), char(2, 2), ability(2, 5)}, []bool{false, false, true, false}, true, 10, []int{2}},
		{"a comeback with character cards 1 to 4: the 4 counts",
			[]Card{char(2, 3), char(2, 1), char(2, 4), char(2, 2), ability(2, 5)}, []bool{false, false, true, false}, true, 9, []int{2}},
		{"two character cards bring nobody back", []Card{char(2, 4), char(2, 5), ability(2, 5)}, []bool{false, false, true, false}, true, 0, nil},
		{"a variant team of nine: the ninth hero counts too", []Card{char(8, 3), ability(8, 5), char(0, 1)}, make([]bool, 9), false, 9, nil},
		{"two comebacks at once", []Card{char(0, 1), char(0, 2), char(0, 3), char(1, 1), char(1, 2), char(1, 3), char(3, 5), ability(3, 1)}, []bool{true, true, false, false}, true, 6, []int{0, 1}},
	} {
		got := Battle(c.hand, c.out, c.comebacks)
		if got.Total != c.total || !slices.Equal(got.Back, c.back) {
			t.Errorf("%s: total %d, back %v; want %d, %v", c.name, got.Total, got.Back, c.total, c.back)
		}
	}
}

// TestCards: a team's deck has per hero the character cards 1 to 5 and
// its abilities 5 down to 1.
func TestCards(t *testing.T) {
	d := Cards(kitTeams(t)[0])
	if len(d) != 40 {
		t.Fatalf("%d cards", len(d))
	}
	for h := range 4 {
		var chars, abil []int
		for _, c := range d {
			if c.Hero == h && c.Character {
				chars = append(chars, c.Force)
			} else if c.Hero == h {
				abil = append(abil, c.Force)
			}
		}
		if !slices.Equal(chars, []int{1, 2, 3, 4, 5}) || !slices.Equal(abil, []int{5, 4, 3, 2, 1}) {
			t.Errorf("hero %d: characters %v, abilities %v", h, chars, abil)
		}
	}
}

// TestGreedyDiscard: the greedy policy swaps the cards that cannot count
// first, lowest force first, and keeps a card worth more than a fresh draw.
func TestGreedyDiscard(t *testing.T) {
	// a draw pile of weak cards: a fresh card adds little
	weak := []Card{ability(3, 1), ability(3, 1), ability(3, 2)}
	for _, c := range []struct {
		name string
		p    Player
		want []Card // the cards swapped, in order
	}{
		{"duplicates, an ability without its hero, a knocked-out hero's card",
			Player{Hand: []Card{char(0, 5), char(0, 2), ability(0, 5), ability(1, 4), char(2, 5), ability(2, 5), char(0, 1), char(3, 3)},
				Out: []bool{false, false, true, false}, Draw: weak},
			[]Card{char(0, 1), char(0, 2), ability(1, 4), char(2, 5), ability(2, 5)}},
		{"at most four swaps with no hero out", Player{Hand: []Card{ability(1, 1), ability(1, 2), ability(1, 3), ability(1, 4), ability(1, 5), char(0, 5), char(2, 5), char(3, 5)},
			Out: []bool{false, false, false, false}, Draw: weak},
			[]Card{ability(1, 1), ability(1, 2), ability(1, 3), ability(1, 4)}},
		{"a strong hand is kept", Player{Hand: []Card{char(0, 5), ability(0, 5), ability(0, 4), char(1, 5), ability(1, 5), char(2, 5), ability(2, 5), ability(2, 4)},
			Out: []bool{false, false, false, false}, Draw: weak}, nil},
		{"a weak counting card goes when a fresh card is worth more",
			Player{Hand: []Card{char(0, 5), ability(0, 5), char(1, 5), ability(1, 5), char(2, 5), ability(2, 5), char(3, 5), ability(3, 1)},
				Out: []bool{false, false, false, false}, Draw: []Card{ability(0, 4), ability(1, 4), ability(2, 4)}},
			[]Card{ability(3, 1)}},
		{"dead cards go even when nothing can be drawn",
			Player{Hand: []Card{char(0, 5), char(0, 1), ability(1, 3)}, Out: []bool{false, false, false, false}},
			[]Card{char(0, 1), ability(1, 3)}},
		{"a counting card worth just what a fresh card adds is kept",
			Player{Hand: []Card{char(0, 5), ability(0, 1), char(1, 5), char(2, 5), char(3, 5)},
				Out: []bool{false, false, false, false}, Draw: []Card{ability(1, 1), ability(2, 1)}}, nil},
		{"with comebacks, two character cards of a knocked-out hero are kept",
			Player{Hand: []Card{char(1, 1), char(1, 2), char(0, 5), ability(0, 5), char(2, 1), char(3, 5), ability(3, 4), ability(3, 5)},
				Out: []bool{false, true, true, false}, Draw: weak, Comebacks: true},
			[]Card{char(2, 1)}},
	} {
		var got []Card
		for _, i := range (Greedy{}).Discard(&c.p, nil) {
			got = append(got, c.p.Hand[i])
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: swapped %v, want %v", c.name, got, c.want)
		}
	}
}

// TestGreedyKnockOut: the hero with least force left in the draw pile
// goes, among those standing.
func TestGreedyKnockOut(t *testing.T) {
	p := Player{Out: []bool{true, false, false, false}, Draw: []Card{char(1, 5), ability(2, 3), ability(2, 1), char(3, 4), ability(3, 1)}}
	if h := (Greedy{}).KnockOut(&p, nil); h != 2 {
		t.Errorf("knocked out hero %d, want 2 (4 force left, against 5 each)", h)
	}
	if h := (Random{}).KnockOut(&p, rand.New(rand.NewPCG(1, 1))); h == 0 {
		t.Error("random knocked out a hero already out")
	}
	first := Player{Out: []bool{false, false, false, false}, Draw: []Card{char(1, 4), char(2, 4), char(3, 5)}}
	if h := (Greedy{}).KnockOut(&first, nil); h != 0 {
		t.Errorf("hero 0 has nothing left in the draw pile: knocked out %d", h)
	}
	tie := Player{Out: []bool{true, false, false, false}, Draw: []Card{char(1, 4), char(2, 4), char(3, 5)}}
	if h := (Greedy{}).KnockOut(&tie, nil); h != 1 {
		t.Errorf("a tie of heroes 1 and 2: knocked out %d, want the first, 1", h)
	}
}

// TestRandomDiscard: the random policy swaps from none to as many cards
// as it may, each count in turn.
func TestRandomDiscard(t *testing.T) {
	p := Player{Hand: make([]Card, HandSize), Out: []bool{true, false, false, false}}
	seen := map[int]bool{}
	for i := range 300 {
		d := Random{}.Discard(&p, sim.NewRand(8, i))
		if len(d) > Discards+1 {
			t.Fatalf("%d swaps; at most %d", len(d), Discards+1)
		}
		seen[len(d)] = true
	}
	if len(seen) != Discards+2 {
		t.Errorf("swap counts seen: %v", seen)
	}
}

// cheater swaps more cards than it may.
type cheater struct{ Greedy }

func (cheater) Discard(p *Player, _ *rand.Rand) []int { return []int{0, 1, 2, 3, 4} }

func TestNewMatchAndCheats(t *testing.T) {
	teams := kitTeams(t)
	if _, err := NewMatch(teams[0], teams[1], Options{TurnLimit: -1}); err == nil {
		t.Error("a negative turn limit was accepted")
	}
	if _, err := NewMatch(teams[0], &Team{Name: "EMPTY"}, Options{}); err == nil {
		t.Error("a team without members was accepted")
	}
	m, _ := NewMatch(teams[0], teams[1], Options{Policies: [2]Policy{cheater{}, nil}})
	defer func() {
		if recover() == nil {
			t.Error("five swaps with no hero out went unnoticed")
		}
	}()
	m.Play(sim.NewRand(1, 1))
}

// TestLabFigures: the lab's figures add up: every pair of the three
// teams; a game ends when four heroes of a side are out, so the
// knock-outs of a game are at least four, and at most seven without
// comebacks; comebacks are counted; rates are rounded to 4 places.
func TestLabFigures(t *testing.T) {
	teams := kitTeams(t)
	for _, comebacks := range []bool{false, true} {
		rep, err := Lab{Games: 500, Seed: 2, Teams: teams, Options: Options{Comebacks: comebacks}}.Run()
		if err != nil {
			t.Fatal(err)
		}
		if len(rep.Pairs) != 3 || rep.TurnLimit != DefaultTurnLimit || rep.Comebacks != comebacks {
			t.Fatalf("%+v", rep)
		}
		for _, p := range rep.Pairs {
			ko := 0.0
			for _, k := range p.KnockOuts {
				ko += k.Mean
			}
			top := 7.0
			if comebacks {
				top = 7 + p.Comebacks // each hero brought back may be knocked out again
			}
			switch {
			case p.AWins+p.BWins+p.Ties != 500 || p.AWinRate != float64(p.AWins)/500 || len(p.KnockOuts) != 8:
				t.Errorf("%+v", p)
			case ko < 4 || ko > top+0.001 || p.MeanTurns < ko:
				t.Errorf("%.3f knock-outs a game in %.2f turns (comebacks %v)", ko, p.MeanTurns, comebacks)
			case comebacks != (p.ComebackGames > 0) || p.Comebacks < p.ComebackGames || p.Comebacks > 4*p.MeanTurns:
				// two heroes back a side a turn at most (8 cards: 3 + 3)
				t.Errorf("comebacks %v: %.3f a game, in %.3f of games", comebacks, p.Comebacks, p.ComebackGames)
			}
		}
	}
}

// recorder checks, at every Tactics phase, that the hand is 8 fresh cards
// and that no card is lost or made; it then discards as the greedy policy.
type recorder struct {
	t    *testing.T
	size int
	max  *int
}

func (recorder) Name() string { return "recorder" }

func (r recorder) Discard(p *Player, rng *rand.Rand) []int {
	if len(p.Hand) != HandSize || len(p.Hand)+len(p.Draw)+len(p.Discard) != r.size {
		r.t.Fatalf("hand %d, draw %d, discards %d", len(p.Hand), len(p.Draw), len(p.Discard))
	}
	*r.max = max(*r.max, p.MaxDiscards())
	return Random{}.Discard(p, rng)
}

func (recorder) KnockOut(p *Player, rng *rand.Rand) int { return Random{}.KnockOut(p, rng) }

// TestPlay: cards are kept whole and hands drawn fresh; a game ends when
// one side has no hero standing (the winner's side has some); the turn
// limit ties a game; knock-outs come one a turn at most.
func TestPlay(t *testing.T) {
	teams := kitTeams(t)
	most := 0
	rec := recorder{t: t, size: 40, max: &most}
	m, err := NewMatch(teams[0], teams[1], Options{Policies: [2]Policy{rec, Greedy{}}, Comebacks: true})
	if err != nil {
		t.Fatal(err)
	}
	backs := 0
	for i := range 300 {
		r := m.Play(sim.NewRand(1, i))
		kos := [2]int{sum(r.KnockedOut[0]) - r.Comebacks[0], sum(r.KnockedOut[1]) - r.Comebacks[1]}
		backs += r.Comebacks[0] + r.Comebacks[1]
		if r.Winner < 0 || kos[1-r.Winner] != 4 || kos[r.Winner] > 3 || sum(r.KnockedOut[0])+sum(r.KnockedOut[1]) > r.Turns {
			t.Fatalf("game %d: %+v", i, r)
		}
	}
	if most < Discards+3 || backs == 0 {
		t.Errorf("at most %d swaps seen; %d comebacks", most, backs)
	}
	m, _ = NewMatch(teams[0], teams[1], Options{TurnLimit: 1})
	for i := range 100 {
		if r := m.Play(sim.NewRand(2, i)); r.Winner != -1 || r.Turns != 1 || sum(r.KnockedOut[0])+sum(r.KnockedOut[1]) > 1 || r.Comebacks != [2]int{} {
			t.Fatalf("one turn: %+v", r)
		}
	}
}

func sum(xs []int) int {
	n := 0
	for _, x := range xs {
		n += x
	}
	return n
}

// TestMirror: a team against its own copy wins half the games, within the
// 95 % interval of the run `deckpress sim slugfest --teams A,A` prints
// (10,000 games, seed 1); with comebacks, and with random policies, within
// a 99.9 % interval of 4,000 games. Greedy beats random.
func TestMirror(t *testing.T) {
	teams := kitTeams(t)
	for _, c := range []struct {
		o     Options
		games int
		z     float64
	}{{Options{}, 10000, sim.Z95}, {Options{Comebacks: true}, 4000, 3.29}, {Options{Policies: [2]Policy{Random{}, Random{}}}, 4000, 3.29}} {
		rep, err := Lab{Games: c.games, Seed: 1, Teams: teams, Pairs: [][2]int{{1, 1}}, Options: c.o}.Run()
		if err != nil {
			t.Fatal(err)
		}
		p := rep.Pairs[0]
		lo, hi := sim.Wilson(float64(p.AWins), c.games, c.z)
		if lo > 0.5 || hi < 0.5 || p.AWins+p.BWins+p.Ties != c.games {
			t.Errorf("%+v: %d–%d–%d, [%.4f, %.4f]", c.o, p.AWins, p.BWins, p.Ties, lo, hi)
		}
	}
	rep, _ := Lab{Games: 1000, Seed: 3, Teams: teams, Pairs: [][2]int{{0, 0}}, Options: Options{Policies: [2]Policy{Greedy{}, Random{}}}}.Run()
	if p := rep.Pairs[0]; p.CI95[0] < 0.8 {
		t.Errorf("greedy against random: %+v", p)
	}
}

// swapper swaps the given places of the hand at every Tactics phase.
type swapper struct {
	Greedy
	places []int
}

func (s swapper) Discard(*Player, *rand.Rand) []int { return s.places }

// TestCheatsCaught: a policy that swaps more cards than it may, a card
// twice, or a card it does not hold stops the game with a message naming
// it (not with a crash somewhere in the engine).
func TestCheatsCaught(t *testing.T) {
	teams := kitTeams(t)
	for _, c := range []struct {
		name   string
		places []int
	}{
		{"five swaps with no hero out", []int{0, 1, 2, 3, 4}},
		{"one past the hand", []int{HandSize}},
		{"before the hand", []int{-1, 0}},
		{"a card twice", []int{3, 3}},
	} {
		m, err := NewMatch(teams[0], teams[1], Options{Policies: [2]Policy{swapper{places: c.places}, nil}})
		if err != nil {
			t.Fatal(err)
		}
		func() {
			defer func() {
				if msg, _ := recover().(string); !strings.Contains(msg, "policy greedy swaps cards") {
					t.Errorf("%s: stopped with %q", c.name, msg)
				}
			}()
			m.Play(sim.NewRand(1, 1))
		}()
	}
}

// counter swaps the first card of the hand every turn and checks the draw
// pile as it goes: 40 cards, 8 drawn at Power Up and 1 at Tactics, so at
// the t-th Tactics phase the draw pile holds 32 − 9(t − 1) cards, until it
// runs out (turn 4 leaves 4).
type counter struct {
	Greedy
	t    *testing.T
	turn *int
}

func (c counter) Discard(p *Player, _ *rand.Rand) []int {
	*c.turn++
	if want := 32 - 9*(*c.turn-1); *c.turn <= 4 && len(p.Draw) != want {
		c.t.Errorf("Tactics of turn %d: %d cards to draw, want %d", *c.turn, len(p.Draw), want)
	}
	return []int{0}
}

func TestSwapsAreReplaced(t *testing.T) {
	teams := kitTeams(t)
	turns := 0
	m, err := NewMatch(teams[0], teams[1], Options{Policies: [2]Policy{counter{t: t, turn: &turns}, nil}, TurnLimit: 4})
	if err != nil {
		t.Fatal(err)
	}
	m.Play(sim.NewRand(1, 2))
	if turns != 4 {
		t.Errorf("%d Tactics phases in 4 turns", turns)
	}
}

// knocker knocks out the given hero whenever it must.
type knocker struct {
	Greedy
	hero int
}

func (k knocker) KnockOut(*Player, *rand.Rand) int { return k.hero }

// TestKnockOutCheatsCaught: knocking out a hero the team does not have,
// or one already out, stops the game with a message naming the policy.
func TestKnockOutCheatsCaught(t *testing.T) {
	teams := kitTeams(t)
	for _, hero := range []int{-1, StandardMembers, StandardMembers + 1} {
		m, err := NewMatch(teams[0], teams[1], Options{Policies: [2]Policy{knocker{hero: hero}, knocker{hero: hero}}})
		if err != nil {
			t.Fatal(err)
		}
		func() {
			defer func() {
				if msg, _ := recover().(string); !strings.Contains(msg, "policy greedy knocked out hero") {
					t.Errorf("hero %d: stopped with %q", hero, msg)
				}
			}()
			m.Play(sim.NewRand(1, 1))
		}()
	}
	// hero 0 twice: the second knock-out of a side is of a hero already out
	m, _ := NewMatch(teams[0], teams[1], Options{Policies: [2]Policy{knocker{hero: 0}, knocker{hero: 0}}})
	func() {
		defer func() {
			if msg, _ := recover().(string); !strings.Contains(msg, "knocked out hero 0, who is not standing") {
				t.Errorf("hero 0 twice: stopped with %q", msg)
			}
		}()
		m.Play(sim.NewRand(1, 1))
	}()
}

// TestParsePolicy: the two policies of shared RULES.md by name, and an
// error naming them for any other.
func TestParsePolicy(t *testing.T) {
	for _, name := range []string{"greedy", "random"} {
		if p, err := ParsePolicy(name); err != nil || p.Name() != name {
			t.Errorf("%s: %v, %v", name, p, err)
		}
	}
	if _, err := ParsePolicy("Greedy"); err == nil || !strings.Contains(err.Error(), "greedy, random") {
		t.Errorf("an unknown policy: %v", err)
	}
}
