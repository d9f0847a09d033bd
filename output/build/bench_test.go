package build

import (
	"bytes"
	"compress/flate"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/data"
	"github.com/deckpress/deckpress/internal/testdecks"
	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/output"
	"github.com/deckpress/deckpress/output/arena"
	"github.com/deckpress/deckpress/output/pdf"
	pngout "github.com/deckpress/deckpress/output/png"
	"github.com/deckpress/deckpress/templates/draw"
)

// buildFile runs the pipeline deckpress build runs on the file name in
// dir (reading, rules, composition, layout, rendering, staged writing)
// and returns the products written.
func buildFile(tb testing.TB, dir, name string) []Product {
	products, diags, err := Prepare(Request{Env: Env{Dir: dir}, Inputs: []string{name}, Out: "out"})
	if err != nil || diags.HasErrors() {
		tb.Fatal(err, diags)
	}
	if err := Write(Env{Dir: dir}, products, nil); err != nil {
		tb.Fatal(err)
	}
	return products
}

// fileSize is the size of the file at path, in KiB.
func fileSize(tb testing.TB, path string) float64 {
	st, err := os.Stat(path)
	if err != nil {
		tb.Fatal(err)
	}
	return float64(st.Size()) / 1024
}

// BenchmarkBuild1080 builds 1,080 poker cards, fronts and backs, on A4.
func BenchmarkBuild1080(b *testing.B) { benchmarkBuild(b, 1080) }

// BenchmarkBuild10800 builds ten times as many: time and memory should
// grow linearly.
func BenchmarkBuild10800(b *testing.B) { benchmarkBuild(b, 10800) }

func benchmarkBuild(b *testing.B, n int) { benchmarkDeck(b, "big.yaml", testdecks.Big(n)) }

// benchmarkDeck builds deck, written as name in a folder with the
// pictures of testdecks.WriteArt, and reports the size of its PDF.
func benchmarkDeck(b *testing.B, name, deck string) {
	dir := b.TempDir()
	testdecks.WriteArt(b, dir)
	os.WriteFile(filepath.Join(dir, name), []byte(deck), 0o644)
	b.ReportAllocs()
	var products []Product
	for b.Loop() {
		products = buildFile(b, dir, name)
	}
	b.ReportMetric(fileSize(b, filepath.Join(dir, products[0].Path)), "KiB/pdf")
}

// TestBigDeckBuilds keeps the benchmark's deck valid (and its output
// sane) in ordinary test runs.
func TestBigDeckBuilds(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "big.yaml"), []byte(testdecks.Big(100)), 0o644)
	products := buildFile(t, dir, "big.yaml")
	if len(products) != 1 || !strings.Contains(products[0].Counts(), "100 cards") || !strings.Contains(products[0].Counts(), "12 sheets") {
		t.Fatalf("%+v", products)
	}
}

// BenchmarkBuild1080Cores builds the deck of BenchmarkBuild1080 on one
// core, then on two, in turn, and reports the median of each and of the
// ratio of each pair (speedup), with the share of the machine's CPU time
// the hypervisor took meanwhile (stolen-%, from /proc/stat; 0 where it
// cannot be read). On a shared virtual machine whose speed changes from
// one minute to the next, builds taken in pairs compare the cores better
// than a run of -cpu 1 and one of -cpu 2 a minute apart. Beside each
// pair it times work that is parallel through and through (page-like
// text compressed, on one core and then halved between two) and reports
// the median of that speedup too (ideal-speedup): what two of this
// machine's cores give at the moment, against which the build's is read.
// An op is both builds and both compressions.
func BenchmarkBuild1080Cores(b *testing.B) {
	dir := b.TempDir()
	testdecks.WriteArt(b, dir)
	os.WriteFile(filepath.Join(dir, "big.yaml"), []byte(testdecks.Big(1080)), 0o644)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	text, compressors := pageLikeText(16<<10), make([]*flate.Writer, 2)
	for i := range compressors {
		compressors[i], _ = flate.NewWriter(io.Discard, flate.DefaultCompression)
	}
	var one, two, speedup, ideal []float64
	stolen, start := stolenTime(), time.Now()
	for b.Loop() {
		var took, compressed [2]time.Duration
		for i, procs := range []int{1, 2} {
			runtime.GOMAXPROCS(procs)
			t := time.Now()
			buildFile(b, dir, "big.yaml")
			took[i] = time.Since(t)
			t = time.Now()
			compressInParts(text, 100, compressors, procs)
			compressed[i] = time.Since(t)
		}
		one, two = append(one, took[0].Seconds()*1000), append(two, took[1].Seconds()*1000)
		speedup = append(speedup, took[0].Seconds()/took[1].Seconds())
		ideal = append(ideal, compressed[0].Seconds()/compressed[1].Seconds())
	}
	b.ReportMetric(median(one), "ms/1-core")
	b.ReportMetric(median(two), "ms/2-cores")
	b.ReportMetric(median(speedup), "speedup")
	b.ReportMetric(median(ideal), "ideal-speedup")
	b.ReportMetric(100*(stolenTime()-stolen).Seconds()/(2*time.Since(start).Seconds()), "stolen-%")
}

// pageLikeText is n bytes of what a page's content stream holds: drawing
// operators with their numbers, and text.
func pageLikeText(n int) []byte {
	var text []byte
	for i := 0; len(text) < n; i++ {
		text = strconv.AppendFloat(text, float64(i%997)*0.37, 'f', 2, 64)
		text = append(text, " 12.5 m "...)
		text = strconv.AppendInt(text, int64(i*7919%1000), 10)
		text = append(text, " 30.2 l S BT /F1 9 Tf (Strike twice, then rest) Tj ET\n"...)
	}
	return text[:n]
}

// compressInParts compresses text times times, the times split evenly
// between the first parts of the compressors, one goroutine each.
func compressInParts(text []byte, times int, compressors []*flate.Writer, parts int) {
	var wg sync.WaitGroup
	for _, w := range compressors[:parts] {
		wg.Go(func() {
			for range times / parts {
				w.Reset(io.Discard)
				w.Write(text)
				w.Close()
			}
		})
	}
	wg.Wait()
}

// median is the middle of xs (the upper one of an even count).
func median(xs []float64) float64 {
	s := slices.Sorted(slices.Values(xs))
	return s[len(s)/2]
}

// stolenTime is the CPU time the hypervisor has taken from this machine
// (the steal column of /proc/stat), or 0 where it cannot be read.
func stolenTime() time.Duration {
	b, err := os.ReadFile("/proc/stat")
	if err != nil {
		return 0
	}
	line, _, _ := strings.Cut(string(b), "\n")
	f := strings.Fields(line)
	if len(f) < 9 || f[0] != "cpu" {
		return 0
	}
	ticks, _ := strconv.Atoi(f[8])
	return time.Duration(ticks) * 10 * time.Millisecond // USER_HZ is 100 on Linux
}

// BenchmarkBuildSquib1080 builds the deck of the side-by-side run with
// Squib (README, "Speed"): 1,080 poker cards with bleed, a rounded
// border, two numbers, an icon, a title and a wrapped body, on Letter
// landscape with crop marks and long-edge backs.
func BenchmarkBuildSquib1080(b *testing.B) { benchmarkDeck(b, "squib.yaml", testdecks.Squib(1080)) }

// TestCoresGiveTheSameFile: a build on one core writes the same bytes as
// a build on several (faces, pages and page contents are made in
// parallel and put together in order), for each benchmark deck.
func TestCoresGiveTheSameFile(t *testing.T) {
	dir := t.TempDir()
	testdecks.WriteArt(t, dir)
	decks := map[string]string{"big.yaml": testdecks.Big(200), "rich.yaml": testdecks.Rich(60), "squib.yaml": testdecks.Squib(120)}
	for name, deck := range decks {
		os.WriteFile(filepath.Join(dir, name), []byte(deck), 0o644)
	}
	build := func(procs int, name string) []byte {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		products := buildFile(t, dir, name)
		b, err := os.ReadFile(filepath.Join(dir, products[0].Path))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	for name := range decks {
		one := build(1, name)
		for _, n := range []int{2, 5} {
			if many := build(n, name); !bytes.Equal(one, many) {
				t.Errorf("%s: %d cores wrote %d bytes, one core %d, not the same", name, n, len(many), len(one))
			}
		}
	}
}

// BenchmarkBuild1080Rich builds 1,080 cards with wrapped text, inline
// icons and pictures, fronts and backs, on A4.
func BenchmarkBuild1080Rich(b *testing.B) { benchmarkDeck(b, "rich.yaml", testdecks.Rich(1080)) }

func TestRichDeckBuilds(t *testing.T) {
	dir := t.TempDir()
	testdecks.WriteArt(t, dir)
	os.WriteFile(filepath.Join(dir, "rich.yaml"), []byte(testdecks.Rich(20)), 0o644)
	products, diags, err := Prepare(Request{Env: Env{Dir: dir}, Inputs: []string{"rich.yaml"}, Out: "out"})
	if err != nil || len(diags) > 0 || len(products) != 1 || !strings.Contains(products[0].Counts(), "20 cards") {
		t.Fatalf("%v\n%v\n%+v", err, diags, products)
	}
	if err := Write(Env{Dir: dir}, products, nil); err != nil {
		t.Fatal(err)
	}
}

// BenchmarkHexPaper100 builds 100 pages of one-inch hex paper with
// coordinate labels on A4, to PDF bytes.
func BenchmarkHexPaper100(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		doc := arena.HexPaper(arena.PaperOptions{Page: layout.Size{W: 210, H: 297}, Margin: 8,
			Grid: layout.HexGrid{Size: 25.4}, Labels: true, Scale: "5 ft", Line: draw.Black, Width: 0.25, Pages: 100})
		if err := pdf.Render(io.Discard, doc); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPreviewFace renders one face of the gallery deck to an image
// at 150 dpi, one face per op, cycling through the fronts and backs.
func BenchmarkPreviewFace(b *testing.B) {
	src, _ := fs.ReadFile(data.FS, "kits/samples/gallery.yaml")
	deck, diags := cards.LoadDeck("kits/samples/gallery.yaml", src, embeddedFiles{})
	job, more := output.PrepareDeck(deck, output.DeckOptions{Files: embeddedFiles{}, Builtin: Builtin()})
	diags = diags.Extend(more)
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
