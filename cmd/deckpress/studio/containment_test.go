package studio

import (
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// outsideFiles are files outside the project folder whose content must
// never reach a page: a deck, a file that does not parse (whose
// diagnostic would quote it) and a hero.
var outsideFiles = map[string]string{
	"deck.yaml":   "deck: secret\nsize: poker\ntemplates:\n  t:\n    elements:\n      - text: {x: 2, y: 2, w: 59, h: 40, value: \"{{name}}\"}\nfront: t\ncards:\n  - {name: HUNTER2}\n",
	"broken.yaml": "deck: [HUNTER2\n",
	"hero.yaml":   "hero: HUNTER2\n",
}

// projectAnswer is GET /api/project.
type projectAnswer struct {
	Inputs      []struct{ Path, Format string }
	Diagnostics []diagJSON
}

func projectOf(t *testing.T, s *Server) (projectAnswer, string) {
	t.Helper()
	code, body := do(s.Handler("8080"), get("/api/project", "localhost:8080"))
	var p projectAnswer
	if err := json.Unmarshal([]byte(body), &p); code != 200 || err != nil {
		t.Fatalf("/api/project: %d %s", code, body)
	}
	return p, body
}

// A symlink in the project that leads out of it, in the folder or in a
// folder the project file lists, is reported where deckpress check says
// it, and nothing is read from it: not listed, not built, its content in
// no answer. One that stays in the project is an input like any other.
func TestSymlinksOutOfTheFolderAreNotRead(t *testing.T) {
	tests := []struct {
		name    string
		project string            // deckpress.yaml; "": none
		links   map[string]string // link in the project → target ("out/…": outside)
		inputs  []string
		diags   []string
	}{
		{
			name:   "folder",
			links:  map[string]string{"leak.yaml": "out/deck.yaml", "leak2.yaml": "out/broken.yaml", "leak3.yaml": "out/missing.yaml", "hero.yaml": "out/hero.yaml"},
			inputs: []string{"audition.yaml", "mine.yaml", "rules.yaml", "score-pad.yaml"},
			diags: []string{
				"hero.yaml:1:1: it lies outside the project folder; the studio serves only the folder's files",
				"leak.yaml:1:1: it lies outside the project folder; the studio serves only the folder's files",
				"leak2.yaml:1:1: it lies outside the project folder; the studio serves only the folder's files",
				"leak3.yaml:1:1: it lies outside the project folder; the studio serves only the folder's files",
			},
		},
		{
			name:    "a folder of the project",
			project: "project: p\ninputs: [decks]\n",
			links:   map[string]string{"decks/s.yaml": "out/deck.yaml", "decks/t.yaml": "../mine.yaml"},
			inputs:  []string{"decks/t.yaml"},
			diags:   []string{"deckpress.yaml:2:10: inputs: decks: s.yaml: it lies outside the project folder; the studio serves only the folder's files"},
		},
		{
			name:    "a file of the project",
			project: "project: p\ninputs: [decks/s.yaml, decks, audition.yaml]\n",
			links:   map[string]string{"decks/s.yaml": "out/broken.yaml"},
			inputs:  []string{"audition.yaml"},
			diags: []string{
				"deckpress.yaml:2:10: inputs: decks/s.yaml: it lies outside the project folder; the studio serves only the folder's files",
				"deckpress.yaml:2:24: inputs: decks: s.yaml: it lies outside the project folder; the studio serves only the folder's files",
			},
		},
		{
			name:    "the project file",
			project: "-", // a symlink out
			links:   map[string]string{"deckpress.yaml": "out/deck.yaml"},
			diags:   []string{"deckpress.yaml:1:1: it lies outside the project folder; the studio serves only the folder's files"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			top := t.TempDir()
			dir := filepath.Join(top, "project")
			if _, err := buildInit(dir, "audition"); err != nil {
				t.Fatal(err)
			}
			os.Mkdir(filepath.Join(top, "out"), 0o755)
			for name, src := range outsideFiles {
				os.WriteFile(filepath.Join(top, "out", name), []byte(src), 0o644)
			}
			mine := strings.ReplaceAll(outsideFiles["deck.yaml"], "HUNTER2", "Mine")
			os.WriteFile(filepath.Join(dir, "mine.yaml"), []byte(mine), 0o644)
			os.Mkdir(filepath.Join(dir, "decks"), 0o755)
			os.Remove(filepath.Join(dir, "deckpress.yaml"))
			if tt.project != "" && tt.project != "-" {
				os.WriteFile(filepath.Join(dir, "deckpress.yaml"), []byte(tt.project), 0o644)
			}
			for link, target := range tt.links {
				if rest, ok := strings.CutPrefix(target, "out/"); ok {
					target = filepath.Join(top, "out", rest)
				}
				if err := os.Symlink(target, filepath.Join(dir, link)); err != nil {
					t.Skip(err)
				}
			}
			s, err := New(Options{Dir: dir})
			if err != nil {
				t.Fatal(err)
			}
			p, body := projectOf(t, s)
			var inputs, diags []string
			for _, in := range p.Inputs {
				inputs = append(inputs, in.Path)
			}
			for _, d := range p.Diagnostics {
				if d.Severity != "error" {
					continue // the in-folder deck's warnings
				}
				diags = append(diags, fmt.Sprintf("%s:%d:%d: %s", d.Path, d.Line, d.Col, d.Message))
			}
			if !slices.Equal(inputs, tt.inputs) {
				t.Errorf("inputs %q, want %q", inputs, tt.inputs)
			}
			if !slices.Equal(diags, tt.diags) {
				t.Errorf("diagnostics\n%s\nwant\n%s", strings.Join(diags, "\n"), strings.Join(tt.diags, "\n"))
			}
			leaked(t, s, body)
			for link, target := range tt.links {
				if !strings.HasPrefix(target, "out/") {
					continue
				}
				for _, u := range []string{"/api/deck?input=" + link, "/api/pages?input=" + link, "/api/hero?input=" + link, "/api/sheets?input=" + link} {
					if code, body := do(s.Handler("8080"), get(u, "localhost:8080")); code != 404 || strings.Contains(body, "HUNTER2") {
						t.Errorf("%s: %d %q, want 404", u, code, body)
					}
				}
			}
		})
	}
}

// leaked fails when an answer holds the outside files' secret.
func leaked(t *testing.T, s *Server, body string) {
	t.Helper()
	if strings.Contains(strings.ToLower(body), "hunter2") {
		t.Errorf("an answer shows an outside file's content: %s", body)
	}
}

// An input replaced by a symlink out of the folder while the studio runs
// is reported at its place when rebuilt and not read: not built, not
// shown, not played by the balance lab.
func TestInputTurnedIntoASymlinkOut(t *testing.T) {
	top := t.TempDir()
	dir := filepath.Join(top, "project")
	if _, err := buildInit(dir, "audition"); err != nil {
		t.Fatal(err)
	}
	secret := filepath.Join(top, "deck.yaml")
	os.WriteFile(secret, []byte(outsideFiles["deck.yaml"]), 0o644)
	s, err := New(Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "audition.yaml")
	os.Remove(path)
	if err := os.Symlink(secret, path); err != nil {
		t.Skip(err)
	}
	s.state.changed([]string{path})
	h := s.Handler("8080")
	_, body := do(h, get("/api/deck?input=audition.yaml", "localhost:8080"))
	var d struct {
		Product     string
		Diagnostics []diagJSON
	}
	json.Unmarshal([]byte(body), &d)
	if len(d.Diagnostics) != 1 || d.Diagnostics[0].Path != "audition.yaml" || d.Diagnostics[0].Line != 1 || !strings.Contains(d.Diagnostics[0].Message, "it lies outside the project folder") {
		t.Errorf("diagnostics %+v, want audition.yaml:1:1: it lies outside the project folder", d.Diagnostics)
	}
	leaked(t, s, body)
	code, body := do(h, get("/api/sheets?input=audition.yaml&paper=a3", "localhost:8080"))
	if code == 200 || strings.Contains(body, "HUNTER2") {
		t.Errorf("the sheets of a symlink out: %d %s", code, body)
	}
	if _, _, err := s.play(simRequest{Game: "audition", Input: "audition.yaml", Games: 1}, func(int, int) {}); err == nil || !strings.Contains(err.Error(), "it lies outside the project folder") {
		t.Errorf("the lab played a symlink out: %v", err)
	}
}

// A file whose name the guard refuses in an address (a backslash, an
// escape that reads as one) is not listed with links that would all be
// refused: a diagnostic at the file says to rename it. Every input listed
// answers at its addresses.
func TestNamesTheAddressesRefuse(t *testing.T) {
	dir := t.TempDir()
	if _, err := buildInit(dir, "audition"); err != nil {
		t.Fatal(err)
	}
	src, _ := os.ReadFile(filepath.Join(dir, "score-pad.yaml"))
	for _, name := range []string{`a\b.yaml`, "a%5cb.yaml", "a%b.yaml", "a b&c=d.yaml"} {
		if err := os.WriteFile(filepath.Join(dir, name), src, 0o644); err != nil {
			t.Skip(err)
		}
	}
	s, err := New(Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	p, _ := projectOf(t, s)
	var inputs, diags []string
	for _, in := range p.Inputs {
		inputs = append(inputs, in.Path)
		if in.Format != "deck" {
			continue
		}
		code, body := do(s.Handler("8080"), get("/api/deck?input="+url.QueryEscape(in.Path), "localhost:8080"))
		var d struct{ Cards []struct{ Front string } }
		if json.Unmarshal([]byte(body), &d); code != 200 || len(d.Cards) == 0 {
			t.Errorf("%s: %d %s", in.Path, code, body)
			continue
		}
		if code, _ := do(s.Handler("8080"), get(d.Cards[0].Front, "localhost:8080")); code != 200 {
			t.Errorf("%s: %d", d.Cards[0].Front, code)
		}
	}
	for _, d := range p.Diagnostics {
		if d.Severity == "error" {
			diags = append(diags, fmt.Sprintf("%s:%d:%d: %s", d.Path, d.Line, d.Col, d.Message))
		}
	}
	if want := []string{"a b&c=d.yaml", "a%b.yaml", "audition.yaml", "rules.yaml", "score-pad.yaml"}; !slices.Equal(inputs, want) {
		t.Errorf("inputs %q, want %q", inputs, want)
	}
	msg := "its name holds what the studio refuses in an address (a backslash, or an escape that reads as .. or //); rename the file to see it here"
	if want := []string{"a%5cb.yaml:1:1: " + msg, `a\b.yaml:1:1: ` + msg}; !slices.Equal(diags, want) {
		t.Errorf("diagnostics\n%s\nwant\n%s", strings.Join(diags, "\n"), strings.Join(want, "\n"))
	}
}
