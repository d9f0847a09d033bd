package studio

import (
	"bytes"
	"encoding/json"
	"image/png"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

type pagesAnswer struct {
	Products []struct {
		Name  string
		Pages []string
		Total int
	}
	Stale bool
}

func pagesOf(t *testing.T, h http.Handler, input string) pagesAnswer {
	t.Helper()
	code, body := do(h, get("/api/pages?input="+input, "localhost:8080"))
	var p pagesAnswer
	if err := json.Unmarshal([]byte(body), &p); code != 200 || err != nil {
		t.Fatalf("/api/pages?input=%s: status %d: %s", input, code, body)
	}
	return p
}

// a page of A4 or US Letter paper, either way up, at 60 dpi
var paperAt60 = map[[2]int]bool{{496, 702}: true, {702, 496}: true, {510, 660}: true, {660, 510}: true}

// Every format other than decks shows each product's pages as PNG images
// of paper at 60 dpi, as many as its PDF has: the rules on two cards
// (one duplex sheet, two pages) and a rules sheet of one page; the arena's
// overview and its 12 A4 tiles; each Slugfest team's deck; a team's four
// hero cards on one duplex sheet and a character sheet a page per hero.
// Pages that do not exist are 404.
func TestPagesOfEveryFormat(t *testing.T) {
	tests := []struct {
		kit, input string
		want       map[string]int // product → pages
	}{
		{"audition", "rules.yaml", map[string]int{"rules": 2, "rules-sheet": 1}},
		{"gladiators", "arena.yaml", map[string]int{"arena": 13}},
		{"gladiators", "voltage-crew.yaml", map[string]int{"voltage-crew": 2, "voltage-crew-sheets": 4}},
		{"slugfest", "slugfest.yaml", map[string]int{"slugfest-nippon-alliance": 10, "slugfest-the-defenders": 10, "slugfest-the-offenders": 10}},
	}
	for _, tt := range tests {
		t.Run(tt.kit+"/"+tt.input, func(t *testing.T) {
			_, h, _ := kit(t, tt.kit)
			p := pagesOf(t, h, tt.input)
			got := map[string]int{}
			for _, pr := range p.Products {
				got[pr.Name] = pr.Total
				if len(pr.Pages) != pr.Total {
					t.Errorf("%s: %d page images of %d", pr.Name, len(pr.Pages), pr.Total)
				}
				for _, u := range pr.Pages {
					code, body := do(h, get(u, "localhost:8080"))
					img, err := png.Decode(strings.NewReader(body))
					if code != 200 || err != nil {
						t.Errorf("%s: status %d, %v", u, code, err)
						continue
					}
					if size := img.Bounds().Size(); !paperAt60[[2]int{size.X, size.Y}] {
						t.Errorf("%s: %v pixels, not a page of A4 or Letter at 60 dpi", u, size)
					}
				}
			}
			if len(got) != len(tt.want) {
				t.Errorf("products %v, want %v", got, tt.want)
			}
			for name, n := range tt.want {
				if got[name] != n {
					t.Errorf("%s: %d pages, want %d", name, got[name], n)
				}
			}
			first := p.Products[0]
			for _, u := range []string{
				"/api/page/" + tt.input + "/" + first.Name + "/0.png",
				"/api/page/" + tt.input + "/" + first.Name + "/" + strconv.Itoa(first.Total+1) + ".png",
				"/api/page/" + tt.input + "/" + first.Name + "/-1.png",
				"/api/page/" + tt.input + "/" + first.Name + "/x.png",
				"/api/page/" + tt.input + "/" + first.Name + "/1.jpg",
				"/api/page/" + tt.input + "/no-such-product/1.png",
				"/api/page/no-such-input.yaml/" + first.Name + "/1.png",
			} {
				if code, _ := do(h, get(u, "localhost:8080")); code != http.StatusNotFound {
					t.Errorf("%s: status %d, want 404", u, code)
				}
			}
		})
	}
	// a deck has its own page, not these
	_, h, _ := kit(t, "audition")
	if p := pagesOf(t, h, "audition.yaml"); len(p.Products) != 0 {
		t.Errorf("the deck's pages listed: %+v", p.Products)
	}
	if code, _ := do(h, get("/api/pages?input=templates.yaml", "localhost:8080")); code != http.StatusNotFound {
		t.Errorf("a template file's pages: status %d, want 404", code)
	}
}

// A product of more pages than the studio draws lists the first 24 and
// says how many it has: a 60 × 44 arena tiles onto 4 times the pages of
// the kit's 30 × 22.
func TestPagesAreBounded(t *testing.T) {
	s, h, dir := kit(t, "gladiators")
	path := filepath.Join(dir, "arena.yaml")
	src, _ := os.ReadFile(path)
	os.WriteFile(path, bytes.Replace(src, []byte("hexes: {cols: 30, rows: 22}"), []byte("hexes: {cols: 60, rows: 44}"), 1), 0o644)
	s.state.changed([]string{path})
	p := pagesOf(t, h, "arena.yaml")
	if len(p.Products) != 1 || len(p.Products[0].Pages) != 24 || p.Products[0].Total <= 24 {
		t.Fatalf("products %+v, want one arena of more than 24 pages, 24 of them listed", p.Products)
	}
	if code, _ := do(h, get("/api/page/arena.yaml/arena/25.png", "localhost:8080")); code != http.StatusNotFound {
		t.Errorf("page 25 of a product shown to 24: status %d, want 404", code)
	}
}

// Like the deck's faces, a page keeps its address while its drawing does
// not change, gets a new one when it does, and a broken save keeps the
// last good pages.
func TestPagesKeepTheirAddressUntilTheyChange(t *testing.T) {
	s, h, dir := kit(t, "audition")
	path := filepath.Join(dir, "rules.yaml")
	before := pagesOf(t, h, "rules.yaml")
	s.state.changed([]string{path}) // rebuilt, unchanged
	if again := pagesOf(t, h, "rules.yaml"); !equalJSON(before, again) {
		t.Errorf("an unchanged rebuild moved the pages: %+v → %+v", before, again)
	}
	src, _ := os.ReadFile(path)
	os.WriteFile(path, bytes.Replace(src, []byte("rules: Superhero Audition"), []byte("rules: Superhero Auditions"), 1), 0o644)
	s.state.changed([]string{path})
	after := pagesOf(t, h, "rules.yaml")
	for i, pr := range after.Products {
		for k, u := range pr.Pages {
			if u == before.Products[i].Pages[k] {
				t.Errorf("%s page %d kept its address %s after the title changed", pr.Name, k+1, u)
			}
		}
	}
	os.WriteFile(path, []byte("rules: [broken\n"), 0o644)
	s.state.changed([]string{path})
	if broken := pagesOf(t, h, "rules.yaml"); !broken.Stale || !equalJSON(broken.Products, after.Products) {
		t.Errorf("broken save: stale %v, products %+v; want the last good pages, stale", broken.Stale, broken.Products)
	}
}

func equalJSON(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return bytes.Equal(x, y)
}
