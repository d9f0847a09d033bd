package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/output"
	"github.com/deckpress/deckpress/output/pdf"
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
	deck, diags := cards.LoadDeck("big.yaml", src, files)
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
func BenchmarkBuild1080(b *testing.B) {
	src := []byte(bigDeck(1080))
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
