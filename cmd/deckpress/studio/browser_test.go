package studio

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/deckpress/deckpress/internal/testtool"
)

// serve runs a studio over dir on a free loopback port until the test
// ends and returns its address.
func serve(t *testing.T, dir string) string {
	t.Helper()
	s, err := New(Options{Dir: dir, Log: testLog{t}})
	if err != nil {
		t.Fatal(err)
	}
	ln, _, err := Listen("", 0)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- s.Serve(ctx, ln, 10*time.Millisecond) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Error(err)
		}
	})
	return "http://" + ln.Addr().String()
}

// browser starts headless chromium for the test.
func browser(t *testing.T) context.Context {
	t.Helper()
	exe := testtool.Require(t, "chromium")
	opts := append(slices.Clone(chromedp.DefaultExecAllocatorOptions[:]), chromedp.ExecPath(exe),
		chromedp.NoSandbox, chromedp.DisableGPU, chromedp.WindowSize(1400, 1000))
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelCtx := chromedp.NewContext(actx)
	ctx, cancelTime := context.WithTimeout(ctx, 90*time.Second)
	t.Cleanup(func() { cancelTime(); cancelCtx(); cancelAlloc() })
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("start chromium: %v", err)
	}
	return ctx
}

// until polls a JavaScript condition every 5 ms, failing after limit.
func until(ctx context.Context, t *testing.T, what, js string, limit time.Duration) time.Duration {
	t.Helper()
	start := time.Now()
	_, err := chromedp.Run(ctx, chromedp.Poll[bool](js, chromedp.WithPollingInterval(5*time.Millisecond), chromedp.WithPollingTimeout(limit)))
	if err != nil {
		text, _ := chromedp.Run(ctx, chromedp.Text(chromedp.CSS("main")))
		t.Fatalf("%s: not within %v (%v); the page shows:\n%.1500s", what, limit, err, text)
	}
	return time.Since(start)
}

// shot saves a screenshot of the page when STUDIO_SHOTS names a folder.
func shot(ctx context.Context, t *testing.T, name string) {
	dir := os.Getenv("STUDIO_SHOTS")
	if dir == "" {
		return
	}
	b, err := chromedp.Run(ctx, chromedp.FullScreenshot(100)) // 100: PNG
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, name+".png"), b, 0o644)
}

// replaceLine rewrites line n (1-based) of a file, as an editor saves it.
func replaceLine(t *testing.T, path string, n int, old, new string) {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(src), "\n")
	if !strings.Contains(lines[n-1], old) {
		t.Fatalf("%s:%d does not hold %q", path, n, old)
	}
	lines[n-1] = strings.Replace(lines[n-1], old, new, 1)
	if err := os.WriteFile(path, []byte(strings.Join(lines, "")), 0o644); err != nil {
		t.Fatal(err)
	}
}

// The studio in a real browser: the deck page of the Audition kit shows
// its 45 cards front and back, follows an edit of the deck file within a
// second (reloading only the changed card), shows a broken file's
// diagnostic at its line while keeping the cards; the hero designer
// recomputes points and combat modifier as a characteristic is typed and
// shows the character sheets; a rules file's page shows its pages; the
// balance page runs a lab and shows its report.
func TestStudioInBrowser(t *testing.T) {
	ctx := browser(t)
	dir := t.TempDir()
	for _, k := range []string{"audition", "gladiators"} {
		if _, err := buildInit(dir, k); err != nil {
			t.Fatal(err)
		}
	}
	base := serve(t, dir)
	deckFile := filepath.Join(dir, "audition.yaml")

	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/")); err != nil {
		t.Fatal(err)
	}
	until(ctx, t, "project page lists the deck", `document.querySelector("#inputs") !== null && document.querySelector("#inputs").textContent.includes("audition: 45 cards")`, 20*time.Second)
	// one of a thing is singular ("1 sheet", which the tuck box has)
	until(ctx, t, "project page counts in words", `(t => t.includes("1 sheet") && !/\b1 (cards|sheets|pages)\b/.test(t))(document.querySelector("#inputs").textContent)`, 5*time.Second)
	shot(ctx, t, "project")

	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/deck?input=audition.yaml")); err != nil {
		t.Fatal(err)
	}
	// 45 cards, each front and back, every image loaded
	loaded := `(() => { const imgs = [...document.querySelectorAll("#cards img")];
		return imgs.length === 90 && imgs.every(i => i.complete && i.naturalWidth > 0 && i.dataset.loaded === i.getAttribute("src")); })()`
	until(ctx, t, "90 card images", loaded, 30*time.Second)
	count, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("#cards [data-n]").length`))
	if count != 45 {
		t.Errorf("%d cards on the deck page, want 45", count)
	}

	// each edit of card 1's name must reload card 1's front, and only it
	src := func(n int, side string) string {
		s, _ := chromedp.Run(ctx, chromedp.Evaluate[string](fmt.Sprintf(`document.querySelector('[data-n="%d"] img[data-side=%s]').getAttribute("src")`, n, side)))
		return s
	}
	var lat []time.Duration
	name := "Vampire Matt"
	for i := range 5 {
		old, other := src(1, "front"), src(2, "front")
		next := fmt.Sprintf("Vampire Matt %d", i+1)
		start := time.Now()
		replaceLine(t, deckFile, 16, `"`+name+`"`, `"`+next+`"`)
		until(ctx, t, "card 1 redrawn", fmt.Sprintf(`(() => { const i = document.querySelector('[data-n="1"] img[data-side=front]');
			return i.getAttribute("src") !== %q && i.complete && i.dataset.loaded === i.getAttribute("src"); })()`, old), time.Second)
		lat = append(lat, time.Since(start))
		if src(2, "front") != other {
			t.Errorf("edit %d: card 2, unchanged, was reloaded", i+1)
		}
		name = next
	}
	slices.Sort(lat)
	t.Logf("save → updated card image, 5 edits of a 45-card deck: median %v, max %v", lat[2].Round(time.Millisecond), lat[4].Round(time.Millisecond))
	if lat[4] > time.Second {
		t.Errorf("slowest update %v, want at most 1 s", lat[4])
	}

	chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#guides")))
	until(ctx, t, "sheet view with guides", `document.querySelectorAll(".sheet svg").length === 2 && [...document.querySelectorAll(".sheet img")].every(i => i.complete)`, 20*time.Second)
	shot(ctx, t, "deck")

	// break the file: an unclosed flow list on line 9
	replaceLine(t, deckFile, 9, "front: hero", "front: [hero")
	until(ctx, t, "diagnostic of the broken file", `document.querySelector("#stale") !== null && /audition\.yaml:\d+:\d+: error/.test(document.querySelector("#diagnostics").textContent)`, 5*time.Second)
	diag, _ := chromedp.Run(ctx, chromedp.Text(chromedp.CSS("#diagnostics .diag.error")))
	if !strings.HasPrefix(diag, "audition.yaml:9:") && !strings.HasPrefix(diag, "audition.yaml:10:") {
		t.Errorf("diagnostic %q, want it at the broken line 9 (or where YAML notices, 10)", diag)
	}
	count, _ = chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("#cards img").length`))
	if count != 90 {
		t.Errorf("%d images after a broken save, want the 90 last good ones", count)
	}
	shot(ctx, t, "deck-broken")

	// the rules' pages: the two-card rules (a duplex sheet, two pages)
	// and the rules sheet, linked from the project page
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/")); err != nil {
		t.Fatal(err)
	}
	until(ctx, t, "project page links the rules' pages", `document.querySelector('#inputs a[href="/pages?input=rules.yaml"]') !== null`, 20*time.Second)
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/pages?input=rules.yaml")); err != nil {
		t.Fatal(err)
	}
	until(ctx, t, "the rules' three pages", `(() => { const imgs = [...document.querySelectorAll("#products img.page")];
		return imgs.length === 3 && imgs.every(i => i.complete && i.naturalWidth > 0 && i.dataset.loaded === i.getAttribute("src")); })()`, 30*time.Second)
	heads, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`[...document.querySelectorAll("#products h2")].map(h => h.textContent).join("; ")`))
	if heads != "rules: 2 pages; rules-sheet: 1 page" {
		t.Errorf("products on the pages page %q, want the rules cards' 2 pages and the sheet's 1", heads)
	}
	shot(ctx, t, "pages")

	// the hero designer: Lady Voltage, STR 3 → 4 costs 30 points, +1 combat modifier
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/hero?input=voltage-crew.yaml")); err != nil {
		t.Fatal(err)
	}
	until(ctx, t, "hero sheet", `document.querySelector('[data-points-left="0"]') !== null`, 20*time.Second)
	left, _ := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(`[data-points-left="0"]`)))
	cm, _ := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(`[data-cm="0"]`)))
	str := chromedp.CSS(`[data-hero="0"] input`)
	if err := chromedp.Do(ctx, chromedp.Click(str), chromedp.KeyEvent("\b"), chromedp.SendKeys(str, "4")); err != nil {
		t.Fatal(err)
	}
	until(ctx, t, "points and combat modifier recomputed", fmt.Sprintf(`document.querySelector('[data-points-left="0"]').textContent === "%d" && document.querySelector('[data-cm="0"]').textContent === "%d"`,
		atoi(t, left)-30, atoi(t, cm)+1), 5*time.Second)
	// the four heroes' character sheets beside their cards
	until(ctx, t, "character sheets", `(() => { const imgs = [...document.querySelectorAll("#herosheets img")];
		return imgs.length === 4 && imgs.every(i => i.complete && i.naturalWidth > 0); })()`, 10*time.Second)
	shot(ctx, t, "hero")
	// a characteristic of 0 is an error, shown beside its field
	chromedp.Do(ctx, chromedp.KeyEvent("\b"), chromedp.SendKeys(str, "0"))
	until(ctx, t, "diagnostic beside the field", `document.querySelector('[data-hero="0"] label .field-diag').textContent.includes("at least 1")`, 5*time.Second)

	// the balance page: a Slugfest run of the kit's teams, its progress,
	// then the report's pages
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/balance")); err != nil {
		t.Fatal(err)
	}
	until(ctx, t, "balance form", `document.querySelector("#simgame") !== null`, 20*time.Second)
	if err := chromedp.Do(ctx, chromedp.SetValue(chromedp.CSS("#simgame"), "slugfest"), chromedp.SetValue(chromedp.CSS("#simgames"), "500"),
		chromedp.Click(chromedp.CSS("#simrun"))); err != nil {
		t.Fatal(err)
	}
	until(ctx, t, "the lab's report", `document.querySelectorAll("img.report").length >= 1 && [...document.querySelectorAll("img.report")].every(i => i.complete && i.naturalWidth > 0) && /slugfest: 500 games played/.test(document.querySelector("#simstatus").textContent)`, 60*time.Second)
	shot(ctx, t, "balance")
}

func atoi(t *testing.T, s string) int {
	var n int
	if _, err := fmt.Sscan(s, &n); err != nil {
		t.Fatalf("%q is not a number", s)
	}
	return n
}

// testLog shows the studio's log lines in the test's output.
type testLog struct{ t *testing.T }

func (l testLog) Write(b []byte) (int, error) {
	l.t.Log(strings.TrimSpace(string(b)))
	return len(b), nil
}
