package galaga

import (
	"io/fs"
	"math/rand/v2"
	"runtime"
	"syscall"
	"testing"
	"time"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/data"
	"github.com/deckpress/deckpress/rules/sim"
)

// kitDeck reads the kit's deck.
func kitDeck(tb testing.TB) *Deck {
	tb.Helper()
	src, err := fs.ReadFile(data.FS, "kits/galaga/galaga.yaml")
	if err != nil {
		tb.Fatal(err)
	}
	d, diags := cards.LoadDeck("galaga.yaml", src, nil)
	deck, more := Read(d)
	if diags = append(diags, more...); diags.HasErrors() {
		tb.Fatal(diags)
	}
	return deck
}

func benchGames(b *testing.B, n int, p Policy) {
	ps := make([]Policy, n)
	for i := range ps {
		ps[i] = p
	}
	m, err := NewMatch(kitDeck(b), Options{Policies: ps})
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

// BenchmarkGreedy4 plays four greedy players over all cores.
func BenchmarkGreedy4(b *testing.B) { benchGames(b, 4, Greedy{}) }

// BenchmarkGreedy2 plays two greedy players.
func BenchmarkGreedy2(b *testing.B) { benchGames(b, 2, Greedy{}) }
