// Package fuzzcheck holds the property every loader's fuzz target checks:
// it returns within a time limit, without panicking, with either a value
// or an error, and every diagnostic of a non-empty input has a line.
package fuzzcheck

import (
	"flag"
	"fmt"
	"testing"
	"time"

	"github.com/deckpress/deckpress/cards"
)

// Limit is the longest a loader may take on one input while fuzzing.
const Limit = 2 * time.Second

// seedLimit is the limit when the seeds run as ordinary tests, beside
// every other package's tests on a shared machine: long enough that a
// busy machine is not taken for a slow loader, short enough that a hang
// still fails.
const seedLimit = 10 * time.Second

// limit returns the time limit that applies to this test binary.
func limit() time.Duration {
	if f := flag.Lookup("test.fuzz"); f != nil && f.Value.String() != "" {
		return Limit
	}
	return seedLimit
}

// Run runs load on an input and checks the property. load returns the
// diagnostics and whether it produced a value (pass true when the loader
// has no value of its own).
func Run(t *testing.T, src []byte, load func() (cards.Diagnostics, bool)) {
	t.Helper()
	type result struct {
		diags cards.Diagnostics
		value bool
		panic any
	}
	done := make(chan result, 1)
	go func() {
		defer func() {
			if r := recover(); r != nil {
				done <- result{panic: r}
			}
		}()
		d, v := load()
		done <- result{diags: d, value: v}
	}()
	var r result
	select {
	case r = <-done:
	case <-time.After(limit()):
		// panic rather than fail: the fuzzer records the input either way,
		// and the loader's goroutine cannot be stopped
		panic(fmt.Sprintf("no result after %v on an input of %d bytes", limit(), len(src)))
	}
	if r.panic != nil {
		t.Fatalf("panic: %v", r.panic)
	}
	if len(src) == 0 {
		return
	}
	for _, d := range r.diags {
		if d.Pos.Line < 1 {
			t.Fatalf("diagnostic without a line: %v", d)
		}
	}
	if !r.value && !r.diags.HasErrors() {
		t.Fatalf("no value and no error")
	}
}
