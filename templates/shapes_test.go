package templates_test

import (
	"regexp"
	"slices"
	"sort"
	"testing"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/templates"
)

// elementShapes returns each element kind's properties shape, from the
// template shape (what the JSON Schema says).
func elementShapes(t *testing.T) map[string]*cards.Shape {
	t.Helper()
	out := map[string]*cards.Shape{}
	for _, alt := range templates.Shape().Prop("elements").Items.AnyOf {
		kind := alt.Required[0]
		out[kind] = alt.Prop(kind)
	}
	if len(out) < 10 {
		t.Fatalf("%d element kinds in the shape", len(out))
	}
	return out
}

var needs = regexp.MustCompile(`error: [a-z]+ needs "([a-z0-9-]+)"`)
var unknown = regexp.MustCompile(`unknown key "zzz" in ([a-z]+)`)

// The compiler checks an element's keys from the same declaration as the
// schema: an empty element of each kind is refused for exactly the keys
// the schema requires, and a key the schema does not list is unknown to
// the compiler too.
func TestShapesDriveTheCompiler(t *testing.T) {
	for kind, shape := range elementShapes(t) {
		t.Run(kind, func(t *testing.T) {
			_, diags := render(t, "elements:\n  - "+kind+": {zzz: 1}\n", "{}")
			var missing, unknownIn []string
			for _, d := range diags {
				if m := needs.FindStringSubmatch(d.String()); m != nil {
					missing = append(missing, m[1])
				}
				if m := unknown.FindStringSubmatch(d.String()); m != nil {
					unknownIn = append(unknownIn, m[1])
				}
			}
			sort.Strings(missing)
			required := slices.Sorted(slices.Values(shape.Required))
			if !slices.Equal(missing, required) {
				t.Errorf("the compiler asks for %v; the schema requires %v", missing, required)
			}
			if !slices.Equal(unknownIn, []string{kind}) {
				t.Errorf("zzz: unknown in %v, want [%s]; diagnostics %v", unknownIn, kind, diags)
			}
		})
	}
}
