package cli

import (
	"image"
	"io/fs"
	"math"
	"path/filepath"
	"testing"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/data"
	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/output"
	"github.com/deckpress/deckpress/output/arena"
)

// edgeCrossings returns where a scan line crosses dark lines: the centres
// of runs of dark pixels along column x (vertical) or row y.
func edgeCrossings(img *image.RGBA, at int, vertical bool) []float64 {
	b := img.Bounds()
	n := b.Dx()
	if vertical {
		n = b.Dy()
	}
	var out []float64
	start := -1
	for k := 0; k <= n; k++ {
		dark := false
		if k < n {
			x, y := k, at
			if vertical {
				x, y = at, k
			}
			p := img.RGBAAt(b.Min.X+x, b.Min.Y+y)
			dark = p.R < 200
		}
		switch {
		case dark && start < 0:
			start = k
		case !dark && start >= 0:
			out = append(out, float64(start+k-1)/2)
			start = -1
		}
	}
	return out
}

// TestHexSizeOnThePage measures hex paper on the rendered page: the
// distance across flats of --hex 1in hexes is 25.4 mm ± 0.1 mm, for flat
// and pointy tops, on A4 and Letter.
func TestHexSizeOnThePage(t *testing.T) {
	const dpi = 300
	dir := t.TempDir()
	for _, paper := range []string{"a4", "letter"} {
		for _, top := range []string{"flat", "pointy"} {
			out := paper + "-" + top + ".pdf"
			if code, _, stderr := runCLI(t, dir, "hexsheet", "--hex", "1in", "--top", top, "--paper", paper, "--whole", "-o", out); code != 0 {
				t.Fatal(stderr)
			}
			page := rasterize(t, filepath.Join(dir, out), dpi)[0]
			// flat tops: scan down the page, crossing the flat edges of a
			// column of hexes, one hex apart; pointy tops: scan across
			vertical := top == "flat"
			length := page.Bounds().Dx()
			if !vertical {
				length = page.Bounds().Dy()
			}
			// a scan line inside a column (row) of hexes crosses only the
			// flats, evenly, one hex apart; elsewhere it crosses slanted
			// edges unevenly
			var best []float64
			for at := length / 4; at < 3*length/4 && best == nil; at += 2 {
				c := edgeCrossings(page, at, vertical)
				if len(c) < 6 {
					continue
				}
				lo, hi := math.Inf(1), 0.0
				for i := 1; i < len(c); i++ {
					lo, hi = math.Min(lo, c[i]-c[i-1]), math.Max(hi, c[i]-c[i-1])
				}
				if hi-lo <= 2 {
					best = c
				}
			}
			if best == nil {
				t.Fatalf("%s %s: no scan line crosses a column of flats", paper, top)
			}
			sum, n := best[len(best)-1]-best[0], len(best)-1
			mm := sum / float64(n) * 25.4 / dpi
			if math.Abs(mm-25.4) > 0.1 {
				t.Errorf("%s %s: hexes measure %.3f mm across flats, want 25.4 ± 0.1", paper, top, mm)
			}
			t.Logf("%s %s: %.3f mm across flats (%d edges)", paper, top, mm, n+1)
		}
	}
}

// TestArenaTilesLineUp renders the sample arena on its paper and compares, for
// each pair of neighbouring tiles, the hexes they share: the same ground
// in both.
func TestArenaTilesLineUp(t *testing.T) {
	const dpi = 50
	dir := t.TempDir()
	src, _ := fs.ReadFile(data.FS, "kits/gladiators/arena.yaml")
	root, _ := cards.Parse("arena.yaml", src)
	m, diags := arena.Read("arena.yaml", root)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	res, _ := output.Resolve(nil, m.Print, output.DeckOptions{})
	_, tiles := m.Document(res.Settings.Paper, res.Settings.Orientation, res.Settings.Margin)
	copyTree(t, kitFS(t, "gladiators"), dir)
	if code, _, stderr := runCLI(t, dir, "build", "arena.yaml"); code != 0 {
		t.Fatal(stderr)
	}
	pages := rasterize(t, filepath.Join(dir, "out", "arena.pdf"), dpi)
	if len(pages) != len(tiles)+1 {
		t.Fatalf("%d pages for %d tiles and an overview", len(pages), len(tiles))
	}
	sample := func(page *image.RGBA, tile arena.Tile, h layout.Hex) [3]uint8 {
		c := tile.Grid.Center(h)
		// below the centre, clear of the coordinates and labels
		x, y := int((c.X)*dpi/25.4), int((c.Y+tile.Grid.Size*0.28)*dpi/25.4)
		p := page.RGBAAt(page.Bounds().Min.X+x, page.Bounds().Min.Y+y)
		return [3]uint8{p.R, p.G, p.B}
	}
	compared, painted := 0, 0
	for i, a := range tiles {
		for j, b := range tiles {
			right := b.Row == a.Row && b.Col == a.Col+1
			below := b.Col == a.Col && b.Row == a.Row+1
			if !right && !below {
				continue
			}
			for c := max(a.C0, b.C0); c <= min(a.C1, b.C1); c++ {
				for r := max(a.R0, b.R0); r <= min(a.R1, b.R1); r++ {
					h := layout.Hex{Col: c, Row: r}
					ca, cb := sample(pages[i+1], a, h), sample(pages[j+1], b, h)
					if absInt(int(ca[0])-int(cb[0])) > 12 || absInt(int(ca[1])-int(cb[1])) > 12 || absInt(int(ca[2])-int(cb[2])) > 12 {
						t.Errorf("hex %v: %v on %s, %v on %s", h, ca, a.Name, cb, b.Name)
					}
					if m.Paint[h] != nil {
						painted++
					}
					compared++
				}
			}
		}
	}
	if compared == 0 || painted == 0 {
		t.Errorf("compared %d shared hexes, %d of them painted", compared, painted)
	}
}

// kitFS is a built-in kit's folder.
func kitFS(t *testing.T, kit string) fs.FS {
	t.Helper()
	sub, err := fs.Sub(data.FS, "kits/"+kit)
	if err != nil {
		t.Fatal(err)
	}
	return sub
}
