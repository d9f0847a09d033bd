package sim

import (
	"math/rand/v2"
	"runtime"
	"sync"
)

// Config says how a run uses the machine.
type Config struct {
	// Workers is the number of goroutines playing games; 0 means
	// GOMAXPROCS. The results do not depend on it.
	Workers int
	// Progress, when set, is called after each batch of games is added
	// (see [Fold]) with the number of games added so far and the total; calls come one at a time
	// and done grows with each. A batch is n ÷ (16 × workers) games, at
	// least 1 and at most 256, so that each worker takes some 16 of them.
	Progress func(done, total int)
}

// Run plays games 0 to n−1 of the run with seed seed and returns their
// results in game order (see [Fold]). It keeps every result: a run of
// many games, or of large results, should Fold them instead.
func Run[R any](n int, seed uint64, play func(i int, rng *rand.Rand) R, cfg Config) []R {
	out := make([]R, max(n, 0))
	Fold(n, seed, play, func(i int, r R) { out[i] = r }, cfg)
	return out
}

// window is how many batches a worker may play ahead of the oldest one
// not yet added, per worker: the results a run holds at once are at most
// window × workers × 256, however many games it plays.
const window = 4

// Fold plays games 0 to n−1 of the run with seed seed and hands each
// result to add, in game order, as the games finish. Game i is
// play(i, rng) with rng made by NewRand(seed, i); play must draw its
// randomness from rng only, and may be called from several goroutines at
// once. add is called one game at a time, so that sums it takes come out
// the same whatever the number of workers. A worker plays no more than a
// few batches ahead of the first game not yet added, so a run holds a
// bounded number of results whatever n is.
func Fold[R any](n int, seed uint64, play func(i int, rng *rand.Rand) R, add func(i int, r R), cfg Config) {
	if n <= 0 {
		return
	}
	workers := cfg.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, n)
	batch := max(1, min(256, n/(workers*16)))
	batches := (n + batch - 1) / batch
	slots := min(batches, window*workers)
	// slot k%slots holds batch k's results from when it is played until
	// it is added; batch k may start once batch k−slots has been added
	res := make([][]R, slots)
	ready := make([]bool, slots)
	var mu sync.Mutex
	room := sync.NewCond(&mu)
	next, added := 0, 0 // the next batch to hand out, and to add
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			src := &rand.PCG{}
			rng := rand.New(src)
			mu.Lock()
			defer mu.Unlock()
			for next < batches {
				k := next
				next++
				for k >= added+slots {
					room.Wait()
				}
				from, to := k*batch, min((k+1)*batch, n)
				out := res[k%slots][:0]
				mu.Unlock()
				for i := from; i < to; i++ {
					src.Seed(Seeds(seed, i))
					out = append(out, play(i, rng))
				}
				mu.Lock()
				res[k%slots], ready[k%slots] = out, true
				if k != added {
					continue
				}
				// the oldest batch is in: add it and those after it
				for added < batches && ready[added%slots] {
					s := added % slots
					for j, r := range res[s] {
						add(added*batch+j, r)
					}
					clear(res[s])
					ready[s] = false
					added++
					if cfg.Progress != nil {
						cfg.Progress(min(added*batch, n), n)
					}
				}
				room.Broadcast()
			}
		}()
	}
	wg.Wait()
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
