package cli

import (
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/data"
)

func TestRulesCommand(t *testing.T) {
	dir := t.TempDir()
	src, _ := fs.ReadFile(data.FS, "kits/audition/rules.yaml")
	os.WriteFile(filepath.Join(dir, "rules.yaml"), src, 0o644)
	code, stdout, stderr := runCLI(t, dir, "rules", "rules.yaml", "--copies", "6")
	if code != 0 || !strings.Contains(stdout, "18 cards") || !strings.Contains(stderr, "rules set at") {
		t.Fatalf("six sets of three cards: exit %d\n%s%s", code, stdout, stderr)
	}
	code, stdout, _ = runCLI(t, dir, "rules", "rules.yaml", "--sheet", "--paper", "letter")
	if code != 0 || !strings.Contains(stdout, "rules-sheet.pdf") {
		t.Fatalf("sheet: exit %d\n%s", code, stdout)
	}
	pages := rasterize(t, filepath.Join(dir, "out", "rules-sheet.pdf"), 20)
	if len(pages) < 1 || len(pages) > 2 || pages[0].Bounds().Dx() != 170 {
		t.Errorf("a one- or two-page Letter sheet, got %d pages of %v", len(pages), pages[0].Bounds())
	}
	if code, _, _ := runCLI(t, dir, "rules", "rules.yaml", "--copies", "-1"); code != 2 {
		t.Error("--copies -1 is a usage error")
	}
}

// TestRulesCardsText: every section heading of every kit's rules is in its
// PDF, and each back face lies behind the front it continues.
func TestRulesCardsText(t *testing.T) {
	dir := t.TempDir()
	if code, _, stderr := runCLI(t, dir, "build"); code != 0 {
		t.Fatal(stderr)
	}
	for kit, file := range map[string]string{"audition": "rules", "slugfest": "rules", "galaga": "rules", "gladiators": "combat-rules"} {
		src, _ := fs.ReadFile(data.FS, "kits/"+kit+"/"+file+".yaml")
		root, _ := cards.Parse(file, src)
		var headings []string
		for _, s := range root.Key("sections").Content {
			headings = append(headings, s.Key("heading").Value)
		}
		for _, pdf := range []string{file + ".pdf", file + "-sheet.pdf"} {
			pages := pdfWords(t, filepath.Join(dir, "out", kit, pdf))
			var all []string
			for _, p := range pages {
				all = append(all, p.text())
			}
			text := strings.Join(all, " ")
			for _, h := range headings {
				if !strings.Contains(text, h) {
					t.Errorf("%s/%s: heading %q not found", kit, pdf, h)
				}
			}
		}
		// duplex: face 2k+2's label, seen through the sheet, lies inside the
		// card whose front is face 2k+1 (the front label is at the top
		// right, 3.5 mm from the card's edge, half a band from its top)
		card := [2]float64{63.5, 88.9}
		if kit == "gladiators" {
			card = [2]float64{127, 76.2}
		}
		pt := func(mm float64) float64 { return mm * 72 / 25.4 }
		pages := pdfWords(t, filepath.Join(dir, "out", kit, file+".pdf"))
		front, back := pages[0], pages[1]
		landscape := front.w > front.h
		checked := 0
		for n := 1; ; n += 2 {
			fronts, backs := front.labelWords(n), back.labelWords(n+1)
			if len(fronts) == 0 || len(backs) == 0 {
				break // no such face, or the last back is a closing face
			}
			// every set on the sheet: each front has its back behind it
			for _, f := range fronts {
				right := f.x1 + pt(3.5)
				top := (f.y0+f.y1)/2 - pt(4.25)
				behind := false
				for _, b := range backs {
					bx, by := (b.x0+b.x1)/2, (b.y0+b.y1)/2
					if landscape { // long edge on landscape: rows mirrored
						by = back.h - by
					} else {
						bx = back.w - bx
					}
					behind = behind || bx >= right-pt(card[0]) && bx <= right && by >= top && by <= top+pt(card[1])
				}
				if !behind {
					t.Errorf("%s: no face %d lies behind face %d (card %.0f–%.0f × %.0f–%.0f pt)",
						kit, n+1, n, right-pt(card[0]), right, top, top+pt(card[1]))
				}
				checked++
			}
		}
		if checked == 0 {
			t.Errorf("%s: no face pairs checked", kit)
		}
	}
}

// labelWords returns the face labels "n/…" on a page, one a printed set
// (not the sheet label's "sheet 1/1").
func (p pageWords) labelWords(n int) []word {
	var out []word
	for i, w := range p.words {
		if strings.HasPrefix(w.text, strconv.Itoa(n)+"/") && (i == 0 || p.words[i-1].text != "sheet") {
			out = append(out, w)
		}
	}
	return out
}
