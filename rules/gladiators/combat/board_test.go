package combat

import (
	"testing"

	"github.com/deckpress/deckpress/layout"
)

// TestSightOnLargeBoards: a board of more than losCells hexes traces each
// line of sight when asked instead of caching a row of the map per hex,
// and answers as a small board with the same walls does: for pairs of
// hexes of a 30 × 30 corner with opaque walls, a 30 × 30 board (cached)
// and a 60 × 60 one (traced) agree, and a wall between two hexes hides
// them from each other on both.
func TestSightOnLargeBoards(t *testing.T) {
	var walls []layout.Hex
	for r := 3; r < 27; r++ {
		walls = append(walls, hx(10, r), hx(20, 29-r))
	}
	walls = append(walls, hx(5, 5), hx(25, 14))
	board := func(n int) *Board {
		return mvBoard(t, &Arena{Name: "walls", Cols: n, Rows: n, FeetPerHex: 5, Opaque: walls})
	}
	small, large := board(30), board(60)
	if small.los == nil || large.los != nil {
		t.Fatalf("%d hexes cached: %v, %d hexes cached: %v; want only the first", small.n, small.los != nil, large.n, large.los != nil)
	}
	cell := func(b *Board, h layout.Hex) int32 {
		c, ok := b.cell(h)
		if !ok {
			t.Fatalf("%v is off the map", h)
		}
		return c
	}
	hidden := 0
	for i := 0; i < 900; i += 7 {
		for j := 0; j < 900; j += 5 {
			a, b := hx(i%30, i/30), hx(j%30, j/30)
			s := small.sees(cell(small, a), cell(small, b))
			if l := large.sees(cell(large, a), cell(large, b)); s != l {
				t.Fatalf("%v to %v: %v on 30 × 30, %v on 60 × 60", a, b, s, l)
			}
			if !s {
				hidden++
			}
		}
	}
	if hidden == 0 {
		t.Error("the walls hid nothing")
	}
	for _, b := range []*Board{small, large} {
		if b.sees(cell(b, hx(8, 15)), cell(b, hx(12, 15))) || !b.sees(cell(b, hx(8, 1)), cell(b, hx(12, 1))) {
			t.Errorf("%d hexes: a wall between does not hide, or open ground does", b.n)
		}
	}
}
