package cli

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/data"
	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/output"
	"github.com/deckpress/deckpress/output/arena"
	"github.com/deckpress/deckpress/output/pdf"
	pngout "github.com/deckpress/deckpress/output/png"

	"github.com/deckpress/deckpress/templates/draw"
)

// bigDeck returns a deck of n poker cards, each with a background, a
// border, a title and two numbers, with a shared back.
func bigDeck(n int) string {
	var b strings.Builder
	b.WriteString(`deck: big
size: poker
print: {paper: a4, duplex: long}
templates:
  face:
    background: "{{fill}}"
    elements:
      - rect: {x: 2, y: 2, w: 59.5, h: 84.9, radius: 3, stroke: "#ffffff", stroke-width: 1}
      - text: {x: 5, y: 5, w: 53.5, h: 10, value: "{{name}}", font: bold, size: 14, fit: shrink, wrap: false}
      - text: {x: 5, y: 70, w: 20, h: 12, value: "{{atk}}", font: bold, size: 24}
      - text: {x: 38.5, y: 70, w: 20, h: 12, value: "{{def}}", font: bold, size: 24, align: right}
  back:
    background: "#222244"
    elements:
      - text: {x: 5, y: 35, w: 53.5, h: 15, value: "BIG DECK", font: bold, size: 20, align: center, colour: "#ffffff"}
front: face
back: back
cards:
`)
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "  - {name: \"Card %d\", atk: %d, def: %d, fill: \"#%02x%02x%02x\"}\n", i+1, i%10, (i*7)%13, (i*37)%256, (i*91)%256, (i*53)%256)
	}
	return b.String()
}

// buildDeck is the whole build of one deck file, from bytes to PDF bytes.
func buildDeck(b *testing.B, src []byte, files cards.Files) []byte {
	return buildDeckAt(b, "big.yaml", src, files)
}

func buildDeckAt(b *testing.B, path string, src []byte, files cards.Files) []byte {
	deck, diags := cards.LoadDeck(path, src, files)
	job := output.PrepareDeck(deck, output.DeckOptions{Files: files, Builtin: builtinTemplates()}, &diags)
	if job == nil {
		b.Fatal(diags.Sort())
	}
	out, err := pdf.Render(job.Document())
	if err != nil {
		b.Fatal(err)
	}
	return out
}

// BenchmarkBuild1080 builds 1,080 poker cards, fronts and backs, on A4.
func BenchmarkBuild1080(b *testing.B) { benchmarkBuild(b, 1080) }

// BenchmarkBuild10800 builds ten times as many: time and memory should
// grow linearly.
func BenchmarkBuild10800(b *testing.B) { benchmarkBuild(b, 10800) }

func benchmarkBuild(b *testing.B, n int) {
	src := []byte(bigDeck(n))
	b.ReportAllocs()
	var size int
	for b.Loop() {
		size = len(buildDeck(b, src, osFiles{}))
	}
	b.ReportMetric(float64(size)/1024, "KiB/pdf")
}

// TestBigDeckBuilds keeps the benchmark's deck valid (and its output
// sane) in ordinary test runs.
func TestBigDeckBuilds(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "big.yaml"), []byte(bigDeck(100)), 0o644)
	code, stdout, stderr := runCLI(t, dir, "build", "big.yaml")
	if code != 0 || !strings.Contains(stdout, "100 cards") || !strings.Contains(stdout, "12 sheets") {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
}

// richDeck returns a deck of n poker cards, each with a title, about ten
// lines of wrapped text with two inline icons, and a picture (one of ten
// files), with a shared back.
func richDeck(n int) string {
	var b strings.Builder
	b.WriteString(`deck: rich
size: poker
print: {paper: a4, duplex: long}
templates:
  face:
    background: "#fbf8f1"
    elements:
      - text: {x: 4, y: 3, w: 55.5, h: 8, value: "{{name}}", font: bold, size: 13, fit: shrink, wrap: false}
      - image: {x: 4, y: 12, w: 55.5, h: 30, src: "{{art}}", fit: cover, radius: 2}
      - text: {x: 4, y: 44, w: 55.5, h: 40, value: "{{body}}", size: 7.5, fit: shrink}
  back:
    background: "#2f3e66"
    elements:
      - icon: {x: 21.75, y: 34.45, w: 20, h: 20, name: star, colour: white}
front: face
back: back
cards:
`)
	body := "When this hero enters play, each opponent discards a card :x: unless they pay two energy. " +
		"At the start of your turn, gain one shield :shield: for every ally in the arena, then draw a card. " +
		"Once per game, when a hero would be knocked out, you may return this card to your hand instead, " +
		"and the attacker loses their next action. Heroes with flight ignore walls and rivers, " +
		"and heroes that are hidden cannot be targeted until they act or an opponent notices them."
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "  - {name: \"Hero %d\", art: art%d.png, body: %q}\n", i+1, i%10, body)
	}
	return b.String()
}

// writeArt writes ten 600 × 400 pictures art0.png … art9.png into dir.
func writeArt(tb testing.TB, dir string) {
	for k := 0; k < 10; k++ {
		img := image.NewNRGBA(image.Rect(0, 0, 600, 400))
		for y := 0; y < 400; y++ {
			for x := 0; x < 600; x++ {
				img.SetNRGBA(x, y, color.NRGBA{uint8(x*255/600 + k*20), uint8(y * 255 / 400), uint8((x + y + k*40) % 256), 255})
			}
		}
		f, err := os.Create(filepath.Join(dir, fmt.Sprintf("art%d.png", k)))
		if err != nil {
			tb.Fatal(err)
		}
		png.Encode(f, img)
		f.Close()
	}
}

// BenchmarkBuild1080Rich builds 1,080 cards with wrapped text, inline
// icons and pictures, fronts and backs, on A4.
func BenchmarkBuild1080Rich(b *testing.B) {
	dir := b.TempDir()
	writeArt(b, dir)
	src := []byte(richDeck(1080))
	path := filepath.Join(dir, "rich.yaml")
	b.ReportAllocs()
	var size int
	for b.Loop() {
		size = len(buildDeckAt(b, path, src, osFiles{}))
	}
	b.ReportMetric(float64(size)/1024, "KiB/pdf")
}

func TestRichDeckBuilds(t *testing.T) {
	dir := t.TempDir()
	writeArt(t, dir)
	os.WriteFile(filepath.Join(dir, "rich.yaml"), []byte(richDeck(20)), 0o644)
	code, stdout, stderr := runCLI(t, dir, "build", "rich.yaml")
	if code != 0 || stderr != "" || !strings.Contains(stdout, "20 cards") {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
}

// BenchmarkHexPaper100 builds 100 pages of one-inch hex paper with
// coordinate labels on A4, to PDF bytes.
func BenchmarkHexPaper100(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		doc := arena.HexPaper(arena.PaperOptions{Page: layout.Size{W: 210, H: 297}, Margin: 8,
			Grid: layout.HexGrid{Size: 25.4}, Labels: true, Scale: "5 ft", Line: draw.Black, Width: 0.25, Pages: 100})
		if _, err := pdf.Render(doc); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPreviewFace renders one face of the gallery deck to an image
// at 150 dpi, one face per op, cycling through the fronts and backs.
func BenchmarkPreviewFace(b *testing.B) {
	src, _ := fs.ReadFile(data.FS, "kits/samples/gallery.yaml")
	deck, diags := cards.LoadDeck("kits/samples/gallery.yaml", src, embeddedFiles{})
	job := output.PrepareDeck(deck, output.DeckOptions{Files: embeddedFiles{}, Builtin: builtinTemplates()}, &diags)
	if job == nil {
		b.Fatal(diags)
	}
	box := job.Plan.CardBleedBox()
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		pngout.Face(job.Face(i%job.Entries(), layout.Side(i/job.Entries()%2)), box, 150)
		i++
	}
}
