package pdf

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/deckpress/deckpress/templates/draw"
)

// viewerPreferences is the catalog entry that tells a viewer's print
// dialog to print at actual size and how to turn the sheet over
// (ISO 32000-1, table 150: PrintScaling is PDF 1.6, Duplex PDF 1.7).
func viewerPreferences(s draw.Sides) string {
	duplex := "/Simplex"
	switch s {
	case draw.LongEdge:
		duplex = "/DuplexFlipLongEdge"
	case draw.ShortEdge:
		duplex = "/DuplexFlipShortEdge"
	}
	return "/ViewerPreferences << /PrintScaling /None /Duplex " + duplex + " >>\n"
}

// subsetName is the PostScript name of a font subset (ISO 32000-1,
// 9.6.4): a tag of six capital letters that depends on the subset, a plus
// sign, and the font's name, reduced to characters that need no escape
// in a PDF name.
func subsetName(name string, runes map[rune]bool) string {
	h := sha256.New()
	h.Write([]byte(name))
	for _, r := range slices.Sorted(maps.Keys(runes)) {
		h.Write([]byte(string(r)))
	}
	var tag [6]byte
	for i, b := range h.Sum(nil)[:6] {
		tag[i] = 'A' + b%26
	}
	clean := strings.Map(func(r rune) rune {
		if r == '-' || r == '_' || r == '.' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' {
			return r
		}
		return '-'
	}, name)
	return string(tag[:]) + "+" + clean
}

// minorVersion is the PDF version, 1.x, that the viewer preferences need.
const minorVersion = '7'

var (
	rootRef = regexp.MustCompile(`/Root (\d+) 0 R`)
	// fpdf writes an embedded-files name tree, and the names dictionary
	// holding it, even when there is nothing in it.
	emptyEmbeddedFiles = regexp.MustCompile(`/EmbeddedFiles\s*<<\s*/Names\s*\[\s*\]\s*>>\s*`)
	emptyNames         = regexp.MustCompile(`/Names\s*<<\s*>>\s*`)
	// fpdf names a font "utf8" and its family key: the font dictionaries
	// and the font descriptor carry the name.
	fpdfFontName = regexp.MustCompile(`(/BaseFont|/FontName) /(utf8[0-9a-z]+)\b`)
)

// errLayout means fpdf wrote the file differently from what finish knows.
var errLayout = errors.New("unexpected file layout from fpdf")

// finish rewrites a file fpdf wrote, which has no hook for these: it adds
// entries to the catalog and drops the catalog's empty name trees,
// renames fonts as fonts says (fpdf's name → the subset's name), raises
// the header's version to 1.7, and writes the cross-reference table anew.
// Only object dictionaries change, never stream data.
func finish(file []byte, catalogEntries string, fonts map[string]string) ([]byte, error) {
	l, err := parseLayout(file)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.Write(file[:l.objects[0].off])
	if b.Bytes()[len("%PDF-1.")] < minorVersion {
		b.Bytes()[len("%PDF-1.")] = minorVersion
	}
	offsets := make([]int, len(l.objects)+1)
	for _, o := range l.objects {
		obj := file[o.off:o.end]
		head, data := obj, []byte(nil)
		if i := bytes.Index(obj, []byte("\nstream\n")); i >= 0 {
			head, data = obj[:i+1], obj[i+1:]
		}
		if o.num == l.root {
			if head, err = editCatalog(head, o.num, catalogEntries); err != nil {
				return nil, err
			}
		}
		var unknown []byte
		head = fpdfFontName.ReplaceAllFunc(head, func(m []byte) []byte {
			sm := fpdfFontName.FindSubmatch(m)
			name, ok := fonts[string(sm[2])]
			if !ok {
				unknown = sm[2]
				return m
			}
			return slices.Concat(sm[1], []byte(" /"+name))
		})
		if unknown != nil {
			return nil, fmt.Errorf("%w: a font deckpress did not register: %s", errLayout, unknown)
		}
		offsets[o.num] = b.Len()
		b.Write(head)
		b.Write(data)
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(offsets))
	for _, off := range offsets[1:] {
		fmt.Fprintf(&b, "%010d 00000 n \n", off)
	}
	b.Write(l.trailer)
	fmt.Fprintf(&b, "startxref\n%d\n%%%%EOF\n", xref)
	return b.Bytes(), nil
}

// editCatalog adds entries to the catalog object and drops its empty
// name trees.
func editCatalog(obj []byte, num int, entries string) ([]byte, error) {
	open, closing := fmt.Sprintf("%d 0 obj\n<<\n", num), ">>\nendobj\n"
	if !bytes.HasPrefix(obj, []byte(open)) || !bytes.HasSuffix(obj, []byte(closing)) {
		return nil, fmt.Errorf("%w: catalog %d is not a dictionary object", errLayout, num)
	}
	dict := obj[len(open) : len(obj)-len(closing)]
	dict = emptyEmbeddedFiles.ReplaceAll(dict, nil)
	dict = emptyNames.ReplaceAll(dict, nil)
	return slices.Concat([]byte(open), dict, []byte(entries), []byte(closing)), nil
}

// fileLayout is where fpdf put things: its objects in file order, each up to
// the next (or the table), the trailer dictionary and the catalog.
type fileLayout struct {
	objects []object
	trailer []byte // "trailer" up to "startxref"
	root    int
}

type object struct{ num, off, end int }

// parseLayout reads a file's cross-reference table (one section, as fpdf
// writes) and checks that every entry is at its object.
func parseLayout(file []byte) (*fileLayout, error) {
	if !bytes.HasPrefix(file, []byte("%PDF-1.")) {
		return nil, fmt.Errorf("%w: no PDF header", errLayout)
	}
	start := bytes.LastIndex(file, []byte("\nstartxref\n"))
	if start < 0 {
		return nil, fmt.Errorf("%w: no startxref", errLayout)
	}
	start++
	tail := file[start+len("startxref\n"):]
	end := bytes.IndexByte(tail, '\n')
	if end < 0 {
		return nil, fmt.Errorf("%w: no cross-reference offset", errLayout)
	}
	xref, err := strconv.Atoi(string(tail[:end]))
	if err != nil || xref <= 0 || xref >= start {
		return nil, fmt.Errorf("%w: no cross-reference table at startxref", errLayout)
	}
	var n int
	if _, err := fmt.Sscanf(string(file[xref:start]), "xref\n0 %d\n", &n); err != nil || n < 2 {
		return nil, fmt.Errorf("%w: no cross-reference table at startxref", errLayout)
	}
	head := fmt.Sprintf("xref\n0 %d\n0000000000 65535 f \n", n)
	if !bytes.HasPrefix(file[xref:], []byte(head)) {
		return nil, fmt.Errorf("%w: the cross-reference table does not start with object 0", errLayout)
	}
	entries := file[xref+len(head):]
	const entry = 20 // "0000001240 00000 n \n"
	if len(entries) < (n-1)*entry || !bytes.HasPrefix(entries[(n-1)*entry:], []byte("trailer\n")) {
		return nil, fmt.Errorf("%w: the cross-reference table is not followed by the trailer", errLayout)
	}
	l := &fileLayout{trailer: entries[(n-1)*entry : start-xref-len(head)]}
	for i := 1; i < n; i++ {
		e := entries[(i-1)*entry : i*entry]
		off, err := strconv.Atoi(string(e[:10]))
		if err != nil || string(e[10:]) != " 00000 n \n" || off <= 0 || off >= xref ||
			!bytes.HasPrefix(file[off:], []byte(strconv.Itoa(i)+" 0 obj\n")) {
			return nil, fmt.Errorf("%w: cross-reference entry %d is not at its object", errLayout, i)
		}
		l.objects = append(l.objects, object{num: i, off: off})
	}
	slices.SortFunc(l.objects, func(a, b object) int { return a.off - b.off })
	for i := range l.objects {
		l.objects[i].end = xref
		if i+1 < len(l.objects) {
			l.objects[i].end = l.objects[i+1].off
		}
	}
	m := rootRef.FindSubmatch(l.trailer)
	if m == nil {
		return nil, fmt.Errorf("%w: no /Root in the trailer", errLayout)
	}
	l.root, _ = strconv.Atoi(string(m[1]))
	if l.root < 1 || l.root >= n {
		return nil, fmt.Errorf("%w: catalog %d is not in the cross-reference table", errLayout, l.root)
	}
	return l, nil
}
