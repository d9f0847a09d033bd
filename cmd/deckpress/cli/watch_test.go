package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// syncBuffer is a buffer written by the watching goroutine and read by
// the test.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// waitFor polls until the stderr holds n of a line, or fails.
func waitFor(t *testing.T, buf *syncBuffer, line string, n int) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for strings.Count(buf.String(), line) < n {
		if time.Now().After(deadline) {
			t.Fatalf("waited for %d × %q; stderr:\n%s", n, line, buf.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestWatch edits a deck in place, then saves it the way editors do
// (write a temporary file, rename it over the deck), then breaks it: one
// rebuild per change, and a content error does not end the watch.
func TestWatch(t *testing.T) {
	dir := t.TempDir()
	src, _ := os.ReadFile("testdata/registration.yaml")
	deck := filepath.Join(dir, "r.yaml")
	os.WriteFile(deck, src, 0o644)
	var out, errb syncBuffer
	stop := make(chan struct{})
	done := make(chan int)
	go func() {
		done <- Run([]string{"build", "--watch", "r.yaml"}, Env{Out: &out, Err: &errb, Dir: dir, Debounce: 150 * time.Millisecond, Stop: stop})
	}()
	waitFor(t, &errb, "built; watching", 1)

	// an edit in place: several writes in a burst make one rebuild
	edited := strings.Replace(string(src), "#e6194b", "#123456", 1)
	for i := 0; i < 3; i++ {
		os.WriteFile(deck, []byte(edited), 0o644)
	}
	waitFor(t, &errb, "built; watching", 2)

	// an editor's atomic save
	tmp := filepath.Join(dir, ".r.yaml.swp")
	os.WriteFile(tmp, src, 0o644)
	if err := os.Rename(tmp, deck); err != nil {
		t.Fatal(err)
	}
	waitFor(t, &errb, "built; watching", 3)

	// a broken deck is reported, and the watch goes on
	os.WriteFile(deck, []byte("deck: broken\ncards: [\n"), 0o644)
	waitFor(t, &errb, "failed; still watching", 1)
	os.WriteFile(deck, src, 0o644)
	waitFor(t, &errb, "built; watching", 4)

	time.Sleep(400 * time.Millisecond) // no stray rebuilds
	close(stop)
	if code := <-done; code != 0 {
		t.Errorf("exit %d", code)
	}
	log := errb.String()
	if n := strings.Count(log, "changed: r.yaml"); n != 4 {
		t.Errorf("%d rebuilds for 4 changes:\n%s", n, log)
	}
	if !strings.Contains(log, "YAML syntax") {
		t.Errorf("the broken deck's diagnostics are missing:\n%s", log)
	}
}

// TestProgress: a progress line on a terminal only.
func TestProgress(t *testing.T) {
	for _, terminal := range []bool{false, true} {
		dir := t.TempDir()
		var out, errb syncBuffer
		code := Run([]string{"build"}, Env{Out: &out, Err: &errb, Dir: dir, Terminal: terminal, ProgressAfter: 0})
		if code != 0 {
			t.Fatal(errb.String())
		}
		has := strings.Contains(errb.String(), "\r") && strings.Contains(errb.String(), " files")
		if has != terminal {
			t.Errorf("terminal %v: progress shown %v:\n%q", terminal, has, errb.String())
		}
		if strings.Contains(out.String(), "\r") {
			t.Error("progress on standard output")
		}
	}
}

// startWatch runs build --watch args in dir until the returned function
// is called, which returns the exit code.
func startWatch(t *testing.T, dir string, errb *syncBuffer, args ...string) func() int {
	t.Helper()
	var out syncBuffer
	stop := make(chan struct{})
	done := make(chan int)
	go func() {
		done <- Run(append([]string{"build", "--watch"}, args...), Env{Out: &out, Err: errb, Dir: dir, Debounce: 100 * time.Millisecond, Stop: stop})
	}()
	return func() int { close(stop); return <-done }
}

// TestWatchDeleteRecreate: an input deleted and written again, or replaced
// by a folder and back, is still watched: every change rebuilds.
func TestWatchDeleteRecreate(t *testing.T) {
	dir := t.TempDir()
	src, _ := os.ReadFile("testdata/registration.yaml")
	deck := filepath.Join(dir, "r.yaml")
	os.WriteFile(deck, src, 0o644)
	var errb syncBuffer
	stop := startWatch(t, dir, &errb, "r.yaml")
	waitFor(t, &errb, "built; watching", 1)

	os.Remove(deck)
	waitFor(t, &errb, "failed; still watching", 1)
	os.WriteFile(deck, src, 0o644)
	waitFor(t, &errb, "built; watching", 2)

	os.Remove(deck)
	os.Mkdir(deck, 0o755) // a folder with no YAML file: a failure
	waitFor(t, &errb, "failed; still watching", 2)
	os.WriteFile(filepath.Join(deck, "inner.yaml"), src, 0o644) // a member: built
	waitFor(t, &errb, "built; watching", 3)
	os.RemoveAll(deck)
	os.WriteFile(deck, src, 0o644)
	waitFor(t, &errb, "built; watching", 4)
	if code := stop(); code != 0 {
		t.Errorf("exit %d", code)
	}
	if _, err := os.Stat(filepath.Join(dir, "out", "inner.pdf")); err != nil {
		t.Errorf("the deck written into the folder was not built: %v\n%s", err, errb.String())
	}
}

// TestWatchNewFileInFolder: a deck added to a folder being built is built;
// a file that is not a member (a hidden one, a PDF) changes nothing.
func TestWatchNewFileInFolder(t *testing.T) {
	dir := t.TempDir()
	src, _ := os.ReadFile("testdata/registration.yaml")
	writeFile(t, filepath.Join(dir, "decks", "a.yaml"), src)
	var errb syncBuffer
	stop := startWatch(t, dir, &errb, "decks")
	waitFor(t, &errb, "built; watching", 1)
	os.WriteFile(filepath.Join(dir, "decks", ".b.yaml.swp"), src, 0o644)
	os.WriteFile(filepath.Join(dir, "decks", "notes.pdf"), src, 0o644)
	os.WriteFile(filepath.Join(dir, "decks", "b.yaml"), src, 0o644)
	waitFor(t, &errb, "built; watching", 2)
	time.Sleep(300 * time.Millisecond) // no stray rebuilds
	if code := stop(); code != 0 {
		t.Errorf("exit %d", code)
	}
	log := errb.String()
	if n := strings.Count(log, "changed:"); n != 1 || !strings.Contains(log, "changed: "+filepath.Join("decks", "b.yaml")+"\n") {
		t.Errorf("want one rebuild, for decks/b.yaml:\n%s", log)
	}
	if _, err := os.Stat(filepath.Join(dir, "out", "b.pdf")); err != nil {
		t.Errorf("the new deck was not built: %v", err)
	}
}
