package studio

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/cmd/deckpress/watch"
	"github.com/deckpress/deckpress/internal/safefile"
	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/output"
	"github.com/deckpress/deckpress/output/build"
	"github.com/deckpress/deckpress/output/png"
	"github.com/deckpress/deckpress/rules/compose"
	"github.com/deckpress/deckpress/templates/draw"
)

// cardDPI is the resolution of the card images.
const cardDPI = 110

// state is the project as last built: every input with its products,
// diagnostics and, for decks, the last good faces.
type state struct {
	dir string
	log io.Writer

	mu      sync.RWMutex
	version int
	print   output.PrintOptions // the project file's print settings
	project cards.Diagnostics   // the project file's own diagnostics
	inputs  []*inputState       // in file order
	folders []string            // absolute paths of the folders whose YAML files are inputs
	members map[string]bool     // the YAML files found in them at the last load, absolute
	subs    map[chan event]bool
}

// inputState is one input as last built.
type inputState struct {
	Path     string // relative to the folder, with slashes
	Format   string // its first key: deck, team, hero…
	Products []productInfo
	Diags    cards.Diagnostics
	reads    []string    // absolute paths of the files the build read
	deck     *deckState  // the last good deck; kept while the file is broken
	docs     []*docState // the last good pages of other formats, kept likewise
	took     time.Duration
}

type productInfo struct {
	Name   string `json:"name"`
	Cards  int    `json:"cards"`
	Sheets int    `json:"sheets"`
}

// deckState is a prepared deck and its faces, each with a version that
// changes only when the face does, so that the page reloads only the
// images that changed.
type deckState struct {
	name   string // its product's name
	number int    // counts the decks made, for the views of each
	job    *output.DeckJob
	faces  []*face // card i side s at 2i+s
	fresh  []int   // the faces that changed from the previous deck
}

type face struct {
	face    *draw.Face
	version int
	once    sync.Once
	png     []byte
	err     error
}

// event is what the page is told after a rebuild.
type event struct {
	Version int      `json:"version"`
	Changed []string `json:"changed"`
}

func newState(dir string, log io.Writer) (*state, error) {
	st := &state{dir: dir, log: log, subs: map[chan event]bool{}}
	paths, err := st.load()
	if err != nil {
		return nil, err
	}
	for _, p := range paths {
		st.inputs = append(st.inputs, st.build(p, nil))
	}
	return st, nil
}

// load reads the project file (its print settings and inputs) and lists
// the folder's inputs: those it names, or every YAML file of a format
// deckpress builds. It reads all of them through an os.Root of the
// folder: a name that leaves it, by .. or by a symlink, is an error at
// its place (the project file's line, or the file itself), as deckpress
// check says, and nothing is read from it. It sets what it read under the
// lock, as the pages read it.
func (st *state) load() ([]string, error) {
	var diags cards.Diagnostics
	var settings output.PrintOptions
	var folders []string
	members := map[string]bool{}
	defer func() {
		st.mu.Lock()
		st.project, st.print, st.folders, st.members = diags.Sort(), settings, folders, members
		st.mu.Unlock()
	}()
	root, err := os.OpenRoot(st.dir)
	if err != nil {
		return nil, err
	}
	defer root.Close()
	// what the inputs are: the project file's names, each at its line,
	// or the whole folder
	type listed struct {
		name  string // relative to the folder, with slashes
		pos   cards.Pos
		label string // the start of a message about it
	}
	names := []listed{{name: "."}}
	src, err := safefile.ReadFile(root, cards.ProjectFile, safefile.MaxBytes)
	switch err = rootErr(err); {
	case err == nil:
		proj, ds := cards.Parse(cards.ProjectFile, src)
		diags = ds
		if proj != nil {
			p, ds := cards.ReadProject(cards.ProjectFile, proj)
			diags = append(diags, ds...)
			if p != nil {
				settings, ds = output.ReadPrint(p.Print)
				diags = diags.Extend(ds)
				if p.Inputs != nil {
					names = nil
				}
				for _, n := range p.Inputs {
					names = append(names, listed{n.Value, n.Pos, "inputs: " + n.Value + ": "})
				}
			}
		}
	case !errors.Is(err, fs.ErrNotExist):
		diags.Errorf(cards.Pos{File: cards.ProjectFile, Line: 1, Col: 1}, "%v", cards.Cause(err))
		names = nil
	}
	var out []string
	// add lists the file p, read as src, when it is an input; explicit
	// when the project file names it
	add := func(p string, src []byte, explicit bool, pos cards.Pos, label string) {
		switch {
		case !explicit && format(p, src) == "":
		case !addressable(p):
			diags.Errorf(pos, "%s%v", label, errUnaddressable)
		default:
			out = append(out, p)
		}
	}
	for _, n := range names {
		name := filepath.FromSlash(n.name)
		info, err := root.Stat(name)
		if err = rootErr(err); err != nil {
			diags.Errorf(n.pos, "%s%v", n.label, cards.Cause(err))
			continue
		}
		p := filepath.ToSlash(filepath.Clean(name))
		if !info.IsDir() {
			src, err := safefile.ReadFile(root, name, safefile.MaxBytes)
			if err = rootErr(err); err != nil {
				diags.Errorf(n.pos, "%s%v", n.label, cards.Cause(err))
				continue
			}
			add(p, src, true, n.pos, n.label)
			continue
		}
		folder, err := root.Open(name)
		if err != nil {
			diags.Errorf(n.pos, "%s%v", n.label, cards.Cause(err))
			continue
		}
		entries, err := folder.ReadDir(-1)
		folder.Close()
		if err != nil {
			diags.Errorf(n.pos, "%s%v", n.label, cards.Cause(err))
			continue
		}
		abs := filepath.Join(st.dir, name)
		folders = append(folders, abs)
		for _, e := range entries {
			if e.IsDir() || !build.FolderMember(e.Name()) {
				continue
			}
			m := path.Join(p, e.Name())
			pos, label := n.pos, n.label+e.Name()+": "
			if n.label == "" { // the whole folder: the file itself
				pos, label = cards.Pos{File: m, Line: 1, Col: 1}, ""
			}
			src, err := safefile.ReadFile(root, filepath.FromSlash(m), safefile.MaxBytes)
			switch err = rootErr(err); {
			case errors.As(err, new(*safefile.NotRegularError)):
				continue // a symlink to a folder, a pipe: not a file to build
			case err != nil:
				// not a member: were it made readable, it is one
				diags.Errorf(pos, "%s%v", label, cards.Cause(err))
				continue
			}
			members[filepath.Join(abs, e.Name())] = true
			add(m, src, false, pos, label)
		}
	}
	sort.Strings(out)
	return slices.Compact(out), nil
}

// errOutside refuses a name that leads out of the project folder.
var errOutside = errors.New("it lies outside the project folder; the studio serves only the folder's files")

// rootErr is err of an open through an os.Root, with the root's refusal of
// a name that leaves it made errOutside: that refusal is the one error of
// such an open that is neither the system's (an errno) nor safefile's.
func rootErr(err error) error {
	var errno syscall.Errno
	if err == nil || errors.As(err, &errno) || errors.As(err, new(*safefile.NotRegularError)) || errors.As(err, new(*safefile.TooLargeError)) {
		return err
	}
	return errOutside
}

// errUnaddressable refuses a file whose links the guard would refuse.
var errUnaddressable = errors.New("its name holds what the studio refuses in an address (a backslash, or an escape that reads as .. or //); rename the file to see it here")

// addressable reports whether the addresses of the input p pass the
// guard's check of paths and queries: as a path segment (/api/card/P/…)
// and as a query value (?input=P).
func addressable(p string) bool {
	return !bad(url.PathEscape(p)) && !bad("input="+url.QueryEscape(p))
}

// format returns the first key of a file (at p, read as src) when
// deckpress builds it, or "" (a template file, a ruleset). A file that
// does not parse counts as an input, so that its diagnostics show.
func format(p string, src []byte) string {
	root, _ := cards.Parse(p, src)
	if root == nil {
		return "?"
	}
	key := cards.FirstKey(root)
	if slices.Contains(build.Formats(), key) && key != "ruleset" {
		return key
	}
	return ""
}

// readInput reads the input p through an os.Root of the folder: errOutside
// when it leads out of it, as a symlink may.
func (st *state) readInput(p string) ([]byte, error) {
	root, err := os.OpenRoot(st.dir)
	if err != nil {
		return nil, err
	}
	defer root.Close()
	src, err := safefile.ReadFile(root, filepath.FromSlash(p), safefile.MaxBytes)
	return src, rootErr(err)
}

// build builds one input; prev is its last state, whose deck is kept when
// this build fails.
func (st *state) build(p string, prev *inputState) *inputState {
	start := time.Now()
	log := &build.ReadLog{}
	env := build.Env{Dir: st.dir, Reads: log, Within: st.dir} // every read inside the folder, race-free
	in := &inputState{Path: p}
	req := build.Request{Env: env, Inputs: []string{filepath.FromSlash(p)}, Print: st.print, Out: "out"}
	if prev != nil {
		in.deck, in.docs = prev.deck, prev.docs
	}
	// the build opens an input named to it wherever it leads; the
	// studio reads it through the folder's root first, and builds
	// nothing of a file that leads out of it
	src, err := st.readInput(p)
	if errors.Is(err, errOutside) {
		in.Diags = cards.Diagnostics{{Pos: cards.Pos{File: p, Line: 1, Col: 1}, Severity: cards.Error, Message: err.Error()}}
		in.took = time.Since(start)
		return in
	}
	if err == nil {
		in.Format = format(p, src)
	}
	if prev != nil && !slices.Contains(build.Formats(), in.Format) {
		// broken (or gone): still the kind of file it was, so that its
		// pages, and the designer of a hero file, show why
		in.Format = prev.Format
	}
	var diags cards.Diagnostics
	if in.Format == "deck" {
		// one pass for the cards and the diagnostics build would give:
		// Decks, and the composition checks that Prepare adds
		decks, ds, err := build.Decks(req)
		diags = ds
		if err != nil {
			diags = append(diags, cards.Diagnostic{Pos: cards.Pos{File: p}, Severity: cards.Error, Message: err.Error()})
		}
		if len(decks) == 1 {
			job := decks[0].Job
			diags = diags.Extend(compose.Check(job.Deck))
			if !diags.HasErrors() {
				in.Products = []productInfo{{Name: stemOf(p), Cards: job.Cards(), Sheets: job.Sheets()}}
				in.deck = newDeck(stemOf(p), job, in.deck)
			}
		}
	} else {
		products, ds, err := build.Prepare(req)
		diags = ds
		if err != nil {
			diags = append(diags, cards.Diagnostic{Pos: cards.Pos{File: p}, Severity: cards.Error, Message: err.Error()})
		}
		for _, pr := range products {
			in.Products = append(in.Products, productInfo{Name: stemOf(pr.Path), Cards: pr.Cards, Sheets: pr.Sheets})
		}
		if products != nil {
			in.docs = newDocs(products, in.docs)
		}
	}
	in.Diags = diags.Sort()
	in.reads = log.List()
	in.took = time.Since(start)
	return in
}

func stemOf(p string) string {
	base := filepath.Base(p)
	return strings.TrimSuffix(base, filepath.Ext(base))
}

// decks counts the decks made.
var decks atomic.Int64

// newDeck wraps a prepared deck; a face equal to the same face of prev
// keeps its version and image.
func newDeck(name string, job *output.DeckJob, prev *deckState) *deckState {
	d := &deckState{name: name, job: job, number: int(decks.Add(1))}
	for i := range job.Entries() {
		for _, side := range []layout.Side{layout.Front, layout.Back} {
			f := &face{face: job.Face(i, side), version: 1}
			k := len(d.faces)
			if prev != nil && k < len(prev.faces) {
				old := prev.faces[k]
				if reflect.DeepEqual(old.face, f.face) {
					f = old
				} else {
					f.version = old.version + 1
				}
			}
			if f.version > 1 || prev == nil {
				d.fresh = append(d.fresh, k)
			}
			d.faces = append(d.faces, f)
		}
	}
	return d
}

// render draws the faces that changed in the background, on all cores,
// so that the images a page asks for after a rebuild are on their way.
func (d *deckState) render() {
	next := make(chan int)
	for range runtime.GOMAXPROCS(0) {
		go func() {
			for k := range next {
				d.image(k/2, layout.Side(k%2))
			}
		}()
	}
	go func() {
		for _, k := range d.fresh {
			next <- k
		}
		close(next)
	}()
}

// image returns the PNG of card i, side s.
func (d *deckState) image(i int, s layout.Side) ([]byte, int, error) {
	// i comes from a URL: compared before any arithmetic on it, which
	// would overflow for the largest numbers
	if i < 0 || i >= len(d.faces)/2 {
		return nil, 0, fmt.Errorf("no card %d", i+1)
	}
	f := d.faces[2*i+int(s)]
	f.once.Do(func() {
		box := d.job.Plan.CardBleedBox()
		f.png, f.err = png.Encode(png.Face(f.face, box, fit(layout.Size{W: box.W, H: box.H}, cardDPI)))
	})
	return f.png, f.version, f.err
}

// input returns the input at p, or nil.
func (st *state) input(p string) *inputState {
	st.mu.RLock()
	defer st.mu.RUnlock()
	for _, in := range st.inputs {
		if in.Path == p {
			return in
		}
	}
	return nil
}

// changed rebuilds the inputs that read any of the files (absolute), and
// everything when the project file changed, then tells the page.
func (st *state) changed(files []string) {
	st.mu.RLock()
	old := slices.Clone(st.inputs)
	all := slices.Contains(files, filepath.Join(st.dir, cards.ProjectFile)) || slices.ContainsFunc(files, st.memberChanged)
	st.mu.RUnlock()
	var next []*inputState
	var changed []string
	if all {
		paths, _ := st.load()
		for _, p := range paths {
			next = append(next, st.build(p, find(old, p)))
			changed = append(changed, p)
		}
	} else {
		for _, in := range old {
			if slices.ContainsFunc(files, func(f string) bool { return slices.Contains(in.reads, f) }) {
				in = st.build(in.Path, in)
				if in.deck != nil {
					in.deck.render()
				}
				changed = append(changed, in.Path)
				fmt.Fprintf(st.log, "rebuilt %s in %v\n", in.Path, in.took.Round(time.Millisecond))
			}
			next = append(next, in)
		}
	}
	st.mu.Lock()
	st.inputs = next
	st.version++
	ev := event{Version: st.version, Changed: changed}
	for c := range st.subs {
		select {
		case c <- ev:
		default: // a slow page catches up on the next event
		}
	}
	st.mu.Unlock()
}

// printOptions are the project file's print settings.
func (st *state) printOptions() output.PrintOptions {
	st.mu.RLock()
	defer st.mu.RUnlock()
	return st.print
}

// memberChanged reports whether a changed file changes which files of a
// folder are inputs: a YAML file in a folder whose files are inputs that
// was not one at the last load (made since), or that was and is gone.
func (st *state) memberChanged(f string) bool {
	if !slices.Contains(st.folders, filepath.Dir(f)) || !build.FolderMember(filepath.Base(f)) {
		return false
	}
	if !st.members[f] {
		return true
	}
	_, err := os.Lstat(f)
	return errors.Is(err, fs.ErrNotExist)
}

func find(ins []*inputState, p string) *inputState {
	for _, in := range ins {
		if in.Path == p {
			return in
		}
	}
	return nil
}

// watched lists every file the inputs read, and the project file.
func (st *state) watched() []string {
	st.mu.RLock()
	defer st.mu.RUnlock()
	files := []string{filepath.Join(st.dir, cards.ProjectFile)}
	files = append(files, st.folders...)
	for _, in := range st.inputs {
		files = append(files, in.reads...)
		files = append(files, filepath.Join(st.dir, filepath.FromSlash(in.Path)))
	}
	return files
}

// watch rebuilds on every change until the returned stop is called.
func (st *state) watch(debounce time.Duration) (stop func(), err error) {
	w, err := watch.New(debounce)
	if err != nil {
		return nil, fmt.Errorf("watch: %w", err)
	}
	w.Members(build.FolderMember) // a new file in the folder is a new input
	if err := w.Set(st.watched()); err != nil {
		w.Close()
		return nil, fmt.Errorf("watch: %w", err)
	}
	done := make(chan struct{})
	go func() {
		for {
			select {
			case <-done:
				return
			case batch := <-w.Changes():
				st.changed(batch)
				if err := w.Set(st.watched()); err != nil {
					fmt.Fprintln(st.log, "deckpress: watch:", err)
				}
			}
		}
	}()
	return func() { close(done); w.Close() }, nil
}

// subscribe returns a channel of events and its cancel.
func (st *state) subscribe() (chan event, func()) {
	c := make(chan event, 8)
	st.mu.Lock()
	st.subs[c] = true
	st.mu.Unlock()
	return c, func() {
		st.mu.Lock()
		delete(st.subs, c)
		st.mu.Unlock()
	}
}
