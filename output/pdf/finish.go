package pdf

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/xml"
	"errors"
	"fmt"
	"hash"
	"io"
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
func subsetName(name string, runes []rune) string {
	h := sha256.New()
	h.Write([]byte(name))
	for _, r := range runes {
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

// printScaling is the viewer preference of a PDF/X-4 file: PDF 1.6 has
// PrintScaling but not Duplex.
const printScaling = "/ViewerPreferences << /PrintScaling /None >>\n"

// srgbName names the output condition and the profile.
const srgbName = "sRGB IEC61966-2.1"

// x4Info are the document information entries of PDF/X-4: the version
// (as PDF/X-1a and X-3 readers look for it) and the trapping state.
const x4Info = "/GTS_PDFXVersion (PDF/X-4)\n/Trapped /False\n"

// xmpX4 is the metadata stream of a PDF/X-4 file, agreeing with the
// document information dictionary (title, fixed dates, producer).
func xmpX4(title string) []byte {
	var esc strings.Builder
	xml.EscapeText(&esc, []byte(title))
	id := sha256.Sum256([]byte(title))
	uuid := fmt.Sprintf("uuid:%x-%x-%x-%x-%x", id[0:4], id[4:6], id[6:8], id[8:10], id[10:16])
	return []byte(`<?xpacket begin="` + "\ufeff" + `" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about=""
 xmlns:dc="http://purl.org/dc/elements/1.1/"
 xmlns:xmp="http://ns.adobe.com/xap/1.0/"
 xmlns:pdf="http://ns.adobe.com/pdf/1.3/"
 xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"
 xmlns:pdfxid="http://www.npes.org/pdfx/ns/id/">
<dc:format>application/pdf</dc:format>
<dc:title><rdf:Alt><rdf:li xml:lang="x-default">` + esc.String() + `</rdf:li></rdf:Alt></dc:title>
<xmp:CreateDate>2000-01-01T00:00:00Z</xmp:CreateDate>
<xmp:ModifyDate>2000-01-01T00:00:00Z</xmp:ModifyDate>
<xmp:MetadataDate>2000-01-01T00:00:00Z</xmp:MetadataDate>
<xmp:CreatorTool>deckpress</xmp:CreatorTool>
<pdf:Producer>deckpress</pdf:Producer>
<pdf:Trapped>False</pdf:Trapped>
<xmpMM:DocumentID>` + uuid + `</xmpMM:DocumentID>
<xmpMM:InstanceID>` + uuid + `</xmpMM:InstanceID>
<xmpMM:VersionID>1</xmpMM:VersionID>
<xmpMM:RenditionClass>default</xmpMM:RenditionClass>
<pdfxid:GTS_PDFXVersion>PDF/X-4</pdfxid:GTS_PDFXVersion>
</rdf:Description>
</rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`)
}

var (
	rootRef = regexp.MustCompile(`/Root (\d+) 0 R`)
	// fpdf writes a page's boxes from a map, in a different order each
	// time: finish sorts them
	pageBoxes = regexp.MustCompile(`(?:/(?:Trim|Bleed|Crop|Art)Box \[[^\]\n]*\]\n){2,}`)
	infoRef   = regexp.MustCompile(`/Info (\d+) 0 R`)
	// the streams fpdf compresses when its compression is on: a page's
	// contents and an indexed picture's palette
	compressedRef = regexp.MustCompile(`/Contents (\d+) 0 R|/Indexed /DeviceRGB \d+ (\d+) 0 R`)
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
// adds info entries to the document information dictionary (and, with
// them, a document ID to the trailer and time zones to its dates:
// PDF/X), renames fonts as fonts says (fpdf's name → the subset's name),
// sets the header's version to 1.version, and writes the cross-reference
// table anew.
// Each page's contents are what pages gives, in page order, compressed
// (fpdf's own are dropped); pages nil, or out of pages, leaves fpdf's
// contents. The streams that fpdf compresses when asked (page contents
// left as they are, and palettes) it writes plain here, and finish
// compresses them, at fpdf's level. Only object dictionaries change, and
// stream data only by compression. The result is written to w as it is
// made.
func finish(w io.Writer, file []byte, catalogEntries string, fonts map[string]string, version byte, info string, pages func() ([]byte, bool)) error {
	l, err := parseLayout(file)
	if err != nil {
		return err
	}
	if info != "" {
		// fpdf writes an output intent's profile after the document
		// information and then points the trailer's /Info at the profile:
		// find the dictionary by its first entry and point there
		for _, o := range l.objects {
			if bytes.HasPrefix(file[o.off:], []byte(fmt.Sprintf("%d 0 obj\n<<\n/Producer ", o.num))) {
				l.info = o.num
			}
		}
		if l.info == 0 {
			return fmt.Errorf("%w: no document information dictionary", errLayout)
		}
		l.trailer = infoRef.ReplaceAll(l.trailer, []byte(fmt.Sprintf("/Info %d 0 R", l.info)))
	}
	cw := &countingWriter{w: bufio.NewWriterSize(w, 64<<10)}
	if info != "" {
		cw.sum = sha256.New() // for the document ID
	}
	header := bytes.Clone(file[:l.objects[0].off])
	header[len("%PDF-1.")] = version
	cw.Write(header)
	offsets := make([]int64, len(l.objects)+1)
	d := spareDeflater()
	defer keepDeflater(d)
	for _, o := range l.objects {
		if cw.err != nil {
			return cw.err // the rest need not be made
		}
		obj := file[o.off:o.end]
		head, data := obj, []byte(nil)
		if i := bytes.Index(obj, []byte("\nstream\n")); i >= 0 {
			head, data = obj[:i+1], obj[i+1:]
		}
		if o.num == l.root {
			if head, err = editCatalog(head, o.num, catalogEntries); err != nil {
				return err
			}
		}
		if bytes.Contains(head, []byte("Box [")) {
			head = pageBoxes.ReplaceAllFunc(head, sortLines)
		}
		if o.num == l.info && info != "" {
			if head, err = editInfo(head, o.num, info); err != nil {
				return err
			}
		}
		var unknown []byte
		if bytes.Contains(head, []byte(" /utf8")) { // the regular expressions only where they can match
			head = fpdfFontName.ReplaceAllFunc(head, func(m []byte) []byte {
				sm := fpdfFontName.FindSubmatch(m)
				name, ok := fonts[string(sm[2])]
				if !ok {
					unknown = sm[2]
					return m
				}
				return slices.Concat(sm[1], []byte(" /"+name))
			})
		}
		if unknown != nil {
			return fmt.Errorf("%w: a font deckpress did not register: %s", errLayout, unknown)
		}
		if l.compress[o.num] {
			raw, err := plainStream(head, data)
			if err != nil {
				return err
			}
			if page, ok := pageContents(l, o.num, pages); ok {
				raw = page
			} else {
				raw = d.compress(raw)
			}
			head = fmt.Appendf(nil, "%d 0 obj\n<</Filter /FlateDecode /Length %d>>\n", o.num, len(raw))
			data = slices.Concat([]byte("stream\n"), raw, []byte("\nendstream\nendobj\n"))
		}
		offsets[o.num] = cw.n
		cw.Write(head)
		cw.Write(data)
	}
	xref := cw.n
	fmt.Fprintf(cw, "xref\n0 %d\n0000000000 65535 f \n", len(offsets))
	for _, off := range offsets[1:] {
		fmt.Fprintf(cw, "%010d 00000 n \n", off)
	}
	trailer := l.trailer
	if info != "" {
		// a document ID made of the content, so that it is reproducible
		sum := cw.sum.Sum(nil)
		id := fmt.Sprintf("/ID [<%x> <%x>]\n>>", sum[:16], sum[:16])
		end := bytes.LastIndex(trailer, []byte(">>"))
		if end < 0 {
			return fmt.Errorf("%w: the trailer is not a dictionary", errLayout)
		}
		trailer = slices.Concat(trailer[:end], []byte(id), trailer[end+2:])
	}
	cw.Write(trailer)
	fmt.Fprintf(cw, "startxref\n%d\n%%%%EOF\n", xref)
	return cw.flush()
}

// pageContents is the next page's compressed contents from pages, when
// object num is a page's contents and pages has one.
func pageContents(l *fileLayout, num int, pages func() ([]byte, bool)) ([]byte, bool) {
	if !l.contents[num] || pages == nil {
		return nil, false
	}
	return pages()
}

// sortLines sorts lines that each end in a line break.
func sortLines(b []byte) []byte {
	lines := bytes.SplitAfter(b, []byte("\n"))
	slices.SortFunc(lines, bytes.Compare)
	return bytes.Join(lines, nil)
}

// countingWriter counts the bytes written through it, and hashes them
// when sum is set (the document ID of PDF/X is the hash of the file up to
// its trailer); it keeps the first error, so that the file can be written
// without checking every write.
type countingWriter struct {
	w   *bufio.Writer
	sum hash.Hash
	n   int64
	err error
}

func (c *countingWriter) Write(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(p)
	if c.sum != nil {
		c.sum.Write(p[:n])
	}
	c.n += int64(n)
	c.err = err
	return n, err
}

func (c *countingWriter) flush() error {
	if c.err != nil {
		return c.err
	}
	return c.w.Flush()
}

// plainHead is the dictionary fpdf writes before a stream it did not
// compress: its length and nothing else.
var plainHead = regexp.MustCompile(`^\d+ 0 obj\n<</Length (\d+)>>\n$`)

// plainStream returns the data of a stream fpdf wrote plain: head is
// "N 0 obj\n<</Length L>>\n", data "stream\n" L bytes "\nendstream\nendobj\n".
func plainStream(head, data []byte) ([]byte, error) {
	m := plainHead.FindSubmatch(head)
	const open, closing = "stream\n", "\nendstream\nendobj\n"
	if m == nil || !bytes.HasPrefix(data, []byte(open)) || !bytes.HasSuffix(data, []byte(closing)) {
		return nil, fmt.Errorf("%w: a stream to compress is not as fpdf writes it", errLayout)
	}
	raw := data[len(open) : len(data)-len(closing)]
	if n, _ := strconv.Atoi(string(m[1])); n != len(raw) {
		return nil, fmt.Errorf("%w: a stream's length is not its /Length", errLayout)
	}
	return raw, nil
}

// fpdfDate is how fpdf writes a date: without a time zone.
var fpdfDate = regexp.MustCompile(`\(D:(\d{14})\)`)

// editInfo adds entries to the document information dictionary and says
// that its dates are UTC (as fixedDate is, and as the XMP says).
func editInfo(obj []byte, num int, entries string) ([]byte, error) {
	open, closing := fmt.Sprintf("%d 0 obj\n<<\n", num), ">>\nendobj\n"
	if !bytes.HasPrefix(obj, []byte(open)) || !bytes.HasSuffix(obj, []byte(closing)) {
		return nil, fmt.Errorf("%w: document information %d is not a dictionary object", errLayout, num)
	}
	dict := fpdfDate.ReplaceAll(obj[len(open):len(obj)-len(closing)], []byte("(D:${1}Z)"))
	return slices.Concat([]byte(open), dict, []byte(entries), []byte(closing)), nil
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
	objects  []object
	trailer  []byte // "trailer" up to "startxref"
	root     int
	info     int          // the document information (set by finish)
	compress map[int]bool // the objects whose streams fpdf compresses when asked: page contents, palettes
	contents map[int]bool // the objects that are page contents
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
	l.compress, l.contents = map[int]bool{}, map[int]bool{}
	for _, o := range l.objects {
		head := file[o.off:o.end]
		if i := bytes.Index(head, []byte("\nstream\n")); i >= 0 {
			head = head[:i]
		}
		for _, m := range compressedRef.FindAllSubmatch(head, -1) {
			n, _ := strconv.Atoi(string(m[1]) + string(m[2]))
			l.compress[n] = true
			l.contents[n] = l.contents[n] || len(m[1]) > 0
		}
	}
	if l.root < 1 || l.root >= n {
		return nil, fmt.Errorf("%w: catalog %d is not in the cross-reference table", errLayout, l.root)
	}
	return l, nil
}
