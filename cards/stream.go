package cards

import "bytes"

// A deck of many cards is read in pieces. yaml.v3 builds the tree of a
// whole document on one core before it can be converted, which for a
// long card list costs some 1.6 KB a card on top of the deck itself. So
// when a deck file's `cards:` key, at the start of a line, holds a block
// list of at least splitFrom items, Parse reads the file in pieces: the
// file with the list's lines left blank (the skeleton), then the items a
// batch of streamBatch at a time, each batch parsed as a list of its own
// with its line numbers moved to the file's (columns are the file's: the
// lines are whole). The batches are parsed on every core, a few ahead of
// the one converted, and converted in order, so that the counts against
// the limits and the problems are those of one pass. A list of fewer
// than streamFrom items keeps its converted items as its Content. A
// longer one is read as a stream: its node holds no Content, and
// [Node.Items] parses and converts its items again, a batch at a time,
// as the deck reader asks for them, so that only one batch of parser
// nodes is held at once.
//
// The pieces give the same tree as the whole file, or Parse reads the
// whole file instead: the skeleton must parse, hold a "deck" document, a
// block mapping whose own `cards:` key is on that line and empty, and
// every batch must parse to a list of as many items as it has item lines.
// Anything that ties the items to the rest of the file (an alias of an
// anchor outside the batch, a quoted or bracketed value that runs past an
// item's lines) makes a piece fail, and the whole file is read, so
// its diagnostics are exactly those of a whole read; so does a value past
// one of the limits, a file with a line break other than LF and CR LF or
// with a directive (%TAG), and an anchor of the list's that the rest of
// the file defines too (an alias below the list means the list's).
// Every item is parsed and converted once in Parse, where the limits are
// counted and problems reported, and, in a streamed list, once more when
// it is read.
var (
	splitFrom   = 512
	streamFrom  = 2048
	streamBatch = 256
)

// cardList is the block list under a top-level `cards:` key, found by
// its lines.
type cardList struct {
	keyLine int   // the line of `cards:`, from 1
	indent  int   // the column of the items' dashes, from 0
	starts  []int // the offset in src of each item's first line
	lines   []int // each item's first line, from 1
	end     int   // the offset in src just after the list's last line
}

// findCardList finds the lines of the list under a `cards:` key at the
// start of a line: the key alone on its line (a comment may follow), then
// the lines from the first item to the first line that is not part of the
// list (a line with text at a column left of the dashes, or at their
// column not starting an item), which must start a plain key at the start
// of its line. Blank and comment lines belong to the item above them. It
// returns nil when there is no such list or it is short.
func findCardList(src []byte) *cardList {
	if otherBreaks(src) {
		return nil
	}
	var l *cardList
	line := 0
	for off := 0; off < len(src); {
		next := len(src)
		if i := bytes.IndexByte(src[off:], '\n'); i >= 0 {
			next = off + i + 1
		}
		line++
		text := bytes.TrimRight(src[off:next], "\r\n")
		if bytes.HasPrefix(bytes.TrimPrefix(text, []byte("\ufeff")), []byte("%")) {
			// a directive (%TAG may name ! and !!) holds for the
			// whole document: read it whole
			return nil
		}
		content := bytes.TrimLeft(text, " ")
		indent := len(text) - len(content)
		blank := len(content) == 0 || content[0] == '#'
		switch {
		case l == nil:
			if isCardsKey(text) {
				l = &cardList{keyLine: line, indent: -1}
			}
		case blank:
		case l.indent < 0 && isItem(content):
			l.indent = indent
			l.starts, l.lines = append(l.starts, off), append(l.lines, line)
		case indent == l.indent && isItem(content):
			l.starts, l.lines = append(l.starts, off), append(l.lines, line)
		case l.indent >= 0 && indent > l.indent:
		case indent > 0 || !startsKey(content):
			// a line that would be the empty key's value once the
			// list is blanked (`  ~`, `!!null`): read the file whole
			return nil
		default:
			return l.found(off)
		}
		off = next
	}
	return l.found(len(src))
}

// otherBreaks reports whether src breaks a line other than with LF or
// CR LF: with a CR alone, or the NEL, LS or PS characters, which yaml.v3
// counts as line breaks (YAML 1.1) and the lines here would not.
func otherBreaks(src []byte) bool {
	for _, b := range []string{"\u0085", "\u2028", "\u2029"} {
		if bytes.Contains(src, []byte(b)) {
			return true
		}
	}
	for i, b := range src {
		if b == '\r' && (i+1 == len(src) || src[i+1] != '\n') {
			return true
		}
	}
	return false
}

// found ends the list at offset end, and keeps it if it is long enough.
func (l *cardList) found(end int) *cardList {
	if l == nil || len(l.starts) < min(splitFrom, streamFrom) {
		return nil
	}
	// blank and comment lines after the last item stay with it
	l.end = end
	return l
}

// isCardsKey reports whether a line is `cards:` alone at its start, with
// perhaps spaces and a comment after it. (`cards:#x`, a text, passes too;
// the skeleton then has no `cards` key, and the whole file is read.)
func isCardsKey(text []byte) bool {
	rest, ok := bytes.CutPrefix(text, []byte("cards:"))
	rest = bytes.TrimLeft(rest, " \t")
	return ok && (len(rest) == 0 || rest[0] == '#')
}

// startsKey reports whether a line's text starts as the plain keys of a
// deck file do, with a letter, a digit or an underscore.
func startsKey(content []byte) bool {
	c := content[0]
	return c == '_' || 'a' <= c|0x20 && c|0x20 <= 'z' || '0' <= c && c <= '9'
}

// isItem reports whether a line's text starts a list item: a dash alone
// or followed by a space.
func isItem(content []byte) bool {
	return content[0] == '-' && (len(content) == 1 || content[1] == ' ')
}

// skeleton returns src with the list's lines left blank (their line
// ends kept), so that every other line keeps its number.
func (l *cardList) skeleton(src []byte) []byte {
	from := l.starts[0]
	out := make([]byte, 0, len(src)-(l.end-from)+len(l.starts))
	out = append(out, src[:from]...)
	for _, b := range src[from:l.end] {
		if b == '\n' {
			out = append(out, b)
		}
	}
	return append(out, src[l.end:]...)
}

// listStream is what a streamed list's node keeps to read its items again.
type listStream struct {
	path string
	src  []byte
	list *cardList
}

// items parses and converts the list's items again, a batch at a time.
// Parse has read them once already, so they parse, and their problems are
// reported.
func (s *listStream) items(yield func(*Node) bool) {
	// one converter for every batch, so that the file's line starts
	// (for a literal's column) are found once; its counts and problems
	// are at most those Parse had
	c := converter{path: s.path, diags: new(Diagnostics), src: s.src}
	for i := 0; i < len(s.list.starts); i += streamBatch {
		items, off, ok := s.list.batch(s.src, i)
		if !ok {
			return
		}
		c.lineOff = off
		for _, item := range items {
			if !yield(c.convert(item, streamDepth)) {
				return
			}
		}
	}
}

// streamDepth is the depth of a card in a deck file: in the list (1) of
// the document's mapping (0).
const streamDepth = 2

// streamList converts the list found by findCardList, the value of the
// `cards:` key at depth 1: it parses and converts every item, counting
// them against the limits and reporting their problems, and returns the
// list's node: with the items as its Content when they are fewer than
// streamFrom, else without Content, reading them again when asked. It
// sets streamFailed when a batch does not parse, and stops at a limit.
func (c *converter) streamList() *Node {
	l := c.list
	c.list = nil
	if c.overflow {
		return nil
	}
	pos := Pos{File: c.path, Line: l.lines[0], Col: l.indent + 1}
	if !c.enter(pos, streamDepth-1) {
		return nil
	}
	keep := len(l.starts) < streamFrom
	var kept []*Node
	ok := true
	for b := range l.parsed(c.src) {
		if !b.ok {
			c.streamFailed, ok = true, false
			break
		}
		if len(c.skeletonAnchors) > 0 {
			defined := map[string]bool{}
			for _, item := range b.items {
				anchors(item, defined)
			}
			for name := range defined {
				if c.skeletonAnchors[name] {
					c.streamFailed, ok = true, false
				}
			}
			if !ok {
				break
			}
		}
		c.lineOff = b.lineOff
		for _, item := range b.items {
			n := c.convert(item, streamDepth)
			if keep {
				kept = append(kept, n)
			}
		}
		c.lineOff = 0
		if c.overflow {
			break
		}
	}
	if !ok || c.overflow {
		return nil
	}
	c.streamed = true
	if keep {
		return &Node{Kind: SeqNode, Pos: pos, Content: kept}
	}
	return &Node{Kind: SeqNode, Pos: pos, stream: &listStream{path: c.path, src: c.src, list: l}}
}
