package studio

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/output"
	"github.com/deckpress/deckpress/output/build"
	"github.com/deckpress/deckpress/output/png"
	"github.com/deckpress/deckpress/templates/draw"
)

// sheetDPI is the resolution of the sheet images.
const sheetDPI = 40

// safeInset is how far inside the trim the safe-zone guide runs, in mm.
const safeInset = 3.0

func (s *Server) routes() {
	m := http.NewServeMux()
	m.HandleFunc("GET /{$}", s.page("project"))
	m.HandleFunc("GET /deck", s.page("deck"))
	m.HandleFunc("GET /hero", s.page("hero"))
	m.HandleFunc("GET /balance", s.page("balance"))
	m.HandleFunc("GET /pages", s.page("pages"))
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
	s.sheets = map[string]*output.DeckJob{}
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
	b, v, err := in.deck.image(n-1, side)
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

// viewJob prepares an input's deck with the print settings of the query
// (flag names: paper, orientation, duplex, bleed, gutter, margin, rotate)
// over the project's, keeping the last ones asked for.
func (s *Server) viewJob(r *http.Request) (*output.DeckJob, error) {
	q := r.URL.Query()
	in := s.state.input(q.Get("input"))
	if in == nil || in.deck == nil {
		return nil, fmt.Errorf("no such deck")
	}
	given := map[string]string{}
	for _, k := range []string{"paper", "orientation", "duplex", "bleed", "gutter", "margin", "rotate"} {
		if v := q.Get(k); v != "" {
			given[k] = v
		}
	}
	if len(given) == 0 {
		return in.deck.job, nil
	}
	key := fmt.Sprintf("%s %p %v", in.Path, in.deck, given)
	s.sheetsMu.Lock()
	defer s.sheetsMu.Unlock()
	if job, ok := s.sheets[key]; ok {
		return job, nil
	}
	flags, err := output.ReadFlags(given)
	if err != nil {
		return nil, err
	}
	if _, err := s.state.readInput(in.Path); errors.Is(err, errOutside) {
		return nil, fmt.Errorf("%s: %w", in.Path, err)
	}
	req := build.Request{Env: build.Env{Dir: s.dir}, Inputs: []string{filepath.FromSlash(in.Path)}, Print: flags.Over(s.state.printOptions())}
	decks, diags, err := build.Decks(req)
	if err != nil {
		return nil, err
	}
	if len(decks) != 1 {
		return nil, fmt.Errorf("the deck does not build with these settings: %v", diags)
	}
	if len(s.sheets) > 32 {
		clear(s.sheets)
	}
	s.sheets[key] = decks[0].Job
	return decks[0].Job, nil
}

// apiSheets is GET /api/sheets?input=P&…: the deck's sheets under the
// view's print settings, with the geometry of the guides.
func (s *Server) apiSheets(w http.ResponseWriter, r *http.Request) {
	job, err := s.viewJob(r)
	if err != nil {
		http.Error(w, err.Error(), http.StatusNotFound)
		return
	}
	plan := job.Plan
	doc := job.Document()
	type rect struct{ X, Y, W, H float64 }
	type slot struct {
		Bleed rect `json:"bleed"`
		Trim  rect `json:"trim"`
		Safe  rect `json:"safe"`
	}
	flip := plan.Flip()
	out := struct {
		Pages  []string `json:"pages"`
		Duplex string   `json:"duplex"`
		Paper  rect     `json:"paper"`
		FlipX  bool     `json:"flipX"`
		FlipY  bool     `json:"flipY"`
		Slots  []slot   `json:"slots"`
	}{Duplex: plan.Duplex.String(), Paper: rect{W: plan.Page.W, H: plan.Page.H}, FlipX: flip.A < 0, FlipY: flip.D < 0}
	q := r.URL.Query()
	for i := range doc.Len() {
		q.Set("v", fmt.Sprintf("%p", job))
		out.Pages = append(out.Pages, fmt.Sprintf("/api/sheet/%d?%s", i, q.Encode()))
	}
	for row := range plan.Rows {
		for col := range plan.Cols {
			b := plan.SlotBox(row, col)
			t := layout.Rect{X: b.X + plan.Bleed, Y: b.Y + plan.Bleed, W: b.W - 2*plan.Bleed, H: b.H - 2*plan.Bleed}
			sf := layout.Rect{X: t.X + safeInset, Y: t.Y + safeInset, W: t.W - 2*safeInset, H: t.H - 2*safeInset}
			out.Slots = append(out.Slots, slot{rect(b), rect(t), rect(sf)})
		}
	}
	writeJSON(w, out)
}

// apiSheet is GET /api/sheet/{page}?input=P&…: one page of the deck's
// PDF, drawn by the PNG back end.
func (s *Server) apiSheet(w http.ResponseWriter, r *http.Request) {
	job, err := s.viewJob(r)
	if err != nil {
		http.Error(w, err.Error(), http.StatusNotFound)
		return
	}
	doc := job.Document()
	i, err := strconv.Atoi(r.PathValue("page"))
	if err != nil || i < 0 || i >= doc.Len() {
		http.Error(w, "no such page", http.StatusNotFound)
		return
	}
	c := png.New(sheetDPI)
	page := doc.Page(i)
	draw.DrawPage(c, &page)
	b, err := c.Encode()
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "image/png")
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

// sheetsCache guards the jobs prepared for other print settings.
type sheetsCache struct {
	sheetsMu sync.Mutex
	sheets   map[string]*output.DeckJob
}

// shown trims an input path for a title.
func shown(p string) string { return strings.TrimPrefix(p, "./") }
