// Package data holds what deckpress embeds in its binary: the built-in
// kits (ordinary deck, hero, rules and arena files under kits/<kit>/), the
// built-in template files (templates/), and the tables of the rules
// engines (rules/), house tables included.
//
// Everything is read through [FS]; paths use forward slashes.
package data

import (
	"embed"
	"io/fs"
	"sort"
)

//go:embed kits templates rules
var files embed.FS

// FS is the embedded file tree.
var FS fs.FS = files

// Kits lists the built-in kits (the folders under kits/), sorted.
func Kits() []string {
	entries, _ := fs.ReadDir(files, "kits")
	var out []string
	for _, e := range entries {
		if e.IsDir() {
			out = append(out, e.Name())
		}
	}
	sort.Strings(out)
	return out
}

// TemplateFiles lists the built-in template files, sorted.
func TemplateFiles() []string {
	matches, _ := fs.Glob(files, "templates/*.yaml")
	sort.Strings(matches)
	return matches
}
