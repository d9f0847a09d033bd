package typeset

import (
	"regexp"
	"sort"
	"strings"
	"unicode"
)

// Rich text, as written in fields and rules texts:
//
//	**bold**, *italic*, :icon-name:, \* (a literal star)
//	[[a no-break span]]: its spaces and hyphens never break a line
//	\ (a backslash and a space) or U+00A0: a no-break space
//	one newline breaks the line, a blank line starts a paragraph,
//	a line starting with "- " is a bullet item, "1. " a numbered one.
//
// A star opens emphasis only before a non-space and closes only after one,
// so "5 * 3" stays as written.

// span is a stretch of text in one style, or one inline icon.
type span struct {
	text    string
	style   Style
	icon    string // an icon name; text is then empty
	nobreak bool   // inside [[…]]: no line break at its spaces or hyphens
}

// block is a paragraph or a list item: its spans, with "\n" spans for
// line breaks inside it, and the item's marker ("•", "2.") if it is one.
type block struct {
	marker string
	spans  []span
}

// textLen is the length in bytes of the block's text.
func (b block) textLen() int {
	n := 0
	for _, sp := range b.spans {
		n += len(sp.text)
	}
	return n
}

// numbered matches the start of a numbered item: "1. " or "1) ".
var numbered = regexp.MustCompile(`^(\d{1,3})[.)] +`)

// markupProblem is a markup mistake, reported by the caller with a position.
type markupProblem struct {
	msg string
}

// parseMarkup splits s into blocks and spans. With plain set, stars and
// colons are literal and only line structure counts.
func parseMarkup(s string, plain bool) ([]block, []markupProblem) {
	var blocks []block
	var problems []markupProblem
	s = strings.ReplaceAll(s, "\r\n", "\n")
	for _, para := range splitParagraphs(s) {
		var cur *block
		for line := range strings.SplitSeq(para, "\n") {
			trimmed := strings.TrimLeft(line, " \t")
			if m := numbered.FindStringSubmatch(trimmed); !plain && m != nil {
				blocks = append(blocks, block{marker: m[1] + "."})
				cur = &blocks[len(blocks)-1]
				line = trimmed[len(m[0]):]
			} else if !plain && (strings.HasPrefix(trimmed, "- ") || strings.HasPrefix(trimmed, "• ")) {
				blocks = append(blocks, block{marker: "•"})
				cur = &blocks[len(blocks)-1]
				line = strings.TrimLeft(trimmed[strings.Index(trimmed, " ")+1:], " ")
			} else if cur == nil {
				blocks = append(blocks, block{})
				cur = &blocks[len(blocks)-1]
			} else {
				cur.spans = append(cur.spans, span{text: "\n"})
			}
			if plain {
				cur.spans = append(cur.spans, span{text: line})
				continue
			}
			spans, probs := parseInline(line)
			cur.spans = append(cur.spans, spans...)
			problems = append(problems, probs...)
		}
	}
	return blocks, problems
}

// splitParagraphs cuts at blank lines, dropping empty paragraphs.
func splitParagraphs(s string) []string {
	var out []string
	var cur []string
	for line := range strings.SplitSeq(s, "\n") {
		if strings.TrimSpace(line) == "" {
			if len(cur) > 0 {
				out = append(out, strings.Join(cur, "\n"))
				cur = nil
			}
			continue
		}
		cur = append(cur, line)
	}
	if len(cur) > 0 {
		out = append(out, strings.Join(cur, "\n"))
	}
	return out
}

// parseInline reads the emphasis and icons of one line, in time linear in
// its length. Each kind of markup problem is reported once per line.
func parseInline(line string) ([]span, []markupProblem) {
	var spans []span
	var problems []markupProblem
	var text strings.Builder
	bold, italic, nobreak := false, false, false
	flush := func() {
		if text.Len() > 0 {
			spans = append(spans, span{text: text.String(), style: styleOf(bold, italic), nobreak: nobreak})
			text.Reset()
		}
	}
	rs := []rune(line)
	closers := findClosers(rs)
	var unclosed [2]bool // bold, italic already reported
	report := func(double bool) {
		k, msg := 1, "* (italic) is not closed on its line; close it, or write \\* for a literal star"
		if double {
			k, msg = 0, "** (bold) is not closed on its line; close it, or write \\* for a literal star"
		}
		if !unclosed[k] {
			unclosed[k] = true
			problems = append(problems, markupProblem{msg})
		}
	}
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		prevSpace := i == 0 || unicode.IsSpace(rs[i-1])
		switch {
		case r == '\\' && i+1 < len(rs):
			i++
			if rs[i] == ' ' {
				text.WriteRune('\u00a0')
			} else {
				text.WriteRune(rs[i])
			}
		case r == '[' && i+1 < len(rs) && rs[i+1] == '[' && !nobreak && strings.Contains(string(rs[i+2:]), "]]"):
			flush()
			nobreak = true
			i++
		case r == ']' && i+1 < len(rs) && rs[i+1] == ']' && nobreak:
			flush()
			nobreak = false
			i++
		case r == '*' && i+1 < len(rs) && rs[i+1] == '*':
			next := i + 2
			opens := !bold && next < len(rs) && !unicode.IsSpace(rs[next])
			if opens && !closers.after(next, true) {
				opens = false
				report(true)
			}
			closes := bold && !prevSpace
			if opens || closes {
				flush()
				bold = !bold
				i++
			} else {
				text.WriteString("**")
				i++
			}
		case r == '*':
			opens := !italic && i+1 < len(rs) && !unicode.IsSpace(rs[i+1])
			if opens && !closers.after(i+1, false) {
				opens = false
				report(false)
			}
			closes := italic && !prevSpace
			if opens || closes {
				flush()
				italic = !italic
			} else {
				text.WriteRune(r)
			}
		case r == ':':
			if name, n := iconName(rs[i+1:]); n > 0 {
				flush()
				spans = append(spans, span{icon: name, style: styleOf(bold, italic), nobreak: nobreak})
				i += n
			} else {
				text.WriteRune(r)
			}
		default:
			text.WriteRune(r)
		}
	}
	flush()
	return spans, problems
}

// closers are the runs of stars of a line that may close emphasis: runs
// right after a non-space, found once, so that asking whether one follows
// a star costs a binary search instead of a scan to the end of the line
// (thousands of unclosed stars would otherwise take quadratic time).
type closers struct {
	starts, lens []int
	// double[k], single[k]: some run from the k-th on closes bold (two
	// stars or more), italic (an odd number of stars)
	double, single []bool
}

// findClosers reads the runs of stars of rs, escapes (\\*) skipped.
func findClosers(rs []rune) closers {
	var c closers
	for j := 0; j < len(rs); j++ {
		if rs[j] == '\\' {
			j++
			continue
		}
		if rs[j] != '*' {
			continue
		}
		run := 1
		for j+run < len(rs) && rs[j+run] == '*' {
			run++
		}
		c.starts, c.lens = append(c.starts, j), append(c.lens, run)
		j += run - 1
	}
	n := len(c.starts)
	c.double, c.single = make([]bool, n+1), make([]bool, n+1)
	for k := n - 1; k >= 0; k-- {
		closes := c.starts[k] > 0 && !unicode.IsSpace(rs[c.starts[k]-1])
		c.double[k] = c.double[k+1] || closes && c.lens[k] >= 2
		c.single[k] = c.single[k+1] || closes && c.lens[k]%2 == 1
	}
	return c
}

// after reports whether a closing ** (double) or * follows from rs[from]:
// a run of stars right after a non-space, of two or more stars for bold,
// of one or three for italic. A run that from falls inside counts from
// from on (a star precedes it).
func (c closers) after(from int, double bool) bool {
	k := sort.SearchInts(c.starts, from)
	if k > 0 {
		if rest := c.starts[k-1] + c.lens[k-1] - from; rest > 0 && (double && rest >= 2 || !double && rest%2 == 1) {
			return true
		}
	}
	if double {
		return c.double[k]
	}
	return c.single[k]
}

// iconName reads "name:" at the start of rs (the opening colon already
// read): a letter, then letters, digits, '-' or '_'. It returns the name and
// the runes consumed (the closing colon included), or 0 when rs does not
// start an icon.
func iconName(rs []rune) (string, int) {
	for i, r := range rs {
		switch {
		case r == ':' && i > 0:
			return string(rs[:i]), i + 1
		case unicode.IsLetter(r) && r < 128:
		case i > 0 && (r >= '0' && r <= '9' || r == '-' || r == '_'):
		default:
			return "", 0
		}
	}
	return "", 0
}
