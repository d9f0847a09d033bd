package slugfest

import (
	"io/fs"
	"math/rand/v2"
	"runtime"
	"syscall"
	"testing"
	"time"

	"github.com/deckpress/deckpress/data"
	"github.com/deckpress/deckpress/rules/sim"
)

// kitTeams reads the kit's three teams.
func kitTeams(tb testing.TB) []*Team {
	tb.Helper()
	src, err := fs.ReadFile(data.FS, "kits/slugfest/teams.txt")
	if err != nil {
		tb.Fatal(err)
	}
	teams, diags := ParseList("teams.txt", string(src), 1, 1)
	if diags.HasErrors() || len(teams) != 3 {
		tb.Fatalf("%d teams: %v", len(teams), diags)
	}
	return teams
}

// BenchmarkGreedyGames plays greedy games of the kit's first two teams
// over all cores and reports games per second.
func BenchmarkGreedyGames(b *testing.B) {
	teams := kitTeams(b)
	m, err := NewMatch(teams[0], teams[1], Options{})
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	before := cpuTime()
	sim.Run(b.N, 1, func(_ int, r *rand.Rand) int { return m.Play(r).Winner }, sim.Config{})
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
