package simulate_test

import (
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"

	_ "github.com/deckpress/deckpress/internal/golden" // defines -update, for go test ./... -update
	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/output/build"
	"github.com/deckpress/deckpress/output/build/simulate"
	"github.com/deckpress/deckpress/rules/gladiators/combat"
)

func TestFeetPerHex(t *testing.T) {
	for _, c := range []struct {
		scale string
		feet  int
		ok    bool
	}{
		{"5 ft", 5, true}, {"5ft", 5, true}, {" 10 feet ", 10, true}, {"1 foot", 1, true},
		{"0 ft", 0, false}, {"-5 ft", 0, false}, {"2.5 ft", 0, false}, {"5 m", 0, false}, {"ft", 0, false}, {"", 0, false}, {"5", 0, false},
	} {
		feet, ok := simulate.FeetPerHex(c.scale)
		if ok != c.ok || ok && feet != c.feet {
			t.Errorf("FeetPerHex(%q) = %d, %v; want %d, %v", c.scale, feet, ok, c.feet, c.ok)
		}
	}
}

const smallArena = `arena: Yard
hexes: {cols: 5, rows: 3}
hex: 1in
top: flat
scale: %s
terrain:
  wall: {fill: "#444444", blocks: movement and sight}
  bush: {fill: "#00aa00", blocks: sight}
  pit: {fill: "#000000", blocks: movement}
  mud: {fill: "#886644"}
paint:
  - {terrain: pit, rect: [[3, 2], [3, 2]]}
  - {terrain: wall, rect: [[2, 0], [2, 1]]}
  - {terrain: bush, rect: [[4, 0], [4, 0]]}
  - {terrain: mud, rect: [[0, 2], [1, 2]]}
zones:
  red: [[0, 0], [0, 1]]
  blue: [[4, 1], [4, 2]]
`

// TestLoadArena: terrain that blocks movement is where no one walks,
// terrain that blocks sight stops lines of sight (both listed by row,
// then column), other terrain neither; the zones in file order are the
// sides' start zones, and the scale gives the feet a hex.
func TestLoadArena(t *testing.T) {
	dir := t.TempDir()
	write := func(name, scale string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(strings.Replace(smallArena, "%s", scale, 1)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("yard.yaml", "10 ft")
	write("metric.yaml", "3 m")
	env := build.Env{Dir: dir}
	a, zones, diags := simulate.LoadArena(env, "yard.yaml")
	if a == nil || len(diags) != 0 {
		t.Fatalf("arena %v, diagnostics %v", a, diags)
	}
	hex := func(c, r int) layout.Hex { return layout.Hex{Col: c, Row: r} }
	want := &combat.Arena{Name: "Yard", Cols: 5, Rows: 3, Grid: a.Grid, FeetPerHex: 10,
		Blocked: []layout.Hex{hex(2, 0), hex(2, 1), hex(3, 2)},
		Opaque:  []layout.Hex{hex(2, 0), hex(4, 0), hex(2, 1)},
		Zones:   [][]layout.Hex{{hex(0, 0), hex(0, 1)}, {hex(4, 1), hex(4, 2)}}}
	if !reflect.DeepEqual(a, want) {
		t.Errorf("arena\n got %+v\nwant %+v", a, want)
	}
	if len(zones) != 2 || zones[0].Pos.Line != 17 || zones[1].Pos.Line != 18 {
		t.Errorf("zones %+v, want red on line 17 and blue on line 18", zones)
	}
	if a, _, diags := simulate.LoadArena(env, "metric.yaml"); a != nil || len(diags) != 1 ||
		diags[0].String() != `metric.yaml:1:8: error: arena "Yard": scale "3 m": a fight needs the hex size in feet, such as "5 ft"` {
		t.Errorf("metric scale: arena %v, diagnostics %v", a != nil, diags)
	}
	if a, _, diags := simulate.LoadArena(env, "none.yaml"); a != nil || len(diags) != 1 || !strings.HasPrefix(diags[0].String(), "none.yaml: error: cannot read") {
		t.Errorf("missing file: arena %v, diagnostics %v", a != nil, diags)
	}
	// two heroes fit a zone of two free hexes; three do not
	two, three := simulate.Side{Name: "Two", Heroes: make([]combat.Hero, 2)}, simulate.Side{Name: "Three", Heroes: make([]combat.Hero, 3)}
	if ds := simulate.CheckZones(a, zones, []simulate.Side{two, three}); len(ds) != 1 || ds[0].String() != "yard.yaml:18:3: error: start zone 2 has 2 free hexes; Three has 3 heroes" {
		t.Errorf("zones: %v", ds)
	}
}

// kit is the Gladiators kit's folder.
var kit = build.Env{Dir: filepath.Join("..", "..", "..", "data", "kits", "gladiators")}

// kitSides loads two of the kit's team files as the two sides.
func kitSides(tb testing.TB, a, b string) [2]simulate.Side {
	tb.Helper()
	var sides [2]simulate.Side
	for i, f := range []string{a, b} {
		s, ok, diags := simulate.LoadSide(kit, f, "")
		if !ok || diags.HasErrors() {
			tb.Fatalf("%s: %v", f, diags)
		}
		sides[i] = s
	}
	return sides
}

// arenaBoard loads the arena file name of env's folder as a board.
func arenaBoard(tb testing.TB, env build.Env, name string) *combat.Board {
	tb.Helper()
	a, _, diags := simulate.LoadArena(env, name)
	if a == nil || diags.HasErrors() {
		tb.Fatal(diags)
	}
	board, err := combat.NewBoard(a)
	if err != nil {
		tb.Fatal(err)
	}
	return board
}

// greedyRun is a run of games with seed, both sides greedy.
func greedyRun(games int, seed uint64) simulate.Run {
	policy, _ := combat.ParsePolicy("greedy")
	return simulate.Run{Games: games, Seed: seed, Options: combat.Options{Policies: [2]combat.Policy{policy, policy}, TurnLimit: combat.DefaultTurnLimit}}
}

// TestDuel fights the kit's two teams through the library, as deckpress
// sim gladiators does: each side's wins, losses and ties add up to the
// games, one side's wins are the other's losses, the sides are named
// after their teams, and the same seed plays the same games.
func TestDuel(t *testing.T) {
	sides := kitSides(t, "voltage-crew.yaml", "iron-circus.yaml")
	board := arenaBoard(t, kit, "arena.yaml")
	run := greedyRun(60, 7)
	j, err := simulate.Duel(board, sides, run)
	if err != nil {
		t.Fatal(err)
	}
	if len(j.Sides) != 2 || j.Sides[0].Name != "The Voltage Crew" || j.Sides[1].Name != "The Iron Circus" {
		t.Fatalf("sides %+v", j.Sides)
	}
	for _, s := range j.Sides {
		if s.Wins+s.Losses+s.Ties != 60 || s.CI95[0] > s.WinRate || s.WinRate > s.CI95[1] {
			t.Errorf("side %+v: results do not add up to 60 games, or the rate is outside its interval", s)
		}
	}
	if j.Sides[0].Wins != j.Sides[1].Losses || j.Sides[0].Ties != j.Sides[1].Ties {
		t.Errorf("one side's wins are not the other's losses: %+v", j.Sides)
	}
	if n := len(sides[0].Heroes) + len(sides[1].Heroes); len(j.Heroes) != n {
		t.Errorf("%d heroes reported, want %d", len(j.Heroes), n)
	}
	again, _ := simulate.Duel(board, sides, run)
	if !reflect.DeepEqual(j, again) {
		t.Error("the same seed played different games")
	}
	if !slices.Equal(j.Optional, []string{}) {
		t.Errorf("optional %v, want an empty list", j.Optional)
	}
}

// TestSameOnAnyCores: a duel and a round robin, which add up their games
// as they finish, give the same numbers for a seed on one core as on
// four.
func TestSameOnAnyCores(t *testing.T) {
	sides := kitSides(t, "iron-circus.yaml", "voltage-crew.yaml")
	board := arenaBoard(t, kit, "arena.yaml")
	run := greedyRun(300, 5)
	es := []combat.Entrant{{Hero: sides[0].Heroes[0]}, {Hero: sides[0].Heroes[1]}, {Hero: sides[1].Heroes[0]}, {Hero: sides[1].Heroes[1]}}
	play := func(procs int) (simulate.DuelReport, simulate.RobinReport) {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		d, err := simulate.Duel(board, sides, run)
		if err != nil {
			t.Fatal(err)
		}
		r, err := simulate.RoundRobin(board, es, simulate.Run{Games: 25, Seed: 5, Options: run.Options})
		if err != nil {
			t.Fatal(err)
		}
		return d, r
	}
	d1, r1 := play(1)
	d4, r4 := play(4)
	if !reflect.DeepEqual(d1, d4) {
		t.Errorf("duel on 1 core:\n%+v\non 4:\n%+v", d1, d4)
	}
	if !reflect.DeepEqual(r1, r4) {
		t.Errorf("round robin on 1 core:\n%+v\non 4:\n%+v", r1, r4)
	}
}
