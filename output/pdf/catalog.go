package pdf

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"strconv"

	"github.com/deckpress/deckpress/output"
)

// viewerPreferences is the catalog entry that tells a viewer's print
// dialog to print at actual size and how to turn the sheet over
// (ISO 32000-1, table 150: PrintScaling is PDF 1.6, Duplex PDF 1.7).
func viewerPreferences(s output.Sides) string {
	duplex := "/Simplex"
	switch s {
	case output.LongEdge:
		duplex = "/DuplexFlipLongEdge"
	case output.ShortEdge:
		duplex = "/DuplexFlipShortEdge"
	}
	return "/ViewerPreferences << /PrintScaling /None /Duplex " + duplex + " >>\n"
}

// minorVersion is the PDF version, 1.x, that the viewer preferences need.
const minorVersion = '7'

var (
	rootRef = regexp.MustCompile(`/Root (\d+) 0 R`)
	// fpdf writes an embedded-files name tree, and the names dictionary
	// holding it, even when there is nothing in it.
	emptyEmbeddedFiles = regexp.MustCompile(`/EmbeddedFiles\s*<<\s*/Names\s*\[\s*\]\s*>>\s*`)
	emptyNames         = regexp.MustCompile(`/Names\s*<<\s*>>\s*`)
)

// errLayout means fpdf wrote the end of the file differently from what
// finishCatalog knows.
var errLayout = errors.New("unexpected file layout from fpdf")

// finishCatalog adds entries to the catalog of a file fpdf wrote, drops
// its empty name trees and raises the header's version to 1.7.
// fpdf has no hook for the catalog, but it writes the catalog as the last
// object, just before the cross-reference table: rewriting it in place
// moves no other object, so the table stays as it is and only the offset
// after startxref changes.
func finishCatalog(file []byte, entries string) ([]byte, error) {
	const header = "%PDF-1."
	if !bytes.HasPrefix(file, []byte(header)) || len(file) <= len(header) {
		return nil, fmt.Errorf("%w: no PDF header", errLayout)
	}
	out := bytes.Clone(file)
	if out[len(header)] < minorVersion {
		out[len(header)] = minorVersion // one digit for another: no offset moves
	}
	start := bytes.LastIndex(out, []byte("\nstartxref\n"))
	if start < 0 {
		return nil, fmt.Errorf("%w: no startxref", errLayout)
	}
	start++
	tail := out[start+len("startxref\n"):]
	end := bytes.IndexByte(tail, '\n')
	if end < 0 {
		return nil, fmt.Errorf("%w: no cross-reference offset", errLayout)
	}
	xref, err := strconv.Atoi(string(tail[:end]))
	if err != nil || xref <= 0 || xref >= start || !bytes.HasPrefix(out[xref:], []byte("xref\n0 ")) {
		return nil, fmt.Errorf("%w: no cross-reference table at startxref", errLayout)
	}
	table := out[xref:start]
	m := rootRef.FindSubmatch(table)
	if m == nil {
		return nil, fmt.Errorf("%w: no /Root in the trailer", errLayout)
	}
	root, _ := strconv.Atoi(string(m[1]))
	// entries are 20 bytes each, after "xref" and the "0 n" line
	first := bytes.IndexByte(table[len("xref\n"):], '\n') + len("xref\n") + 1
	at := first + 20*root
	if at+10 > len(table) {
		return nil, fmt.Errorf("%w: catalog %d is not in the cross-reference table", errLayout, root)
	}
	catalog, err := strconv.Atoi(string(table[at : at+10]))
	if err != nil || catalog <= 0 || catalog >= xref {
		return nil, fmt.Errorf("%w: bad offset for catalog %d", errLayout, root)
	}
	obj := out[catalog:xref]
	open, closing := fmt.Sprintf("%d 0 obj\n<<\n", root), ">>\nendobj\n"
	if !bytes.HasPrefix(obj, []byte(open)) || !bytes.HasSuffix(obj, []byte(closing)) || bytes.Count(obj, []byte("endobj")) != 1 {
		return nil, fmt.Errorf("%w: the catalog is not the last object", errLayout)
	}
	dict := obj[len(open) : len(obj)-len(closing)]
	dict = emptyEmbeddedFiles.ReplaceAll(dict, nil)
	dict = emptyNames.ReplaceAll(dict, nil)

	var b bytes.Buffer
	b.Write(out[:catalog])
	b.WriteString(open)
	b.Write(dict)
	b.WriteString(entries)
	b.WriteString(closing)
	newXref := b.Len()
	b.Write(table)
	fmt.Fprintf(&b, "startxref\n%d\n%%%%EOF\n", newXref)
	return b.Bytes(), nil
}
