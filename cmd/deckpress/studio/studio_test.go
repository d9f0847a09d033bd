package studio

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image"
	_ "image/png"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/deckpress/deckpress/output/build"
)

// kit copies a built-in kit into a temporary folder and opens a studio on
// it, answering as if on port 8080.
func kit(t *testing.T, name string) (*Server, http.Handler, string) {
	t.Helper()
	dir := t.TempDir()
	if _, err := buildInit(dir, name); err != nil {
		t.Fatal(err)
	}
	s, err := New(Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	return s, s.Handler("8080"), dir
}

// do sends a request to h and returns the response's status and body.
func do(h http.Handler, r *http.Request) (int, string) {
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w.Code, w.Body.String()
}

func get(target, host string) *http.Request {
	r := httptest.NewRequest("GET", target, nil)
	r.Host = host
	return r
}

// A request's Host must name the studio by localhost or an IP address,
// on its port; on port 80, which clients leave out, with no port too.
func TestHostMustBeLocal(t *testing.T) {
	s, _, _ := kit(t, "audition")
	tests := []struct {
		port, host string
		want       int
	}{
		{"8080", "127.0.0.1:8080", 200},
		{"8080", "localhost:8080", 200},
		{"8080", "[::1]:8080", 200},
		{"8080", "evil.example", http.StatusMisdirectedRequest},
		{"8080", "evil.example:8080", http.StatusMisdirectedRequest}, // DNS rebinding: a name that points here
		{"8080", "localhost.evil.example:8080", http.StatusMisdirectedRequest},
		{"8080", "localhost:9090", http.StatusMisdirectedRequest}, // another port
		{"8080", "127.0.0.1", http.StatusMisdirectedRequest},      // no port: 80
		{"8080", "[::1]", http.StatusMisdirectedRequest},
		{"80", "127.0.0.1", 200},
		{"80", "localhost", 200},
		{"80", "[::1]", 200},
		{"80", "127.0.0.1:80", 200},
		{"80", "evil.example", http.StatusMisdirectedRequest},
		{"80", "127.0.0.1:8080", http.StatusMisdirectedRequest},
		{"80", "::1", http.StatusMisdirectedRequest}, // an IPv6 address needs its brackets
		{"80", "[::1", http.StatusMisdirectedRequest},
		{"80", "[localhost]", http.StatusMisdirectedRequest},
		{"80", "127.0.0.1:", http.StatusMisdirectedRequest},
	}
	for _, tt := range tests {
		if code, _ := do(s.Handler(tt.port), get("/api/project", tt.host)); code != tt.want {
			t.Errorf("port %s, Host %s: status %d, want %d", tt.port, tt.host, code, tt.want)
		}
	}
	// the page's own requests on port 80: Origin and Host without it
	r := post("/api/hero/compute", "http://127.0.0.1", s.Token(), `{"input": "audition.yaml"}`)
	r.Host = "127.0.0.1"
	if code, body := do(s.Handler("80"), r); code != http.StatusNotFound || !strings.Contains(body, "no such hero file") {
		t.Errorf("a POST on port 80: %d %s, want past the guard", code, body)
	}
}

func TestPathsStayInTheFolder(t *testing.T) {
	_, h, _ := kit(t, "audition")
	for _, target := range []string{
		"/../etc/passwd",
		"/assets/../../etc/passwd",
		"/assets/%2e%2e/%2e%2e/etc/passwd",
		"/assets/%252e%252e/x",
		"/api/deck?input=../audition.yaml",
		"/api/deck?input=/etc/passwd",
		"/api/deck?input=%2Fetc%2Fpasswd",
		"/api/card/%2Fetc%2Fpasswd/audition/1/front.png",
		"/api/hero?input=..%2F..%2Fhero.yaml",
		"/deck?input=C:%5Cwindows",
	} {
		if code, body := do(h, get(target, "127.0.0.1:8080")); code != http.StatusBadRequest {
			t.Errorf("GET %s: status %d (%q), want 400", target, code, strings.TrimSpace(body))
		}
	}
	// a name inside the folder that is not an input is not served either
	if code, _ := do(h, get("/api/deck?input=templates.yaml", "127.0.0.1:8080")); code != http.StatusNotFound {
		t.Errorf("a template file served as a deck: status %d, want 404", code)
	}
}

// post makes a POST to the hero designer with the given Origin and token.
func post(target, origin, token, body string) *http.Request {
	r := httptest.NewRequest("POST", target, strings.NewReader(body))
	r.Host = "127.0.0.1:8080"
	if origin != "" {
		r.Header.Set("Origin", origin)
	}
	if token != "" {
		r.Header.Set(tokenHeader, token)
	}
	return r
}

func TestChangesNeedSameOriginAndToken(t *testing.T) {
	s, h, _ := kit(t, "gladiators")
	body := `{"input": "voltage-crew.yaml", "edits": []}`
	tests := []struct {
		name, origin, token string
		want                int
	}{
		{"same origin with the token", "http://127.0.0.1:8080", s.Token(), 200},
		{"cross-origin", "http://evil.example", s.Token(), http.StatusForbidden},
		{"another port", "http://127.0.0.1:9999", s.Token(), http.StatusForbidden},
		{"no origin", "", s.Token(), http.StatusForbidden},
		{"no token", "http://127.0.0.1:8080", "", http.StatusForbidden},
		{"wrong token", "http://127.0.0.1:8080", strings.Repeat("0", 32), http.StatusForbidden},
	}
	for _, path := range []string{"/api/hero/compute", "/api/hero/save"} {
		for _, tt := range tests {
			if code, out := do(h, post(path, tt.origin, tt.token, body)); code != tt.want {
				t.Errorf("%s, %s: status %d (%s), want %d", path, tt.name, code, out, tt.want)
			}
		}
	}
}

// A request's body is one JSON value of the request's fields and at most
// 1 MiB: an unknown field is 400 and named, so is anything after the
// value; a larger body is 413.
func TestBodiesAreChecked(t *testing.T) {
	s, h, _ := kit(t, "gladiators")
	big := `{"input": "voltage-crew.yaml", "edits": [{"line": 1, "col": 1, "old": "` + strings.Repeat("x", 2<<20) + `", "value": "y"}]}`
	tests := []struct {
		paths []string
		body  string
		code  int
		say   string
	}{
		{[]string{"/api/hero/compute", "/api/hero/save"}, big, http.StatusRequestEntityTooLarge, "the body is over 1048576 bytes"},
		{[]string{"/api/hero/compute", "/api/hero/save"}, `{"input": "voltage-crew.yaml", "edits": [], "pad": 1}`, 400, `json: unknown field "pad"`},
		{[]string{"/api/hero/compute", "/api/hero/save"}, `{"input": "voltage-crew.yaml", "edits": [{"line": 1, "col": 1, "old": "x", "value": "y", "to": 2}]}`, 400, `json: unknown field "to"`},
		{[]string{"/api/hero/compute", "/api/hero/save"}, `{"input": "voltage-crew.yaml", "edits": []} x`, 400, "the body holds more than one JSON value"},
		{[]string{"/api/hero/compute", "/api/hero/save"}, `{"input": "voltage-crew.yaml", "edits": []}{}`, 400, "the body holds more than one JSON value"},
		{[]string{"/api/hero/compute", "/api/hero/save"}, `{"input": "voltage-crew.yaml", "edits": []}` + "\n", 200, ""},
		{[]string{"/api/sim"}, `{"game": "audition", "games": 10, "sead": 1}`, 400, `a run is {game, input, games, seed}: json: unknown field "sead"`},
		{[]string{"/api/sim"}, `{"game": "audition", "games": 10}]`, 400, "a run is {game, input, games, seed}: the body holds more than one JSON value"},
	}
	for _, tt := range tests {
		for _, path := range tt.paths {
			if code, body := do(h, post(path, "http://127.0.0.1:8080", s.Token(), tt.body)); code != tt.code || !strings.Contains(body, tt.say) {
				t.Errorf("%s %.60s: status %d %.200q, want %d %q", path, tt.body, code, body, tt.code, tt.say)
			}
		}
	}
}

func TestSaveOnlyInsideTheFolder(t *testing.T) {
	s, h, dir := kit(t, "gladiators")
	outside := filepath.Join(filepath.Dir(dir), "victim.yaml")
	for _, in := range []string{"../victim.yaml", outside, "ruleset-example.yaml"} {
		body, _ := json.Marshal(heroRequest{Input: in})
		if code, _ := do(h, post("/api/hero/save", "http://127.0.0.1:8080", s.Token(), string(body))); code != http.StatusNotFound {
			t.Errorf("save %s: status %d, want 404", in, code)
		}
	}
	if _, err := os.Stat(outside); err == nil {
		t.Errorf("a file was written outside the folder")
	}
}

func TestDefaultListenerIsLoopback(t *testing.T) {
	ln, exposed, err := Listen("", 0)
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	addr := ln.Addr().(*net.TCPAddr)
	if !addr.IP.IsLoopback() || exposed {
		t.Fatalf("default listener on %s (exposed %v), want loopback", addr, exposed)
	}
	// not reachable on the machine's other addresses
	addrs, _ := net.InterfaceAddrs()
	for _, a := range addrs {
		ip, _, _ := net.ParseCIDR(a.String())
		if ip == nil || ip.IsLoopback() || ip.IsLinkLocalUnicast() {
			continue
		}
		if c, err := net.Dial("tcp", net.JoinHostPort(ip.String(), strconv.Itoa(addr.Port))); err == nil {
			c.Close()
			t.Errorf("the default listener answers on %s", ip)
		}
	}
	for _, tt := range []struct {
		listen  string
		exposed bool
	}{{"127.0.0.1:0", false}, {"localhost:0", false}, {"[::1]:0", false}, {"0.0.0.0:0", true}} {
		ln, exposed, err := Listen(tt.listen, 8080)
		if err != nil {
			t.Logf("%s: %v", tt.listen, err) // no IPv6 here
			continue
		}
		ln.Close()
		if exposed != tt.exposed {
			t.Errorf("--listen %s: exposed %v, want %v", tt.listen, exposed, tt.exposed)
		}
	}
}

// The Audition kit: a 45-card deck (26 heroes, a first-player card, 6
// stars, 6 X and 6 robbers), its rules and its score pad, no diagnostics.
func TestProjectOfTheAuditionKit(t *testing.T) {
	_, h, _ := kit(t, "audition")
	code, body := do(h, get("/api/project", "localhost:8080"))
	if code != 200 {
		t.Fatalf("status %d: %s", code, body)
	}
	var p struct {
		Inputs []struct {
			Path     string
			Products []struct {
				Name   string
				Cards  int
				Sheets int
			}
		}
		Diagnostics []diagJSON
	}
	if err := json.Unmarshal([]byte(body), &p); err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, in := range p.Inputs {
		paths = append(paths, in.Path)
	}
	if got := strings.Join(paths, " "); got != "audition.yaml rules.yaml score-pad.yaml" {
		t.Errorf("inputs %s, want the deck, the rules and the score pad (not the template file)", got)
	}
	if deck := p.Inputs[0].Products; len(deck) != 1 || deck[0].Name != "audition" || deck[0].Cards != 45 {
		t.Errorf("audition.yaml products %+v, want one of 45 cards", deck)
	}
	if len(p.Diagnostics) != 0 {
		t.Errorf("diagnostics %v, want none", p.Diagnostics)
	}
	// every card of the deck has a front and a back at the address listed
	code, body = do(h, get("/api/deck?input=audition.yaml", "localhost:8080"))
	var d struct {
		Cards []struct{ Front, Back string }
	}
	json.Unmarshal([]byte(body), &d)
	if code != 200 || len(d.Cards) != 45 {
		t.Fatalf("deck: status %d, %d cards, want 45", code, len(d.Cards))
	}
	for _, u := range []string{d.Cards[0].Front, d.Cards[43].Back} {
		code, img := do(h, get(u, "localhost:8080"))
		if code != 200 || !strings.HasPrefix(img, "\x89PNG") {
			t.Errorf("%s: status %d, not a PNG", u, code)
		}
	}
}

// A broken deck shows its diagnostic at its line and keeps its last good
// cards.
func TestBrokenSaveKeepsTheLastGoodCards(t *testing.T) {
	s, h, dir := kit(t, "audition")
	path := filepath.Join(dir, "audition.yaml")
	src, _ := os.ReadFile(path)
	lines := strings.SplitAfter(string(src), "\n")
	// line 9 is "front: hero"; an unclosed flow list is a YAML syntax error
	lines[8] = "front: [hero\n"
	os.WriteFile(path, []byte(strings.Join(lines, "")), 0o644)
	s.state.changed([]string{path})
	_, body := do(h, get("/api/deck?input=audition.yaml", "localhost:8080"))
	var d struct {
		Cards       []struct{ Front string }
		Stale       bool
		Diagnostics []diagJSON
	}
	json.Unmarshal([]byte(body), &d)
	if !d.Stale || len(d.Cards) != 45 {
		t.Errorf("stale %v with %d cards, want the 45 last good ones, stale", d.Stale, len(d.Cards))
	}
	if len(d.Diagnostics) == 0 || d.Diagnostics[0].Line < 7 || d.Diagnostics[0].Severity != "error" || d.Diagnostics[0].Path != "audition.yaml" {
		t.Errorf("diagnostics %+v, want an error in audition.yaml from line 7 on", d.Diagnostics)
	}
}

// Editing a value replaces its bytes and nothing else.
func TestHeroEditKeepsEverythingElse(t *testing.T) {
	s, h, dir := kit(t, "gladiators")
	path := filepath.Join(dir, "voltage-crew.yaml")
	src, _ := os.ReadFile(path)
	lines := strings.SplitAfter(string(src), "\n")
	// line 10 (below the print settings): "    characteristics: {STR: 3, DEX: 5, SIZ: 3, PER: 4}"
	col := strings.Index(lines[9], "STR: 3") + len("STR: ") + 1
	body, _ := json.Marshal(heroRequest{Input: "voltage-crew.yaml", Edits: []edit{{Line: 10, Col: col, Old: "3", Value: "4"}}})
	code, out := do(h, post("/api/hero/save", "http://127.0.0.1:8080", s.Token(), string(body)))
	if code != 200 {
		t.Fatalf("save: status %d: %s", code, out)
	}
	got, _ := os.ReadFile(path)
	lines[9] = strings.Replace(lines[9], "STR: 3", "STR: 4", 1)
	if want := strings.Join(lines, ""); string(got) != want {
		t.Errorf("saved file differs from the original beyond STR 3 → 4")
	}
	// an edit where the file no longer holds the old value is refused
	code, _ = do(h, post("/api/hero/save", "http://127.0.0.1:8080", s.Token(), string(body)))
	if code != http.StatusConflict {
		t.Errorf("stale edit: status %d, want 409", code)
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(after, got) {
		t.Errorf("a refused edit changed the file")
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.Contains(e.Name(), "tmp") {
			t.Errorf("temporary file %s left behind", e.Name())
		}
	}
}

// Computing unsaved edits follows RULES.md: 15 free characteristic
// points, 30 power points for each above them, combat modifier 2 × DEX +
// STR.
func TestHeroComputeFollowsTheRules(t *testing.T) {
	s, h, _ := kit(t, "gladiators")
	var sheets []string // the character sheets' images, of the last compute
	compute := func(edits []edit) (left, cm int) {
		body, _ := json.Marshal(heroRequest{Input: "voltage-crew.yaml", Edits: edits})
		code, out := do(h, post("/api/hero/compute", "http://127.0.0.1:8080", s.Token(), string(body)))
		var r struct {
			Cards       []string
			SheetImages []string
			Sheets      []struct {
				CombatModifier int `json:"combat_modifier"`
				Points         struct{ Total, Budget int }
			}
		}
		if err := json.Unmarshal([]byte(out), &r); code != 200 || err != nil || len(r.Sheets) == 0 {
			t.Fatalf("compute: status %d: %s", code, out)
		}
		// four heroes' cards, each front and back (the team on the back)
		if len(r.Cards) != 8 || !strings.HasPrefix(r.Cards[0], "data:image/png;base64,") {
			t.Errorf("%d card previews, want 8 PNG images", len(r.Cards))
		}
		// and their character sheets, a page of A4 each: 413 × 585 pixels at 50 dpi
		if len(r.SheetImages) != 4 {
			t.Errorf("%d character sheet previews, want 4", len(r.SheetImages))
		}
		for i, u := range r.SheetImages {
			b, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(u, "data:image/png;base64,"))
			img, _, err2 := image.DecodeConfig(bytes.NewReader(b))
			if err != nil || err2 != nil || img.Width != 413 || img.Height != 585 {
				t.Errorf("sheet %d: %dx%d (%v, %v), want a PNG of A4 at 50 dpi", i+1, img.Width, img.Height, err, err2)
			}
		}
		sheets = r.SheetImages
		return r.Sheets[0].Points.Budget - r.Sheets[0].Points.Total, r.Sheets[0].CombatModifier
	}
	left, cm := compute(nil)
	before := sheets
	if cm != 2*5+3 { // Lady Voltage: STR 3, DEX 5
		t.Errorf("combat modifier %d, want 13", cm)
	}
	// the STR edit of the previous test, unsaved
	col := len("    characteristics: {STR: ") + 1
	left2, cm2 := compute([]edit{{Line: 10, Col: col, Old: "3", Value: "4"}})
	if left-left2 != 30 || cm2 != cm+1 {
		t.Errorf("STR 3 → 4: points left %d → %d, combat modifier %d → %d; want 30 fewer points and +1", left, left2, cm, cm2)
	}
	// Lady Voltage's sheet shows the change; her teammates' do not change
	for i := range min(len(before), len(sheets)) {
		if changed := before[i] != sheets[i]; changed != (i == 0) {
			t.Errorf("STR 3 → 4 of the first hero: sheet %d changed %v", i+1, changed)
		}
	}
}

// buildInit copies a built-in kit into dir.
func buildInit(dir, kit string) ([]string, error) {
	return build.Init(build.Env{Dir: dir}, kit, ".", false)
}

// A project file may not make the studio build files outside the folder,
// by .. or by a symlink: they are reported at their line and left out.
func TestProjectInputsStayInTheFolder(t *testing.T) {
	top := t.TempDir()
	dir := filepath.Join(top, "project")
	if _, err := buildInit(dir, "audition"); err != nil {
		t.Fatal(err)
	}
	victim := filepath.Join(top, "victim.yaml")
	os.WriteFile(victim, []byte("deck: secret\ncards: [{name: secret}]\n"), 0o644)
	if err := os.Symlink(victim, filepath.Join(dir, "link.yaml")); err != nil {
		t.Skip(err)
	}
	os.WriteFile(filepath.Join(dir, "deckpress.yaml"), []byte("project: p\ninputs:\n  - ../victim.yaml\n  - link.yaml\n  - audition.yaml\n"), 0o644)
	s, err := New(Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	_, body := do(s.Handler("8080"), get("/api/project", "localhost:8080"))
	var p struct {
		Inputs      []struct{ Path string }
		Diagnostics []diagJSON
	}
	json.Unmarshal([]byte(body), &p)
	if len(p.Inputs) != 1 || p.Inputs[0].Path != "audition.yaml" {
		t.Errorf("inputs %+v, want audition.yaml alone", p.Inputs)
	}
	var at []string
	for _, d := range p.Diagnostics {
		at = append(at, fmt.Sprintf("%s:%d %s", d.Path, d.Line, d.Severity))
	}
	if got := strings.Join(at, ", "); got != "deckpress.yaml:3 error, deckpress.yaml:4 error" {
		t.Errorf("diagnostics at %s, want errors at deckpress.yaml lines 3 and 4", got)
	}
}

// A card number from the address is checked before any arithmetic on it:
// numbers out of the deck, the largest and smallest int among them, are
// 404, never a panic.
func TestCardNumbersOutOfRange(t *testing.T) {
	_, h, _ := kit(t, "audition")
	for _, n := range []string{"0", "-1", "46", "9223372036854775807", "-9223372036854775808", "4611686018427387904", "99999999999999999999", "x"} {
		for _, face := range []string{"front.png", "back.png"} {
			if code, body := do(h, get("/api/card/audition.yaml/audition/"+n+"/"+face, "localhost:8080")); code != http.StatusNotFound {
				t.Errorf("card %s %s: status %d (%q), want 404", n, face, code, strings.TrimSpace(body))
			}
		}
	}
}
