package studio

import (
	"errors"
	"fmt"
	"net/http"
	"path/filepath"
	"strconv"
	"sync"

	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/output"
	"github.com/deckpress/deckpress/output/build"
	"github.com/deckpress/deckpress/templates/draw"
)

// sheetDPI is the resolution of the sheet images.
const sheetDPI = 40

// safeInset is how far inside the trim the safe-zone guide runs, in mm.
const safeInset = 3.0

// maxViews bounds the views kept: each holds a prepared deck and the
// sheet images drawn of it.
const maxViews = 8

// viewSettings are the print settings a view may change (flag names).
var viewSettings = []string{"paper", "orientation", "duplex", "bleed", "gutter", "margin", "rotate"}

// views are the deck page's sheets: a deck prepared under the print
// settings of a view over the project's, with the sheet images drawn of
// it, kept for the last views asked for.
type views struct {
	mu    sync.Mutex
	by    map[string]*view // by input, deck and settings
	count int              // views made, to number them
}

// view is a deck under a view's settings, and its sheets, each drawn once.
type view struct {
	job    *output.DeckJob
	doc    *draw.Document
	number int // in the sheets' addresses: a new view, new addresses

	mu     sync.Mutex
	sheets map[int]*pageImage
}

// sheet returns sheet page i of the view, drawn once.
func (v *view) sheet(i int) *pageImage {
	v.mu.Lock()
	defer v.mu.Unlock()
	p := v.sheets[i]
	if p == nil {
		p = &pageImage{page: v.doc.Page(i)}
		v.sheets[i] = p
	}
	return p
}

// view returns the view of a request: an input's deck with the print
// settings of the query (flag names: paper, orientation, duplex, bleed,
// gutter, margin, rotate) over the project's.
func (s *Server) view(r *http.Request) (*view, error) {
	q := r.URL.Query()
	in := s.state.input(q.Get("input"))
	if in == nil || in.deck == nil {
		return nil, withStatus(http.StatusNotFound, errors.New("no such deck"))
	}
	given := map[string]string{}
	for _, k := range viewSettings {
		if v := q.Get(k); v != "" {
			given[k] = v
		}
	}
	key := fmt.Sprintf("%s %d %v", in.Path, in.deck.number, given)
	vs := &s.views
	vs.mu.Lock()
	defer vs.mu.Unlock()
	if v, ok := vs.by[key]; ok {
		return v, nil
	}
	job := in.deck.job
	if len(given) > 0 {
		flags, err := output.ReadFlags(given)
		if err != nil {
			return nil, withStatus(http.StatusBadRequest, err)
		}
		if _, err := s.state.readInput(in.Path); errors.Is(err, errOutside) {
			return nil, withStatus(http.StatusNotFound, fmt.Errorf("%s: %w", in.Path, err))
		}
		req := build.Request{Env: s.env(), Inputs: []string{filepath.FromSlash(in.Path)}, Print: flags.Over(s.state.printOptions())}
		decks, diags, err := build.Decks(req)
		if err != nil {
			return nil, err
		}
		if len(decks) != 1 {
			return nil, withStatus(http.StatusBadRequest, fmt.Errorf("the deck does not build with these settings: %w", diags.Err()))
		}
		job = decks[0].Job
	}
	if vs.by == nil || len(vs.by) >= maxViews {
		vs.by = map[string]*view{}
	}
	vs.count++
	v := &view{job: job, doc: job.Document(), number: vs.count, sheets: map[int]*pageImage{}}
	vs.by[key] = v
	return v, nil
}

// apiSheets is GET /api/sheets?input=P&…: the deck's sheets under the
// view's print settings, with the geometry of the guides.
func (s *Server) apiSheets(w http.ResponseWriter, r *http.Request) {
	v, err := s.view(r)
	if err != nil {
		fail(w, err)
		return
	}
	plan := v.job.Plan
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
	q.Set("v", strconv.Itoa(v.number))
	for i := range v.doc.Len() {
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
// PDF, drawn by the PNG back end once for its view.
func (s *Server) apiSheet(w http.ResponseWriter, r *http.Request) {
	v, err := s.view(r)
	if err != nil {
		fail(w, err)
		return
	}
	i, err := strconv.Atoi(r.PathValue("page"))
	if err != nil || i < 0 || i >= v.doc.Len() {
		http.Error(w, "no such page", http.StatusNotFound)
		return
	}
	release, ok := s.turn(w, r)
	if !ok {
		return
	}
	b, err := v.sheet(i).draw(sheetDPI)
	release()
	if err != nil {
		fail(w, err)
		return
	}
	servePNG(w, r, b, v.number)
}

// turn waits for a turn to draw an image for r, as many at once as there
// are cores, and returns its release; false, answered, when the request
// ends first.
func (s *Server) turn(w http.ResponseWriter, r *http.Request) (release func(), ok bool) {
	select {
	case s.renders <- struct{}{}:
		return func() { <-s.renders }, true
	case <-r.Context().Done():
		http.Error(w, "the request ended before its image was drawn", http.StatusServiceUnavailable)
		return nil, false
	}
}
