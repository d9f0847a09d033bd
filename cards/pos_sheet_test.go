package cards

import (
	"strings"
	"testing"
)

// TestPosSheet: a position in a workbook is written as a spreadsheet names
// a cell, file:Sheet!B7 (a column below 1 taken as A, a sheet name that is
// not one word quoted); with no row it is file:Sheet alone.
func TestPosSheet(t *testing.T) {
	for _, c := range []struct {
		pos  Pos
		want string
	}{
		{Pos{File: "c.xlsx", Sheet: "Cards", Line: 7, Col: 2}, "c.xlsx:Cards!B7"},
		{Pos{File: "c.xlsx", Sheet: "Cards", Line: 1, Col: 1}, "c.xlsx:Cards!A1"},
		{Pos{File: "c.xlsx", Sheet: "Cards", Line: 3, Col: 0}, "c.xlsx:Cards!A3"},
		{Pos{File: "c.xlsx", Sheet: "Cards", Line: 3, Col: 27}, "c.xlsx:Cards!AA3"},
		{Pos{File: "c.xlsx", Sheet: "My sheet", Line: 2, Col: 3}, "c.xlsx:'My sheet'!C2"},
		{Pos{File: "c.xlsx", Sheet: "Cards", Line: 0, Col: 4}, "c.xlsx:Cards"},
		{Pos{File: "c.xlsx", Sheet: "Cards"}, "c.xlsx:Cards"},
		{Pos{File: "c.xlsx", Sheet: "Bob's", Line: -1}, "c.xlsx:'Bob''s'"},
	} {
		if got := c.pos.String(); got != c.want {
			t.Errorf("%#v: got %q, want %q", c.pos, got, c.want)
		}
	}
}

// TestSniffNUL: a NUL byte anywhere in a file's first 512 bytes, the very
// first byte included, makes it a binary file; one past them does not.
func TestSniffNUL(t *testing.T) {
	const binary = "a binary file of an unknown kind"
	for _, c := range []struct {
		name, src, want string
	}{
		{"first byte", "\x00name\nA\n", binary},
		{"byte 512", strings.Repeat("a", 511) + "\x00", binary},
		{"byte 513", strings.Repeat("a", 512) + "\x00", ""},
		{"none", "name\nA\n", ""},
	} {
		if got := sniff([]byte(c.src)); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}

// TestColumnName: spreadsheet columns are numbered A–Z, then AA–AZ, BA …
// ZZ, then AAA: bijective base 26.
func TestColumnName(t *testing.T) {
	for n, want := range map[int]string{1: "A", 2: "B", 25: "Y", 26: "Z", 27: "AA", 51: "AY", 52: "AZ", 53: "BA", 676: "YZ", 677: "ZA", 702: "ZZ", 703: "AAA", 16384: "XFD"} {
		if got := columnName(n); got != want {
			t.Errorf("columnName(%d) = %q, want %q", n, got, want)
		}
	}
}
