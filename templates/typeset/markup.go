package typeset

import (
	"regexp"
	"strings"
	"unicode"
)

// Rich text, as written in fields and rules texts:
//
//	**bold**, *italic*, :icon-name:, \* (a literal star)
//	one newline breaks the line, a blank line starts a paragraph,
//	a line starting with "- " is a bullet item, "1. " a numbered one.
//
// A star opens emphasis only before a non-space and closes only after one,
// so "5 * 3" stays as written.

// span is a stretch of text in one style, or one inline icon.
type span struct {
	text  string
	style Style
	icon  string // an icon name; text is then empty
}

// block is a paragraph or a list item: its spans, with "\n" spans for
// line breaks inside it, and the item's marker ("•", "2.") if it is one.
type block struct {
	marker string
	spans  []span
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
		for _, line := range strings.Split(para, "\n") {
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
	for _, line := range strings.Split(s, "\n") {
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

// parseInline reads the emphasis and icons of one line.
func parseInline(line string) ([]span, []markupProblem) {
	var spans []span
	var problems []markupProblem
	var text strings.Builder
	bold, italic := false, false
	flush := func() {
		if text.Len() > 0 {
			spans = append(spans, span{text: text.String(), style: styleOf(bold, italic)})
			text.Reset()
		}
	}
	rs := []rune(line)
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		prevSpace := i == 0 || unicode.IsSpace(rs[i-1])
		switch {
		case r == '\\' && i+1 < len(rs):
			i++
			text.WriteRune(rs[i])
		case r == '*' && i+1 < len(rs) && rs[i+1] == '*':
			next := i + 2
			opens := !bold && next < len(rs) && !unicode.IsSpace(rs[next])
			if opens && !hasCloser(rs, next, true) {
				opens = false
				problems = append(problems, markupProblem{"** (bold) is not closed on its line; close it, or write \\* for a literal star"})
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
			if opens && !hasCloser(rs, i+1, false) {
				opens = false
				problems = append(problems, markupProblem{"* (italic) is not closed on its line; close it, or write \\* for a literal star"})
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
				spans = append(spans, span{icon: name, style: styleOf(bold, italic)})
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

// hasCloser reports whether a closing ** (double) or * follows from
// rs[from]: a run of stars right after a non-space, of two or more stars
// for bold, of one or three for italic.
func hasCloser(rs []rune, from int, double bool) bool {
	for j := from; j < len(rs); j++ {
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
		if j > 0 && !unicode.IsSpace(rs[j-1]) && (double && run >= 2 || !double && run%2 == 1) {
			return true
		}
		j += run - 1
	}
	return false
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
