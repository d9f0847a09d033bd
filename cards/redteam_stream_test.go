package cards

import (
	"strings"
	"testing"
)

// Odd but valid YAML, and inputs at the limits, read in pieces give the
// tree and the diagnostics of the whole file (a red-team pass over the
// streamed card list; the cases that differ are in its report, not here).
func TestStreamedOddInputs(t *testing.T) {
	long := strings.Repeat("x", 2_500_000)
	for _, c := range []struct {
		name   string
		src    string
		stream bool // the streamed read keeps the stream
	}{
		{"root anchor used below the list", "&r\ndeck: d\ncards:\n  - a\nb: *r\n", false},
		{"%YAML 1.1 directive", "%YAML 1.1\n---\ndeck: d\ncards:\n  - a\n  - b\n", false}, // any directive: the whole file is read
		{"%YAML 1.2 directive", "%YAML 1.2\n---\ndeck: d\ncards:\n  - a\n  - b\n", false},
		{"byte order marks", "\ufeffdeck: d\ncards:\n  - a\n  - b\n\ufeffx: 1\n", false}, // the key after the list starts with a mark, not a letter: read whole
		{"no line end at the end", "deck: d\ncards:\n  - a\n  - b", true},
		{"a dash and a tab", "deck: d\ncards:\n  - a\n  -\tb\n  - c\n", false},
		{"a line of a tab after the list", "deck: d\ncards:\n  - a\n  - b\n\t\nx: 1\n", false},
		{"document end marker", "deck: d\ncards:\n- a\n- b\n...\n", false}, // the list must end at a key or the end of the file
		{"explicit key", "deck: d\n? cards\n:\n  - a\n  - b\n", false},
		{"block scalar indicators", "deck: d\ncards:\n  - |2\n      x\n  - >+\n    y\n\n  - |-\n    z\n", true},
		{"comments at column 0", "deck: d\ncards:\n- a\n# c\n- b\n  # d\n-\n#e\n", true},
		{"a long line", "deck: d\ncards:\n  - " + strings.Repeat("x", 1<<20) + "\n  - b\n", true},
		{"text limit passed in a later batch", "deck: d\ncards:\n  - &a " + long + "\n  - [*a]\n  - &b " + long + "\n  - *b\n", false},
		{"yaml.v3's depth guard", "deck: d\ncards:\n  - a\n  - " + strings.Repeat("[", 10001) + strings.Repeat("]", 10001) + "\n", false},
		{"cards twice, both long", "deck: d\ncards:\n  - a\n  - b\n  - c\ncards:\n  - d\n  - e\n  - f\n", true},
		{"cards in a nested mapping", "deck: d\nx:\n  cards:\n    - a\n    - b\n", false},
		{"cards: and trailing spaces", "deck: d\ncards:   \n  - a\n  - b\n", true},
		{"cards: a tab and a comment", "deck: d\ncards:\t# x\n  - a\n  - b\n", true},
		{"a control character in a late item", "deck: d\ncards:\n  - a\n  - b\x01\n", false},
		{"an alias without anchor in a late item", "deck: d\ncards:\n  - a\n  - b\n  - *zz\n", false},
	} {
		t.Run(c.name, func(t *testing.T) { assertSameRead(t, c.src, c.stream) })
	}
}
