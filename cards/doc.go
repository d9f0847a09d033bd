// Package cards holds the deck model and the one way deckpress reads YAML.
//
// Every input format of deckpress (decks, templates, heroes, rules texts, arena
// maps, project files) is YAML read through [Parse], which turns a document
// into a tree of [Node] values that remember their file, line and column.
// Loaders then walk that tree with the strict helpers of [Diagnostics]
// ([Diagnostics.Map], [Diagnostics.String], [Diagnostics.Int] …), which
// reject unknown keys and wrong types with a position and keep going, so that
// a loader reports every problem of a file at once instead of the first.
//
// A [Deck] is a list of [Card] values with free fields, a card size, print
// settings and named templates; sizes, lengths and templates stay as
// positioned nodes here and are interpreted by the packages that own their
// meaning (layout and templates), so that their diagnostics point at the
// right place too. A deck of thousands of cards keeps them packed as bytes
// and gives a fresh Card for each [Deck.Card], so that its memory is about
// 90 bytes a plain card, not the 1 KB a Card with its field nodes takes.
package cards
