package cards

import "testing"

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
	if got := findAlias([]byte("k: a*x, *x"), "x"); got != 8 {
		t.Errorf("findAlias after a false match = %d, want 8", got)
	}
}
