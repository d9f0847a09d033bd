package combat

import (
	"slices"
	"testing"

	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/rules/sim"
)

// TestPlacement: lowest PER first (then lowest STR, then SIZ), each in
// the free hex of its zone nearest the centre. On the open field the
// centre lies between rows 6 and 7 (flat tops, odd columns shifted half a
// hex down): side 1's nearest hexes are 1,6, then 1,7, then 1,5; side 2's
// 18,7, then 18,6, then 18,8.
func TestPlacement(t *testing.T) {
	a := []Hero{hero(t, "per5", 3, 3, 3, 5), hero(t, "per2", 4, 3, 3, 2), hero(t, "per2-str3", 3, 3, 4, 2)}
	b := []Hero{hero(t, "siz4", 3, 3, 4, 3), hero(t, "siz3", 3, 3, 3, 3), hero(t, "per1", 5, 3, 3, 1)}
	m := match(t, openBoard(t), a, b, Options{})
	g := m.game(&script{t: t})
	g.place()
	want := map[string]layout.Hex{
		"per2-str3": {Col: 1, Row: 6}, "per2": {Col: 1, Row: 7}, "per5": {Col: 1, Row: 5},
		"per1": {Col: 18, Row: 7}, "siz3": {Col: 18, Row: 6}, "siz4": {Col: 18, Row: 8},
	}
	for i := range g.f {
		f := &g.f[i]
		if got := g.b.hex(f.cell); got != want[f.h.Name] {
			t.Errorf("%s placed at %v, want %v", f.h.Name, got, want[f.h.Name])
		}
	}
}

// TestOrder: in a segment the highest DEX acts first, then PER, then SIZ;
// a hero acts only on its chart's segments.
func TestOrder(t *testing.T) {
	// DEX × SIZ 36 and up: every segment; 10–15: 2, 4, 6
	a := []Hero{hero(t, "dex6", 1, 6, 6, 1), hero(t, "dex4-slow", 3, 4, 3, 5)}
	b := []Hero{hero(t, "dex6-per2", 1, 6, 6, 2), hero(t, "dex6-per2-siz7", 1, 6, 7, 2)}
	m := match(t, openBoard(t), a, b, Options{})
	names := func(s int) (out []string) {
		for _, i := range m.seg[s] {
			out = append(out, m.heroes[i].Name)
		}
		return out
	}
	for s, want := range map[int][]string{
		1: {"dex6-per2-siz7", "dex6-per2", "dex6"},
		2: {"dex6-per2-siz7", "dex6-per2", "dex6", "dex4-slow"},
		3: {"dex6-per2-siz7", "dex6-per2", "dex6"},
	} {
		if got := names(s); !slices.Equal(got, want) {
			t.Errorf("segment %d: %v, want %v", s, got, want)
		}
	}
}

// TestTies: a fight is a tie at once when no hero can damage a foe any
// more, and when the turn limit passes.
func TestTies(t *testing.T) {
	plain := func(ps ...Power) Hero { return hero(t, "H", 3, 3, 3, 3, ps...) }
	armour := func(level int, g Gizmo) Power {
		return with(pw(Defenses, level), func(p *Power) { p.Gizmo = g })
	}
	const (
		atOnce  = iota // a tie before the first turn
		never          // no tie before the turn limit
		atLimit        // a tie when the turn limit passes
	)
	for _, c := range []struct {
		name  string
		a, b  Hero
		limit int
		want  int
	}{
		{"no attacks", plain(pw(Flight, 1)), plain(pw(Defenses, 1)), 0, atOnce},
		{"entangling does no damage", plain(pw(EntanglingAttack, 3)), plain(), 0, atOnce},
		// level 1 on to-hit 15: at best 1 + 4 = 5 oomph
		{"defenses absorb every hit", plain(pw(CloseAttack, 1)), plain(armour(5, NoGizmo)), 0, atOnce},
		{"defenses absorb all but the best hit", plain(pw(CloseAttack, 1)), plain(armour(4, NoGizmo)), 0, never},
		{"limited defenses run out", plain(pw(CloseAttack, 1)), plain(with(armour(5, NoGizmo), func(p *Power) { p.Uses = 3 })), 0, never},
		{"piercing gets through", plain(with(pw(CloseAttack, 1), func(p *Power) { p.Piercing = true })), plain(armour(9, NoGizmo)), 0, never},
		{"a visible gizmo can be destroyed", plain(pw(CloseAttack, 1)), plain(armour(9, Visible)), 0, never},
		{"always deflected", plain(with(pw(DistanceAttack, 1), func(p *Power) { p.Missile = true })), plain(with(pw(MissileDeflection, 7), func(p *Power) { p.Gizmo = NoGizmo })), 0, atOnce},
		{"out of uses", plain(with(pw(CloseAttack, 1), func(p *Power) { p.Uses = 0 })), plain(), 0, atOnce},
		{"regenerating faster than hurt", plain(pw(CloseAttack, 1)), plain(pw(Regeneration, 9)), 3, atLimit},
		// CM 3 against CM 17: to-hit 1, a hit on a roll of 1
		{"a to-hit number of 1 can hurt", hero(t, "H", 1, 1, 3, 3, pw(CloseAttack, 3)), hero(t, "H", 1, 8, 1, 3), 0, never},
		{"a to-hit number of 0 cannot", hero(t, "H", 1, 1, 3, 3, pw(CloseAttack, 3)), hero(t, "H", 2, 8, 1, 3), 0, atOnce},
		// CM 9 against 12: to-hit 12, at best 1 + 1 = 2, all absorbed, but
		// the gizmo falls on 4 − 3 = 1; against CM 13 it cannot be hit
		{"a gizmo hit on 1 can be lost", plain(pw(CloseAttack, 1)), hero(t, "H", 2, 5, 3, 3, armour(2, Visible)), 0, never},
		{"a gizmo out of reach", plain(pw(CloseAttack, 1)), hero(t, "H", 3, 5, 3, 3, armour(2, Visible)), 0, atOnce},
	} {
		m := match(t, openBoard(t), []Hero{c.a}, []Hero{c.b}, Options{TurnLimit: c.limit})
		limit := m.opt.TurnLimit
		for i := range 50 {
			r := m.Play(RandDice(sim.NewRand(1, i)))
			tie := r.Winner < 0
			ok := map[int]bool{
				atOnce:  tie && r.Turns == 0,
				never:   !tie || r.Turns == limit,
				atLimit: tie && r.Turns == limit,
			}[c.want]
			if !ok {
				t.Errorf("%s: game %d: winner %d after %d turns", c.name, i, r.Winner, r.Turns)
				break
			}
		}
	}
}
