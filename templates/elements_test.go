package templates_test

import (
	"fmt"
	"io/fs"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/internal/golden"
	"github.com/deckpress/deckpress/layout"

	"github.com/deckpress/deckpress/templates"
	"github.com/deckpress/deckpress/templates/draw"
	"github.com/deckpress/deckpress/templates/typeset"
)

var poker = layout.Size{W: 63.5, H: 88.9}

// render compiles template src (the body of one template) and draws it
// for a card with the given fields (a YAML mapping).
func render(t *testing.T, src, fields string) (*draw.Face, cards.Diagnostics) {
	t.Helper()
	root, diags := cards.Parse("t.yaml", []byte(src))
	if root == nil {
		t.Fatalf("template: %v", diags)
	}
	lib := templates.NewLibrary(poker, 0)
	lib.Images.Files = os.DirFS("testdata").(fs.ReadFileFS)
	lib.Define("t", cards.Pos{File: "t.yaml", Line: 1, Col: 1}, root)
	diags = diags.Extend(lib.Compile())
	f, ds := cards.Parse("card.yaml", []byte(fields))
	diags = append(diags, ds...)
	card := templates.Card{Label: "card 1", Pos: cards.Pos{File: "card.yaml", Line: 1, Col: 1}, Field: func(n string) *cards.Node { return f.Key(n) }}
	face, ds := lib.Render(lib.Lookup("t"), card)
	diags = diags.Extend(ds)
	if err := lib.Images.Finish(); err != nil {
		t.Fatal(err)
	}
	return face, diags
}

func dump(face *draw.Face, diags cards.Diagnostics) []byte {
	var rec draw.Recorder
	draw.DrawFace(&rec, face)
	for _, d := range diags.Sort() {
		fmt.Fprintf(&rec, "diag %s\n", d)
	}
	return []byte(rec.String())
}

// textInside asserts that every text run lies inside box: its advance
// within the sides, its ascender and descender within top and bottom.
func textInside(t *testing.T, face *draw.Face, box layout.Rect) {
	t.Helper()
	const eps = 1e-6
	for _, op := range face.Ops {
		tx, ok := op.(*draw.TextOp)
		if !ok {
			continue
		}
		em := tx.Size * layout.MMPerPoint
		font := tx.Font.(*typeset.Font)
		w := font.Width(tx.Text) * em
		top, bottom := tx.Y-font.Ascent*em, tx.Y+font.Descent*em
		if tx.X < box.X-eps || tx.X+w > box.Right()+eps || top < box.Y-eps || bottom > box.Bottom()+eps {
			t.Errorf("text %q (x %.3f–%.3f, y %.3f–%.3f) leaves its box %+v", tx.Text, tx.X, tx.X+w, top, bottom, box)
		}
	}
}

const lorem = "Household pets are rebelling against their masters, and only a hero who can talk to animals, robots and small children can broker a peace that lasts until dinner."

var textBox = layout.Rect{X: 4, Y: 10, W: 40, H: 30}

// TestElementGoldens draws each element kind and text rule and compares
// the drawing calls with golden files; text must stay inside its box.
func TestElementGoldens(t *testing.T) {
	cases := []struct {
		name, template, fields string
		textBox                *layout.Rect
	}{
		{"background-colour", `background: "{{fill}}"`, `fill: "#3cb44b"`, nil},
		{"rect", `elements: [{rect: {x: 5, y: 6, w: 20, h: 10, fill: "#ff000080", stroke: navy, stroke-width: 0.5, radius: 2, dash: [1, 0.5]}}]`, `{}`, nil},
		{"rect-bleed", `elements: [{rect: {x: 0, y: 0, w: 100%, h: 12, fill: teal, bleed: true}}]`, `{}`, nil},
		{"line", `elements: [{line: {x1: 0, y1: 50%, x2: 100%, y2: 50%, stroke: "#333", stroke-width: 1pt}}]`, `{}`, nil},
		{"ellipse", `elements: [{ellipse: {x: 10, y: 10, w: 30, h: 20, fill: gold}}]`, `{}`, nil},
		{"polygon-sides", `elements: [{polygon: {x: 10, y: 10, w: 20, h: 20, sides: 6, fill: "#abc"}}]`, `{}`, nil},
		{"polygon-points", `elements: [{polygon: {points: [[0, 0], [10mm, 0], [5, 1cm]], stroke: black}}]`, `{}`, nil},
		{"icon", `elements: [{icon: {x: 5, y: 5, w: 10, h: 10, name: "{{sym}}", colour: crimson}}]`, `sym: heart`, nil},
		{"boxes-first", `elements: [{boxes: {x: 4, y: 4, w: 50, h: 6, count: 6, marked: 2}}]`, `{}`, nil},
		{"boxes-positions", `elements: [{boxes: {x: 4, y: 4, w: 50, h: 6, count: 6, marked: "{{segments}}", mark: fill, labels: true}}]`, `segments: "1, 3, 5, 6"`, nil},
		{"boxes-labels-font", `elements: [{boxes: {x: 4, y: 4, w: 50, h: 6, count: 3, marked: 1, labels: true, font: dejavu bold}}]`, `{}`, nil},
		{"boxes-grid", `elements: [{boxes: {x: 4, y: 4, w: 30, h: 30, count: 12, cols: 4, marked: [2, 7], mark: x}}]`, `{}`, nil},
		{"stats", `elements: [{stats: {x: 4, y: 4, w: 40, h: 20, rows: [{label: STR, value: "{{str}}"}, {label: DEX, value: "5"}], rule: "#999"}}]`, `str: 3`, nil},
		{"repeat", `elements: [{repeat: {x: 4, y: 20, w: 50, h: 30, field: powers, item-height: 8, gap: 1, elements: [{text: {x: 0, y: 0, w: 70%, h: 100%, value: "{{index}}. {{power}}"}}, {text: {x: 70%, y: 0, w: 30%, h: 100%, value: "{{cost}}", align: right}}]}}]`,
			`powers: [{power: Flight, cost: 30}, {power: Close Attack, cost: 67}]`, nil},
		{"if-set", `elements: [{text: {if: note, value: "{{note}}"}}, {text: {if: "!note", value: "none"}}]`, `note: hello`, nil},
		{"if-equals", `elements: [{rect: {if: "kind == hero", w: 10, h: 10, fill: red}}, {rect: {if: "kind != hero", w: 10, h: 10, fill: blue}}]`, `kind: villain`, nil},
		{"text-left", `elements: [{text: {x: 4, y: 10, w: 40, h: 30, value: "{{body}}", size: 9}}]`, `body: "` + lorem + `"`, &textBox},
		{"text-center-middle", `elements: [{text: {x: 4, y: 10, w: 40, h: 30, value: "Centred\nand in the middle", align: center, valign: middle}}]`, `{}`, &textBox},
		{"text-right-bottom", `elements: [{text: {x: 4, y: 10, w: 40, h: 30, value: "Right, bottom", align: right, valign: bottom}}]`, `{}`, &textBox},
		{"text-justify", `elements: [{text: {x: 4, y: 10, w: 40, h: 30, value: "{{body}} Then tea.", size: 8, align: justify}}]`, `body: "` + lorem + `"`, &textBox},
		{"text-shrink-width", `elements: [{text: {x: 4, y: 10, w: 40, h: 30, value: "A Very Long Hero Name Indeed", size: 20, fit: shrink, wrap: false}}]`, `{}`, &textBox},
		{"text-shrink-height", `elements: [{text: {x: 4, y: 10, w: 40, h: 30, value: "{{body}} {{body}}", size: 14, fit: shrink}}]`, `body: "` + lorem + `"`, &textBox},
		{"text-overflow-cut", `elements: [{text: {x: 4, y: 10, w: 40, h: 30, value: "{{body}} {{body}} {{body}}", size: 12, fit: shrink, min-size: 9}}]`, `body: "` + lorem + `"`, &textBox},
		{"text-long-word", `elements: [{text: {x: 4, y: 10, w: 40, h: 30, value: "Supercalifragilisticexpialidocious-and-then-some", size: 12}}]`, `{}`, &textBox},
		{"text-no-wrap-cut", `elements: [{text: {x: 4, y: 10, w: 40, h: 30, value: "This line is far too long to fit", size: 12, wrap: false}}]`, `{}`, &textBox},
		{"text-markup", `elements: [{text: {x: 4, y: 10, w: 40, h: 30, value: "{{body}}", size: 8}}]`,
			"body: \"**Bold** and *italic* and ***both***; 5 * 3 stays.\\n\\n- a :star: bullet\\n- another with :x: icons\\n\\nNew paragraph.\"", &textBox},
		{"text-line-height", `elements: [{text: {x: 4, y: 10, w: 40, h: 30, value: "one\ntwo\nthree", line-height: 1.6, font: mono bold}}]`, `{}`, &textBox},
		{"text-fallback-glyph", `elements: [{text: {x: 4, y: 10, w: 40, h: 30, value: "Ω ∞ † ‡ ✓", font: smallcaps}}]`, `{}`, &textBox},
		{"field-default", `elements: [{text: {value: "{{title|Untitled}}"}}]`, `{}`, nil},
		{"image-cover-rounded", `elements: [{image: {x: 4, y: 4, w: 30, h: 30, src: images/wide.png, fit: cover, radius: 3}}]`, `{}`, nil},
		{"image-contain-jpeg", `elements: [{image: {x: 4, y: 4, w: 30, h: 30, src: "{{art}}", fit: contain}}]`, `art: images/wide.jpg`, nil},
		{"image-stretch-alpha", `elements: [{image: {x: 4, y: 4, w: 30, h: 10, src: images/alpha.png, fit: stretch}}]`, `{}`, nil},
		{"background-image", `background: {colour: white, image: images/wide.png, fit: cover}`, `{}`, nil},
		{"image-svg-contain", `elements: [{image: {x: 4, y: 4, w: 30, h: 30, src: images/tall.svg, colour: "{{ink}}"}}]`, `ink: teal`, nil},
		{"background-svg-cover", `background: {image: images/tall.svg, fit: cover}`, `{}`, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			face, diags := render(t, c.template, c.fields)
			golden.Assert(t, "elements/"+c.name+".txt", dump(face, diags))
			if c.textBox != nil {
				textInside(t, face, *c.textBox)
			}
		})
	}
}

// TestSVGPicturePlacement: an SVG picture is drawn as paths (no picture)
// placed by its fit, its currentColor in the element's colour, and a
// warning about the file is given at the element that names it.
func TestSVGPicturePlacement(t *testing.T) {
	teal := draw.Colour{R: 0, G: 128, B: 128, A: 255}
	cases := []struct {
		name, template string
		want           layout.Rect // where the 10 × 20 rectangle of tall.svg lands
		colour         draw.Colour
	}{
		// contain in 30 × 30: 15 × 30, centred across
		{"contain", `elements: [{image: {x: 4, y: 4, w: 30, h: 30, src: images/tall.svg, colour: teal}}]`, layout.Rect{X: 11.5, Y: 4, W: 15, H: 30}, teal},
		// stretch: the whole box
		{"stretch", `elements: [{image: {x: 4, y: 4, w: 30, h: 30, src: images/tall.svg, fit: stretch}}]`, layout.Rect{X: 4, Y: 4, W: 30, H: 30}, draw.Black},
		// cover: 30 × 60, centred down, clipped
		{"cover", `elements: [{image: {x: 4, y: 4, w: 30, h: 30, src: images/tall.svg, fit: cover}}]`, layout.Rect{X: 4, Y: -11, W: 30, H: 60}, draw.Black},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			face, diags := render(t, c.template, `{}`)
			var first *draw.PathOp
			clipped := false
			for _, op := range face.Ops {
				switch o := op.(type) {
				case *draw.ImageOp:
					t.Errorf("an SVG picture became a raster image")
				case *draw.PathOp:
					if first == nil {
						first = o
					}
				case *draw.ClipOp:
					clipped = true
				}
			}
			if clipped != (c.name == "cover") {
				t.Errorf("clipped %v; only cover clips (to the box)", clipped)
			}
			if first == nil {
				t.Fatal("no path drawn")
			}
			b := first.Path.Bounds()
			if math.Abs(b.X-c.want.X) > 1e-9 || math.Abs(b.Y-c.want.Y) > 1e-9 || math.Abs(b.W-c.want.W) > 1e-9 || math.Abs(b.H-c.want.H) > 1e-9 {
				t.Errorf("rectangle at %+v, want %+v", b, c.want)
			}
			if first.Fill != c.colour {
				t.Errorf("fill %v, want %v", first.Fill, c.colour)
			}
			ws := 0
			for _, d := range diags.Sort() {
				if d.Severity == cards.Warning && strings.Contains(d.Message, "images/tall.svg:1:") && strings.Contains(d.Message, "filters") {
					ws++
				}
			}
			if ws != 1 {
				t.Errorf("%d warnings about the filter, want 1: %v", ws, diags)
			}
		})
	}
}

// TestShrinkFitsBothWays checks the fit rule over many lengths and boxes:
// with fit: shrink the text fits (nothing cut) whenever the minimum size
// allows, and the size chosen is the largest that fits, to 0.1 pt.
func TestShrinkFitsBothWays(t *testing.T) {
	fonts := typeset.NewFontSet()
	fam, _, _ := fonts.Resolve("go")
	words := strings.Fields(lorem)
	for n := 1; n <= len(words); n += 3 {
		s := strings.Join(words[:n], " ")
		for _, box := range []layout.Rect{{W: 50, H: 10}, {W: 30, H: 40}, {W: 55, H: 25}, {W: 20, H: 60}} {
			st := typeset.TextStyle{Family: fam, Size: 24, MinSize: 4, Wrap: true, Shrink: true, LineHeight: 1.2, Colour: draw.Black}
			ops, res := typeset.LayoutText(nil, s, box, st, nil)
			if res.Overflow {
				t.Errorf("%d words in %+v: overflow at %v pt", n, box, res.Size)
				continue
			}
			textInside(t, &draw.Face{Ops: ops}, box)
			if res.Size < 24 {
				bigger := st
				bigger.Size, bigger.Shrink = math.Min(24, res.Size+0.1), false
				if _, r2 := typeset.LayoutText(nil, s, box, bigger, nil); !r2.Overflow {
					// a bigger size may still fit only if it needs no cut word;
					// LayoutText without shrink cuts words silently, so check
					// the chosen size is within 0.1 pt of the fitting limit
					bigger.Shrink, bigger.MinSize = true, bigger.Size
					if _, r3 := typeset.LayoutText(nil, s, box, bigger, nil); !r3.Overflow {
						t.Errorf("%d words in %+v: chose %v pt but %v pt fits", n, box, res.Size, bigger.Size)
					}
				}
			}
		}
	}
}

// TestExtendsOverridesByID: a template that extends another keeps the
// parent's elements, replaces those with the same id in place, and adds
// its own after them.
func TestExtendsOverridesByID(t *testing.T) {
	src := `
base:
  background: "#eeeeee"
  elements:
    - rect: {id: band, w: 100%, h: 10, fill: navy}
    - text: {id: title, x: 2, y: 1, w: 50, h: 8, value: "{{name}}"}
child:
  extends: base
  elements:
    - text: {id: title, x: 2, y: 1, w: 50, h: 8, value: "{{name}}!", font: bold}
    - icon: {x: 50, y: 50, w: 10, h: 10, name: star}
`
	root, diags := cards.Parse("t.yaml", []byte(src))
	lib := templates.NewLibrary(poker, 0)
	for k, v := range root.Pairs() {
		lib.Define(k.Value, k.Pos, v)
	}
	diags = diags.Extend(lib.Compile())
	f, _ := cards.Parse("c.yaml", []byte("name: Zoobot"))
	face, ds := lib.Render(lib.Lookup("child"), templates.Card{Label: "card 1", Field: func(n string) *cards.Node { return f.Key(n) }})
	diags = diags.Extend(ds)
	golden.Assert(t, "extends.txt", dump(face, diags))
}

func TestTemplateDiagnostics(t *testing.T) {
	cases := []struct{ name, template, fields, want string }{
		{"emoji", `elements: [{text: {value: "{{name}}"}}]`, `name: "Zoobot 🤖"`,
			`card.yaml:1:7: error: card 1: character '🤖' (U+1F916) cannot be printed`},
		{"too long", `elements: [{text: {x: 0, y: 0, w: 20, h: 5, value: "{{body}}", fit: shrink, min-size: 8}}]`, `body: "` + lorem + `"`,
			`card.yaml:1:7: warning: card 1: text does not fit its 20mm x 5mm box even at 8pt; the end is cut`},
		{"unknown icon", `elements: [{text: {value: "a :hart: b"}}]`, `{}`,
			`t.yaml:1:27: error: card 1: unknown icon :hart:; did you mean :heart:?`},
		{"unclosed bold", `elements: [{text: {value: "**oops"}}]`, `{}`,
			`t.yaml:1:27: warning: card 1: ** (bold) is not closed on its line`},
		{"list field", `elements: [{text: {value: "{{powers}}"}}]`, `powers: [a, b]`,
			`card.yaml:1:9: error: card 1: field "powers" is a list; text.value needs text`},
		{"bad dynamic colour", `background: "{{fill}}"`, `fill: "#12345"`,
			`card.yaml:1:7: error: card 1: background: "#12345" is not a colour`},
		{"extends cycle", `extends: t`, `{}`, `extends itself`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, diags := render(t, c.template, c.fields)
			var all []string
			for _, d := range diags.Sort() {
				all = append(all, d.String())
			}
			if !strings.Contains(strings.Join(all, "\n"), c.want) {
				t.Errorf("want %q in:\n%s", c.want, strings.Join(all, "\n"))
			}
		})
	}
}

// TestStrayBraces: a {{ or }} that belongs to no field reference (a
// default holding another reference, an unclosed one) is a warning at its
// value, and is printed as it is; references, with and without defaults,
// are not.
func TestStrayBraces(t *testing.T) {
	for _, c := range []struct {
		value string
		warn  bool
	}{
		{"{{a}}", false},
		{"{{a|none}} and {{ b }}", false},
		{"plain text", false},
		{"{{z|{{a}}}}", true},
		{"{{a", true},
		{"{{a}} }}", true},
	} {
		src := fmt.Sprintf("elements:\n  - text: {x: 4, y: 4, w: 50, h: 10, value: %q}\n", c.value)
		_, diags := render(t, src, "{a: A, b: B}")
		warned := false
		for _, d := range diags {
			warned = warned || strings.Contains(d.Message, "belongs to no field reference")
		}
		if warned != c.warn {
			t.Errorf("%q: warned %v, want %v (%v)", c.value, warned, c.warn, diags)
		}
	}
}
