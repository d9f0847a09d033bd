package templates

import (
	"fmt"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/templates/draw"
)

// Card is what a face is drawn for: one side of one card.
type Card struct {
	Label string    // names the card in messages: `card 3 "Zoobot"`
	Pos   cards.Pos // the card's entry, where problems with it are reported
	// Field returns the value of a field on this side, or nil.
	Field func(name string) *cards.Node
	// Fields lists the card's own field names, to suggest one on a typo
	// (called only then); nil: none.
	Fields func() []string
}

// Render draws template t for a card and returns the face, and the
// problems with the card's values, as diagnostics naming the card.
func (l *Library) Render(t *Template, card Card) (*draw.Face, cards.Diagnostics) {
	var diags cards.Diagnostics
	r := &renderer{lib: l, card: card, template: t.Name, diags: &diags, lookup: card.Field,
		frame: layout.Rect{W: l.Card.W, H: l.Card.H}}
	if t.background != nil {
		t.background.draw(r)
	}
	r.drawAll(t.elements)
	return &draw.Face{Ops: r.ops}, diags
}

// renderer draws elements for one card into a display list.
type renderer struct {
	lib      *Library
	card     Card
	template string
	diags    *cards.Diagnostics
	lookup   func(name string) *cards.Node // the fields in scope
	frame    layout.Rect                   // the drawing frame: the card, or a repeat slot
	ops      []draw.Op
	seen     map[string]bool
	// repeated counts the repeat items drawn, against MaxRepeated;
	// overBudget stops every repeat once it is passed
	repeated   int
	overBudget bool
	// budget counts what the face costs to draw (points, dashes, text);
	// the operations before charged are counted; spent: passed, and
	// said
	budget  draw.Budget
	charged int
	spent   bool
}

func (r *renderer) drawAll(elements []element) {
	for _, e := range elements {
		if !e.base().cond.holds(r) {
			continue
		}
		start := len(r.ops)
		e.draw(r)
		if !r.spend(e.base().pos, start) {
			continue
		}
		switch e.(type) {
		case *textElem, *statsElem:
			r.checkInk("text", e.base().pos, r.ops[start:])
		case *iconElem:
			r.checkInk("the icon", e.base().pos, r.ops[start:])
		}
	}
}

// spend charges what an element drew, from start, against the face's
// budget. Once the budget is passed, the element draws nothing, nor does
// any after it, and the first is reported at its place; false then.
func (r *renderer) spend(pos cards.Pos, start int) bool {
	if r.budget.Dashes(r.ops[max(start, r.charged):]) {
		r.charged = len(r.ops)
		return true
	}
	r.ops = r.ops[:start]
	r.charged = start
	if !r.spent {
		r.spent = true
		r.fail(pos, "%v", r.budget.Err())
	}
	return false
}

func (r *renderer) field(name string) *cards.Node {
	if _, ok := r.lib.used.Load(name); !ok {
		r.lib.used.Store(name, true)
	}
	if r.lookup == nil {
		return nil
	}
	return r.lookup(name)
}

// missing reports a field the card lacks, at the card.
func (r *renderer) missing(name string, p *prop) {
	hint := ""
	var names []string
	if r.card.Fields != nil {
		names = r.card.Fields()
	}
	if near := cards.Suggest(name, names); near != "" {
		hint = fmt.Sprintf("; it has %q: a typo?", near)
	}
	// the template's line, and its file when it is not the card's
	where := fmt.Sprintf("line %d", p.node.Pos.Line)
	if f := p.node.Pos.File; f != "" && f != r.card.Pos.File {
		where = fmt.Sprintf("%s:%d", f, p.node.Pos.Line)
	}
	r.report(cards.Error, r.card.Pos, "no field %q, which template %q needs for %s (%s)%s",
		name, r.template, p.what, where, hint)
}

// fail reports an error about this card; a zero pos means the card
// itself. Messages do not name the side: the same problem on both sides of
// a card is reported once.
func (r *renderer) fail(pos cards.Pos, format string, args ...any) {
	r.report(cards.Error, pos, format, args...)
}

// warn reports a warning about this card.
func (r *renderer) warn(pos cards.Pos, format string, args ...any) {
	r.report(cards.Warning, pos, format, args...)
}

func (r *renderer) report(sev cards.Severity, pos cards.Pos, format string, args ...any) {
	if pos.Line == 0 {
		pos = r.card.Pos
	}
	msg := r.card.Label + ": " + fmt.Sprintf(format, args...)
	key := pos.String() + msg
	if r.seen == nil {
		r.seen = map[string]bool{}
	}
	if r.seen[key] {
		return
	}
	r.seen[key] = true
	*r.diags = append(*r.diags, cards.Diagnostic{Pos: pos, Severity: sev, Message: msg})
}

// length evaluates a length property against a base for %; def when unset.
func (r *renderer) length(p *prop, percentOf, def float64) (float64, bool) {
	if p == nil {
		return def, true
	}
	return value(r, p, lengthParser(percentOf))
}

// rect evaluates a box in the current frame: x and y default to the
// frame's corner, w and h to the rest of the frame.
func (r *renderer) rect(b boxProps) (layout.Rect, bool) {
	x, ok1 := r.length(b.x, r.frame.W, 0)
	y, ok2 := r.length(b.y, r.frame.H, 0)
	w, ok3 := r.length(b.w, r.frame.W, r.frame.W-x)
	h, ok4 := r.length(b.h, r.frame.H, r.frame.H-y)
	if !(ok1 && ok2 && ok3 && ok4) {
		return layout.Rect{}, false
	}
	if w < 0 || h < 0 {
		r.fail(b.pos, "box has a negative width or height (%s x %s)", layout.FormatMM(w), layout.FormatMM(h))
		return layout.Rect{}, false
	}
	return layout.Rect{X: r.frame.X + x, Y: r.frame.Y + y, W: w, H: h}, true
}

// colour evaluates a colour property; def when unset.
func (r *renderer) colour(p *prop, def draw.Colour) draw.Colour {
	if p == nil {
		return def
	}
	if c, ok := value(r, p, draw.ParseColour); ok {
		return c
	}
	return def
}
