package pdf

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/output"
	"github.com/deckpress/deckpress/templates"
)

// render writes a two-page document with a picture and some text.
func render(t *testing.T, sides output.Sides) []byte {
	t.Helper()
	face := &templates.Face{Ops: []templates.Op{&templates.ImageOp{Image: testPicture(t), Box: layout.Rect{X: 10, Y: 10, W: 20, H: 20}}}}
	page := output.Page{Size: layout.Size{W: 100, H: 150}, Layers: []output.Layer{{Transform: layout.Identity, Face: face}}}
	file, err := Render(&output.Document{Title: "t", Sides: sides, Pages: []output.Page{page, page}})
	if err != nil {
		t.Fatal(err)
	}
	return file
}

// TestViewerPreferences: the catalog tells viewers to print at actual
// size and, for sheets printed on both sides, which edge to turn them
// over on (ISO 32000-1, table 150); the header says a version that has
// those keys (1.7 for Duplex); the catalog has no empty name tree; and
// the rewritten file is still whole: startxref points at the table, and
// every entry of the table at its object.
func TestViewerPreferences(t *testing.T) {
	tests := []struct {
		sides output.Sides
		want  string
	}{
		{output.OneSided, "/Simplex"},
		{output.LongEdge, "/DuplexFlipLongEdge"},
		{output.ShortEdge, "/DuplexFlipShortEdge"},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			file := render(t, tt.sides)
			if !bytes.HasPrefix(file, []byte("%PDF-1.7\n")) {
				t.Errorf("header %q, want %%PDF-1.7", file[:9])
			}
			objects := checkStructure(t, file)
			cat := objects[rootOf(t, file)]
			want := "/ViewerPreferences << /PrintScaling /None /Duplex " + tt.want + " >>"
			if !strings.Contains(cat, want) {
				t.Errorf("catalog %q lacks %q", cat, want)
			}
			if !strings.Contains(cat, "/Type /Catalog") || !strings.Contains(cat, "/Pages ") {
				t.Errorf("catalog %q lost fpdf's entries", cat)
			}
			if strings.Contains(cat, "/Names") || strings.Contains(cat, "/EmbeddedFiles") {
				t.Errorf("catalog %q has an empty name tree", cat)
			}
		})
	}
}

// checkStructure checks a file's cross-reference table against its bytes
// and returns its objects' text by number.
func checkStructure(t *testing.T, file []byte) map[int]string {
	t.Helper()
	m := regexp.MustCompile(`startxref\n(\d+)\n%%EOF\n$`).FindSubmatch(file)
	if m == nil {
		t.Fatalf("file does not end in startxref and %%%%EOF: %q", file[max(0, len(file)-60):])
	}
	xref, _ := strconv.Atoi(string(m[1]))
	if !bytes.HasPrefix(file[xref:], []byte("xref\n0 ")) {
		t.Fatalf("startxref %d points at %q", xref, file[xref:min(len(file), xref+10)])
	}
	var n int
	fmt.Sscanf(string(file[xref:]), "xref\n0 %d\n", &n)
	entries := regexp.MustCompile(`(\d{10}) 00000 n \n`).FindAllSubmatch(file[xref:], -1)
	if len(entries) != n-1 {
		t.Fatalf("the table has %d entries in use, its header says %d", len(entries), n-1)
	}
	objects := map[int]string{}
	for i, e := range entries {
		off, _ := strconv.Atoi(string(e[1]))
		head := fmt.Sprintf("%d 0 obj\n", i+1)
		if !bytes.HasPrefix(file[off:], []byte(head)) {
			t.Fatalf("entry %d: offset %d points at %q", i+1, off, file[off:min(len(file), off+20)])
		}
		end := bytes.Index(file[off:], []byte("endobj"))
		objects[i+1] = string(file[off+len(head) : off+end])
	}
	return objects
}

func rootOf(t *testing.T, file []byte) int {
	t.Helper()
	m := regexp.MustCompile(`trailer\n<<[^>]*/Root (\d+) 0 R`).FindSubmatch(file)
	if m == nil {
		t.Fatal("no /Root in the trailer")
	}
	n, _ := strconv.Atoi(string(m[1]))
	return n
}

// TestFinishCatalogRefuses: a file laid out otherwise than fpdf does
// today is an error, never a file with a broken cross-reference table.
func TestFinishCatalogRefuses(t *testing.T) {
	var good []byte
	{
		w := New("t", output.OneSided)
		w.BeginPage(layout.Size{W: 10, H: 10}, nil)
		var buf bytes.Buffer
		if err := w.pdf.Output(&buf); err != nil {
			t.Fatal(err)
		}
		good = buf.Bytes()
	}
	if _, err := finishCatalog(good, ""); err != nil {
		t.Fatalf("fpdf's own file: %v", err)
	}
	tests := []struct {
		name string
		file []byte
	}{
		{"not a PDF", []byte("hello")},
		{"header only", []byte("%PDF-1.")},
		{"no startxref", bytes.ReplaceAll(good, []byte("startxref"), []byte("startxreg"))},
		{"startxref not a number", regexp.MustCompile(`startxref\n\d+`).ReplaceAll(bytes.Clone(good), []byte("startxref\nabc"))},
		{"startxref unfinished", good[:bytes.LastIndex(good, []byte("\n%%EOF"))]},
		{"catalog offset not a number", badCatalogOffset(good)},
		{"startxref off the table", regexp.MustCompile(`startxref\n\d+`).ReplaceAll(bytes.Clone(good), []byte("startxref\n17"))},
		{"no root", bytes.ReplaceAll(good, []byte("/Root"), []byte("/Rook"))},
		{"root beyond the table", regexp.MustCompile(`/Root \d+`).ReplaceAll(bytes.Clone(good), []byte("/Root 999"))},
		{"root not the last object", regexp.MustCompile(`/Root \d+`).ReplaceAll(bytes.Clone(good), []byte("/Root 1"))},
		{"an object after the catalog", objectAfterCatalog(good)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := finishCatalog(tt.file, ""); !errors.Is(err, errLayout) {
				t.Errorf("got %v, want %v", err, errLayout)
			}
		})
	}
}

// badCatalogOffset spoils the catalog's (the last) table entry.
func badCatalogOffset(file []byte) []byte {
	out := bytes.Clone(file)
	at := bytes.LastIndex(out, []byte(" 00000 n \ntrailer"))
	copy(out[at-10:at], "00000x0000")
	return out
}

// objectAfterCatalog inserts an object between the catalog and the
// table, and moves startxref with the table.
func objectAfterCatalog(file []byte) []byte {
	at := bytes.LastIndex(file, []byte("\nxref\n")) + 1
	extra := []byte("99 0 obj\n<<\n>>\nendobj\n")
	out := slices.Concat(file[:at], extra, file[at:])
	return regexp.MustCompile(`startxref\n\d+`).ReplaceAll(out, []byte("startxref\n"+strconv.Itoa(at+len(extra))))
}
