package templates

import (
	"crypto/sha256"
	"fmt"
	"strings"
	"sync"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/templates/svg"
	"github.com/deckpress/deckpress/templates/typeset"
)

// Source is a file given by content, such as a built-in template file.
type Source struct {
	Path string
	Data []byte
}

// Load builds a deck's template library, for cards of size card with
// bleed: the built-in template files, the files the deck's use: names
// (read through files), its own templates, its fonts and icons, all
// compiled, and returns it with every problem found.
func Load(deck *cards.Deck, card layout.Size, bleed float64, files cards.Files, builtin []Source) (*Library, cards.Diagnostics) {
	var diags cards.Diagnostics
	lib := NewLibrary(card, bleed)
	lib.Images.Files = files
	for _, src := range builtin {
		p := parseSource(src)
		diags = diags.Extend(defineTree(lib, p.root, p.diags))
	}
	uses := deck.Use
	if len(uses) > MaxUse {
		diags.Errorf(uses[MaxUse].Pos, "use: a deck uses at most %d template files", MaxUse)
		uses = nil
	}
	used := map[string]bool{}
	for _, u := range uses {
		ref, ok := diags.Text(u, "use")
		if !ok {
			continue
		}
		path := cards.Resolve(deck.Path, ref)
		if used[path] {
			// read and compiled once, however often it is named
			diags.Warnf(u.Pos, "use: %s is used already", cards.Excerpt(ref))
			continue
		}
		used[path] = true
		data, err := files.ReadFile(path)
		if err != nil {
			diags.Errorf(u.Pos, "use: cannot read %s: %v", path, cards.Cause(err))
			continue
		}
		diags = diags.Extend(defineFile(lib, path, data))
	}
	for _, t := range deck.Templates {
		lib.Define(t.Name, t.Pos, t.Node)
	}
	diags = diags.Extend(loadFonts(lib, deck, files))
	diags = diags.Extend(loadIcons(lib, deck))
	return lib, diags.Extend(lib.Compile())
}

// parsedSources are the trees of the template files given by content (the
// built-in ones), parsed once per process: they are the same bytes for as
// long as it runs, every deck of a build loads them, and the trees are
// only read. The key is a file's path and content; the value a
// func() parsedSource that parses it once.
var parsedSources sync.Map

// parsedSource is a template file's tree and the problems found parsing it.
type parsedSource struct {
	root  *cards.Node
	diags cards.Diagnostics
}

// parseSource returns src's tree, parsed by the first caller (the others
// wait for it).
func parseSource(src Source) parsedSource {
	parse := sync.OnceValue(func() parsedSource {
		root, diags := cards.Parse(src.Path, src.Data)
		return parsedSource{root: root, diags: diags}
	})
	f, _ := parsedSources.LoadOrStore(src.Path+"\x00"+string(src.Data), parse)
	return f.(func() parsedSource)()
}

// Preparse parses template files given by content on other goroutines,
// so that a Load after it finds them parsed (while, say, the deck file is
// parsed on this one).
func Preparse(srcs []Source) {
	for _, src := range srcs {
		go parseSource(src)
	}
}

// MaxUse is the most template files a deck may use.
const MaxUse = 64

var templateFileKeys = []string{"templates"}

// defineFile adds the templates of a template file to the library.
func defineFile(lib *Library, path string, data []byte) cards.Diagnostics {
	root, diags := cards.Parse(path, data)
	return defineTree(lib, root, diags)
}

// defineTree adds the templates of a template file's tree to the library,
// with the problems found parsing it.
func defineTree(lib *Library, root *cards.Node, ds cards.Diagnostics) cards.Diagnostics {
	var diags cards.Diagnostics
	diags = diags.Extend(ds)
	if root == nil {
		return diags
	}
	m := diags.Map(root, "template file", templateFileKeys...)
	diags.Require(m, "a template file", "templates")
	for _, e := range diags.AnyMap(m.Get("templates"), "templates").Entries() {
		lib.Define(e.Key, e.KeyPos, e.Value)
	}
	return diags
}

// loadFonts registers the deck's own font families: `fonts: {Family:
// file.ttf}` or `fonts: {Family: {regular: a.ttf, bold: b.ttf, …}}`.
func loadFonts(lib *Library, deck *cards.Deck, files cards.Files) cards.Diagnostics {
	var diags cards.Diagnostics
	type fontFile struct {
		font         *typeset.Font
		readErr, err error
	}
	read := map[string]fontFile{}
	// parsed: by content, so that one file under several names (symlinks,
	// copies) is parsed, held and embedded once
	parsed := map[[32]byte]fontFile{}
	for _, fam := range diags.AnyMap(deck.Fonts, "fonts").Entries() {
		family := &typeset.Family{Name: fam.Key}
		faces := map[string]*cards.Node{}
		if fam.Value.Kind == cards.ScalarNode {
			faces["regular"] = fam.Value
		} else {
			for _, e := range diags.Map(fam.Value, "fonts."+fam.Key, "regular", "bold", "italic", "bold-italic").Entries() {
				faces[e.Key] = e.Value
			}
		}
		if faces["regular"] == nil {
			diags.Errorf(fam.KeyPos, "fonts.%s needs a regular face", fam.Key)
			continue
		}
		for i, style := range []string{"regular", "bold", "italic", "bold-italic"} {
			n := faces[style]
			if n == nil {
				continue
			}
			ref, ok := diags.Text(n, "fonts."+fam.Key+"."+style)
			if !ok {
				continue
			}
			path := cards.Resolve(deck.Path, ref)
			r, seen := read[path]
			if !seen {
				// a file named by several families or styles is read and
				// parsed once, and embedded once
				var data []byte
				data, r.readErr = files.ReadFile(path)
				if r.readErr == nil {
					sum := sha256.Sum256(data)
					if p, ok := parsed[sum]; ok {
						r = p
					} else {
						r.font, r.err = typeset.ParseFont(fmt.Sprintf("user-%s-%s", strings.ToLower(strings.ReplaceAll(fam.Key, " ", "-")), style), data)
						parsed[sum] = r
					}
				}
				read[path] = r
			}
			switch {
			case r.readErr != nil:
				diags.Errorf(n.Pos, "fonts.%s: cannot read %s: %v", cards.Name(fam.Key), path, cards.Cause(r.readErr))
			case r.err != nil:
				diags.Errorf(n.Pos, "fonts.%s: %s: %v", cards.Name(fam.Key), path, r.err)
			default:
				family.Faces[i] = r.font
			}
		}
		if family.Faces[0] == nil {
			// stand in with the Go font, so that templates naming the
			// family do not repeat the error
			family.Faces = lib.Fonts.Fallback.Faces
		}
		lib.Fonts.Add(fam.Key, family)
	}
	return diags
}

// loadIcons registers the deck's own icons: `icons: {name: file.png}`, or
// an SVG file, drawn as vectors. An icon whose file fails is registered
// empty, so that the text and elements naming it do not add an "unknown
// icon" error to the file's own.
func loadIcons(lib *Library, deck *cards.Deck) cards.Diagnostics {
	var diags cards.Diagnostics
	for _, e := range diags.AnyMap(deck.Icons, "icons").Entries() {
		ref, ok := diags.Text(e.Value, "icons."+e.Key)
		if !ok {
			lib.Icons.Add(&typeset.Icon{Name: e.Key})
			continue
		}
		ic, warnings, err := loadIcon(lib, deck.Path, ref, e.Key)
		if err != nil {
			diags.Errorf(e.Value.Pos, "icons.%s: %v", e.Key, err)
			ic = &typeset.Icon{Name: e.Key}
		}
		for _, w := range warnings {
			diags.Warnf(e.Value.Pos, "icons.%s: %v", e.Key, w)
		}
		lib.Icons.Add(ic)
	}
	return diags
}

// loadIcon reads one icon file: SVG (with its warnings), or a PNG or JPEG
// picture.
func loadIcon(lib *Library, from, ref, name string) (*typeset.Icon, []*svg.Error, error) {
	path, err := lib.Images.Resolve(from, ref)
	if err != nil {
		return nil, nil, err
	}
	art, err := lib.Images.Art(path, true)
	if err != nil {
		return nil, nil, err
	}
	if art != nil {
		return &typeset.Icon{Name: name, Art: art.Art}, art.Warnings, nil
	}
	img, err := lib.Images.IconImage(path)
	if err != nil {
		return nil, nil, err
	}
	return &typeset.Icon{Name: name, Image: img}, nil, nil
}
