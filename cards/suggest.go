package cards

import "strings"

// Suggest returns the choice nearest to word (by edit distance, ignoring
// case), or "" when none is close enough to be a likely typo.
func Suggest(word string, choices []string) string {
	best, bestDist := "", 0
	w := strings.ToLower(word)
	for _, c := range choices {
		d := editDistance(w, strings.ToLower(c))
		if best == "" || d < bestDist {
			best, bestDist = c, d
		}
	}
	limit := max(1, len([]rune(word))/3)
	if best != "" && bestDist <= limit {
		return best
	}
	// a shortened or differently ended name ("pierce" for "piercing"):
	// the longest shared beginning, if it is most of the word
	wr := []rune(w)
	best, bestLen := "", 0
	for _, c := range choices {
		cr := []rune(strings.ToLower(c))
		n := 0
		for n < len(wr) && n < len(cr) && wr[n] == cr[n] {
			n++
		}
		if n > bestLen {
			best, bestLen = c, n
		}
	}
	if bestLen >= 4 && bestLen*10 >= len(wr)*6 {
		return best
	}
	return ""
}

// editDistance is the optimal string alignment distance between a and b,
// in runes: insertions, deletions, substitutions and swaps of two
// neighbours each cost 1.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	d := make([][]int, len(ra)+1)
	for i := range d {
		d[i] = make([]int, len(rb)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(ra); i++ {
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(ra)][len(rb)]
}
