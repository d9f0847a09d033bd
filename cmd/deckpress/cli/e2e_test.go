package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// runCLI runs deckpress in dir and returns its exit code and streams.
func runCLI(t *testing.T, dir string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := Run(args, Env{In: strings.NewReader(""), Out: &out, Err: &errb, Dir: dir})
	return code, out.String(), errb.String()
}

func registrationColours(t *testing.T) []string {
	src, err := os.ReadFile("testdata/registration.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return regexp.MustCompile(`#[0-9a-f]{6}`).FindAllString(string(src), -1)[1:] // [0] is the square
}

// TestDuplexEndToEnd builds the registration deck for every paper ×
// orientation × flip edge, renders the PDF, and checks on the pixels that
// every back is behind its own front and reads the right way round.
func TestDuplexEndToEnd(t *testing.T) {
	colours := registrationColours(t)
	src, _ := os.ReadFile("testdata/registration.yaml")
	const dpi = 150
	for _, paper := range []string{"a4", "letter"} {
		for _, orient := range []string{"portrait", "landscape"} {
			for _, duplex := range []string{"long", "short"} {
				name := paper + "-" + orient + "-" + duplex
				t.Run(name, func(t *testing.T) {
					t.Parallel()
					dir := t.TempDir()
					os.WriteFile(filepath.Join(dir, "registration.yaml"), src, 0o644)
					code, _, stderr := runCLI(t, dir, "build", "registration.yaml", "--paper", paper, "--orientation", orient, "--duplex", duplex)
					if code != 0 {
						t.Fatalf("build failed (%d): %s", code, stderr)
					}
					pages := rasterize(t, filepath.Join(dir, "out", "registration.pdf"), dpi)
					if len(pages)%2 != 0 || len(pages) < 2 {
						t.Fatalf("want front/back page pairs, got %d pages", len(pages))
					}
					for i := 0; i < len(pages); i += 2 {
						land := pages[i].Bounds().Dx() > pages[i].Bounds().Dy()
						if land != (orient == "landscape") {
							t.Fatalf("page %d: landscape=%v, want %s", i+1, land, orient)
						}
						seen := mirror(pages[i+1], mirrorsColumns(land, duplex))
						duplexCheck(t, name, pages[i], seen, colours, dpi, [2]float64{}, 3)
					}
				})
			}
		}
	}
}

// TestBackOffsetEndToEnd checks on the pixels that --back-offset moves the
// backs by exactly that much, with bleed, gutter and turned cards.
func TestBackOffsetEndToEnd(t *testing.T) {
	colours := registrationColours(t)
	src, _ := os.ReadFile("testdata/registration.yaml")
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "registration.yaml"), src, 0o644)
	code, _, stderr := runCLI(t, dir, "build", "registration.yaml", "--paper", "letter", "--bleed", "2mm", "--gutter", "3mm", "--back-offset", "1.5mm,-1mm")
	if code != 0 {
		t.Fatalf("build failed: %s", stderr)
	}
	const dpi = 150
	pages := rasterize(t, filepath.Join(dir, "out", "registration.pdf"), dpi)
	for i := 0; i < len(pages); i += 2 {
		// seen through the sheet, a shift on the back page is mirrored
		land := pages[i].Bounds().Dx() > pages[i].Bounds().Dy()
		cols := mirrorsColumns(land, "long")
		shift := [2]float64{1.5, -1}
		if cols {
			shift[0] = -shift[0]
		} else {
			shift[1] = -shift[1]
		}
		seen := mirror(pages[i+1], cols)
		duplexCheck(t, "offset", pages[i], seen, colours, dpi, shift, 3+2) // the square is 3 mm inside the trim, 5 inside the bleed
	}
}
