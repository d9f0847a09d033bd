package simulate

import (
	"slices"
	"strings"
	"testing"

	labreport "github.com/deckpress/deckpress/output/report"
	"github.com/deckpress/deckpress/rules/audition"
	"github.com/deckpress/deckpress/rules/galaga"
	"github.com/deckpress/deckpress/rules/slugfest"
)

func labels(c labreport.Chart) []string {
	var out []string
	for _, b := range c.Bars {
		out = append(out, b.Label+"="+b.Text)
	}
	return out
}

// TestSlugfestSheet: a bar per pair with its interval, the matrix of who
// beats whom read both ways, knock-outs per hero coloured by side.
func TestSlugfestSheet(t *testing.T) {
	r := slugfest.Report{Games: 100, Seed: 7, TurnLimit: 200, Pairs: []slugfest.Pair{
		{A: "Reds", B: "Blues", AWins: 60, BWins: 30, Ties: 10, AWinRate: 0.6, CI95: [2]float64{0.5, 0.69}, MeanTurns: 5.5,
			KnockOuts: []slugfest.HeroKnockOuts{{Team: "Reds", Hero: "Ace", Mean: 0.4}, {Team: "Blues", Hero: "Bo", Mean: 0.7}}},
		{A: "Reds", B: "Greens", AWins: 20, BWins: 80, AWinRate: 0.2, CI95: [2]float64{0.13, 0.29}, MeanTurns: 4},
		{A: "Blues", B: "Greens", AWins: 50, BWins: 45, AWinRate: 0.5, CI95: [2]float64{0.4, 0.6}, MeanTurns: 6},
	}}
	s := SlugfestSheet(r, "greedy")
	if got := labels(s.Charts[0]); !slices.Equal(got, []string{"Reds v Blues=60.0 %", "Reds v Greens=20.0 %", "Blues v Greens=50.0 %"}) {
		t.Errorf("win rates: %q", got)
	}
	if b := s.Charts[0].Bars[0]; b.Lo != 0.5 || b.Hi != 0.69 {
		t.Errorf("interval %v–%v", b.Lo, b.Hi)
	}
	if got := labels(s.Charts[1]); !slices.Equal(got, []string{"Reds v Blues=5.5", "Reds v Greens=4.0", "Blues v Greens=6.0"}) {
		t.Errorf("turns: %q", got)
	}
	ko := s.Charts[2]
	if got := labels(ko); !slices.Equal(got, []string{"Ace=0.40", "Bo=0.70"}) || ko.Bars[0].Colour == ko.Bars[1].Colour {
		t.Errorf("knock-outs: %q, colours %v %v", got, ko.Bars[0].Colour, ko.Bars[1].Colour)
	}
	if len(s.Matrices) != 1 {
		t.Fatalf("%d matrices", len(s.Matrices))
	}
	want := [][]float64{{0, 0.6, 0.2}, {0.3, 0, 0.5}, {0.8, 0.45, 0}}
	for i := range want {
		if !slices.Equal(s.Matrices[0].Cells[i], want[i]) {
			t.Errorf("matrix row %d (%s): %v, want %v", i, s.Matrices[0].Names[i], s.Matrices[0].Cells[i], want[i])
		}
	}
	if s.Note != "" {
		t.Errorf("a note without comebacks: %q", s.Note)
	}
	two := SlugfestSheet(slugfest.Report{Games: 10, Comebacks: true, Pairs: r.Pairs[:1]}, "greedy")
	if len(two.Matrices) != 0 || !strings.Contains(two.Note, "Reds v Blues") {
		t.Errorf("two teams: %d matrices, note %q", len(two.Matrices), two.Note)
	}
}

// TestGalagaSheet: seats against a fair share, and cards that never take
// effect drawn apart and named.
func TestGalagaSheet(t *testing.T) {
	r := galaga.Report{Games: 50, Players: 4, Policies: []string{"greedy"}, Seats: []galaga.Seat{
		{Seat: 1, WinRate: 0.3, CI95: [2]float64{0.2, 0.4}}, {Seat: 2, WinRate: 0.2}},
		Cards: []galaga.CardPlay{{Card: "Zap", Kind: "offensive", Played: 100, WinRate: 0.4}, {Card: "Dud", Kind: "defensive", Played: 25, NeverEffective: true}}}
	s := GalagaSheet(r)
	if s.Charts[0].Mark != 0.25 || !slices.Equal(labels(s.Charts[0]), []string{"seat 1=30.0 %", "seat 2=20.0 %"}) {
		t.Errorf("seats: mark %v, %q", s.Charts[0].Mark, labels(s.Charts[0]))
	}
	if got := labels(s.Charts[1]); !slices.Equal(got, []string{"Zap (offensive)=2.00", "Dud (defensive)=0.50"}) {
		t.Errorf("played: %q", got)
	}
	if s.Charts[1].Bars[0].Colour == s.Charts[1].Bars[1].Colour || s.Charts[2].Bars[1].Colour != flagged || s.Note != "Never took effect: Dud." {
		t.Errorf("the never-effective card is not set apart: note %q", s.Note)
	}
}

// TestAuditionSheet: strategies by win rate and by score, seats, turns.
func TestAuditionSheet(t *testing.T) {
	r := audition.Report{Games: 10, Players: 5, Strategies: []audition.Standing{{Strategy: "loner", Mean: 8, StdErr: 0.5, WinRate: 0.4, CI95: [2]float64{0.3, 0.5}}},
		Seats: []audition.Standing{{Seat: 1, WinRate: 0.2}}, Turns: []audition.TurnPoints{{Turn: 1, Mean: 1.5, StdErr: 0.1}}}
	s := AuditionSheet(r)
	if len(s.Charts) != 4 || s.Charts[0].Mark != 0.2 {
		t.Fatalf("%d charts, mark %v", len(s.Charts), s.Charts[0].Mark)
	}
	if b := s.Charts[1].Bars[0]; b.Value != 8 || b.Lo != 8-0.98 || b.Hi != 8+0.98 || b.Text != "8.00" {
		t.Errorf("score bar %+v", b)
	}
	if got := labels(s.Charts[3]); !slices.Equal(got, []string{"turn 1=1.500"}) {
		t.Errorf("turns %q", got)
	}
}
