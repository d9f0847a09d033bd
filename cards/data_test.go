package cards

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/deckpress/deckpress/internal/testdecks"
)

// heroes and villains are the sheets of the workbook of the tests: the
// heroes' cost column is a formula (base + 1) saved with its values.
var (
	heroes = testdecks.Sheet{Name: "Heroes", Rows: [][]string{
		{"name", "base", "cost", "count"},
		{"Zoobot", "2", "=B2+1|3", "2"},
		{"Vampire Matt", "4", "=B3+1|5"},
	}}
	villains = testdecks.Sheet{Name: "Villains", Rows: [][]string{
		{"name", "cost"},
		{"Dr. Crab", "7"},
	}}
)

// card is what a test expects of a card: its copies and fields.
type card struct {
	count  int
	fields map[string]string
}

func (c card) String() string {
	keys := slices.Sorted(maps.Keys(c.fields))
	var b strings.Builder
	fmt.Fprintf(&b, "%d×", c.count)
	for _, k := range keys {
		fmt.Fprintf(&b, " %s=%q", k, c.fields[k])
	}
	return b.String()
}

func cardsOf(d *Deck) []string {
	if d == nil {
		return nil
	}
	var out []string
	for _, c := range d.All() {
		f := map[string]string{}
		for k, v := range c.Fields {
			f[k] = v.Value
		}
		out = append(out, card{c.Count, f}.String())
	}
	return out
}

func want(cs ...card) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.String())
	}
	return out
}

// loadData loads a deck in decks/d.yaml whose data: is data, with files
// under decks/.
func loadData(t *testing.T, data string, files map[string][]byte) (*Deck, []string) {
	t.Helper()
	fs := fstest.MapFS{}
	for name, b := range files {
		fs["decks/"+name] = &fstest.MapFile{Data: b}
	}
	d, diags := LoadDeck("decks/d.yaml", []byte("deck: x\ndata: "+data+"\n"), fs)
	return d, diagStrings(diags)
}

// The same cards come from a workbook (its first sheet, or the one named),
// a TSV and CSV files delimited by commas or semicolons; a formula gives
// the value saved with it.
func TestDataSources(t *testing.T) {
	book := testdecks.Workbook(heroes, villains)
	heroCards := want(
		card{2, map[string]string{"name": "Zoobot", "base": "2", "cost": "3"}},
		card{1, map[string]string{"name": "Vampire Matt", "base": "4", "cost": "5"}},
	)
	for _, c := range []struct {
		name, data string
		files      map[string][]byte
		want       []string
		diags      []string
	}{
		{"xlsx, first sheet", "cards.xlsx", map[string][]byte{"cards.xlsx": book}, heroCards, nil},
		{"xlsx, sheet named", "{file: cards.xlsx, sheet: Villains}", map[string][]byte{"cards.xlsx": book},
			want(card{1, map[string]string{"name": "Dr. Crab", "cost": "7"}}), nil},
		{"xlsx, sheet named in another case", "{file: cards.xlsx, sheet: VILLAINS}", map[string][]byte{"cards.xlsx": book},
			want(card{1, map[string]string{"name": "Dr. Crab", "cost": "7"}}), nil},
		{"tsv", "cards.tsv", map[string][]byte{"cards.tsv": []byte("name\tbase\tcost\tcount\nZoobot\t2\t3\t2\nVampire Matt\t4\t5\t\n")}, heroCards, nil},
		{"semicolons", "cards.csv", map[string][]byte{"cards.csv": []byte("name;base;cost;count\nZoobot;2;3;2\nVampire Matt;4;5;\n")}, heroCards, nil},
		{"commas", "cards.csv", map[string][]byte{"cards.csv": []byte("name,base,cost,count\nZoobot,2,3,2\nVampire Matt,4,5,\n")}, heroCards, nil},
		{"tabs in a .csv", "cards.csv", map[string][]byte{"cards.csv": []byte("name\tbase\tcost\tcount\nZoobot\t2\t3\t2\nVampire Matt\t4\t5\t\n")}, heroCards, nil},
		// a comma inside a semicolon file's text is not a delimiter: the
		// header has none
		{"semicolons with commas in text", "cards.csv", map[string][]byte{"cards.csv": []byte("name;text\nZoobot;hits, then runs\n")},
			want(card{1, map[string]string{"name": "Zoobot", "text": "hits, then runs"}}), nil},
		{"one column", "cards.csv", map[string][]byte{"cards.csv": []byte("name\nZoobot\n")},
			want(card{1, map[string]string{"name": "Zoobot"}}), nil},
		{"delimiter chosen", "{file: cards.csv, delimiter: ;}", map[string][]byte{"cards.csv": []byte("a,b;c\n1,2;3\n")},
			want(card{1, map[string]string{"a,b": "1,2", "c": "3"}}), nil},
		{"delimiter tab", "{file: cards.txt, delimiter: tab}", map[string][]byte{"cards.txt": []byte("a,b\tc\n1,2\t3\n")},
			want(card{1, map[string]string{"a,b": "1,2", "c": "3"}}), nil},
		// two delimiters split every row evenly: the one giving more
		// columns wins, and a warning says so
		{"ambiguous", "cards.csv", map[string][]byte{"cards.csv": []byte("a,b,c;d\n1,2,3;4\n")},
			want(card{1, map[string]string{"a": "1", "b": "2", "c;d": "3;4"}}),
			[]string{`decks/cards.csv:1:1: warning: cells could be delimited by "," (3 columns) or by ";" into 2; read with ",": set the source's delimiter: to choose`}},
		{"a list concatenates", "[cards.xlsx, more.csv]", map[string][]byte{"cards.xlsx": book, "more.csv": []byte("name;cost\nDr. Crab;7\n")},
			append(slices.Clone(heroCards), want(card{1, map[string]string{"name": "Dr. Crab", "cost": "7"}})...), nil},
		{"a list of one workbook's two sheets", "[cards.xlsx, {file: cards.xlsx, sheet: Villains}]", map[string][]byte{"cards.xlsx": book},
			append(slices.Clone(heroCards), want(card{1, map[string]string{"name": "Dr. Crab", "cost": "7"}})...), nil},
		// blank rows of a sheet (above the header, between rows) are skipped
		{"blank rows", "b.xlsx", map[string][]byte{"b.xlsx": testdecks.Workbook(testdecks.Sheet{Name: "S", Rows: [][]string{
			{}, {"name"}, {}, {"A"}}})}, want(card{1, map[string]string{"name": "A"}}), nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			d, diags := loadData(t, c.data, c.files)
			assertDiags(t, diags, c.diags)
			if got := cardsOf(d); !slices.Equal(got, c.want) {
				t.Errorf("cards:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(c.want, "\n"))
			}
		})
	}
}

// Cards of a list of sources are numbered on, and each is positioned in
// its own file: a row of a sheet as Sheet!A7, a line of a CSV file as 7:1.
func TestDataNumbersAndPositions(t *testing.T) {
	d, diags := loadData(t, "[cards.xlsx, more.csv]", map[string][]byte{
		"cards.xlsx": testdecks.Workbook(heroes), "more.csv": []byte("name\nDr. Crab\n")})
	assertDiags(t, diags, nil)
	var got []string
	for _, c := range d.All() {
		got = append(got, fmt.Sprintf("%d %s %s", c.Number, c.Pos, c.Fields["name"].Pos))
	}
	wantPos := []string{
		"1 decks/cards.xlsx:Heroes!A2 decks/cards.xlsx:Heroes!A2",
		"2 decks/cards.xlsx:Heroes!A3 decks/cards.xlsx:Heroes!A3",
		"3 decks/more.csv:2:1 decks/more.csv:2:1",
	}
	if !slices.Equal(got, wantPos) {
		t.Errorf("cards:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(wantPos, "\n"))
	}
}

// Every problem of a data source is an error (or a warning) at its place:
// a cell of a sheet, a line and column of a text file, or the deck's
// `data:` when the file as a whole is wrong.
func TestDataErrors(t *testing.T) {
	book := testdecks.Workbook(heroes, villains)
	const utf8Hint = `export it as UTF-8: in Excel, Save As "CSV UTF-8 (Comma delimited)"; in LibreOffice, Save As CSV with "Edit filter settings" and character set "Unicode (UTF-8)"; Google Sheets and Numbers always export UTF-8`
	for _, c := range []struct {
		name, data string
		files      map[string][]byte
		want       []string
	}{
		{"xlsx renamed .csv", "cards.csv", map[string][]byte{"cards.csv": book}, []string{
			"decks/d.yaml:2:7: error: data: decks/cards.csv is a zip archive (an .xlsx workbook?), not CSV text; name a workbook .xlsx to read it as one"}},
		{"csv renamed .xlsx", "cards.xlsx", map[string][]byte{"cards.xlsx": []byte("name\nA\n")}, []string{
			"decks/d.yaml:2:7: error: data: decks/cards.xlsx is named as an .xlsx workbook but holds text; if it is CSV, name it .csv"}},
		{"latin-1 csv", "cards.csv", map[string][]byte{"cards.csv": []byte("name,text\nCaf\xe9,ok\n")}, []string{
			"decks/cards.csv:2:4: error: file is not valid UTF-8 text (Latin-1 or Windows-1252?); " + utf8Hint}},
		{"utf-16 csv", "cards.csv", map[string][]byte{"cards.csv": []byte("\xff\xfen\x00a\x00")}, []string{
			"decks/d.yaml:2:7: error: data: decks/cards.csv is UTF-16 text; " + utf8Hint + ", not CSV text"}},
		{"an old .xls", "cards.xls", map[string][]byte{"cards.xls": []byte("\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1\x00\x00")}, []string{
			"decks/d.yaml:2:7: error: data: decks/cards.xls is an Excel 97-2003 (.xls) or password-protected workbook; save it as .xlsx (Excel Workbook) without a password, or as CSV UTF-8, not CSV text"}},
		{"a picture", "cards.xlsx", map[string][]byte{"cards.xlsx": []byte("\x89PNG\r\n\x1a\n")}, []string{
			"decks/d.yaml:2:7: error: data: decks/cards.xlsx is not an .xlsx workbook: it is a picture"}},
		{"binary", "cards.csv", map[string][]byte{"cards.csv": []byte("name\x00\x01\x02")}, []string{
			"decks/d.yaml:2:7: error: data: decks/cards.csv is a binary file of an unknown kind, not CSV text"}},
		{"a broken zip", "cards.xlsx", map[string][]byte{"cards.xlsx": []byte("PK\x03\x04broken")}, []string{
			"decks/d.yaml:2:7: error: data: decks/cards.xlsx: not a readable workbook: zip: not a valid zip file"}},
		{"no such sheet", "{file: cards.xlsx, sheet: Vilains}", map[string][]byte{"cards.xlsx": book}, []string{
			`decks/d.yaml:2:33: error: data: decks/cards.xlsx: workbook has no sheet "Vilains" (it has "Heroes", "Villains")`}},
		{"no such sheet among many long names", "{file: many.xlsx, sheet: X}", map[string][]byte{"many.xlsx": manySheets(12, 300)}, []string{
			`decks/d.yaml:2:32: error: data: decks/many.xlsx: workbook has no sheet "X" (it has ` + strings.Repeat(`"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"…, `, 9) +
				`"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"… and 2 more)`}},
		{"a sheet name longer than spreadsheets allow", "long.xlsx", map[string][]byte{"long.xlsx": manySheets(1, 32)}, []string{
			`decks/d.yaml:2:7: error: data: decks/long.xlsx: sheet "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx" has a name of 32 characters; spreadsheet programs allow at most 31`}},
		{"a source listed again", "[c.csv, ./c.csv, {file: c.csv, delimiter: ','}, {file: c.csv}]", map[string][]byte{"c.csv": []byte("name\nA\n")}, []string{
			"decks/d.yaml:2:15: error: data: ./c.csv is listed already, at 2:8; list each source once (a card that should appear more often takes a count column)",
			"decks/d.yaml:2:55: error: data: c.csv is listed already, at 2:8; list each source once (a card that should appear more often takes a count column)",
		}},
		{"a long bad count", "c.csv", map[string][]byte{"c.csv": []byte("name,count\nA," + strings.Repeat("7x", 50_000) + "\n")}, []string{
			`decks/c.csv:2:3: error: count: expected a whole number from 0 to 100000, found "` + strings.Repeat("7x", 20) + `"…`}},
		{"a sheet of a csv", "{file: c.csv, sheet: S}", map[string][]byte{"c.csv": []byte("name\nA\n")}, []string{
			"decks/d.yaml:2:28: error: data: sheet: decks/c.csv is a text file, which has no sheets; only an .xlsx workbook has"}},
		{"a delimiter of a workbook", "{file: cards.xlsx, delimiter: ;}", map[string][]byte{"cards.xlsx": book}, []string{
			"decks/d.yaml:2:7: error: data: delimiter: decks/cards.xlsx is a workbook, whose cells need none"}},
		{"an unknown delimiter", "{file: c.csv, delimiter: '|'}", map[string][]byte{"c.csv": []byte("name\nA\n")}, []string{
			`decks/d.yaml:2:32: error: data.delimiter: unknown value "|"; did you mean ","?`}},
		{"a typo in a source", "{file: c.csv, shet: S}", map[string][]byte{"c.csv": []byte("name\nA\n")}, []string{
			`decks/d.yaml:2:21: error: unknown key "shet" in data; did you mean "sheet"?`}},
		{"a source without a file", "[{sheet: S}]", nil, []string{
			`decks/d.yaml:2:8: error: data needs "file"`}},
		{"a missing file", "[a.csv, b.csv]", map[string][]byte{"a.csv": []byte("name\nA\n")}, []string{
			"decks/d.yaml:2:15: error: data: cannot read decks/b.csv: file does not exist"}},
		{"bad cells of a sheet", "bad.xlsx", map[string][]byte{"bad.xlsx": testdecks.Workbook(testdecks.Sheet{Name: "My heroes", Rows: [][]string{
			{"name", "count", "", "name"},
			{"A", "many", "x"},
			{"B", "=C3*2"},
		}})}, []string{
			`decks/bad.xlsx:'My heroes'!C1: error: sheet header: column 3 has no name`,
			`decks/bad.xlsx:'My heroes'!D1: error: sheet header: column "name" repeats column 1`,
			`decks/bad.xlsx:'My heroes'!B2: error: count: expected a whole number from 0 to 100000, found "many"`,
			`decks/bad.xlsx:'My heroes'!B3: warning: formula has no saved value (the workbook was written by a program that does not calculate); open and save it in a spreadsheet program, or the cell stays empty`,
		}},
		{"a cell beyond the header", "b.xlsx", map[string][]byte{"b.xlsx": testdecks.Workbook(testdecks.Sheet{Name: "S", Rows: [][]string{
			{"name"}, {"A", "", "stray"}}})}, []string{
			"decks/b.xlsx:S!C2: error: sheet: this cell's column has no name in the header row"}},
		{"an empty sheet", "e.xlsx", map[string][]byte{"e.xlsx": testdecks.Workbook(testdecks.Sheet{Name: "S"})}, []string{
			`decks/d.yaml:2:7: error: data: sheet "S" of decks/e.xlsx is empty; expected a header row of field names`}},
		{"bad cells of a csv", "c.csv", map[string][]byte{"c.csv": []byte("name;count\nA;x\nB;1;2\n")}, []string{
			`decks/c.csv:2:3: error: count: expected a whole number from 0 to 100000, found "x"`,
			"decks/c.csv:3:1: error: CSV row has 3 cells; the header has 2",
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, diags := loadData(t, c.data, c.files)
			assertDiags(t, diags, c.want)
		})
	}
}

// manySheets is a workbook of n sheets, each named by size x's (and a
// number, past the first, to keep the names apart).
func manySheets(n, size int) []byte {
	var sheets []testdecks.Sheet
	for i := range n {
		name := strings.Repeat("x", size)
		if i > 0 {
			name = name[:size-len(fmt.Sprint(i))] + fmt.Sprint(i)
		}
		sheets = append(sheets, testdecks.Sheet{Name: name, Rows: [][]string{{"name"}, {"A"}}})
	}
	return testdecks.Workbook(sheets...)
}
