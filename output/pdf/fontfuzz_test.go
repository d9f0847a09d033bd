package pdf

import (
	"encoding/binary"
	"io"
	"os"
	"testing"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/internal/fuzzcheck"
	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/templates/draw"
	"github.com/deckpress/deckpress/templates/typeset"
)

// FuzzFontEmbed: whatever font file is given, reading it either refuses it
// or gives a font that the writer embeds without panicking and without
// printing anything on standard output (fpdf prints what it cannot read
// there, where deckpress's own output goes).
func FuzzFontEmbed(f *testing.F) {
	goFont := typeset.NewFontSet().Fallback.Face(typeset.Regular).TrueType()
	f.Add(goFont)
	// the table directory's records: cut a table short, or move it
	n := int(binary.BigEndian.Uint16(goFont[4:]))
	for i := range n {
		b := append([]byte(nil), goFont...)
		binary.BigEndian.PutUint32(b[12+16*i+12:], 3)
		f.Add(b)
	}
	f.Add(goFont[:len(goFont)/2])
	f.Add([]byte("\x00\x01\x00\x00\x00\x00"))
	f.Fuzz(func(t *testing.T, data []byte) {
		var printed []byte
		fuzzcheck.Run(t, data, func() (cards.Diagnostics, bool) {
			printed = captureStdout(t, func() {
				font, err := typeset.ParseFont("fuzz", data)
				if err != nil {
					return
				}
				op := &draw.TextOp{Font: font, Size: 10, Colour: draw.Colour{A: 255}, X: 10, Y: 10, Text: "Zoobot é"}
				page := draw.Page{Size: layout.Size{W: 50, H: 50}, Layers: []draw.Layer{{Transform: layout.Identity, Face: &draw.Face{Ops: []draw.Op{op}}}}}
				Render(io.Discard, &draw.Document{Title: "t", Pages: []draw.Page{page}})
			})
			return nil, true
		})
		if len(printed) > 0 {
			t.Fatalf("printed on standard output: %q", printed)
		}
	})
}

// captureStdout runs call with standard output going to a pipe, and
// returns what was written there.
func captureStdout(t *testing.T, call func()) []byte {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	saved := os.Stdout
	os.Stdout = w
	done := make(chan []byte)
	go func() {
		b, _ := io.ReadAll(r)
		done <- b
	}()
	defer func() {
		os.Stdout = saved
	}()
	call()
	os.Stdout = saved
	w.Close()
	return <-done
}
