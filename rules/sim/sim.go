package sim

import (
	"math/rand/v2"
	"runtime"
	"sync"
	"sync/atomic"
)

// Config says how a run uses the machine.
type Config struct {
	// Workers is the number of goroutines playing games; 0 means
	// GOMAXPROCS. The results do not depend on it.
	Workers int
	// Progress, when set, is called after each batch of games with the
	// number of games done so far and the total; calls come one at a time
	// and done grows with each. A batch is n ÷ (16 × workers) games, at
	// least 1 and at most 256, so that each worker takes some 16 of them.
	Progress func(done, total int)
}

// Run plays games 0 to n−1 of the run with seed seed and returns their
// results in game order. Game i is play(i, rng) with rng made by
// NewRand(seed, i); play must draw its randomness from rng only, and may
// be called from several goroutines at once.
func Run[R any](n int, seed uint64, play func(i int, rng *rand.Rand) R, cfg Config) []R {
	out := make([]R, n)
	if n <= 0 {
		return out
	}
	workers := cfg.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, n)
	batch := max(1, min(256, n/(workers*16)))
	var next atomic.Int64
	var mu sync.Mutex
	done := 0
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			src := &rand.PCG{}
			rng := rand.New(src)
			for {
				from := int(next.Add(int64(batch))) - batch
				if from >= n {
					return
				}
				to := min(from+batch, n)
				for i := from; i < to; i++ {
					src.Seed(Seeds(seed, i))
					out[i] = play(i, rng)
				}
				if cfg.Progress != nil {
					mu.Lock()
					done += to - from
					cfg.Progress(done, n)
					mu.Unlock()
				}
			}
		}()
	}
	wg.Wait()
	return out
}

// NewRand returns the generator of game i of the run with seed seed: the
// one Run hands to that game.
func NewRand(seed uint64, i int) *rand.Rand {
	return rand.New(rand.NewPCG(Seeds(seed, i)))
}

// Seeds returns the two PCG seeds of game i of the run with seed seed.
// Both go through SplitMix64, so that neighbouring games and neighbouring
// run seeds get unrelated streams.
func Seeds(seed uint64, i int) (uint64, uint64) {
	s := splitmix(seed)
	return s, splitmix(s ^ splitmix(uint64(i)))
}

// splitmix is SplitMix64's output function on one step of its state.
func splitmix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}
