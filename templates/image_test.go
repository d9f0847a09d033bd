package templates_test

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	stdpng "image/png"
	"runtime"
	"strings"
	"testing"

	"github.com/deckpress/deckpress/templates"
)

// pngOf returns a PNG file of a 16-bit picture of w × h zeros.
func pngOf(t *testing.T, w, h int) []byte {
	var b bytes.Buffer
	enc := stdpng.Encoder{CompressionLevel: stdpng.BestSpeed}
	if err := enc.Encode(&b, image.NewNRGBA64(image.Rect(0, 0, w, h))); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// headerOnly returns a PNG file whose header says w × h pixels of 16
// bits a channel, with no pixels after it.
func headerOnly(t *testing.T, w, h int) []byte {
	b := pngOf(t, 1, 1)
	binary.BigEndian.PutUint32(b[16:], uint32(w))
	binary.BigEndian.PutUint32(b[20:], uint32(h))
	binary.BigEndian.PutUint32(b[29:], crc32.ChecksumIEEE(b[12:29]))
	return b
}

// TestDecodedBudget: a picture is decoded once for its content, whatever
// the names it is asked for by (symlinks, copies); the pictures a deck
// holds decoded are bounded, a picture that would pass the bound refused
// before it is decoded.
func TestDecodedBudget(t *testing.T) {
	big := pngOf(t, 4700, 4700) // 169 MiB decoded
	files := &countingFiles{reads: map[string]int{}, data: map[string][]byte{
		"a.png": big, "alias.png": big, "copy.png": bytes.Clone(big),
		"huge.png": headerOnly(t, 7000, 7000), // 374 MiB decoded
	}}
	files.data["huge-again.png"] = files.data["huge.png"]
	s := templates.NewImageStore()
	s.Files = files
	s.DecodedLimit = 512 << 20 // a quarter of MaxDecodedBytes: reached with two pictures
	var mem runtime.MemStats
	runtime.ReadMemStats(&mem)
	before := mem.TotalAlloc
	for _, tt := range []struct{ path, want string }{
		{"a.png", ""},
		{"alias.png", ""},
		{"copy.png", ""},
		{"huge.png", "huge.png is 7000 x 7000 pixels, 373 MiB decoded: with the pictures decoded before it, more than the 512 MiB a deck may hold; use smaller pictures"},
	} {
		_, err := s.Picture(tt.path, image.Rectangle{}, 10, 10)
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%s: %v", tt.path, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("%s: error %v, want %q", tt.path, err, tt.want)
		}
	}
	runtime.ReadMemStats(&mem)
	// one decode of the big picture, the file read three times
	if used := mem.TotalAlloc - before; used > 250<<20 {
		t.Errorf("allocated %d MiB: the picture was decoded more than once", used>>20)
	}
	if err := s.Finish(); err != nil {
		t.Fatal(err)
	}
	// released by Finish: the budget is free again
	if _, err := s.Picture("huge-again.png", image.Rectangle{}, 10, 10); err == nil || !strings.Contains(err.Error(), "broken PNG image") {
		t.Errorf("after Finish: %v, want the picture decoded (and found broken)", err)
	}
}
