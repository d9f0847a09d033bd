package cards

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"iter"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
)

// Limits on what Parse accepts, so that a hostile or broken file cannot
// exhaust memory or time.
const (
	// MaxFileSize is the largest input file read, in bytes (8 MiB).
	MaxFileSize = 8 << 20
	// MaxDepth is the deepest nesting of mappings and lists.
	MaxDepth = 64
	// MaxNodes is the most values a document may hold once aliases are
	// expanded; it stops "billion laughs" alias bombs.
	MaxNodes = 1_000_000
	// MaxText is the most text (bytes of scalar values) a document may
	// hold once aliases are expanded: as much as the largest file, so
	// that one long text aliased by many cards is refused before it is
	// set on each of them.
	MaxText = MaxFileSize
)

// Parse reads one YAML document from src into a [Node] tree. Every problem
// is a diagnostic positioned in path; on a syntax error the tree is nil.
// An empty document gives a [NullNode] at line 1. src must not change
// while the tree is in use: a deck's long card list is read from it again
// (see [Node.Items]).
func Parse(path string, src []byte) (root *Node, diags Diagnostics) {
	start := Pos{File: path, Line: 1, Col: 1}
	if len(src) > MaxFileSize {
		diags.Errorf(start, "file is %d bytes; the limit is %d", len(src), MaxFileSize)
		return nil, diags
	}
	if !utf8.Valid(src) {
		line, col := firstInvalidUTF8(src)
		diags.Errorf(Pos{File: path, Line: line, Col: col}, "file is not valid UTF-8 text")
		return nil, diags
	}
	defer func() {
		// yaml.v3 has panicked on malformed input in the past; a panic
		// in the parser must never take deckpress down.
		if r := recover(); r != nil {
			root = nil
			diags = append(diags[:0], Diagnostic{Pos: start, Severity: Error, Message: fmt.Sprintf("cannot parse YAML: %v", r)})
		}
	}()
	if l := findCardList(src); l != nil {
		if root, diags, ok := parseStreamed(path, src, l); ok {
			return root, diags
		}
	}
	return parseWhole(path, src)
}

// parseWhole reads the whole document at once.
func parseWhole(path string, src []byte) (root *Node, diags Diagnostics) {
	start := Pos{File: path, Line: 1, Col: 1}
	dec := yaml.NewDecoder(bytes.NewReader(src))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			return &Node{Kind: NullNode, Pos: start}, nil
		}
		diags = append(diags, locate(syntaxDiagnostic(path, err), src))
		return nil, diags
	}
	var extra yaml.Node
	if err := dec.Decode(&extra); err == nil {
		diags.Errorf(Pos{File: path, Line: extra.Line, Col: extra.Column}, "a second YAML document (after ---) is not allowed")
	} else if !errors.Is(err, io.EOF) {
		diags = append(diags, locate(syntaxDiagnostic(path, err), src))
		return nil, diags
	}
	c := converter{path: path, diags: &diags, src: src}
	if len(doc.Content) == 0 {
		return &Node{Kind: NullNode, Pos: start}, diags
	}
	root = c.convert(doc.Content[0], 0)
	if c.overflow {
		return nil, diags
	}
	return root, diags
}

// parseStreamed reads a deck file whose card list l is read as a stream
// (see streamFrom). ok is false when the pieces are not the whole file's
// tree, and the file must be read whole.
func parseStreamed(path string, src []byte, l *cardList) (root *Node, diags Diagnostics, ok bool) {
	dec := yaml.NewDecoder(bytes.NewReader(l.skeleton(src)))
	var doc, extra yaml.Node
	if dec.Decode(&doc) != nil || len(doc.Content) == 0 || !errors.Is(dec.Decode(&extra), io.EOF) {
		return nil, nil, false
	}
	top := doc.Content[0]
	if top.Kind != yaml.MappingNode || top.Style&yaml.FlowStyle != 0 || len(top.Content) == 0 || top.Content[0].Value != "deck" {
		return nil, nil, false
	}
	c := converter{path: path, diags: &diags, src: src, list: l, listIn: top, skeletonAnchors: map[string]bool{}}
	anchors(top, c.skeletonAnchors)
	root = c.convert(top, 0)
	if c.streamFailed || c.overflow || !c.streamed {
		// past a limit too: yaml.v3's own depth guard counts the
		// levels above a piece, so only a whole read says the same
		return nil, nil, false
	}
	return root, diags, true
}

// parsedBatch is a batch of a card list's items as the parser gives them
// (see [cardList.batch]), or the parser's panic.
type parsedBatch struct {
	items   []*yaml.Node
	lineOff int
	ok      bool
	panic   any
}

// parsed parses the list's batches on every core, a few ahead of the one
// the caller has, and yields them in order. A panic in the parser is
// raised again in the caller's goroutine, where Parse recovers it, when
// its batch's turn comes.
func (l *cardList) parsed(src []byte) iter.Seq[parsedBatch] {
	return func(yield func(parsedBatch) bool) {
		n := (len(l.starts) + streamBatch - 1) / streamBatch
		workers := runtime.GOMAXPROCS(0)
		results := make([]chan parsedBatch, n)
		for b := range results {
			results[b] = make(chan parsedBatch, 1)
		}
		window := make(chan struct{}, 2*workers) // a slot per batch parsed and not yet taken
		stop := make(chan struct{})
		// when the caller stops early, the batches being parsed are
		// finished, the others skipped, and every goroutine has ended
		// before parsed returns
		var wg sync.WaitGroup
		defer wg.Wait()
		defer close(stop)
		jobs := make(chan int)
		wg.Go(func() {
			defer close(jobs)
			for b := range n {
				select {
				case window <- struct{}{}:
				case <-stop:
					return
				}
				jobs <- b
			}
		})
		for range min(workers, n) {
			wg.Go(func() {
				for b := range jobs {
					select {
					case <-stop:
						continue
					default:
					}
					results[b] <- l.parseBatch(src, b*streamBatch)
				}
			})
		}
		for b := range n {
			r := <-results[b]
			<-window
			if r.panic != nil {
				panic(r.panic)
			}
			if !yield(r) {
				return
			}
		}
	}
}

// parseBatch is batch, with a panic of the parser caught.
func (l *cardList) parseBatch(src []byte, i int) (r parsedBatch) {
	defer func() {
		if p := recover(); p != nil {
			r = parsedBatch{panic: p}
		}
	}()
	r.items, r.lineOff, r.ok = l.batch(src, i)
	return r
}

// batch parses the items from index i on, up to streamBatch of them: their
// parser nodes and the number of lines before the batch's first line. ok
// is false when the batch is not a list of as many items as it has item
// lines.
func (l *cardList) batch(src []byte, i int) (items []*yaml.Node, lineOff int, ok bool) {
	j := min(i+streamBatch, len(l.starts))
	end := l.end
	if j < len(l.starts) {
		end = l.starts[j]
	}
	dec := yaml.NewDecoder(bytes.NewReader(src[l.starts[i]:end]))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil || len(doc.Content) != 1 {
		return nil, 0, false
	}
	seq := doc.Content[0]
	if seq.Kind != yaml.SequenceNode || len(seq.Content) != j-i {
		return nil, 0, false
	}
	return seq.Content, l.lines[i] - 1, true
}

var yamlLine = regexp.MustCompile(`^yaml: (?:line (\d+): )?(?:column (\d+): )?`)

// syntaxDiagnostic turns a yaml.v3 error ("yaml: line 3: mapping values
// are not allowed in this context") into a positioned diagnostic.
func syntaxDiagnostic(path string, err error) Diagnostic {
	msg := err.Error()
	pos := Pos{File: path, Line: 1, Col: 1}
	if m := yamlLine.FindStringSubmatch(msg); m != nil {
		if m[1] != "" {
			pos.Line, _ = strconv.Atoi(m[1])
		}
		if m[2] != "" {
			pos.Col, _ = strconv.Atoi(m[2])
		}
		msg = msg[len(m[0]):]
	}
	msg = strings.TrimSuffix(strings.TrimSpace(msg), ".")
	for _, p := range parserProblems {
		if strings.HasPrefix(msg, p) {
			// yaml.v3 counts the lines of parser (not scanner)
			// errors from 0.
			pos.Line++
			break
		}
	}
	if strings.HasPrefix(msg, "exceeded max depth") {
		// the parser's own guard, far beyond ours: say ours
		return Diagnostic{Pos: pos, Severity: Error, Message: fmt.Sprintf("values are nested deeper than %d levels", MaxDepth)}
	}
	return Diagnostic{Pos: pos, Severity: Error, Message: "YAML syntax: " + msg}
}

// unknownAnchor matches yaml.v3's message for an alias without an anchor,
// which has no position.
var unknownAnchor = regexp.MustCompile(`^YAML syntax: unknown anchor '(.*)' referenced$`)

// locate finds the place of the syntax errors yaml.v3 reports without one
// (a control character, an alias of an unknown anchor) in src.
func locate(d Diagnostic, src []byte) Diagnostic {
	switch {
	case d.Message == "YAML syntax: control characters are not allowed":
		if i := bytes.IndexFunc(src, isControl); i >= 0 {
			d.Pos.Line, d.Pos.Col = position(src, i)
			r, _ := utf8.DecodeRune(src[i:])
			d.Message = fmt.Sprintf("YAML syntax: control character U+%04X is not allowed", r)
		}
	case unknownAnchor.MatchString(d.Message):
		name := unknownAnchor.FindStringSubmatch(d.Message)[1]
		if i := findAlias(src, name); i >= 0 {
			d.Pos.Line, d.Pos.Col = position(src, i)
		}
	}
	return d
}

// isControl reports a character YAML does not allow in a file: a C0 or
// C1 control other than tab, line feed and carriage return, or DEL.
func isControl(r rune) bool {
	return r < 0x20 && r != '\t' && r != '\n' && r != '\r' || r == 0x7f || r >= 0x80 && r <= 0x9f
}

// findAlias returns the offset of the first *name in src that stands
// alone as an alias token, or -1.
func findAlias(src []byte, name string) int {
	tok := []byte("*" + name)
	for from := 0; ; {
		i := bytes.Index(src[from:], tok)
		if i < 0 {
			return -1
		}
		i += from
		end := i + len(tok)
		before := i == 0 || bytes.IndexByte([]byte(" \t\n[{,:-"), src[i-1]) >= 0
		after := end == len(src) || bytes.IndexByte([]byte(" \t\r\n]},"), src[end]) >= 0
		if before && after {
			return i
		}
		from = i + 1
	}
}

// blockCol returns the column where the lines of a literal block scalar
// start, its indicator (|) being on line: the indentation of the first
// line below that holds text. The file's line starts are found once.
func (c *converter) blockCol(line int, value string) int {
	if strings.TrimSpace(value) == "" {
		return 0
	}
	if c.lines == nil {
		c.lines = []int{0}
		for i, b := range c.src {
			if b == '\n' {
				c.lines = append(c.lines, i+1)
			}
		}
	}
	for i := line; i < len(c.lines); i++ {
		end := len(c.src)
		if i+1 < len(c.lines) {
			end = c.lines[i+1]
		}
		l := c.src[c.lines[i]:end]
		if t := bytes.TrimLeft(l, " "); len(bytes.TrimSpace(t)) > 0 {
			return len(l) - len(t) + 1
		}
	}
	return 0
}

// position is the line and column (in characters) of byte offset i.
func position(src []byte, i int) (line, col int) {
	line = 1 + bytes.Count(src[:i], []byte("\n"))
	start := bytes.LastIndexByte(src[:i], '\n') + 1
	return line, 1 + utf8.RuneCount(src[start:i])
}

// parserProblems are the messages of yaml.v3's parser (not scanner) errors.
var parserProblems = []string{
	"did not find expected key",
	"did not find expected '-' indicator",
	"did not find expected ',' or ']'",
	"did not find expected ',' or '}'",
	"did not find expected node content",
	"did not find expected <document start>",
}

func firstInvalidUTF8(src []byte) (line, col int) {
	line, col = 1, 1
	for len(src) > 0 {
		r, size := utf8.DecodeRune(src)
		if r == utf8.RuneError && size <= 1 {
			return line, col
		}
		if r == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
		src = src[size:]
	}
	return line, col
}

// converter copies a yaml.Node tree into Nodes, expanding aliases and merge
// keys within the limits.
type converter struct {
	path     string
	diags    *Diagnostics
	nodes    int
	text     int // bytes of scalar values so far
	overflow bool
	src      []byte
	lines    []int // where each line of src starts, once blockCol needs them
	// anchored counts the anchored values being converted: an alias
	// converts its anchor again, so their nodes must be kept.
	anchored int
	// lineOff is added to the parser's line numbers: the lines before
	// the piece of the file being converted (see streamFrom).
	lineOff int
	// list is the card list to stream, until its key is met in the
	// document's block mapping listIn; streamed says it was,
	// streamFailed that one of its batches did not parse or defines an
	// anchor of the skeleton's (skeletonAnchors), whose later aliases
	// would then mean the list's.
	list                   *cardList
	listIn                 *yaml.Node
	skeletonAnchors        map[string]bool
	streamed, streamFailed bool
}

// anchors adds the names of the anchors defined in y and below it to
// names (aliases are not followed: they define nothing).
func anchors(y *yaml.Node, names map[string]bool) {
	if y.Anchor != "" {
		names[y.Anchor] = true
	}
	if y.Kind == yaml.AliasNode {
		return
	}
	for _, v := range y.Content {
		anchors(v, names)
	}
}

func (c *converter) pos(n *yaml.Node) Pos {
	return Pos{File: c.path, Line: n.Line + c.lineOff, Col: n.Column}
}

// enter counts a value at depth against the limits; false past one.
func (c *converter) enter(p Pos, depth int) bool {
	c.nodes++
	if c.nodes > MaxNodes {
		c.overflow = true
		c.diags.Errorf(p, "document holds more than %d values once aliases are expanded", MaxNodes)
		return false
	}
	if depth > MaxDepth {
		c.overflow = true
		c.diags.Errorf(p, "values are nested deeper than %d levels", MaxDepth)
		return false
	}
	return true
}

func (c *converter) convert(y *yaml.Node, depth int) *Node {
	if c.overflow {
		return nil
	}
	if y.Kind == yaml.AliasNode && y.Alias != nil {
		// an alias is not a value of its own: the values it expands to are
		return c.convert(y.Alias, depth)
	}
	if y.Anchor != "" {
		c.anchored++
		defer func() { c.anchored-- }()
	}
	if !c.enter(c.pos(y), depth) {
		return nil
	}
	switch y.Kind {
	case yaml.AliasNode: // without an anchor (yaml.v3 refuses those first)
		c.diags.Errorf(c.pos(y), "alias *%s has no anchor", y.Value)
		return &Node{Kind: NullNode, Pos: c.pos(y)}
	case yaml.ScalarNode:
		tag := y.ShortTag()
		if tag == "!!null" {
			return &Node{Kind: NullNode, Tag: tag, Pos: c.pos(y)}
		}
		if c.text += len(y.Value); c.text > MaxText {
			c.overflow = true
			c.diags.Errorf(c.pos(y), "document holds more than %d bytes of text once aliases are expanded", MaxText)
			return nil
		}
		n := &Node{Kind: ScalarNode, Tag: tag, Value: y.Value, Pos: c.pos(y)}
		if y.Style&yaml.LiteralStyle != 0 {
			n.BlockCol = c.blockCol(y.Line+c.lineOff, y.Value)
		}
		return n
	case yaml.SequenceNode:
		n := &Node{Kind: SeqNode, Pos: c.pos(y), Content: make([]*Node, 0, len(y.Content))}
		for i, item := range y.Content {
			n.Content = append(n.Content, c.convert(item, depth+1))
			if c.anchored == 0 {
				// converted, and no alias can reach it: let the parser's
				// nodes go, so that a long list of cards is not held twice
				y.Content[i] = nil
			}
		}
		return n
	case yaml.MappingNode:
		return c.mapping(y, depth)
	}
	return &Node{Kind: NullNode, Pos: c.pos(y)}
}

// mapping converts a mapping, applying YAML merge keys (`<<: *base`):
// merged entries come first and explicit keys of the mapping override them.
func (c *converter) mapping(y *yaml.Node, depth int) *Node {
	n := &Node{Kind: MapNode, Pos: c.pos(y)}
	var merged []*Node
	for i := 0; i+1 < len(y.Content); i += 2 {
		k, v := y.Content[i], y.Content[i+1]
		if k.Kind == yaml.ScalarNode && k.Value == "<<" && k.ShortTag() == "!!merge" {
			merged = append(merged, c.mergeSources(v, depth)...)
			continue
		}
		if c.list != nil && y == c.listIn && k.Line == c.list.keyLine && k.Column == 1 && k.Value == "cards" && v.Kind == yaml.ScalarNode && v.ShortTag() == "!!null" {
			n.Content = append(n.Content, c.convert(k, depth+1), c.streamList())
			continue
		}
		n.Content = append(n.Content, c.convert(k, depth+1), c.convert(v, depth+1))
	}
	if len(merged) == 0 || c.overflow {
		// past a limit, the converted values are incomplete
		return n
	}
	own := make(map[string]bool, len(n.Content)/2)
	for k := range n.Pairs() {
		own[k.Value] = true
	}
	var base []*Node
	for _, m := range merged {
		for k, v := range m.Pairs() {
			if !own[k.Value] {
				own[k.Value] = true
				base = append(base, k, v)
			}
		}
	}
	n.Content = append(base, n.Content...)
	return n
}

func (c *converter) mergeSources(v *yaml.Node, depth int) []*Node {
	if v.Kind == yaml.SequenceNode {
		var out []*Node
		for _, item := range v.Content {
			out = append(out, c.mergeSources(item, depth)...)
		}
		return out
	}
	// a merged mapping's keys become the merging mapping's own, one
	// level below it
	m := c.convert(v, depth)
	if m == nil {
		return nil
	}
	if m.Kind != MapNode {
		c.diags.Errorf(c.pos(v), "a merge key (<<) takes a mapping, found %s", m.Describe())
		return nil
	}
	return []*Node{m}
}
