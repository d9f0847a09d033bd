package sim

import (
	"math"
	"slices"
	"testing"
)

// TestSplitMix: SplitMix64's published outputs (Steele, Lea and Flood
// 2014; Vigna's splitmix64.c, the generator xoshiro's seeding uses): from
// state 0, the first four are E220A8397B1DCDAF, 6E789E6AA1B965F4,
// 06C45D188009454F and F88BB8A8724C81EC. splitmix(x) is the output of
// state x, and the state steps by 0x9e3779b97f4a7c15, so output k is
// splitmix(k × that step). A change to them changes every game of every
// seeded run.
func TestSplitMix(t *testing.T) {
	const step = 0x9e3779b97f4a7c15
	want := []uint64{0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F, 0xF88BB8A8724C81EC}
	for k, w := range want {
		if got := splitmix(uint64(k) * step); got != w {
			t.Errorf("output %d: %#x, want %#x", k, got, w)
		}
	}
	// Seeds(s, i) = (splitmix(s), splitmix(splitmix(s) ^ splitmix(i))):
	// for run 0, game 0 the two halves cancel, so both seeds are output 0
	if a, b := Seeds(0, 0); a != want[0] || b != want[0] {
		t.Errorf("Seeds(0, 0) = %#x, %#x; want %#x twice", a, b, want[0])
	}
}

// TestRunBatches: Run hands games out in batches of n ÷ (16 × workers)
// games, at least 1 and at most 256, and Progress is called once after
// each batch, each call counting more games than the one before.
func TestRunBatches(t *testing.T) {
	for _, c := range []struct {
		n, workers, calls int
	}{
		{1000, 4, 67},    // batches of 15: 66 full and one of 10
		{1000, 1, 17},    // batches of 62: 16 full and one of 8
		{16, 1, 16},      // batches of 1, and n a whole number of them
		{10, 4, 10},      // fewer games than 16 × workers: batches of 1
		{100000, 1, 391}, // batches of 256 (not 6,250): 390 full and one of 160
		{512, 1, 16},     // batches of 32: 16 full ones
	} {
		var done []int
		Run(c.n, 1, draws, Config{Workers: c.workers, Progress: func(d, total int) { done = append(done, d) }})
		if len(done) != c.calls || done[len(done)-1] != c.n || !slices.IsSorted(done) || len(slices.Compact(slices.Clone(done))) != len(done) {
			t.Errorf("%d games on %d workers: %d progress calls ending at %d, want %d ending at %d, each higher", c.n, c.workers, len(done), done[len(done)-1], c.calls, c.n)
		}
	}
}

// TestDecisiveAndScoreIntervals: the intervals of the score and the
// decisive rate are Wilson intervals of the right counts: Newcombe's
// 81 of 263 as 81 wins, 182 losses and 50 ties (decisive), and as 80 wins,
// 2 ties and 181 losses (a score of 81 points in 263 games).
func TestDecisiveAndScoreIntervals(t *testing.T) {
	near := func(lo, hi, wlo, whi float64) bool { return math.Abs(lo-wlo) <= 5e-5 && math.Abs(hi-whi) <= 5e-5 }
	if lo, hi := (Outcomes{Wins: 81, Losses: 182, Ties: 50}).DecisiveCI(); !near(lo, hi, 0.2553, 0.3662) {
		t.Errorf("decisive interval of 81 wins, 182 losses: [%.4f, %.4f]", lo, hi)
	}
	if lo, hi := (Outcomes{Wins: 80, Losses: 181, Ties: 2}).ScoreCI(); !near(lo, hi, 0.2553, 0.3662) {
		t.Errorf("score interval of 81 points in 263 games: [%.4f, %.4f]", lo, hi)
	}
	if lo, hi := (Outcomes{Wins: 15, Losses: 100, Ties: 33}).WinCI(); !near(lo, hi, 0.0624, 0.1605) {
		t.Errorf("win interval of 15 in 148: [%.4f, %.4f]", lo, hi)
	}
}

// TestResidualEdges: a point on a perfect fit of the others is 0 standard
// errors off, one off it ±Inf (its sign the side it lies on); a point at
// an x none of the others has, when the others share one x, is judged by
// the others' mean and spread alone (the leverage term has no Sxx to
// divide by): others 1, 2, 3 at x = 0 have mean 2 and, with m − 2 = 1
// degree of freedom, s = √2, so y = 5 at x = 1 lies
// (5 − 2) ÷ (√2 × √(1 + 1/3)) = 1.837 off.
func TestResidualEdges(t *testing.T) {
	line := []float64{0, 1, 2, 3, 4}
	if r := DeletedResiduals(line, line); slices.ContainsFunc(r, func(v float64) bool { return v != 0 }) {
		t.Errorf("points on a line: %v, want zeros", r)
	}
	for _, c := range []struct {
		y    float64
		want float64
	}{{10, math.Inf(1)}, {-10, math.Inf(-1)}} {
		ys := []float64{0, 1, 2, 3, c.y}
		if r := DeletedResiduals(line, ys); r[4] != c.want {
			t.Errorf("y = %g off the line y = x: %g, want %g", c.y, r[4], c.want)
		}
	}
	r := DeletedResiduals([]float64{0, 0, 0, 1}, []float64{1, 2, 3, 5})
	if want := 3 / (math.Sqrt2 * math.Sqrt(4.0/3)); math.Abs(r[3]-want) > 1e-9 {
		t.Errorf("a lone x: %.4f standard errors off, want %.4f", r[3], want)
	}
}

// TestFitFarFromZero: a fit and its residuals do not move when the
// points are shifted far from zero (by 1e6, where a float64 still holds
// 0.1 to ten digits): the sums are taken of deviations from the means, as
// a fit must to stay accurate. By hand, x = 0, .1, .2, .3, .4 and
// y = .1, .3, .2, .5, .4 give Sxy = .08 and Sxx = .1: slope 0.8 through
// the means (.2, .3).
func TestFitFarFromZero(t *testing.T) {
	const big = 1e6
	dx := []float64{0, .1, .2, .3, .4}
	dy := []float64{.1, .3, .2, .5, .4}
	var xs, ys []float64
	for k := range dx {
		xs = append(xs, big+dx[k])
		ys = append(ys, big+dy[k])
	}
	if l := FitLine(xs, ys); !(math.Abs(l.Slope-0.8) <= 1e-6 && math.Abs(l.At(big+.2)-(big+.3)) <= 1e-6) {
		t.Errorf("fit %+v: slope %.9f, through %.9f at the mean x; want 0.8 through y = 1e6 + .3", l, l.Slope, l.At(big+.2)-big)
	}
	got, want := DeletedResiduals(xs, ys), DeletedResiduals(dx, dy)
	for i := range got {
		if !(math.Abs(got[i]-want[i]) <= 1e-6) {
			t.Errorf("point %d: %.9f standard errors off, near zero %.9f", i, got[i], want[i])
		}
	}
}
