package testtool

import (
	"runtime"
	"syscall"
	"testing"
	"time"
)

// Linear checks that run(n) takes time linear in n. It grows n from the
// one given until run(n) takes 25 ms, times run at n and at 4n (the best
// of five runs each, each after a garbage collection) and fails when the
// larger took more than 10 times as long: a linear algorithm takes about
// 4 times as long, a quadratic one 16 times. The time is the process's
// processor time in user mode, not the clock's, so that other programs on
// a busy machine do not count, nor the kernel's work of handing a run
// fresh memory after a collection gave it back (which made one run in
// ten of a linear 4n take 11 to 13 times as long).
func Linear(t *testing.T, n int, run func(n int)) {
	t.Helper()
	best := func(n int) time.Duration {
		var b time.Duration
		for i := 0; i < 5; i++ {
			runtime.GC() // the garbage of earlier runs is not this run's cost
			start := userTime()
			run(n)
			if d := userTime() - start; i == 0 || d < b {
				b = d
			}
		}
		return b
	}
	for n < 1<<24 {
		start := userTime()
		run(n)
		if userTime()-start >= 25*time.Millisecond { // well above the clock's and the scheduler's noise
			break
		}
		n *= 2
	}
	small, large := best(n), best(4*n)
	if ratio := float64(large) / float64(small); ratio > 10 {
		t.Errorf("4 times the input took %.1f times as long (%v at %d, %v at %d): more than linear", ratio, small, n, large, 4*n)
	}
}

// CPUTime is the processor time the process has used, in user and
// system mode: unlike the clock, it does not count the time other
// programs on a busy machine take.
func CPUTime() time.Duration {
	u := usage()
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}

// userTime is the processor time the process has used in user mode.
func userTime() time.Duration {
	u := usage()
	return time.Duration(u.Utime.Nano())
}

// usage is the process's resource usage so far.
func usage() syscall.Rusage {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		panic(err)
	}
	return u
}
