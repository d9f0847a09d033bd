package cards

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// maxSuggest is the longest word Suggest compares by edit distance.
const maxSuggest = 64

// MaxSuggestChoices is the longest list Suggest looks through. Each
// unknown name in a file is compared with every choice, so a file of many
// names (templates, icons) and as many misspellings would cost the product
// of the two; past this many choices, Suggest suggests nothing and a
// message names a few of them instead.
const MaxSuggestChoices = 500

// Suggest returns the choice nearest to word (by edit distance, ignoring
// case), or "" when none is close enough to be a likely typo.
//
// The work is bounded: a word or choice longer than maxSuggest runes is
// not compared by edit distance (a typo of a 300-letter name is not a
// likely one), nor a choice whose length alone puts it too far, nor a list
// of more than MaxSuggestChoices.
func Suggest(word string, choices []string) string {
	if len(choices) > MaxSuggestChoices {
		return ""
	}
	best, bestDist := "", 0
	w := strings.ToLower(word)
	n := utf8.RuneCountInString(w)
	limit := max(1, n/3)
	for _, c := range choices {
		cl := strings.ToLower(c)
		m := utf8.RuneCountInString(cl)
		if n > maxSuggest || m > maxSuggest || m-n > limit || n-m > limit {
			continue
		}
		d := editDistance(w, cl)
		if best == "" || d < bestDist {
			best, bestDist = c, d
		}
	}
	if best != "" && bestDist <= limit {
		return best
	}
	// a shortened or differently ended name ("pierce" for "piercing"):
	// the longest shared beginning, if it is most of the word
	wr := []rune(w)
	best, bestLen := "", 0
	for _, c := range choices {
		k := 0
		for _, r := range strings.ToLower(c) {
			if k == len(wr) || wr[k] != r {
				break
			}
			k++
		}
		if k > bestLen {
			best, bestLen = c, k
		}
	}
	if bestLen >= 4 && bestLen*10 >= len(wr)*6 {
		return best
	}
	return ""
}

// editDistance is the optimal string alignment distance between a and b,
// in runes: insertions, deletions, substitutions and swaps of two
// neighbours each cost 1. It keeps three rows of the table, on the stack
// for words of up to maxSuggest runes (Suggest compares no longer ones),
// so that comparing a word with a list allocates nothing.
func editDistance(a, b string) int {
	var bufA, bufB [maxSuggest]rune
	ra, rb := []rune(bufA[:0]), []rune(bufB[:0])
	for _, r := range a {
		ra = append(ra, r)
	}
	for _, r := range b {
		rb = append(rb, r)
	}
	var rows [3][maxSuggest + 1]int
	prev2, prev, cur := rows[0][:], rows[1][:], rows[2][:]
	if len(rb) >= len(rows[0]) {
		prev2, prev, cur = make([]int, len(rb)+1), make([]int, len(rb)+1), make([]int, len(rb)+1)
	}
	for j := range len(rb) + 1 {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(rb)]
}

// maxListed is how many choices a message lists.
const maxListed = 20

// ListChoices writes choices (sorted already) for a message: the first
// maxListed, each name cut to MaxExcerpt characters, and how many there
// are in all when there are more, so that a message stays short however
// long the list.
func ListChoices(choices []string) string {
	shown := make([]string, 0, min(len(choices), maxListed)+1)
	for _, n := range choices[:min(len(choices), maxListed)] {
		if utf8.RuneCountInString(n) > MaxExcerpt {
			n = Excerpt(n)
		}
		shown = append(shown, n)
	}
	if len(choices) > maxListed {
		shown = append(shown, fmt.Sprintf("… (%d in all)", len(choices)))
	}
	return strings.Join(shown, ", ")
}
