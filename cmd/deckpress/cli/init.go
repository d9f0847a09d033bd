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

func newInitCmd(env Env) *cobra.Command {
	var force bool
	cmd := &cobra.Command{
		Use:   "init KIT DIR",
		Short: "Copy a built-in kit into a folder, to make it your own",
		Long: fmt.Sprintf(`init writes a built-in kit's files (decks, templates, CSV, pictures) into DIR.
Edit them and build the folder with 'deckpress build DIR'. Existing files are
never overwritten unless --force is given.

Kits: %s.`, strings.Join(data.Kits(), ", ")),
		Args: cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runInit(env, args[0], args[1], force)
		},
	}
	cmd.Flags().BoolVar(&force, "force", false, "overwrite files that already exist")
	return cmd
}

func runInit(env Env, kit, dir string, force bool) error {
	if !slices.Contains(data.Kits(), kit) {
		return fmt.Errorf("unknown kit %q; kits: %s", kit, strings.Join(data.Kits(), ", "))
	}
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
		if _, err := os.Stat(abs(env, target)); err == nil && !force {
			clash = append(clash, target)
		}
		files = append(files, output.File{Path: abs(env, target), Data: b})
		shown = append(shown, target)
		return nil
	})
	if err != nil {
		return failed("%v", err)
	}
	if len(clash) > 0 {
		return failed("refusing to overwrite %s; nothing written (--force overwrites)", strings.Join(clash, ", "))
	}
	if err := output.WriteFiles(files); err != nil {
		return failed("%v", err)
	}
	for _, s := range shown {
		fmt.Fprintln(env.Out, s)
	}
	fmt.Fprintf(env.Err, "build it with: deckpress build %s\n", dir)
	return nil
}
