package pdf

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"codeberg.org/go-pdf/fpdf"

	"github.com/deckpress/deckpress/layout"

	"github.com/deckpress/deckpress/templates/draw"
)

// TestGuard: a panic inside the calls into fpdf is an error naming the
// library, and an error or a result passes through.
func TestGuard(t *testing.T) {
	if b, err := guard(func() ([]byte, error) { panic("index out of range") }); b != nil || err == nil || err.Error() != "the PDF library failed: index out of range" {
		t.Errorf("a panic: %q, %v", b, err)
	}
	want := errors.New("broken")
	if _, err := guard(func() ([]byte, error) { return nil, want }); err != want {
		t.Errorf("an error: %v", err)
	}
	if b, err := guard(func() ([]byte, error) { return []byte("%PDF"), nil }); string(b) != "%PDF" || err != nil {
		t.Errorf("a result: %q, %v", b, err)
	}
}

// A panic while the plan walks the document (here a text with no font) is
// an error, never a crash, and the skeleton's goroutine ends with it.
func TestWalkPanicIsAnError(t *testing.T) {
	doc := &draw.Document{Pages: []draw.Page{{Size: layout.Size{W: 10, H: 10}, Layers: []draw.Layer{{Transform: layout.Identity,
		Face: &draw.Face{Ops: []draw.Op{&draw.TextOp{Size: 10, Colour: draw.Colour{A: 255}, X: 1, Y: 8, Text: "a"}}}}}}}}
	var buf bytes.Buffer
	err := Render(&buf, doc)
	if err == nil || !strings.Contains(err.Error(), "the PDF library failed") || buf.Len() != 0 {
		t.Errorf("err %v, %d bytes written", err, buf.Len())
	}
}

// A call into fpdf that panics (a font it cannot take) or fails makes the
// skeleton fail with an error, never a crash: the queue's lock is not
// held while a call is made.
func TestFailedCallIsAnError(t *testing.T) {
	tests := map[string]func(*fpdf.Fpdf){
		"a panic in a call":     func(*fpdf.Fpdf) { panic("broken") },
		"an error in a call":    func(pdf *fpdf.Fpdf) { pdf.SetError(errors.New("broken")) },
		"an error when writing": func(pdf *fpdf.Fpdf) { pdf.SetFont("no such font", "", 10) },
	}
	for name, call := range tests {
		p := newPlan("t", false)
		p.BeginPage(layout.Size{W: 10, H: 10}, nil)
		p.calls.push(call)
		p.calls.close()
		if _, err := guard(p.skeleton); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}
