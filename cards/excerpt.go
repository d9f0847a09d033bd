package cards

import (
	"strconv"
	"unicode/utf8"

	"github.com/deckpress/deckpress/internal/excerpt"
)

// MaxExcerpt is the most runes of a user's text a message quotes.
const MaxExcerpt = excerpt.Max

// Excerpt quotes user text for a message: at most MaxExcerpt runes of it
// (the cut marked with …), with Go's escapes for control characters and
// invalid bytes, so that neither a long value floods a terminal nor an
// escape sequence in it acts there.
func Excerpt(s string) string { return excerpt.Quote(s) }

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

// Printable returns s with every character a terminal would act on
// written as a Go escape (\x1b, \u202e): C0 and C1 controls but the line
// feed, DEL, and the bidirectional overrides that reorder what follows.
// Every line deckpress prints goes through it, so that a file name or a
// text in a card file cannot move the cursor, retitle the window or hide
// what follows.
func Printable(s string) string {
	clean := true
	for _, r := range s {
		if acts(r) {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b []byte
	for _, r := range s {
		if acts(r) {
			q := strconv.QuoteRune(r)
			b = append(b, q[1:len(q)-1]...)
			continue
		}
		b = utf8.AppendRune(b, r)
	}
	return string(b)
}

// acts reports a character that acts on a terminal instead of showing.
func acts(r rune) bool {
	return r < 0x20 && r != '\n' || r >= 0x7f && r <= 0x9f || r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069 || r == utf8.RuneError
}
