package templates

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/layout"
)

// prop is one scalar property of an element as written in YAML. A value
// with {{field}} references is dynamic: it is substituted and checked per
// card. A static value is checked once, when the template is compiled.
type prop struct {
	node *cards.Node
	what string // names the property in messages: "text.size"
	dyn  bool
	bad  bool    // a static value that failed its check (reported once)
	refs [][]int // of a dynamic value: where its {{field}} references are
}

var fieldRef = regexp.MustCompile(`\{\{\s*([^{}]*?)\s*\}\}`)

func newProp(n *cards.Node, what string) *prop {
	if n == nil {
		return nil
	}
	p := &prop{node: n, what: what, dyn: n.Kind == cards.ScalarNode && strings.Contains(n.Value, "{{")}
	if p.dyn {
		p.refs = fieldRef.FindAllStringSubmatchIndex(n.Value, -1)
	}
	return p
}

// scope is what a property is evaluated against: a card's fields, or
// nothing (compile time).
type scope interface {
	// field returns a field's value, or nil when the card lacks it.
	field(name string) *cards.Node
	// fail reports a problem with a value at pos.
	fail(pos cards.Pos, format string, args ...any)
	// missing reports that a property refers to a field the card lacks.
	missing(name string, p *prop)
}

// text substitutes the fields of a property and returns its text and the
// position that explains it (the field's, when the value is exactly one
// reference). {{field|default}} gives a default for a missing or empty
// field.
func text(s scope, p *prop) (string, cards.Pos, bool) {
	if p == nil {
		return "", cards.Pos{}, false
	}
	n := p.node
	if n.Kind != cards.ScalarNode {
		s.fail(n.Pos, "%s: expected text, found %s", p.what, n.Describe())
		return "", n.Pos, false
	}
	if !p.dyn {
		return n.Value, n.Pos, true
	}
	pos, ok := n.Pos, true
	refs := p.refs
	var b strings.Builder
	last := 0
	for _, m := range refs {
		name, def, hasDef := strings.Cut(n.Value[m[2]:m[3]], "|")
		name = strings.TrimSpace(name)
		b.WriteString(n.Value[last:m[0]])
		last = m[1]
		v := s.field(name)
		if hasDef && (v == nil || v.Kind == cards.NullNode || v.Kind == cards.ScalarNode && v.Value == "") {
			b.WriteString(def)
			continue
		}
		switch {
		case v == nil:
			s.missing(name, p)
			ok = false
		case v.Kind == cards.NullNode:
		case v.Kind != cards.ScalarNode:
			s.fail(v.Pos, "field %q is %s; %s needs text (lists are drawn with repeat)", name, v.Describe(), p.what)
			ok = false
		default:
			b.WriteString(v.Value)
			if len(refs) == 1 && m[0] == 0 && m[1] == len(n.Value) {
				pos = v.Pos
			}
		}
	}
	b.WriteString(n.Value[last:])
	return b.String(), pos, ok
}

// value evaluates a property and converts it with parse. Static values
// that failed at compile time are skipped quietly (already reported).
func value[T any](s scope, p *prop, parse func(string) (T, error)) (T, bool) {
	var zero T
	if p == nil || p.bad {
		return zero, false
	}
	str, pos, ok := text(s, p)
	if !ok {
		return zero, false
	}
	v, err := parse(str)
	if err != nil {
		s.fail(pos, "%s: %v", p.what, err)
		return zero, false
	}
	return v, true
}

// check validates a static property once, at compile time.
func check[T any](s scope, p *prop, parse func(string) (T, error)) {
	if p == nil || p.dyn {
		return
	}
	if _, ok := value(s, p, parse); !ok {
		p.bad = true
	}
}

// parsers for the property types

// Every length of a template lies in layout.TemplateLengths.
func lengthParser(percentOf float64) func(string) (float64, error) {
	return func(s string) (float64, error) {
		return layout.ParseLength(s, layout.LengthContext{Percent: percentOf}, layout.TemplateLengths)
	}
}

func positiveLength(percentOf float64) func(string) (float64, error) {
	return func(s string) (float64, error) {
		v, err := layout.ParseLength(s, layout.LengthContext{Percent: percentOf}, layout.TemplateLengths)
		if err == nil && v < 0 {
			return 0, fmt.Errorf("%q must not be negative", s)
		}
		return v, err
	}
}

// pointSizes bounds a font size, in points.
var pointSizes = layout.Range{Lo: 0.1, Hi: 1000}

// pointSize reads a font size in points: a bare number is points here.
func pointSize(s string) (float64, error) {
	t := strings.TrimSpace(s)
	v, err := layout.ParseNumber(strings.TrimSuffix(t, "pt"), layout.Range{Lo: -math.MaxFloat64, Hi: math.MaxFloat64})
	if err != nil {
		mm, err := layout.ParseLength(t, layout.LengthContext{}, layout.TemplateLengths)
		if err != nil {
			return 0, fmt.Errorf("%q is not a font size; write a number of points", s)
		}
		v = mm / layout.MMPerPoint
	}
	if pointSizes.Check(v, s) != nil {
		return 0, fmt.Errorf("size %s is out of range (0.1 to 1000 pt)", s)
	}
	return v, nil
}

func number(lo, hi float64) func(string) (float64, error) {
	return func(s string) (float64, error) {
		return layout.ParseNumber(s, layout.Range{Lo: lo, Hi: hi})
	}
}

func wholeNumber(lo, hi int) func(string) (int, error) {
	return func(s string) (int, error) {
		v, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil {
			return 0, fmt.Errorf("%q is not a whole number", s)
		}
		if v < lo || v > hi {
			return 0, fmt.Errorf("%d is out of range (%d–%d)", v, lo, hi)
		}
		return v, nil
	}
}

func boolean(s string) (bool, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "true", "yes", "on":
		return true, nil
	case "false", "no", "off":
		return false, nil
	}
	return false, fmt.Errorf("%q is not true or false", s)
}

func enum(names ...string) func(string) (int, error) {
	return func(s string) (int, error) {
		t := strings.ToLower(strings.TrimSpace(s))
		for i, n := range names {
			if n == t {
				return i, nil
			}
		}
		if near := cards.Suggest(t, names); near != "" {
			return 0, fmt.Errorf("unknown value %q; did you mean %q?", s, near)
		}
		return 0, fmt.Errorf("unknown value %q; expected one of %s", s, strings.Join(names, ", "))
	}
}

// condition is an element's `if:`: "field" (set and not empty), "!field"
// (unset or empty), "field == value" or "field != value".
type condition struct {
	field, value string
	negate, eq   bool
	pos          cards.Pos
}

var conditionRE = regexp.MustCompile(`^\s*(!?)\s*([^\s!=]+)\s*(?:(==|!=)\s*(.*?))?\s*$`)

func parseCondition(n *cards.Node) (*condition, cards.Diagnostics) {
	var diags cards.Diagnostics
	s, ok := diags.Text(n, "if")
	if !ok {
		return nil, diags
	}
	m := conditionRE.FindStringSubmatch(s)
	if m == nil || (m[1] == "!" && m[3] != "") {
		diags.Errorf(n.Pos, "if: %q is not a condition; write \"field\", \"!field\", \"field == value\" or \"field != value\"", s)
		return nil, diags
	}
	c := &condition{field: m[2], negate: m[1] == "!" || m[3] == "!=", eq: m[3] != "", pos: n.Pos}
	c.value = strings.Trim(m[4], `"'`)
	return c, diags
}

func (c *condition) holds(s scope) bool {
	if c == nil {
		return true
	}
	v := s.field(c.field)
	var got string
	set := v != nil && v.Kind != cards.NullNode && !(v.Kind == cards.ScalarNode && v.Value == "")
	if set && v.Kind == cards.ScalarNode {
		got = v.Value
	}
	if c.eq {
		return (got == c.value) != c.negate
	}
	return set != c.negate
}
