package templates

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/templates/draw"
	"github.com/deckpress/deckpress/templates/typeset"
)

// Template is a compiled face design.
type Template struct {
	Name       string
	Pos        cards.Pos
	background *background
	elements   []element
}

// element is one drawable part of a template.
type element interface {
	draw(r *renderer)
	base() *common
}

// common holds what every element has: an id (for extends) and a
// condition.
type common struct {
	id   string
	cond *condition
	pos  cards.Pos
}

func (c *common) base() *common { return c }

// definition is a template as written, before compilation.
type definition struct {
	name string
	pos  cards.Pos
	node *cards.Node
}

// Library holds the templates a deck can use, with the fonts and icons
// they draw with. Define templates, then Compile, then Render.
type Library struct {
	Card   layout.Size // the deck's trim size, mm
	Bleed  float64     // mm
	Fonts  *typeset.FontSet
	Icons  *typeset.IconSet
	Images *ImageStore

	defs      map[string]definition
	templates map[string]*Template
	used      map[string]bool // field names rendering has looked up
}

// NewLibrary returns an empty library for cards of the given trim size and
// bleed, drawing with the Go fonts and the built-in icons.
func NewLibrary(card layout.Size, bleed float64) *Library {
	return &Library{Card: card, Bleed: bleed, Fonts: typeset.NewFontSet(), Icons: typeset.NewIconSet(),
		Images: NewImageStore(), defs: map[string]definition{}, templates: map[string]*Template{}, used: map[string]bool{}}
}

// Define adds a template definition; a later definition of the same name
// replaces an earlier one (deck templates override used files and
// built-ins).
func (l *Library) Define(name string, pos cards.Pos, node *cards.Node) {
	l.defs[name] = definition{name: name, pos: pos, node: node}
}

// Compile compiles every defined template, resolving `extends`, and
// returns the problems found.
func (l *Library) Compile() cards.Diagnostics {
	names := make([]string, 0, len(l.defs))
	for n := range l.defs {
		names = append(names, n)
	}
	sort.Strings(names)
	var diags cards.Diagnostics
	for _, n := range names {
		l.compile(n, nil, &diags)
	}
	return diags
}

// FieldUsed reports whether any face rendered so far looked up the field.
func (l *Library) FieldUsed(name string) bool { return l.used[name] }

// Lookup returns a compiled template, or nil.
func (l *Library) Lookup(name string) *Template { return l.templates[name] }

// Names lists the defined templates, sorted.
func (l *Library) Names() []string {
	var out []string
	for n := range l.defs {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// UnknownTemplate describes a template name that is not defined, with the
// nearest defined one.
func (l *Library) UnknownTemplate(name string) string {
	if near := cards.Suggest(name, l.Names()); near != "" {
		return fmt.Sprintf("unknown template %q; did you mean %q?", name, near)
	}
	return fmt.Sprintf("unknown template %q; templates: %s", name, strings.Join(l.Names(), ", "))
}

var templateKeys = []string{"extends", "background", "elements"}

// compile compiles one template; chain holds the templates being compiled
// above it, to catch `extends` cycles.
func (l *Library) compile(name string, chain []string, diags *cards.Diagnostics) *Template {
	if t, ok := l.templates[name]; ok {
		return t
	}
	def := l.defs[name]
	t := &Template{Name: name, Pos: def.pos}
	c := &compiler{lib: l, diags: diags, template: name}
	m := diags.Map(def.node, fmt.Sprintf("template %q", name), templateKeys...)
	if n := m.Get("extends"); n != nil {
		if parent, ok := diags.Text(n, "extends"); ok {
			switch {
			case slices.Contains(chain, parent) || parent == name:
				diags.Errorf(n.Pos, "template %q extends itself through %s", name, strings.Join(append(chain, name, parent), " → "))
			case l.defs[parent].node == nil && l.templates[parent] == nil:
				diags.Errorf(n.Pos, "extends: %s", l.UnknownTemplate(parent))
			default:
				if p := l.compile(parent, append(chain, name), diags); p != nil {
					t.background = p.background
					t.elements = slices.Clone(p.elements)
				}
			}
		}
	}
	if n := m.Get("background"); n != nil {
		t.background = c.background(n)
	}
	for _, n := range diags.List(m.Get("elements"), "elements") {
		e := c.element(n)
		if e == nil {
			continue
		}
		if id := e.base().id; id != "" {
			if i := slices.IndexFunc(t.elements, func(x element) bool { return x.base().id == id }); i >= 0 {
				t.elements[i] = e // an inheriting template overrides by id
				continue
			}
		}
		t.elements = append(t.elements, e)
	}
	l.templates[name] = t
	return t
}

// compiler checks static values at compile time; as a scope it has no
// fields.
type compiler struct {
	lib      *Library
	diags    *cards.Diagnostics
	template string
}

func (c *compiler) field(string) *cards.Node { return nil }

func (c *compiler) fail(pos cards.Pos, format string, args ...any) {
	c.diags.Errorf(pos, format, args...)
}

func (c *compiler) missing(name string, p *prop) {
	c.diags.Errorf(p.node.Pos, "%s refers to {{%s}}, which is not known here", p.what, name)
}

// elementKind describes one kind of element: its keys and how to compile it.
type elementKind struct {
	desc    string
	keys    []string
	compile func(c *compiler, m *cards.Mapping, com common, what string) element
}

// Shape returns the shape of a template definition, for JSON Schema: the
// template keys and every element kind with its keys, as the compiler
// checks them.
func Shape() *cards.Shape {
	kinds := make([]string, 0, len(elementKinds))
	for k := range elementKinds {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	var alts []*cards.Shape
	for _, k := range kinds {
		kind := elementKinds[k]
		var props []cards.Prop
		for _, key := range append(slices.Clone(commonKeys), kind.keys...) {
			props = append(props, cards.P(key, cards.Any(propDesc[key])))
		}
		alts = append(alts, &cards.Shape{Type: "object", Desc: k + ": " + kind.desc, Required: []string{k},
			Props: []cards.Prop{cards.P(k, cards.Object(kind.desc, props...))}})
	}
	element := cards.Either("an element: one kind and its properties", alts...)
	t := &cards.Shape{Type: "object", Desc: "a template: a background and elements; any value may use {{field}}"}
	for _, k := range templateKeys {
		switch k {
		case "extends":
			t.Props = append(t.Props, cards.P(k, cards.Text("a template to inherit; elements with the same id are replaced")))
		case "background":
			t.Props = append(t.Props, cards.P(k, cards.Either("a colour, or {colour, image, fit}", cards.Text("a colour"),
				cards.Object("a background", cards.P("colour", cards.Text("a colour")), cards.P("color", cards.Text("a colour")),
					cards.P("image", cards.Text("a picture file")), cards.P("fit", cards.OneOf("how the picture fills", fitNames...))))))
		case "elements":
			t.Props = append(t.Props, cards.P(k, cards.List("the elements, drawn in order", element)))
		}
	}
	return t
}

// propDesc describes element properties, for editors.
var propDesc = map[string]string{
	"id": "a name, so that a template extending this one can replace the element",
	"if": `draw only when a field is set ("field"), unset ("!field"), or equal ("field == value", "field != value")`,
	"x":  "left edge: mm, a length with a unit, or % of the card", "y": "top edge", "w": "width", "h": "height",
	"value": "the text, with **bold**, *italic*, :icons:, lists", "font": `"[family] [style]": bold, mono, "Lobster italic" …`,
	"size": "size in points", "min-size": "smallest size fit: shrink may use, in points",
	"colour": "#rgb, #rrggbb, #rrggbbaa or a CSS colour name", "color": "the same as colour",
	"fill": "fill colour", "stroke": "outline colour", "stroke-width": "outline width", "dash": "dash pattern, [on, off] in mm",
	"align": "left, center, right or justify", "valign": "top, middle or bottom", "line-height": "line pitch, times the size",
	"fit": "shrink (text), or contain, cover, stretch (pictures)", "wrap": "break lines at the box width (default true)",
	"markup": "read **bold**, *italic* and :icons: (default true)", "radius": "corner radius",
	"bleed": "extend edges on the trim line out to the bleed edge", "name": "an icon name", "src": "a picture file",
	"count": "number of boxes", "marked": `the first N boxes, or positions such as "1, 3, 5"`, "cols": "boxes per row",
	"gap": "space between boxes", "mark": "check, x, fill or dot", "labels": "number the unmarked boxes",
	"rows": "[{label, value}]", "label-font": "the labels' font", "rule": "colour of lines between rows",
	"field": "a list field to repeat over", "item-height": "height of each item", "elements": "the item's elements",
	"points": "[[x, y], …]", "sides": "a regular polygon's corners", "angle": "turn, in degrees",
	"x1": "start x", "y1": "start y", "x2": "end x", "y2": "end y", "font-size": "label size in points",
}

var commonKeys = []string{"id", "if"}

// elementKinds is filled in by each element's file.
var elementKinds = map[string]elementKind{}

// element compiles one entry of `elements:`: a mapping with one key, the
// kind, whose value holds the properties.
func (c *compiler) element(n *cards.Node) element {
	m := c.diags.AnyMap(n, "element")
	if m == nil {
		return nil
	}
	entries := m.Entries()
	kinds := make([]string, 0, len(elementKinds))
	for k := range elementKinds {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	if len(entries) != 1 {
		c.diags.Errorf(n.Pos, "an element is one kind and its properties, such as `- text: {x: 4, y: 4, value: \"{{name}}\"}`; found %d keys", len(entries))
		return nil
	}
	e := entries[0]
	kind, ok := elementKinds[e.Key]
	if !ok {
		if near := cards.Suggest(e.Key, kinds); near != "" {
			c.diags.Errorf(e.KeyPos, "unknown element %q; did you mean %q?", e.Key, near)
		} else {
			c.diags.Errorf(e.KeyPos, "unknown element %q; elements: %s", e.Key, strings.Join(kinds, ", "))
		}
		return nil
	}
	what := e.Key
	props := c.diags.Map(e.Value, what, append(slices.Clone(commonKeys), kind.keys...)...)
	if props == nil {
		return nil
	}
	com := common{pos: e.KeyPos}
	if idn := props.Get("id"); idn != nil {
		com.id, _ = c.diags.Text(idn, what+".id")
	}
	if cn := props.Get("if"); cn != nil {
		com.cond = parseCondition(cn, c.diags)
	}
	return kind.compile(c, props, com, what)
}

// prop returns the property key of m, named for messages.
func (c *compiler) prop(m *cards.Mapping, what, key string) *prop {
	return newProp(m.Get(key), what+"."+key)
}

// colourProp reads a colour property, accepting both spellings of the key.
func (c *compiler) colourProp(m *cards.Mapping, what string, keys ...string) *prop {
	var found *prop
	for _, k := range keys {
		if p := c.prop(m, what, k); p != nil {
			if found != nil {
				c.diags.Errorf(p.node.Pos, "%s: give %s once (%s and %s mean the same)", what, keys[0], keys[0], k)
			}
			found = p
		}
	}
	check(c, found, draw.ParseColour)
	return found
}
