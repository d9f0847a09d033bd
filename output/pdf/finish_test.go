package pdf

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"codeberg.org/go-pdf/fpdf"

	"github.com/deckpress/deckpress/layout"

	"github.com/deckpress/deckpress/templates/draw"
	"github.com/deckpress/deckpress/templates/typeset"
)

// render writes a two-page document with a picture and some text.
func render(t *testing.T, sides draw.Sides) []byte {
	t.Helper()
	face := &draw.Face{Ops: []draw.Op{&draw.ImageOp{Image: testPicture(t), Box: layout.Rect{X: 10, Y: 10, W: 20, H: 20}}}}
	page := draw.Page{Size: layout.Size{W: 100, H: 150}, Layers: []draw.Layer{{Transform: layout.Identity, Face: face}}}
	file, err := renderBytes(&draw.Document{Title: "t", Sides: sides, Pages: []draw.Page{page, page}})
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
		sides draw.Sides
		want  string
	}{
		{draw.OneSided, "/Simplex"},
		{draw.LongEdge, "/DuplexFlipLongEdge"},
		{draw.ShortEdge, "/DuplexFlipShortEdge"},
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

// TestFinishRefuses: a file laid out otherwise than fpdf does today is
// an error, never a file with a broken cross-reference table.
func TestFinishRefuses(t *testing.T) {
	good := fpdfOutput(t, "")
	if err := finish(io.Discard, good, "", nil, minorVersion, "", nil); err != nil {
		t.Fatalf("fpdf's own file: %v", err)
	}
	startxref := regexp.MustCompile(`startxref\n\d+`)
	root := regexp.MustCompile(`/Root \d+`)
	tests := []struct {
		name string
		file []byte
	}{
		{"not a PDF", []byte("hello")},
		{"header only", []byte("%PDF-1.")},
		{"no startxref", bytes.ReplaceAll(good, []byte("startxref"), []byte("startxreg"))},
		{"startxref unfinished", good[:bytes.LastIndex(good, []byte("\n%%EOF"))]},
		{"startxref not a number", startxref.ReplaceAll(bytes.Clone(good), []byte("startxref\nabc"))},
		{"startxref off the table", startxref.ReplaceAll(bytes.Clone(good), []byte("startxref\n17"))},
		{"table without objects", replaceTable(good, "xref\n0 1\n0000000000 65535 f \n")},
		{"table not from object 0", bytes.Replace(bytes.Clone(good), []byte("65535 f "), []byte("65535 n "), 1)},
		{"table cut short", replaceTable(good, "xref\n0 99\n0000000000 65535 f \n")},
		{"table longer than it says", replaceTable(good, "xref\n0 2\n0000000000 65535 f \n")},
		{"entry off its object", offsetEntry(good, 1, 3)},
		{"entry not a number", spoilEntry(good, "00000x0000")},
		{"no root", bytes.ReplaceAll(good, []byte("/Root"), []byte("/Rook"))},
		{"root beyond the table", root.ReplaceAll(bytes.Clone(good), []byte("/Root 999"))},
		{"root not a dictionary", root.ReplaceAll(bytes.Clone(good), []byte("/Root 5"))}, // a stream
		{"a font deckpress did not register", fpdfOutput(t, "text")},
		{"page contents longer than their length", spoilContents(t, good, func(m []byte) { m[len(m)-1] = '0' + (m[len(m)-1]-'0'+1)%10 })},
		{"page contents not a plain stream", spoilContents(t, good, func(m []byte) { copy(m, "<</Lenxth") })},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := finish(io.Discard, tt.file, "", nil, minorVersion, "", nil); !errors.Is(err, errLayout) {
				t.Errorf("got %v, want %v", err, errLayout)
			}
		})
	}
}

// spoilContents changes, in place and keeping every offset, the length
// in the dictionary of the first page's contents, which spoil is given
// ("<</Length N").
func spoilContents(t *testing.T, file []byte, spoil func([]byte)) []byte {
	t.Helper()
	file = bytes.Clone(file)
	m := regexp.MustCompile(`/Contents (\d+) 0 R`).FindSubmatch(file)
	if m == nil {
		t.Fatal("no page contents")
	}
	loc := regexp.MustCompile(`\n` + string(m[1]) + ` 0 obj\n(<</Length \d+)>>\nstream\n`).FindSubmatchIndex(file)
	if loc == nil {
		t.Fatal("the page contents are not a plain stream")
	}
	spoil(file[loc[2]:loc[3]])
	return file
}

// renderBytes renders doc into memory.
func renderBytes(doc *draw.Document) ([]byte, error) { return renderBytesWith(Render, doc) }

// renderBytesWith renders doc into memory with render.
func renderBytesWith(render func(io.Writer, *draw.Document) error, doc *draw.Document) ([]byte, error) {
	var buf bytes.Buffer
	err := render(&buf, doc)
	return buf.Bytes(), err
}

// fpdfOutput is a small file as fpdf writes it, before finish: a picture
// and text, if any.
func fpdfOutput(t *testing.T, text string) []byte {
	t.Helper()
	ops := []draw.Op{&draw.ImageOp{Image: testPicture(t), Box: layout.Rect{X: 1, Y: 1, W: 5, H: 5}},
		&draw.TextOp{Font: typeset.NewFontSet().Fallback.Face(typeset.Regular), Size: 10, Colour: draw.Colour{A: 255}, X: 1, Y: 8, Text: text}}
	p := newPlan("t", false)
	draw.Draw(p, &draw.Document{Pages: []draw.Page{{Size: layout.Size{W: 10, H: 10}, Layers: []draw.Layer{{Transform: layout.Identity, Face: &draw.Face{Ops: ops}}}}}})
	p.calls.close()
	file, err := p.skeleton()
	if err != nil {
		t.Fatal(err)
	}
	return file
}

// replaceTable puts head where the table's first lines were.
func replaceTable(file []byte, head string) []byte {
	at := bytes.LastIndex(file, []byte("\nxref\n")) + 1
	end := bytes.Index(file[at:], []byte("65535 f \n")) + len("65535 f \n")
	return slices.Concat(file[:at], []byte(head), file[at+end:])
}

// tableEntry returns where entry i of the table is.
func tableEntry(file []byte, i int) int {
	at := bytes.LastIndex(file, []byte("\nxref\n")) + 1
	return at + bytes.Index(file[at:], []byte("65535 f \n")) + len("65535 f \n") + 20*(i-1)
}

// offsetEntry moves the offset of entry i by d.
func offsetEntry(file []byte, i, d int) []byte {
	out := bytes.Clone(file)
	at := tableEntry(out, i)
	off, _ := strconv.Atoi(string(out[at : at+10]))
	copy(out[at:], fmt.Sprintf("%010d", off+d))
	return out
}

// spoilEntry writes s over the offset of the table's first entry.
func spoilEntry(file []byte, s string) []byte {
	out := bytes.Clone(file)
	copy(out[tableEntry(out, 1):], s)
	return out
}

// fontNames returns the names of the fonts in a file, with how many
// times each is given.
func fontNames(file []byte) map[string]int {
	names := map[string]int{}
	for _, m := range regexp.MustCompile(`/(?:BaseFont|FontName) /([^\s/<>\[\]()]+)`).FindAllSubmatch(file, -1) {
		names[string(m[1])]++
	}
	return names
}

// TestSubsetFontNames: an embedded subset font is named with a tag of
// six capital letters, a plus sign and the font's name (ISO 32000-1,
// 9.6.4), the same name on its font dictionaries and its descriptor; the
// tag tells different subsets apart, and the same text gives the same
// file.
func TestSubsetFontNames(t *testing.T) {
	fam := typeset.NewFontSet().Fallback
	doc := func(text string) []byte {
		var ops []draw.Op
		for _, st := range []typeset.Style{typeset.Regular, typeset.Bold} {
			ops = append(ops, &draw.TextOp{Font: fam.Face(st), Size: 10, Colour: draw.Colour{A: 255}, X: 10, Y: 10, Text: text})
		}
		page := draw.Page{Size: layout.Size{W: 100, H: 100}, Layers: []draw.Layer{{Transform: layout.Identity, Face: &draw.Face{Ops: ops}}}}
		file, err := renderBytes(&draw.Document{Title: "t", Pages: []draw.Page{page}})
		if err != nil {
			t.Fatal(err)
		}
		checkStructure(t, file)
		return file
	}
	tagged := regexp.MustCompile(`^[A-Z]{6}\+[A-Za-z0-9._-]+$`)
	a := fontNames(doc("Zoobot"))
	if len(a) != 2 {
		t.Fatalf("font names %v, want one for each of two fonts", a)
	}
	for name, n := range a {
		if !tagged.MatchString(name) {
			t.Errorf("font name %q is not tagged as a subset", name)
		}
		if n != 3 {
			t.Errorf("font name %q is given %d times, want 3 (Type0, CIDFont, descriptor)", name, n)
		}
	}
	b := fontNames(doc("Vampire Matt"))
	for name := range a {
		if b[name] != 0 {
			t.Errorf("the subsets of %q and %q share the name %q", "Zoobot", "Vampire Matt", name)
		}
	}
	if !bytes.Equal(doc("Zoobot"), doc("Zoobot")) {
		t.Error("the same document gave different files")
	}
}

// TestSubsetName: the name is a tag of six capital letters, a plus sign,
// and the font's name with every character that a PDF name would have to
// escape (delimiters, spaces, # and anything outside ASCII letters,
// digits, "-", "_" and ".") replaced by "-".
func TestSubsetName(t *testing.T) {
	tests := []struct{ id, want string }{
		{"go-regular", "go-regular"},
		{"user-Fira_Sans.2-bold", "user-Fira_Sans.2-bold"},
		{"user-my (font)/x%y#z<>[]{}-é", "user-my--font--x-y-z--------"},
		{"AZaz09@[`{/:", "AZaz09------"}, // the ends of each range, and their neighbours
	}
	tag := regexp.MustCompile(`^[A-Z]{6}\+`)
	for _, tt := range tests {
		got := subsetName(tt.id, []rune{'a'})
		if !tag.MatchString(got) || got[7:] != tt.want {
			t.Errorf("subsetName(%q) = %q, want a tag and %q", tt.id, got, tt.want)
		}
	}
	if subsetName("go-regular", []rune{'a'}) == subsetName("go-regular", []rune{'b'}) {
		t.Error("two subsets of a font have the same name")
	}
}

// The plan's calls reach fpdf in the order the walk made them, as they
// come, and the queue ends when the walk closes it.
func TestCallsInOrder(t *testing.T) {
	p := newPlan("t", false)
	var made []int
	done := make(chan struct{})
	go func() {
		defer close(done)
		for call := range p.calls.all {
			call(nil)
		}
	}()
	for i := range 1000 {
		p.calls.push(func(*fpdf.Fpdf) { made = append(made, i) })
	}
	p.calls.close()
	<-done
	if len(made) != 1000 || !slices.IsSorted(made) {
		t.Fatalf("%d calls made, in order: %v", len(made), slices.IsSorted(made))
	}
	for call := range p.calls.all { // a closed queue gives its calls again, and ends
		call(nil)
		break
	}
	if len(made) != 1001 || made[1000] != 0 {
		t.Errorf("the first call again: %v", made[1000:])
	}
}

// A set of characters gives them back in order, the first 256 and the
// others alike, each once.
func TestRuneSet(t *testing.T) {
	var s runeSet
	for _, r := range "zéa\u00ff\u0100€😀a\x00?é€" {
		s.add(r)
	}
	if got, want := string(s.sorted()), "\x00?az\u00e9\u00ff\u0100€😀"; got != want {
		t.Errorf("sorted %q, want %q", got, want)
	}
	if got := (&runeSet{}).sorted(); len(got) != 0 {
		t.Errorf("an empty set gives %q", string(got))
	}
}
