package pdf

import (
	"bytes"
	"fmt"
	"sync/atomic"
	"testing"

	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/templates/draw"
	"github.com/deckpress/deckpress/templates/typeset"
)

// countedPages lays out n pages as they are asked for, counting the
// calls: text in two fonts (the font a page ends in is the one the next
// starts in), opacities first used on different pages, and a picture.
type countedPages struct {
	n     int
	pic   *draw.Image
	calls atomic.Int64
}

func (s *countedPages) Len() int { return s.n }

func (s *countedPages) Page(i int) draw.Page {
	s.calls.Add(1)
	fam := typeset.NewFontSet().Fallback
	style := []typeset.Style{typeset.Regular, typeset.Bold}[i%2]
	ops := []draw.Op{
		&draw.PathOp{Path: layout.RectPath(layout.Rect{X: 5, Y: 5, W: 20, H: 10}), Fill: draw.Colour{R: uint8(i), A: uint8(100 + i%7*20)}},
		&draw.TextOp{Font: fam.Face(style), Size: float64(8 + i%3), Colour: draw.Colour{B: uint8(i * 5), A: 255}, X: 5, Y: 30, Text: fmt.Sprintf("page %d ✓", i+1)},
	}
	if i%5 == 4 {
		ops = append(ops, &draw.ImageOp{Image: s.pic, Box: layout.Rect{X: 30, Y: 5, W: 10, H: 10}})
	}
	return draw.Page{Size: layout.Size{W: 60, H: 40}, Layers: []draw.Layer{{Transform: layout.Identity, Face: &draw.Face{Ops: ops}}}}
}

// TestPagesFromASource: a document whose pages are laid out when asked
// for is written with the bytes of the same pages held in memory, and
// each page is laid out twice (once to plan the file, once to write it).
func TestPagesFromASource(t *testing.T) {
	for _, n := range []int{1, 3, 41} {
		src := &countedPages{n: n, pic: testPicture(t)}
		held, err := renderBytes(&draw.Document{Title: "source", Pages: (&draw.Document{Source: src}).All()})
		if err != nil {
			t.Fatal(err)
		}
		src.calls.Store(0)
		drawn, err := renderBytes(&draw.Document{Title: "source", Source: src})
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(held, drawn) {
			t.Errorf("%d pages: %d bytes from the source, %d held, not the same", n, len(drawn), len(held))
		}
		if got := src.calls.Load(); got != int64(2*n) {
			t.Errorf("%d pages: laid out %d times, want %d", n, got, 2*n)
		}
	}
}
