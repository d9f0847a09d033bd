package cards

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/deckpress/deckpress/cards/xlsx"
)

// Data sources: `data:` names CSV, TSV or xlsx files of more cards, one
// card per row under a header row of field names. A source is a file
// name, or {file, sheet, delimiter}; a list of sources is read in order
// and its rows concatenated.

// dataSourceShape is one source of `data:`.
var dataSourceShape = Either("a CSV, TSV or .xlsx file, or {file, sheet, delimiter}",
	Text("a CSV, TSV or .xlsx file: a header row of field names, a row per card"),
	&Shape{Type: "object", Title: "data source", Desc: "a data file and how to read it", Required: []string{"file"}, Props: []Prop{
		P("file", Text("a CSV, TSV or .xlsx file")),
		P("sheet", Text("the sheet of an .xlsx workbook to read (default: the first)")),
		P("delimiter", OneOf("the cell delimiter of a CSV file (default: detected from the header row)", delimiterNames...)),
	}})

// DataShape is a deck's `data:`.
var DataShape = Either("more cards from spreadsheet rows: a file, {file, sheet, delimiter}, or a list of them (rows concatenated)",
	dataSourceShape, List("data files, read in order", dataSourceShape))

var dataKeys = dataSourceShape.AnyOf[1].Keys()

// delimiters are the cell delimiters detected, in order of preference.
var (
	delimiters     = []rune{',', ';', '\t'}
	delimiterNames = []string{",", ";", "tab"}
)

func delimiterName(r rune) string {
	if r == '\t' {
		return "tab"
	}
	return string(r)
}

// dataCell is one cell of a data table and its position.
type dataCell struct {
	value string
	pos   Pos
}

// dataRow is one row of a data table.
type dataRow struct {
	pos   Pos
	cells []dataCell
}

// dataTable is a source read: its header and rows.
type dataTable struct {
	what   string // "CSV" or "sheet", for messages
	header []dataCell
	rows   []dataRow
	// strict: every row must have the header's width (CSV); a sheet's
	// rows leave out trailing blank cells
	strict bool
}

// readData reads the sources of `data:` into cards numbered after
// before, and gives each to add as it is made (a long deck packs it then).
func readData(diags *Diagnostics, deck string, n *Node, files Files, before int, add func(*Card)) {
	items := []*Node{n}
	if n.Kind == SeqNode {
		items = n.Content
	}
	listed := map[string]Pos{} // each source once: a workbook listed 10,000 times is not opened 10,000 times
	for _, item := range items {
		var ref, sheet string
		var delim rune
		var sheetPos Pos
		if item.Kind == MapNode {
			m := diags.Map(item, "data", dataKeys...)
			if !diags.Require(m, "data", "file") {
				continue
			}
			var ok bool
			if ref, ok = diags.Text(m.Get("file"), "data.file"); !ok {
				continue
			}
			if s := m.Get("sheet"); s != nil {
				sheet, _ = diags.Text(s, "data.sheet")
				sheetPos = s.Pos
			}
			if d := m.Get("delimiter"); d != nil {
				name, ok := diags.Enum(d, "data.delimiter", delimiterNames...)
				if !ok {
					continue
				}
				delim = delimiters[slices.Index(delimiterNames, name)]
			}
		} else if s, ok := diags.Text(item, "data"); ok {
			ref = s
		} else {
			continue
		}
		src := dataSource{path: Resolve(deck, ref), at: item.Pos, sheet: sheet, sheetPos: sheetPos, delim: delim}
		key := fmt.Sprintf("%s\x00%s\x00%d", src.path, strings.ToLower(sheet), delim)
		if at, dup := listed[key]; dup {
			diags.Errorf(item.Pos, "data: %s is listed already, at %d:%d; list each source once (a card that should appear more often takes a count column)", Name(ref), at.Line, at.Col)
			continue
		}
		listed[key] = item.Pos
		t := src.read(diags, files)
		if t != nil {
			before = t.cards(diags, before, add)
		}
	}
}

// dataSource is one file named by `data:`.
type dataSource struct {
	path     string
	at       Pos // where the deck names it
	sheet    string
	sheetPos Pos
	delim    rune // 0: detect
}

// read reads the file, by its content: a workbook when it is a zip
// archive named .xlsx, else UTF-8 text with delimited cells. A binary
// file of another kind, a workbook under a text name (or the reverse),
// and text that is not UTF-8 are errors that say what to do.
func (s dataSource) read(diags *Diagnostics, files Files) *dataTable {
	src, err := files.ReadFile(s.path)
	if err != nil {
		diags.Errorf(s.at, "data: cannot read %s: %v", s.path, Cause(err))
		return nil
	}
	if len(src) > MaxFileSize {
		diags.Errorf(Pos{File: s.path, Line: 1, Col: 1}, "file is %d bytes; the limit is %d", len(src), MaxFileSize)
		return nil
	}
	ext := strings.ToLower(filepath.Ext(s.path))
	workbook := ext == ".xlsx" || ext == ".xlsm"
	kind := sniff(src)
	switch {
	case workbook && kind == "zip":
		if s.delim != 0 {
			diags.Errorf(s.at, "data: delimiter: %s is a workbook, whose cells need none", s.path)
		}
		return s.readSheet(diags, src)
	case workbook && kind == "":
		diags.Errorf(s.at, "data: %s is named as an .xlsx workbook but holds text; if it is CSV, name it .csv", s.path)
		return nil
	case workbook:
		diags.Errorf(s.at, "data: %s is not an .xlsx workbook: it is %s", s.path, kind)
		return nil
	case kind == "zip":
		diags.Errorf(s.at, "data: %s is a zip archive (an .xlsx workbook?), not CSV text; name a workbook .xlsx to read it as one", s.path)
		return nil
	case kind != "":
		diags.Errorf(s.at, "data: %s is %s, not CSV text", s.path, kind)
		return nil
	}
	if s.sheet != "" {
		diags.Errorf(s.sheetPos, "data: sheet: %s is a text file, which has no sheets; only an .xlsx workbook has", s.path)
	}
	return s.readText(diags, src, ext)
}

// sniff says what binary format src is in, or "" for text.
func sniff(src []byte) string {
	head := src[:min(len(src), 512)]
	switch {
	case bytes.HasPrefix(head, []byte("PK\x03\x04")) && bytes.Contains(head, []byte("opendocument.spreadsheet")):
		return "an OpenDocument spreadsheet (.ods); save it as .xlsx or CSV"
	case bytes.HasPrefix(head, []byte("PK\x03\x04")), bytes.HasPrefix(head, []byte("PK\x05\x06")):
		return "zip"
	case bytes.HasPrefix(head, []byte("\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1")):
		return "an Excel 97-2003 (.xls) or password-protected workbook; save it as .xlsx (Excel Workbook) without a password, or as CSV UTF-8"
	case bytes.HasPrefix(head, []byte("%PDF")):
		return "a PDF document"
	case bytes.HasPrefix(head, []byte("\x89PNG")), bytes.HasPrefix(head, []byte("\xff\xd8\xff")), bytes.HasPrefix(head, []byte("GIF8")):
		return "a picture"
	case bytes.HasPrefix(head, []byte("\xff\xfe")), bytes.HasPrefix(head, []byte("\xfe\xff")):
		return "UTF-16 text; " + exportUTF8
	case bytes.IndexByte(head, 0) >= 0:
		return "a binary file of an unknown kind"
	}
	return ""
}

// exportUTF8 says how to save a spreadsheet as UTF-8 CSV.
const exportUTF8 = `export it as UTF-8: in Excel, Save As "CSV UTF-8 (Comma delimited)"; in LibreOffice, Save As CSV with "Edit filter settings" and character set "Unicode (UTF-8)"; Google Sheets and Numbers always export UTF-8`

// readSheet reads a workbook's sheet.
func (s dataSource) readSheet(diags *Diagnostics, src []byte) *dataTable {
	sh, err := xlsx.Read(src, s.sheet, xlsx.DefaultLimits)
	if err != nil {
		at := s.at
		if errors.As(err, new(*xlsx.NoSheetError)) {
			at = s.sheetPos
		}
		diags.Errorf(at, "data: %s: %v", s.path, err)
		return nil
	}
	t := &dataTable{what: "sheet"}
	for _, r := range sh.Rows {
		row := dataRow{pos: Pos{File: s.path, Sheet: sh.Name, Line: r.Number, Col: 1}}
		blank := true
		for i, c := range r.Cells {
			pos := Pos{File: s.path, Sheet: sh.Name, Line: r.Number, Col: i + 1}
			if c.Uncached {
				diags.Warnf(pos, "formula has no saved value (the workbook was written by a program that does not calculate); open and save it in a spreadsheet program, or the cell stays empty")
			}
			blank = blank && c.Value == ""
			row.cells = append(row.cells, dataCell{value: c.Value, pos: pos})
		}
		switch {
		case blank:
		case t.header == nil:
			t.header = row.cells
		default:
			t.rows = append(t.rows, row)
		}
	}
	if t.header == nil {
		diags.Errorf(s.at, "data: sheet %s of %s is empty; expected a header row of field names", Excerpt(sh.Name), s.path)
		return nil
	}
	return t
}

// readText reads UTF-8 text with delimited cells.
func (s dataSource) readText(diags *Diagnostics, src []byte, ext string) *dataTable {
	src = bytes.TrimPrefix(src, []byte("\xef\xbb\xbf"))
	if !utf8.Valid(src) {
		line, col := firstInvalidUTF8(src)
		diags.Errorf(Pos{File: s.path, Line: line, Col: col}, "file is not valid UTF-8 text (Latin-1 or Windows-1252?); %s", exportUTF8)
		return nil
	}
	delim := s.delim
	if delim == 0 {
		delim = detectDelimiter(diags, s.path, src, ext == ".tsv" || ext == ".tab")
	}
	cols := &csvColumns{path: s.path, src: src, line: 1, byteCol: 1, col: 1}
	r := csv.NewReader(bytes.NewReader(src))
	r.Comma = delim
	r.FieldsPerRecord = -1
	t := &dataTable{what: "CSV", strict: true}
	for {
		rec, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			diags.Errorf(cols.errPos(err), "CSV: %v", csvErrMsg(err))
			if t.header == nil {
				return nil
			}
			break
		}
		line, _ := r.FieldPos(0)
		row := dataRow{pos: Pos{File: s.path, Line: line, Col: 1}}
		for i, cell := range rec {
			row.cells = append(row.cells, dataCell{value: cell, pos: cols.pos(r.FieldPos(i))})
		}
		if t.header == nil {
			t.header = row.cells
		} else {
			t.rows = append(t.rows, row)
		}
	}
	if t.header == nil {
		diags.Errorf(Pos{File: s.path, Line: 1, Col: 1}, "CSV file is empty; expected a header row of field names")
		return nil
	}
	return t
}

// detectDelimiter chooses the delimiter of a CSV file from its first 50
// rows: of comma, semicolon and tab, those that split the header row into
// two or more columns and every row into as many are candidates. One
// candidate is the choice; of several, the one giving the most columns
// (then comma, semicolon, tab; tab first for a .tsv file) is, and a
// warning says so. With no candidate, the delimiter that splits the
// header most (first in that order) is taken (comma for a file of one
// column), and the rows' widths are checked as usual.
func detectDelimiter(diags *Diagnostics, path string, src []byte, tsv bool) rune {
	order := delimiters
	if tsv {
		order = []rune{'\t', ',', ';'}
	}
	type split struct {
		delim      rune
		cols       int
		consistent bool
	}
	var cands []split
	best := split{delim: order[0], cols: 1}
	for _, d := range order {
		r := csv.NewReader(bytes.NewReader(src))
		r.Comma = d
		r.FieldsPerRecord = -1
		sp := split{delim: d, consistent: true}
		for i := 0; i < 50; i++ {
			rec, err := r.Read()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				sp.consistent = false
				break
			}
			if i == 0 {
				sp.cols = len(rec)
			} else if len(rec) != sp.cols {
				sp.consistent = false
			}
		}
		if sp.cols < 2 {
			continue
		}
		if sp.consistent {
			cands = append(cands, sp)
		}
		if sp.cols > best.cols {
			best = sp
		}
	}
	if len(cands) == 0 {
		return best.delim
	}
	choice := cands[0]
	for _, c := range cands[1:] {
		if c.cols > choice.cols {
			choice = c
		}
	}
	if len(cands) > 1 {
		var others []string
		for _, c := range cands {
			if c != choice {
				others = append(others, fmt.Sprintf("%q into %d", delimiterName(c.delim), c.cols))
			}
		}
		diags.Warnf(Pos{File: path, Line: 1, Col: 1}, "cells could be delimited by %q (%d columns) or by %s; read with %q: set the source's delimiter: to choose",
			delimiterName(choice.delim), choice.cols, strings.Join(others, " or "), delimiterName(choice.delim))
	}
	return choice.delim
}

// cards turns a table's rows into cards numbered after before, given to
// add, and returns the number of the last. Empty cells leave the field
// unset; a `count` column sets the copies, `kind`, `front` and `back`
// columns work as in YAML (template names).
func (t *dataTable) cards(diags *Diagnostics, before int, add func(*Card)) int {
	what := t.what
	seen := map[string]int{}
	header := make([]string, len(t.header))
	for i, h := range t.header {
		name := strings.TrimSpace(h.value)
		header[i] = name
		if name == "" {
			diags.Errorf(h.pos, "%s header: column %d has no name", what, i+1)
		} else if j, dup := seen[name]; dup {
			diags.Errorf(h.pos, "%s header: column %s repeats column %d", what, Excerpt(name), j+1)
		}
		seen[name] = i
	}
	for _, row := range t.rows {
		before++
		c := &Card{Pos: row.pos, Number: before, Count: 1, Fields: map[string]*Node{}}
		if t.strict && len(row.cells) != len(header) {
			diags.Errorf(c.Pos, "CSV row has %s; the header has %d", Count(len(row.cells), "cell", "cells"), len(header))
		}
		for i, cell := range row.cells {
			if i >= len(header) {
				if !t.strict && cell.value != "" {
					diags.Errorf(cell.pos, "sheet: this cell's column has no name in the header row")
				}
				continue
			}
			if header[i] == "" || cell.value == "" {
				continue
			}
			pos := cell.pos
			switch header[i] {
			case "count":
				v, err := strconv.Atoi(strings.TrimSpace(cell.value))
				if err != nil || v < 0 || v > MaxCards {
					diags.Errorf(pos, "count: expected a whole number from 0 to %d, found %s", MaxCards, Excerpt(cell.value))
					continue
				}
				c.Count = v
			case "kind":
				c.Kind = cell.value
			case "front":
				c.Front = Side{Template: cell.value, Pos: pos}
			case "back":
				c.Back = Side{Template: cell.value, Pos: pos}
			default:
				c.Fields[header[i]] = Scalar(cell.value, pos)
			}
		}
		add(c)
	}
	return before
}

// csvColumns turns the byte columns of encoding/csv into columns of
// characters, as every other position counts them. Positions are asked
// for in file order, so it walks the file once.
type csvColumns struct {
	path         string
	src          []byte
	start        int // where line begins in src
	line         int
	byteCol, col int // the last column converted, in bytes and characters
}

func (c *csvColumns) pos(line, byteCol int) Pos {
	for c.line < line {
		i := bytes.IndexByte(c.src[c.start:], '\n')
		if i < 0 {
			break
		}
		c.start += i + 1
		c.line++
		c.byteCol, c.col = 1, 1
	}
	// clamped, so that a position out of order cannot slice past the file
	from := min(c.start+c.byteCol-1, len(c.src))
	to := min(max(c.start+byteCol-1, from), len(c.src))
	c.col += utf8.RuneCount(c.src[from:to])
	c.byteCol = byteCol
	return Pos{File: c.path, Line: line, Col: c.col}
}

func (c *csvColumns) errPos(err error) Pos {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return c.pos(pe.Line, pe.Column)
	}
	return Pos{File: c.path, Line: 1, Col: 1}
}

func csvErrMsg(err error) error {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
