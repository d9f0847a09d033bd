package testdecks

import (
	"archive/zip"
	"bytes"
	"fmt"
	"html"
	"io"
	"strconv"
	"strings"
)

// Sheet is one sheet of a [Workbook]: its name and rows of cells. A cell
// "=B2*2|6" is a formula saved with its value 6, "=B2*2" one saved with
// no value (as a program that does not calculate writes it); a cell that
// parses as a number is a number; "" is no cell; any other is text.
type Sheet struct {
	Name string
	Rows [][]string
}

// Workbook writes an .xlsx workbook of sheets, by hand from the
// SpreadsheetML parts (not with the library deckpress reads it with), so
// that a test states the file format independently of the reader.
func Workbook(sheets ...Sheet) []byte {
	bodies := make([]Part, len(sheets))
	for i, s := range sheets {
		bodies[i] = Part{Name: s.Name, Write: func(w io.Writer) { io.WriteString(w, SheetXML(s.Rows)) }}
	}
	return RawWorkbook(bodies...)
}

// Part is a sheet of a [RawWorkbook]: its name, and a function that writes
// its worksheet XML (a zip bomb's, say, in pieces).
type Part struct {
	Name  string
	Write func(w io.Writer)
}

// RawWorkbook writes an .xlsx workbook of sheets whose worksheet parts
// are written by the caller.
func RawWorkbook(sheets ...Part) []byte {
	var buf bytes.Buffer
	z := zip.NewWriter(&buf)
	put := func(name, body string) {
		w, err := z.Create(name)
		if err != nil {
			panic(err)
		}
		io.WriteString(w, `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>`+"\n"+body)
	}
	var types, list, rels strings.Builder
	for i, s := range sheets {
		n := i + 1
		fmt.Fprintf(&types, `<Override PartName="/xl/worksheets/sheet%d.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`, n)
		fmt.Fprintf(&list, `<sheet name="%s" sheetId="%d" r:id="rId%d"/>`, html.EscapeString(s.Name), n, n)
		fmt.Fprintf(&rels, `<Relationship Id="rId%d" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet%d.xml"/>`, n, n)
	}
	put("[Content_Types].xml", `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">`+
		`<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>`+
		`<Default Extension="xml" ContentType="application/xml"/>`+
		`<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>`+
		types.String()+`</Types>`)
	put("_rels/.rels", `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">`+
		`<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`)
	put("xl/workbook.xml", `<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>`+
		list.String()+`</sheets></workbook>`)
	put("xl/_rels/workbook.xml.rels", `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">`+rels.String()+`</Relationships>`)
	for i, s := range sheets {
		w, err := z.Create(fmt.Sprintf("xl/worksheets/sheet%d.xml", i+1))
		if err != nil {
			panic(err)
		}
		s.Write(w)
	}
	if err := z.Close(); err != nil {
		panic(err)
	}
	return buf.Bytes()
}

// SheetXML is the worksheet part of rows (cells as in [Sheet]).
func SheetXML(rows [][]string) string {
	var b strings.Builder
	b.WriteString(`<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`)
	for r, row := range rows {
		fmt.Fprintf(&b, `<row r="%d">`, r+1)
		for c, v := range row {
			ref := column(c+1) + strconv.Itoa(r+1)
			switch formula, value, cached := strings.Cut(v, "|"); {
			case v == "":
			case strings.HasPrefix(v, "=") && cached:
				fmt.Fprintf(&b, `<c r="%s"><f>%s</f><v>%s</v></c>`, ref, html.EscapeString(formula[1:]), html.EscapeString(value))
			case strings.HasPrefix(v, "="):
				fmt.Fprintf(&b, `<c r="%s"><f>%s</f></c>`, ref, html.EscapeString(v[1:]))
			case isNumber(v):
				fmt.Fprintf(&b, `<c r="%s"><v>%s</v></c>`, ref, v)
			default:
				fmt.Fprintf(&b, `<c r="%s" t="inlineStr"><is><t>%s</t></is></c>`, ref, html.EscapeString(v))
			}
		}
		b.WriteString(`</row>`)
	}
	b.WriteString(`</sheetData></worksheet>`)
	return b.String()
}

func isNumber(s string) bool {
	_, err := strconv.ParseFloat(s, 64)
	return err == nil
}

// column names column n as a spreadsheet does (1 is A, 27 AA).
func column(n int) string {
	s := ""
	for ; n > 0; n = (n - 1) / 26 {
		s = string(rune('A'+(n-1)%26)) + s
	}
	return s
}
