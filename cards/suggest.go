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
	if best == "" || bestDist > limit {
		return ""
	}
	return best
}

// editDistance is the Levenshtein distance between a and b, in runes.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
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
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
