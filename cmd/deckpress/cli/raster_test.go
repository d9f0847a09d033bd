package cli

import (
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/deckpress/deckpress/internal/testtool"
)

// rasterize renders every page of a PDF with pdftoppm at dpi.
func rasterize(t *testing.T, pdfPath string, dpi int) []*image.RGBA {
	t.Helper()
	bin := testtool.Require(t, "pdftoppm")
	dir := t.TempDir()
	out, err := exec.Command(bin, "-r", fmt.Sprint(dpi), "-png", pdfPath, filepath.Join(dir, "p")).CombinedOutput()
	if err != nil {
		t.Fatalf("pdftoppm: %v\n%s", err, out)
	}
	names, _ := filepath.Glob(filepath.Join(dir, "p-*.png"))
	sort.Strings(names)
	var pages []*image.RGBA
	for _, n := range names {
		pages = append(pages, readPNG(t, n))
	}
	return pages
}

// readPNG reads a PNG file as RGBA.
func readPNG(t *testing.T, path string) *image.RGBA {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	rgba, ok := img.(*image.RGBA)
	if !ok {
		rgba = image.NewRGBA(img.Bounds())
		draw.Draw(rgba, rgba.Bounds(), img, img.Bounds().Min, draw.Src)
	}
	return rgba
}

// mirror returns img mirrored left-right (columns) or top-bottom (rows):
// the back page as seen through the sheet from the front.
func mirror(img *image.RGBA, columns bool) *image.RGBA {
	b := img.Bounds()
	out := image.NewRGBA(b)
	for y := 0; y < b.Dy(); y++ {
		for x := 0; x < b.Dx(); x++ {
			sx, sy := x, y
			if columns {
				sx = b.Dx() - 1 - x
			} else {
				sy = b.Dy() - 1 - y
			}
			out.SetRGBA(x, y, img.RGBAAt(sx, sy))
		}
	}
	return out
}

type rgb struct{ r, g, b uint8 }

func parseHex(s string) rgb {
	var c rgb
	fmt.Sscanf(strings.TrimPrefix(s, "#"), "%02x%02x%02x", &c.r, &c.g, &c.b)
	return c
}

// box is a pixel bounding box, max exclusive.
type box struct{ x0, y0, x1, y1 int }

// colourBoxes returns, for each colour, the bounding box of its pixels
// inside within (or the whole image) and how many there are; one pass.
func colourBoxes(img *image.RGBA, within *box, colours ...rgb) ([]box, []int) {
	b := img.Bounds()
	area := box{0, 0, b.Dx(), b.Dy()}
	if within != nil {
		area = *within
	}
	boxes := make([]box, len(colours))
	counts := make([]int, len(colours))
	for i := range boxes {
		boxes[i] = box{math.MaxInt, math.MaxInt, -1, -1}
	}
	const tol = 6
	for y := area.y0; y < area.y1; y++ {
		row := img.Pix[y*img.Stride:]
		for x := area.x0; x < area.x1; x++ {
			r, g, bl := int(row[4*x]), int(row[4*x+1]), int(row[4*x+2])
			for i, c := range colours {
				if absInt(r-int(c.r)) <= tol && absInt(g-int(c.g)) <= tol && absInt(bl-int(c.b)) <= tol {
					counts[i]++
					bb := &boxes[i]
					bb.x0, bb.y0 = min(bb.x0, x), min(bb.y0, y)
					bb.x1, bb.y1 = max(bb.x1, x+1), max(bb.y1, y+1)
					break
				}
			}
		}
	}
	return boxes, counts
}

func absInt(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// duplexCheck asserts, for a printed front page and the back page behind
// it, that every card colour on the front lies behind the same colour on
// the back (within tolMM, after moving the back by offsetMM), and that
// each back's black square sits behind its front's top-right corner,
// squareMM in from the card's edges.
func duplexCheck(t *testing.T, name string, front, backSeen *image.RGBA, colours []string, dpi float64, offsetMM [2]float64, squareMM float64) {
	t.Helper()
	px := func(mm float64) float64 { return mm * dpi / 25.4 }
	tol := px(0.3) + 0.5 // 0.3 mm, plus half a pixel of anti-aliasing
	black := rgb{0, 0, 0}
	cs := make([]rgb, len(colours))
	for i, hex := range colours {
		cs[i] = parseHex(hex)
	}
	fronts, fn := colourBoxes(front, nil, cs...)
	backs, bn := colourBoxes(backSeen, nil, cs...)
	found := 0
	for i, hex := range colours {
		fb, bb := fronts[i], backs[i]
		if fn[i] < 100 {
			continue // not on this sheet
		}
		found++
		if bn[i] < 100 {
			t.Errorf("%s: card %s is on the front but its colour is not behind it", name, hex)
			continue
		}
		dx := []float64{float64(bb.x0-fb.x0) - px(offsetMM[0]), float64(bb.x1-fb.x1) - px(offsetMM[0])}
		dy := []float64{float64(bb.y0-fb.y0) - px(offsetMM[1]), float64(bb.y1-fb.y1) - px(offsetMM[1])}
		for _, d := range append(dx, dy...) {
			if math.Abs(d) > tol {
				t.Errorf("%s: card %s: back %v is %.2f px (%.2f mm) off its front %v", name, hex, bb, d, d*25.4/dpi, fb)
				break
			}
		}
		// the front's square is at its top-left; the back's, seen through
		// the sheet, must be at the top-right
		fsq, _ := colourBoxes(front, &fb, black)
		fs := fsq[0]
		if math.Abs(float64(fs.x0-fb.x0)-px(squareMM)) > tol+1 || math.Abs(float64(fs.y0-fb.y0)-px(squareMM)) > tol+1 {
			t.Errorf("%s: card %s: front square %v not at the top-left of %v", name, hex, fs, fb)
		}
		bsq, _ := colourBoxes(backSeen, &bb, black)
		bs := bsq[0]
		if math.Abs(float64(bb.x1-bs.x1)-px(squareMM)) > tol+1 || math.Abs(float64(bs.y0-bb.y0)-px(squareMM)) > tol+1 {
			t.Errorf("%s: card %s: back square %v not behind the front's top-right corner of %v", name, hex, bs, bb)
		}
	}
	if found == 0 {
		t.Errorf("%s: no card found on the front page", name)
	}
}

// mirrorsColumns is DESIGN.md's duplex table: long edge on portrait and
// short edge on landscape mirror columns; the others mirror rows.
func mirrorsColumns(landscape bool, duplex string) bool {
	return (duplex == "long") != landscape
}
