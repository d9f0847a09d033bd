package jsonschema

import (
	"testing"

	_ "github.com/deckpress/deckpress/internal/golden"
)

// Every keyword of a schema applies, anyOf beside the others: a value of
// the wrong type fails even when an alternative without a type (a
// pattern, which only strings can break) would take it.
func TestKeywordsTogether(t *testing.T) {
	names := map[string]any{"type": "string", "anyOf": []any{
		map[string]any{"enum": []any{"long", "short"}},
		map[string]any{"pattern": "^([lL][oO][nN][gG]|[sS][hH][oO][rR][tT])$"},
	}}
	above := map[string]any{"type": "number", "exclusiveMinimum": 0.0, "maximum": 10.0}
	pair := map[string]any{"type": "array", "minItems": 2, "maxItems": 2}
	for _, c := range []struct {
		schema map[string]any
		v      any
		valid  bool
	}{
		{names, "long", true},
		{names, "Long", true},
		{names, "longer", false},
		{names, 3.0, false},
		{names, []any{"long"}, false},
		{above, 0.0, false},
		{above, 0.5, true},
		{above, 10.0, true},
		{above, 10.5, false},
		{pair, []any{1.0, 2.0}, true},
		{pair, []any{1.0}, false},
		{pair, []any{1.0, 2.0, 3.0}, false},
	} {
		if errs := Validate(c.schema, c.v); (len(errs) == 0) != c.valid {
			t.Errorf("%v against %v: %v, want valid %v", c.v, c.schema, errs, c.valid)
		}
	}
}
