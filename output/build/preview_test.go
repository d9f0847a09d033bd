package build

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestPreviewPixels: a preview too large for the pixel budget is refused
// before anything is drawn, saying the size, the limit and the dpi that
// fits; one within it is drawn. Either way it allocates little more than
// the images it writes.
func TestPreviewPixels(t *testing.T) {
	for _, tt := range []struct {
		name, size, paper string
		cards             int
		dpi               float64
		sheet             bool
		want              string // "": written
	}{
		{"a huge card at 1200 dpi", "2000x2000mm", "2000x2000mm", 1, 1200, false,
			"a face of 2000 x 2000 mm at 1200 dpi is 94488 x 94488 pixels; the limit is 64 megapixels, which 101 dpi keeps to: lower --dpi"},
		{"a huge card at 300 dpi", "2000x2000mm", "2000x2000mm", 1, 300, false, "which 101 dpi keeps to"},
		{"a huge card at 50 dpi", "2000x2000mm", "2000x2000mm", 1, 50, false, ""},
		{"a sheet of 400 cards at 600 dpi", "poker", "a4", 400, 600, true,
			"the contact sheet of 679 x 3960 mm at 600 dpi is 16039 x 93543 pixels; the limit is 64 megapixels, which 123 dpi keeps to: lower --dpi, or show fewer --cards"},
		{"a sheet of 400 cards at 50 dpi", "poker", "a4", 400, 50, true, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			deck := "deck: big\nsize: " + tt.size + "\nprint: {paper: " + tt.paper + ", margin: 0mm}\nfront: basic\nback: basic-back\ncards:\n" +
				strings.Repeat("  - {name: a}\n", tt.cards)
			if err := os.WriteFile(filepath.Join(dir, "d.yaml"), []byte(deck), 0o644); err != nil {
				t.Fatal(err)
			}
			ds, diags, err := Decks(Request{Env: Env{Dir: dir}, Inputs: []string{"d.yaml"}})
			if err == nil {
				err = diags.Err()
			}
			if err != nil {
				t.Fatal(err)
			}
			var refs []FaceRef
			for c := range tt.cards {
				refs = append(refs, FaceRef{Card: c})
			}
			var mem runtime.MemStats
			runtime.ReadMemStats(&mem)
			before := mem.TotalAlloc
			err = Write(Env{Dir: dir}, Preview(ds[0].Job, refs, "out/d", tt.dpi, tt.sheet), nil)
			runtime.ReadMemStats(&mem)
			// the largest image allowed is 256 MB, and a face's clip as much again
			if used := mem.TotalAlloc - before; used > 900<<20 {
				t.Errorf("allocated %d MiB", used>>20)
			}
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("error %v", err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Errorf("error %v, want one saying %q", err, tt.want)
			}
		})
	}
}
