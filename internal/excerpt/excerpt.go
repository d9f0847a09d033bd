// Package excerpt quotes a user's text for a message, cut to a length a
// line can hold. It sits below every package that writes messages (the
// deck model and the workbook adapter it imports among them), so that
// all of them quote alike.
package excerpt

import (
	"strconv"
	"unicode/utf8"
)

// Max is the most runes of a user's text a message quotes.
const Max = 40

// Quote quotes user text for a message: at most Max runes of it (the cut
// marked with …), with Go's escapes for control characters and invalid
// bytes, so that neither a long value floods a terminal nor an escape
// sequence in it acts there.
func Quote(s string) string {
	if utf8.RuneCountInString(s) <= Max {
		return strconv.Quote(s)
	}
	n, i := 0, 0
	for i = range s {
		if n == Max {
			break
		}
		n++
	}
	return strconv.Quote(s[:i]) + "…"
}
