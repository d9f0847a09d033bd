// Package watch reports changes to a set of files, on top of fsnotify.
//
// It watches the files' folders rather than the files, so that an editor's
// atomic save (write a temporary file, rename it over the original) is
// seen like any write, and it gathers the events of a burst into one batch
// once the folder has been quiet for the debounce time.
package watch

import (
	"path/filepath"
	"sort"
	"sync"
	"time"

	"github.com/fsnotify/fsnotify"
)

// Watcher sends batches of changed files.
type Watcher struct {
	fs       *fsnotify.Watcher
	debounce time.Duration
	mu       sync.Mutex
	files    map[string]bool // absolute paths of interest
	dirs     map[string]bool
	out      chan []string
	done     chan struct{}
}

// New returns a watcher that waits debounce after the last event of a
// burst before reporting it.
func New(debounce time.Duration) (*Watcher, error) {
	fw, err := fsnotify.NewWatcher()
	if err != nil {
		return nil, err
	}
	w := &Watcher{fs: fw, debounce: debounce, files: map[string]bool{}, dirs: map[string]bool{},
		out: make(chan []string), done: make(chan struct{})}
	go w.loop()
	return w, nil
}

// Set replaces the files of interest (it may grow as a build reads more
// files); their folders are watched.
func (w *Watcher) Set(paths []string) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.files = map[string]bool{}
	for _, p := range paths {
		abs, err := filepath.Abs(p)
		if err != nil {
			return err
		}
		w.files[abs] = true
		dir := filepath.Dir(abs)
		if !w.dirs[dir] {
			if err := w.fs.Add(dir); err != nil {
				return err
			}
			w.dirs[dir] = true
		}
	}
	return nil
}

// Changes returns the channel of batches: the sorted files of interest
// that changed in a burst.
func (w *Watcher) Changes() <-chan []string { return w.out }

// Close stops watching.
func (w *Watcher) Close() error {
	close(w.done)
	return w.fs.Close()
}

func (w *Watcher) loop() {
	pending := map[string]bool{}
	var timer <-chan time.Time
	for {
		select {
		case <-w.done:
			return
		case ev, ok := <-w.fs.Events:
			if !ok {
				return
			}
			w.mu.Lock()
			interesting := w.files[ev.Name]
			w.mu.Unlock()
			if interesting && ev.Op&(fsnotify.Write|fsnotify.Create|fsnotify.Rename|fsnotify.Remove) != 0 {
				pending[ev.Name] = true
				timer = time.After(w.debounce)
			}
		case <-w.fs.Errors:
		case <-timer:
			var batch []string
			for f := range pending {
				batch = append(batch, f)
			}
			sort.Strings(batch)
			pending = map[string]bool{}
			timer = nil
			select {
			case w.out <- batch:
			case <-w.done:
				return
			}
		}
	}
}
