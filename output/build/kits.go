package build

import (
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/deckpress/deckpress/data"
	"github.com/deckpress/deckpress/output"
)

// Init writes the files of the built-in kit into dir (relative to the
// working folder), all or none, and returns their paths. Existing files
// are an error unless force.
func Init(env Env, kit, dir string, force bool) ([]string, error) {
	if !slices.Contains(data.Kits(), kit) {
		return nil, fmt.Errorf("unknown kit %q; kits: %s", kit, strings.Join(data.Kits(), ", "))
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
		if _, err := os.Stat(env.Abs(target)); err == nil && !force {
			clash = append(clash, target)
		}
		files = append(files, output.File{Path: env.Abs(target), Data: b})
		shown = append(shown, target)
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(clash) > 0 {
		return nil, fmt.Errorf("refusing to overwrite %s; nothing written (--force overwrites)", strings.Join(clash, ", "))
	}
	if err := output.WriteFiles(files); err != nil {
		return nil, err
	}
	return shown, nil
}
