package cards

import (
	"errors"
	"fmt"
	"iter"
	"path/filepath"
	"sync"

	"github.com/deckpress/deckpress/layout"
)

// MaxCards is the most cards (copies included) a deck may hold.
const MaxCards = 100_000

// Files reads the files an input names: CSV data, images, fonts, template
// files. Names are resolved by the caller (see [Resolve]).
type Files interface {
	ReadFile(name string) ([]byte, error)
}

// Resolve returns the path of ref, a file named inside the file from:
// relative names are relative to from's folder.
func Resolve(from, ref string) string {
	if filepath.IsAbs(ref) {
		return filepath.Clean(ref)
	}
	return filepath.Join(filepath.Dir(from), filepath.FromSlash(ref))
}

// Deck is a deck file: cards with free fields, the card size, print
// settings and templates. Values whose meaning belongs to another package
// (sizes, lengths, template bodies) are kept as positioned nodes.
type Deck struct {
	Path string // the deck file, as given
	Name string // the `deck:` title
	Pos  Pos    // position of the `deck:` key's value

	// Size is the card size: a preset name, "63x88mm", or {width, height}.
	// Nil means the default (poker).
	Size *Node
	// Print holds the deck's `print:` settings; each may be nil.
	Print Print
	// Templates holds the named templates defined inline, in file order.
	Templates []NamedNode
	// Use lists template files to load (each a positioned path).
	Use []*Node
	// Fonts and Icons are the `fonts:` and `icons:` mappings, or nil.
	Fonts, Icons *Node
	// Front and Back name the default templates.
	Front, Back Side
	// Composition maps a card kind to the number of cards of that kind the
	// deck must hold, copies included; nil when not declared.
	Composition []KindCount
	// CompositionPos is where the composition is declared.
	CompositionPos Pos
	// Require lists, per kind, fields every card of that kind must have.
	Require []KindFields
	// Sets declares complete sets: for every value of a field, one card of
	// each of some kinds (a player's Star, X and Robber).
	Sets *SetRule
	// The cards in order: those of `cards:`, then CSV rows (see [Deck.Card]).
	cards  []*Card
	packed *packedCards // a long deck's cards; cards is then nil
}

// Len returns the number of cards in the deck (entries, not copies).
func (d *Deck) Len() int {
	if d.packed != nil {
		return len(d.packed.at)
	}
	return len(d.cards)
}

// Card returns card i, counting from 0: the card whose Number is i+1.
// A deck of fewer than 2,048 cards returns the card it holds. A longer
// deck keeps its cards packed (about 90 bytes a plain card, against 1 KB
// read; a list or mapping value is kept as its nodes) and unpacks a new
// Card at each call, which the caller may keep or let go. So code that
// changes a card puts it back with [Deck.Set], for both; and no code
// changes a value's nodes, which a packed deck's copies share. Card is
// safe to call from several goroutines at once, as long as none adds or
// sets a card.
func (d *Deck) Card(i int) *Card {
	if d.packed != nil {
		return d.packed.card(i)
	}
	return d.cards[i]
}

// All iterates over the cards in order, with their indexes (see
// [Deck.Card]).
func (d *Deck) All() iter.Seq2[int, *Card] {
	return func(yield func(int, *Card) bool) {
		for i := range d.Len() {
			if !yield(i, d.Card(i)) {
				return
			}
		}
	}
}

// Add appends a card; its Number should be the deck's Len after it.
func (d *Deck) Add(c *Card) {
	switch {
	case d.packed != nil:
		d.packed.add(c)
	case len(d.cards)+1 < packFrom:
		d.cards = append(d.cards, c)
	default:
		d.packed = newPackedCards()
		for _, held := range d.cards {
			d.packed.add(held)
		}
		d.packed.add(c)
		d.cards = nil
	}
}

// Set puts c in place of card i: how a change to a card of a long deck
// (see [Deck.Card]) is kept.
func (d *Deck) Set(i int, c *Card) {
	if d.packed != nil {
		d.packed.set(i, c)
		return
	}
	d.cards[i] = c
}

// NamedNode is a named YAML value, such as one template definition.
type NamedNode struct {
	Name string
	Pos  Pos // position of the name
	Node *Node
}

// KindCount is one line of a deck's declared composition.
type KindCount struct {
	Kind  string
	Count int
	Pos   Pos
}

// KindFields is one line of a deck's `require:`.
type KindFields struct {
	Kind   string
	Fields []string
	Pos    Pos
}

// SetRule is a deck's `sets:` declaration.
type SetRule struct {
	By    string   // the field that names a set ("player")
	Kinds []string // one card of each kind per set
	Pos   Pos
}

// Print holds the raw print settings of a deck, by key (the names of
// [layout.PrintOptions]); a setting not given is absent. The values are
// checked by output.ReadPrint, which knows units and paper names.
type Print map[string]*Node

// Side is the face template choice of a card side, with fields that apply
// to that side only (a crisis question on the back, say).
type Side struct {
	Template string // "" means the deck's default
	Pos      Pos    // where the template was named
	Fields   map[string]*Node
}

// Card is one entry of a deck (a YAML card or a CSV row) and its copies.
type Card struct {
	Pos    Pos // the card's entry in the deck, or its CSV row
	Number int // 1-based place in the deck's card list: the deck's Card(Number-1)
	Count  int // copies; default 1, may be 0 to leave a card out
	Kind   string
	Front  Side
	Back   Side
	// Fields are the card's free fields: text, numbers, lists or mappings.
	Fields map[string]*Node
}

// Label names the card in messages: `card 3 "Zoobot"`.
func (c *Card) Label() string {
	for _, key := range []string{"name", "title"} {
		if f := c.Fields[key]; f != nil && f.Kind == ScalarNode && f.Value != "" {
			return fmt.Sprintf("card %d %s", c.Number, Excerpt(f.Value))
		}
	}
	return fmt.Sprintf("card %d", c.Number)
}

// Field returns the value of a field on a side: the side's own fields
// first, then the card's.
func (c *Card) Field(side *Side, name string) *Node {
	if side != nil {
		if v, ok := side.Fields[name]; ok {
			return v
		}
	}
	return c.Fields[name]
}

// PrintShape is the `print:` block of decks, hero, rules, arena and
// project files, made from the print options' table
// ([layout.PrintOptions]): their keys, names and limits.
var PrintShape = printShape()

func printShape() *Shape {
	s := Object("print settings; command-line flags override them")
	s.Title = "print"
	for _, o := range layout.PrintOptions {
		length := func(desc string) *Shape { return LengthIn(desc, o.Min, o.Max) }
		var v *Shape
		switch o.Kind {
		case layout.OptionEnum:
			v = OneOf(o.Help, o.Enum...)
		case layout.OptionLength:
			v = length(o.Help)
		case layout.OptionOffset:
			v = List(o.Help, length("a length"))
			v.Len = 2
		case layout.OptionPaper:
			size := Object("a size", P("width", length("width")), P("height", length("height")))
			size.Required = []string{"width", "height"}
			v = Either(o.Help, OneOf("a paper", layout.PaperNames()...), &Shape{Type: "string", Desc: "WIDTHxHEIGHT", Pattern: SizePattern}, size)
		}
		if o.Default != "" {
			v.Desc += " (default " + o.Default + ")"
		}
		s.Props = append(s.Props, P(o.Name, v))
	}
	return s
}

// sideShape is a card side: a template name, or a template and fields.
var sideShape = Either("a template name, or {template: name, field: value …} for this side only",
	Text("a template name"), Map("a template and this side's fields", Any("a field")))

// CardShape is one entry of `cards:`.
var CardShape = &Shape{Type: "object", Title: "card", Desc: "a card: reserved keys and free fields used by templates as {{field}}",
	Props: []Prop{
		P("count", WholeIn("copies (default 1; 0 leaves the card out)", 0, MaxCards)),
		P("kind", Text("the card's kind, for composition checks")),
		P("front", sideShape),
		P("back", sideShape),
	},
	Extra: Any("a field: text, a number, a list or a mapping")}

// setsShape is a deck's `sets:`.
var setsShape = &Shape{Type: "object", Title: "sets", Desc: "complete sets: one card of each kind per value of a field", Required: []string{"by", "kinds"},
	Props: []Prop{P("by", Text("the field naming a set")), P("kinds", List("the kinds of a set", Text("a kind")))}}

// DeckShape is a deck file.
var DeckShape = &Shape{Type: "object", Title: "deck file", Desc: "a deckpress deck", Required: []string{"deck"},
	Props: []Prop{
		P("deck", Text("the deck's title")),
		P("size", Either("a card size: poker, standard, bridge, mini-euro, mini-american, euro, tarot, square, index-card, business, page, \"63x88mm\", or {width, height}",
			Text("a preset or WIDTHxHEIGHT"), Object("a size", P("width", Length("width")), P("height", Length("height"))))),
		P("print", PrintShape),
		P("templates", Map("named templates", Any("a template"))),
		P("use", Either("template files to use", Text("a file"), List("files", Text("a file")))),
		P("fonts", Map("font families: a TrueType file, or {regular, bold, italic, bold-italic}", Any("a family"))),
		P("icons", Map("icons: a PNG, JPEG or SVG file for each name", Text("a picture file"))),
		P("front", Text("the default front template")),
		P("back", Text("the default back template")),
		P("composition", Map("cards per kind the deck must hold, copies included", Whole("a count"))),
		P("require", Map("fields every card of a kind must fill", List("fields", Text("a field")))),
		P("sets", setsShape),
		P("cards", List("the cards", CardShape)),
		P("data", DataShape),
	}}

var (
	deckKeys  = DeckShape.Keys()
	printKeys = PrintShape.Keys()
)

// LoadDeck reads a deck file. src is the file's content; files reads the
// CSV data it names. Every problem is a diagnostic; the deck is returned
// whenever the file parsed, so that callers can go on checking it.
func LoadDeck(path string, src []byte, files Files) (*Deck, Diagnostics) {
	root, diags := Parse(path, src)
	if root == nil {
		return nil, diags
	}
	d, more := ReadDeck(path, root, files)
	return d, append(diags, more...)
}

// ReadDeck reads a deck from a parsed document (see [Parse]).
func ReadDeck(path string, root *Node, files Files) (*Deck, Diagnostics) {
	var diags Diagnostics
	d := &Deck{Path: path}
	if root.Kind != MapNode {
		diags.Errorf(root.Pos, "a deck file is a mapping that starts with \"deck:\", found %s", root.Describe())
		return nil, diags
	}
	m := diags.Map(root, "deck", deckKeys...)
	diags.Require(m, "a deck", DeckShape.Required...)
	if n := m.Get("deck"); n != nil {
		d.Name, _ = diags.Text(n, "deck")
		d.Pos = n.Pos
	}
	d.Size = m.Get("size")
	if n := m.Get("print"); n != nil {
		var ds Diagnostics
		d.Print, ds = ReadPrint(n)
		diags = diags.Extend(ds)
	}
	for _, e := range diags.AnyMap(m.Get("templates"), "templates").Entries() {
		d.Templates = append(d.Templates, NamedNode{Name: e.Key, Pos: e.KeyPos, Node: e.Value})
	}
	if n := m.Get("use"); n != nil {
		if n.Kind == ScalarNode {
			d.Use = []*Node{n}
		} else {
			d.Use = diags.List(n, "use")
		}
	}
	d.Fonts, d.Icons = m.Get("fonts"), m.Get("icons")
	if n := m.Get("front"); n != nil {
		d.Front = loadSide(&diags, n, "front", false)
	}
	if n := m.Get("back"); n != nil {
		d.Back = loadSide(&diags, n, "back", false)
	}
	if n := m.Get("composition"); n != nil {
		d.CompositionPos = n.Pos
	}
	for _, e := range diags.AnyMap(m.Get("composition"), "composition").Entries() {
		if c, ok := diags.Int(e.Value, "composition: "+e.Key, 0, MaxCards); ok {
			d.Composition = append(d.Composition, KindCount{Kind: e.Key, Count: c, Pos: e.KeyPos})
		}
	}
	for _, e := range diags.AnyMap(m.Get("require"), "require").Entries() {
		kf := KindFields{Kind: e.Key, Pos: e.KeyPos}
		for _, f := range diags.List(e.Value, "require: "+e.Key) {
			if s, ok := diags.Text(f, "require: "+e.Key); ok {
				kf.Fields = append(kf.Fields, s)
			}
		}
		d.Require = append(d.Require, kf)
	}
	if n := m.Get("sets"); n != nil {
		sm := diags.Map(n, "sets", setsShape.Keys()...)
		if diags.Require(sm, "sets", setsShape.Required...) {
			d.Sets = &SetRule{Pos: n.Pos}
			d.Sets.By, _ = diags.Text(sm.Get("by"), "sets.by")
			for _, k := range diags.List(sm.Get("kinds"), "sets.kinds") {
				if s, ok := diags.Text(k, "sets.kinds"); ok {
					d.Sets.Kinds = append(d.Sets.Kinds, s)
				}
			}
		}
	}
	total := 0
	add := func(c *Card) {
		total += c.Count
		d.Add(c)
	}
	if list := m.Get("cards"); list != nil && list.Kind == SeqNode && list.stream == nil && len(list.Content) >= splitFrom {
		loadCards(&diags, list.Content, d.Len()+1, add)
	} else {
		for n := range diags.Items(list, "cards") {
			add(loadCard(&diags, n, d.Len()+1))
		}
	}
	if n := m.Get("data"); n != nil {
		readData(&diags, path, n, files, d.Len(), add)
	}
	if !m.Has("cards") && !m.Has("data") && m != nil {
		diags.Errorf(root.Pos, "a deck needs \"cards\" or \"data\"")
	}
	if total > MaxCards {
		diags.Errorf(d.Pos, "deck holds %d cards; the limit is %d", total, MaxCards)
	}
	return d, diags
}

// ReadPrint reads a `print:` block; its values are checked by the layout
// stage.
func ReadPrint(n *Node) (Print, Diagnostics) {
	var diags Diagnostics
	pm := diags.Map(n, "print", printKeys...)
	p := Print{}
	for _, k := range printKeys {
		if v := pm.Get(k); v != nil {
			p[k] = v
		}
	}
	return p, diags
}

// loadSide reads a side: a template name, or a mapping of `template:` and
// fields. Fields are allowed only on cards (perCard).
func loadSide(diags *Diagnostics, n *Node, what string, perCard bool) Side {
	if n.Kind == ScalarNode {
		name, _ := diags.Text(n, what)
		return Side{Template: name, Pos: n.Pos}
	}
	if !perCard {
		name, _ := diags.Text(n, what+" (a template name)")
		return Side{Template: name, Pos: n.Pos}
	}
	m := diags.AnyMap(n, what)
	s := Side{Pos: n.Pos, Fields: map[string]*Node{}}
	for _, e := range m.Entries() {
		if e.Key == "template" {
			s.Template, _ = diags.Text(e.Value, what+".template")
			s.Pos = e.Value.Pos
			continue
		}
		s.Fields[e.Key] = e.Value
	}
	return s
}

// loadCards reads the cards of a long list held whole (one read in pieces,
// see splitFrom), numbered from first: each batch of streamBatch items on
// a goroutine of its own (the batches share the cores), then given to add,
// and their problems reported, in list order.
func loadCards(diags *Diagnostics, items []*Node, first int, add func(*Card)) {
	type batch struct {
		cards []*Card
		diags Diagnostics
	}
	batches := make([]batch, (len(items)+streamBatch-1)/streamBatch)
	var wg sync.WaitGroup
	for b := range batches {
		wg.Go(func() {
			from := b * streamBatch
			for i, n := range items[from:min(from+streamBatch, len(items))] {
				batches[b].cards = append(batches[b].cards, loadCard(&batches[b].diags, n, first+from+i))
			}
		})
	}
	wg.Wait()
	for _, b := range batches {
		for _, c := range b.cards {
			add(c)
		}
		*diags = append(*diags, b.diags...)
	}
}

func loadCard(diags *Diagnostics, n *Node, number int) *Card {
	c := &Card{Pos: n.Pos, Number: number, Count: 1, Fields: map[string]*Node{}}
	what := fmt.Sprintf("card %d", number)
	m := diags.AnyMap(n, what)
	for _, e := range m.Entries() {
		switch e.Key {
		case "count":
			if v, ok := diags.Int(e.Value, what+": count", 0, MaxCards); ok {
				c.Count = v
			}
		case "kind":
			c.Kind, _ = diags.Text(e.Value, what+": kind")
		case "front":
			c.Front = loadSide(diags, e.Value, what+": front", true)
		case "back":
			c.Back = loadSide(diags, e.Value, what+": back", true)
		default:
			c.Fields[e.Key] = e.Value
		}
	}
	return c
}

// Cause returns the innermost error of a chain, such as "no such file or
// directory" from a *fs.PathError, for messages that already name the
// file.
func Cause(err error) error {
	for {
		u := errors.Unwrap(err)
		if u == nil {
			return err
		}
		err = u
	}
}
