package cards

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/deckpress/deckpress/internal/testtool"
)

// withStreaming sets the list length from which a deck's cards are read
// as a stream, and the batch size, for the rest of the test; lists are
// read in pieces from the same length.
func withStreaming(t testing.TB, from, batch int) { withPieces(t, from, from, batch) }

// withPieces sets the list lengths from which a deck's cards are read in
// pieces (split) and as a stream, and the batch size, for the rest of
// the test.
func withPieces(t testing.TB, split, stream, batch int) {
	oldSplit, oldFrom, oldBatch := splitFrom, streamFrom, streamBatch
	splitFrom, streamFrom, streamBatch = split, stream, batch
	t.Cleanup(func() { splitFrom, streamFrom, streamBatch = oldSplit, oldFrom, oldBatch })
}

// plain copies a tree, reading streamed lists into Content, so that a
// streamed tree can be compared with a whole one.
func plain(n *Node) *Node {
	if n == nil {
		return nil
	}
	c := *n
	c.stream, c.Content = nil, nil
	if n.Content != nil {
		c.Content = []*Node{} // the empty list of `[]` is not nil
	}
	for item := range n.Items() {
		if n.Kind == SeqNode {
			c.Content = append(c.Content, plain(item))
		}
	}
	if n.Kind != SeqNode {
		for _, v := range n.Content {
			c.Content = append(c.Content, plain(v))
		}
	}
	return &c
}

// parseBoth parses src whole and streamed (lists of any length, in batches
// of two items) and reports whether the streamed read took the stream. It
// checks a third read too, in pieces whose items are kept: it must give
// the whole read's tree and diagnostics, and take the pieces when the
// streamed read takes the stream.
func parseBoth(t testing.TB, src []byte) (whole, streamed *Node, wholeDiags, streamedDiags Diagnostics, took bool) {
	t.Helper()
	withStreaming(t, 1<<30, 2)
	whole, wholeDiags = Parse("d.yaml", src)
	withStreaming(t, 1, 2)
	streamed, streamedDiags = Parse("d.yaml", src)
	if streamed != nil {
		if l := streamed.Key("cards"); l != nil && l.stream != nil {
			took = true
		}
	}
	withPieces(t, 1, 1<<30, 2)
	kept, keptDiags := Parse("d.yaml", src)
	if !reflect.DeepEqual(whole, kept) || !reflect.DeepEqual(wholeDiags, keptDiags) {
		t.Errorf("read in kept pieces, it differs:\nwhole %.300s %v\nkept  %.300s %v", dump(whole), wholeDiags, dump(kept), keptDiags)
	}
	if kept != nil && kept.Key("cards") != nil && kept.Key("cards").stream != nil {
		t.Errorf("a list shorter than streamFrom is streamed")
	}
	if keptTook := piecesTaken(src); keptTook != took && utf8.Valid(src) && len(src) <= MaxFileSize {
		t.Errorf("kept pieces taken: %v; the stream: %v", keptTook, took)
	}
	return whole, plain(streamed), wholeDiags, streamedDiags, took
}

// piecesTaken reports whether Parse reads src in pieces, as it would:
// the card list found, and every piece of it used.
func piecesTaken(src []byte) (took bool) {
	defer func() {
		if recover() != nil {
			took = false
		}
	}()
	l := findCardList(src)
	if l == nil {
		return false
	}
	_, _, ok := parseStreamed("d.yaml", src, l)
	return ok
}

// A deck file read in pieces gives the tree and the diagnostics of the
// whole file, whether or not the pieces can be used: the stream is taken
// where nothing ties the items to the rest of the file, and left where
// something does.
func TestStreamedListIsTheWholeFile(t *testing.T) {
	for _, c := range []struct {
		name   string
		src    string
		stream bool // the streamed read keeps the stream
	}{
		{"flow items", "deck: d\ncards:\n  - {name: a, n: 1}\n  - {name: b, n: 2}\n  - {name: c}\nsize: poker\n", true},
		{"block items, comments, blank lines", "deck: d\ncards:   # the cards\n\n  # first\n  - name: a\n    text: |\n      two\n      lines\n\n#  a comment at the left\n  - name: b\n    tags: [x,\n      y]\n\n", true},
		{"items at the key's column", "deck: d\ncards:\n- name: a\n- name: b\n-\n- [x]\nback: b\n", true},
		{"block items at the key's column", "deck: d\ncards:\n- name: a\n  n: 1\n-\n  name: b\nback: b\n", true},
		{"anchor used in its batch", "deck: d\ncards:\n  - &a {name: a}\n  - *a\n  - {name: c}\n", true},
		{"anchor used in the next batch", "deck: d\ncards:\n  - &a {name: a}\n  - {name: b}\n  - *a\n", false},
		{"alias of an anchor above the list", "deck: d\nbase: &b {k: v}\ncards:\n  - {<<: *b, name: a}\n  - {name: b}\n", false},
		{"alias of an anchor below the list", "deck: d\ncards:\n  - {name: a}\nlater: *x\n", false},
		{"anchor in the list used below it", "deck: d\ncards:\n  - &x {name: a}\nlater: *x\n", false},
		{"quoted text across items", "deck: d\ncards:\n  - \"a\n  - b\"\n  - c\n", false},
		{"flow list across items", "deck: d\ncards:\n  - [a,\n  - b]\n", false},
		{"a line separator in an item", "deck: d\ncards:\n  - \"a\u2028b\"\n  - c\nsize: x\n", false},
		{"a next-line character in an item", "deck: d\ncards:\n  - a\u0085  - b\n  - c\nsize: x\n", false},
		{"a paragraph separator after the list", "deck: d\ncards:\n  - a\n  - c\nsize: x\u2029back: y\n", false},
		{"a lone CR in an item", "deck: d\ncards:\n  - {name: a,\r n: 1}\n  - c\nsize: x\n", false},
		{"a lone CR ending the file", "deck: d\ncards:\n  - a\n  - c\r", false},
		{"a key starting with a below the list", "deck: d\ncards:\n  - a\n  - b\nafter: 1\n", true},
		{"with z", "deck: d\ncards:\n  - a\n  - b\nzeta: 1\n", true},
		{"with A", "deck: d\ncards:\n  - a\n  - b\nAfter: 1\n", true},
		{"with Z", "deck: d\ncards:\n  - a\n  - b\nZeta: 1\n", true},
		{"with 0", "deck: d\ncards:\n  - a\n  - b\n0: x\n", true},
		{"with 9", "deck: d\ncards:\n  - a\n  - b\n9: x\n", true},
		{"with _", "deck: d\ncards:\n  - a\n  - b\n_x: 1\n", true},
		{"a flow mapping at the top", "{deck: d,\ncards:\n  - a\n  - b\n}\n", false},
		{"the key in a merged flow mapping", "deck: d\n<<: {x: 1,\ncards:\n  - a\n  - b\n  }\n", false},
		{"an anchor of the list redefining one above it", "deck: d\na: &x 1\ncards:\n  - &x 2\n  - c\nb: *x\n", false},
		{"the same, merged below", "deck: d\na: &x {k: 1}\ncards:\n  - &x {k: 2}\n  - c\nb: {<<: *x}\n", false},
		{"an anchor of the list of another name", "deck: d\na: &x 1\ncards:\n  - &y 2\n  - c\nb: *x\n", true},
		{"%TAG naming !!", "%TAG !! tag:x:\n---\ndeck: d\ncards:\n  - !!str 1\n  - b\n", false},
		{"%TAG naming !", "%TAG ! tag:x:\n---\ndeck: d\ncards:\n  - !a b\n  - c\n", false},
		{"%TAG after a byte-order mark", "\ufeff%TAG !! tag:x:\n---\ndeck: d\ncards:\n  - !!str 1\n  - b\n", false},
		{"a tag alone below the list", "deck:\ncards:\n  -\n  -\n  !", false},
		{"an empty value below the list", "deck: d\ncards:\n  - a\n  - b\n  ~\n", false},
		{"a null tag at the start of a line below the list", "deck: d\ncards:\n  - a\n  - b\n!!null\n", false},
		{"a quoted key below the list", "deck: d\ncards:\n  - a\n  - b\n\"size\": x\n", false},
		{"CRLF lines", "deck: d\r\ncards:\r\n  - {name: a}\r\n  - {name: b}\r\nsize: poker\r\n", true},
		{"second document after the list", "deck: d\ncards:\n  - a\n---\nx: 1\n", false},
		{"second document marker in the list's place", "deck: d\ncards:\n---\n- a\n", false},
		{"a line left of the items", "deck: d\ncards:\n    - a\n  - b\n", false},
		{"text at the items' column", "deck: d\ncards:\n  - a\n  b: c\n", false},
		{"tab indentation", "deck: d\ncards:\n\t- a\n", false},
		{"not a deck", "hero: h\ncards:\n  - a\n  - b\n", false},
		{"cards not the first key's document", "- deck\ncards:\n  - a\n", false},
		{"cards inside a quoted text", "deck: \"d\ncards:\n  - a\n  - b\"\n", false},
		{"a literal text at the top", "|\ncards:\n  - a\n", false},
		{"a text that starts like the key", "deck: d\ncards:#x\n  - a\n", false},
		{"the key and a comment", "deck: d\ncards: \t# the cards\n  - a\n", true},
		{"cards given twice", "deck: d\ncards:\n  - a\ncards:\n  - b\n", true},
		{"a tag of a %TAG directive", "%TAG !e! tag:example.com,2026:\n---\ndeck: d\ncards:\n  - !e!card {name: a}\n", false},
		{"a syntax error in an item", "deck: d\ncards:\n  - {name: a\n  - {name: b}\n", false},
		{"a merge key in an item", "deck: d\ncards:\n  - {<<: {k: v}, name: a}\n  - {<<: [x], name: b}\n", true},
		{"an empty list", "deck: d\ncards:\nsize: poker\n", false},
		{"items nested too deep", "deck: d\ncards:\n  - " + strings.Repeat("[", 62) + "x" + strings.Repeat("]", 62) + "\n  - a\n", true},
		{"an item past the depth limit", "deck: d\ncards:\n  - a\n  - " + strings.Repeat("[", 63) + "x" + strings.Repeat("]", 63) + "\n", false},
	} {
		t.Run(c.name, func(t *testing.T) { assertSameRead(t, c.src, c.stream) })
	}
}

// assertSameRead checks that src read in pieces gives the whole read's
// tree and diagnostics, and that the stream was taken or not as stream
// says.
func assertSameRead(t *testing.T, src string, stream bool) {
	t.Helper()
	whole, streamed, wd, sd, took := parseBoth(t, []byte(src))
	if !reflect.DeepEqual(whole, streamed) {
		t.Errorf("trees differ:\nwhole    %.300s\nstreamed %.300s", dump(whole), dump(streamed))
	}
	if !reflect.DeepEqual(wd, sd) {
		t.Errorf("diagnostics differ:\nwhole    %v\nstreamed %v", wd, sd)
	}
	if took != stream {
		t.Errorf("stream taken: %v, want %v", took, stream)
	}
}

// The limits count a streamed list's values as a whole read does: the
// same value refused at the same place.
func TestStreamedListLimits(t *testing.T) {
	// the second item holds its batch's first 1,000 times: a million values
	src := "deck: d\ncards:\n  - &a [" + strings.Repeat("0,", 999) + "0]\n  - [" + strings.Repeat("*a,", 999) + "*a]\n"
	whole, streamed, wd, sd, took := parseBoth(t, []byte(src))
	if whole != nil || streamed != nil || took {
		t.Errorf("a file past the value limit has a tree")
	}
	if len(wd) != 1 || !reflect.DeepEqual(wd, sd) {
		t.Errorf("diagnostics:\nwhole    %v\nstreamed %v", wd, sd)
	}
}

// The kits' and the bad-input corpus's files read in pieces are the files
// read whole.
func TestStreamedFiles(t *testing.T) {
	var names []string
	for _, g := range []string{"../data/kits/*/*.yaml", "../cmd/deckpress/cli/testdata/bad/*.yaml"} {
		m, _ := filepath.Glob(g)
		names = append(names, m...)
	}
	streamedOnes := 0
	for _, name := range names {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		whole, streamed, wd, sd, took := parseBoth(t, src)
		if !reflect.DeepEqual(whole, streamed) || !reflect.DeepEqual(wd, sd) {
			t.Errorf("%s: the streamed read differs from the whole one", name)
		}
		if took {
			streamedOnes++
		}
	}
	if len(names) < 20 || streamedOnes == 0 {
		t.Errorf("%d files, %d of them streamed", len(names), streamedOnes)
	}
}

// A list shorter than splitFrom items is read whole; from splitFrom, in
// pieces; from streamFrom, as a stream.
func TestShortListsReadWhole(t *testing.T) {
	withPieces(t, 3, 5, 2)
	for items, want := range map[int]struct{ pieces, stream bool }{2: {}, 3: {pieces: true}, 4: {pieces: true}, 5: {true, true}} {
		src := []byte("deck: d\ncards:\n" + strings.Repeat("  - {name: a}\n", items))
		root, _ := Parse("d.yaml", src)
		if got := root.Key("cards").stream != nil; got != want.stream {
			t.Errorf("%d items: streamed %v, want %v", items, got, want.stream)
		}
		if got := piecesTaken(src); got != want.pieces {
			t.Errorf("%d items: read in pieces %v, want %v", items, got, want.pieces)
		}
	}
}

func FuzzStreamedParse(f *testing.F) {
	f.Add([]byte("deck: d\ncards:\n  - &a {name: a}\n  - *a\n  - {name: \"c\n  - d\"}\n"))
	f.Add([]byte("deck: d\ncards:\n- a\n-\n  - b\nsize: x\n"))
	f.Add([]byte("{deck: d,\ncards:\n  - a\n  - b\n}\n"))
	f.Add([]byte("deck: d\na: &x 1\ncards:\n  - &x 2\nb: *x\n"))
	f.Add([]byte("%TAG !! tag:x:\n---\ndeck: d\ncards:\n  - !!str 1\n"))
	f.Add([]byte("deck: d\ncards:\n  - a\r\r\n  - b\n  - c\nsize: x\n"))
	f.Add([]byte("deck: d\ncards:\n  - a # x\u2028\n  - b\nsize: x\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		whole, streamed, wd, sd, _ := parseBoth(t, src)
		if !reflect.DeepEqual(whole, streamed) || !reflect.DeepEqual(wd, sd) {
			t.Errorf("streamed read differs:\nwhole    %s %v\nstreamed %s %v", dump(whole), wd, dump(streamed), sd)
		}
	})
}

// dump writes a tree on one line for a failure message.
func dump(n *Node) string {
	if n == nil {
		return "nil"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d%s%q@%d:%d", n.Kind, n.Tag, n.Value, n.Pos.Line, n.Pos.Col)
	if n.BlockCol != 0 {
		fmt.Fprintf(&b, "|%d", n.BlockCol)
	}
	if len(n.Content) > 0 {
		b.WriteString("[")
		for i, c := range n.Content {
			if i > 0 {
				b.WriteString(" ")
			}
			b.WriteString(dump(c))
		}
		b.WriteString("]")
	}
	return b.String()
}

// Reading a streamed list whose items hold literal texts (whose column
// needs the file's line starts) takes time linear in the list: the line
// starts are found once, not once a batch (batches of 4 items, so that
// a cost per batch would show).
func TestStreamedListLinear(t *testing.T) {
	withStreaming(t, 2, 4)
	testtool.Linear(t, 4096, func(n int) {
		src := "deck: d\ncards:\n" + strings.Repeat("  - text: |\n      x\n", n)
		root, diags := Parse("d.yaml", []byte(src))
		items := 0
		for range root.Key("cards").Items() {
			items++
		}
		if items != n || len(diags) != 0 || root.Key("cards").stream == nil {
			t.Fatalf("%d items of %d read, %v", items, n, diags)
		}
	})
}

// A file whose last byte is a carriage return alone (an old Mac line end)
// parses: the check for line breaks other than LF and CR LF looks past
// the end of the file for the LF.
func TestLoneCRAtTheEnd(t *testing.T) {
	for _, src := range []string{"deck: d\ncards:\n  - a\n  - c\r", "\r", "deck: d\r"} {
		root, diags := Parse("d.yaml", []byte(src))
		if root == nil || diags.HasErrors() {
			t.Errorf("%q: %v", src, diags)
		}
	}
}

// Diagnostics.List gives a streamed list's items whole, as it gives a
// list read whole: the items of a file read in pieces, for a reader that
// wants them at once.
func TestListOfAStreamedList(t *testing.T) {
	src := []byte("deck: d\ncards:\n  - {name: a}\n  - b\n  - [c]\n")
	whole, _, _, _, took := parseBoth(t, src)
	if !took {
		t.Fatal("the list was not streamed")
	}
	withStreaming(t, 1, 2)
	root, _ := Parse("d.yaml", src)
	var ds Diagnostics
	got := ds.List(root.Key("cards"), "cards")
	if want := whole.Key("cards").Content; len(got) != 3 || !reflect.DeepEqual(got, want) || len(ds) > 0 {
		t.Errorf("List gave %d items, want %d (%v)", len(got), len(want), ds)
	}
}

// A panic while a piece is parsed, on another goroutine, is raised in the
// caller's, where Parse turns it into a diagnostic, not a crash.
func TestPanicInAPieceReachesTheCaller(t *testing.T) {
	withPieces(t, 1, 1<<30, 1)
	src := []byte("- a\n- b\n")
	l := &cardList{starts: []int{0, 4}, lines: []int{1, 2}, end: 40} // the second piece runs past the end
	var got []int
	func() {
		defer func() {
			if recover() == nil {
				t.Error("no panic")
			}
		}()
		for b := range l.parsed(src) {
			got = append(got, b.lineOff)
		}
	}()
	if !reflect.DeepEqual(got, []int{0}) {
		t.Errorf("pieces before the panic: %v, want [0]", got)
	}
}

// A caller that stops reading the pieces early leaves no goroutine behind
// parsing the others.
func TestPiecesStopWithTheCaller(t *testing.T) {
	withPieces(t, 1, 1<<30, 1)
	src := []byte("deck: d\ncards:\n" + strings.Repeat("  - {name: a}\n", 200))
	l := findCardList(src)
	before := runtime.NumGoroutine()
	for range l.parsed(src) {
		break
	}
	for range 1000 {
		if runtime.NumGoroutine() <= before {
			return
		}
		runtime.Gosched()
	}
	t.Errorf("%d goroutines before, %d after", before, runtime.NumGoroutine())
}
