package build

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/output/arena"
	"github.com/deckpress/deckpress/rules/gladiators"
	"github.com/deckpress/deckpress/rules/slugfest"
	"github.com/deckpress/deckpress/templates"
	"github.com/deckpress/deckpress/templates/rulestext"
)

// schemas are the formats deckpress describes, built from the shapes the
// loaders check keys against, with the names that layout and output know.
var schemas = map[string]func() (*cards.Shape, error){
	"deck": func() (*cards.Shape, error) {
		return with(cards.DeckShape, map[string]*cards.Shape{
			"templates": cards.Map("named templates", templates.Shape()),
			"size":      sizeShape(cards.DeckShape.Prop("size").Desc),
		}), nil
	},
	"template": func() (*cards.Shape, error) { return templates.FileShape(), nil },
	"hero": func() (*cards.Shape, error) {
		rs, err := gladiators.Default()
		if err != nil {
			return nil, err
		}
		s := gladiators.SchemaShape(rs)
		alts := make([]*cards.Shape, len(s.AnyOf))
		for i, a := range s.AnyOf {
			alts[i] = with(a, map[string]*cards.Shape{"size": sizeShape("the hero card size (default an index card, landscape)")})
		}
		return cards.Either(s.Desc, alts...), nil
	},
	"ruleset": func() (*cards.Shape, error) { return gladiators.RulesetShape, nil },
	"slugfest": func() (*cards.Shape, error) {
		return with(slugfest.FileShape, map[string]*cards.Shape{"size": sizeShape(slugfest.FileShape.Prop("size").Desc)}), nil
	},
	"rules":   func() (*cards.Shape, error) { return rulestext.Shape, nil },
	"arena":   func() (*cards.Shape, error) { return arena.Shape, nil },
	"project": func() (*cards.Shape, error) { return cards.ProjectShape, nil },
}

// sizeShape is a card size: a preset's name, WIDTHxHEIGHT, or {width,
// height}.
func sizeShape(desc string) *cards.Shape {
	return cards.Either(desc,
		cards.OneOf("a card size", append(layout.CardSizeNames(), "page")...), &cards.Shape{Type: "string", Desc: "WIDTHxHEIGHT", Pattern: cards.SizePattern},
		&cards.Shape{Type: "object", Title: "size", Desc: "a size", Required: []string{"width", "height"}, Props: []cards.Prop{cards.P("width", cards.Length("width")), cards.P("height", cards.Length("height"))}})
}

// with returns a copy of an object shape with some keys' shapes replaced.
func with(s *cards.Shape, replace map[string]*cards.Shape) *cards.Shape {
	c := *s
	c.Props = slices.Clone(s.Props)
	for i, p := range c.Props {
		if r, ok := replace[p.Name]; ok {
			c.Props[i] = cards.P(p.Name, r)
		}
	}
	return &c
}

// Schema returns the JSON Schema of a format.
func Schema(format string) (map[string]any, error) {
	f, ok := schemas[format]
	if !ok {
		return nil, fmt.Errorf("unknown format %q; formats: %s", format, strings.Join(SchemaFormats(), ", "))
	}
	shape, err := f()
	if err != nil {
		return nil, err
	}
	s := shape.JSONSchema()
	s["$schema"] = "https://json-schema.org/draft/2020-12/schema"
	s["title"] = "deckpress " + format + " file"
	return s, nil
}

// SchemaFormats lists the formats Schema knows, sorted.
func SchemaFormats() []string {
	return slices.Sorted(maps.Keys(schemas))
}

// HasSchema reports whether Schema knows the format.
func HasSchema(format string) bool {
	_, ok := schemas[format]
	return ok
}
