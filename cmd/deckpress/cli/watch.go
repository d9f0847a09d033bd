package cli

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/deckpress/deckpress/cmd/deckpress/watch"
	"github.com/deckpress/deckpress/output/build"
)

// watchLoop runs once, then again after every change to a file the last
// run read, until f.Stop is closed. A failed run is reported and the loop
// goes on waiting: content errors never end it.
func watchLoop(f *Factory, once func() error) error {
	env := f.Env
	w, err := watch.New(env.Debounce)
	if err != nil {
		return fmt.Errorf("watch: %w", err)
	}
	defer w.Close()
	run := func() {
		f.reads = &build.ReadLog{}
		err := once()
		var fe *FlagError
		switch {
		case err == nil:
			fmt.Fprintln(env.Err, "built; watching for changes")
		case errors.As(err, &fe):
			fmt.Fprintln(env.Err, "deckpress:", err)
		default:
			if msg := err.Error(); msg != "" {
				fmt.Fprintln(env.Err, "deckpress:", msg)
			}
			fmt.Fprintln(env.Err, "failed; still watching for changes")
		}
		if err := w.Set(f.reads.List()); err != nil {
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
