package build

import (
	"path/filepath"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/output"
	"github.com/deckpress/deckpress/rules/gladiators"
)

// HeroCards prepares the hero cards of a computed hero file (at path,
// relative to env.Dir, whose project folder its pictures are read from),
// as build prints them; for a live preview of unsaved edits.
func HeroCards(env Env, path string, set *HeroSet, print output.PrintOptions) (*output.DeckJob, cards.Diagnostics) {
	files := namedFiles(env, filepath.Clean(path))
	return output.PrepareDeck(gladiators.CardsDeck(set.File, set.Sheets, set.Ruleset),
		output.DeckOptions{Print: print, Files: files, Builtin: Builtin()})
}
