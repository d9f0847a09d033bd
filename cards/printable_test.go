package cards

import (
	"strings"
	"testing"
)

// TestPrintable: every character a terminal acts on is written as a Go
// escape — the C0 controls but the line feed, DEL, the C1 controls
// (U+0080–U+009F), the bidirectional embeddings and overrides
// (U+202A–U+202E) and isolates (U+2066–U+2069) — and the characters just
// outside each of those ranges are kept as they are; an invalid byte
// becomes U+FFFD.
func TestPrintable(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain text, é and ✓", "plain text, é and ✓"},
		{"two\nlines", "two\nlines"},
		{"\x00\x01\x1b[2J\x1f \x7e", `\x00\x01\x1b[2J\x1f ~`},
		{"tab\there\r", `tab\there\r`},
		{"\x7f", `\x7f`},
		{"\u0080\u0085\u009b\u009f\u00a0", `\u0080\u0085\u009b\u009f` + "\u00a0"},
		{"\u2029\u202a\u202b\u202c\u202d\u202e\u202f", "\u2029" + `\u202a\u202b\u202c\u202d\u202e` + "\u202f"},
		{"\u2065\u2066\u2067\u2068\u2069\u206a", "\u2065" + `\u2066\u2067\u2068\u2069` + "\u206a"},
		{"evil\u202eexe.txt", `evil\u202eexe.txt`},
		{"a\xffb", "a\ufffdb"},
		{"only \xff", "only \ufffd"},
	}
	for _, tt := range tests {
		if got := Printable(tt.in); got != tt.want {
			t.Errorf("Printable(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestFindAliasNone: an alias that never stands alone as a token (only
// inside other text) is not found: -1.
func TestFindAliasNone(t *testing.T) {
	for _, src := range []string{"", "k: a*x", "k: *xy", "k: [a*x, *xz]"} {
		if got := findAlias([]byte(src), "x"); got != -1 {
			t.Errorf("findAlias(%q, x) = %d, want -1", src, got)
		}
	}
	if got := findAlias([]byte("*x\n"), "x"); got != 0 {
		t.Errorf("findAlias of an alias that starts the file = %d, want 0", got)
	}
	if got := findAlias([]byte("k: *x #c"), "x"); got != 3 {
		t.Errorf("findAlias of an alias before a space = %d, want 3", got)
	}
	if got := findAlias([]byte("k: a*x, *x"), "x"); got != 8 {
		t.Errorf("findAlias after a false match = %d, want 8", got)
	}
}

// TestNameLength: a printable name of up to MaxExcerpt runes is written as
// it is; one rune more, and it is quoted and cut.
func TestNameLength(t *testing.T) {
	at, over := strings.Repeat("é", MaxExcerpt), strings.Repeat("é", MaxExcerpt+1)
	if got := Name(at); got != at {
		t.Errorf("Name of %d runes = %s, want it as it is", MaxExcerpt, got)
	}
	if got, want := Name(over), `"`+at+`"…`; got != want {
		t.Errorf("Name of %d runes = %s, want %s", MaxExcerpt+1, got, want)
	}
}

// TestControlCharacterFirst: a control character is placed where it is,
// the file's very first byte included, and the C1 controls U+0080–U+009F
// at both ends.
func TestControlCharacterFirst(t *testing.T) {
	for src, want := range map[string]string{
		"\x01k: v\n":  "f.yaml:1:1: error: YAML syntax: control character U+0001 is not allowed",
		"k: v\x01\n":  "f.yaml:1:5: error: YAML syntax: control character U+0001 is not allowed",
		"k: \u0080\n": "f.yaml:1:4: error: YAML syntax: control character U+0080 is not allowed",
		"k: \u009f\n": "f.yaml:1:4: error: YAML syntax: control character U+009F is not allowed",
	} {
		_, ds := Parse("f.yaml", []byte(src))
		if len(ds) != 1 || ds[0].String() != want {
			t.Errorf("%q: %v, want %s", src, ds, want)
		}
	}
}
