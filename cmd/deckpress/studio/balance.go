package studio

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/output/build/simulate"
	"github.com/deckpress/deckpress/output/png"
	"github.com/deckpress/deckpress/templates/draw"
)

// The balance page runs a game's lab from the browser, one run at a
// time, with the command line's default policies: POST /api/sim starts
// it, GET /api/sim tells its progress and, once done, its numbers (the
// JSON of deckpress sim … --json) and the report's pages as images.

// maxGames bounds a run requested over HTTP: games for the card games,
// games a pair and side for the Gladiators round robin.
var maxGames = map[string]int{"slugfest": 100000, "galaga": 100000, "audition": 100000, "gladiators": 2000}

// reportDPI is the resolution of the report's pages on the page.
const reportDPI = 100

// labRun is the balance page's run: at most one at a time.
type labRun struct {
	mu          sync.Mutex
	running     bool
	game, input string
	done, total int
	err         string
	diags       cards.Diagnostics // the inputs' problems, when they do not play
	result      json.RawMessage
	pages       [][]byte // the report's pages, PNG
	version     int      // counts finished runs, for the images' URLs
}

type simRequest struct {
	Game  string `json:"game"`
	Input string `json:"input"` // a project input to play; "": the kit's (Gladiators: the project's hero files, or the kit's)
	Games int    `json:"games"`
	Seed  uint64 `json:"seed"`
}

// simChoices are the games the page offers and, per game, the project's
// inputs it can play.
func (st *state) simChoices() map[string][]string {
	st.mu.RLock()
	defer st.mu.RUnlock()
	out := map[string][]string{"slugfest": {}, "galaga": {}, "audition": {}, "gladiators": {}}
	for _, in := range st.inputs {
		switch {
		case in.Format == "slugfest":
			out["slugfest"] = append(out["slugfest"], in.Path)
		case in.Format == "deck":
			out["galaga"] = append(out["galaga"], in.Path)
			out["audition"] = append(out["audition"], in.Path)
		case isHero(in.Format):
			out["gladiators"] = append(out["gladiators"], in.Path)
		}
	}
	return out
}

func (s *Server) apiSim(w http.ResponseWriter, r *http.Request) {
	run := &s.lab
	run.mu.Lock()
	defer run.mu.Unlock()
	writeJSON(w, struct {
		Choices map[string][]string `json:"choices"`
		Running bool                `json:"running"`
		Game    string              `json:"game,omitempty"`
		Input   string              `json:"input,omitempty"`
		Done    int                 `json:"done"`
		Total   int                 `json:"total"`
		Error   string              `json:"error,omitempty"`
		Diags   []diagJSON          `json:"diagnostics"`
		Result  json.RawMessage     `json:"result,omitempty"`
		Pages   []string            `json:"pages"`
	}{s.state.simChoices(), run.running, run.game, run.input, run.done, run.total, run.err, diagsJSON(run.diags), run.result, pageURLs(len(run.pages), run.version)})
}

func pageURLs(n, version int) []string {
	out := []string{}
	for i := range n {
		out = append(out, fmt.Sprintf("/api/sim/page/%d?v=%d", i+1, version))
	}
	return out
}

func (s *Server) apiSimPage(w http.ResponseWriter, r *http.Request) {
	// as GET /api/page reads its number: Sscan took 1abc, 0x1 and 1e0 for 1
	n, err := strconv.Atoi(r.PathValue("n"))
	if err != nil {
		http.Error(w, "no such page", http.StatusNotFound)
		return
	}
	s.lab.mu.Lock()
	pages := s.lab.pages
	s.lab.mu.Unlock()
	if n < 1 || n > len(pages) {
		http.Error(w, "no such page", http.StatusNotFound)
		return
	}
	w.Header().Set("Content-Type", "image/png")
	w.Header().Set("Cache-Control", "no-cache")
	w.Write(pages[n-1])
}

func (s *Server) apiSimStart(w http.ResponseWriter, r *http.Request) {
	var req simRequest
	if err := decode(r, &req); err != nil {
		fail(w, fmt.Errorf("a run is {game, input, games, seed}: %w", err))
		return
	}
	limit, ok := maxGames[req.Game]
	switch {
	case !ok:
		http.Error(w, fmt.Sprintf("unknown game %q; games: audition, galaga, gladiators, slugfest", req.Game), http.StatusBadRequest)
		return
	case req.Games < 1 || req.Games > limit:
		http.Error(w, fmt.Sprintf("games: %d is out of range (1 to %d)", req.Games, limit), http.StatusBadRequest)
		return
	case req.Input != "" && s.state.input(req.Input) == nil:
		http.Error(w, "no such input", http.StatusNotFound)
		return
	}
	if choices := s.state.simChoices()[req.Game]; req.Input != "" && !slices.Contains(choices, req.Input) {
		http.Error(w, wrongInput(req.Game, req.Input, s.state.input(req.Input).Format, choices), http.StatusBadRequest)
		return
	}
	run := &s.lab
	run.mu.Lock()
	if run.running {
		run.mu.Unlock()
		http.Error(w, "a run is in progress; wait for it to end", http.StatusConflict)
		return
	}
	run.running, run.game, run.input, run.done, run.total, run.err, run.diags, run.result, run.pages = true, req.Game, req.Input, 0, req.Games, "", nil, nil, nil
	run.mu.Unlock()
	progress := func(done, total int) {
		run.mu.Lock()
		run.done, run.total = done, total
		run.mu.Unlock()
	}
	go func() {
		result, doc, err := s.play(req, progress)
		var pages [][]byte
		if err == nil {
			pages, err = pagePNGs(doc)
		}
		var js []byte
		if err == nil {
			js, err = json.Marshal(result)
		}
		run.mu.Lock()
		defer run.mu.Unlock()
		run.running = false
		run.version++
		if err != nil {
			run.err, run.diags = failure(err, req.Game, req.Input)
			return
		}
		run.result, run.pages = js, pages
	}()
	writeJSON(w, struct {
		Started bool `json:"started"`
	}{true})
}

// plays names what each game plays, for a message.
var plays = map[string]string{"slugfest": "a slugfest file", "galaga": "a deck", "audition": "a deck", "gladiators": "hero and team files"}

// wrongInput says why the input p, of format, is not one the game plays,
// and which are.
func wrongInput(game, p, format string, choices []string) string {
	which := "the project has none; leave the file empty to play the kit's"
	if len(choices) > 0 {
		which = "here: " + strings.Join(choices, ", ")
	}
	return fmt.Sprintf("%s is a %s file, and %s plays %s (%s)", p, format, game, plays[game], which)
}

// failure is what a run that failed shows: its error and, when its
// inputs did not play, every problem of theirs, each at its place (the
// error shows only the first).
func failure(err error, game, input string) (string, cards.Diagnostics) {
	var list cards.ErrorList
	if !errors.As(err, &list) {
		return err.Error(), nil
	}
	diags := cards.Diagnostics(list)
	errs, _ := diags.Count()
	return fmt.Sprintf("%s: %s; the lab did not run", cmp.Or(input, game), cards.Count(errs, "error", "errors")), diags // sorted by Err
}

// play runs the requested lab with the command line's defaults.
func (s *Server) play(req simRequest, progress func(done, total int)) (any, *draw.Document, error) {
	var inputs []string
	if req.Input != "" {
		inputs = []string{req.Input}
	} else if req.Game == "gladiators" {
		inputs = s.state.simChoices()["gladiators"]
	}
	for i, p := range inputs {
		// the lab opens the files named to it wherever they lead
		if _, err := s.state.readInput(p); errors.Is(err, errOutside) {
			return nil, nil, fmt.Errorf("%s: %w", p, err)
		}
		inputs[i] = filepath.FromSlash(p)
	}
	paper, _ := layout.ParsePaper("a4", layout.SideLengths)
	return simulate.Default(s.env(), req.Game, inputs, req.Games, req.Seed, progress, paper)
}

// pagePNGs draws a report a PNG a page.
func pagePNGs(doc *draw.Document) ([][]byte, error) {
	var out [][]byte
	for i := range doc.Len() {
		c := png.New(reportDPI)
		page := doc.Page(i)
		draw.DrawPage(c, &page)
		b, err := c.Encode()
		if err != nil {
			return nil, err
		}
		out = append(out, b)
	}
	return out, nil
}
