package studio

import (
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
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

// tempFiles lists the temporary files left in dir.
func tempFiles(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.Contains(e.Name(), "tmp") {
			out = append(out, e.Name())
		}
	}
	return out
}

// Saves of one file at the same time go one at a time: saves of fields
// on different lines all apply, none lost; of the same field, one applies
// and the others are stale; no temporary file is left.
func TestSavesOfOneFileAtOnce(t *testing.T) {
	s, h, dir := kit(t, "gladiators")
	path := filepath.Join(dir, "voltage-crew.yaml")
	src, _ := os.ReadFile(path)
	fields, _ := heroOf(t, h, "voltage-crew.yaml")
	var lines []field // a field alone on its line each
	for _, f := range fields {
		if f.Key == "level" || f.Key == "uses" {
			lines = append(lines, f)
		}
	}
	if len(lines) < 8 {
		t.Fatalf("%d fields alone on their lines, want 8 or more", len(lines))
	}
	lines = lines[:8]
	codes := make([]int, len(lines)+4)
	var wg sync.WaitGroup
	for i, f := range lines {
		wg.Go(func() {
			codes[i], _ = do(h, saveReq(s, "voltage-crew.yaml", edit{f.Line, f.Col, f.Value, f.Value + "0"}))
		})
	}
	first := fields[0] // Lady Voltage's STR, saved four times from the same old value
	for i := range 4 {
		wg.Go(func() {
			codes[len(lines)+i], _ = do(h, saveReq(s, "voltage-crew.yaml", edit{first.Line, first.Col, first.Value, "9"}))
		})
	}
	wg.Wait()
	ok, stale := 0, 0
	for i, c := range codes {
		switch {
		case i < len(lines) && c != 200:
			t.Errorf("save of %s at %d:%d: status %d, want 200", lines[i].Key, lines[i].Line, lines[i].Col, c)
		case i >= len(lines) && c == 200:
			ok++
		case i >= len(lines) && c == http.StatusConflict:
			stale++
		case i >= len(lines):
			t.Errorf("a save of STR: status %d", c)
		}
	}
	if ok != 1 || stale != 3 {
		t.Errorf("four saves of STR from one old value: %d applied, %d stale; want 1 and 3", ok, stale)
	}
	want := strings.SplitAfter(string(src), "\n")
	for _, f := range lines {
		l := []rune(want[f.Line-1])
		want[f.Line-1] = string(l[:f.Col-1]) + f.Value + "0" + string(l[f.Col-1+len(f.Value):])
	}
	l := want[first.Line-1]
	want[first.Line-1] = strings.Replace(l, "STR: "+first.Value, "STR: 9", 1)
	if got, _ := os.ReadFile(path); string(got) != strings.Join(want, "") {
		t.Errorf("after the saves the file reads\n%s\nwant\n%s", got, strings.Join(want, ""))
	}
	if tmp := tempFiles(t, dir); tmp != nil {
		t.Errorf("temporary files left: %v", tmp)
	}
}

// A save keeps what the file is: through a symlink it replaces the file
// linked to and the link stays; the file's mode stays; a read-only file
// is refused and stays as it was.
func TestSaveKeepsTheFile(t *testing.T) {
	tests := []struct {
		name  string
		input string      // saved through
		mode  os.FileMode // of voltage-crew.yaml
		code  int
		say   string
	}{
		{"through a symlink", "link.yaml", 0o644, 200, ""},
		{"group-writable", "voltage-crew.yaml", 0o664, 200, ""},
		{"private", "voltage-crew.yaml", 0o600, 200, ""},
		{"read-only", "voltage-crew.yaml", 0o444, http.StatusConflict, "save voltage-crew.yaml: it is read-only (mode 0444); make it writable to save it from the studio"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			if _, err := buildInit(dir, "gladiators"); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(dir, "voltage-crew.yaml")
			if err := os.Symlink("voltage-crew.yaml", filepath.Join(dir, "link.yaml")); err != nil {
				t.Skip(err)
			}
			os.Chmod(path, tt.mode)
			src, _ := os.ReadFile(path)
			s, err := New(Options{Dir: dir})
			if err != nil {
				t.Fatal(err)
			}
			h := s.Handler("8080")
			fields, _ := heroOf(t, h, tt.input)
			f := fields[0]
			code, body := do(h, saveReq(s, tt.input, edit{f.Line, f.Col, f.Value, "9"}))
			if code != tt.code || !strings.Contains(body, tt.say) {
				t.Fatalf("save: %d %.300q, want %d %q", code, body, tt.code, tt.say)
			}
			got, _ := os.ReadFile(path)
			if changed := string(got) != string(src); changed != (code == 200) {
				t.Errorf("status %d, and the file changed: %v", code, changed)
			}
			if info, err := os.Lstat(filepath.Join(dir, "link.yaml")); err != nil || info.Mode()&os.ModeSymlink == 0 {
				t.Errorf("link.yaml is no longer a symlink: %v %v", info.Mode(), err)
			}
			if info, _ := os.Stat(path); info.Mode().Perm() != tt.mode {
				t.Errorf("mode %v after the save, want %v", info.Mode().Perm(), tt.mode)
			}
			if tmp := tempFiles(t, dir); tmp != nil {
				t.Errorf("temporary files left: %v", tmp)
			}
		})
	}
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
