package svg

import (
	"strconv"
	"unicode/utf8"

	"github.com/deckpress/deckpress/cards"
)

// tag names an element for a message, <name>, its name cut as
// cards.Excerpt cuts a value of the file.
func tag(n *node) string {
	s := n.name.Local
	if utf8.RuneCountInString(s) > cards.MaxExcerpt || strconv.Quote(s) != `"`+s+`"` {
		s = cards.Excerpt(s)
	}
	return "<" + s + ">"
}
