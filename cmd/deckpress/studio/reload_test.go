package studio

import (
	"bufio"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// events reads the server-sent events of a running studio.
func events(t *testing.T, base string) <-chan event {
	t.Helper()
	resp, err := http.Get(base + "/api/events")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { resp.Body.Close() })
	out := make(chan event, 8)
	sc := bufio.NewScanner(resp.Body)
	sc.Scan() // the stream's opening comment: subscribed
	go func() {
		for sc.Scan() {
			if data, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
				var ev event
				json.Unmarshal([]byte(data), &ev)
				out <- ev
			}
		}
	}()
	return out
}

func next(t *testing.T, evs <-chan event) event {
	t.Helper()
	select {
	case ev := <-evs:
		return ev
	case <-time.After(30 * time.Second): // a rebuild of a whole kit under -race on a loaded machine
		t.Fatal("no update event within 30 s")
		return event{}
	}
}

// A save rebuilds only the inputs that read the file, and the page is
// told which; the deck's only changed face gets a new version.
func TestSaveRebuildsWhatTheFileFeeds(t *testing.T) {
	dir := t.TempDir()
	if _, err := buildInit(dir, "audition"); err != nil {
		t.Fatal(err)
	}
	base := serve(t, dir)
	evs := events(t, base)

	replaceLine(t, filepath.Join(dir, "score-pad.yaml"), 3, "score pad", "score sheet")
	if ev := next(t, evs); strings.Join(ev.Changed, " ") != "score-pad.yaml" {
		t.Errorf("editing score-pad.yaml rebuilt %v, want score-pad.yaml alone", ev.Changed)
	}
	// both decks use templates.yaml; the rules file does not
	replaceLine(t, filepath.Join(dir, "templates.yaml"), 1, "#", "# edited:")
	if ev := next(t, evs); strings.Join(ev.Changed, " ") != "audition.yaml score-pad.yaml" {
		t.Errorf("editing templates.yaml rebuilt %v, want the two decks", ev.Changed)
	}

	replaceLine(t, filepath.Join(dir, "audition.yaml"), 16, "Vampire Matt", "Vampire Mattias")
	next(t, evs)
	resp, err := http.Get(base + "/api/deck?input=audition.yaml")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var d struct {
		Cards []struct{ Front, Back string }
	}
	json.NewDecoder(resp.Body).Decode(&d)
	if len(d.Cards) != 45 {
		t.Fatalf("%d cards, want 45", len(d.Cards))
	}
	for i, c := range d.Cards {
		for _, u := range []string{c.Front, c.Back} {
			want := "?v=1"
			if i == 0 && u == c.Front {
				want = "?v=2" // card 1's front shows the name
			}
			if !strings.HasSuffix(u, want) {
				t.Errorf("%s after renaming card 1, want %s", u, want)
			}
		}
	}
}

// A YAML file made in the folder after the studio started is a new input:
// the page is told, and the project lists it with its product.
func TestNewFileIsServed(t *testing.T) {
	dir := t.TempDir()
	if _, err := buildInit(dir, "audition"); err != nil {
		t.Fatal(err)
	}
	base := serve(t, dir)
	evs := events(t, base)
	src, err := os.ReadFile(filepath.Join(dir, "score-pad.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("not an input"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "extra.yaml"), src, 0o644); err != nil {
		t.Fatal(err)
	}
	if ev := next(t, evs); !slices.Contains(ev.Changed, "extra.yaml") {
		t.Errorf("a new deck in the folder: the page was told of %v", ev.Changed)
	}
	resp, err := http.Get(base + "/api/project")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var p struct {
		Inputs []struct {
			Path     string
			Products []struct{ Name string }
		}
	}
	if err := json.NewDecoder(resp.Body).Decode(&p); err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, in := range p.Inputs {
		paths = append(paths, in.Path)
		if in.Path == "extra.yaml" && (len(in.Products) != 1 || in.Products[0].Name != "extra") {
			t.Errorf("extra.yaml's products: %+v", in.Products)
		}
	}
	if !slices.Contains(paths, "extra.yaml") || slices.Contains(paths, "notes.txt") {
		t.Errorf("inputs after the new file: %v", paths)
	}
}

// A file of the folder deleted while the studio runs is no longer an
// input: the page is told, and the project lists it no more.
func TestDeletedFileIsDropped(t *testing.T) {
	dir := t.TempDir()
	if _, err := buildInit(dir, "audition"); err != nil {
		t.Fatal(err)
	}
	base := serve(t, dir)
	evs := events(t, base)
	if err := os.Remove(filepath.Join(dir, "score-pad.yaml")); err != nil {
		t.Fatal(err)
	}
	next(t, evs)
	resp, err := http.Get(base + "/api/project")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var p projectAnswer
	if err := json.NewDecoder(resp.Body).Decode(&p); err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, in := range p.Inputs {
		paths = append(paths, in.Path)
	}
	if strings.Join(paths, " ") != "audition.yaml rules.yaml" || len(p.Diagnostics) != 0 {
		t.Errorf("after deleting score-pad.yaml: inputs %v, diagnostics %v; want the two others and none", paths, p.Diagnostics)
	}
}
