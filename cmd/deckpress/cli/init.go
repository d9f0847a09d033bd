package cli

import (
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/deckpress/deckpress/data"

	"github.com/deckpress/deckpress/output/build"
)

// InitOptions are the options of deckpress init.
type InitOptions struct {
	Factory *Factory
	Kit     string
	Dir     string
	Force   bool
}

// NewCmdInit returns deckpress init; runF, when not nil, runs instead.
func NewCmdInit(f *Factory, runF func(*InitOptions) error) *cobra.Command {
	opts := &InitOptions{Factory: f}
	cmd := &cobra.Command{
		Use:   "init KIT DIR",
		Short: "Copy a built-in kit into a folder, to make it your own",
		Long: fmt.Sprintf(`init writes a built-in kit's files (decks, templates, CSV, pictures) into DIR.
Edit them and build the folder with 'deckpress build DIR'. Existing files are
never overwritten unless --force is given.

Kits: %s.`, strings.Join(data.Kits(), ", ")),
		Args: cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Kit, opts.Dir = args[0], args[1]
			if !slices.Contains(data.Kits(), opts.Kit) {
				return flagErrorf("unknown kit %q; kits: %s", opts.Kit, strings.Join(data.Kits(), ", "))
			}
			if runF != nil {
				return runF(opts)
			}
			return runInit(opts)
		},
	}
	cmd.Flags().BoolVar(&opts.Force, "force", false, "overwrite files that already exist")
	return cmd
}

func runInit(opts *InitOptions) error {
	shown, err := build.Init(opts.Factory.BuildEnv(), opts.Kit, opts.Dir, opts.Force)
	if err != nil {
		return err
	}
	for _, s := range shown {
		fmt.Fprintln(opts.Factory.Out, s)
	}
	fmt.Fprintf(opts.Factory.Err, "build it with: deckpress build %s\n", opts.Dir)
	return nil
}
