package cards

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"unicode"
)

// Shape describes a YAML value: what a loader accepts, and the JSON Schema
// that `deckpress schema` writes for editors. Loaders take their known
// keys from their shapes, so the schema and the loader cannot drift apart.
type Shape struct {
	Type     string   // object, array, string, number, integer, boolean; "" for any value
	Title    string   // a short name, for editors (an object's kind: "text element")
	Desc     string   // what it is, for editors
	Enum     []string // the names allowed, when a closed list, in lower case; matched in any case
	Pattern  string   // a regular expression a string must match
	Props    []Prop   // an object's keys, in order
	Extra    *Shape   // an object's other keys (free fields); nil: none allowed
	Items    *Shape   // an array's items
	AnyOf    []*Shape // alternatives (a name, or a mapping …)
	Required []string
	Min, Max *float64 // a number's limits
	// MinExclusive makes Min a bound the number must be above.
	MinExclusive bool
	Len          int // an array's exact length; 0: any
}

// Prop is one key of an object shape.
type Prop struct {
	Name  string
	Shape *Shape
}

// Keys returns the names of an object shape's keys.
func (s *Shape) Keys() []string {
	out := make([]string, len(s.Props))
	for i, p := range s.Props {
		out[i] = p.Name
	}
	return out
}

// Prop returns the shape of a key, or nil.
func (s *Shape) Prop(name string) *Shape {
	for _, p := range s.Props {
		if p.Name == name {
			return p.Shape
		}
	}
	return nil
}

// JSONSchema returns the shape as a JSON Schema (draft 2020-12) value.
func (s *Shape) JSONSchema() map[string]any {
	out := map[string]any{}
	if s.Title != "" {
		out["title"] = s.Title
	}
	if s.Desc != "" {
		out["description"] = s.Desc
	}
	if s.Type != "" {
		out["type"] = s.Type
	}
	if s.Pattern != "" {
		out["pattern"] = s.Pattern
	}
	if len(s.Enum) > 0 {
		// names are matched in any case, as the loaders match them: the
		// names themselves for completion, or a pattern of any case
		e := make([]any, len(s.Enum))
		alts := make([]string, len(s.Enum))
		for i, v := range s.Enum {
			e[i] = v
			alts[i] = anyCase(v)
		}
		out["anyOf"] = []any{map[string]any{"enum": e}, map[string]any{"pattern": "^(" + strings.Join(alts, "|") + ")$"}}
	}
	if s.Type == "object" {
		props := map[string]any{}
		for _, p := range s.Props {
			props[p.Name] = p.Shape.JSONSchema()
		}
		if len(props) > 0 {
			out["properties"] = props
		}
		if s.Extra == nil {
			out["additionalProperties"] = false
		} else {
			out["additionalProperties"] = s.Extra.JSONSchema()
		}
		if len(s.Required) > 0 {
			r := make([]any, len(s.Required))
			for i, v := range s.Required {
				r[i] = v
			}
			out["required"] = r
		}
	}
	if s.Min != nil && s.MinExclusive {
		out["exclusiveMinimum"] = *s.Min
	} else if s.Min != nil {
		out["minimum"] = *s.Min
	}
	if s.Max != nil {
		out["maximum"] = *s.Max
	}
	if s.Items != nil {
		out["items"] = s.Items.JSONSchema()
	}
	if s.Len > 0 {
		out["minItems"], out["maxItems"] = s.Len, s.Len
	}
	if len(s.AnyOf) > 0 && len(s.Enum) > 0 {
		panic("a shape is an enum or has alternatives, not both")
	}
	if len(s.AnyOf) > 0 {
		alts := make([]any, len(s.AnyOf))
		for i, a := range s.AnyOf {
			alts[i] = a.JSONSchema()
		}
		out["anyOf"] = alts
	}
	return out
}

// anyCase is a regular expression matching name in any case, such as
// [lL][oO][nN][gG]; other characters are quoted.
func anyCase(name string) string {
	var b strings.Builder
	for _, r := range name {
		lo, up := unicode.ToLower(r), unicode.ToUpper(r)
		if lo != up {
			fmt.Fprintf(&b, "[%c%c]", lo, up)
		} else {
			b.WriteString(regexp.QuoteMeta(string(r)))
		}
	}
	return b.String()
}

// Content checks a mapping against an object shape, as hcl's
// Body.Content does against a schema: every key must be one of the
// shape's (unless the shape takes free keys), and every required key must
// be there. what names the mapping in messages. The shape's keys and
// requirements are the ones the JSON Schema states, so the loader and the
// schema cannot drift apart.
func (ds *Diagnostics) Content(n *Node, s *Shape, what string) *Mapping {
	var m *Mapping
	if s.Extra != nil {
		m = ds.AnyMap(n, what)
	} else {
		m = ds.Map(n, what, s.Keys()...)
	}
	ds.Require(m, what, s.Required...)
	return m
}

// Shorthands for building shapes.

// Text is a string shape.
func Text(desc string) *Shape { return &Shape{Type: "string", Desc: desc} }

// SizePattern matches "WIDTHxHEIGHT" with an optional unit.
const SizePattern = `^\s*[0-9.]+\s*(mm|cm|in|pt)?\s*[xX]\s*[0-9.]+\s*(mm|cm|in|pt)?\s*$`

// Whole is an integer shape.
func Whole(desc string) *Shape { return &Shape{Type: "integer", Desc: desc} }

// WholeIn is an integer shape within [lo, hi].
func WholeIn(desc string, lo, hi float64) *Shape {
	return &Shape{Type: "integer", Desc: desc, Min: &lo, Max: &hi}
}

// Flag is a boolean shape.
func Flag(desc string) *Shape { return &Shape{Type: "boolean", Desc: desc} }

// Any is a shape of any value.
func Any(desc string) *Shape { return &Shape{Desc: desc} }

// Length is a length: a number of mm, or a string with a unit.
func Length(desc string) *Shape {
	return &Shape{Desc: desc, AnyOf: []*Shape{{Type: "number"}, {Type: "string"}}}
}

// LengthIn is a length within [lo, hi] mm: a number of mm, or a string
// with a unit (mm, cm, in, pt). A string's bound is checked by a pattern,
// exactly where the bound is a whole number in its unit (20 mm, 2 cm) and
// to the whole unit where it is not (20 mm is 0.79 in: up to 0.99 in
// passes the schema, and the loader refuses it); a lower bound above 0
// is left to the loader.
func LengthIn(desc string, lo, hi float64) *Shape {
	var units []string
	for _, u := range []struct {
		name string
		mm   float64
	}{{"(mm)?", 1}, {"cm", 10}, {"in", 25.4}, {"pt", 25.4 / 72}} {
		alt := magnitude(hi / u.mm)
		if lo < 0 {
			alt = "(" + alt + "|-" + magnitude(-lo/u.mm) + ")"
		}
		units = append(units, alt+`\s*`+u.name)
	}
	return &Shape{Desc: desc, AnyOf: []*Shape{
		{Type: "number", Min: &lo, Max: &hi},
		{Type: "string", Pattern: `^\s*(` + strings.Join(units, "|") + `)\s*$`},
	}}
}

// magnitude is a regular expression of the decimal numbers from 0 to hi:
// exactly when hi is whole, else to the whole number below it, plus one.
func magnitude(hi float64) string {
	n := int(math.Floor(hi + 1e-9))
	frac := `(\.[0-9]*)?`
	if math.Abs(hi-float64(n)) > 1e-9 || n == 0 {
		return "(0*" + wholeUpTo(n) + frac + `|\.[0-9]+)`
	}
	return "(0*" + wholeUpTo(n-1) + frac + "|0*" + strconv.Itoa(n) + `(\.0*)?|\.[0-9]+)`
}

// wholeUpTo is a regular expression of the whole numbers from 0 to n.
func wholeUpTo(n int) string {
	s := strconv.Itoa(n)
	var alts []string
	if len(s) > 1 {
		alts = append(alts, fmt.Sprintf("[0-9]{1,%d}", len(s)-1))
	}
	for i := range len(s) {
		d := int(s[i] - '0')
		switch {
		case i == len(s)-1:
			alts = append(alts, s[:i]+fmt.Sprintf("[0-%d]", d))
		case d > 0:
			alts = append(alts, s[:i]+fmt.Sprintf("[0-%d]", d-1)+strings.Repeat("[0-9]", len(s)-i-1))
		}
	}
	return "(" + strings.Join(alts, "|") + ")"
}

// OneOf is a closed list of names.
func OneOf(desc string, names ...string) *Shape {
	return &Shape{Type: "string", Desc: desc, Enum: names}
}

// Object is an object shape with the given keys.
func Object(desc string, props ...Prop) *Shape {
	return &Shape{Type: "object", Desc: desc, Props: props}
}

// List is an array shape.
func List(desc string, items *Shape) *Shape { return &Shape{Type: "array", Desc: desc, Items: items} }

// Map is an object of free keys, each with the same shape.
func Map(desc string, values *Shape) *Shape { return &Shape{Type: "object", Desc: desc, Extra: values} }

// Either is a value of one of several shapes.
func Either(desc string, alts ...*Shape) *Shape { return &Shape{Desc: desc, AnyOf: alts} }

// P names a key.
func P(name string, s *Shape) Prop { return Prop{Name: name, Shape: s} }
