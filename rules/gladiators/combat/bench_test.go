package combat

import (
	"math/rand/v2"
	"runtime"
	"syscall"
	"testing"
	"time"

	"github.com/deckpress/deckpress/rules/sim"
)

// benchFights plays b.N fights of the matches in turn over all cores and
// reports fights per second.
func benchFights(b *testing.B, ms []*Match) {
	b.ResetTimer()
	before := cpuTime()
	sim.Run(b.N, 1, func(i int, r *rand.Rand) int {
		return ms[i%len(ms)].Play(RandDice(r)).Winner
	}, sim.Config{})
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "fights/s")
	// on a shared machine the wall clock measures the neighbours too: the
	// process's own CPU time says what the cores would do alone
	b.ReportMetric(float64(b.N)/(cpuTime()-before).Seconds()*float64(runtime.GOMAXPROCS(0)), "fights/s-idle")
}

// BenchmarkOneOnOne: every kit hero against every other, on the open field.
func BenchmarkOneOnOne(b *testing.B) {
	hs := kitHeroes(b)
	board := openBoard(b)
	var ms []*Match
	for i := range hs {
		for j := range hs {
			if i != j {
				ms = append(ms, match(b, board, hs[i:i+1], hs[j:j+1], Options{}))
			}
		}
	}
	benchFights(b, ms)
}

// BenchmarkFourOnFour: two teams of four kit heroes, on the open field.
func BenchmarkFourOnFour(b *testing.B) {
	hs := kitHeroes(b)
	board := openBoard(b)
	a := []Hero{hs[0], hs[1], hs[2], hs[3]}
	c := []Hero{hs[4], hs[5], hs[0], hs[3]}
	benchFights(b, []*Match{match(b, board, a, c, Options{}), match(b, board, c, a, Options{})})
}

// cpuTime returns the CPU time the process has used.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
