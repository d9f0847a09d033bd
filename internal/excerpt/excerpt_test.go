package excerpt

import (
	"strings"
	"testing"

	_ "github.com/deckpress/deckpress/internal/golden" // -update runs here too
)

// Quote quotes at most 40 runes of a text, with escapes for what a
// terminal would act on.
func TestQuote(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Zoobot", `"Zoobot"`},
		{"", `""`},
		{strings.Repeat("é", 40), `"` + strings.Repeat("é", 40) + `"`},
		{strings.Repeat("é", 41), `"` + strings.Repeat("é", 40) + `"…`},
		{strings.Repeat("a", 39) + "\xff\xfe", `"` + strings.Repeat("a", 39) + `\xff"…`},
		{"red \x1b[31m alert\a", `"red \x1b[31m alert\a"`},
		{"line\nbreak", `"line\nbreak"`},
	} {
		if got := Quote(c.in); got != c.want {
			t.Errorf("Quote(%q) = %s, want %s", c.in, got, c.want)
		}
	}
}
