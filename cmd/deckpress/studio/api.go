package studio

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/layout"
)

func (s *Server) routes() {
	m := http.NewServeMux()
	for path, name := range pagePaths {
		if path == "/" {
			path = "/{$}"
		}
		m.HandleFunc("GET "+path, s.page(name))
	}
	m.Handle("GET /assets/", http.FileServerFS(assets))
	m.HandleFunc("GET /api/project", s.apiProject)
	m.HandleFunc("GET /api/deck", s.apiDeck)
	m.HandleFunc("GET /api/card/{input}/{product}/{n}/{face}", s.apiCard)
	m.HandleFunc("GET /api/sheets", s.apiSheets)
	m.HandleFunc("GET /api/pages", s.apiPages)
	m.HandleFunc("GET /api/page/{input}/{product}/{n}", s.apiPage)
	m.HandleFunc("GET /api/sheet/{page}", s.apiSheet)
	m.HandleFunc("GET /api/events", s.apiEvents)
	m.HandleFunc("GET /api/hero", s.apiHero)
	m.HandleFunc("POST /api/hero/compute", s.apiHeroCompute)
	m.HandleFunc("POST /api/hero/save", s.apiHeroSave)
	m.HandleFunc("GET /api/sim", s.apiSim)
	m.HandleFunc("POST /api/sim", s.apiSimStart)
	m.HandleFunc("GET /api/sim/page/{n}", s.apiSimPage)
	s.mux = m
}

// diagJSON is a diagnostic as the API shows it.
type diagJSON struct {
	Path     string `json:"path"`
	Line     int    `json:"line"`
	Col      int    `json:"col"`
	Severity string `json:"severity"`
	Message  string `json:"message"`
}

func diagsJSON(ds cards.Diagnostics) []diagJSON {
	out := []diagJSON{}
	for _, d := range ds {
		out = append(out, diagJSON{Path: filepath.ToSlash(d.Pos.File), Line: d.Pos.Line, Col: d.Pos.Col, Severity: d.Severity.String(), Message: d.Message})
	}
	return out
}

// statusError is an error and the HTTP status that answers it.
type statusError struct {
	code int
	err  error
}

func (e *statusError) Error() string { return e.err.Error() }
func (e *statusError) Unwrap() error { return e.err }

func withStatus(code int, err error) error { return &statusError{code, err} }

// fail answers with err and its status: 500 when it has none.
func fail(w http.ResponseWriter, err error) {
	code := http.StatusInternalServerError
	if se := (*statusError)(nil); errors.As(err, &se) {
		code = se.code
	}
	http.Error(w, err.Error(), code)
}

// decode reads a request's JSON body into v: a body that is not one JSON
// value of v's fields (an unknown field, something after the value) is
// 400, naming what is wrong; one over maxBody is 413.
func decode(r *http.Request, v any) error {
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields()
	err := dec.Decode(v)
	if err == nil {
		if _, terr := dec.Token(); terr != io.EOF {
			err = errors.New("the body holds more than one JSON value")
		}
	}
	if mbe := (*http.MaxBytesError)(nil); errors.As(err, &mbe) {
		return withStatus(http.StatusRequestEntityTooLarge, fmt.Errorf("the body is over %d bytes", mbe.Limit))
	}
	if err != nil {
		return withStatus(http.StatusBadRequest, err)
	}
	return nil
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	json.NewEncoder(w).Encode(v)
}

type inputJSON struct {
	Path     string        `json:"path"`
	Format   string        `json:"format"`
	Products []productInfo `json:"products"`
}

// apiProject is GET /api/project: every input, its products, and every
// diagnostic.
func (s *Server) apiProject(w http.ResponseWriter, r *http.Request) {
	st := s.state
	st.mu.RLock()
	defer st.mu.RUnlock()
	out := struct {
		Version     int         `json:"version"`
		Inputs      []inputJSON `json:"inputs"`
		Diagnostics []diagJSON  `json:"diagnostics"`
	}{Version: st.version, Inputs: []inputJSON{}}
	diags := append(cards.Diagnostics{}, st.project...)
	for _, in := range st.inputs {
		ps := in.Products
		if ps == nil {
			ps = []productInfo{}
		}
		out.Inputs = append(out.Inputs, inputJSON{Path: in.Path, Format: in.Format, Products: ps})
		diags = append(diags, in.Diags...)
	}
	out.Diagnostics = diagsJSON(diags)
	writeJSON(w, out)
}

// cardURL is the stable address of a card image; v changes with the face.
func cardURL(input, product string, n int, side layout.Side, v int) string {
	return fmt.Sprintf("/api/card/%s/%s/%d/%s.png?v=%d", url.PathEscape(input), url.PathEscape(product), n, side, v)
}

// apiDeck is GET /api/deck?input=P: the card images of a deck input, its
// diagnostics and whether they are stale (the file is broken and these
// are the last good ones).
func (s *Server) apiDeck(w http.ResponseWriter, r *http.Request) {
	in := s.state.input(r.URL.Query().Get("input"))
	if in == nil {
		http.Error(w, "no such input", http.StatusNotFound)
		return
	}
	type card struct {
		N     int    `json:"n"`
		Front string `json:"front"`
		Back  string `json:"back,omitempty"`
	}
	out := struct {
		Input       string     `json:"input"`
		Product     string     `json:"product"`
		Cards       []card     `json:"cards"`
		Stale       bool       `json:"stale"`
		Diagnostics []diagJSON `json:"diagnostics"`
	}{Input: in.Path, Cards: []card{}, Stale: in.Diags.HasErrors(), Diagnostics: diagsJSON(in.Diags)}
	if d := in.deck; d != nil {
		out.Product = d.name
		for i := range d.job.Entries() {
			c := card{N: i + 1, Front: cardURL(in.Path, d.name, i+1, layout.Front, d.faces[2*i].version)}
			if d.job.Backs {
				c.Back = cardURL(in.Path, d.name, i+1, layout.Back, d.faces[2*i+1].version)
			}
			out.Cards = append(out.Cards, c)
		}
	}
	writeJSON(w, out)
}

// apiCard is GET /api/card/{input}/{product}/{n}/{front|back}.png.
func (s *Server) apiCard(w http.ResponseWriter, r *http.Request) {
	in := s.state.input(r.PathValue("input"))
	if in == nil || in.deck == nil || in.deck.name != r.PathValue("product") {
		http.Error(w, "no such deck", http.StatusNotFound)
		return
	}
	n, err := strconv.Atoi(r.PathValue("n"))
	side, ok := map[string]layout.Side{"front.png": layout.Front, "back.png": layout.Back}[r.PathValue("face")]
	if err != nil || !ok {
		http.Error(w, "no such card", http.StatusNotFound)
		return
	}
	release, ok := s.turn(w, r)
	if !ok {
		return
	}
	b, v, err := in.deck.image(n-1, side)
	release()
	if err != nil {
		http.Error(w, err.Error(), http.StatusNotFound)
		return
	}
	servePNG(w, r, b, v)
}

// servePNG answers with a versioned image: v is its drawing's version,
// and a request that names that version (?v=) may cache it for good.
func servePNG(w http.ResponseWriter, r *http.Request, b []byte, v int) {
	w.Header().Set("Content-Type", "image/png")
	w.Header().Set("ETag", strconv.Quote(strconv.Itoa(v)))
	if r.URL.Query().Get("v") == strconv.Itoa(v) {
		w.Header().Set("Cache-Control", "max-age=31536000, immutable")
	} else {
		w.Header().Set("Cache-Control", "no-cache")
	}
	w.Write(b)
}

// apiEvents is GET /api/events: a server-sent event "update" after every
// rebuild, with the version and the inputs rebuilt.
func (s *Server) apiEvents(w http.ResponseWriter, r *http.Request) {
	rc := http.NewResponseController(w)
	rc.SetWriteDeadline(time.Time{}) // the stream lives as long as the page
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	c, cancel := s.state.subscribe()
	defer cancel()
	fmt.Fprintf(w, ": deckpress\n\n")
	rc.Flush()
	tick := time.NewTicker(25 * time.Second)
	defer tick.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case ev := <-c:
			b, _ := json.Marshal(ev)
			fmt.Fprintf(w, "event: update\ndata: %s\n\n", b)
		case <-tick.C:
			fmt.Fprintf(w, ": keep-alive\n\n")
		}
		if rc.Flush() != nil {
			return
		}
	}
}

// shown trims an input path for a title.
func shown(p string) string { return strings.TrimPrefix(p, "./") }
