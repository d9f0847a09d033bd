package templates

import (
	"fmt"
	"strings"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/layout"
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
	var found cards.Diagnostics
	diags := &found
	lib := NewLibrary(card, bleed)
	lib.Images.Files = files
	for _, src := range builtin {
		defineFile(lib, src.Path, src.Data, diags)
	}
	for _, u := range deck.Use {
		ref, ok := diags.Text(u, "use")
		if !ok {
			continue
		}
		path := cards.Resolve(deck.Path, ref)
		data, err := files.ReadFile(path)
		if err != nil {
			diags.Errorf(u.Pos, "use: cannot read %s: %v", path, cards.Cause(err))
			continue
		}
		defineFile(lib, path, data, diags)
	}
	for _, t := range deck.Templates {
		lib.Define(t.Name, t.Pos, t.Node)
	}
	loadFonts(lib, deck, files, diags)
	loadIcons(lib, deck, diags)
	return lib, found.Extend(lib.Compile())
}

var templateFileKeys = []string{"templates"}

// defineFile adds the templates of a template file to the library.
func defineFile(lib *Library, path string, data []byte, diags *cards.Diagnostics) {
	root, ds := cards.Parse(path, data)
	*diags = append(*diags, ds...)
	if root == nil {
		return
	}
	m := diags.Map(root, "template file", templateFileKeys...)
	diags.Require(m, "a template file", "templates")
	for _, e := range diags.AnyMap(m.Get("templates"), "templates").Entries() {
		lib.Define(e.Key, e.KeyPos, e.Value)
	}
}

// loadFonts registers the deck's own font families: `fonts: {Family:
// file.ttf}` or `fonts: {Family: {regular: a.ttf, bold: b.ttf, …}}`.
func loadFonts(lib *Library, deck *cards.Deck, files cards.Files, diags *cards.Diagnostics) {
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
			data, err := files.ReadFile(path)
			if err != nil {
				diags.Errorf(n.Pos, "fonts.%s: cannot read %s: %v", fam.Key, path, cards.Cause(err))
				continue
			}
			f, err := typeset.ParseFont(fmt.Sprintf("user-%s-%s", strings.ToLower(strings.ReplaceAll(fam.Key, " ", "-")), style), data)
			if err != nil {
				diags.Errorf(n.Pos, "fonts.%s: %s: %v", fam.Key, path, err)
				continue
			}
			family.Faces[i] = f
		}
		if family.Faces[0] == nil {
			// stand in with the Go font, so that templates naming the
			// family do not repeat the error
			family.Faces = lib.Fonts.Fallback.Faces
		}
		lib.Fonts.Add(fam.Key, family)
	}
}

// loadIcons registers the deck's own picture icons: `icons: {name: file.png}`.
func loadIcons(lib *Library, deck *cards.Deck, diags *cards.Diagnostics) {
	for _, e := range diags.AnyMap(deck.Icons, "icons").Entries() {
		ref, ok := diags.Text(e.Value, "icons."+e.Key)
		if !ok {
			continue
		}
		path, err := lib.Images.Resolve(deck.Path, ref)
		if err != nil {
			diags.Errorf(e.Value.Pos, "icons.%s: %v", e.Key, err)
			continue
		}
		img, err := lib.Images.IconImage(path)
		if err != nil {
			diags.Errorf(e.Value.Pos, "icons.%s: %v", e.Key, err)
			continue
		}
		lib.Icons.Add(&typeset.Icon{Name: e.Key, Image: img})
	}
}
