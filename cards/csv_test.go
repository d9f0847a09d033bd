package cards

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"
)

// loadCSVDeck loads a deck of yamlCards (a `cards:` list, may be empty)
// and the CSV file decks/c.csv.
func loadCSVDeck(t *testing.T, yamlCards, csv string) (*Deck, []string) {
	t.Helper()
	src := "deck: x\ndata: c.csv\n"
	if yamlCards != "" {
		src += "cards:\n" + yamlCards
	}
	d, diags := LoadDeck("decks/d.yaml", []byte(src), fstest.MapFS{"decks/c.csv": {Data: []byte(csv)}})
	return d, diagStrings(diags)
}

// A `count` column gives each row's copies: a whole number from 0 (the
// row is left out) to 100,000; an empty cell, or no such column, means 1.
// Anything else is an error at the cell, and the row keeps 1 copy.
func TestCSVCount(t *testing.T) {
	for _, c := range []struct {
		cell  string
		count int
		want  string // the diagnostic, at c.csv:2:3
	}{
		{"0", 0, ""},
		{"1", 1, ""},
		{"3", 3, ""},
		{" 3 ", 3, ""},
		{"100000", 100000, ""},
		{"", 1, ""},
		{"100001", 1, `count: expected a whole number from 0 to 100000, found "100001"`},
		{"-1", 1, `count: expected a whole number from 0 to 100000, found "-1"`},
		{"two", 1, `count: expected a whole number from 0 to 100000, found "two"`},
		{"1.5", 1, `count: expected a whole number from 0 to 100000, found "1.5"`},
		{"2x", 1, `count: expected a whole number from 0 to 100000, found "2x"`},
	} {
		t.Run(fmt.Sprintf("%q", c.cell), func(t *testing.T) {
			d, got := loadCSVDeck(t, "", "name,count\nA,"+c.cell+"\n")
			var want []string
			if c.want != "" {
				want = []string{"decks/c.csv:2:3: error: " + c.want}
			}
			assertDiags(t, got, want)
			if d.Len() != 1 || d.Card(0).Count != c.count {
				t.Fatalf("cards %+v, want one with count %d", deckCards(d), c.count)
			}
			if _, isField := d.Card(0).Fields["count"]; isField {
				t.Errorf("count is also a field")
			}
		})
	}

	d, got := loadCSVDeck(t, "", "name\nA\nB\n")
	assertDiags(t, got, nil)
	if d.Len() != 2 || d.Card(0).Count != 1 || d.Card(1).Count != 1 {
		t.Errorf("without a count column each row is one card: %+v", deckCards(d))
	}

	// every bad cell is reported, each at its own place
	_, got = loadCSVDeck(t, "", "name,fill,count\nA,red,-2\nB,,many\nC,blue,2\n")
	assertDiags(t, got, []string{
		`decks/c.csv:2:7: error: count: expected a whole number from 0 to 100000, found "-2"`,
		`decks/c.csv:3:4: error: count: expected a whole number from 0 to 100000, found "many"`,
	})
}

// CSV rows are cards after those of `cards:`, numbered on; each row's
// position is its line, each field's its cell; `kind`, `front` and `back`
// columns set the card's kind and templates; empty cells set nothing;
// header names are trimmed, and a byte order mark is not part of the
// first.
func TestCSVRows(t *testing.T) {
	csv := "\xef\xbb\xbf name , kind,front,back,fill\n" +
		"Ape,hero,big,plain,#ff0000\n" +
		"\"Multi\nline\",,,,\n" +
		"Cat,,,,#00ff00\n"
	d, got := loadCSVDeck(t, "  - {name: First}\n  - {name: Second}\n", csv)
	assertDiags(t, got, nil)
	if d.Len() != 5 {
		t.Fatalf("%d cards, want 5", d.Len())
	}
	type row struct {
		number                     int
		pos, label                 string
		kind, front, back, fill    string
		frontPos, backPos, namePos string
	}
	want := []row{
		{3, "decks/c.csv:2:1", `card 3 "Ape"`, "hero", "big", "plain", "#ff0000", "decks/c.csv:2:10", "decks/c.csv:2:14", "decks/c.csv:2:1"},
		{4, "decks/c.csv:3:1", `card 4 "Multi\nline"`, "", "", "", "", "", "", "decks/c.csv:3:1"},
		{5, "decks/c.csv:5:1", `card 5 "Cat"`, "", "", "", "#00ff00", "", "", "decks/c.csv:5:1"},
	}
	for i, w := range want {
		c := d.Card(2 + i)
		g := row{c.Number, c.Pos.String(), c.Label(), c.Kind, c.Front.Template, c.Back.Template, "", "", "", ""}
		if f := c.Fields["fill"]; f != nil {
			g.fill = f.Value
		}
		if c.Front.Template != "" {
			g.frontPos = c.Front.Pos.String()
		}
		if c.Back.Template != "" {
			g.backPos = c.Back.Pos.String()
		}
		if f := c.Fields["name"]; f != nil {
			g.namePos = f.Pos.String()
		}
		if g != w {
			t.Errorf("row %d:\n got %+v\nwant %+v", i+1, g, w)
		}
		for _, reserved := range []string{"kind", "front", "back"} {
			if _, ok := c.Fields[reserved]; ok {
				t.Errorf("row %d: %s is also a field", i+1, reserved)
			}
		}
		if len(c.Fields) > 2 {
			t.Errorf("row %d: fields %v", i+1, c.Fields)
		}
	}
	if _, set := d.Card(3).Fields["fill"]; set {
		t.Errorf("an empty cell set a field")
	}
}

func TestCSVProblems(t *testing.T) {
	for _, c := range []struct {
		name  string
		csv   string
		cards int
		want  []string
	}{
		{"empty", "", 0, []string{"decks/c.csv:1:1: error: CSV file is empty; expected a header row of field names"}},
		{"only a byte order mark", "\xef\xbb\xbf", 0, []string{"decks/c.csv:1:1: error: CSV file is empty; expected a header row of field names"}},
		{"a header only", "name,fill\n", 0, nil},
		{"a header with a stray quote", "name,fi\"ll\n", 0, []string{`decks/c.csv:1:8: error: CSV: bare " in non-quoted-field`}},
		{"a column without a name", "name,,fill\nA,b,c\n", 1, []string{"decks/c.csv:1:6: error: CSV header: column 2 has no name"}},
		{"a blank column name", "name, ,fill\nA,b,c\n", 1, []string{"decks/c.csv:1:6: error: CSV header: column 2 has no name"}},
		{"a repeated column", "name,fill, name\nA,b,c\n", 1, []string{`decks/c.csv:1:11: error: CSV header: column "name" repeats column 1`}},
		{"a short row", "name,fill,count\nA,red\nB,blue,2\n", 2, []string{"decks/c.csv:2:1: error: CSV row has 2 cells; the header has 3"}},
		{"a long row", "name\nA,extra,more\n", 1, []string{"decks/c.csv:2:1: error: CSV row has 3 cells; the header has 1"}},
		{"a broken row keeps the rows before it", "name\nA\nB\"x\nC\n", 1, []string{`decks/c.csv:3:2: error: CSV: bare " in non-quoted-field`}},
	} {
		t.Run(c.name, func(t *testing.T) {
			d, got := loadCSVDeck(t, "", c.csv)
			assertDiags(t, got, c.want)
			if d.Len() != c.cards {
				t.Errorf("%d cards, want %d", d.Len(), c.cards)
			}
		})
	}

	// cells under a column without a name, and past the header, are no fields
	d, _ := loadCSVDeck(t, "", "name,,fill\nA,b,c,d\n")
	if f := d.Card(0).Fields; len(f) != 2 || f["name"].Value != "A" || f["fill"].Value != "c" {
		t.Errorf("fields %v", f)
	}
	d, _ = loadCSVDeck(t, "", "name,fill,count\nA,red\n")
	if c := d.Card(0); c.Count != 1 || len(c.Fields) != 2 {
		t.Errorf("a short row: %+v", c)
	}
}

// A CSV file of exactly 8 MiB is read; one byte more is refused, at the
// start of the CSV file.
func TestCSVSizeLimit(t *testing.T) {
	sized := func(n int) string {
		head := "name\n"
		return head + strings.Repeat("x", n-len(head)-1) + "\n"
	}
	d, got := loadCSVDeck(t, "", sized(8<<20))
	assertDiags(t, got, nil)
	if d.Len() != 1 {
		t.Errorf("%d cards from a CSV file of exactly 8 MiB", d.Len())
	}
	d, got = loadCSVDeck(t, "", sized(8<<20+1))
	assertDiags(t, got, []string{"decks/c.csv:1:1: error: file is 8388609 bytes; the limit is 8388608"})
	if d.Len() != 0 {
		t.Errorf("cards from a refused file")
	}
}

func TestCSVUnreadable(t *testing.T) {
	d, diags := LoadDeck("decks/d.yaml", []byte("deck: x\ndata: ../c.csv\n"), fstest.MapFS{})
	assertDiags(t, diagStrings(diags), []string{"decks/d.yaml:2:7: error: data: cannot read c.csv: file does not exist"})
	if d == nil || d.Len() != 0 {
		t.Errorf("deck %+v", d)
	}
}

// CSV columns count characters, as YAML positions do, not bytes.
func TestCSVColumnsCountCharacters(t *testing.T) {
	_, got := loadCSVDeck(t, "", "nàme,ünit,count,\nÉmile,Ångström,-1,x\n\"Zoë\nBrontë\",é,,\nA,b,c,d\n")
	assertDiags(t, got, []string{
		`decks/c.csv:1:17: error: CSV header: column 4 has no name`,
		`decks/c.csv:2:16: error: count: expected a whole number from 0 to 100000, found "-1"`,
		`decks/c.csv:5:5: error: count: expected a whole number from 0 to 100000, found "c"`,
	})
	// encoding/csv skips blank lines
	_, got = loadCSVDeck(t, "", "nàme,count\n\n\nÉ,x\n")
	assertDiags(t, got, []string{`decks/c.csv:4:3: error: count: expected a whole number from 0 to 100000, found "x"`})
	d, _ := loadCSVDeck(t, "", "nàme,ünit\n\"Zoë\nBrontë\",é\n")
	if p := d.Card(0).Fields["ünit"].Pos.String(); p != "decks/c.csv:3:9" {
		t.Errorf("a cell after a cell of two lines is at %s, want decks/c.csv:3:9", p)
	}
	_, got = loadCSVDeck(t, "", "nàme\nÉ,\"x\"y\n")
	assertDiags(t, got, []string{`decks/c.csv:2:5: error: CSV: extraneous or missing " in quoted-field`})
}
