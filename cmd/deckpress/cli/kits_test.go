package cli

import (
	"io/fs"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/data"
	"github.com/deckpress/deckpress/internal/testtool"
)

var (
	countOf  = regexp.MustCompile(`\s(\d+) cards?\b`)
	sheetsOf = regexp.MustCompile(`\s(\d+) sheets?\b`)
)

// TestKitsBuild builds every built-in kit, as a newcomer's first command
// does, and checks the cards and sheets of every file.
func TestKitsBuild(t *testing.T) {
	dir := t.TempDir()
	code, stdout, stderr := runCLI(t, dir, "build")
	if code != 0 || strings.Contains(stderr, "error") || strings.Contains(stderr, "warning") {
		t.Fatalf("exit %d, stderr:\n%s", code, stderr)
	}
	want := map[string][2]int{ // file: cards, sheets
		"audition/audition.pdf":                 {45, 5},
		"audition/score-pad.pdf":                {1, 1},
		"audition/rules.pdf":                    {9, 1}, // three sets of three fill the sheet
		"audition/audition-tuckbox.pdf":         {0, 1},
		"audition/rules-sheet.pdf":              {0, 1},
		"galaga/rules.pdf":                      {9, 1},
		"galaga/rules-sheet.pdf":                {0, 1},
		"gladiators/combat-rules.pdf":           {4, 1},
		"gladiators/combat-rules-sheet.pdf":     {0, 2},
		"gladiators/arena.pdf":                  {0, 13},
		"slugfest/rules.pdf":                    {8, 1},
		"slugfest/rules-sheet.pdf":              {0, 1},
		"galaga/galaga.pdf":                     {62, 7},
		"gladiators/iron-circus.pdf":            {4, 1},
		"gladiators/iron-circus-sheets.pdf":     {4, 4},
		"gladiators/voltage-crew.pdf":           {4, 1},
		"gladiators/voltage-crew-sheets.pdf":    {4, 4},
		"gladiators/tokens.pdf":                 {8, 1},
		"samples/gallery.pdf":                   {13, 2},
		"samples/registration.pdf":              {12, 2},
		"slugfest/slugfest-nippon-alliance.pdf": {40, 5},
		"slugfest/slugfest-the-defenders.pdf":   {40, 5},
		"slugfest/slugfest-the-offenders.pdf":   {40, 5},
	}
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	got := map[string][2]int{}
	for _, l := range lines {
		f := strings.Fields(l)
		var n, s int // no card count: a document that is not cards
		if m := countOf.FindStringSubmatch(l); m != nil {
			n, _ = strconv.Atoi(m[1])
		}
		if m := sheetsOf.FindStringSubmatch(l); m != nil {
			s, _ = strconv.Atoi(m[1])
		}
		rel, _ := filepath.Rel("out", f[0])
		got[filepath.ToSlash(rel)] = [2]int{n, s}
	}
	for file, w := range want {
		if got[file] != w {
			t.Errorf("%s: %v cards/sheets, want %v", file, got[file], w)
		}
		if _, err := os.Stat(filepath.Join(dir, "out", file)); err != nil {
			t.Error(err)
		}
	}
	if len(got) != len(want) {
		t.Errorf("built %d files, want %d:\n%s", len(got), len(want), stdout)
	}
}

// pdfWords returns the words of each page with their boxes (points).
func pdfWords(t *testing.T, pdf string) []pageWords {
	t.Helper()
	bin := testtool.Require(t, "pdftotext")
	out, err := exec.Command(bin, "-bbox", pdf, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	pageRE := regexp.MustCompile(`<page width="([\d.]+)" height="([\d.]+)">`)
	wordRE := regexp.MustCompile(`<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>`)
	var pages []pageWords
	for _, chunk := range strings.Split(string(out), "</page>") {
		pm := pageRE.FindStringSubmatch(chunk)
		if pm == nil {
			continue
		}
		var p pageWords
		p.w, _ = strconv.ParseFloat(pm[1], 64)
		p.h, _ = strconv.ParseFloat(pm[2], 64)
		for _, m := range wordRE.FindAllStringSubmatch(chunk, -1) {
			var w word
			w.x0, _ = strconv.ParseFloat(m[1], 64)
			w.y0, _ = strconv.ParseFloat(m[2], 64)
			w.x1, _ = strconv.ParseFloat(m[3], 64)
			w.y1, _ = strconv.ParseFloat(m[4], 64)
			w.text = htmlUnescape(m[5])
			p.words = append(p.words, w)
		}
		pages = append(pages, p)
	}
	return pages
}

type word struct {
	x0, y0, x1, y1 float64
	text           string
}

type pageWords struct {
	w, h  float64
	words []word
}

func htmlUnescape(s string) string {
	return strings.NewReplacer("&amp;", "&", "&lt;", "<", "&gt;", ">", "&quot;", `"`, "&#39;", "'", "&apos;", "'").Replace(s)
}

// find returns the centre of the first run of words spelling phrase.
func (p pageWords) find(phrase string) (x, y float64, ok bool) {
	want := strings.Fields(phrase)
	for i := 0; i+len(want) <= len(p.words); i++ {
		match := true
		for j, w := range want {
			if p.words[i+j].text != w {
				match = false
				break
			}
		}
		if match {
			a, b := p.words[i], p.words[i+len(want)-1]
			return (a.x0 + b.x1) / 2, (a.y0 + b.y1) / 2, true
		}
	}
	return 0, 0, false
}

func (p pageWords) text() string {
	var s []string
	for _, w := range p.words {
		s = append(s, w.text)
	}
	return strings.Join(s, " ")
}

// TestAuditionBacksBehindHeroes: on the printed Audition deck, each hero's
// crisis question lies behind that hero's own card (the duplex check of the
// spine, on real content), and every card text is in the PDF.
func TestAuditionBacksBehindHeroes(t *testing.T) {
	src, _ := fs.ReadFile(data.FS, "kits/audition/audition.yaml")
	deck, diags := cards.LoadDeck("audition.yaml", src, nil)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	dir := t.TempDir()
	if code, _, stderr := runCLI(t, dir, "build"); code != 0 {
		t.Fatal(stderr)
	}
	pages := pdfWords(t, filepath.Join(dir, "out", "audition", "audition.pdf"))
	const cardW = 63.5 * 72 / 25.4 // points
	checked := 0
	for _, c := range deck.All() {
		if c.Kind != "hero" {
			continue
		}
		name, crisis := c.Fields["name"].Value, c.Fields["crisis"].Value
		found := false
		for i := 0; i+1 < len(pages); i += 2 {
			fx, fy, ok := pages[i].find(name)
			if !ok {
				continue
			}
			found = true
			// the first words of the crisis, on the back page, seen
			// through the sheet (long edge, portrait: x mirrored)
			words := strings.Fields(crisis)
			bx, by, ok := pages[i+1].find(strings.Join(words[:3], " "))
			if !ok {
				t.Errorf("%s: crisis %q not on the back page", name, crisis)
				break
			}
			bx = pages[i+1].w - bx
			if math.Abs(bx-fx) > cardW/2 || by < fy || by-fy > 88.9*72/25.4 {
				t.Errorf("%s: front name at %.0f,%.0f pt, its crisis behind at %.0f,%.0f pt: not the same card", name, fx, fy, bx, by)
			}
			// and no other hero's name is nearer to it
			for _, o := range deck.All() {
				if o.Kind != "hero" || o == c {
					continue
				}
				if ox, oy, ok := pages[i].find(o.Fields["name"].Value); ok && math.Hypot(ox-bx, oy-by) < math.Hypot(fx-bx, fy-by) {
					t.Errorf("%s: its crisis lies behind %s", name, o.Fields["name"].Value)
				}
			}
			checked++
			break
		}
		if !found {
			t.Errorf("%s: not found on any front page", name)
		}
	}
	if checked != 26 {
		t.Errorf("checked %d heroes, want 26", checked)
	}
}

// TestKitTexts: pdftotext finds the card texts of every kit.
func TestKitTexts(t *testing.T) {
	dir := t.TempDir()
	if code, _, stderr := runCLI(t, dir, "build"); code != 0 {
		t.Fatal(stderr)
	}
	checks := map[string][]string{
		"audition/audition.pdf":               {"Vampire Matt", "Professor Pharaoh", "Baby Hands McGee", "Zoobot", "Scotch Ape", "VOTE FOR", "VOTE AGAINST", "ROBBER", "PLAYER 6"},
		"audition/score-pad.pdf":              {"score pad", "Eliminated hero", "Total"},
		"galaga/galaga.pdf":                   {"Single Shot", "Dual Fighter", "Jamming Signal", "Countermeasure", "NEGATION", "1UP", "1 LIFE", "GALAGA"},
		"slugfest/slugfest-the-defenders.pdf": {"Iron Fist", "Built in Weapons", "Reverse Inertia Field", "THE DEFENDERS"},
		"gladiators/voltage-crew.pdf":         {"Lady Voltage", "Distance Attack", "151 pts", "The Voltage Crew"},
		"gladiators/voltage-crew-sheets.pdf":  {"Lady Voltage", "House tables", "To hit:"},
	}
	for file, texts := range checks {
		var all []string
		for _, p := range pdfWords(t, filepath.Join(dir, "out", file)) {
			all = append(all, p.text())
		}
		joined := strings.Join(all, " ")
		for _, want := range texts {
			if !strings.Contains(joined, want) {
				t.Errorf("%s: %q not found", file, want)
			}
		}
	}
}

func TestInit(t *testing.T) {
	dir := t.TempDir()
	code, stdout, _ := runCLI(t, dir, "init", "galaga", "mygame")
	if code != 0 || !strings.Contains(stdout, filepath.Join("mygame", "galaga.yaml")) {
		t.Fatalf("exit %d\n%s", code, stdout)
	}
	os.WriteFile(filepath.Join(dir, "mygame", "galaga.yaml"), []byte("deck: mine\n"), 0o644)
	code, _, stderr := runCLI(t, dir, "init", "galaga", "mygame")
	if code != 1 || !strings.Contains(stderr, "refusing to overwrite") {
		t.Errorf("init over existing files: exit %d, %s", code, stderr)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "mygame", "galaga.yaml")); string(b) != "deck: mine\n" {
		t.Error("init overwrote a file without --force")
	}
	if code, _, _ := runCLI(t, dir, "init", "galaga", "mygame", "--force"); code != 0 {
		t.Error("--force failed")
	}
	code, stdout, stderr = runCLI(t, dir, "build", "mygame")
	if code != 0 || !strings.Contains(stdout, "62 cards") {
		t.Errorf("a kit written by init builds as it is: exit %d\n%s%s", code, stdout, stderr)
	}
	if code, _, _ := runCLI(t, dir, "init", "monopoly", "x"); code != 2 {
		t.Errorf("unknown kit: want a usage error")
	}
	for _, kit := range data.Kits() {
		d := filepath.Join(dir, "all", kit)
		if code, _, stderr := runCLI(t, dir, "init", kit, d); code != 0 {
			t.Errorf("init %s: %s", kit, stderr)
		}
		if code, _, stderr := runCLI(t, dir, "check", d); code != 0 {
			t.Errorf("check %s: %s", kit, stderr)
		}
	}
}
