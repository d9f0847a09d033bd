package templates

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"

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
	Card  layout.Size // the deck's trim size, mm
	Bleed float64     // mm
	// Safe and CornerRadius are the preflight's safe zone and the card's
	// rounded corners, mm (see [PreflightChecks]); 0: none.
	Safe, CornerRadius float64
	Fonts              *typeset.FontSet
	Icons              *typeset.IconSet
	Images             *ImageStore

	defs      map[string]definition
	templates map[string]*Template
	// sorted is the defined names in order, made once (guarded by
	// sortedMu: messages read it from every core)
	sorted   []string
	sortedMu sync.Mutex
	// used holds the field names rendering has looked up, written by
	// the cores rendering cards at once: a name is stored the first time
	// only, so that the lookups after it read and do not write
	used sync.Map
}

// NewLibrary returns an empty library for cards of the given trim size and
// bleed, drawing with the Go fonts and the built-in icons.
func NewLibrary(card layout.Size, bleed float64) *Library {
	return &Library{Card: card, Bleed: bleed, Fonts: typeset.NewFontSet(), Icons: typeset.NewIconSet(),
		Images: NewImageStore(), defs: map[string]definition{}, templates: map[string]*Template{}}
}

// Define adds a template definition; a later definition of the same name
// replaces an earlier one (deck templates override used files and
// built-ins).
func (l *Library) Define(name string, pos cards.Pos, node *cards.Node) {
	l.defs[name] = definition{name: name, pos: pos, node: node}
	l.sortedMu.Lock()
	l.sorted = nil
	l.sortedMu.Unlock()
}

// Compile compiles every defined template, resolving `extends`, and
// returns the problems found.
func (l *Library) Compile() cards.Diagnostics {
	names := l.sortedNames()
	var diags cards.Diagnostics
	for _, n := range names {
		_, ds := l.compile(n, nil)
		diags = diags.Extend(ds)
	}
	return diags
}

// FieldUsed reports whether any face rendered so far looked up the field.
func (l *Library) FieldUsed(name string) bool {
	_, ok := l.used.Load(name)
	return ok
}

// Lookup returns a compiled template, or nil.
func (l *Library) Lookup(name string) *Template { return l.templates[name] }

// Names lists the defined templates, sorted.
func (l *Library) Names() []string { return slices.Clone(l.sortedNames()) }

// sortedNames is the defined names in order, to read only: made once
// (every unknown template's message looks through them) and again after
// a Define.
func (l *Library) sortedNames() []string {
	l.sortedMu.Lock()
	defer l.sortedMu.Unlock()
	if l.sorted == nil {
		l.sorted = make([]string, 0, len(l.defs))
		for n := range l.defs {
			l.sorted = append(l.sorted, n)
		}
		sort.Strings(l.sorted)
	}
	return l.sorted
}

// UnknownTemplate describes a template name that is not defined, with the
// nearest defined one, or some of them.
func (l *Library) UnknownTemplate(name string) string {
	names := l.sortedNames()
	if near := cards.Suggest(name, names); near != "" {
		return fmt.Sprintf("unknown template %s; did you mean %s?", cards.Excerpt(name), cards.Excerpt(near))
	}
	return fmt.Sprintf("unknown template %s; templates: %s", cards.Excerpt(name), cards.ListChoices(names))
}

var templateKeys = []string{"extends", "background", "elements"}

// MaxExtends is the longest chain of templates extending each other.
const MaxExtends = 32

// chainText writes a chain of template names for a message: its first
// three and last two names when it is longer.
func chainText(chain []string) string {
	names := make([]string, 0, 6)
	for i, n := range chain {
		switch {
		case len(chain) > 5 && i == 3:
			names = append(names, fmt.Sprintf("(%d more)", len(chain)-5))
		case len(chain) > 5 && i > 3 && i < len(chain)-2:
		default:
			names = append(names, cards.Excerpt(n))
		}
	}
	return strings.Join(names, " → ")
}

// compile compiles one template; chain holds the templates being compiled
// above it, to catch `extends` cycles.
func (l *Library) compile(name string, chain []string) (*Template, cards.Diagnostics) {
	var diags cards.Diagnostics
	if t, ok := l.templates[name]; ok {
		return t, diags
	}
	def := l.defs[name]
	t := &Template{Name: name, Pos: def.pos}
	c := &compiler{lib: l, diags: &diags, template: name}
	m := diags.Map(def.node, fmt.Sprintf("template %q", name), templateKeys...)
	if n := m.Get("extends"); n != nil {
		if parent, ok := diags.Text(n, "extends"); ok {
			switch {
			case slices.Contains(chain, parent) || parent == name:
				diags.Errorf(n.Pos, "template %s extends itself through %s", cards.Excerpt(name), chainText(append(chain, name, parent)))
			case len(chain) >= MaxExtends:
				diags.Errorf(n.Pos, "template %s: templates extend each other more than %d deep", cards.Excerpt(name), MaxExtends)
			case l.defs[parent].node == nil && l.templates[parent] == nil:
				diags.Errorf(n.Pos, "extends: %s", l.UnknownTemplate(parent))
			default:
				p, ds := l.compile(parent, append(chain, name))
				diags = diags.Extend(ds)
				if p != nil {
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
	return t, diags
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

// elementKind describes one kind of element: its properties (their
// shapes, see shapes.go), the required ones, and how to compile it.
type elementKind struct {
	desc     string
	props    []cards.Prop
	required []string
	compile  func(c *compiler, m *cards.Mapping, com common, what string) element
}

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
	kinds := kinds()
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
	props := c.diags.Map(e.Value, what, kind.keys()...)
	if props == nil {
		return nil
	}
	c.diags.Require(props, what, kind.required...)
	com := common{pos: e.KeyPos}
	if idn := props.Get("id"); idn != nil {
		com.id, _ = c.diags.Text(idn, what+".id")
	}
	if cn := props.Get("if"); cn != nil {
		var ds cards.Diagnostics
		com.cond, ds = parseCondition(cn)
		*c.diags = c.diags.Extend(ds)
	}
	return kind.compile(c, props, com, what)
}

// prop returns the property key of m, named for messages.
func (c *compiler) prop(m *cards.Mapping, what, key string) *prop {
	return c.newProp(m.Get(key), what+"."+key)
}

// newProp is newProp, with a warning for a {{ or }} that is part of no
// field reference ({{name|{{other}}}}: a default cannot hold one), which
// would be printed as it is.
func (c *compiler) newProp(n *cards.Node, what string) *prop {
	p := newProp(n, what)
	if p != nil && p.dyn {
		rest := fieldRef.ReplaceAllString(n.Value, "")
		if strings.Contains(rest, "{{") || strings.Contains(rest, "}}") {
			c.diags.Warnf(n.Pos, "%s: a {{ or }} here belongs to no field reference and is printed as it is (a reference is {{field}} or {{field|default}}, and a default cannot hold another)", what)
		}
	}
	return p
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
