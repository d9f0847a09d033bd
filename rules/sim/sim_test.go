package sim

import (
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
	"testing"
)

// draws plays a "game" that records a few of its generator's numbers.
func draws(i int, rng *rand.Rand) [3]uint64 {
	return [3]uint64{uint64(i), rng.Uint64(), rng.Uint64()}
}

func TestRunSameWhateverTheWorkers(t *testing.T) {
	want := Run(1000, 7, draws, Config{Workers: 1})
	for _, w := range []int{2, 3, 8, 0} {
		if got := Run(1000, 7, draws, Config{Workers: w}); !slices.Equal(got, want) {
			t.Errorf("%d workers: results differ from one worker's", w)
		}
	}
	for i, r := range want {
		if r[0] != uint64(i) {
			t.Fatalf("result %d is game %d's", i, r[0])
		}
	}
}

func TestRunGamesHaveTheirOwnStreams(t *testing.T) {
	res := Run(500, 1, draws, Config{})
	seen := map[uint64]int{}
	for i, r := range res {
		if j, dup := seen[r[1]]; dup {
			t.Fatalf("games %d and %d start with the same number", j, i)
		}
		seen[r[1]] = i
		if g := NewRand(1, i); g.Uint64() != r[1] || g.Uint64() != r[2] {
			t.Fatalf("game %d: NewRand(1, %d) is not the generator Run gave it", i, i)
		}
	}
	if other := Run(1, 2, draws, Config{}); other[0] == res[0] {
		t.Error("seeds 1 and 2 gave game 0 the same stream")
	}
}

func TestRunProgress(t *testing.T) {
	last := 0
	calls := 0
	Run(1000, 3, draws, Config{Workers: 4, Progress: func(done, total int) {
		calls++
		if total != 1000 || done < last {
			t.Errorf("progress %d/%d after %d", done, total, last)
		}
		last = done
	}})
	if last != 1000 || calls < 2 {
		t.Errorf("progress ended at %d after %d calls", last, calls)
	}
	if got := Run(0, 3, draws, Config{}); len(got) != 0 {
		t.Errorf("no games gave %d results", len(got))
	}
}

func TestWilson(t *testing.T) {
	// reference values: Wilson (1927) as tabulated by Newcombe (1998),
	// "Two-sided confidence intervals for the single proportion", table I
	for _, c := range []struct {
		k      float64
		n      int
		lo, hi float64
	}{
		{81, 263, 0.2553, 0.3662},
		{15, 148, 0.0624, 0.1605},
		{0, 20, 0, 0.1611},
		{1, 29, 0.0061, 0.1718},
	} {
		lo, hi := Wilson(c.k, c.n, Z95)
		if !(math.Abs(lo-c.lo) <= 5e-5 && math.Abs(hi-c.hi) <= 5e-5) { // NaN fails too
			t.Errorf("Wilson(%g, %d) = [%.4f, %.4f], want [%.4f, %.4f]", c.k, c.n, lo, hi, c.lo, c.hi)
		}
	}
	if lo, hi := Wilson(0, 0, Z95); lo != 0 || hi != 1 {
		t.Errorf("no trials: [%g, %g]", lo, hi)
	}
}

func TestOutcomes(t *testing.T) {
	o := Outcomes{Wins: 6, Losses: 2}
	o.Add(Outcomes{Ties: 2})
	if o.Games() != 10 || o.WinRate() != 0.6 || o.Score() != 0.7 || o.DecisiveRate() != 0.75 {
		t.Errorf("%+v: games %d, win rate %g, score %g, decisive %g", o, o.Games(), o.WinRate(), o.Score(), o.DecisiveRate())
	}
	if s := o.Swap(); s.Wins != 2 || s.Losses != 6 || s.Ties != 2 {
		t.Errorf("swapped: %+v", s)
	}
	lo, hi := o.WinCI()
	if lo >= 0.6 || hi <= 0.6 {
		t.Errorf("win interval [%g, %g] misses 0.6", lo, hi)
	}
	if (Outcomes{}).WinRate() != 0 {
		t.Error("no games: a win rate")
	}
}

func TestMean(t *testing.T) {
	var m Mean
	for _, x := range []float64{2, 4, 4, 4, 5, 5, 7, 9} {
		m.Add(x)
	}
	// sample standard deviation 2.138; ÷ √8
	if m.Value() != 5 || math.Abs(m.StdErr()-2.13809/math.Sqrt(8)) > 1e-5 {
		t.Errorf("mean %g ± %g", m.Value(), m.StdErr())
	}
}

func TestFitLineAndResiduals(t *testing.T) {
	xs := []float64{100, 120, 140, 160, 180, 200, 110, 150}
	ys := make([]float64, len(xs))
	noise := []float64{0.01, -0.02, 0.015, -0.01, 0.005, 0.02, -0.015, 0}
	for i, x := range xs {
		ys[i] = 0.1 + 0.002*x + noise[i]
	}
	l := FitLine(xs, ys)
	if math.Abs(l.Slope-0.002) > 3e-4 || math.Abs(l.At(150)-0.4) > 0.02 {
		t.Errorf("fit %+v", l)
	}
	ys[3] += 0.3 // an outlier
	r := DeletedResiduals(xs, ys)
	for i, v := range r {
		if (i == 3) != (math.Abs(v) > 2) {
			t.Errorf("point %d: %.2f standard errors off", i, v)
		}
	}
	if r[3] < 0 {
		t.Error("the outlier above the line has a negative residual")
	}
	if f := FitLine([]float64{3, 3}, []float64{1, 2}); f.Slope != 0 || f.Intercept != 1.5 {
		t.Errorf("equal xs: %+v", f)
	}
	if r := DeletedResiduals(xs[:3], ys[:3]); slices.ContainsFunc(r, func(v float64) bool { return v != 0 }) {
		t.Errorf("three points judged: %v", r)
	}
}

// TestResidualByHand: five points worked through by hand. Without the
// last, the line through (0, 0), (1, 1.1), (2, 1.9), (3, 3.2) is
// y = −0.01 + 1.04x (x̄ 1.5, Sxx 5, Sxy 5.2); its residuals 0.01, 0.07,
// −0.17, 0.09 give s = √(0.042 ÷ 2); at x = 4 the line says 4.15, and a new
// point's standard error is s × √(1 + 1/4 + 2.5²/5) = 0.22913, so
// (8 − 4.15) ÷ 0.22913 = 16.80.
func TestResidualByHand(t *testing.T) {
	xs := []float64{0, 1, 2, 3, 4}
	ys := []float64{0, 1.1, 1.9, 3.2, 8}
	if l := FitLine(xs[:4], ys[:4]); math.Abs(l.Intercept+0.01) > 1e-9 || math.Abs(l.Slope-1.04) > 1e-9 {
		t.Errorf("fit %+v, want −0.01 + 1.04x", l)
	}
	r := DeletedResiduals(xs, ys)
	if math.Abs(r[4]-3.85/0.22913) > 0.001 {
		t.Errorf("the last point is %.3f standard errors off, want %.3f", r[4], 3.85/0.22913)
	}
	if r := DeletedResiduals(xs[:4], ys[:4]); r[0] == 0 && r[3] == 0 {
		t.Error("four points: none judged")
	}
	var m Mean
	m.Add(1)
	m.Add(3)
	if m.StdErr() != 1 { // s = √2, ÷ √2
		t.Errorf("two values: standard error %g, want 1", m.StdErr())
	}
	m = Mean{}
	m.Add(5)
	if m.StdErr() != 0 || m.Value() != 5 {
		t.Errorf("one value: %g ± %g", m.Value(), m.StdErr())
	}
}

// TestFoldInOrder: Fold adds every game once, in game order, with the
// result Run returns for it, on any number of workers; the results a run
// holds at once (played and not yet added) stay within window batches a
// worker, however many games it plays.
func TestFoldInOrder(t *testing.T) {
	want := Run(5000, 9, draws, Config{Workers: 1})
	for _, c := range []struct{ n, workers int }{{5000, 1}, {5000, 2}, {5000, 4}, {5000, 0}, {100000, 4}, {3, 8}} {
		var mu sync.Mutex
		played, next, most := 0, 0, 0
		batch := max(1, min(256, c.n/(max(1, c.workers)*16)))
		Fold(c.n, 9, func(i int, rng *rand.Rand) [3]uint64 {
			mu.Lock()
			played++
			most = max(most, played-next)
			mu.Unlock()
			return draws(i, rng)
		}, func(i int, r [3]uint64) {
			mu.Lock()
			defer mu.Unlock()
			if i != next || (i < len(want) && r != want[i]) {
				t.Fatalf("%d games on %d workers: added game %d (%v) after %d games", c.n, c.workers, i, r, next)
			}
			next++
		}, Config{Workers: c.workers})
		if next != c.n {
			t.Errorf("%d games on %d workers: %d added", c.n, c.workers, next)
		}
		if limit := window * max(1, c.workers) * batch; c.workers > 0 && most > limit {
			t.Errorf("%d games on %d workers: %d results held at once, more than %d", c.n, c.workers, most, limit)
		}
	}
	Fold(0, 1, draws, func(int, [3]uint64) { t.Error("a run of no games added one") }, Config{})
}

// TestFoldMemory: the memory a run holds does not grow with its games:
// with results of 4 KiB each, the live heap at the last game of 1,000,
// 10,000 and 100,000 games stays within the window's worth of results
// (window × workers × 256 of them), where keeping them all would take
// 400 MiB at 100,000.
func TestFoldMemory(t *testing.T) {
	const size = 4 << 10
	const workers = 4
	heap := func() uint64 {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	bound := uint64(window*workers*256*size) + 1<<20
	for _, n := range []int{1000, 10000, 100000} {
		before := heap()
		var at uint64
		Fold(n, 1, func(int, *rand.Rand) []byte { return make([]byte, size) }, func(i int, b []byte) {
			if i == n-1 {
				at = heap()
			}
		}, Config{Workers: workers})
		if grown := at - min(at, before); grown > bound {
			t.Errorf("%d games: the heap grew by %d KiB, more than %d KiB", n, grown>>10, bound>>10)
		}
	}
}
