package cards

// Shape describes a YAML value: what a loader accepts, and the JSON Schema
// that `deckpress schema` writes for editors. Loaders take their known
// keys from their shapes, so the schema and the loader cannot drift apart.
type Shape struct {
	Type     string   // object, array, string, number, integer, boolean; "" for any value
	Desc     string   // what it is, for editors
	Enum     []string // the values allowed, when a closed list
	Pattern  string   // a regular expression a string must match
	Props    []Prop   // an object's keys, in order
	Extra    *Shape   // an object's other keys (free fields); nil: none allowed
	Items    *Shape   // an array's items
	AnyOf    []*Shape // alternatives (a name, or a mapping …)
	Required []string
	Min, Max *float64 // a number's limits
	Len      int      // an array's exact length; 0: any
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
		e := make([]any, len(s.Enum))
		for i, v := range s.Enum {
			e[i] = v
		}
		out["enum"] = e
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
	if s.Min != nil {
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
	if len(s.AnyOf) > 0 {
		alts := make([]any, len(s.AnyOf))
		for i, a := range s.AnyOf {
			alts[i] = a.JSONSchema()
		}
		out["anyOf"] = alts
	}
	return out
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
