package cli

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/deckpress/deckpress/data"
)

// TestRulesSheetColumns: every kit's rules sheet, on A4 and on Letter,
// sets its text in two columns and uses both: on every page, the right
// half carries ink (dark pixels below the title band and above the
// footer) of at least a fifth of the left half's, measured on the page
// rendered by pdftoppm.
func TestRulesSheetColumns(t *testing.T) {
	const dpi = 50
	for kit, file := range map[string]string{"audition": "rules", "slugfest": "rules", "galaga": "rules", "gladiators": "combat-rules"} {
		for _, paper := range []string{"a4", "letter"} {
			dir := t.TempDir()
			src, err := fs.ReadFile(data.FS, "kits/"+kit+"/"+file+".yaml")
			if err != nil {
				t.Fatal(err)
			}
			os.WriteFile(filepath.Join(dir, file+".yaml"), src, 0o644)
			if code, _, stderr := runCLI(t, dir, "rules", file+".yaml", "--sheet", "--paper", paper); code != 0 {
				t.Fatalf("%s on %s: %s", kit, paper, stderr)
			}
			for p, page := range rasterize(t, filepath.Join(dir, "out", file+"-sheet.pdf"), dpi) {
				b := page.Bounds()
				px := func(mm float64) int { return int(mm * dpi / 25.4) }
				var left, right int
				for y := px(30); y < b.Dy()-px(15); y++ {
					for x := 0; x < b.Dx(); x++ {
						c := page.RGBAAt(x, y)
						if int(c.R)+int(c.G)+int(c.B) > 3*128 {
							continue
						}
						if x < b.Dx()/2 {
							left++
						} else {
							right++
						}
					}
				}
				t.Logf("%s on %s, page %d: ink %d px left, %d px right", kit, paper, p+1, left, right)
				if left == 0 || right*5 < left {
					t.Errorf("%s on %s, page %d: %d dark pixels in the left half, %d in the right: the right column is not used", kit, paper, p+1, left, right)
				}
			}
		}
	}
}
