package cli

import (
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/deckpress/deckpress/data"
	"github.com/deckpress/deckpress/output"
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
	env, kit, dir, force := opts.Factory.BuildEnv(), opts.Kit, opts.Dir, opts.Force
	root := path.Join("kits", kit)
	var files []output.File
	var shown []string
	var clash []string
	err := fs.WalkDir(data.FS, root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(data.FS, p)
		if err != nil {
			return err
		}
		rel := filepath.FromSlash(strings.TrimPrefix(p, root+"/"))
		target := filepath.Join(dir, rel)
		if _, err := os.Stat(env.Abs(target)); err == nil && !force {
			clash = append(clash, target)
		}
		files = append(files, output.File{Path: env.Abs(target), Data: b})
		shown = append(shown, target)
		return nil
	})
	if err != nil {
		return err
	}
	if len(clash) > 0 {
		return fmt.Errorf("refusing to overwrite %s; nothing written (--force overwrites)", strings.Join(clash, ", "))
	}
	if err := output.WriteFiles(files); err != nil {
		return err
	}
	for _, s := range shown {
		fmt.Fprintln(opts.Factory.Out, s)
	}
	fmt.Fprintf(opts.Factory.Err, "build it with: deckpress build %s\n", dir)
	return nil
}
