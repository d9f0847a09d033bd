package cards

import (
	"encoding/json"
	"reflect"
	"slices"
	"testing"
)

// JSONSchema writes draft 2020-12 keywords: an object lists its
// properties, refuses other keys unless it has free fields, and names its
// required keys; only what a shape sets appears.
func TestJSONSchema(t *testing.T) {
	item := &Shape{Type: "object", Desc: "an item", Required: []string{"name"},
		Props: []Prop{
			P("name", Text("its name")),
			P("size", &Shape{Type: "string", Pattern: SizePattern}),
			P("mode", OneOf("a mode", "long", "short")),
			P("copies", Whole("copies")),
			P("shown", Flag("shown or not")),
			P("gap", Length("a gap")),
			P("tags", List("tags", Text("a tag"))),
			P("side", Either("a side", Text("a template"), Map("fields", Any("a field")))),
		}}
	want := `{
		"description": "an item",
		"type": "object",
		"properties": {
			"name": {"description": "its name", "type": "string"},
			"size": {"type": "string", "pattern": ` + jsonString(SizePattern) + `},
			"mode": {"description": "a mode", "type": "string", "enum": ["long", "short"]},
			"copies": {"description": "copies", "type": "integer"},
			"shown": {"description": "shown or not", "type": "boolean"},
			"gap": {"description": "a gap", "anyOf": [{"type": "number"}, {"type": "string"}]},
			"tags": {"description": "tags", "type": "array", "items": {"description": "a tag", "type": "string"}},
			"side": {"description": "a side", "anyOf": [
				{"description": "a template", "type": "string"},
				{"description": "fields", "type": "object", "additionalProperties": {"description": "a field"}}
			]}
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
	if got := PrintShape.Keys(); !slices.Equal(got, []string{"paper", "orientation", "duplex", "bleed", "gutter", "margin", "marks", "rotate", "back-offset", "preset", "order"}) {
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
