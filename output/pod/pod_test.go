package pod

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/internal/testtool"
	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/output"
)

// The services' published numbers, written out here rather than taken
// from the profiles (see the README for the sources): a poker card is
// 2.5 × 3.5 in; The Game Crafter wants an 825 × 1125 pixel image per face
// (300 dpi, 1/8 in of bleed), MakePlayingCards 822 × 1122 (300 dpi, 36
// pixels of bleed), DriveThruCards a PDF page of 2.75 × 3.75 in (198 × 270
// pt) per printed side, its TrimBox 1/8 in (9 pt) inside, front then back.
const pokerDeck = `deck: P
size: poker
templates:
  f: {background: "{{fill}}"}
  b: {background: "#0000ff"}
front: f
back: b
cards:
  - {name: one, fill: "#ff0000", count: 2}
  - {name: two, fill: "#00ff00"}
  - {name: three, fill: "#ffff00"}
`

var fronts = []color.NRGBA{{255, 0, 0, 255}, {0, 255, 0, 255}, {255, 255, 0, 255}}

var backBlue = color.NRGBA{0, 0, 255, 255}

func prepare(t *testing.T, src string, p Profile) *output.DeckJob {
	t.Helper()
	d, diags := cards.LoadDeck("deck.yaml", []byte(src), fstest.MapFS{})
	bleed, single, ff := p.Bleed, layout.DuplexSingle, false
	job, ds := output.PrepareDeck(d, output.DeckOptions{Files: fstest.MapFS{},
		Print: output.PrintOptions{Bleed: &bleed, Duplex: &single, BacksFirst: &ff}})
	if diags = diags.Extend(ds); job == nil || diags.HasErrors() {
		t.Fatalf("prepare: %v", diags)
	}
	return job
}

func profile(t *testing.T, name string) Profile {
	t.Helper()
	p, err := Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func at(img image.Image, x, y int) color.NRGBA {
	return color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA)
}

// TestImageProfiles: a PNG per card front at the service's pixels, the
// art running to the image's edge (the bleed), one back image for alike
// backs, and the list of files with each card's count.
func TestImageProfiles(t *testing.T) {
	tests := []struct {
		service string
		w, h    int
	}{
		{"thegamecrafter", 825, 1125},
		{"makeplayingcards", 822, 1122},
	}
	for _, tt := range tests {
		t.Run(tt.service, func(t *testing.T) {
			p := profile(t, tt.service)
			files, err := Export(prepare(t, pokerDeck, p), p, "d", "p", false)
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, f := range files {
				names = append(names, filepath.Base(f.Path))
				if !strings.HasSuffix(f.Path, ".png") {
					continue
				}
				img, err := png.Decode(bytes.NewReader(f.Data))
				if err != nil {
					t.Fatal(err)
				}
				if b := img.Bounds(); b.Dx() != tt.w || b.Dy() != tt.h {
					t.Errorf("%s: %d x %d pixels, want %d x %d", f.Path, b.Dx(), b.Dy(), tt.w, tt.h)
				}
				want := backBlue
				var k int
				if _, err := fmt.Sscanf(filepath.Base(f.Path), "p-front-%d.png", &k); err == nil {
					want = fronts[k-1]
				}
				for _, pt := range [][2]int{{0, 0}, {tt.w - 1, tt.h - 1}, {tt.w / 2, tt.h / 2}} {
					if got := at(img, pt[0], pt[1]); got != want {
						t.Errorf("%s at %v: %v, want %v", f.Path, pt, got, want)
					}
				}
			}
			if want := []string{"p-front-1.png", "p-front-2.png", "p-front-3.png", "p-back.png", "p-cards.csv"}; !slices.Equal(names, want) {
				t.Errorf("files %q, want %q", names, want)
			}
			csv := string(files[len(files)-1].Data)
			if want := "front,back,count\np-front-1.png,p-back.png,2\np-front-2.png,p-back.png,1\np-front-3.png,p-back.png,1\n"; csv != want {
				t.Errorf("list\n%s\nwant\n%s", csv, want)
			}
		})
	}
}

// TestDriveThruCards: 8 pages for 4 printed cards, each 198 × 270 pt with
// its TrimBox 9 pt inside and its BleedBox the page; the pages go front,
// back, card by card, copies counted.
func TestDriveThruCards(t *testing.T) {
	p := profile(t, "drivethrucards")
	files, err := Export(prepare(t, pokerDeck, p), p, "d", "p", false)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 1 || files[0].Path != filepath.Join("d", "p.pdf") {
		t.Fatalf("files %v, want d/p.pdf", files)
	}
	data := files[0].Data
	box := func(name string) []string {
		var out []string
		for _, m := range regexp.MustCompile(`/`+name+` \[ ?([^\]]*?) ?\]`).FindAllSubmatch(data, -1) {
			out = append(out, strings.Join(strings.Fields(string(m[1])), " "))
		}
		return out
	}
	trim, bleed := box("TrimBox"), box("BleedBox")
	if len(trim) != 8 || len(bleed) != 8 {
		t.Fatalf("%d trim boxes and %d bleed boxes, want 8 pages of each", len(trim), len(bleed))
	}
	for i := range trim {
		if trim[i] != "9.00 9.00 189.00 261.00" || bleed[i] != "0.00 0.00 198.00 270.00" {
			t.Errorf("page %d: TrimBox [%s], BleedBox [%s]", i+1, trim[i], bleed[i])
		}
	}
	pages := 0
	for _, m := range box("MediaBox") {
		if m == "0 0 198.00 270.00" {
			pages++
		}
	}
	if pages != 8 {
		t.Errorf("%d pages of 198 x 270 pt (%q), want 8", pages, box("MediaBox"))
	}
	// the order, on the pixels
	pdftoppm := testtool.Require(t, "pdftoppm")
	dir := t.TempDir()
	file := filepath.Join(dir, "p.pdf")
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(pdftoppm, "-r", "20", "-png", file, filepath.Join(dir, "page")).CombinedOutput(); err != nil {
		t.Fatalf("pdftoppm: %v\n%s", err, out)
	}
	want := []color.NRGBA{fronts[0], backBlue, fronts[0], backBlue, fronts[1], backBlue, fronts[2], backBlue}
	for i, w := range want {
		f, err := os.Open(filepath.Join(dir, fmt.Sprintf("page-%d.png", i+1)))
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		b := img.Bounds()
		if got := at(img, b.Dx()/2, b.Dy()/2); got != w {
			t.Errorf("page %d: %v, want %v", i+1, got, w)
		}
	}
}

// TestRefusals: a size the service does not print, a deck without backs
// and a deck not prepared with the service's bleed are refused, saying
// why.
func TestRefusals(t *testing.T) {
	mpc := profile(t, "makeplayingcards")
	std := strings.Replace(pokerDeck, "size: poker", "size: standard", 1)
	if _, err := Export(prepare(t, std, mpc), mpc, "d", "p", false); err == nil || !strings.Contains(err.Error(), "MakePlayingCards does not print 63mm x 88mm cards; it prints poker 63.5mm x 88.9mm") {
		t.Errorf("standard size: %v", err)
	}
	tgc := profile(t, "thegamecrafter")
	tarot := strings.Replace(pokerDeck, "size: poker", "size: tarot", 1)
	if _, err := Export(prepare(t, tarot, tgc), tgc, "d", "p", false); err == nil || !strings.Contains(err.Error(), "tarot 69.85mm x 120.65mm") {
		t.Errorf("70 x 120 mm: %v", err)
	}
	noBacks := strings.Replace(pokerDeck, "back: b\n", "", 1)
	if _, err := Export(prepare(t, noBacks, tgc), tgc, "d", "p", false); err == nil || !strings.Contains(err.Error(), "no back template") {
		t.Errorf("no backs: %v", err)
	}
	if _, err := Export(prepare(t, pokerDeck, mpc), tgc, "d", "p", false); err == nil || !strings.Contains(err.Error(), "bleed") {
		t.Errorf("MakePlayingCards' bleed for The Game Crafter: %v", err)
	}
	if _, err := Lookup("printful"); err == nil || !strings.Contains(err.Error(), "thegamecrafter, makeplayingcards, drivethrucards") {
		t.Errorf("unknown service: %v", err)
	}
}

// TestDistinctBacks: backs are written once each, numbered in order of
// first use, and the list pairs each front with its own; a card printed
// no times is left out.
func TestDistinctBacks(t *testing.T) {
	src := strings.Replace(pokerDeck, "  - {name: three, fill: \"#ffff00\"}\n",
		"  - {name: three, fill: \"#ffff00\", back: c}\n  - {name: none, fill: \"#ffffff\", count: 0}\n", 1)
	src = strings.Replace(src, "  b: {background: \"#0000ff\"}\n", "  b: {background: \"#0000ff\"}\n  c: {background: \"#00ffff\"}\n", 1)
	p := profile(t, "thegamecrafter")
	files, err := Export(prepare(t, src, p), p, "d", "p", false)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range files {
		names = append(names, filepath.Base(f.Path))
	}
	if want := []string{"p-front-1.png", "p-front-2.png", "p-front-3.png", "p-back-1.png", "p-back-2.png", "p-cards.csv"}; !slices.Equal(names, want) {
		t.Errorf("files %q, want %q", names, want)
	}
	if csv, want := string(files[5].Data), "front,back,count\np-front-1.png,p-back-1.png,2\np-front-2.png,p-back-1.png,1\np-front-3.png,p-back-2.png,1\n"; csv != want {
		t.Errorf("list\n%s\nwant\n%s", csv, want)
	}
	img, err := png.Decode(bytes.NewReader(files[4].Data))
	if err != nil {
		t.Fatal(err)
	}
	if got := at(img, 400, 500); got != (color.NRGBA{0, 255, 255, 255}) {
		t.Errorf("second back %v, want cyan", got)
	}
}

// TestPDFX: with pdfx, DriveThruCards' file is PDF/X-4 (PDF 1.6, an
// output intent); an image service refuses it.
func TestPDFX(t *testing.T) {
	dtc := profile(t, "drivethrucards")
	files, err := Export(prepare(t, pokerDeck, dtc), dtc, "d", "p", true)
	if err != nil {
		t.Fatal(err)
	}
	if f := files[0].Data; !bytes.HasPrefix(f, []byte("%PDF-1.6")) || !bytes.Contains(f, []byte("/S /GTS_PDFX")) {
		t.Errorf("not PDF/X-4: %q", f[:9])
	}
	tgc := profile(t, "thegamecrafter")
	if _, err := Export(prepare(t, pokerDeck, tgc), tgc, "d", "p", true); err == nil || !strings.Contains(err.Error(), "--pdfx is for drivethrucards") {
		t.Errorf("pdfx for images: %v", err)
	}
}

// TestOtherSizes: The Game Crafter's square (3.5 in) and tarot (2.75 ×
// 4.75 in) cards, with 1/8 in of bleed at 300 dpi: 1125 × 1125 and
// 900 × 1500 pixels.
func TestOtherSizes(t *testing.T) {
	p := profile(t, "thegamecrafter")
	for _, tt := range []struct {
		size string
		w, h int
	}{{"88.9x88.9mm", 1125, 1125}, {"69.85x120.65mm", 900, 1500}} {
		files, err := Export(prepare(t, strings.Replace(pokerDeck, "size: poker", "size: "+tt.size, 1), p), p, "d", "p", false)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(files[0].Data))
		if err != nil {
			t.Fatal(err)
		}
		if b := img.Bounds(); b.Dx() != tt.w || b.Dy() != tt.h {
			t.Errorf("%s: %d x %d, want %d x %d", tt.size, b.Dx(), b.Dy(), tt.w, tt.h)
		}
	}
}
