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
	return heroCardsJob(set, namedFiles(env, filepath.Clean(path)), print)
}

// HeroSheets prepares the character sheets of a computed hero file, a
// page each, as build prints them; for a live preview like HeroCards.
func HeroSheets(env Env, path string, set *HeroSet, print output.PrintOptions) (*output.DeckJob, cards.Diagnostics) {
	return heroSheetsJob(set, namedFiles(env, filepath.Clean(path)), print)
}

func heroCardsJob(set *HeroSet, files cards.Files, print output.PrintOptions) (*output.DeckJob, cards.Diagnostics) {
	return output.PrepareDeck(gladiators.CardsDeck(set.File, set.Sheets, set.Ruleset),
		output.DeckOptions{Print: print, Files: files, Builtin: Builtin()})
}

func heroSheetsJob(set *HeroSet, files cards.Files, print output.PrintOptions) (*output.DeckJob, cards.Diagnostics) {
	return output.PrepareDeck(gladiators.SheetsDeck(set.File, set.Sheets, set.Ruleset),
		output.DeckOptions{Print: print, Files: files, Builtin: Builtin(), FillPage: true})
}
