package cli

import (
	"path/filepath"
	"slices"
	"strings"

	"github.com/deckpress/deckpress/output/build"
)

// outTarget is what -o means, the same for every command: a name ending
// in .pdf or .png is the one file to write (for a command that writes one
// file of that kind); anything else is a folder, where the command writes
// its files under their usual names.
type outTarget struct {
	dir  string // the folder written into
	file string // the one file to write; "" for a folder
}

// parseOut reads -o for a command that can write one file of the given
// extensions (none: the command writes folders only).
func parseOut(o string, exts ...string) (outTarget, error) {
	ext := strings.ToLower(filepath.Ext(o))
	if ext != ".pdf" && ext != ".png" {
		return outTarget{dir: o}, nil
	}
	if !slices.Contains(exts, ext) {
		if len(exts) == 0 {
			return outTarget{}, flagErrorf("-o %q: this command writes a folder of files; give a folder", o)
		}
		return outTarget{}, flagErrorf("-o %q: this command writes %s files; give a folder or a %s file name", o, strings.Join(exts, ", "), strings.Join(exts, " or "))
	}
	return outTarget{dir: filepath.Dir(o), file: o}, nil
}

// in names the file to write in the target: the one file, or name in the
// folder.
func (t outTarget) in(name string) string {
	if t.file != "" {
		return t.file
	}
	return filepath.Join(t.dir, name)
}

// place writes a build's products to the one file of the target, if it
// names one: a build that makes more than one file cannot.
func (t outTarget) place(products []build.Product) error {
	if t.file == "" {
		return nil
	}
	if len(products) != 1 {
		var names []string
		for _, p := range products[:min(len(products), 3)] {
			names = append(names, p.Path)
		}
		return flagErrorf("-o %q names one file, but this writes %d (%s); give a folder", t.file, len(products), strings.Join(names, ", "))
	}
	products[0].Path = t.file
	return nil
}
