package combat

import "testing"

// TestHitSum checks the closed form against the roll-by-roll sum of the
// rule: a hit on roll r ≤ n does level + max(0, n − 10 − r), Defenses take
// off their level (never below zero), and a foe cannot lose more oomph
// than it has.
func TestHitSum(t *testing.T) {
	for level := -2; level <= 12; level++ {
		for n := -5; n <= 40; n++ {
			for top := 1; top <= min(n, 20); top++ {
				for off := 0; off <= 6; off++ {
					for _, most := range []int{1, 2, 5, 9, 30, 200} {
						want := 0
						for r := 1; r <= top; r++ {
							d := max(0, level+max(0, n-10-r))
							want += min(max(0, d-off), most)
						}
						if got := hitSum(level, n, top, off, most); got != want {
							t.Fatalf("hitSum(level %d, n %d, top %d, off %d, most %d) = %d, want %d", level, n, top, off, most, got, want)
						}
					}
				}
			}
		}
	}
}
