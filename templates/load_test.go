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
// and the families share one font.
func TestFilesReadOnce(t *testing.T) {
	files := &countingFiles{reads: map[string]int{}, data: map[string][]byte{
		"f.ttf":  typeset.NewFontSet().Fallback.Face(typeset.Regular).TrueType(),
		"t.yaml": []byte("templates:\n  card: {elements: []}\n"),
	}}
	src := "deck: d\nuse: [t.yaml, t.yaml, ./t.yaml]\nfonts:\n  A: f.ttf\n  B: {regular: f.ttf, bold: f.ttf}\nfront: card\ncards:\n  - name: x\n"
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
	if a == nil || b == nil || a.Face(typeset.Regular) != b.Face(typeset.Regular) || b.Face(typeset.Regular) != b.Face(typeset.Bold) {
		t.Errorf("the families do not share the one font")
	}
}

// TestPicturesReleased: once Finish has made the pictures asked for, the
// decoded source is not held: asking for it again reads the file again.
func TestPicturesReleased(t *testing.T) {
	var png bytes.Buffer
	if err := stdpng.Encode(&png, image.NewNRGBA(image.Rect(0, 0, 4, 2))); err != nil {
		t.Fatal(err)
	}
	files := &countingFiles{reads: map[string]int{}, data: map[string][]byte{"a.png": png.Bytes()}}
	s := templates.NewImageStore()
	s.Files = files
	for i := 1; i <= 2; i++ {
		if _, err := s.Picture("a.png", image.Rectangle{}, 4, 2); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Picture("a.png", image.Rectangle{}, 2, 1); err != nil {
			t.Fatal(err)
		}
		if files.reads["a.png"] != i {
			t.Errorf("round %d: %d reads, want %d (one per round, before Finish)", i, files.reads["a.png"], i)
		}
		if err := s.Finish(); err != nil {
			t.Fatal(err)
		}
	}
}
