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
	for _, args := range [][]string{
		{"serve", "--port", "70000"},
		{"serve", "--listen", "nonsense"},
		{"serve", "a", "b"},
	} {
		code, _, stderr := runCLI(t, t.TempDir(), args...)
		if code != 2 || !strings.Contains(stderr, "deckpress serve --help") {
			t.Errorf("%v: exit %d, stderr %q; want 2 and the hint", args, code, stderr)
		}
	}
}

// --listen on a non-loopback address says on stderr that it exposes the
// project.
func TestServeWarnsWhenExposed(t *testing.T) {
	var out, errb syncBuffer
	stop := make(chan struct{})
	done := make(chan int)
	go func() {
		done <- Run([]string{"serve", "--listen", "0.0.0.0:0"}, Env{Out: &out, Err: &errb, Dir: t.TempDir(), Stop: stop})
	}()
	for start := time.Now(); out.String() == "" && time.Since(start) < 10*time.Second; time.Sleep(20 * time.Millisecond) {
	}
	close(stop)
	<-done
	if !strings.Contains(errb.String(), "warning: listening on 0.0.0.0:") {
		t.Errorf("stderr %q, want a warning naming the address", errb.String())
	}
}
