package cli

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/output"
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
			"print":     printShape(),
			"templates": cards.Map("named templates", templates.Shape()),
			"size": cards.Either(cards.DeckShape.Prop("size").Desc,
				cards.OneOf("a card size", append(layout.CardSizeNames(), "page")...), &cards.Shape{Type: "string", Desc: "WIDTHxHEIGHT", Pattern: cards.SizePattern},
				cards.Object("a size", cards.P("width", cards.Length("width")), cards.P("height", cards.Length("height")))),
		})
	},
	"hero":    func() *cards.Shape { return with(gladiators.FileShape, map[string]*cards.Shape{"print": printShape()}) },
	"rules":   func() *cards.Shape { return with(rulestext.Shape, map[string]*cards.Shape{"print": printShape()}) },
	"arena":   func() *cards.Shape { return with(arena.Shape, map[string]*cards.Shape{"print": printShape()}) },
	"project": func() *cards.Shape { return with(cards.ProjectShape, map[string]*cards.Shape{"print": printShape()}) },
}

// printShape is the print block with its names.
func printShape() *cards.Shape {
	p := cards.PrintShape
	enum := func(key string, names []string) *cards.Shape { return cards.OneOf(p.Prop(key).Desc, names...) }
	return with(p, map[string]*cards.Shape{
		"paper":       cards.Either(p.Prop("paper").Desc, cards.OneOf("a paper", layout.PaperNames()...), &cards.Shape{Type: "string", Desc: "WIDTHxHEIGHT", Pattern: cards.SizePattern}),
		"orientation": enum("orientation", layout.OrientationNames),
		"duplex":      enum("duplex", layout.DuplexNames),
		"marks":       enum("marks", layout.MarksNames),
		"rotate":      enum("rotate", []string{"none", "auto"}),
		"preset":      enum("preset", output.PresetNames),
		"order":       enum("order", output.OrderNames),
	})
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

// SchemaOptions are the options of deckpress schema.
type SchemaOptions struct {
	Factory *Factory
	Format  string
}

// NewCmdSchema returns deckpress schema; runF, when not nil, runs instead.
func NewCmdSchema(f *Factory, runF func(*SchemaOptions) error) *cobra.Command {
	opts := &SchemaOptions{Factory: f}
	return &cobra.Command{
		Use:   "schema [deck|hero|rules|arena|project]",
		Short: "Print the JSON Schema of a file format, for editors",
		Long: `schema prints the JSON Schema of a deckpress format, generated from the same
declarations the loaders check. Save it and point your editor's YAML language
server at it with a first line such as

  # yaml-language-server: $schema=deck.schema.json

to have typos underlined and keys completed as you type.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Format = "deck"
			if len(args) == 1 {
				opts.Format = args[0]
			}
			if _, ok := schemas[opts.Format]; !ok {
				_, err := Schema(opts.Format)
				return &FlagError{err}
			}
			if runF != nil {
				return runF(opts)
			}
			return runSchema(opts)
		},
	}
}

func runSchema(opts *SchemaOptions) error {
	s, err := Schema(opts.Format)
	if err != nil {
		return err
	}
	b, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(opts.Factory.Out, "%s\n", b)
	return err
}
