package cards

import (
	"strconv"
	"unicode/utf8"
)

// MaxExcerpt is the most runes of a user's text a message quotes.
const MaxExcerpt = 40

// Excerpt quotes user text for a message: at most MaxExcerpt runes of it
// (the cut marked with …), with Go's escapes for control characters and
// invalid bytes, so that neither a long value floods a terminal nor an
// escape sequence in it acts there.
func Excerpt(s string) string {
	if utf8.RuneCountInString(s) <= MaxExcerpt {
		return strconv.Quote(s)
	}
	n, i := 0, 0
	for i = range s {
		if n == MaxExcerpt {
			break
		}
		n++
	}
	return strconv.Quote(s[:i]) + "…"
}

// Name writes a user's name (a key, a family) into a message as it is when
// it is short and printable, else as Excerpt quotes it.
func Name(s string) string {
	if utf8.RuneCountInString(s) > MaxExcerpt {
		return Excerpt(s)
	}
	for _, r := range s {
		if !strconv.IsPrint(r) {
			return Excerpt(s)
		}
	}
	return s
}
