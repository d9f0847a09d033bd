package templates

import (
	"bytes"
	"image"
	"image/gif"
	"image/jpeg"
	"image/png"
	"strings"
	"testing"
	"testing/fstest"
)

// TestPicturesByContent: the README promises PNG and JPEG pictures; what
// a picture is comes from its first bytes, not its name — a GIF or a text
// file named .png is refused with what it is, a JPEG named .png is read.
func TestPicturesByContent(t *testing.T) {
	img := image.NewGray(image.Rect(0, 0, 3, 2))
	var p, j, g bytes.Buffer
	png.Encode(&p, img)
	jpeg.Encode(&j, img, nil)
	gif.Encode(&g, img, nil)
	files := fstest.MapFS{
		"png.png":  {Data: p.Bytes()},
		"jpeg.png": {Data: j.Bytes()},
		"gif.png":  {Data: g.Bytes()},
		"gif.jpg":  {Data: g.Bytes()},
		"text.png": {Data: []byte("hello, not a picture")},
		"cut.png":  {Data: p.Bytes()[:20]},
	}
	tests := []struct{ name, err string }{
		{"png.png", ""},
		{"jpeg.png", ""},
		{"gif.png", "gif.png is a GIF image; deckpress reads PNG, JPEG and SVG pictures only"},
		{"gif.jpg", "gif.jpg is a GIF image; deckpress reads PNG, JPEG and SVG pictures only"},
		{"text.png", "text.png is not a PNG, JPEG or SVG image (its first bytes are none of them)"},
		{"cut.png", "cut.png: broken PNG image"},
	}
	for _, tt := range tests {
		s := NewImageStore()
		s.Files = files
		got, err := s.read(tt.name)
		switch {
		case tt.err == "" && (err != nil || got.Bounds().Dx() != 3):
			t.Errorf("%s: %v, want a 3-pixel-wide picture", tt.name, err)
		case tt.err != "" && (err == nil || !strings.HasPrefix(err.Error(), tt.err)):
			t.Errorf("%s: %v, want %q", tt.name, err, tt.err)
		}
	}
}
