package cli

import (
	"encoding/json"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/deckpress/deckpress/output/build"
)

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
			if !build.HasSchema(opts.Format) {
				_, err := build.Schema(opts.Format)
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
	s, err := build.Schema(opts.Format)
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
