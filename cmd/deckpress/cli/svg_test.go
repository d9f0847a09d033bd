package cli

import (
	"bytes"
	"compress/zlib"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/deckpress/deckpress/internal/testtool"
)

// TestSVGArtIsVector: a deck with an SVG icon inline in text, the same
// icon in an icon element and an Inkscape drawing as its background
// builds a PDF without a single image XObject, whose page content paints
// the icon in the text's and the card's colours and the drawing in its
// own; the page rendered by pdftoppm matches the PNG preview (under 2%
// of pixels differ), and the drawing's text is a warning naming its file.
func TestSVGArtIsVector(t *testing.T) {
	dir := t.TempDir()
	copyTree(t, os.DirFS("testdata/svg"), dir)
	code, _, stderr := runCLI(t, dir, "build", "deck.yaml", "--duplex", "single")
	if code != 0 {
		t.Fatal(stderr)
	}
	if !strings.Contains(stderr, "art/sunset.svg:130:3: text is not drawn") {
		t.Errorf("no warning about the drawing's text:\n%s", stderr)
	}
	pdfPath := filepath.Join(dir, "out", "deck.pdf")
	file, err := os.ReadFile(pdfPath)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(file, []byte("/Subtype /Image")) {
		t.Errorf("the PDF holds an image XObject")
	}
	// qpdf agrees: a sound file whose pages use no image
	qpdf := testtool.Require(t, "qpdf")
	if out, err := exec.Command(qpdf, "--check", pdfPath).CombinedOutput(); err != nil {
		t.Errorf("qpdf --check: %v\n%s", err, out)
	}
	out, err := exec.Command(qpdf, "--show-pages", "--with-images", pdfPath).CombinedOutput()
	if err != nil || !bytes.Contains(out, []byte("page 1:")) || bytes.Contains(out, []byte("images:")) {
		t.Errorf("qpdf --show-pages --with-images: %v\n%s", err, out)
	}
	content := pageContent(t, file)
	for what, colour := range map[string]string{
		"the inline icon (crimson)":   "0.863 0.078 0.235 rg",
		"the icon element (gold)":     "1 0.843 0 rg",
		"the drawing's sky (#1d3557)": "0.114 0.208 0.341 rg",
		"the drawing's land stroke":   "0 0 0 RG",
	} {
		i := strings.Index(content, colour)
		if i < 0 || !regexp.MustCompile(`^[^\n]*\n(?:[^\n]*\n){0,3}[-\d. ]+ m\n`).MatchString(content[i:]) {
			t.Errorf("%s: no path painted in %q", what, colour)
		}
	}
	pages := rasterize(t, pdfPath, 150)
	code, stdout, stderr := runCLI(t, dir, "preview", "deck.yaml", "--cards", "1", "--faces", "front", "-o", "pv")
	if code != 0 {
		t.Fatal(stderr)
	}
	img := readPNG(t, filepath.Join(dir, strings.Fields(stdout)[0]))
	if img.Bounds().Size() != pages[0].Bounds().Size() {
		t.Fatalf("PNG %v, PDF page %v", img.Bounds().Size(), pages[0].Bounds().Size())
	}
	diff := differing(img, pages[0])
	if diff > 0.02 {
		t.Errorf("%.2f%% of pixels differ", diff*100)
	}
	t.Logf("%.3f%% of pixels differ", diff*100)
}

// pageContent returns the PDF's streams, inflated, one after another.
func pageContent(t *testing.T, file []byte) string {
	t.Helper()
	var all strings.Builder
	re := regexp.MustCompile(`(?s)stream\r?\n(.*?)endstream`)
	for _, m := range re.FindAllSubmatch(file, -1) {
		r, err := zlib.NewReader(bytes.NewReader(m[1]))
		if err != nil {
			continue // an uncompressed or font stream
		}
		b, _ := io.ReadAll(r)
		all.Write(b)
	}
	return all.String()
}
