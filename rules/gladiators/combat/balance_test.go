package combat

import (
	"fmt"
	"testing"
)

// TestRoundRobin: a graded pool (the same hero with a Close Attack of
// level 1 to 5, and Defenses of 0 to 2, without gizmos) plus one cheap
// hero with a combat modifier far above the rest and one dear hero with
// almost none. The table adds up, and the lab flags exactly those two.
func TestRoundRobin(t *testing.T) {
	// unlimited, without a gizmo: round(10 × 1.4948^(L−1) × 3 × 1.5)
	cost := map[int]int{1: 45, 2: 67, 3: 101, 4: 150, 5: 225}
	var es []Entrant
	for level := 1; level <= 5; level++ {
		for _, armour := range []int{0, 1, 2} {
			ps := []Power{bare(pw(CloseAttack, level))}
			points := cost[level]
			if armour > 0 {
				ps = append(ps, bare(with(pw(Defenses, armour), func(p *Power) { p.AlwaysOn = true })))
				points += cost[armour]
			}
			h := hero(t, fmt.Sprintf("close %d armour %d", level, armour), 4, 4, 4, 3, ps...)
			es = append(es, Entrant{Hero: h, Points: points, From: "graded"})
		}
	}
	strong := hero(t, "strong", 6, 6, 2, 1, bare(pw(CloseAttack, 1))) // CM 18 for 45 points
	weak := hero(t, "weak", 1, 1, 12, 1, bare(pw(CloseAttack, 2)))    // CM 3 for 195 points
	es = append(es, Entrant{Hero: strong, Points: 45}, Entrant{Hero: weak, Points: 195})
	games := 60
	if testing.Short() {
		games = 20
	}
	tb, err := RoundRobin{Games: games, Seed: 4}.Play(openBoard(t), es)
	if err != nil {
		t.Fatal(err)
	}
	n := len(es)
	for i := range n {
		if got := tb.Rows[i].Overall.Games(); got != 2*games*(n-1) {
			t.Errorf("%s played %d games, want %d", es[i].Hero.Name, got, 2*games*(n-1))
		}
		for j := range n {
			if i != j && (tb.Pair[i][j] != tb.Pair[j][i].Swap() || tb.Pair[i][j].Games() != 2*games) {
				t.Errorf("%s against %s: %+v, and the other way %+v", es[i].Hero.Name, es[j].Hero.Name, tb.Pair[i][j], tb.Pair[j][i])
			}
		}
		r := tb.Rows[i]
		if r.Top != "Close Attack" {
			t.Errorf("%s: most damage from %q", es[i].Hero.Name, r.Top)
		}
		want := map[string]string{"strong": "too strong", "weak": "too weak"}[es[i].Hero.Name]
		if r.Flag != want {
			t.Errorf("%s (%d points): score %.3f, fit %.3f, %.1f SE off: flag %q, want %q", es[i].Hero.Name, es[i].Points, r.Score, r.Expected, r.Off, r.Flag, want)
		}
	}
	if tb.Fit.Slope <= 0 {
		t.Errorf("the fit falls with points: %+v", tb.Fit)
	}
	if _, err := (RoundRobin{Games: 1}).Play(openBoard(t), es[:1]); err == nil {
		t.Error("a round robin of one hero")
	}
}

// bare takes a power's gizmo away.
func bare(p Power) Power { p.Gizmo = NoGizmo; return p }
