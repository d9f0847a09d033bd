// Package xlsx reads the cells of one sheet of an Excel workbook (.xlsx),
// the only package that imports the xlsx library (excelize). It knows
// nothing of cards: it returns the sheet's rows of text, as the workbook
// shows them, and [cards] turns them into cards.
//
// A workbook is a zip archive of XML parts, so a small file can unpack to
// gigabytes. Read checks the archive's declared sizes against [Limits]
// before the library sees it (Go's zip reader refuses an entry that unpacks
// to more than it declares), keeps every part in memory (no temporary
// files), and stops at a number of rows and cells: a zip bomb costs bounded
// memory and time.
//
// Formulas are read as the values the spreadsheet program last computed
// and saved with them (deckpress does not compute formulas); a formula
// saved without a value is marked [Cell.Uncached].
package xlsx

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"path"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/xuri/excelize/v2"

	"github.com/deckpress/deckpress/internal/excerpt"
)

// Limits bound what Read accepts.
type Limits struct {
	Unzipped int64 // the archive's parts, unpacked, in bytes
	Parts    int   // entries of the archive
	Rows     int   // rows of the sheet, blank ones included
	Cells    int   // cells of the sheet, blank ones within a row included
	// Text bounds the bytes of the cells' text, all together: a shared
	// string is stored once but read (and copied) for every cell naming
	// it, so 20,000 cells of one 50 MB string are a terabyte to read.
	Text int
}

// DefaultLimits are those deckpress reads data with: far above a deck's
// spreadsheet (100,000 cards of a few columns), far below what would
// exhaust a laptop.
var DefaultLimits = Limits{Unzipped: 64 << 20, Parts: 10_000, Rows: 200_000, Cells: 1_000_000, Text: 8 << 20}

// Cell is one cell's text.
type Cell struct {
	Value string // as the workbook shows it (number formats applied)
	// Uncached is true for a formula saved without its computed value
	// (written by a program that does not calculate); Value is then "".
	Uncached bool
}

// Row is one row of a sheet.
type Row struct {
	Number int    // 1-based, as the spreadsheet numbers it
	Cells  []Cell // Cells[i] is column i+1 (A, B, …); trailing blanks may be left out
}

// Sheet is the sheet read.
type Sheet struct {
	Name string
	Rows []Row // the rows that hold a cell, in order
}

// NoSheetError is returned when the sheet asked for is not in the workbook.
type NoSheetError struct {
	Name   string
	Sheets []string // the workbook's sheets, in order
}

func (e *NoSheetError) Error() string {
	var has []string
	for _, s := range e.Sheets[:min(len(e.Sheets), maxListed)] {
		has = append(has, excerpt.Quote(s))
	}
	list := strings.Join(has, ", ")
	if n := len(e.Sheets) - maxListed; n > 0 {
		list += fmt.Sprintf(" and %d more", n)
	}
	return fmt.Sprintf("workbook has no sheet %s (it has %s)", excerpt.Quote(e.Name), list)
}

// maxListed is the most sheet names a message lists.
const maxListed = 10

// MaxSheetName is the longest sheet name, in characters, that spreadsheet
// programs write (Excel's limit); the sheet read is named in every
// position of its cells, so a longer one is refused.
const MaxSheetName = 31

// MaxNumberFormat is the longest number format code, in characters, that
// spreadsheet programs accept (Excel's limit). The library formats every
// cell afresh, at a cost growing with the square of its format's length:
// 1,000 cells with a format of 10,000 characters took a minute.
const MaxNumberFormat = 255

// ErrLimit is wrapped by errors for a workbook over its [Limits].
var ErrLimit = errors.New("over the limit")

// Read returns the rows of the sheet named sheet ("" for the first; in any
// case, as spreadsheets match sheet names) of the workbook src.
func Read(src []byte, sheet string, lim Limits) (s *Sheet, err error) {
	zr, err := zip.NewReader(bytes.NewReader(src), int64(len(src)))
	if err != nil {
		return nil, fmt.Errorf("not a readable workbook: %w", err)
	}
	if len(zr.File) > lim.Parts {
		return nil, fmt.Errorf("workbook has %d parts: %w of %d", len(zr.File), ErrLimit, lim.Parts)
	}
	var total uint64
	for _, f := range zr.File {
		total += f.UncompressedSize64
		if total > uint64(lim.Unzipped) {
			return nil, fmt.Errorf("workbook unpacks to more than %d bytes: %w", lim.Unzipped, ErrLimit)
		}
	}
	// the library parses the shared strings whole, before any cell is read:
	// more of them than twice the text a sheet may hold (their markup
	// counted) is refused unread
	if f := find(zr, "xl/sharedstrings.xml"); f != nil && f.UncompressedSize64 > 2*uint64(lim.Text) {
		return nil, fmt.Errorf("workbook's shared strings unpack to more than %d bytes, twice the text of a sheet: %w", 2*lim.Text, ErrLimit)
	}
	if err := checkNumberFormats(zr); err != nil {
		return nil, err
	}
	// the library ignores a part that unpacks to more than it declares (Go's
	// zip reader stops there) or fails its checksum: it would read a
	// truncated sheet without a word
	for _, f := range zr.File {
		if err := check(f); err != nil {
			return nil, fmt.Errorf("workbook is damaged: %s: %w", f.Name, err)
		}
	}
	defer func() {
		// the library is large and parses hostile XML; a panic in it must
		// not take deckpress down
		if r := recover(); r != nil {
			s, err = nil, fmt.Errorf("cannot read workbook: %v", r)
		}
	}()
	f, err := excelize.OpenReader(bytes.NewReader(src), excelize.Options{UnzipSizeLimit: lim.Unzipped, UnzipXMLSizeLimit: lim.Unzipped})
	if err != nil {
		return nil, fmt.Errorf("not a readable workbook: %w", err)
	}
	defer f.Close()
	names := f.GetSheetList()
	if len(names) == 0 {
		return nil, errors.New("workbook has no sheet")
	}
	name := names[0]
	if sheet != "" {
		// a spreadsheet's sheet names are unique regardless of case
		i := slices.IndexFunc(names, func(n string) bool { return strings.EqualFold(n, sheet) })
		if i < 0 {
			return nil, &NoSheetError{Name: sheet, Sheets: names}
		}
		name = names[i]
	}
	if n := utf8.RuneCountInString(name); n > MaxSheetName {
		return nil, fmt.Errorf("sheet %s has a name of %d characters; spreadsheet programs allow at most %d", excerpt.Quote(name), n, MaxSheetName)
	}
	s = &Sheet{Name: name}
	if err := readRows(f, s, lim); err != nil {
		return nil, err
	}
	if err := markUncached(zr, s); err != nil {
		return nil, err
	}
	return s, nil
}

// check unpacks a part, to nowhere: Go's zip reader fails on a part longer
// than declared or with a wrong checksum.
func check(f *zip.File) error {
	rc, err := f.Open()
	if err != nil {
		return err
	}
	defer rc.Close()
	_, err = io.Copy(io.Discard, rc)
	return err
}

// readRows streams the sheet's rows, within the limits.
func readRows(f *excelize.File, s *Sheet, lim Limits) error {
	rows, err := f.Rows(s.Name)
	if err != nil {
		return fmt.Errorf("sheet %s: %w", excerpt.Quote(s.Name), err)
	}
	defer rows.Close()
	cells, text := 0, 0
	for n := 1; rows.Next(); n++ {
		if n > lim.Rows {
			return fmt.Errorf("sheet %s has more than %d rows: %w", excerpt.Quote(s.Name), lim.Rows, ErrLimit)
		}
		cols, err := rows.Columns()
		if err != nil {
			return fmt.Errorf("sheet %s row %d: %w", excerpt.Quote(s.Name), n, err)
		}
		if cells += len(cols); cells > lim.Cells {
			return fmt.Errorf("sheet %s has more than %d cells: %w", excerpt.Quote(s.Name), lim.Cells, ErrLimit)
		}
		if len(cols) == 0 {
			continue
		}
		r := Row{Number: n, Cells: make([]Cell, len(cols))}
		for i, v := range cols {
			if text += len(v); text > lim.Text {
				return fmt.Errorf("sheet %s has more than %d bytes of text in its cells (at row %d): %w", excerpt.Quote(s.Name), lim.Text, n, ErrLimit)
			}
			r.Cells[i].Value = v
		}
		s.Rows = append(s.Rows, r)
	}
	return rows.Error()
}

// markUncached marks the cells that hold a formula saved without its
// value. The library's per-cell formula look-up builds the whole sheet's
// model for each call (seconds for a sheet of 100,000 rows), so the sheet's
// part is scanned once here instead, as a stream.
func markUncached(zr *zip.Reader, s *Sheet) error {
	part, err := sheetPart(zr, s.Name)
	if err != nil {
		return err
	}
	rc, err := part.Open()
	if err != nil {
		return err
	}
	defer rc.Close()
	uncached, err := scanFormulas(xml.NewDecoder(rc))
	if err != nil {
		return fmt.Errorf("sheet %s: %w", excerpt.Quote(s.Name), err)
	}
	for i := range s.Rows {
		r := &s.Rows[i]
		for j := range r.Cells {
			if r.Cells[j].Value == "" && uncached[[2]int{r.Number, j + 1}] {
				r.Cells[j].Uncached = true
			}
		}
	}
	return nil
}

// scanFormulas returns the cells (row, column) of a worksheet's XML that
// hold a formula (<f>) and no value (<v>).
func scanFormulas(d *xml.Decoder) (map[[2]int]bool, error) {
	out := map[[2]int]bool{}
	row, col := 0, 0
	var formula, value, inV bool
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			switch t.Name.Local {
			case "row":
				row++
				if n, err := strconv.Atoi(attr(t, "r")); err == nil {
					row = n
				}
				col = 0
			case "c":
				col++
				if c, r, err := excelize.CellNameToCoordinates(attr(t, "r")); err == nil {
					col, row = c, r
				}
				formula, value = false, false
			case "f":
				formula = true
			case "v":
				inV = true
			}
		case xml.CharData:
			value = value || inV && len(bytes.TrimSpace(t)) > 0
		case xml.EndElement:
			switch t.Name.Local {
			case "v":
				inV = false
			case "c":
				if formula && !value {
					out[[2]int{row, col}] = true
				}
			}
		}
	}
}

func attr(e xml.StartElement, name string) string {
	for _, a := range e.Attr {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

// sheetPart finds a sheet's part in the archive: its relationship id in
// xl/workbook.xml, that id's target in the workbook's relationships.
func sheetPart(zr *zip.Reader, name string) (*zip.File, error) {
	var book struct {
		Sheets []struct {
			Name string `xml:"name,attr"`
			ID   string `xml:"http://schemas.openxmlformats.org/officeDocument/2006/relationships id,attr"`
		} `xml:"sheets>sheet"`
	}
	var rels struct {
		Rel []struct {
			ID     string `xml:"Id,attr"`
			Target string `xml:"Target,attr"`
		} `xml:"Relationship"`
	}
	if err := decodePart(zr, "xl/workbook.xml", &book); err != nil {
		return nil, err
	}
	if err := decodePart(zr, "xl/_rels/workbook.xml.rels", &rels); err != nil {
		return nil, err
	}
	for _, sh := range book.Sheets {
		if sh.Name != name {
			continue
		}
		for _, r := range rels.Rel {
			if r.ID != sh.ID {
				continue
			}
			target := strings.TrimPrefix(r.Target, "/")
			if !strings.HasPrefix(target, "xl/") {
				target = path.Join("xl", target)
			}
			if f := find(zr, target); f != nil {
				return f, nil
			}
		}
	}
	return nil, fmt.Errorf("workbook has no part for sheet %s", excerpt.Quote(name))
}

func find(zr *zip.Reader, name string) *zip.File {
	for _, f := range zr.File {
		if strings.EqualFold(strings.ReplaceAll(f.Name, "\\", "/"), name) {
			return f
		}
	}
	return nil
}

func decodePart(zr *zip.Reader, name string, v any) error {
	f := find(zr, name)
	if f == nil {
		return fmt.Errorf("workbook has no %s", name)
	}
	rc, err := f.Open()
	if err != nil {
		return err
	}
	defer rc.Close()
	if err := xml.NewDecoder(rc).Decode(v); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}

// checkNumberFormats refuses a workbook whose styles hold a number format
// longer than MaxNumberFormat, before the library reads it.
func checkNumberFormats(zr *zip.Reader) error {
	for _, f := range zr.File {
		if !strings.EqualFold(path.Base(f.Name), "styles.xml") {
			continue
		}
		rc, err := f.Open()
		if err != nil {
			return fmt.Errorf("workbook is damaged: %s: %w", f.Name, err)
		}
		err = longFormat(xml.NewDecoder(rc))
		rc.Close()
		if err != nil {
			return err
		}
	}
	return nil
}

// longFormat returns an error for the first number format of a styles
// part longer than MaxNumberFormat; a part that is not XML is left to the
// library to refuse.
func longFormat(d *xml.Decoder) error {
	for {
		tok, err := d.Token()
		if err != nil {
			return nil
		}
		el, ok := tok.(xml.StartElement)
		if !ok || el.Name.Local != "numFmt" {
			continue
		}
		for _, a := range el.Attr {
			if n := utf8.RuneCountInString(a.Value); a.Name.Local == "formatCode" && n > MaxNumberFormat {
				return fmt.Errorf("workbook has a number format of %d characters; spreadsheet programs allow at most %d: %w", n, MaxNumberFormat, ErrLimit)
			}
		}
	}
}
