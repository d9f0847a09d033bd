package build

import (
	"fmt"
	"slices"
	"strings"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/output/arena"
	"github.com/deckpress/deckpress/rules/gladiators"
	"github.com/deckpress/deckpress/templates"
	"github.com/deckpress/deckpress/templates/rulestext"
)

// schemas are the formats deckpress describes, built from the shapes the
// loaders check keys against, with the names that layout and output know.
var schemas = map[string]func() *cards.Shape{
	"deck": func() *cards.Shape {
		return with(cards.DeckShape, map[string]*cards.Shape{
			"print":     cards.PrintShape,
			"templates": cards.Map("named templates", templates.Shape()),
			"size": cards.Either(cards.DeckShape.Prop("size").Desc,
				cards.OneOf("a card size", append(layout.CardSizeNames(), "page")...), &cards.Shape{Type: "string", Desc: "WIDTHxHEIGHT", Pattern: cards.SizePattern},
				cards.Object("a size", cards.P("width", cards.Length("width")), cards.P("height", cards.Length("height")))),
		})
	},
	"hero": func() *cards.Shape {
		return with(gladiators.FileShape, map[string]*cards.Shape{"print": cards.PrintShape})
	},
	"rules": func() *cards.Shape { return with(rulestext.Shape, map[string]*cards.Shape{"print": cards.PrintShape}) },
	"arena": func() *cards.Shape { return with(arena.Shape, map[string]*cards.Shape{"print": cards.PrintShape}) },
	"project": func() *cards.Shape {
		return with(cards.ProjectShape, map[string]*cards.Shape{"print": cards.PrintShape})
	},
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
		names := make([]string, 0, len(schemas))
		for k := range schemas {
			names = append(names, k)
		}
		slices.Sort(names)
		return nil, fmt.Errorf("unknown format %q; formats: %s", format, strings.Join(names, ", "))
	}
	s := f().JSONSchema()
	s["$schema"] = "https://json-schema.org/draft/2020-12/schema"
	s["title"] = "deckpress " + format + " file"
	return s, nil
}

// HasSchema reports whether Schema knows the format.
func HasSchema(format string) bool {
	_, ok := schemas[format]
	return ok
}
