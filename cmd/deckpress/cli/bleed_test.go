package cli

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
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

// The art-in-the-bleed deck: a poker card (63.5 × 88.9 mm) with 3 mm of
// bleed, so its bleed box is 69.5 × 94.9 mm. Its background is a yellow
// colour under a picture stretched over the bleed box: 5 mm bands of red
// (left), green (right), orange (top) and teal (bottom) around blue. A
// picture element at x = -3 mm (the bleed edge), y = 30 mm, 25 × 20 mm,
// is magenta on its left half and cyan on its right.
const (
	bleedMM           = 3.0
	bleedW, bleedH    = 63.5 + 2*bleedMM, 88.9 + 2*bleedMM
	bleedBandMM       = 5.0
	bleedElemX        = -3.0 // trim coordinates
	bleedElemY        = 30.0
	bleedElemW        = 25.0
	bleedElemH        = 20.0
	bleedDPI          = 150
	bleedPixelsPerMM  = 10 // of the generated pictures
	bleedMinComponent = 2000
)

var (
	bleedYellow  = color.RGBA{255, 255, 0, 255}
	bleedRed     = color.RGBA{220, 0, 0, 255}
	bleedGreen   = color.RGBA{0, 150, 0, 255}
	bleedOrange  = color.RGBA{255, 140, 0, 255}
	bleedTeal    = color.RGBA{0, 128, 128, 255}
	bleedBlue    = color.RGBA{0, 0, 200, 255}
	bleedMagenta = color.RGBA{255, 0, 255, 255}
	bleedCyan    = color.RGBA{0, 230, 230, 255}
)

const bleedDeck = `deck: art in the bleed
size: poker
templates:
  art:
    background: {colour: "#ffff00", image: bg.png, fit: stretch}
    elements:
      - image: {x: -3, y: 30, w: 25, h: 20, src: elem.png, fit: stretch}
front: art
back: art
cards:
  - {name: one}
`

// bleedEdge is one edge of a picture, measured on the upright face along
// a line through it, in mm from the bleed box's top-left corner.
type bleedEdge struct {
	name   string
	colour color.RGBA
	row    bool    // measure along a row (else a column)
	at     float64 // the row's y or the column's x, mm
	start  bool    // the run's first pixel (else its end)
	want   float64 // where the edge must be, mm
}

// bleedEdges states where the pictures must be: the background picture's
// outer edges at the bleed edges, its bands 5 mm wide, the element's left
// edge at the bleed edge (x = -3 mm is 0 mm from it).
var bleedEdges = func() []bleedEdge {
	mid, midX := 70.0, 40.0 // a row below the element, a column right of it
	ex := bleedElemX + bleedMM
	ey := bleedElemY + bleedMM + bleedElemH/2
	return []bleedEdge{
		{"background left", bleedRed, true, mid, true, 0},
		{"background left band", bleedRed, true, mid, false, bleedBandMM},
		{"background right band", bleedGreen, true, mid, true, bleedW - bleedBandMM},
		{"background right", bleedGreen, true, mid, false, bleedW},
		{"background top", bleedOrange, false, midX, true, 0},
		{"background bottom", bleedTeal, false, midX, false, bleedH},
		{"element left", bleedMagenta, true, ey, true, ex},
		{"element middle", bleedCyan, true, ey, true, ex + bleedElemW/2},
		{"element right", bleedCyan, true, ey, false, ex + bleedElemW},
	}
}()

// TestArtInTheBleed builds a deck whose background picture fills the
// bleed box and whose picture element starts at the bleed edge (negative
// x), with --bleed 3mm, in every duplex mode, with cards upright and
// turned 90°. On the rasterised PDF, each face's pictures must reach the
// bleed edges as stated above, no yellow background may show, and every
// edge must be where the PNG preview of the same face has it, within
// 0.3 mm. Which way up a face is printed is TestDuplexEndToEnd's and
// TestFoldEndToEnd's business: here each face is turned upright by
// whichever quarter turn matches the preview best.
func TestArtInTheBleed(t *testing.T) {
	pdftoppm := testtool.Require(t, "pdftoppm")
	src := t.TempDir()
	writeBleedFiles(t, src)
	front, back := bleedPreviews(t, src)
	if meanDifference(front, back) != 0 {
		t.Fatal("the front and back previews differ; the test compares every face with the front's")
	}
	for _, duplex := range []string{"long", "short", "fold", "single"} {
		for _, rotate := range []string{"none", "auto"} {
			name := duplex + "-rotate-" + rotate
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				dir := t.TempDir()
				writeBleedFiles(t, dir)
				code, _, stderr := runBleedCLI(dir, "build", "art.yaml", "--bleed", "3mm", "--paper", "a4", "--orientation", "portrait",
					"--duplex", duplex, "--rotate", rotate)
				if code != 0 {
					t.Fatalf("build failed (%d): %s", code, stderr)
				}
				pages := bleedRasterize(t, pdftoppm, filepath.Join(dir, "out", "art.pdf"))
				faces := 0
				for i, pg := range pages {
					for _, r := range bleedFaces(pg) {
						faces++
						what := fmt.Sprintf("page %d face at %v", i+1, r)
						face := pg.SubImage(r.Add(pg.Bounds().Min)).(*image.RGBA)
						// a card turned 90° on the sheet is wider than high
						turned := r.Dx() > r.Dy()
						if want := rotate == "auto" && duplex != "single"; turned != want {
							t.Errorf("%s: turned=%v, want %v (the test would not cover what it says)", what, turned, want)
						}
						checkBleedFace(t, what, upright(face, front, turned), front)
					}
				}
				if faces != 2 {
					t.Errorf("found %d faces on %d pages, want a front and a back", faces, len(pages))
				}
			})
		}
	}
}

// checkBleedFace compares an upright face from the PDF with the preview
// of the same face (front and back look the same) and with the geometry.
func checkBleedFace(t *testing.T, what string, face, pv *image.RGBA) {
	t.Helper()
	px := func(mm float64) float64 { return mm * bleedDPI / 25.4 }
	tol := px(0.3) + 1 // 0.3 mm, plus a pixel of anti-aliasing at the crop
	fb, pb := face.Bounds(), pv.Bounds()
	if math.Abs(float64(fb.Dx()-pb.Dx())) > tol || math.Abs(float64(fb.Dy()-pb.Dy())) > tol {
		t.Errorf("%s: face is %v px, preview %v px", what, fb.Size(), pb.Size())
		return
	}
	if n := countColour(face, bleedYellow); n > 0 {
		t.Errorf("%s: %d px of the background colour show (%.1f mm² of the bleed box not covered by its picture)", what, n, float64(n)/px(1)/px(1))
	}
	for _, e := range bleedEdges {
		gotPDF, okPDF := measureEdge(face, e)
		gotPNG, okPNG := measureEdge(pv, e)
		want := px(e.want)
		switch {
		case !okPNG:
			t.Errorf("%s: %s: not in the preview", what, e.name)
		case math.Abs(gotPNG-want) > tol:
			t.Errorf("%s: %s: preview has it at %.2f mm, want %.2f mm", what, e.name, gotPNG/px(1), e.want)
		}
		switch {
		case !okPDF:
			t.Errorf("%s: %s: not in the PDF", what, e.name)
		case math.Abs(gotPDF-want) > tol:
			t.Errorf("%s: %s: PDF has it at %.2f mm, want %.2f mm", what, e.name, gotPDF/px(1), e.want)
		case okPNG && math.Abs(gotPDF-gotPNG) > tol:
			t.Errorf("%s: %s: PDF has it at %.2f mm, the preview at %.2f mm", what, e.name, gotPDF/px(1), gotPNG/px(1))
		}
	}
}

// writeBleedFiles writes the deck and its two generated pictures.
func writeBleedFiles(t *testing.T, dir string) {
	t.Helper()
	const n = bleedPixelsPerMM
	band := int(bleedBandMM * n)
	bw, bh := int(math.Round(bleedW*n)), int(math.Round(bleedH*n))
	bg := bandedPicture(bw, bh, func(x, y int) color.RGBA {
		switch {
		case x < band:
			return bleedRed
		case x >= bw-band:
			return bleedGreen
		case y < band:
			return bleedOrange
		case y >= bh-band:
			return bleedTeal
		}
		return bleedBlue
	})
	ew, eh := int(bleedElemW*n), int(bleedElemH*n)
	elem := bandedPicture(ew, eh, func(x, y int) color.RGBA {
		if x < ew/2 {
			return bleedMagenta
		}
		return bleedCyan
	})
	for name, data := range map[string][]byte{"art.yaml": []byte(bleedDeck), "bg.png": bg, "elem.png": elem} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// bandedPicture encodes a w × h PNG coloured by at.
func bandedPicture(w, h int, at func(x, y int) color.RGBA) []byte {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.SetRGBA(x, y, at(x, y))
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		panic(err)
	}
	return buf.Bytes()
}

// bleedPreviews renders the front and the back with deckpress preview.
func bleedPreviews(t *testing.T, dir string) (front, back *image.RGBA) {
	t.Helper()
	code, stdout, stderr := runBleedCLI(dir, "preview", "art.yaml", "--bleed", "3mm", "--dpi", fmt.Sprint(bleedDPI), "-o", "pv")
	if code != 0 {
		t.Fatalf("preview failed (%d): %s", code, stderr)
	}
	var out []*image.RGBA
	for _, f := range strings.Fields(stdout) {
		if strings.HasSuffix(f, ".png") {
			out = append(out, readBleedPNG(t, filepath.Join(dir, f)))
		}
	}
	if len(out) != 2 {
		t.Fatalf("preview wrote %q, want a front and a back", stdout)
	}
	return out[0], out[1]
}

// runBleedCLI runs deckpress in dir through its public entry.
func runBleedCLI(dir string, args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := Run(args, Env{In: strings.NewReader(""), Out: &out, Err: &errb, Dir: dir})
	return code, out.String(), errb.String()
}

// bleedRasterize renders every page of a PDF at bleedDPI.
func bleedRasterize(t *testing.T, pdftoppm, pdf string) []*image.RGBA {
	t.Helper()
	dir := t.TempDir()
	out, err := exec.Command(pdftoppm, "-r", fmt.Sprint(bleedDPI), "-png", pdf, filepath.Join(dir, "p")).CombinedOutput()
	if err != nil {
		t.Fatalf("pdftoppm: %v\n%s", err, out)
	}
	names, _ := filepath.Glob(filepath.Join(dir, "p-*.png"))
	sort.Strings(names)
	var pages []*image.RGBA
	for _, n := range names {
		pages = append(pages, readBleedPNG(t, n))
	}
	return pages
}

func readBleedPNG(t *testing.T, path string) *image.RGBA {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	rgba := image.NewRGBA(image.Rect(0, 0, img.Bounds().Dx(), img.Bounds().Dy()))
	draw.Draw(rgba, rgba.Bounds(), img, img.Bounds().Min, draw.Src)
	return rgba
}

// saturated tells card pixels (every colour of the deck is saturated)
// from paper, crop marks and fold lines (white, black and grey).
func saturated(c color.RGBA) bool {
	hi := max(c.R, c.G, c.B)
	lo := min(c.R, c.G, c.B)
	return hi-lo > 60
}

// bleedFaces returns the bounding boxes of the faces printed on a page:
// its connected regions of saturated pixels, large ones only.
func bleedFaces(img *image.RGBA) []image.Rectangle {
	b := img.Bounds()
	seen := make([]bool, b.Dx()*b.Dy())
	var faces []image.Rectangle
	for y0 := range b.Dy() {
		for x0 := range b.Dx() {
			if seen[y0*b.Dx()+x0] || !saturated(img.RGBAAt(x0, y0)) {
				continue
			}
			r, n := image.Rect(x0, y0, x0+1, y0+1), 0
			stack := []image.Point{{x0, y0}}
			seen[y0*b.Dx()+x0] = true
			for len(stack) > 0 {
				p := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				n++
				r = r.Union(image.Rect(p.X, p.Y, p.X+1, p.Y+1))
				for _, d := range []image.Point{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
					q := p.Add(d)
					if q.In(image.Rect(0, 0, b.Dx(), b.Dy())) && !seen[q.Y*b.Dx()+q.X] && saturated(img.RGBAAt(q.X, q.Y)) {
						seen[q.Y*b.Dx()+q.X] = true
						stack = append(stack, q)
					}
				}
			}
			if n >= bleedMinComponent {
				faces = append(faces, r)
			}
		}
	}
	return faces
}

// upright returns the face turned by the quarter turns (an odd number
// when turned) that make it look most like the preview.
func upright(face, preview *image.RGBA, turned bool) *image.RGBA {
	turns := []int{0, 2}
	if turned {
		turns = []int{1, 3}
	}
	var best *image.RGBA
	bestDiff := math.Inf(1)
	for _, q := range turns {
		img := quarterTurns(face, q)
		if d := meanDifference(img, preview); d < bestDiff {
			best, bestDiff = img, d
		}
	}
	return best
}

// quarterTurns returns img turned clockwise q times, at origin 0,0.
func quarterTurns(img *image.RGBA, q int) *image.RGBA {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	if q%2 == 1 {
		w, h = h, w
	}
	out := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range b.Dy() {
		for x := range b.Dx() {
			var nx, ny int
			switch q % 4 {
			case 0:
				nx, ny = x, y
			case 1:
				nx, ny = b.Dy()-1-y, x
			case 2:
				nx, ny = b.Dx()-1-x, b.Dy()-1-y
			case 3:
				nx, ny = y, b.Dx()-1-x
			}
			out.SetRGBA(nx, ny, img.RGBAAt(b.Min.X+x, b.Min.Y+y))
		}
	}
	return out
}

// meanDifference is the mean channel difference of a and b over the
// part they share.
func meanDifference(a, b *image.RGBA) float64 {
	w, h := min(a.Bounds().Dx(), b.Bounds().Dx()), min(a.Bounds().Dy(), b.Bounds().Dy())
	sum := 0
	for y := range h {
		for x := range w {
			p, q := a.RGBAAt(x, y), b.RGBAAt(x, y)
			sum += bleedAbs(int(p.R)-int(q.R)) + bleedAbs(int(p.G)-int(q.G)) + bleedAbs(int(p.B)-int(q.B))
		}
	}
	return float64(sum) / float64(3*w*h)
}

func bleedAbs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// near reports whether two colours match within rasterisers' rounding.
func near(a, b color.RGBA) bool {
	const tol = 24
	return bleedAbs(int(a.R)-int(b.R)) <= tol && bleedAbs(int(a.G)-int(b.G)) <= tol && bleedAbs(int(a.B)-int(b.B)) <= tol
}

// countColour counts the pixels of img near c.
func countColour(img *image.RGBA, c color.RGBA) int {
	n := 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if near(img.RGBAAt(x, y), c) {
				n++
			}
		}
	}
	return n
}

// measureEdge finds the longest run of e's colour along e's line and
// returns its start or end in pixels from the image's edge (the end as
// the position just past its last pixel).
func measureEdge(img *image.RGBA, e bleedEdge) (float64, bool) {
	b := img.Bounds()
	at := int(e.at * bleedDPI / 25.4)
	length := b.Dy()
	if e.row {
		length = b.Dx()
	}
	best, bestStart, start := 0, 0, -1
	for k := 0; k <= length; k++ {
		in := false
		if k < length {
			x, y := at, k
			if e.row {
				x, y = k, at
			}
			in = near(img.RGBAAt(b.Min.X+x, b.Min.Y+y), e.colour)
		}
		switch {
		case in && start < 0:
			start = k
		case !in && start >= 0:
			if k-start > best {
				best, bestStart = k-start, start
			}
			start = -1
		}
	}
	if best < 3 {
		return 0, false
	}
	if e.start {
		return float64(bestStart), true
	}
	return float64(bestStart + best), true
}
