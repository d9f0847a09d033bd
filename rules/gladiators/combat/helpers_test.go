package combat

import (
	"io/fs"
	"testing"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/data"
	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/rules/gladiators"
)

// kitTeam loads a team of the Gladiators kit.
func kitTeam(t testing.TB, name string) []Hero {
	t.Helper()
	path := "kits/gladiators/" + name + ".yaml"
	src, err := fs.ReadFile(data.FS, path)
	if err != nil {
		t.Fatal(err)
	}
	root, diags := cards.Parse(path, src)
	f, ds := gladiators.ReadFile(path, root)
	diags = append(diags, ds...)
	rs, err := gladiators.Default()
	if err != nil {
		t.Fatal(err)
	}
	var team []Hero
	for _, h := range f.Heroes {
		s, more := gladiators.Compute(h, rs)
		diags = diags.Extend(more)
		c, ds := FromSheet(s)
		diags = append(diags, ds...)
		team = append(team, c)
	}
	if len(diags) > 0 {
		t.Fatalf("%s: %v", path, diags)
	}
	return team
}

// kitHeroes returns the kit's six heroes.
func kitHeroes(t testing.TB) []Hero {
	return append(kitTeam(t, "voltage-crew"), kitTeam(t, "iron-circus")...)
}

func openBoard(t testing.TB) *Board {
	t.Helper()
	b, err := NewBoard(OpenField())
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func match(t testing.TB, b *Board, a, c []Hero, opt Options) *Match {
	t.Helper()
	m, err := NewMatch(b, [2][]Hero{a, c}, opt)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// script is a dice source that rolls the d20 results it is given, and
// 0 for every tie-breaking roll.
type script struct {
	t     testing.TB
	rolls []int
}

func (s *script) D20() int {
	s.t.Helper()
	if len(s.rolls) == 0 {
		s.t.Fatal("a d20 roll more than the script has")
	}
	r := s.rolls[0]
	s.rolls = s.rolls[1:]
	return r
}

func (s *script) IntN(int) int { return 0 }

// hero makes a hero from characteristics: CM = 2 × DEX + STR, oomph =
// STR × SIZ × 3, movement DEX × SIZ feet a turn, action segments from the
// house chart.
func hero(t testing.TB, name string, str, dex, siz, per int, powers ...Power) Hero {
	t.Helper()
	rs, err := gladiators.Default()
	if err != nil {
		t.Fatal(err)
	}
	h := Hero{Name: name, STR: str, DEX: dex, SIZ: siz, PER: per, CM: 2*dex + str, Oomph: str * siz * 3, Powers: powers}
	segs, ok := rs.SegmentsFor(dex * siz)
	if !ok {
		t.Fatalf("no segments for movement %d", dex*siz)
	}
	for _, s := range segs {
		h.Segments[s] = true
	}
	h.Feet = dex * siz / len(segs)
	return h
}

// pw is a power of a kind and level: unlimited, reliable, a visible gizmo.
func pw(k Kind, level int) Power {
	return Power{Name: kindName(k), Kind: k, Level: level, Uses: Unlimited, Works: 20, Cost: 10 * level}
}

func kindName(k Kind) string {
	for n, x := range kinds {
		if x == k {
			return n
		}
	}
	return "none"
}

// gameAt sets a game up on a board: the heroes (side 0's, then side 1's,
// in team order) at the hexes given, on turn 1, segment 1, with dice d.
func gameAt(t *testing.T, board *Board, a, b []Hero, at []layout.Hex, d Dice) *game {
	t.Helper()
	g := match(t, board, a, b, Options{}).game(d)
	for i, h := range at {
		c, ok := board.cell(h)
		if !ok {
			t.Fatalf("hex %v is off the map", h)
		}
		g.moveTo(&g.f[i], c)
	}
	g.turn, g.seg = 1, 1
	return g
}
