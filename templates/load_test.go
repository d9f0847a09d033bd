package templates_test

import (
	"bytes"
	"image"
	stdpng "image/png"
	"strings"
	"testing"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/templates"
	"github.com/deckpress/deckpress/templates/draw"
	"github.com/deckpress/deckpress/templates/typeset"
)

// countingFiles serves files from a map and counts the reads of each.
type countingFiles struct {
	data  map[string][]byte
	reads map[string]int
}

func (f *countingFiles) ReadFile(name string) ([]byte, error) {
	f.reads[name]++
	return f.data[name], nil
}

// TestFilesReadOnce: a font file named by several families and styles,
// and a template file named several times in use:, are each read once,
// and the families share one font, also with a family naming the same
// font under another name (a symlink, a copy).
func TestFilesReadOnce(t *testing.T) {
	files := &countingFiles{reads: map[string]int{}, data: map[string][]byte{
		"f.ttf":  typeset.NewFontSet().Fallback.Face(typeset.Regular).TrueType(),
		"t.yaml": []byte("templates:\n  card: {elements: []}\n"),
	}}
	files.data["g.ttf"] = files.data["f.ttf"]
	src := "deck: d\nuse: [t.yaml, t.yaml, ./t.yaml]\nfonts:\n  A: f.ttf\n  B: {regular: f.ttf, bold: f.ttf}\n  C: g.ttf\nfront: card\ncards:\n  - name: x\n"
	deck, diags := cards.LoadDeck("d.yaml", []byte(src), files)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	lib, diags := templates.Load(deck, layout.Size{W: 63, H: 88}, 0, files, nil)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	if files.reads["f.ttf"] != 1 || files.reads["t.yaml"] != 1 {
		t.Errorf("reads %v, want each file once", files.reads)
	}
	var warned []string
	for _, d := range diags {
		warned = append(warned, d.String())
	}
	if len(warned) != 2 || !strings.Contains(warned[0], "use: \"t.yaml\" is used already") {
		t.Errorf("warnings %q, want one for each repeated use", warned)
	}
	a, _, _ := lib.Fonts.Resolve("A")
	b, _, _ := lib.Fonts.Resolve("B")
	c, _, _ := lib.Fonts.Resolve("C")
	if a == nil || b == nil || c == nil || a.Face(typeset.Regular) != b.Face(typeset.Regular) || b.Face(typeset.Regular) != b.Face(typeset.Bold) ||
		c.Face(typeset.Regular) != a.Face(typeset.Regular) {
		t.Errorf("the families do not share the one font")
	}
}

// TestPicturesReleased: once Finish has made the pictures asked for, the
// decoded source is not held: a picture made before is given again
// without reading the file, a new size of it reads the file again.
func TestPicturesReleased(t *testing.T) {
	var png bytes.Buffer
	if err := stdpng.Encode(&png, image.NewNRGBA(image.Rect(0, 0, 4, 2))); err != nil {
		t.Fatal(err)
	}
	files := &countingFiles{reads: map[string]int{}, data: map[string][]byte{"a.png": png.Bytes()}}
	s := templates.NewImageStore()
	s.Files = files
	ask := func(w, h int) *draw.Image {
		im, err := s.Picture("a.png", image.Rectangle{}, w, h)
		if err != nil {
			t.Fatal(err)
		}
		return im
	}
	whole, half := ask(4, 2), ask(2, 1)
	if files.reads["a.png"] != 1 {
		t.Errorf("%d reads for two sizes, want 1", files.reads["a.png"])
	}
	if err := s.Finish(); err != nil {
		t.Fatal(err)
	}
	if ask(4, 2) != whole || ask(8, 4) != whole || ask(2, 1) != half || files.reads["a.png"] != 1 {
		t.Errorf("asked again after Finish: %d reads, want the pictures made before and no read", files.reads["a.png"])
	}
	if third := ask(3, 1); third == whole || third == half || files.reads["a.png"] != 2 {
		t.Errorf("a new size after Finish: %d reads, want a new picture and a second read", files.reads["a.png"])
	}
	if err := s.Finish(); err != nil {
		t.Fatal(err)
	}
}
