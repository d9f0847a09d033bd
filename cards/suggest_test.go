package cards

import (
	"fmt"
	"strings"
	"testing"

	"github.com/deckpress/deckpress/internal/testtool"
)

// The optimal string alignment distance: insertions, deletions,
// substitutions and swaps of two neighbours cost 1 each, and no part of
// the word is edited twice (so "ca" to "abc" is 3, not 2).
func TestEditDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"", "", 0},
		{"abc", "", 3},
		{"", "abc", 3},
		{"a", "b", 1},
		{"kitten", "sitting", 3},
		{"ab", "ba", 1},
		{"size", "siez", 1},
		{"abcd", "badc", 2},
		{"ca", "abc", 3},
		{"ab", "xa", 2},
		{"ab", "bx", 2},
		{"flaw", "lawn", 2},
		{"héllo", "hello", 1}, // characters, not bytes
		{"duplex", "duplex", 0},
	} {
		if got := editDistance(c.a, c.b); got != c.want {
			t.Errorf("editDistance(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
		if got := editDistance(c.b, c.a); got != c.want {
			t.Errorf("editDistance(%q, %q) = %d, want %d", c.b, c.a, got, c.want)
		}
	}
}

// Suggest offers the choice nearest to a word, ignoring case, when it is
// at most a third of the word's length away (at least 1); failing that,
// the choice sharing the longest beginning with the word, when that
// beginning is 4 characters or more and at least 60% of the word. Of
// equally good choices, the first listed wins. Words and choices longer
// than 64 characters are not compared by distance.
func TestSuggest(t *testing.T) {
	keys := append(deckKeys, printKeys...)
	for _, c := range []struct {
		word    string
		choices []string
		want    string
	}{
		{"sise", keys, "size"},
		{"Duplx", keys, "duplex"},
		{"bak", keys, "back"},
		{"zzzzzz", keys, ""},
		{"siez", []string{"size"}, "size"}, // a swap
		{"PAPER", []string{"paper"}, "paper"},
		{"paper", []string{"Paper"}, "Paper"},
		{"anything", nil, ""},
		// ties: the first listed
		{"cat", []string{"bat", "cot"}, "bat"},
		{"cat", []string{"cot", "bat"}, "cot"},
		// distance limits: 1 for short words, a third of the length
		{"ab", []string{"ax"}, "ax"},
		{"ab", []string{"xy"}, ""},
		{"abc", []string{"xyz"}, ""},
		{"xyzdefghi", []string{"abcdefghi"}, "abcdefghi"}, // 3 of 9
		{"wxyzefghi", []string{"abcdefghi"}, ""},          // 4 of 9
		// a choice shorter or longer by as much as the distance limit
		{"xsize", []string{"size"}, "size"},
		{"ize", []string{"size"}, "size"},
		// words and choices of up to 64 characters are compared by distance
		{"x" + strings.Repeat("a", 63), []string{"y" + strings.Repeat("a", 63)}, "y" + strings.Repeat("a", 63)},
		{"x" + strings.Repeat("a", 64), []string{"y" + strings.Repeat("a", 64)}, ""},
		{"x" + strings.Repeat("a", 63), []string{"y" + strings.Repeat("a", 64)}, ""},
		// shared beginnings
		{"pierc", []string{"piercing"}, "piercing"},               // the whole word begins the choice
		{"PIERC", []string{"Piercing"}, "Piercing"},               // ignoring case
		{"pierc", []string{"piercing", "piercer"}, "piercing"},    // equally long: the first
		{"abcdefxyzw", []string{"abcdef"}, "abcdef"},              // 6 of 10: the choice begins the word
		{"abcdeXYZWV", []string{"abcde"}, ""},                     // 5 of 10
		{"abcdxy", []string{"abcdefgh"}, "abcdefgh"},              // 4 of 6
		{"abcxy", []string{"abcdefgh"}, ""},                       // 3 is too few
		{"abcdxy", []string{"zbcdxyqq", "abcdefgh"}, "abcdefgh"},  // not the nearest by distance
		{"abcdefxyzw", []string{"abcde", "abcdefgh"}, "abcdefgh"}, // the longest beginning
	} {
		if got := Suggest(c.word, c.choices); got != c.want {
			t.Errorf("Suggest(%q, %q) = %q, want %q", c.word, c.choices, got, c.want)
		}
	}
}

// TestSuggestLinear: suggesting for a long unknown name among long names
// takes time linear in their length (an edit distance of two 100,000-rune
// names is 10^10 steps), and suggests nothing for them.
func TestSuggestLinear(t *testing.T) {
	testtool.Linear(t, 1000, func(n int) {
		word := strings.Repeat("ab", n)
		choices := []string{strings.Repeat("ba", n), strings.Repeat("ab", n) + "c", "poker"}
		if got := Suggest(word, choices); got != "" && got != choices[1] {
			t.Fatalf("Suggest suggested %.20q…", got)
		}
	})
}

// TestSuggestLongList: up to MaxSuggestChoices a list is looked through;
// past it nothing is suggested, so that a file of many names and many
// misspellings costs their sum, not their product.
func TestSuggestLongList(t *testing.T) {
	list := func(n int) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = fmt.Sprintf("tmpl%05d", i)
		}
		return out
	}
	if got := Suggest("tmpl00007x", list(MaxSuggestChoices)); got != "tmpl00007" {
		t.Errorf("a list of %d: %q, want tmpl00007", MaxSuggestChoices, got)
	}
	if got := Suggest("tmpl00007x", list(MaxSuggestChoices+1)); got != "" {
		t.Errorf("a list of %d: %q, want nothing", MaxSuggestChoices+1, got)
	}
}

// TestListChoices: a message lists at most 20 choices, each cut to
// MaxExcerpt characters, and says how many there are past that.
func TestListChoices(t *testing.T) {
	long := strings.Repeat("x", MaxExcerpt+5)
	for _, c := range []struct {
		choices []string
		want    string
	}{
		{nil, ""},
		{[]string{"a", "b"}, "a, b"},
		{[]string{long}, Excerpt(long)},
		{strings.Split("a b c d e f g h i j k l m n o p q r s t u v", " "), "a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, q, r, s, t, … (22 in all)"},
	} {
		if got := ListChoices(c.choices); got != c.want {
			t.Errorf("ListChoices(%q) = %q, want %q", c.choices, got, c.want)
		}
	}
}
