package simulate_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deckpress/deckpress/output/build"
	"github.com/deckpress/deckpress/output/build/simulate"
	"github.com/deckpress/deckpress/rules/gladiators/combat"
)

// bigArena writes the kit's arena (n = 22: as it is; larger: grown to
// n × n hexes, its blue zone moved into the far corner), and returns its
// board and the kit's teams.
func bigArena(b *testing.B, n int) (*combat.Board, [2]simulate.Side) {
	b.Helper()
	src, err := os.ReadFile(filepath.Join(kit.Dir, "arena.yaml"))
	if err != nil {
		b.Fatal(err)
	}
	text := string(src)
	if n > 22 {
		text = strings.Replace(text, "hexes: {cols: 30, rows: 22}", fmt.Sprintf("hexes: {cols: %d, rows: %d}", n, n), 1)
		far := n - 4
		text = strings.Replace(text, "blue: [[26, 19], [27, 19], [26, 18], [27, 18], [25, 19]]",
			fmt.Sprintf("blue: [[%d, %d], [%d, %d], [%d, %d], [%d, %d], [%d, %d]]", far, far+1, far+1, far+1, far, far, far+1, far, far-1, far+1), 1)
	}
	dir := b.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "arena.yaml"), []byte(text), 0o644); err != nil {
		b.Fatal(err)
	}
	return arenaBoard(b, build.Env{Dir: dir}, "arena.yaml"), kitSides(b, "iron-circus.yaml", "voltage-crew.yaml")
}

// BenchmarkBigArena plays the kit's teams, greedy, on the kit's arena,
// and on it grown to n × n hexes with the sides in opposite corners: the
// cost of a game as the map grows.
func BenchmarkBigArena(b *testing.B) {
	for _, n := range []int{22, 60, 100, 200} {
		b.Run(fmt.Sprintf("%d", n), func(b *testing.B) {
			board, sides := bigArena(b, n)
			run := greedyRun(1, 0)
			b.ResetTimer()
			for i := range b.N {
				run.Seed = uint64(i)
				if _, err := simulate.Duel(board, sides, run); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
