// Package testdecks makes big decks for benchmarks and tests: many plain
// cards, or many cards with wrapped text, inline icons and pictures.
package testdecks

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Big returns a deck of n poker cards, each with a background, a
// border, a title and two numbers, with a shared back.
func Big(n int) string {
	var b strings.Builder
	b.WriteString(`deck: big
size: poker
print: {paper: a4, duplex: long}
templates:
  face:
    background: "{{fill}}"
    elements:
      - rect: {x: 2, y: 2, w: 59.5, h: 84.9, radius: 3, stroke: "#ffffff", stroke-width: 1}
      - text: {x: 5, y: 5, w: 53.5, h: 10, value: "{{name}}", font: bold, size: 14, fit: shrink, wrap: false}
      - text: {x: 5, y: 70, w: 20, h: 12, value: "{{atk}}", font: bold, size: 24}
      - text: {x: 38.5, y: 70, w: 20, h: 12, value: "{{def}}", font: bold, size: 24, align: right}
  back:
    background: "#222244"
    elements:
      - text: {x: 5, y: 35, w: 53.5, h: 15, value: "BIG DECK", font: bold, size: 20, align: center, colour: "#ffffff"}
front: face
back: back
cards:
`)
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "  - {name: \"Card %d\", atk: %d, def: %d, fill: \"#%02x%02x%02x\"}\n", i+1, i%10, (i*7)%13, (i*37)%256, (i*91)%256, (i*53)%256)
	}
	return b.String()
}

// Rich returns a deck of n poker cards, each with a title, about ten
// lines of wrapped text with two inline icons, and a picture (one of ten
// files), with a shared back.
func Rich(n int) string {
	var b strings.Builder
	b.WriteString(`deck: rich
size: poker
print: {paper: a4, duplex: long}
templates:
  face:
    background: "#fbf8f1"
    elements:
      - text: {x: 4, y: 3, w: 55.5, h: 8, value: "{{name}}", font: bold, size: 13, fit: shrink, wrap: false}
      - image: {x: 4, y: 12, w: 55.5, h: 30, src: "{{art}}", fit: cover, radius: 2}
      - text: {x: 4, y: 44, w: 55.5, h: 40, value: "{{body}}", size: 7.5, fit: shrink}
  back:
    background: "#2f3e66"
    elements:
      - icon: {x: 21.75, y: 34.45, w: 20, h: 20, name: star, colour: white}
front: face
back: back
cards:
`)
	body := "When this hero enters play, each opponent discards a card :x: unless they pay two energy. " +
		"At the start of your turn, gain one shield :shield: for every ally in the arena, then draw a card. " +
		"Once per game, when a hero would be knocked out, you may return this card to your hand instead, " +
		"and the attacker loses their next action. Heroes with flight ignore walls and rivers, " +
		"and heroes that are hidden cannot be targeted until they act or an opponent notices them."
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "  - {name: \"Hero %d\", art: art%d.png, body: %q}\n", i+1, i%10, body)
	}
	return b.String()
}

// WriteArt writes ten 600 × 400 pictures art0.png … art9.png into dir.
func WriteArt(tb testing.TB, dir string) {
	for k := 0; k < 10; k++ {
		img := image.NewNRGBA(image.Rect(0, 0, 600, 400))
		for y := 0; y < 400; y++ {
			for x := 0; x < 600; x++ {
				img.SetNRGBA(x, y, color.NRGBA{uint8(x*255/600 + k*20), uint8(y * 255 / 400), uint8((x + y + k*40) % 256), 255})
			}
		}
		f, err := os.Create(filepath.Join(dir, fmt.Sprintf("art%d.png", k)))
		if err != nil {
			tb.Fatal(err)
		}
		png.Encode(f, img)
		f.Close()
	}
}
