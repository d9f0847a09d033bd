package xlsx

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"

	_ "github.com/deckpress/deckpress/internal/golden"
	"github.com/deckpress/deckpress/internal/testdecks"
)

// Read gives a sheet's rows as text: the first sheet by default, a
// formula's saved value, an unsaved formula marked, blank rows left out.
func TestRead(t *testing.T) {
	book := testdecks.Workbook(
		testdecks.Sheet{Name: "One", Rows: [][]string{{"name", "cost"}, {}, {"A", "=1+2|3"}, {"B", "=B3*2"}}},
		testdecks.Sheet{Name: "Two", Rows: [][]string{{"x"}}},
	)
	s, err := Read(book, "", DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	got := fmt.Sprintf("%s %v", s.Name, s.Rows)
	want := "One [{1 [{name false} {cost false}]} {3 [{A false} {3 false}]} {4 [{B false} { true}]}]"
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	for _, name := range []string{"Two", "two", "TWO"} {
		s, err = Read(book, name, DefaultLimits)
		if err != nil || fmt.Sprintf("%s %v", s.Name, s.Rows) != "Two [{1 [{x false}]}]" {
			t.Errorf("sheet %s: %v %v", name, s, err)
		}
	}
	_, err = Read(book, "Three", DefaultLimits)
	var nse *NoSheetError
	if !errors.As(err, &nse) || err.Error() != `workbook has no sheet "Three" (it has "One", "Two")` {
		t.Errorf("sheet Three: %v", err)
	}
}

// rows writes a worksheet of n rows of one cell at column col (1 is A).
func rows(n int, col string) func(w io.Writer) {
	return func(w io.Writer) {
		io.WriteString(w, `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`)
		for r := 1; r <= n; r++ {
			fmt.Fprintf(w, `<row r="%d"><c r="%s%d"><v>1</v></c></row>`, r, col, r)
		}
		io.WriteString(w, `</sheetData></worksheet>`)
	}
}

// lying is a workbook whose sheet declares 2 KiB unpacked and unpacks
// to 200 MiB.
func lying() []byte {
	book := testdecks.Workbook(testdecks.Sheet{Name: "S", Rows: [][]string{{"x"}}})
	zr, err := zip.NewReader(bytes.NewReader(book), int64(len(book)))
	if err != nil {
		panic(err)
	}
	var out bytes.Buffer
	zw := zip.NewWriter(&out)
	for _, f := range zr.File {
		if f.Name != "xl/worksheets/sheet1.xml" {
			zw.Copy(f)
			continue
		}
		var body bytes.Buffer
		fw, _ := flate.NewWriter(&body, flate.BestCompression)
		io.WriteString(fw, `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`)
		pad := strings.Repeat(" ", 1<<20)
		for range 200 {
			io.WriteString(fw, pad)
		}
		fw.Close()
		w, _ := zw.CreateRaw(&zip.FileHeader{Name: f.Name, Method: zip.Deflate, CompressedSize64: uint64(body.Len()), UncompressedSize64: 2 << 10})
		w.Write(body.Bytes())
	}
	zw.Close()
	return out.Bytes()
}

// A workbook over a limit is refused, and reading it costs bounded
// memory: a zip bomb (declared or lying about its size), a sheet of
// too many rows, a sheet of too many cells.
func TestLimits(t *testing.T) {
	spaces := func(w io.Writer) {
		rows(1, "A")(w)
		pad := strings.Repeat(" ", 1<<20)
		for range 100 {
			io.WriteString(w, pad)
		}
	}
	for _, c := range []struct {
		name string
		book []byte
		want string // the error
	}{
		{"unpacks to 100 MiB", testdecks.RawWorkbook(testdecks.Part{Name: "S", Write: spaces}), "workbook unpacks to more than 67108864 bytes: over the limit"},
		{"lies about its size", lying(), "workbook is damaged: xl/worksheets/sheet1.xml: zip: not a valid zip file"},
		{"a row past the limit", testdecks.RawWorkbook(testdecks.Part{Name: "S", Write: func(w io.Writer) {
			io.WriteString(w, `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1048576"><c r="A1048576"><v>1</v></c></row></sheetData></worksheet>`)
		}}), `sheet "S" has more than 200000 rows: over the limit`},
		{"rows of 16,384 cells", testdecks.RawWorkbook(testdecks.Part{Name: "S", Write: rows(100, "XFD")}), `sheet "S" has more than 1000000 cells: over the limit`},
		{"cells of 9 MiB of text in all", testdecks.RawWorkbook(testdecks.Part{Name: "S", Write: func(w io.Writer) {
			io.WriteString(w, `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`)
			for i := 1; i <= 9; i++ {
				fmt.Fprintf(w, `<row r="%d"><c r="A%d" t="inlineStr"><is><t>%s</t></is></c></row>`, i, i, strings.Repeat("a", 1<<20))
			}
			io.WriteString(w, `</sheetData></worksheet>`)
		}}), `sheet "S" has more than 8388608 bytes of text in its cells (at row 9): over the limit`}, // 8 rows are 8 MiB exactly
	} {
		t.Run(c.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			s, err := Read(c.book, "", DefaultLimits)
			runtime.ReadMemStats(&after)
			alloc := after.TotalAlloc - before.TotalAlloc
			t.Logf("%d bytes of workbook; %d MiB allocated reading it; %v", len(c.book), alloc>>20, err)
			if s != nil || err == nil || err.Error() != c.want {
				t.Errorf("sheet %v, error %v, want %s", s, err, c.want)
			}
			if limit := uint64(3 * DefaultLimits.Unzipped); alloc > limit {
				t.Errorf("allocated %d MiB; the bound is %d MiB", alloc>>20, limit>>20)
			}
		})
	}
}

// BenchmarkRead reads a sheet of 10,000 rows of 6 cells, one of them a
// formula and one blank, as a big deck's workbook would be.
func BenchmarkRead(b *testing.B) {
	rows := [][]string{{"name", "cost", "total", "note", "", "kind"}}
	for i := range 10_000 {
		rows = append(rows, []string{fmt.Sprintf("card %d", i), "3", "=B2*2|6", "some text here", "", "hero"})
	}
	book := testdecks.Workbook(testdecks.Sheet{Name: "Cards", Rows: rows})
	b.SetBytes(int64(len(book)))
	for b.Loop() {
		if _, err := Read(book, "", DefaultLimits); err != nil {
			b.Fatal(err)
		}
	}
}

// Each limit is inclusive: a workbook exactly at it is read, one part,
// byte, row or cell more is refused.
func TestLimitsExactly(t *testing.T) {
	book := testdecks.Workbook(testdecks.Sheet{Name: "S", Rows: [][]string{{"a", "b"}, {"c", "d"}, {"e"}}})
	zr, err := zip.NewReader(bytes.NewReader(book), int64(len(book)))
	if err != nil {
		t.Fatal(err)
	}
	var size int64
	for _, f := range zr.File {
		size += int64(f.UncompressedSize64)
	}
	at := Limits{Unzipped: size, Parts: len(zr.File), Rows: 3, Cells: 5, Text: 5}
	if _, err := Read(book, "", at); err != nil {
		t.Fatalf("at every limit: %v", err)
	}
	for name, lim := range map[string]Limits{
		"a byte less":         {Unzipped: size - 1, Parts: at.Parts, Rows: 3, Cells: 5, Text: 5},
		"a part less":         {Unzipped: size, Parts: at.Parts - 1, Rows: 3, Cells: 5, Text: 5},
		"a row less":          {Unzipped: size, Parts: at.Parts, Rows: 2, Cells: 5, Text: 5},
		"a cell less":         {Unzipped: size, Parts: at.Parts, Rows: 3, Cells: 4, Text: 5},
		"a byte of text less": {Unzipped: size, Parts: at.Parts, Rows: 3, Cells: 5, Text: 4},
	} {
		if _, err := Read(book, "", lim); !errors.Is(err, ErrLimit) {
			t.Errorf("%s: %v, want an error of a limit", name, err)
		}
	}
}

// The first sheet can be named too.
func TestReadFirstByName(t *testing.T) {
	book := testdecks.Workbook(testdecks.Sheet{Name: "One", Rows: [][]string{{"x"}}}, testdecks.Sheet{Name: "Two", Rows: [][]string{{"y"}}})
	s, err := Read(book, "one", DefaultLimits)
	if err != nil || s.Name != "One" || s.Rows[0].Cells[0].Value != "x" {
		t.Errorf("sheet one: %+v %v", s, err)
	}
}

// The formula scan finds a formula without a value also where cells and
// rows leave out their r="B2" references (counted in order, as
// spreadsheet programs read them), and takes a blank <v> for no value.
func TestScanFormulas(t *testing.T) {
	sheet := `<worksheet><sheetData>` +
		`<row><c><v>1</v></c><c><f>A1</f></c></row>` + // B1: no value
		`<row><c><f>1</f><v> </v></c><c><f>2</f><v>2</v></c></row>` + // A2: blank value; B2 has one
		`<row r="5"><c r="C5"><f>3</f></c><c><f>4</f></c></row>` + // C5, D5
		`</sheetData></worksheet>`
	got, err := scanFormulas(xml.NewDecoder(strings.NewReader(sheet)))
	if err != nil {
		t.Fatal(err)
	}
	want := map[[2]int]bool{{1, 2}: true, {2, 1}: true, {5, 3}: true, {5, 4}: true}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

// TestSharedStringsBounded: shared strings the library would parse whole
// are refused unread past twice the text a sheet may hold.
func TestSharedStringsBounded(t *testing.T) {
	book := testdecks.Workbook(testdecks.Sheet{Name: "S", Rows: [][]string{{"name"}, {"A"}}})
	zr, err := zip.NewReader(bytes.NewReader(book), int64(len(book)))
	if err != nil {
		t.Fatal(err)
	}
	with := func(size int) []byte {
		var buf bytes.Buffer
		z := zip.NewWriter(&buf)
		for _, f := range zr.File {
			if err := z.Copy(f); err != nil {
				t.Fatal(err)
			}
		}
		w, _ := z.Create("xl/sharedStrings.xml")
		head := `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>`
		tail := `</t></si></sst>`
		io.WriteString(w, head+strings.Repeat("a", size-len(head)-len(tail))+tail)
		z.Close()
		return buf.Bytes()
	}
	lim := DefaultLimits
	lim.Text = 1 << 20
	if _, err := Read(with(2<<20), "", lim); err != nil {
		t.Errorf("shared strings of twice the text: %v", err)
	}
	want := "workbook's shared strings unpack to more than 2097152 bytes, twice the text of a sheet: over the limit"
	if _, err := Read(with(2<<20+1), "", lim); err == nil || err.Error() != want {
		t.Errorf("a byte more: %v, want %s", err, want)
	}
}

// withStyles is book with a styles part holding one number format of
// the given code.
func withStyles(t *testing.T, book []byte, code string) []byte {
	zr, err := zip.NewReader(bytes.NewReader(book), int64(len(book)))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	z := zip.NewWriter(&buf)
	for _, f := range zr.File {
		w, _ := z.Create(f.Name)
		r, _ := f.Open()
		io.Copy(w, r)
		r.Close()
	}
	w, _ := z.Create("xl/styles.xml")
	var attr bytes.Buffer
	xml.EscapeText(&attr, []byte(code))
	fmt.Fprintf(w, `<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="1"><numFmt numFmtId="164" formatCode="%s"/></numFmts><cellXfs count="2"><xf/><xf numFmtId="164" applyNumberFormat="1"/></cellXfs></styleSheet>`, attr.String())
	z.Close()
	return buf.Bytes()
}

// TestNumberFormatLimit: a number format as long as spreadsheet programs
// allow is read; one character more is refused before the library, which
// formats each cell at a cost growing with the square of the format's
// length, sees the workbook.
func TestNumberFormatLimit(t *testing.T) {
	book := testdecks.Workbook(testdecks.Sheet{Name: "S", Rows: [][]string{{"a"}, {"1.5"}}})
	at := "0." + strings.Repeat("0", MaxNumberFormat-2)
	if _, err := Read(withStyles(t, book, at), "", DefaultLimits); err != nil {
		t.Errorf("a format of %d characters: %v", MaxNumberFormat, err)
	}
	_, err := Read(withStyles(t, book, at+"0"), "", DefaultLimits)
	if want := "workbook has a number format of 256 characters; spreadsheet programs allow at most 255: over the limit"; err == nil || err.Error() != want || !errors.Is(err, ErrLimit) {
		t.Errorf("a format of %d characters: %v, want %s", MaxNumberFormat+1, err, want)
	}
}
