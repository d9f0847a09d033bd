package studio

import (
	"encoding/base64"
	"errors"
	"fmt"
	"net/http"
	"path/filepath"
	"reflect"
	"runtime"
	"sync"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/output"
	"github.com/deckpress/deckpress/output/build"
	"github.com/deckpress/deckpress/output/png"
	"github.com/deckpress/deckpress/rules/gladiators"
	"github.com/deckpress/deckpress/templates/draw"
)

// field is one value of a hero file the designer edits, at the position
// of its scalar in the file.
type field struct {
	Key   string `json:"key"` // STR, level, uses, gizmo, modifier
	Value string `json:"value"`
	Line  int    `json:"line"`
	Col   int    `json:"col"`
}

type heroForm struct {
	Name   string      `json:"name"`
	Line   int         `json:"line"`
	Chars  []field     `json:"chars"`
	Powers []powerForm `json:"powers"`
}

type powerForm struct {
	Name      string  `json:"name"`
	Line      int     `json:"line"`
	Fields    []field `json:"fields"` // level, uses, gizmo when written
	Modifiers []field `json:"modifiers"`
}

// heroForms finds the editable scalars of a hero file: each hero's
// characteristics, and each power's level, uses, gizmo and modifiers.
func heroForms(root *cards.Node) []heroForm {
	heroes := []*cards.Node{root}
	if list := root.Key("heroes"); list != nil && list.Kind == cards.SeqNode {
		heroes = list.Content
	}
	var out []heroForm
	for _, h := range heroes {
		if h.Kind != cards.MapNode {
			continue
		}
		f := heroForm{Chars: []field{}, Powers: []powerForm{}}
		if n := h.Key("hero"); n != nil {
			f.Name, f.Line = n.Value, n.Pos.Line
		}
		if cs := h.Key("characteristics"); cs != nil {
			for _, name := range gladiators.CharNames {
				if v := cs.Key(name); v != nil && v.Kind == cards.ScalarNode {
					f.Chars = append(f.Chars, field{name, v.Value, v.Pos.Line, v.Pos.Col})
				}
			}
		}
		if ps := h.Key("powers"); ps != nil && ps.Kind == cards.SeqNode {
			for _, p := range ps.Content {
				if p.Kind != cards.MapNode {
					continue
				}
				pf := powerForm{Fields: []field{}, Modifiers: []field{}}
				if n := p.Key("power"); n != nil {
					pf.Name, pf.Line = n.Value, n.Pos.Line
				}
				for _, k := range []string{"level", "uses", "gizmo"} {
					if v := p.Key(k); v != nil && v.Kind == cards.ScalarNode {
						pf.Fields = append(pf.Fields, field{k, v.Value, v.Pos.Line, v.Pos.Col})
					}
				}
				if ms := p.Key("modifiers"); ms != nil && ms.Kind == cards.SeqNode {
					for _, m := range ms.Content {
						if m.Kind == cards.ScalarNode {
							pf.Modifiers = append(pf.Modifiers, field{"modifier", m.Value, m.Pos.Line, m.Pos.Col})
						}
					}
				}
				f.Powers = append(f.Powers, pf)
			}
		}
		out = append(out, f)
	}
	return out
}

type heroRequest struct {
	Input string `json:"input"`
	Edits []edit `json:"edits"`
}

// heroInput returns the hero input p.
func (s *Server) heroInput(p string) (*inputState, error) {
	in := s.state.input(p)
	if in == nil || !isHero(in.Format) {
		return nil, withStatus(http.StatusNotFound, errors.New("no such hero file"))
	}
	return in, nil
}

// edited reads the file name of the hero input in, through the folder's
// root, and applies the edits.
func (s *Server) edited(in *inputState, name string, edits []edit) ([]byte, error) {
	src, err := s.state.readInput(name)
	switch {
	case errors.Is(err, errOutside):
		return nil, withStatus(http.StatusNotFound, fmt.Errorf("%s: %w", name, err))
	case err != nil:
		return nil, withStatus(http.StatusConflict, fmt.Errorf("%s: %w", name, cards.Cause(err)))
	}
	src, err = applyEdits(in.Path, in.Format, src, edits)
	if err != nil {
		return nil, withStatus(http.StatusConflict, err)
	}
	return src, nil
}

func isHero(format string) bool { return format == "hero" || format == "team" || format == "heroes" }

// heroJSON is the designer's view of a hero file.
type heroJSON struct {
	Input       string              `json:"input"`
	Heroes      []heroForm          `json:"heroes"`
	Sheets      []*gladiators.Sheet `json:"sheets"`
	Diagnostics []diagJSON          `json:"diagnostics"`
	// Cards are the hero cards as build prints them, front and back of
	// each, as data: URLs of PNG images.
	Cards []string `json:"cards"`
	// SheetImages are the character sheets as build prints them, a page
	// each, as data: URLs of PNG images.
	SheetImages []string `json:"sheetImages"`
	Gizmos      []string `json:"gizmos,omitempty"`
	Modifiers   []string `json:"modifiers,omitempty"`
}

// compute computes a hero file's text.
func (s *Server) compute(in *inputState, src []byte) heroJSON {
	out := heroJSON{Input: in.Path, Heroes: []heroForm{}, Sheets: []*gladiators.Sheet{}, Cards: []string{}, SheetImages: []string{}}
	set, diags := build.HeroesSource(s.env(), filepath.FromSlash(in.Path), src, "")
	out.Diagnostics = diagsJSON(diags.Sort())
	if root, _ := cards.Parse(in.Path, src); root != nil {
		out.Heroes = heroForms(root)
	}
	if set != nil {
		out.Sheets = set.Sheets
		for _, g := range set.Ruleset.Gizmos {
			out.Gizmos = append(out.Gizmos, g.Name)
		}
		for _, m := range set.Ruleset.Modifiers {
			out.Modifiers = append(out.Modifiers, m.Name)
		}
		out.Cards = s.heroCards(in.Path, set)
		out.SheetImages = s.heroSheets(in.Path, set)
	}
	return out
}

// Resolutions of the designer's previews: the hero cards, and the
// character sheets (a page each, so fewer dots to the inch).
const (
	heroCardDPI  = 80
	heroSheetDPI = 50
)

// heroCards draws a hero file's cards, front and back of each, as data:
// URLs; none when the cards cannot be laid out.
func (s *Server) heroCards(path string, set *build.HeroSet) []string {
	job, _ := build.HeroCards(s.env(), filepath.FromSlash(path), set, s.state.printOptions())
	return s.previews.draw(path+" cards", job, heroCardDPI)
}

// heroSheets draws a hero file's character sheets as data: URLs, a page
// each as build prints them; none when they cannot be laid out.
func (s *Server) heroSheets(path string, set *build.HeroSet) []string {
	job, _ := build.HeroSheets(s.env(), filepath.FromSlash(path), set, s.state.printOptions())
	return s.previews.draw(path+" sheets", job, heroSheetDPI)
}

// previews keeps the designer's last images of each hero file's cards and
// sheets, so that an edit redraws only the faces it changed (a sheet
// takes a tenth of a second or more to draw).
type previews struct {
	mu   sync.Mutex
	last map[string][]preview // by input and kind
}

type preview struct {
	face *draw.Face
	url  string
}

// draw draws every face of a prepared deck, front then back (when it has
// backs) of each entry, at dpi, as data: URLs of PNG images: a face equal
// to the same face of the last call with the same key is not drawn again,
// the others are drawn on all cores.
func (c *previews) draw(key string, job *output.DeckJob, dpi float64) []string {
	if job == nil {
		return []string{}
	}
	var faces []preview
	for i := range job.Entries() {
		faces = append(faces, preview{face: job.Face(i, layout.Front)})
		if job.Backs {
			faces = append(faces, preview{face: job.Face(i, layout.Back)})
		}
	}
	c.mu.Lock()
	last := c.last[key]
	c.mu.Unlock()
	var todo []int
	for k := range faces {
		if k < len(last) && reflect.DeepEqual(last[k].face, faces[k].face) {
			faces[k].url = last[k].url
		} else {
			todo = append(todo, k)
		}
	}
	box := job.Plan.CardBleedBox()
	dpi = fit(layout.Size{W: box.W, H: box.H}, dpi)
	var wg sync.WaitGroup
	next := make(chan int)
	for range min(runtime.GOMAXPROCS(0), len(todo)) {
		wg.Go(func() {
			for k := range next {
				if b, err := png.Encode(png.Face(faces[k].face, box, dpi)); err == nil {
					faces[k].url = "data:image/png;base64," + base64.StdEncoding.EncodeToString(b)
				}
			}
		})
	}
	for _, k := range todo {
		next <- k
	}
	close(next)
	wg.Wait()
	c.mu.Lock()
	if c.last == nil {
		c.last = map[string][]preview{}
	}
	c.last[key] = faces
	c.mu.Unlock()
	out := []string{}
	for _, f := range faces {
		if f.url != "" {
			out = append(out, f.url)
		}
	}
	return out
}

// apiHero is GET /api/hero?input=P: the designer's form and sheets.
func (s *Server) apiHero(w http.ResponseWriter, r *http.Request) {
	in, err := s.heroInput(r.URL.Query().Get("input"))
	var src []byte
	if err == nil {
		src, err = s.edited(in, in.Path, nil)
	}
	if err != nil {
		fail(w, err)
		return
	}
	writeJSON(w, s.compute(in, src))
}

// apiHeroCompute is POST /api/hero/compute {input, edits}: the sheets of
// the file with the edits, unsaved.
func (s *Server) apiHeroCompute(w http.ResponseWriter, r *http.Request) {
	in, src, err := s.unsaved(r)
	if err != nil {
		fail(w, err)
		return
	}
	writeJSON(w, s.compute(in, src))
}

// readHeroRequest reads a compute's or a save's request and its input.
func (s *Server) readHeroRequest(r *http.Request) (heroRequest, *inputState, error) {
	var req heroRequest
	if err := decode(r, &req); err != nil {
		return req, nil, fmt.Errorf("a request is {input, edits: [{line, col, old, value}]}: %w", err)
	}
	in, err := s.heroInput(req.Input)
	return req, in, err
}

// unsaved reads a compute's request and applies its edits to the file,
// unsaved.
func (s *Server) unsaved(r *http.Request) (*inputState, []byte, error) {
	req, in, err := s.readHeroRequest(r)
	if err != nil {
		return nil, nil, err
	}
	src, err := s.edited(in, in.Path, req.Edits)
	return in, src, err
}

// apiHeroSave is POST /api/hero/save {input, edits}: writes the file with
// the edits, then answers as compute. The file's lock is held from its
// reading to the rename, so that saves of one file go one at a time.
func (s *Server) apiHeroSave(w http.ResponseWriter, r *http.Request) {
	in, src, err := s.save(r)
	if err != nil {
		fail(w, err)
		return
	}
	writeJSON(w, s.compute(in, src))
}

// save reads a save's request, applies its edits to the file and writes
// it, atomically.
func (s *Server) save(r *http.Request) (*inputState, []byte, error) {
	req, in, err := s.readHeroRequest(r)
	if err != nil {
		return nil, nil, err
	}
	name, err := s.state.target(in.Path)
	if err != nil {
		return nil, nil, withStatus(http.StatusConflict, fmt.Errorf("save %s: %w", in.Path, cards.Cause(err)))
	}
	defer s.saves.lock(name)()
	src, err := s.edited(in, name, req.Edits)
	if err != nil {
		return nil, nil, err
	}
	if err := writeAtomic(s.dir, name, src); err != nil {
		return nil, nil, withStatus(http.StatusConflict, err)
	}
	return in, src, nil
}

// env is where the studio's builds read: in the folder it serves, every
// file opened through an os.Root of it (see build.Env.Within).
func (s *Server) env() build.Env { return build.Env{Dir: s.dir, Within: s.dir} }
