package cli

import (
	"image"
	"io/fs"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/deckpress/deckpress/data"
	"github.com/deckpress/deckpress/internal/testtool"
)

// crop returns the part of img inside r (pixels).
func crop(img *image.RGBA, r image.Rectangle) *image.RGBA {
	return img.SubImage(r.Add(img.Bounds().Min)).(*image.RGBA)
}

// TestFoldEndToEnd: in fold mode, mirroring the page image across its
// fold line puts every back's colour behind its front, with the black
// square behind the front's top-right corner.
func TestFoldEndToEnd(t *testing.T) {
	colours := registrationColours(t)
	src, _ := os.ReadFile("testdata/registration.yaml")
	const dpi = 150
	for _, paper := range []string{"a4", "letter"} {
		for _, orient := range []string{"portrait", "landscape"} {
			name := paper + "-" + orient
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				dir := t.TempDir()
				os.WriteFile(filepath.Join(dir, "registration.yaml"), src, 0o644)
				code, _, stderr := runCLI(t, dir, "build", "registration.yaml", "--duplex", "fold", "--paper", paper, "--orientation", orient)
				if code != 0 {
					t.Fatal(stderr)
				}
				pages := rasterize(t, filepath.Join(dir, "out", "registration.pdf"), dpi)
				for i, pg := range pages {
					b := pg.Bounds()
					// the fold line is dashed grey through the centre, one way or the other
					vertical := foldGrey(pg, b.Dx()/2, true) > foldGrey(pg, b.Dy()/2, false)
					seen := mirror(pg, vertical)
					half := image.Rect(0, 0, b.Dx()/2, b.Dy())
					if !vertical {
						half = image.Rect(0, 0, b.Dx(), b.Dy()/2)
					}
					duplexCheck(t, name+" page "+strconv.Itoa(i+1), crop(pg, half), crop(seen, half), colours, dpi, [2]float64{}, 3)
				}
			})
		}
	}
}

// foldGrey counts grey pixels on the centre column (or row) of a page.
func foldGrey(img *image.RGBA, at int, column bool) int {
	n := 0
	b := img.Bounds()
	length := b.Dy()
	if !column {
		length = b.Dx()
	}
	for k := 0; k < length; k++ {
		x, y := at, k
		if !column {
			x, y = k, at
		}
		p := img.RGBAAt(b.Min.X+x, b.Min.Y+y)
		if p.R > 90 && p.R < 170 && absInt(int(p.R)-int(p.G)) < 8 && absInt(int(p.G)-int(p.B)) < 8 {
			n++
		}
	}
	return n
}

// TestSinglePages: one card side per page, the page the bleed box, the
// TrimBox the card; fronts first, or backs first.
func TestSinglePages(t *testing.T) {
	bin := testtool.Require(t, "pdfinfo")
	src, _ := os.ReadFile("testdata/registration.yaml")
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "r.yaml"), src, 0o644)
	for _, order := range []string{"fronts-first", "backs-first"} {
		code, _, stderr := runCLI(t, dir, "build", "r.yaml", "--duplex", "single", "--bleed", "3mm", "--order", order, "-o", order)
		if code != 0 {
			t.Fatal(stderr)
		}
		pdf := filepath.Join(dir, order, "r.pdf")
		out, err := exec.Command(bin, "-box", "-f", "1", "-l", "24", pdf).Output()
		if err != nil {
			t.Fatal(err)
		}
		info := string(out)
		if !strings.Contains(info, "Pages:           24") {
			t.Errorf("want 24 pages (twice 12 cards):\n%s", info)
		}
		mm := func(pt string) float64 { v, _ := strconv.ParseFloat(pt, 64); return v * 25.4 / 72 }
		boxRE := regexp.MustCompile(`Page\s+(\d+) (MediaBox|TrimBox):\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)`)
		boxes := 0
		for _, m := range boxRE.FindAllStringSubmatch(info, -1) {
			w, h := mm(m[5])-mm(m[3]), mm(m[6])-mm(m[4])
			want := [2]float64{69.5, 94.9}
			if m[2] == "TrimBox" {
				want = [2]float64{63.5, 88.9}
				if math.Abs(mm(m[3])-3) > 0.01 || math.Abs(mm(m[4])-3) > 0.01 {
					t.Errorf("page %s: TrimBox at %v,%v mm, want 3,3", m[1], mm(m[3]), mm(m[4]))
				}
			}
			if math.Abs(w-want[0]) > 0.01 || math.Abs(h-want[1]) > 0.01 {
				t.Errorf("page %s %s: %.2f x %.2f mm, want %v", m[1], m[2], w, h, want)
			}
			boxes++
		}
		if boxes != 48 {
			t.Errorf("%d boxes read, want a MediaBox and a TrimBox for each of 24 pages", boxes)
		}
	}
	// the sample registration deck labels its faces: which comes first?
	sample, _ := fs.ReadFile(data.FS, "kits/samples/registration.yaml")
	os.WriteFile(filepath.Join(dir, "s.yaml"), sample, 0o644)
	for order, first := range map[string]string{"fronts-first": "front 1", "backs-first": "back 1"} {
		if code, _, stderr := runCLI(t, dir, "build", "s.yaml", "--duplex", "single", "--order", order, "-o", "s-"+order); code != 0 {
			t.Fatal(stderr)
		}
		pages := pdfWords(t, filepath.Join(dir, "s-"+order, "s.pdf"))
		if got := pages[0].text(); got != first {
			t.Errorf("%s: the first page says %q, want %q", order, got, first)
		}
	}
}

// TestCalibrationSheet renders the calibration sheet: with no back-offset,
// every scale's zero ticks coincide through the sheet; printed with a
// back-offset on a perfect printer, the coinciding ticks read the opposite
// correction.
func TestCalibrationSheet(t *testing.T) {
	const dpi = 200
	dir := t.TempDir()
	for _, c := range []struct {
		offset string
		x, y   int // expected coinciding tick index on the x and y scales
	}{
		{"0mm,0mm", 0, 0},
		{"0.5mm,-0.25mm", 2, 1},
	} {
		out := filepath.Join(dir, "cal.pdf")
		code, _, stderr := runCLI(t, dir, "calibrate", "--back-offset", c.offset, "-o", "cal.pdf")
		if code != 0 {
			t.Fatal(stderr)
		}
		pages := rasterize(t, out, dpi)
		if len(pages) != 2 {
			t.Fatalf("%d pages", len(pages))
		}
		front, back := pages[0], mirror(pages[1], true) // A4 portrait, long edge
		px := func(mm float64) int { return int(math.Round(mm * dpi / 25.4)) }
		w, h := front.Bounds().Dx(), front.Bounds().Dy()
		// the top scale: x ticks along y = 22 mm; black ticks above, red below
		xi := coinciding(front, back, image.Rect(px(20), px(22)-px(3), w-px(20), px(22)-px(1)), image.Rect(px(20), px(22)+px(1), w-px(20), px(22)+px(3)), true, w/2, px(5))
		if xi != c.x {
			t.Errorf("back-offset %s: the x scale coincides at tick %d, want %d", c.offset, xi, c.x)
		}
		// the left scale: y ticks along x = 22 mm, black to the left
		yi := coinciding(front, back, image.Rect(px(22)-px(3), px(80), px(22)-px(1), h-px(80)), image.Rect(px(22)+px(1), px(80), px(22)+px(3), h-px(80)), false, h/2, px(5))
		if yi != c.y {
			t.Errorf("back-offset %s: the y scale coincides at tick %d, want %d", c.offset, yi, c.y)
		}
	}
}

// coinciding finds the index (from the zero tick at zero, pitch apart) of
// the black tick in band fb that a red tick in band bb lines up with best.
func coinciding(front, back *image.RGBA, fb, bb image.Rectangle, horizontal bool, zero, pitch int) int {
	blacks := tickCentres(front, fb, horizontal, func(r, g, b uint8) bool { return r < 90 && g < 90 && b < 90 })
	reds := tickCentres(back, bb, horizontal, func(r, g, b uint8) bool { return r > 150 && g < 120 && b < 120 })
	best, bestD := 0, math.MaxFloat64
	for _, bc := range blacks {
		for _, rc := range reds {
			if d := math.Abs(bc - rc); d < bestD {
				best, bestD = int(math.Round((bc-float64(zero))/float64(pitch))), d
			}
		}
	}
	return best
}

// tickCentres returns the centres of the ticks crossing a band: runs of
// matching pixels along the band's length.
func tickCentres(img *image.RGBA, band image.Rectangle, horizontal bool, match func(r, g, b uint8) bool) []float64 {
	var hits []int
	length := band.Dx()
	if !horizontal {
		length = band.Dy()
	}
	for k := 0; k < length; k++ {
		hit := false
		for a := 0; a < 4 && !hit; a++ {
			x, y := band.Min.X+k, band.Min.Y+(band.Dy()*a)/4
			if !horizontal {
				x, y = band.Min.X+(band.Dx()*a)/4, band.Min.Y+k
			}
			p := img.RGBAAt(img.Bounds().Min.X+x, img.Bounds().Min.Y+y)
			hit = match(p.R, p.G, p.B)
		}
		if hit {
			hits = append(hits, k)
		}
	}
	var out []float64
	for i := 0; i < len(hits); {
		j := i
		for j+1 < len(hits) && hits[j+1] == hits[j]+1 {
			j++
		}
		start := band.Min.X
		if !horizontal {
			start = band.Min.Y
		}
		out = append(out, float64(start)+float64(hits[i]+hits[j])/2)
		i = j + 1
	}
	return out
}

func TestPresets(t *testing.T) {
	dir := t.TempDir()
	src, _ := os.ReadFile("testdata/registration.yaml")
	// 27 cards: 9 to an A4 sheet without bleed
	deck := strings.Replace(string(src), `- {fill: "#e6194b"}`, `- {fill: "#e6194b", count: 16}`, 1)
	os.WriteFile(filepath.Join(dir, "r.yaml"), []byte(deck), 0o644)
	for _, c := range []struct {
		args   []string
		sheets string
	}{
		{nil, "3 sheets"},
		{[]string{"--preset", "copyshop"}, "5 sheets"},                  // 3 mm bleed, 6 mm gutter: 6 to a sheet
		{[]string{"--preset", "copyshop", "--gutter", "0"}, "4 sheets"}, // a flag overrides the preset: 8 to a sheet
		{[]string{"--preset", "home"}, "3 sheets"},
		{[]string{"--preset", "deluxe"}, ""},
	} {
		code, stdout, stderr := runCLI(t, dir, append([]string{"check", "r.yaml"}, c.args...)...)
		if c.sheets == "" {
			if code != 2 {
				t.Errorf("%v: want a usage error, got %d", c.args, code)
			}
			continue
		}
		if code != 0 || !strings.Contains(stdout, c.sheets) {
			t.Errorf("%v: exit %d, want %s:\n%s%s", c.args, code, c.sheets, stdout, stderr)
		}
	}
}

// TestProjectFile: a folder's deckpress.yaml names the inputs and shared
// print settings; flags still override.
func TestProjectFile(t *testing.T) {
	dir := t.TempDir()
	src, _ := os.ReadFile("testdata/registration.yaml")
	os.MkdirAll(filepath.Join(dir, "game", "decks"), 0o755)
	os.WriteFile(filepath.Join(dir, "game", "decks", "r.yaml"), src, 0o644)
	os.WriteFile(filepath.Join(dir, "game", "ignored.yaml"), src, 0o644)
	os.WriteFile(filepath.Join(dir, "game", "deckpress.yaml"), []byte("project: Test game\ninputs: [decks]\nprint: {paper: letter, duplex: fold}\n"), 0o644)
	code, stdout, stderr := runCLI(t, dir, "check", "game")
	if code != 0 || !strings.Contains(stdout, "r.pdf") || strings.Contains(stdout, "ignored") {
		t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
	}
	if !strings.Contains(stdout, "3 sheets") { // fold on letter: 4 per page
		t.Errorf("the project's settings should apply:\n%s", stdout)
	}
	code, stdout, _ = runCLI(t, dir, "check", "game", "--duplex", "long")
	if code != 0 || !strings.Contains(stdout, "2 sheets") {
		t.Errorf("flags override the project:\n%s", stdout)
	}
	os.WriteFile(filepath.Join(dir, "game", "deckpress.yaml"), []byte("project: x\nprnt: {}\ninputs: [nope.yaml]\n"), 0o644)
	code, _, stderr = runCLI(t, dir, "check", "game")
	if code != 1 || !strings.Contains(stderr, `deckpress.yaml:2:1: error: unknown key "prnt" in project file; did you mean "print"?`) || !strings.Contains(stderr, "deckpress.yaml:3:10: error: inputs: nope.yaml: no such file or directory") {
		t.Errorf("bad project file: exit %d\n%s", code, stderr)
	}
}

func TestSheetLabel(t *testing.T) {
	dir := t.TempDir()
	src, _ := os.ReadFile("testdata/registration.yaml")
	os.WriteFile(filepath.Join(dir, "r.yaml"), src, 0o644)
	for _, paper := range []string{"a4", "letter"} {
		if code, _, stderr := runCLI(t, dir, "build", "r.yaml", "--paper", paper, "-o", paper); code != 0 {
			t.Fatal(stderr)
		}
		pages := pdfWords(t, filepath.Join(dir, paper, "r.pdf"))
		for i, p := range pages {
			text := p.text()
			side := []string{"front", "back"}[i%2]
			want := "registration · sheet " + strconv.Itoa(i/2+1) + "/2 · " + side + " · duplex: flip on the long edge · print at 100% (actual size)"
			if !strings.Contains(text, want) {
				t.Errorf("%s page %d: no %q in %q", paper, i+1, want, text)
			}
		}
	}
}
