package cards

import (
	"regexp"
	"strconv"
	"testing"
)

// TestWholeUpTo: the expression of the whole numbers from 0 to n matches
// exactly those, for bounds with zeros, nines and ones in every place.
func TestWholeUpTo(t *testing.T) {
	for _, n := range []int{0, 1, 7, 9, 10, 19, 20, 99, 100, 105, 199, 250, 1000, 1009, 2000, 20304} {
		re := regexp.MustCompile("^" + wholeUpTo(n) + "$")
		for x := range 3*n + 30 {
			if got, want := re.MatchString(strconv.Itoa(x)), x <= n; got != want {
				t.Errorf("wholeUpTo(%d) = %s: matches %d is %v", n, wholeUpTo(n), x, got)
				break
			}
		}
	}
}
