package cards

import (
	"encoding/json"
	"reflect"
	"regexp"
	"slices"
	"testing"
)

// JSONSchema writes draft 2020-12 keywords: an object lists its
// properties, refuses other keys unless it has free fields, and names its
// required keys; only what a shape sets appears.
func TestJSONSchema(t *testing.T) {
	zero := 0.0
	item := &Shape{Type: "object", Title: "item", Desc: "an item", Required: []string{"name"},
		Props: []Prop{
			P("name", Text("its name")),
			P("size", &Shape{Type: "string", Pattern: SizePattern}),
			P("mode", OneOf("a mode", "long", "short")),
			P("copies", Whole("copies")),
			P("shown", Flag("shown or not")),
			P("gap", Length("a gap")),
			P("tags", List("tags", Text("a tag"))),
			P("side", Either("a side", Text("a template"), Map("fields", Any("a field")))),
			P("scale", &Shape{Type: "number", Min: &zero, MinExclusive: true}),
		}}
	want := `{
		"title": "item",
		"description": "an item",
		"type": "object",
		"properties": {
			"name": {"description": "its name", "type": "string"},
			"size": {"type": "string", "pattern": ` + jsonString(SizePattern) + `},
			"mode": {"description": "a mode", "type": "string", "anyOf": [{"enum": ["long", "short"]}, {"pattern": "^([lL][oO][nN][gG]|[sS][hH][oO][rR][tT])$"}]},
			"copies": {"description": "copies", "type": "integer"},
			"shown": {"description": "shown or not", "type": "boolean"},
			"gap": {"description": "a gap", "anyOf": [{"type": "number"}, {"type": "string"}]},
			"tags": {"description": "tags", "type": "array", "items": {"description": "a tag", "type": "string"}},
			"side": {"description": "a side", "anyOf": [
				{"description": "a template", "type": "string"},
				{"description": "fields", "type": "object", "additionalProperties": {"description": "a field"}}
			]},
			"scale": {"type": "number", "exclusiveMinimum": 0}
		},
		"additionalProperties": false,
		"required": ["name"]
	}`
	assertJSON(t, item.JSONSchema(), want)

	// an object with no keys at all, and a shape of anything
	assertJSON(t, Object("nothing").JSONSchema(), `{"description": "nothing", "type": "object", "additionalProperties": false}`)
	assertJSON(t, (&Shape{}).JSONSchema(), `{}`)
}

func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

func assertJSON(t *testing.T, got map[string]any, want string) {
	t.Helper()
	var w any
	if err := json.Unmarshal([]byte(want), &w); err != nil {
		t.Fatal(err)
	}
	g, _ := json.Marshal(got)
	var gv any
	json.Unmarshal(g, &gv)
	if !reflect.DeepEqual(gv, w) {
		t.Errorf("schema:\n%s\nwant:\n%s", g, want)
	}
}

func TestShapeKeys(t *testing.T) {
	if got := PrintShape.Keys(); !slices.Equal(got, []string{"paper", "orientation", "duplex", "bleed", "gutter", "margin", "marks", "rotate", "back-offset", "preset", "order", "safe", "corner-radius"}) {
		t.Errorf("print keys: %q", got)
	}
	if s := DeckShape.Prop("cards"); s == nil || s.Items != CardShape {
		t.Errorf("DeckShape.Prop(cards) = %+v", s)
	}
	if DeckShape.Prop("nope") != nil {
		t.Errorf("a shape has a key it does not declare")
	}
	if len(Object("none").Keys()) != 0 {
		t.Errorf("an object without keys has keys")
	}
}

// Content checks a mapping's keys against a shape, as its JSON Schema
// does: unknown keys (with the nearest known one) and missing required
// keys; a shape with free keys takes any.
func TestContent(t *testing.T) {
	shape := &Shape{Type: "object", Required: []string{"name", "size"}, Props: []Prop{P("name", Text("")), P("size", Text("")), P("kind", Text(""))}}
	free := &Shape{Type: "object", Required: []string{"name"}, Props: []Prop{P("name", Text(""))}, Extra: Any("")}
	for _, c := range []struct {
		shape *Shape
		src   string
		want  []string
	}{
		{shape, "{name: a, size: b}", nil},
		{shape, "{name: a, size: b, kin: c}", []string{`d.yaml:1:23: error: unknown key "kin" in item; did you mean "kind"?`}},
		{shape, "{kind: c}", []string{`d.yaml:1:4: error: item needs "name"`, `d.yaml:1:4: error: item needs "size"`}},
		{free, "{name: a, other: b}", nil},
		{free, "{other: b}", []string{`d.yaml:1:4: error: item needs "name"`}},
		{shape, "[a]", []string{"d.yaml:1:4: error: item: expected a mapping (key: value lines), found a list"}},
	} {
		var ds Diagnostics
		ds.Content(value(t, c.src), c.shape, "item")
		assertDiags(t, diagStrings(ds), c.want)
	}
}

// LengthIn's pattern takes a length with a unit within the bounds (to
// the whole unit where a bound is not whole in it), and refuses others.
func TestLengthIn(t *testing.T) {
	for _, c := range []struct {
		lo, hi float64
		in     []string
		out    []string
	}{
		{0, 20, []string{"0", "0mm", "20mm", "20.0 mm", "19.99mm", "7", ".5mm", "2cm", "1.5cm", "0.7in", "56pt", "56.9pt", " 3mm "},
			[]string{"21mm", "20.5mm", "-2mm", "3cm", "2.1cm", "1in", "57pt", "100", "mm", "3 furlongs", "1e3mm", "-0.5mm", "-.5mm"}},
		{0, 100, []string{"100mm", "99.9", "10cm", "3.9in", "283pt", "5mm"}, []string{"500mm", "101", "11cm", "4in", "284pt"}},
		{-20, 20, []string{"-20mm", "20mm", "-2cm", "0.5in", "-0.5in", "0mm"}, []string{"-21mm", "30mm", "-3cm", "-1in"}},
		{1, 2000, []string{"210mm", "2000", "21cm", "8.5in", "78in"}, []string{"2001mm", "201cm", "79in"}},
	} {
		s := LengthIn("", c.lo, c.hi).AnyOf[1]
		re := regexp.MustCompile(s.Pattern)
		for _, v := range c.in {
			if !re.MatchString(v) {
				t.Errorf("[%g, %g]: %q refused", c.lo, c.hi, v)
			}
		}
		for _, v := range c.out {
			if re.MatchString(v) {
				t.Errorf("[%g, %g]: %q taken", c.lo, c.hi, v)
			}
		}
	}
}
