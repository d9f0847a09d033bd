package templates

import (
	"slices"
	"sort"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/templates/typeset"
)

// The shapes of the design language: each element kind declares its
// properties once, with their types, namesShape and limits. The compiler takes
// an element's known and required keys from them, and the JSON Schema of
// templates is made from them, so the two cannot drift apart. Every value
// may be a {{field}} reference instead, checked per card.

// fieldRefShape is a value that refers to a card's fields.
var fieldRefShape = &cards.Shape{Type: "string", Desc: "a {{field}} reference, substituted per card", Pattern: `\{\{[^{}]*\}\}`}

// orField lets a property's value be a {{field}} reference too.
func orField(s *cards.Shape) *cards.Shape {
	alts := s.AnyOf
	if alts == nil {
		c := *s
		c.Desc = ""
		alts = []*cards.Shape{&c}
	}
	f := cards.Either(s.Desc, append(slices.Clone(alts), fieldRefShape)...)
	f.Title = s.Title
	return f
}

// numberPattern is a decimal number as the lengthShape and size readers take it.
const numberPattern = `[0-9]+\.?[0-9]*|\.[0-9]+`

// lengthShape is a lengthShape property: a number of mm, or text with a unit
// (mm, cm, in, pt, and % of the card where percent).
func lengthShape(desc string, negative, percent bool) *cards.Shape {
	units, sign := `mm|cm|in|"|pt`, ""
	if percent {
		units += "|%"
	}
	num := &cards.Shape{Type: "number"}
	if negative {
		sign = "[-+]?"
	} else {
		num.Min = ptr(0)
	}
	title := "length"
	if percent {
		title = "length or %"
	}
	l := cards.Either(desc, num, &cards.Shape{Type: "string", Desc: "a number with a unit",
		Pattern: `^\s*` + sign + `(` + numberPattern + `)\s*(` + units + `)?\s*$`})
	l.Title = title
	return orField(l)
}

// sizeShape is a font size: a number of points (above 0, at most 1000),
// or a lengthShape with a unit.
func sizeShape(desc string) *cards.Shape {
	size := cards.Either(desc, &cards.Shape{Type: "number", Min: ptr(0), MinExclusive: true, Max: ptr(1000)},
		&cards.Shape{Type: "string", Desc: "a size with a unit", Pattern: `^\s*(` + numberPattern + `)\s*(pt|mm|cm|in|")?\s*$`})
	size.Title = "font size"
	return orField(size)
}

func numberShape(desc string, lo, hi float64) *cards.Shape {
	return orField(&cards.Shape{Type: "number", Desc: desc, Min: &lo, Max: &hi})
}

func wholeShape(desc string, lo, hi float64) *cards.Shape {
	return orField(cards.WholeIn(desc, lo, hi))
}

func flagShape(desc string) *cards.Shape { return orField(cards.Flag(desc)) }

func namesShape(desc string, names ...string) *cards.Shape {
	return orField(cards.OneOf(desc, names...))
}

// colourShape is a colour: #rgb, #rrggbb, #rrggbbaa or a CSS name.
func colourShape(desc string) *cards.Shape {
	return cards.Text(desc + ": #rgb, #rrggbb, #rrggbbaa or a CSS colour name")
}

// wordsShape is text; a number or a yes/no is taken as its written form.
func wordsShape(desc string) *cards.Shape {
	return cards.Either(desc, &cards.Shape{Type: "string"}, &cards.Shape{Type: "number"}, &cards.Shape{Type: "boolean"})
}

func ptr(v float64) *float64 { return &v }

// The properties shared by kinds.
var (
	boxShapes = []cards.Prop{
		cards.P("x", lengthShape("left edge: mm, a length with a unit, or % of the card width (default 0)", true, true)),
		cards.P("y", lengthShape("top edge: mm, a length with a unit, or % of the card height (default 0)", true, true)),
		cards.P("w", lengthShape("width (default: to the right edge)", false, true)),
		cards.P("h", lengthShape("height (default: to the bottom edge)", false, true)),
	}
	strokeShapes = []cards.Prop{
		cards.P("stroke", colourShape("outline colour (default black; none for a rect, ellipse or polygon with a fill)")),
		cards.P("stroke-width", lengthShape("outline width (default 0.3 mm)", false, false)),
		cards.P("dash", cards.List("dash pattern: lengths on, off, … in mm (0.01–1000)", &cards.Shape{Type: "number", Min: ptr(0.01), Max: ptr(1000)})),
	}
	fillShape    = cards.P("fill", colourShape("fill colour (default none)"))
	radiusShape  = cards.P("radius", lengthShape("corner radius (default 0)", false, false))
	colourShapes = []cards.Prop{
		cards.P("colour", colourShape("colour (default black)")),
		cards.P("color", colourShape("the same as colour")),
	}
	textShapes = slices.Concat([]cards.Prop{
		cards.P("value", wordsShape("the text, with **bold**, *italic*, :icons: and lists")),
		cards.P("font", cards.Text(`"[family] [style]": bold, mono, "Lobster italic" … (default: the regular sans)`)),
		cards.P("size", sizeShape("size in points (default 10)")),
		cards.P("min-size", sizeShape("the smallest size fit: shrink may use, in points (default 6)")),
	}, colourShapes, []cards.Prop{
		cards.P("align", namesShape("horizontal alignment (default left)", typeset.AlignNames...)),
		cards.P("valign", namesShape("vertical alignment (default top)", typeset.VAlignNames...)),
		cards.P("line-height", numberShape("line pitch, times the size (default 1.2)", 0.5, 5)),
		cards.P("fit", namesShape("shrink: make the text smaller until it fits (default none)", "none", "shrink")),
		cards.P("wrap", flagShape("break lines at the box width (default true)")),
		cards.P("markup", flagShape("read **bold**, *italic* and :icons: (default true)")),
	})
)

// rowShape is a row of a stats element.
var rowShape = &cards.Shape{Type: "object", Title: "stats row", Desc: "a row: its label and value", Required: []string{"label", "value"},
	Props: []cards.Prop{cards.P("label", wordsShape("the label, on the left")), cards.P("value", wordsShape("the value, on the right"))}}

// commonProps are the keys every element takes.
var commonProps = []cards.Prop{
	cards.P("id", cards.Text("a name, so that a template extending this one can replace the element")),
	cards.P("if", cards.Text(`draw only when a field is set ("field"), unset ("!field"), or equal ("field == value", "field != value")`)),
}

// kinds returns the element kinds' namesShape, sorted.
func kinds() []string {
	out := make([]string, 0, len(elementKinds))
	for k := range elementKinds {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// keys returns the keys an element kind takes.
func (k elementKind) keys() []string {
	out := make([]string, 0, len(commonProps)+len(k.props))
	for _, p := range slices.Concat(commonProps, k.props) {
		out = append(out, p.Name)
	}
	return out
}

// elementShape is an element of any kind; nested elements (those of a
// repeat) are described to depth levels, then taken as any element.
func elementShape(depth int) *cards.Shape {
	var alts []*cards.Shape
	for _, name := range kinds() {
		k := elementKinds[name]
		props := slices.Concat(commonProps, k.props)
		if name == "repeat" && depth > 0 {
			props = slices.Clone(props)
			i := slices.IndexFunc(props, func(p cards.Prop) bool { return p.Name == "elements" })
			props[i] = cards.P("elements", cards.List(props[i].Shape.Desc, elementShape(depth-1)))
		}
		body := &cards.Shape{Type: "object", Title: name, Desc: k.desc, Props: props, Required: k.required}
		alts = append(alts, &cards.Shape{Type: "object", Title: name + " element", Desc: name + ": " + k.desc, Required: []string{name},
			Props: []cards.Prop{cards.P(name, body)}})
	}
	return cards.Either("an element: one kind and its properties", alts...)
}

// Shape returns the shape of a template definition: its keys and every
// element kind with its properties, as the compiler checks them.
func Shape() *cards.Shape {
	t := &cards.Shape{Type: "object", Title: "template", Desc: "a template: a background and elements; any value may use {{field}}"}
	for _, k := range templateKeys {
		switch k {
		case "extends":
			t.Props = append(t.Props, cards.P(k, cards.Text("a template to inherit; elements with the same id are replaced")))
		case "background":
			t.Props = append(t.Props, cards.P(k, cards.Either("a colour, or {colour, image, fit}, filling the bleed box", colourShape("a colour"), backgroundShape)))
		case "elements":
			t.Props = append(t.Props, cards.P(k, cards.List("the elements, drawn in order", elementShape(2))))
		}
	}
	return t
}

// backgroundShape is a template's background as a mapping.
var backgroundShape = &cards.Shape{Type: "object", Title: "background", Desc: "a background", Props: []cards.Prop{
	cards.P("colour", colourShape("a colour")), cards.P("color", colourShape("the same as colour")),
	cards.P("image", cards.Text("a picture file")),
	cards.P("fit", namesShape("how the picture fills the card (default contain)", fitNames...)),
}}

// FileShape is a template file (named by a deck's `use:`).
func FileShape() *cards.Shape {
	return &cards.Shape{Type: "object", Title: "template file", Desc: "a file of named templates, for decks to use", Required: []string{"templates"},
		Props: []cards.Prop{cards.P("templates", cards.Map("named templates", Shape()))}}
}
