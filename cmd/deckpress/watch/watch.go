// Package watch reports changes to a set of files, on top of fsnotify.
//
// It watches the files' folders rather than the files, so that an editor's
// atomic save (write a temporary file, rename it over the original) is
// seen like any write, and it gathers the events of a burst into one batch
// once the folder has been quiet for the debounce time.
package watch

import (
	"errors"
	"io/fs"
	"os"
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
	folders  map[string]bool // those of them that were folders at Set
	dirs     map[string]bool // folders watched
	member   func(name string) bool
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
	w := &Watcher{fs: fw, debounce: debounce, files: map[string]bool{}, folders: map[string]bool{}, dirs: map[string]bool{},
		out: make(chan []string), done: make(chan struct{})}
	go w.loop()
	return w, nil
}

// Set replaces the files of interest (it may grow as a build reads more
// files); their folders are watched, again at every Set, so that a folder
// deleted and made again is watched anew. A path of interest that is a
// folder is watched too: a name created in it, deleted or written there,
// is a change when [Watcher.Members] says it is one of the folder's
// members.
func (w *Watcher) Set(paths []string) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.files, w.folders = map[string]bool{}, map[string]bool{}
	want := map[string]bool{}
	for _, p := range paths {
		abs, err := filepath.Abs(p)
		if err != nil {
			return err
		}
		w.files[abs] = true
		want[filepath.Dir(abs)] = true
		if st, err := os.Stat(abs); err == nil && st.IsDir() {
			w.folders[abs] = true
			want[abs] = true
		}
	}
	for dir := range w.dirs {
		if !want[dir] {
			w.fs.Remove(dir) // gone already when the folder was deleted
		}
	}
	w.dirs = map[string]bool{}
	for dir := range want {
		if err := w.fs.Add(dir); err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				continue // deleted since; its parent is watched
			}
			return err
		}
		w.dirs[dir] = true
	}
	return nil
}

// Members sets which names in a folder of interest are its members (nil,
// the default: none, only the folder itself counts).
func (w *Watcher) Members(member func(name string) bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.member = member
}

// interesting reports whether an event on name is a change of interest.
func (w *Watcher) interesting(name string) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.files[name] {
		return true
	}
	return w.folders[filepath.Dir(name)] && w.member != nil && w.member(filepath.Base(name))
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
			if w.interesting(ev.Name) && ev.Op&(fsnotify.Write|fsnotify.Create|fsnotify.Rename|fsnotify.Remove) != 0 {
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
