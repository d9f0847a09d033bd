// Package studio is deckpress serve: a local web page over a project
// folder that shows every input's products and diagnostics, every card
// drawn by the PNG back end from the same layout as the PDF, the sheets as
// the printer flips them, and a hero designer computed by the rules
// engine; it rebuilds what a saved file feeds and tells the page through
// server-sent events.
//
// It is safe by default: it listens on loopback unless told otherwise,
// answers only requests addressed to a local name (no DNS rebinding),
// shows another site's page nothing but its own pages opened from a link,
// changes files only on a same-origin request carrying the run's token,
// reads and writes only inside the project folder, through an os.Root,
// and bounds every request in size, time and the images it draws.
package studio

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"
)

// Options configure a studio.
type Options struct {
	// Dir is the project folder.
	Dir string
	// Debounce is how long the watcher waits for a burst of changes.
	Debounce time.Duration
	// Log receives one line per rebuild and every watch error.
	Log io.Writer
}

// Limits on requests.
const (
	maxBody        = 1 << 20 // bytes of a request body
	maxHeaderBytes = 64 << 10
	tokenHeader    = "X-Deckpress-Token"
)

// Server is a running studio over one folder.
type Server struct {
	dir      string // absolute
	token    string
	port     string // the port served, once listening
	state    *state
	mux      *http.ServeMux
	log      io.Writer
	views    views         // the deck page's sheets, a view of them for each print settings
	renders  chan struct{} // a turn each to draw an image for a request
	lab      labRun        // the balance page's run
	previews previews      // the hero designer's last images
	saves    fileLocks     // the hero designer's saves, one at a time a file
}

// New loads the project in opts.Dir and returns its studio; it does not
// listen yet.
func New(opts Options) (*Server, error) {
	dir, err := filepath.Abs(opts.Dir)
	if err != nil {
		return nil, err
	}
	if real, err := filepath.EvalSymlinks(dir); err == nil {
		dir = real
	}
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		return nil, err
	}
	log := opts.Log
	if log == nil {
		log = io.Discard
	}
	s := &Server{dir: dir, token: hex.EncodeToString(b), log: log, renders: make(chan struct{}, runtime.GOMAXPROCS(0))}
	s.state, err = newState(dir, log)
	if err != nil {
		return nil, err
	}
	s.routes()
	return s, nil
}

// Token is the run's token, which state-changing requests carry.
func (s *Server) Token() string { return s.token }

// Handler is the studio's handler with every guard in front; port is the
// port of the addresses it answers to.
func (s *Server) Handler(port string) http.Handler {
	s.port = port
	return http.HandlerFunc(s.guard)
}

// Listen opens the listener: on 127.0.0.1 at port unless listen, a
// host:port, says otherwise. It reports whether the address is not
// loopback, which the caller should warn about.
func Listen(listen string, port int) (ln net.Listener, exposed bool, err error) {
	addr := listen
	if addr == "" {
		addr = net.JoinHostPort("127.0.0.1", strconv.Itoa(port))
	}
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, false, fmt.Errorf("--listen %s: %w", addr, err)
	}
	ip := net.ParseIP(host)
	exposed = host != "localhost" && (ip == nil || !ip.IsLoopback())
	ln, err = net.Listen("tcp", addr)
	return ln, exposed, err
}

// Serve answers on ln until ctx ends, watching the folder meanwhile.
func (s *Server) Serve(ctx context.Context, ln net.Listener, debounce time.Duration) error {
	_, port, _ := net.SplitHostPort(ln.Addr().String())
	srv := &http.Server{
		Handler:           s.Handler(port),
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       10 * time.Second,
		WriteTimeout:      30 * time.Second, // lifted for the event stream
		IdleTimeout:       60 * time.Second,
		MaxHeaderBytes:    maxHeaderBytes,
		BaseContext:       func(net.Listener) context.Context { return ctx },
	}
	stop, err := s.state.watch(debounce)
	if err != nil {
		return err
	}
	defer stop()
	go func() {
		<-ctx.Done()
		shut, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		srv.Shutdown(shut)
	}()
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// guard refuses what the studio must not answer, then serves.
func (s *Server) guard(w http.ResponseWriter, r *http.Request) {
	if !s.localHost(r.Host) {
		http.Error(w, "this server answers only to localhost or an IP address on its own port", http.StatusMisdirectedRequest)
		return
	}
	if bad(r.URL.EscapedPath()) || bad(r.URL.RawQuery) {
		http.Error(w, "a path may not leave the project folder", http.StatusBadRequest)
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, maxBody)
	if r.Method == http.MethodGet || r.Method == http.MethodHead {
		// another site's page may link to the studio's pages, and no
		// more: its images, scripts or fetches would make the studio
		// draw and answer for it
		if foreign(r) && (pagePaths[r.URL.Path] == "" || !navigation(r)) {
			http.Error(w, "a request from another site is refused; open the studio's pages from its address", http.StatusForbidden)
			return
		}
	} else {
		if origin := r.Header.Get("Origin"); origin != "http://"+r.Host {
			http.Error(w, "cross-origin request refused", http.StatusForbidden)
			return
		}
		if subtle.ConstantTimeCompare([]byte(r.Header.Get(tokenHeader)), []byte(s.token)) != 1 {
			http.Error(w, "missing or wrong token", http.StatusForbidden)
			return
		}
	}
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("X-Frame-Options", "DENY")
	w.Header().Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'")
	s.mux.ServeHTTP(w, r)
}

// foreign reports whether a request comes from another site's page: the
// browser says so (Sec-Fetch-Site), or its Origin is not the studio's.
func foreign(r *http.Request) bool {
	switch r.Header.Get("Sec-Fetch-Site") {
	case "cross-site", "same-site": // same-site: another port of this host
		return true
	}
	origin := r.Header.Get("Origin")
	return origin != "" && origin != "http://"+r.Host
}

// navigation reports whether a request opens a page in a tab: a link
// followed, an address typed.
func navigation(r *http.Request) bool {
	return r.Header.Get("Sec-Fetch-Mode") == "navigate" && r.Header.Get("Sec-Fetch-Dest") == "document"
}

// localHost reports whether a request's Host names this server by a name
// no one else can point at it: localhost or an IP literal, on its port
// (which a client leaves out when it is 80). A DNS name is refused, which
// defeats DNS rebinding.
func (s *Server) localHost(hostport string) bool {
	host, port, err := net.SplitHostPort(hostport)
	if err != nil {
		// no port: HTTP's own, 80; an IPv6 address has its brackets
		host, port = hostport, "80"
		if inner, ok := strings.CutPrefix(hostport, "["); ok {
			host, ok = strings.CutSuffix(inner, "]")
			if !ok || !strings.Contains(host, ":") {
				return false
			}
		} else if strings.Contains(hostport, ":") {
			return false
		}
	}
	if port != s.port {
		return false
	}
	return host == "localhost" || net.ParseIP(host) != nil
}

// bad reports whether an escaped path or query holds a parent segment, an
// absolute path, a backslash or a NUL, in any escaping.
func bad(raw string) bool {
	for range 3 { // undo %252e%252e too
		if u, err := url.PathUnescape(raw); err == nil {
			raw = u
		}
	}
	if strings.ContainsAny(raw, "\\\x00") || strings.Contains(raw, "//") {
		return true
	}
	for _, part := range strings.FieldsFunc(raw, func(r rune) bool { return r == '/' || r == '&' || r == '=' }) {
		if part == ".." {
			return true
		}
	}
	for _, kv := range strings.Split(raw, "&") {
		if _, v, ok := strings.Cut(kv, "="); ok && (strings.HasPrefix(v, "/") || filepath.IsAbs(v)) {
			return true
		}
	}
	return false
}
