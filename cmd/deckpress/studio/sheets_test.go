package studio

import (
	"bytes"
	"context"
	"encoding/json"
	"image"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/templates/draw"
)

// fetched sets the headers a browser sends with a request: the site it
// comes from, and what it is for (a page opened, an image, a script's
// fetch).
func fetched(r *http.Request, site, mode, dest, origin string) *http.Request {
	for k, v := range map[string]string{"Sec-Fetch-Site": site, "Sec-Fetch-Mode": mode, "Sec-Fetch-Dest": dest, "Origin": origin} {
		if v != "" {
			r.Header.Set(k, v)
		}
	}
	return r
}

// Another site's page may open the studio's pages, and nothing else: not
// an image, not the API, not a page as an image; the studio's own page,
// an address typed and a client that says nothing are answered.
func TestOtherSitesOnlyOpenPages(t *testing.T) {
	_, h, _ := kit(t, "audition")
	sheet := "/api/sheet/0?input=audition.yaml&paper=2000x2000mm"
	tests := []struct {
		name, target, site, mode, dest, origin string
		want                                   int
	}{
		{"a sheet as another site's image", sheet, "cross-site", "no-cors", "image", "", 403},
		{"a card from another port's page", "/api/card/audition.yaml/audition/1/front.png", "same-site", "no-cors", "image", "", 403},
		{"the API from another site's script", "/api/project", "cross-site", "cors", "empty", "http://evil.example", 403},
		{"the API, an old browser's foreign Origin", "/api/project", "", "", "", "http://evil.example", 403},
		{"the API opened in a tab from a link", "/api/sheets?input=audition.yaml", "cross-site", "navigate", "document", "", 403},
		{"a page as another site's image", "/deck?input=audition.yaml", "cross-site", "no-cors", "image", "", 403},
		{"a page in another site's frame", "/deck?input=audition.yaml", "cross-site", "navigate", "iframe", "", 403},
		{"a page from another site's link", "/deck?input=audition.yaml", "cross-site", "navigate", "document", "", 200},
		{"the project page from a link", "/", "cross-site", "navigate", "document", "", 200},
		{"a sheet for the studio's page", sheet, "same-origin", "no-cors", "image", "", 200},
		{"the API from the studio's script", "/api/project", "same-origin", "cors", "empty", "http://localhost:8080", 200},
		{"an address typed", sheet, "none", "navigate", "document", "", 200},
		{"a client that says nothing", "/api/project", "", "", "", "", 200},
	}
	for _, tt := range tests {
		if code, body := do(h, fetched(get(tt.target, "localhost:8080"), tt.site, tt.mode, tt.dest, tt.origin)); code != tt.want {
			t.Errorf("%s: status %d (%.80q), want %d", tt.name, code, body, tt.want)
		}
	}
}

// A sheet is drawn once for its view, under an address numbered for the
// view (cached for good with it), at most 1200 pixels on its longer side
// whatever the paper; view settings that are wrong are 400.
func TestSheetsAreDrawnOnceAndBounded(t *testing.T) {
	s, h, _ := kit(t, "audition")
	code, body := do(h, get("/api/sheets?input=audition.yaml&paper=2000x2000mm", "localhost:8080"))
	var v struct{ Pages []string }
	if err := json.Unmarshal([]byte(body), &v); code != 200 || err != nil || len(v.Pages) == 0 {
		t.Fatalf("sheets: %d %s", code, body)
	}
	if !regexp.MustCompile(`[?&]v=[0-9]+(&|$)`).MatchString(v.Pages[0]) {
		t.Errorf("sheet address %s, want a view number in v", v.Pages[0])
	}
	w := do2(h, get(v.Pages[0], "localhost:8080"))
	img, _, err := image.DecodeConfig(bytes.NewReader(w.body))
	if w.code != 200 || err != nil || max(img.Width, img.Height) > maxPixels {
		t.Fatalf("a sheet of 2000 × 2000 mm: %d, %d × %d pixels (%v); want at most %d", w.code, img.Width, img.Height, err, maxPixels)
	}
	if cc := w.header.Get("Cache-Control"); !strings.Contains(cc, "immutable") {
		t.Errorf("Cache-Control %q for the view's own address, want it cached for good", cc)
	}
	again := do2(h, get(v.Pages[0], "localhost:8080"))
	if len(s.views.by) != 1 || !bytes.Equal(again.body, w.body) {
		t.Fatalf("%d views after asking twice for one", len(s.views.by))
	}
	for _, view := range s.views.by {
		if len(view.sheets) != 1 || view.sheets[0].png == nil {
			t.Errorf("the sheet was not kept for its view: %+v", view.sheets)
		}
	}
	for _, q := range []string{"paper=nonsense", "bleed=abc", "duplex=sideways", "paper=a4&margin=200mm"} {
		for _, u := range []string{"/api/sheets?input=audition.yaml&" + q, "/api/sheet/0?input=audition.yaml&" + q} {
			if code, body := do(h, get(u, "localhost:8080")); code != http.StatusBadRequest {
				t.Errorf("%s: %d %.100q, want 400", u, code, body)
			}
		}
	}
	if code, _ := do(h, get("/api/sheets?input=rules.yaml", "localhost:8080")); code != http.StatusNotFound {
		t.Errorf("the sheets of a file that is not a deck: %d, want 404", code)
	}
}

// A page image of any paper, and a card image of any size, is at most
// 1200 pixels on its longer side.
func TestImagesAreBounded(t *testing.T) {
	for _, size := range []layout.Size{{W: 210, H: 297}, {W: 2000, H: 1000}, {W: 50, H: 5000}} {
		p := &pageImage{page: draw.Page{Size: size}}
		b, err := p.draw(pageDPI)
		img, _, err2 := image.DecodeConfig(bytes.NewReader(b))
		if err != nil || err2 != nil || max(img.Width, img.Height) > maxPixels {
			t.Errorf("a page of %v mm: %d × %d pixels (%v, %v), want at most %d", size, img.Width, img.Height, err, err2, maxPixels)
		}
	}
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "big.yaml"), []byte("deck: big\nsize: {width: 900, height: 600}\nprint: {paper: {width: 1000, height: 1000}}\ntemplates: {t: {background: \"#3cb44b\"}}\nfront: t\ncards: [{name: x}]\n"), 0o644)
	s, err := New(Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	code, body := do(s.Handler("8080"), get("/api/card/big.yaml/big/1/front.png", "localhost:8080"))
	img, _, err := image.DecodeConfig(strings.NewReader(body))
	if code != 200 || err != nil || max(img.Width, img.Height) > maxPixels {
		t.Errorf("a card of 900 × 600 mm: %d, %d × %d pixels (%v), want at most %d", code, img.Width, img.Height, err, maxPixels)
	}
}

// Images are drawn for requests as many at once as there are cores: a
// request that finds every turn taken waits, and leaves when it ends.
func TestDrawingTakesTurns(t *testing.T) {
	s, h, _ := kit(t, "audition")
	for range cap(s.renders) {
		s.renders <- struct{}{}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	for _, u := range []string{"/api/card/audition.yaml/audition/1/front.png", "/api/page/rules.yaml/rules/1.png", "/api/sheet/0?input=audition.yaml"} {
		if code, _ := do(h, get(u, "localhost:8080").WithContext(ctx)); code != http.StatusServiceUnavailable {
			t.Errorf("%s with every turn taken: %d, want 503 once the request ended", u, code)
		}
	}
	for range cap(s.renders) {
		<-s.renders
	}
	if code, _ := do(h, get("/api/sheet/0?input=audition.yaml", "localhost:8080")); code != 200 {
		t.Errorf("with the turns free: %d", code)
	}
}

type answer struct {
	code   int
	header http.Header
	body   []byte
}

// do2 is do with the headers.
func do2(h http.Handler, r *http.Request) answer {
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return answer{w.Code, w.Header(), w.Body.Bytes()}
}
