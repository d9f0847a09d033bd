package studio

import (
	"bufio"
	"encoding/json"
	"net/http"
	"path/filepath"
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
	case <-time.After(5 * time.Second):
		t.Fatal("no update event within 5 s")
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
