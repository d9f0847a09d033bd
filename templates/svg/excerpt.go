package svg

import (
	"strconv"
	"unicode/utf8"
)

// maxExcerpt is the most runes of a value of the file a message quotes
// (the same as cards.MaxExcerpt, which this package does not import).
const maxExcerpt = 40

// q quotes a value of the file for a message: at most maxExcerpt runes
// of it (the cut marked with …), with Go's escapes, so that a megabyte
// path or name does not become a megabyte message.
func q(s string) string {
	if utf8.RuneCountInString(s) <= maxExcerpt {
		return strconv.Quote(s)
	}
	n, i := 0, 0
	for i = range s {
		if n == maxExcerpt {
			break
		}
		n++
	}
	return strconv.Quote(s[:i]) + "…"
}

// tag names an element for a message, <name>, its name cut as q cuts.
func tag(n *node) string {
	s := n.name.Local
	if utf8.RuneCountInString(s) > maxExcerpt || strconv.Quote(s) != `"`+s+`"` {
		s = q(s)
	}
	return "<" + s + ">"
}
