package cli

import (
	"image"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deckpress/deckpress/layout"
)

// TestPreviewMatchesPDF: a gallery face rendered to PNG at 150 dpi and the
// same face in the PDF rasterised by pdftoppm at 150 dpi have the same
// pixel size, and under 2% of their pixels differ beyond anti-aliasing.
func TestPreviewMatchesPDF(t *testing.T) {
	dir := t.TempDir()
	copyTree(t, kitFS(t, "samples"), dir)
	if code, _, stderr := runCLI(t, dir, "build", "gallery.yaml", "--duplex", "single"); code != 0 {
		t.Fatal(stderr)
	}
	pages := rasterize(t, filepath.Join(dir, "out", "gallery.pdf"), 150)
	for _, card := range []int{1, 2, 5, 6, 7, 8} {
		code, stdout, stderr := runCLI(t, dir, "preview", "gallery.yaml", "--cards", itoaCard(card), "--faces", "front", "-o", "pv")
		if code != 0 {
			t.Fatal(stderr)
		}
		img := readPNG(t, filepath.Join(dir, strings.Fields(stdout)[0]))
		pdfImg := pages[2*(card-1)] // fronts are the odd pages
		if img.Bounds().Size() != pdfImg.Bounds().Size() {
			t.Fatalf("card %d: PNG %v, PDF page %v", card, img.Bounds().Size(), pdfImg.Bounds().Size())
		}
		diff := differing(img, pdfImg)
		if diff > 0.02 {
			t.Errorf("card %d: %.2f%% of pixels differ", card, diff*100)
		}
		t.Logf("card %d: %.3f%% of pixels differ", card, diff*100)
	}
}

func itoaCard(n int) string { return string(rune('0' + n)) }

// differing returns the share of pixels of a whose colour lies outside the
// range of b's colours around the same place (3 × 3 pixels, each channel,
// with 24 of slack): differences beyond anti-aliasing and the rasterisers'
// different ways of snapping thin lines.
func differing(a image.Image, b *image.RGBA) float64 {
	bounds := a.Bounds()
	bad := 0
	for y := bounds.Min.Y; y < bounds.Max.Y; y++ {
		for x := bounds.Min.X; x < bounds.Max.X; x++ {
			r, g, bl, _ := a.At(x, y).RGBA()
			px := [3]int{int(r >> 8), int(g >> 8), int(bl >> 8)}
			lo, hi := [3]int{255, 255, 255}, [3]int{0, 0, 0}
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					p := image.Pt(x+dx, y+dy)
					if !p.In(b.Bounds()) {
						continue
					}
					q := b.RGBAAt(p.X, p.Y)
					for c, v := range [3]int{int(q.R), int(q.G), int(q.B)} {
						lo[c], hi[c] = min(lo[c], v), max(hi[c], v)
					}
				}
			}
			for c := range px {
				if px[c] < lo[c]-24 || px[c] > hi[c]+24 {
					bad++
					break
				}
			}
		}
	}
	return float64(bad) / float64(bounds.Dx()*bounds.Dy())
}

func TestParseCardList(t *testing.T) {
	got, err := parseCardList("1-3, 9,2", 10)
	if err != nil || len(got) != 4 || got[0] != 0 || got[3] != 8 {
		t.Errorf("%v %v", got, err)
	}
	for _, bad := range []string{"0", "3-1", "x", "11", "2-12"} {
		if _, err := parseCardList(bad, 10); err == nil {
			t.Errorf("%q: want an error", bad)
		}
	}
	_ = layout.Front
}

// TestContactSheetCounts: a contact sheet says how many cards it shows,
// a card's two faces being one card.
func TestContactSheetCounts(t *testing.T) {
	dir := t.TempDir()
	deck := "deck: d\nsize: mini-american\ntemplates:\n  t: {background: \"#336699\", elements: []}\nfront: t\nback: t\ncards:\n  - {}\n  - {count: 2}\n  - {}\n"
	writeFile(t, filepath.Join(dir, "d.yaml"), []byte(deck))
	for _, c := range []struct {
		args []string
		want string
	}{
		{nil, "3 cards"},
		{[]string{"--faces", "front"}, "3 cards"},
		{[]string{"--cards", "1-2"}, "2 cards"},
	} {
		args := append([]string{"preview", "d.yaml", "--sheet", "--dpi", "20"}, c.args...)
		code, stdout, stderr := runCLI(t, dir, args...)
		if code != 0 || !strings.Contains(stdout, c.want+" ") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want %q", c.args, code, stdout, stderr, c.want)
		}
	}
}
