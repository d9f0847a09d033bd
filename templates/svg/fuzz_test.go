package svg_test

import (
	"errors"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/internal/fuzzcheck"
	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/templates/draw"
	"github.com/deckpress/deckpress/templates/svg"
)

// FuzzRead: the SVG reader returns art or an error with a line, in time,
// without panicking, and its art holds only finite numbers that place
// into a box.
func FuzzRead(f *testing.F) {
	for _, g := range []string{"testdata/*.svg", "../testdata/images/*.svg", "testdata/fuzz-seeds/*.svg"} {
		names, _ := filepath.Glob(g)
		for _, n := range names {
			if b, err := os.ReadFile(n); err == nil {
				f.Add(b)
			}
		}
	}
	f.Add([]byte(`<svg viewBox="0 0 10 10"><path d="M1 1a5 3 30 1 0 4 4q1 1 2 0t2 0s1 1 2 2z"/><use href="#x"/></svg>`))
	f.Fuzz(func(t *testing.T, src []byte) {
		fuzzcheck.Run(t, src, func() (cards.Diagnostics, bool) {
			res, err := svg.Read("f.svg", src, svg.Options{CurrentFill: true})
			var ds cards.Diagnostics
			if err != nil {
				var e *svg.Error
				if !errors.As(err, &e) {
					t.Fatalf("an error without a position: %v", err)
				}
				ds.Errorf(cards.Pos{File: e.File, Line: e.Line, Col: e.Col}, "%s", e.Msg)
				return ds, false
			}
			for _, w := range res.Warnings {
				ds.Warnf(cards.Pos{File: w.File, Line: w.Line, Col: w.Col}, "%s", w.Msg)
			}
			a := res.Art
			ops := a.Draw(nil, a.Fit(layout.Rect{X: 1, Y: 1, W: 20, H: 30}, "contain"), draw.Black, nil)
			for _, op := range ops {
				if p, ok := op.(*draw.PathOp); ok {
					for _, q := range p.Path.Points {
						// placed in a 20 × 30 mm box, a picture stays within 1000 times it
						if !(math.Abs(q.X) <= 3e4+1 && math.Abs(q.Y) <= 3e4+1) {
							t.Fatalf("a point %v placed from %v × %v art", q, a.W, a.H)
						}
					}
					if !(p.Width <= 3e4+1) {
						t.Fatalf("stroke width %v", p.Width)
					}
				}
			}
			return ds, true
		})
	})
}
