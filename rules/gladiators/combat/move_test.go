package combat

import (
	"math"
	"slices"
	"testing"

	"github.com/deckpress/deckpress/layout"
)

// The greedy policy's move (the doc of Greedy, RULES.md): along a
// shortest path (through allies, around foes and blocked hexes) towards
// the nearest hex from which its best attack reaches a foe, as far as its
// movement goes, never ending on another hero's hex; out of the foe's
// reach when its own attack reaches further; flying or climbing when that
// leaves it nearer, counting the chance that the power fails (ties to
// walking); teleporting when that lands it nearer as the crow flies; a die
// roll among equals.
//
// The hexes below are worked out by hand in cube coordinates. The open
// field's grid has flat tops and its odd columns shifted down, so hex
// (col, row) is cube (x, y, z) = (col, −x − z, row − ⌊col/2⌋), and the
// distance is the largest of |Δx|, |Δy|, |Δz|. From A at 5,7 = (5, −10, 5):
// 8,7 = (8, −11, 3) is 3 hexes off along (3, −1, −2); the hexes next to A
// on the way are 6,7 (+1, 0, −1) and 6,8 (+1, −1, 0), each 2 from 8,7;
// the hexes next to 8,7 and 2 from A are 7,6 (+2, 0, −2) and 7,7
// (+2, −1, −1); those 3 from A are 8,6 and 8,8.

// mvBoard makes a board of an arena with start zones of two hexes: the
// first two of row 0 and the last two.
func mvBoard(t *testing.T, a *Arena) *Board {
	t.Helper()
	if a.Zones == nil {
		a.Zones = [][]layout.Hex{{{Col: 0, Row: 0}, {Col: 1, Row: 0}}, {{Col: a.Cols - 2, Row: 0}, {Col: a.Cols - 1, Row: 0}}}
	}
	b, err := NewBoard(a)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// mvOpen is the open field, with the opaque hexes given (none: open
// ground, where the move goes as the crow flies).
func mvOpen(t *testing.T, opaque ...layout.Hex) *Board {
	t.Helper()
	a := OpenField()
	a.Opaque = opaque
	return mvBoard(t, a)
}

// mvDest is where an action leaves its hero.
func mvDest(f *fighter, act action) int32 {
	if act.kind == aPass {
		return f.cell
	}
	return act.dest
}

func hx(col, row int) layout.Hex { return layout.Hex{Col: col, Row: row} }

// moveCase is one greedy move: A (side 0's first hero) against the
// foes, A's action kind and mode, and how many hexes from the first foe
// it ends (or, with hexes, which hexes it may end in).
type moveCase struct {
	name  string
	a     Hero
	foes  []Hero
	dist  int // the first foe's hex: dist hexes right of A's, 5,7
	kind  actKind
	mode  moveMode
	want  int
	hexes []layout.Hex
}

func (c moveCase) check(t *testing.T, g *game) {
	t.Helper()
	f, tg := &g.f[0], &g.f[len(g.f)-len(c.foes)]
	act := g.approach(f)
	dest := mvDest(f, act)
	switch {
	case act.kind != c.kind || act.mode != c.mode:
		t.Errorf("%s: %+v to %v; want kind %d mode %d", c.name, act, g.b.hex(dest), c.kind, c.mode)
	case c.hexes != nil && !slices.Contains(c.hexes, g.b.hex(dest)):
		t.Errorf("%s: to %v; want one of %v", c.name, g.b.hex(dest), c.hexes)
	case c.hexes == nil && g.b.dist(dest, tg.cell) != c.want:
		t.Errorf("%s: to %v, %d hexes from the foe; want %d", c.name, g.b.hex(dest), g.b.dist(dest, tg.cell), c.want)
	}
}

// TestApproachBestAttack: which attack sets where the hero goes, and
// which way of moving it takes, on open ground. A and the foe as in
// TestApproach (STR 3, DEX 3, SIZ 3: CM 9, 1 hex a move; Flight 2: 2
// hexes); a Distance Attack reaches level × 4 hexes, Teleport level × 3.
func TestApproachBestAttack(t *testing.T) {
	a := func(ps ...Power) Hero { return hero(t, "A", 3, 3, 3, 3, ps...) }
	foe := func(ps ...Power) Hero { return hero(t, "T", 3, 3, 3, 3, ps...) }
	close1, close3, dist1, dist2 := pw(CloseAttack, 1), pw(CloseAttack, 3), pw(DistanceAttack, 1), pw(DistanceAttack, 2)
	ent1 := pw(EntanglingAttack, 1)
	// CM 2 × 9 + 5 = 23: A (CM 9) hits it on 15 + 9 − 23 = 1 only; CM 24:
	// never
	tough := hero(t, "T", 5, 9, 3, 3, close1)
	tougher := hero(t, "T", 6, 9, 3, 3, close1)
	for _, c := range []moveCase{
		// Close 3 does more than Distance 1: it needs to stand next to the foe
		{name: "the stronger attack sets the reach", a: a(close3, dist1), foes: []Hero{foe(close1)}, dist: 3, kind: aMove, want: 2},
		{name: "the stronger attack listed second", a: a(dist1, close3), foes: []Hero{foe(close1)}, dist: 3, kind: aMove, want: 2},
		// Close 1 and Distance 1 expect the same damage: the first listed
		{name: "equal attacks: the first listed, close", a: a(close1, dist1), foes: []Hero{foe(close1)}, dist: 3, kind: aMove, want: 2},
		{name: "equal attacks: the first listed, ranged", a: a(dist1, close1), foes: []Hero{foe(close1)}, dist: 3, kind: aPass, want: 3},
		{name: "a ranged attack at its full reach waits", a: a(dist1), foes: []Hero{foe(close1)}, dist: 4, kind: aPass, want: 4},
		// an Entangling Attack only without a damaging one: Close 1 it is
		{name: "a damaging attack before entangling", a: a(close1, ent1), foes: []Hero{foe(close1)}, dist: 3, kind: aMove, want: 2},
		// Entangling reaches 4, the foe 1: A stops 2 to 4 hexes off
		{name: "entangles a foe it hits only on a 1", a: a(ent1), foes: []Hero{tough}, dist: 7, kind: aMove, want: 6},
		{name: "no entangling a foe it never hits", a: a(ent1), foes: []Hero{tougher}, dist: 7, kind: aPass, want: 7},
		{name: "entangles a foe whose attack is its second power", a: a(ent1), foes: []Hero{foe(pw(Flight, 1), close1)}, dist: 7, kind: aMove, want: 6},
		{name: "Flight listed first", a: a(pw(Flight, 2), close1), foes: []Hero{foe(close1)}, dist: 5, kind: aMove, mode: fly, want: 3},
		{name: "Teleport listed first", a: a(pw(Teleport, 1), close1), foes: []Hero{foe(close1)}, dist: 8, kind: aTeleport, want: 5},
		// reach 8 against 4: A wants 5 to 8 hexes off; from 3 it steps back
		{name: "backs away from a foe of shorter reach", a: a(dist2), foes: []Hero{foe(dist1)}, dist: 3, kind: aMove, want: 4},
		// from 7, walking gets to 6; Teleport 1 lands 4 off, in reach
		{name: "a ranged hero teleports into reach", a: a(dist1, pw(Teleport, 1)), foes: []Hero{foe(close1)}, dist: 7, kind: aTeleport, want: 4},
		// flying 2 hexes gets next to a foe 3 off: 7,6 or 7,7, whatever the dice
		{name: "flies next to the foe", a: a(close1, pw(Flight, 2)), foes: []Hero{foe(close1)}, dist: 3, kind: aMove, mode: fly, hexes: []layout.Hex{hx(7, 6), hx(7, 7)}},
	} {
		for k := range 6 {
			g := gameAt(t, openBoard(t), []Hero{c.a}, c.foes, []layout.Hex{hx(5, 7), hx(5+c.dist, 7)}, &pick{t: t, k: k})
			c.check(t, g)
		}
	}
}

// TestApproachOffOpenGround: with an opaque hex on the map (far off, at
// 12,0) the move is planned along a shortest path: it flies when flying
// leaves it nearer, the chance that Flight fails counted (a failed flight
// leaves it where it was), ties to walking. From 5 hexes off, walking
// leaves 3 hexes to go; flying 2 hexes leaves 2 (sure flight), 0.75 × 2 +
// 0.25 × 4 = 2.5 (works on 15), 0.5 × 2 + 0.5 × 4 = 3 (works on 10: a tie).
func TestApproachOffOpenGround(t *testing.T) {
	a := func(ps ...Power) Hero { return hero(t, "A", 3, 3, 3, 3, ps...) }
	close1, foe := pw(CloseAttack, 1), []Hero{hero(t, "T", 3, 3, 3, 3, pw(CloseAttack, 1))}
	flight := func(works int) Power { return with(pw(Flight, 2), func(p *Power) { p.Works = works }) }
	board := mvOpen(t, hx(12, 0))
	for _, c := range []moveCase{
		{name: "walks a hex nearer", a: a(close1), foes: foe, dist: 5, kind: aMove, want: 4},
		{name: "flies 2 hexes", a: a(close1, flight(20)), foes: foe, dist: 5, kind: aMove, mode: fly, want: 3},
		{name: "flight that works on 15 flies", a: a(close1, flight(15)), foes: foe, dist: 5, kind: aMove, mode: fly, want: 3},
		{name: "flight that works on 10 ties: walks", a: a(close1, flight(10)), foes: foe, dist: 5, kind: aMove, want: 4},
		{name: "Flight listed first", a: a(flight(20), close1), foes: foe, dist: 5, kind: aMove, mode: fly, want: 3},
	} {
		g := gameAt(t, board, []Hero{c.a}, c.foes, []layout.Hex{hx(5, 7), hx(5+c.dist, 7)}, &script{t: t})
		c.check(t, g)
	}
}

// TestApproachAmongEquals: a die roll picks among equally good hexes —
// on open ground among the hexes nearest the foe (6,7 and 6,8), off it
// among the nearest hexes next to the foe (7,6 and 7,7, both reached by
// a hero who walks 2 hexes: STR 3, DEX 10, SIZ 6, 60 ft a turn in six
// segments, 10 ft each), and for Teleport among the hexes next to the
// foe it reaches (7,6, 7,7, 8,6, 8,8). The foe stands at 8,7.
func TestApproachAmongEquals(t *testing.T) {
	close1 := pw(CloseAttack, 1)
	foe := []Hero{hero(t, "T", 3, 3, 3, 3, close1)}
	for _, c := range []struct {
		name  string
		board *Board
		a     Hero
		kind  actKind
		want  []layout.Hex
	}{
		{"walks, open ground", openBoard(t), hero(t, "A", 3, 3, 3, 3, close1), aMove, []layout.Hex{hx(6, 7), hx(6, 8)}},
		{"walks, a shortest path", mvOpen(t, hx(12, 0)), hero(t, "A", 3, 10, 6, 3, close1), aMove, []layout.Hex{hx(7, 6), hx(7, 7)}},
		{"teleports", openBoard(t), hero(t, "A", 3, 3, 3, 3, close1, pw(Teleport, 1)), aTeleport, []layout.Hex{hx(7, 6), hx(8, 6), hx(7, 7), hx(8, 8)}},
	} {
		var got []layout.Hex
		for k := range c.want {
			// the die says k when it picks among len(c.want), else 0
			g := gameAt(t, c.board, []Hero{c.a}, foe, []layout.Hex{hx(5, 7), hx(8, 7)}, &pick{t: t, k: k, only: len(c.want)})
			act := g.approach(&g.f[0])
			if act.kind != c.kind {
				t.Fatalf("%s, die %d: %+v", c.name, k, act)
			}
			if h := g.b.hex(act.dest); !slices.Contains(got, h) {
				got = append(got, h)
			}
		}
		slices.SortFunc(got, func(x, y layout.Hex) int { return (x.Row-y.Row)*100 + x.Col - y.Col })
		slices.SortFunc(c.want, func(x, y layout.Hex) int { return (x.Row-y.Row)*100 + x.Col - y.Col })
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: the dice lead to %v; want each of %v", c.name, got, c.want)
		}
	}
}

// TestApproachAmongAllies: a hero moves through its allies but never
// ends a move on one's hex; when the hex its move would end in is an
// ally's, it stops short, in the last hex it may end in (its own: it
// waits). Whatever the dice.
func TestApproachAmongAllies(t *testing.T) {
	close1 := pw(CloseAttack, 1)
	a := hero(t, "A", 3, 3, 3, 3, close1)
	big := hero(t, "A", 3, 10, 6, 3, close1) // walks 2 hexes
	flier := hero(t, "A", 3, 3, 3, 3, close1, pw(Flight, 2))
	ally := hero(t, "B", 3, 3, 3, 3)
	foe := []Hero{hero(t, "T", 3, 3, 3, 3, close1)}
	// the six hexes around 5,7 (an odd column: its neighbours in the
	// columns either side are in its row and the one below)
	ring := []layout.Hex{hx(5, 6), hx(5, 8), hx(4, 7), hx(4, 8), hx(6, 7), hx(6, 8)}
	corridor := mvBoard(t, &Arena{Name: "corridor", Cols: 6, Rows: 1, FeetPerHex: 5})
	for _, c := range []struct {
		name  string
		board *Board
		a     Hero
		at    []layout.Hex // A, its allies, the foe
		kind  actKind
		mode  moveMode
		want  []layout.Hex // where A may end; nil: its own hex
	}{
		// every hex it reaches is an ally's
		{"six allies around it: waits", openBoard(t), a, append(append([]layout.Hex{hx(5, 7)}, ring...), hx(10, 7)), aPass, walk, nil},
		// 10,7 is 5 off; flying 2 hexes over the ring leaves 3: the hexes 2
		// from 5,7 towards it, 7,6 (+2, 0, −2), 7,7 (+2, −1, −1) and 7,8
		// (+2, −2, 0), each 3 from 10,7 = (10, −12, 2)
		{"six allies around it: flies over", openBoard(t), flier, append(append([]layout.Hex{hx(5, 7)}, ring...), hx(10, 7)), aMove, fly, []layout.Hex{hx(7, 6), hx(7, 7), hx(7, 8)}},
		// of the two hexes nearer 8,7 one is taken: the other
		{"an ally on one way: the other", openBoard(t), a, []layout.Hex{hx(5, 7), hx(6, 7), hx(8, 7)}, aMove, walk, []layout.Hex{hx(6, 8)}},
		// 8,9 = (8, −13, 5) is 3 off along (1, −1, 0): the one shortest path
		// goes through 6,8; no other hex A reaches is nearer
		{"an ally on the one way: waits", openBoard(t), a, []layout.Hex{hx(5, 7), hx(6, 8), hx(8, 9)}, aPass, walk, nil},
		{"an ally ahead in a corridor: waits", corridor, a, []layout.Hex{hx(0, 0), hx(1, 0), hx(4, 0)}, aPass, walk, nil},
		{"an ally ahead in a corridor: walks through", corridor, big, []layout.Hex{hx(0, 0), hx(1, 0), hx(4, 0)}, aMove, walk, []layout.Hex{hx(2, 0)}},
	} {
		allies := make([]Hero, len(c.at)-2)
		for i := range allies {
			allies[i] = ally
		}
		for k := range 6 {
			g := gameAt(t, c.board, append([]Hero{c.a}, allies...), foe, c.at, &pick{t: t, k: k})
			f := &g.f[0]
			from := f.cell
			act := g.approach(f)
			want := c.want
			if want == nil {
				want = []layout.Hex{g.b.hex(from)}
			}
			if h := g.b.hex(mvDest(f, act)); act.kind != c.kind || act.mode != c.mode || !slices.Contains(want, h) {
				t.Errorf("%s, die %d: %+v to %v; want kind %d mode %d to one of %v", c.name, k, act, h, c.kind, c.mode, want)
			}
		}
	}
}

// TestApproachTwoFoes: the nearest band counts. T1 at 9,7 is 4 hexes
// from A at 5,7, T2 at 0,7 is 5; Teleport 1 lands next to T1, on 8,7 or
// 8,8 (the hexes next to T1 3 from A), not somewhere between the two.
func TestApproachTwoFoes(t *testing.T) {
	close1 := pw(CloseAttack, 1)
	a := hero(t, "A", 3, 3, 3, 3, close1, pw(Teleport, 1))
	foes := []Hero{hero(t, "T1", 3, 3, 3, 3, close1), hero(t, "T2", 3, 3, 3, 3, close1)}
	for k := range 6 {
		g := gameAt(t, openBoard(t), []Hero{a}, foes, []layout.Hex{hx(5, 7), hx(9, 7), hx(0, 7)}, &pick{t: t, k: k})
		act := g.approach(&g.f[0])
		if h := g.b.hex(act.dest); act.kind != aTeleport || (h != hx(8, 7) && h != hx(8, 8)) {
			t.Errorf("die %d: %+v to %v; want a teleport to 8,7 or 8,8", k, act, h)
		}
	}
}

// TestApproachSmoke: a foe at 10,7 with the six hexes around it opaque
// (smoke: walked through, not seen through) can be shot at with a
// Distance Attack only from those hexes. A ranged hero (Distance 1:
// reach 4, the foe's reach 1) would stand 2 to 4 hexes off; since no such
// hex sees the foe, it walks towards the smoke; standing in it, next to
// the foe, it stays.
func TestApproachSmoke(t *testing.T) {
	smoke := mvOpen(t, hx(10, 6), hx(10, 8), hx(9, 6), hx(9, 7), hx(11, 6), hx(11, 7))
	a := hero(t, "A", 3, 3, 3, 3, pw(DistanceAttack, 1))
	foe := []Hero{hero(t, "T", 3, 3, 3, 3, pw(CloseAttack, 1))}
	for _, c := range []struct {
		name string
		at   layout.Hex
		kind actKind
		want int // hexes from the foe
	}{
		{"walks towards the smoke", hx(5, 7), aMove, 4},
		{"in the smoke: stays", hx(9, 7), aPass, 1},
	} {
		for k := range 6 {
			g := gameAt(t, smoke, []Hero{a}, foe, []layout.Hex{c.at, hx(10, 7)}, &pick{t: t, k: k})
			act := g.approach(&g.f[0])
			if d := g.b.dist(mvDest(&g.f[0], act), g.f[1].cell); act.kind != c.kind || d != c.want {
				t.Errorf("%s, die %d: %+v, %d hexes from the foe; want kind %d, %d hexes", c.name, k, act, d, c.kind, c.want)
			}
		}
	}
}

// TestApproachToTheFirstHex: a row of four hexes, the last opaque; a
// ranged hero at 1,0 next to a foe of shorter reach at 2,0 steps back to
// 0,0, the map's first hex, 2 hexes off.
func TestApproachToTheFirstHex(t *testing.T) {
	row := mvBoard(t, &Arena{Name: "row", Cols: 4, Rows: 1, FeetPerHex: 5, Opaque: []layout.Hex{hx(3, 0)}})
	g := gameAt(t, row, []Hero{hero(t, "A", 3, 3, 3, 3, pw(DistanceAttack, 1))}, []Hero{hero(t, "T", 3, 3, 3, 3, pw(CloseAttack, 1))},
		[]layout.Hex{hx(1, 0), hx(2, 0)}, &script{t: t})
	if act := g.approach(&g.f[0]); act.kind != aMove || act.mode != walk || g.b.hex(act.dest) != hx(0, 0) {
		t.Errorf("%+v; want a walk to 0,0", act)
	}
}

// TestApproachClimbsFirst: Wall Crawling listed before the attack still
// climbs the wall of TestApproachAroundAWall.
func TestApproachClimbsFirst(t *testing.T) {
	arena := OpenField()
	for r := 3; r <= 11; r++ {
		arena.Blocked = append(arena.Blocked, hx(7, r))
	}
	close1 := pw(CloseAttack, 1)
	g := gameAt(t, mvBoard(t, arena), []Hero{hero(t, "A", 3, 3, 3, 3, pw(WallCrawling, 1), close1)}, []Hero{hero(t, "T", 3, 3, 3, 3, close1)},
		[]layout.Hex{hx(5, 7), hx(9, 7)}, &script{t: t})
	if act := g.approach(&g.f[0]); act.kind != aMove || act.mode != climb {
		t.Errorf("%+v; want a climb", act)
	}
}

// TestSearchAfterTheCountWraps: a game counts its searches of the map; a
// search after the count has gone round (2³² searches: a game kept in
// the pool for long) still finds every hex: the random policy's move (one
// search) still reaches the six hexes around, and the greedy hero walks
// on, move after move.
func TestSearchAfterTheCountWraps(t *testing.T) {
	close1 := pw(CloseAttack, 1)
	start := func() *game {
		g := gameAt(t, mvOpen(t, hx(12, 0)), []Hero{hero(t, "A", 3, 3, 3, 3, close1)}, []Hero{hero(t, "T", 3, 3, 3, 3, close1)},
			[]layout.Hex{hx(5, 7), hx(10, 7)}, &script{t: t})
		g.stamp = math.MaxUint32
		return g
	}
	g := start()
	if c := g.randomMove(&g.f[0], walk); c < 0 || g.b.dist(c, g.f[0].cell) != 1 {
		t.Errorf("the random move: to %d", c)
	}
	g = start()
	for want := 4; want >= 3; want-- {
		act := g.approach(&g.f[0])
		if act.kind != aMove || g.b.dist(act.dest, g.f[1].cell) != want {
			t.Fatalf("%+v; want a walk to %d hexes from the foe", act, want)
		}
		g.do(&g.f[0], act)
	}
}
