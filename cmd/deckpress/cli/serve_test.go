package cli

import (
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// serve with no --listen serves the folder on 127.0.0.1, prints the
// address on standard output, warns of nothing, and stops when asked.
func TestServeDefaultsToLoopback(t *testing.T) {
	dir := t.TempDir()
	src, _ := os.ReadFile("testdata/registration.yaml")
	writeFile(t, filepath.Join(dir, "r.yaml"), src)
	var out, errb syncBuffer
	stop := make(chan struct{})
	done := make(chan int)
	go func() {
		done <- Run([]string{"serve", ".", "--port", "0"}, Env{Out: &out, Err: &errb, Dir: dir, Debounce: 20 * time.Millisecond, Stop: stop})
	}()
	var url string
	for start := time.Now(); url == "" && time.Since(start) < 10*time.Second; time.Sleep(20 * time.Millisecond) {
		url = strings.TrimSpace(out.String())
	}
	if !strings.HasPrefix(url, "http://127.0.0.1:") {
		t.Fatalf("serve printed %q, want an address on 127.0.0.1", url)
	}
	resp, err := http.Get(url + "api/project")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(body), `"path":"r.yaml"`) {
		t.Errorf("GET /api/project: %d %s", resp.StatusCode, body)
	}
	close(stop)
	if code := <-done; code != 0 || errb.String() != "" {
		t.Errorf("exit %d, stderr %q; want 0 and nothing", code, errb.String())
	}
}

func TestServeUsageErrors(t *testing.T) {
	for _, tt := range []struct {
		args []string
		say  string
	}{
		{[]string{"serve", "--port", "70000"}, "--port: 70000 is not a port (0 to 65535)"},
		{[]string{"serve", "--listen", "nonsense"}, `--listen: "nonsense" is not host:port`},
		{[]string{"serve", "a", "b"}, "at most one DIR"},
		{[]string{"serve", "--listen", "127.0.0.1:0", "--port", "9000"}, "--listen and --port: --listen HOST:PORT names the port too; give one of them"},
		{[]string{"serve", "--port", "8080", "--listen", "127.0.0.1:0"}, "--listen and --port"},
	} {
		code, _, stderr := runCLI(t, t.TempDir(), tt.args...)
		if code != 2 || !strings.Contains(stderr, tt.say) || !strings.Contains(stderr, "deckpress serve --help") {
			t.Errorf("%v: exit %d, stderr %q; want 2, %q and the hint", tt.args, code, stderr, tt.say)
		}
	}
}

// A folder that is not there, or a file, is refused at once, with the
// exit code build gives the same argument, and nothing is served.
func TestServeNeedsAFolder(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "deck.yaml"), []byte("deck: x\n"))
	for _, tt := range []struct{ arg, say string }{
		{"/nonexistent", "deckpress: /nonexistent: no such folder\n"},
		{"missing", "deckpress: missing: no such folder\n"},
		{"deck.yaml", "deckpress: deck.yaml: not a folder; serve shows a project folder\n"},
	} {
		code, stdout, stderr := runCLI(t, dir, "serve", tt.arg, "--port", "0")
		if code != 1 || stdout != "" || stderr != tt.say {
			t.Errorf("serve %s: exit %d, stdout %q, stderr %q; want 1, nothing and %q", tt.arg, code, stdout, stderr, tt.say)
		}
		if tt.arg != "deck.yaml" {
			if build, _, _ := runCLI(t, dir, "build", tt.arg); build != code {
				t.Errorf("build %s exits %d, serve %d", tt.arg, build, code)
			}
		}
	}
}

// serve prints the address of the host asked for, with the port it
// listens on, and answers there; --listen on an address that is not
// loopback says on stderr that it exposes the project, naming it.
func TestServePrintsTheHostAsked(t *testing.T) {
	for _, tt := range []struct {
		listen, host string
		exposed      bool
	}{
		{"", "127.0.0.1", false},
		{"0.0.0.0:0", "0.0.0.0", true},
		{"localhost:0", "localhost", false},
		{"[::1]:0", "[::1]", false},
	} {
		args := []string{"serve", "--port", "0"}
		if tt.listen != "" {
			args = []string{"serve", "--listen", tt.listen}
		}
		var out, errb syncBuffer
		stop := make(chan struct{})
		done := make(chan int)
		go func() {
			done <- Run(args, Env{Out: &out, Err: &errb, Dir: t.TempDir(), Stop: stop})
		}()
		var url string
		ended := false
		for start := time.Now(); url == "" && !ended && time.Since(start) < 10*time.Second; time.Sleep(20 * time.Millisecond) {
			url = strings.TrimSpace(out.String())
			select {
			case code := <-done:
				t.Logf("%v: exit %d: %s", args, code, errb.String()) // no IPv6 here
				ended = true
			default:
			}
		}
		if ended {
			continue
		}
		port, ok := strings.CutPrefix(url, "http://"+tt.host+":")
		if !ok || port == "0/" || !strings.HasSuffix(port, "/") {
			t.Errorf("%v: printed %q, want http://%s:PORT/ with the port listened on", args, url, tt.host)
		} else if resp, err := http.Get(url + "api/project"); err != nil || resp.StatusCode != 200 {
			t.Errorf("%v: GET %sapi/project: %v %v", args, url, resp, err)
		} else {
			resp.Body.Close()
		}
		close(stop)
		<-done
		warned := strings.Contains(errb.String(), "warning: listening on "+tt.host+":"+strings.TrimSuffix(port, "/")+" (--listen)")
		if warned != tt.exposed {
			t.Errorf("%v: stderr %q, want a warning naming the address: %v", args, errb.String(), tt.exposed)
		}
	}
}
