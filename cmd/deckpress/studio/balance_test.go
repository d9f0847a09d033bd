package studio

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// simState is GET /api/sim.
type simState struct {
	Choices     map[string][]string
	Running     bool
	Done        int
	Total       int
	Error       string
	Diagnostics []diagJSON
	Result      map[string]any
	Pages       []string
}

func simGet(t *testing.T, s *Server) simState {
	t.Helper()
	code, body := do(s.Handler("8080"), get("/api/sim", "127.0.0.1:8080"))
	var st simState
	if code != 200 || json.Unmarshal([]byte(body), &st) != nil {
		t.Fatalf("GET /api/sim: %d %s", code, body)
	}
	return st
}

// simEnded waits for the lab's run to end, within d, and returns its
// state then.
func simEnded(t *testing.T, s *Server, d time.Duration) simState {
	t.Helper()
	for deadline := time.Now().Add(d); ; time.Sleep(20 * time.Millisecond) {
		if st := simGet(t, s); !st.Running {
			return st
		}
		if time.Now().After(deadline) {
			t.Fatalf("the run did not end within %v", d)
		}
	}
}

// TestBalanceRun: a run started from the page plays the lab with the
// command line's default policies, tells its progress, and ends with the
// numbers in the shape of deckpress sim --json and the report's pages;
// bad requests are refused before anything runs, and one run goes at a
// time.
func TestBalanceRun(t *testing.T) {
	s, h, _ := kit(t, "audition")
	origin := "http://127.0.0.1:8080"
	if st := simGet(t, s); !strings.Contains(strings.Join(st.Choices["audition"], " "), "audition.yaml") || st.Running || len(st.Pages) != 0 {
		t.Fatalf("before a run: %+v", st)
	}
	for _, c := range []struct {
		body string
		code int
		say  string
	}{
		{`{"game": "chess", "games": 10}`, 400, `unknown game "chess"`},
		{`{"game": "audition", "games": 0}`, 400, "games: 0 is out of range (1 to 100000)"},
		{`{"game": "gladiators", "games": 5000}`, 400, "games: 5000 is out of range (1 to 2000)"},
		{`{"game": "audition", "games": 10, "input": "nowhere.yaml"}`, 404, "no such input"},
		{`{"game": "audition", "games": 10, "input": "../audition/audition.yaml"}`, 404, "no such input"},
		{`{"game": "audition", "games": 10, "input": "/etc/passwd"}`, 404, "no such input"},
		{`{"game": "slugfest", "games": 10, "input": "audition.yaml"}`, 400, "audition.yaml is a deck file, and slugfest plays a slugfest file (the project has none; leave the file empty to play the kit's)"},
		{`{"game": "galaga", "games": 10, "input": "rules.yaml"}`, 400, "rules.yaml is a rules file, and galaga plays a deck (here: audition.yaml, score-pad.yaml)"},
		{`{"game": "audition", "games": 1e9}`, 400, "a run is {game, input, games, seed}"},
		{`{"game": "audition", "games": 10, "seed": -1}`, 400, "a run is {game, input, games, seed}"},
		{`{"game": `, 400, "a run is {game, input, games, seed}"},
	} {
		if code, out := do(h, post("/api/sim", origin, s.Token(), c.body)); code != c.code || !strings.Contains(out, c.say) {
			t.Errorf("%s: %d %q, want %d %q", c.body, code, out, c.code, c.say)
		}
	}
	if code, out := do(h, post("/api/sim", "http://evil.example", s.Token(), `{"game": "audition", "games": 10}`)); code != 403 {
		t.Errorf("a cross-origin run: %d %s", code, out)
	}
	if code, out := do(h, post("/api/sim", origin, s.Token(), `{"game": "audition", "input": "audition.yaml", "games": 3000, "seed": 7}`)); code != 200 {
		t.Fatalf("start: %d %s", code, out)
	}
	// 3,000 games take far longer than one request: the run is still going
	if code, out := do(h, post("/api/sim", origin, s.Token(), `{"game": "audition", "games": 300}`)); code != 409 {
		t.Errorf("a second run while one runs: %d %s, want 409", code, out)
	}
	st := simEnded(t, s, 60*time.Second)
	if st.Error != "" || st.Done != 3000 || st.Total != 3000 || st.Result["games"] != 3000.0 || st.Result["seed"] != 7.0 || len(st.Result["strategies"].([]any)) != 4 {
		t.Fatalf("after the run: error %q, %d/%d, result %v", st.Error, st.Done, st.Total, st.Result)
	}
	if len(st.Pages) != 1 {
		t.Fatalf("report pages %v", st.Pages)
	}
	code, png := do(h, get(strings.Split(st.Pages[0], "?")[0], "127.0.0.1:8080"))
	if code != 200 || !strings.HasPrefix(png, "\x89PNG") {
		t.Errorf("report page: %d, %.8q", code, png)
	}
	for _, n := range []string{"2", "0", "-1", "1abc", "0x1", "01x", "1e0", "1.0", "%201", "99999999999999999999"} {
		if code, _ := do(h, get("/api/sim/page/"+n, "127.0.0.1:8080")); code != 404 {
			t.Errorf("page %q of a one-page report: %d, want 404", n, code)
		}
	}
}

// A run of a file that does not play says so, and shows every problem of
// the file, each at its place.
func TestBalanceRunShowsEveryProblem(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "bad.yaml"), []byte("slugfest: X\nteams: [{team: A, members: []}]\nbogus: 1\nbogus2: 2\n"), 0o644)
	s, err := New(Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if code, out := do(s.Handler("8080"), post("/api/sim", "http://127.0.0.1:8080", s.Token(), `{"game": "slugfest", "input": "bad.yaml", "games": 10}`)); code != 200 {
		t.Fatalf("start: %d %s", code, out)
	}
	st := simEnded(t, s, 30*time.Second)
	var at []string
	for _, d := range st.Diagnostics {
		at = append(at, fmt.Sprintf("%s:%d:%d: %s", d.Path, d.Line, d.Col, d.Severity))
	}
	if st.Error != "bad.yaml: 2 errors; the lab did not run" || strings.Join(at, ", ") != "bad.yaml:2:16: warning, bad.yaml:3:1: error, bad.yaml:4:1: error" {
		t.Errorf("error %q, diagnostics %v; want 2 errors, each at its place, and the warning", st.Error, at)
	}
}
