package cli

import (
	"fmt"
	"io/fs"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/data"
)

// simInput is a YAML file a game's lab reads: a file of the user's, or
// else the kit's.
type simInput struct {
	path  string
	root  *cards.Node
	files cards.Files // reads what the file names
}

// readSimInput parses the file at p (relative to the working folder), or
// the embedded kit file when p is empty; nil when it does not parse.
func readSimInput(env Env, p, kit string, diags *cards.Diagnostics) *simInput {
	in := &simInput{path: p, files: osFiles{dir: env.Dir}}
	var src []byte
	var err error
	if p == "" {
		in.path, in.files = kit, embeddedFiles{}
		src, err = fs.ReadFile(data.FS, kit)
	} else {
		src, err = in.files.ReadFile(p)
	}
	if err != nil {
		diags.Errorf(cards.Pos{File: in.path}, "cannot read: %v", cards.Cause(err))
		return nil
	}
	root, ds := cards.Parse(in.path, src)
	*diags = append(*diags, ds...)
	if root == nil {
		return nil
	}
	in.root = root
	return in
}

// interval formats a 95 % interval of rates.
func interval(ci [2]float64) string { return fmt.Sprintf("%s–%s", pct(ci[0]), pct(ci[1])) }
