package audition

import (
	"math/rand/v2"
	"runtime"
	"syscall"
	"testing"
	"time"

	"github.com/deckpress/deckpress/rules/sim"
)

// BenchmarkGames plays games of the four strategies at a table of four
// over all cores and reports games per second.
func BenchmarkGames(b *testing.B) {
	o := Options{Policies: []Policy{Loner{}, Follower{}, Random{}, RobberLate{}}}
	b.ResetTimer()
	before := cpuTime()
	sim.Run(b.N, 1, func(_ int, r *rand.Rand) int {
		res, _ := Play(o, r)
		return res.Rounds
	}, sim.Config{})
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	// on a shared machine the wall clock measures the neighbours too: the
	// process's own CPU time says what the cores would do alone
	b.ReportMetric(float64(b.N)/(cpuTime()-before).Seconds()*float64(runtime.GOMAXPROCS(0)), "games/s-idle")
}

// cpuTime returns the CPU time the process has used.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
