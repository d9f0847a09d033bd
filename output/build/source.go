package build

import (
	"io/fs"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/data"
)

// Source is a parsed YAML file: one of the user's, or a kit's.
type Source struct {
	Path  string      // as shown in messages
	Root  *cards.Node // its parsed content
	Files cards.Files // reads what it names
}

// ReadSource parses the file at path (relative to env.Dir), or, when path
// is "", the embedded kit file kit; nil when it cannot be read or does not
// parse.
func ReadSource(env Env, path, kit string) (*Source, cards.Diagnostics) {
	var diags cards.Diagnostics
	s := &Source{Path: path}
	var src []byte
	var err error
	if path == "" {
		s.Path, s.Files = kit, embeddedFiles{}
		src, err = fs.ReadFile(data.FS, kit)
	} else {
		s.Files = namedFiles(env, path)
		src, err = env.ReadFile(path)
	}
	if err != nil {
		diags.Errorf(cards.Pos{File: s.Path}, "cannot read: %v", cards.Cause(err))
		return nil, diags
	}
	root, ds := cards.Parse(s.Path, src)
	diags = diags.Extend(ds)
	if root == nil {
		return nil, diags
	}
	s.Root = root
	return s, diags
}
