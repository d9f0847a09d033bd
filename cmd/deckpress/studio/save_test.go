package studio

import (
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"testing"
)

// heroOf is GET /api/hero?input=P: its form's fields.
func heroOf(t *testing.T, h http.Handler, input string) ([]field, []diagJSON) {
	t.Helper()
	code, body := do(h, get("/api/hero?input="+input, "127.0.0.1:8080"))
	var out struct {
		Heroes      []heroForm
		Diagnostics []diagJSON
	}
	if err := json.Unmarshal([]byte(body), &out); code != 200 || err != nil {
		t.Fatalf("/api/hero?input=%s: %d %s", input, code, body)
	}
	return formFields(out.Heroes), out.Diagnostics
}

func saveReq(s *Server, input string, edits ...edit) *http.Request {
	body, _ := json.Marshal(heroRequest{Input: input, Edits: edits})
	return post("/api/hero/save", "http://127.0.0.1:8080", s.Token(), string(body))
}

// A hero file broken on disk keeps its designer, which shows why it does
// not read; a save that would break it is never written.
func TestDesignerOfABrokenHeroFile(t *testing.T) {
	s, h, dir := kit(t, "gladiators")
	path := filepath.Join(dir, "voltage-crew.yaml")
	src, _ := os.ReadFile(path)
	fields, _ := heroOf(t, h, "voltage-crew.yaml")
	f := fields[0]
	for _, v := range []string{"-", "- 5", "[5", "{a: b}", "5\n  x: y", "&a 5", "*a", "!!binary 5", "| 5", "5 # STR"} {
		if code, body := do(h, saveReq(s, "voltage-crew.yaml", edit{f.Line, f.Col, f.Value, v})); code != 200 {
			t.Errorf("save of %q: %d %.300s", v, code, body)
		}
		s.state.changed([]string{path})
		got, diags := heroOf(t, h, "voltage-crew.yaml")
		if got[0].Value != v {
			t.Errorf("saved %q, the file reads %q (diagnostics %v)", v, got[0].Value, diags)
		}
		f = got[0]
	}
	os.WriteFile(path, append([]byte("heroes: [\n"), src...), 0o644)
	s.state.changed([]string{path})
	fields, diags := heroOf(t, h, "voltage-crew.yaml")
	if len(fields) != 0 || len(diags) == 0 || diags[0].Severity != "error" || diags[0].Path != "voltage-crew.yaml" || diags[0].Line == 0 {
		t.Errorf("the designer of a broken file: fields %v, diagnostics %v; want none and a positioned error", fields, diags)
	}
	p, _ := projectOf(t, s)
	for _, in := range p.Inputs {
		if in.Path == "voltage-crew.yaml" && in.Format != "team" {
			t.Errorf("a broken team file listed as %q, want still a team file", in.Format)
		}
	}
}
