package typeset_test

import (
	"encoding/binary"
	"strings"
	"testing"

	"github.com/deckpress/deckpress/templates/typeset"
)

// fontTable returns the offset and length of a table of a TrueType file,
// read from its table directory as the OpenType specification lays it out.
func fontTable(t *testing.T, data []byte, tag string) (off, length int) {
	t.Helper()
	n := int(binary.BigEndian.Uint16(data[4:]))
	for i := range n {
		rec := data[12+16*i:]
		if string(rec[:4]) == tag {
			return int(binary.BigEndian.Uint32(rec[8:])), int(binary.BigEndian.Uint32(rec[12:]))
		}
	}
	t.Fatalf("no %s table", tag)
	return 0, 0
}

// TestFontsTheWriterCannotEmbed: a font the PDF writer would misread is
// refused when it is read, with what is wrong — a table missing or cut
// short, a format it does not know, a licence that forbids embedding.
// Each case changes one thing in the Go font, by the OpenType
// specification's layout of the tables.
func TestFontsTheWriterCannotEmbed(t *testing.T) {
	goFont := typeset.NewFontSet().Fallback.Face(typeset.Regular).TrueType()
	if _, err := typeset.ParseFont("go", goFont); err != nil {
		t.Fatalf("the Go font itself: %v", err)
	}
	set16 := func(tag string, at, v int) func(t *testing.T, b []byte) []byte {
		return func(t *testing.T, b []byte) []byte {
			off, _ := fontTable(t, b, tag)
			binary.BigEndian.PutUint16(b[off+at:], uint16(v))
			return b
		}
	}
	rename := func(tag string) func(t *testing.T, b []byte) []byte {
		return func(t *testing.T, b []byte) []byte {
			n := int(binary.BigEndian.Uint16(b[4:]))
			for i := range n {
				if rec := b[12+16*i:]; string(rec[:4]) == tag {
					copy(rec, "zzzz")
				}
			}
			return b
		}
	}
	shorten := func(tag string, length int) func(t *testing.T, b []byte) []byte {
		return func(t *testing.T, b []byte) []byte {
			n := int(binary.BigEndian.Uint16(b[4:]))
			for i := range n {
				if rec := b[12+16*i:]; string(rec[:4]) == tag {
					binary.BigEndian.PutUint32(rec[12:], uint32(length))
				}
			}
			return b
		}
	}
	for _, c := range []struct {
		name   string
		change func(t *testing.T, b []byte) []byte
		want   string
	}{
		{"no cmap", rename("cmap"), "the font has no cmap table"},
		{"no hmtx", rename("hmtx"), "the font has no hmtx table"},
		{"no loca", rename("loca"), "the font has no loca table"},
		{"head cut short", shorten("head", 40), "the font's head table is cut short (40 bytes, 54 needed)"},
		{"hmtx cut short", shorten("hmtx", 8), "the font's hmtx table is cut short"},
		{"loca cut short", shorten("loca", 4), "the font's loca table is cut short"},
		{"table outside the file", func(t *testing.T, b []byte) []byte {
			off, _ := fontTable(t, b, "post")
			return b[:off+4]
		}, "lies outside the file"},
		{"glyph data format", set16("head", 52, 1), "the font's glyph data is in an unknown format (1)"},
		{"loca format", set16("head", 50, 2), "the font's glyph locations are in an unknown format (2)"},
		{"metric format", set16("hhea", 32, 1), "the font's horizontal metrics are in an unknown format (1)"},
		{"no metrics", set16("hhea", 34, 0), "horizontal metrics"},
		{"name format", set16("name", 0, 1), "the font's name table is in format 1"},
		{"restricted licence", set16("OS/2", 8, 0x0002), "the font's licence does not allow embedding it in a PDF (OS/2 fsType 0x0002)"},
		{"no subsetting", set16("OS/2", 8, 0x0100), "does not allow embedding"},
		{"bitmap only", set16("OS/2", 8, 0x0200), "does not allow embedding"},
		{"no format 4 cmap", func(t *testing.T, b []byte) []byte {
			// every encoding record points at a subtable; make them all
			// claim format 12
			off, _ := fontTable(t, b, "cmap")
			n := int(binary.BigEndian.Uint16(b[off+2:]))
			for i := range n {
				sub := int(binary.BigEndian.Uint32(b[off+4+8*i+4:]))
				binary.BigEndian.PutUint16(b[off+sub:], 12)
			}
			return b
		}, "the font has no Unicode cmap of format 4"},
	} {
		t.Run(c.name, func(t *testing.T) {
			b := c.change(t, append([]byte(nil), goFont...))
			_, err := typeset.ParseFont("x", b)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("ParseFont: %v; want an error with %q", err, c.want)
			}
		})
	}
}
