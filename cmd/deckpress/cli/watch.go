package cli

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/deckpress/deckpress/cmd/deckpress/watch"
)

// watchLoop runs once, then again after every change to a file the last
// run read, until env.Stop is closed. A failed run is reported and the
// loop goes on waiting: content errors never end it.
func watchLoop(env Env, once func(Env) error) error {
	w, err := watch.New(env.Debounce)
	if err != nil {
		return failed("watch: %v", err)
	}
	defer w.Close()
	run := func() {
		e := env
		e.reads = &readLog{}
		err := once(e)
		var ce *contentError
		switch {
		case err == nil:
			fmt.Fprintln(env.Err, "built; watching for changes")
		case errors.As(err, &ce):
			if ce.msg != "" {
				fmt.Fprintln(env.Err, "deckpress:", ce.msg)
			}
			fmt.Fprintln(env.Err, "failed; still watching for changes")
		default:
			fmt.Fprintln(env.Err, "deckpress:", err)
		}
		if err := w.Set(e.reads.list()); err != nil {
			fmt.Fprintln(env.Err, "deckpress: watch:", err)
		}
	}
	run()
	for {
		select {
		case <-env.Stop:
			return nil
		case batch := <-w.Changes():
			names := make([]string, len(batch))
			for i, b := range batch {
				names[i] = relative(env, b)
			}
			fmt.Fprintf(env.Err, "changed: %s\n", strings.Join(names, ", "))
			run()
		}
	}
}

// relative shows a path relative to the working folder when it is inside.
func relative(env Env, p string) string {
	base, err := filepath.Abs(env.Dir)
	if err != nil {
		return p
	}
	if r, err := filepath.Rel(base, p); err == nil && !strings.HasPrefix(r, "..") {
		return r
	}
	return p
}
