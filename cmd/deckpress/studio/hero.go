package studio

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/output/build"
	"github.com/deckpress/deckpress/output/png"
	"github.com/deckpress/deckpress/rules/gladiators"
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

// edit replaces the scalar written at Line:Col, which must read Old.
type edit struct {
	Line  int    `json:"line"`
	Col   int    `json:"col"`
	Old   string `json:"old"`
	Value string `json:"value"`
}

// applyEdits replaces each edited scalar in src in place, leaving every
// other byte (comments, key order, layout) as it was. A scalar must be
// written plain (unquoted) where the edit says; a new value that is not a
// plain word is written quoted.
func applyEdits(src []byte, edits []edit) ([]byte, error) {
	lines := bytes.SplitAfter(src, []byte("\n"))
	for _, e := range edits {
		if e.Line < 1 || e.Line > len(lines) || e.Col < 1 {
			return nil, fmt.Errorf("line %d: no such line", e.Line)
		}
		line := lines[e.Line-1]
		at := byteCol(line, e.Col)
		if at < 0 || !bytes.HasPrefix(line[at:], []byte(e.Old)) || e.Old == "" {
			return nil, fmt.Errorf("line %d: the file no longer holds %q there; reload", e.Line, e.Old)
		}
		v := e.Value
		if !plain(v) {
			v = strconv.Quote(v)
		}
		fixed := append(append(append([]byte{}, line[:at]...), v...), line[at+len(e.Old):]...)
		lines[e.Line-1] = fixed
	}
	return bytes.Join(lines, nil), nil
}

// byteCol turns a 1-based column of characters into a byte offset.
func byteCol(line []byte, col int) int {
	n := 1
	for i := range string(line) {
		if n == col {
			return i
		}
		n++
	}
	return -1
}

// plain reports whether v can be written as an unquoted YAML scalar
// without changing its meaning: letters, digits, spaces inside, - and _.
func plain(v string) bool {
	if v == "" || strings.TrimSpace(v) != v {
		return false
	}
	for _, r := range v {
		if !(r == ' ' || r == '-' || r == '_' || r == '.' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return false
		}
	}
	return true
}

type heroRequest struct {
	Input string `json:"input"`
	Edits []edit `json:"edits"`
}

// heroSource reads the hero input of a request with its edits applied.
func (s *Server) heroSource(w http.ResponseWriter, r *http.Request) (*inputState, []byte, bool) {
	var req heroRequest
	if r.Method == http.MethodGet {
		req.Input = r.URL.Query().Get("input")
	} else if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, "bad request: "+err.Error(), http.StatusBadRequest)
		return nil, nil, false
	}
	in := s.state.input(req.Input)
	if in == nil || !isHero(in.Format) {
		http.Error(w, "no such hero file", http.StatusNotFound)
		return nil, nil, false
	}
	root, err := os.OpenRoot(s.dir)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return nil, nil, false
	}
	defer root.Close()
	src, err := root.ReadFile(filepath.FromSlash(in.Path))
	if err == nil {
		src, err = applyEdits(src, req.Edits)
	}
	if err != nil {
		http.Error(w, err.Error(), http.StatusConflict)
		return nil, nil, false
	}
	return in, src, true
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
	Cards     []string `json:"cards"`
	Gizmos    []string `json:"gizmos,omitempty"`
	Modifiers []string `json:"modifiers,omitempty"`
}

// compute computes a hero file's text.
func (s *Server) compute(in *inputState, src []byte) heroJSON {
	out := heroJSON{Input: in.Path, Heroes: []heroForm{}, Sheets: []*gladiators.Sheet{}, Cards: []string{}}
	set, diags := build.HeroesSource(build.Env{Dir: s.dir}, filepath.FromSlash(in.Path), src, "")
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
	}
	return out
}

// heroCardDPI is the resolution of the designer's card preview.
const heroCardDPI = 80

// heroCards draws a hero file's cards, front and back of each, as data:
// URLs; none when the cards cannot be laid out.
func (s *Server) heroCards(path string, set *build.HeroSet) []string {
	job, _ := build.HeroCards(build.Env{Dir: s.dir}, filepath.FromSlash(path), set, s.state.print)
	out := []string{}
	if job == nil {
		return out
	}
	box := job.Plan.CardBleedBox()
	for i := range job.Entries() {
		for _, side := range []layout.Side{layout.Front, layout.Back} {
			if side == layout.Back && !job.Backs {
				continue
			}
			b, err := png.Encode(png.Face(job.Face(i, side), box, heroCardDPI))
			if err != nil {
				continue
			}
			out = append(out, "data:image/png;base64,"+base64.StdEncoding.EncodeToString(b))
		}
	}
	return out
}

// apiHero is GET /api/hero?input=P: the designer's form and sheets.
func (s *Server) apiHero(w http.ResponseWriter, r *http.Request) {
	if in, src, ok := s.heroSource(w, r); ok {
		writeJSON(w, s.compute(in, src))
	}
}

// apiHeroCompute is POST /api/hero/compute {input, edits}: the sheets of
// the file with the edits, unsaved.
func (s *Server) apiHeroCompute(w http.ResponseWriter, r *http.Request) {
	if in, src, ok := s.heroSource(w, r); ok {
		writeJSON(w, s.compute(in, src))
	}
}

// apiHeroSave is POST /api/hero/save {input, edits}: writes the file with
// the edits, atomically (a temporary file renamed over it, both inside the
// project folder).
func (s *Server) apiHeroSave(w http.ResponseWriter, r *http.Request) {
	in, src, ok := s.heroSource(w, r)
	if !ok {
		return
	}
	if err := writeAtomic(s.dir, filepath.FromSlash(in.Path), src); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	writeJSON(w, s.compute(in, src))
}

// writeAtomic writes name inside dir through an os.Root: a temporary file
// beside it, synced, then renamed over it.
func writeAtomic(dir, name string, data []byte) error {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return err
	}
	defer root.Close()
	mode := os.FileMode(0o644)
	if info, err := root.Stat(name); err == nil {
		mode = info.Mode().Perm()
	}
	tmp := filepath.Join(filepath.Dir(name), "."+filepath.Base(name)+".deckpress-tmp")
	f, err := root.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, mode)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = root.Rename(tmp, name)
	}
	if err != nil {
		root.Remove(tmp)
		return fmt.Errorf("save %s: %w", name, err)
	}
	return nil
}
