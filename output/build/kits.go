package build

import (
	"errors"
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
// are an error unless force. It writes only inside dir: a folder or file
// it would write through that is a symbolic link (dir/fonts → elsewhere)
// is an error, force or not, and nothing is written.
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
		if err := noLink(env, dir, rel); err != nil {
			return err
		}
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

// noLink refuses a symbolic link on the way from dir to dir/rel: a
// folder of dir's, or the file itself, that leads elsewhere. dir itself
// is the user's to choose.
func noLink(env Env, dir, rel string) error {
	p := dir
	for _, part := range strings.Split(rel, string(filepath.Separator)) {
		p = filepath.Join(p, part)
		st, err := os.Lstat(env.Abs(p))
		if errors.Is(err, fs.ErrNotExist) {
			return nil // nothing below it exists either
		}
		if err != nil {
			return fmt.Errorf("%w; nothing written", err)
		}
		if st.Mode()&fs.ModeSymlink != 0 {
			return fmt.Errorf("%s is a symbolic link, and init writes only inside %s: remove it, or init into another folder; nothing written", p, dir)
		}
	}
	return nil
}
