package cards

import (
	"strings"
	"testing"
)

// TestDelimiterFirstRows: the delimiter is chosen from the first 50 rows
// of a CSV file, the header among them. A file whose first 50 rows split
// into two columns by comma and by semicolon alike is ambiguous (read with
// comma, with a warning) even when row 51 splits only by semicolon; a row
// 50 that does so decides it, with no warning.
func TestDelimiterFirstRows(t *testing.T) {
	tests := []struct {
		name string
		csv  string
		want []string
	}{
		{"row 51 differs", "name,x;y\n" + strings.Repeat("a,b;c\n", 49) + "d,e,f;g\n", []string{
			`decks/c.csv:1:1: warning: cells could be delimited by "," (2 columns) or by ";" into 2; read with ",": set the source's delimiter: to choose`,
			"decks/c.csv:51:1: error: CSV row has 3 cells; the header has 2",
		}},
		{"row 50 differs", "name,x;y\n" + strings.Repeat("a,b;c\n", 48) + "d,e,f;g\n", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, got := loadCSVDeck(t, "", tt.csv)
			assertDiags(t, got, tt.want)
		})
	}
}

// TestDelimiterNoCandidate: when no delimiter splits every row as the
// header, the one that splits the header most is taken, the first in the
// order comma, semicolon, tab when they split it alike; the rows' widths
// are then checked with it.
func TestDelimiterNoCandidate(t *testing.T) {
	_, got := loadCSVDeck(t, "", "name,x;y\na,b,c;d\ne;f;g\n")
	assertDiags(t, got, []string{
		"decks/c.csv:2:1: error: CSV row has 3 cells; the header has 2",
		"decks/c.csv:3:1: error: CSV row has 1 cell; the header has 2",
	})
}
