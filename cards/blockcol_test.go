package cards

import "testing"

// A literal block scalar (key: |) records the column its lines start at
// in the file: the indentation of the first line below the indicator that
// holds text, plus one. Any other value (plain, quoted, folded) records 0.
func TestBlockCol(t *testing.T) {
	for _, c := range []struct {
		name, src string
		want      int
	}{
		{"literal", "a: |\n  x\n  y\n", 3},
		{"literal, kept to its end", "a: |-\n    two\n    lines\n", 5},
		{"an empty line first", "a: |\n\n   x\n", 4},
		{"the last line of the file, without a newline", "a: |\n  x", 3},
		{"in a list", "k:\n  - |\n      text\n", 7},
		{"below other lines", "z: 1\ny: 2\na: |\n \n x\n", 2},
		{"folded", "a: >\n  x\n", 0},
		{"plain", "a: x\n", 0},
		{"quoted over two lines", "a: 'x\n  y'\n", 0},
		{"empty literal", "a: |\nb: 1\n", 0},
		{"lines ending in CR LF", "a: |\r\n  x\r\n  y\r\n", 3},
		// lines ending in CR alone: YAML's lines, not the file's (split at LF)
		{"lines ending in CR", "a: |\r  x\r  y\rb: 1\r", 0},
	} {
		root, got := parseDiags(t, c.src)
		assertDiags(t, got, nil)
		if root == nil {
			t.Fatalf("%s: no tree", c.name)
		}
		if n := root.Key("a"); n != nil {
			if n.BlockCol != c.want {
				t.Errorf("%s: %q: BlockCol %d, want %d", c.name, c.src, n.BlockCol, c.want)
			}
		} else if n := root.Key("k").Content[0]; n.BlockCol != c.want {
			t.Errorf("%s: %q: BlockCol %d, want %d", c.name, c.src, n.BlockCol, c.want)
		}
	}
	// the file's second literal: its own column
	root, _ := parseDiags(t, "a: |\n  x\nb: |\n      y\n")
	if a, b := root.Key("a").BlockCol, root.Key("b").BlockCol; a != 3 || b != 7 {
		t.Errorf("two literals: BlockCol %d and %d, want 3 and 7", a, b)
	}
}
