// Package jsonschema checks YAML documents against the JSON Schemas
// deckpress generates, for tests: the subset those schemas use (type,
// pattern, enum, properties, additionalProperties, required, items,
// anyOf).
package jsonschema

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"

	"github.com/deckpress/deckpress/cards"
)

// Value converts a YAML node to the value a YAML language server sees:
// maps, lists, strings, numbers, booleans and nil.
func Value(n *cards.Node) any {
	if n == nil {
		return nil
	}
	switch n.Kind {
	case cards.MapNode:
		m := map[string]any{}
		for k, v := range n.Pairs() {
			m[k.Value] = Value(v)
		}
		return m
	case cards.SeqNode:
		l := make([]any, len(n.Content))
		for i, c := range n.Content {
			l[i] = Value(c)
		}
		return l
	case cards.NullNode:
		return nil
	}
	switch n.Tag {
	case "!!int", "!!float":
		if f, err := strconv.ParseFloat(n.Value, 64); err == nil {
			return f
		}
	case "!!bool":
		b, _ := strconv.ParseBool(n.Value)
		return b
	}
	return n.Value
}

// Validate returns the places where v breaks schema s, as "path: problem".
func Validate(s map[string]any, v any) []string {
	var errs []string
	validate(s, v, "$", &errs)
	return errs
}

func validate(s map[string]any, v any, path string, errs *[]string) {
	if alts, ok := s["anyOf"].([]any); ok {
		for _, a := range alts {
			var sub []string
			validate(a.(map[string]any), v, path, &sub)
			if len(sub) == 0 {
				return
			}
		}
		*errs = append(*errs, fmt.Sprintf("%s: matches none of the alternatives", path))
		return
	}
	if t, ok := s["type"].(string); ok && !hasType(v, t) {
		*errs = append(*errs, fmt.Sprintf("%s: expected %s, found %T", path, t, v))
		return
	}
	if pat, ok := s["pattern"].(string); ok {
		if str, isStr := v.(string); isStr && !regexp.MustCompile(pat).MatchString(str) {
			*errs = append(*errs, fmt.Sprintf("%s: %q does not match %s", path, str, pat))
		}
	}
	if e, ok := s["enum"].([]any); ok && !slices.Contains(e, v) {
		*errs = append(*errs, fmt.Sprintf("%s: %v is not one of %v", path, v, e))
	}
	if x, ok := number(v); ok {
		if lo, ok := number(s["minimum"]); ok && x < lo {
			*errs = append(*errs, fmt.Sprintf("%s: %v is less than the minimum %v", path, x, lo))
		}
		if hi, ok := number(s["maximum"]); ok && x > hi {
			*errs = append(*errs, fmt.Sprintf("%s: %v is more than the maximum %v", path, x, hi))
		}
	}
	switch x := v.(type) {
	case map[string]any:
		props, _ := s["properties"].(map[string]any)
		for _, r := range asList(s["required"]) {
			if _, ok := x[r.(string)]; !ok {
				*errs = append(*errs, fmt.Sprintf("%s: missing %q", path, r))
			}
		}
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			if ps, ok := props[k].(map[string]any); ok {
				validate(ps, x[k], path+"."+k, errs)
				continue
			}
			switch ap := s["additionalProperties"].(type) {
			case bool:
				if !ap {
					*errs = append(*errs, fmt.Sprintf("%s: unknown key %q", path, k))
				}
			case map[string]any:
				validate(ap, x[k], path+"."+k, errs)
			}
		}
	case []any:
		if lo, ok := number(s["minItems"]); ok && float64(len(x)) < lo {
			*errs = append(*errs, fmt.Sprintf("%s: %d items, fewer than %v", path, len(x), lo))
		}
		if hi, ok := number(s["maxItems"]); ok && float64(len(x)) > hi {
			*errs = append(*errs, fmt.Sprintf("%s: %d items, more than %v", path, len(x), hi))
		}
		if items, ok := s["items"].(map[string]any); ok {
			for i, it := range x {
				validate(items, it, fmt.Sprintf("%s[%d]", path, i), errs)
			}
		}
	}
}

// number reads a JSON number, as decoded (float64) or as built in Go.
func number(v any) (float64, bool) {
	switch x := v.(type) {
	case float64:
		return x, true
	case int:
		return float64(x), true
	case int64:
		return float64(x), true
	}
	return 0, false
}

func asList(v any) []any {
	l, _ := v.([]any)
	return l
}

func hasType(v any, t string) bool {
	switch t {
	case "object":
		_, ok := v.(map[string]any)
		return ok
	case "array":
		_, ok := v.([]any)
		return ok
	case "string":
		_, ok := v.(string)
		return ok
	case "number":
		_, ok := v.(float64)
		return ok
	case "integer":
		f, ok := v.(float64)
		return ok && f == math.Trunc(f)
	case "boolean":
		_, ok := v.(bool)
		return ok
	case "null":
		return v == nil
	}
	return true
}
