package typeset

import (
	"fmt"
	"strings"
	"testing"
)

func TestParseMarkup(t *testing.T) {
	cases := []struct{ in, want string }{
		{"plain text", "[p: plain text]"},
		{"**bold** then *italic*", "[p: <bold>bold |  then  | <italic>italic]"},
		{"***both***", "[p: <bold-italic>both]"},
		{"5 * 3 and a * b", "[p: 5 * 3 and a * b]"},
		{"a :star: b", "[p: a  | :star: |  b]"},
		{"time 10:30:00", "[p: time 10:30:00]"},
		{"escaped \\*not italic\\*", "[p: escaped *not italic*]"},
		{"line one\nline two", "[p: line one | \\n | line two]"},
		{"para one\n\npara two", "[p: para one][p: para two]"},
		{"intro\n- one\n- two", "[p: intro][•: one][•: two]"},
		{"**open", "[p: **open]!"},
		{"steps:\n1. first\n2) second\n10. tenth", "[p: steps:][1.: first][2.: second][10.: tenth]"},
		{"*open and **bold**", "[p: *open and  | <bold>bold]!"},
		{"**bold *and italic***", "[p: <bold>bold  | <bold-italic>and italic]"},
		// numbered items: one to three digits, a dot or a bracket, a space
		{"1.5x damage", "[p: 1.5x damage]"},
		{"1. x", "[1.: x]"},
		{"12. x", "[12.: x]"},
		{"999) x", "[999.: x]"},
		{"1000. x", "[p: 1000. x]"},
		{"1.x", "[p: 1.x]"},
		{"x 1. y", "[p: x 1. y]"},
		{"1.   spaced", "[1.: spaced]"},
		{"  3. indented", "[3.: indented]"},
		{"1.", "[p: 1.]"},
		// bullets: "- " or "• " at a line's start, indented or not
		{"- x", "[•: x]"},
		{"• x", "[•: x]"},
		{"  -   x", "[•: x]"},
		{"-x", "[p: -x]"},
		{"•x", "[p: •x]"},
		{"-5 damage", "[p: -5 damage]"},
		{"a - b", "[p: a - b]"},
		{"- one\n  more", "[•: one | \\n |   more]"},
		{"- one\nmore\n- two", "[•: one | \\n | more][•: two]"},
		// emphasis: a star opens before a non-space and closes after one
		{"*open", "[p: *open]!"},
		{"an *open and a **bold** word", "[p: an *open and a  | <bold>bold |  word]!"},
		{"* not italic *", "[p: * not italic *]"},
		{"*a *b*", "[p: <italic>a *b]"},
		{"**a ** b**", "[p: <bold>a ** b]"},
		{"2*3*4", "[p: 2 | <italic>3 | 4]"},
		{"*", "[p: *]"},
		{"**", "[p: **]"},
		{"***open", "[p: ***open]!"},
		{"*x*\n*y", "[p: <italic>x | \\n | *y]!"},
		// escapes
		{"\\*a\\*", "[p: *a*]"},
		{"\\**a**", "[p: **a**]!"}, // the escape leaves "*a**": no single star closes the italic
		{"\\:star:", "[p: :star:]"},
		{"a\\\\b", "[p: a\\b]"},
		{"end\\", "[p: end\\]"},
		{"*a\\*b*", "[p: <italic>a*b]"},
		{"*a\\*", "[p: *a*]!"},
		// icons: a letter, then letters, digits, - or _, between colons
		{":star:", "[p: :star:]"},
		{":d20:", "[p: :d20:]"},
		{":a9z:", "[p: :a9z:]"},
		{":Zed:", "[p: :Zed:]"},
		{":two-words_x:", "[p: :two-words_x:]"},
		{":1st:", "[p: :1st:]"},
		{"::", "[p: ::]"},
		{":a b:", "[p: :a b:]"},
		{":é:", "[p: :é:]"},
		{"a:b", "[p: a:b]"},
		{":open", "[p: :open]"},
		{"**:star: strong**", "[p: <bold>:star: | <bold> strong]"},
		// paragraphs: blank lines (spaces only count as blank) separate them
		{"a\n  \nb", "[p: a][p: b]"},
		{"\n\na\n\n\n\nb\n\n", "[p: a][p: b]"},
		{"a\r\nb\r\n\r\nc", "[p: a | \\n | b][p: c]"},
		{"", ""},
	}
	for _, c := range cases {
		blocks, probs := parseMarkup(c.in, false)
		var b strings.Builder
		for _, bl := range blocks {
			kind := "p"
			if bl.marker != "" {
				kind = bl.marker
			}
			var parts []string
			for _, sp := range bl.spans {
				switch {
				case sp.icon != "" && sp.style != Regular:
					parts = append(parts, fmt.Sprintf("<%s>:%s:", sp.style, sp.icon))
				case sp.icon != "":
					parts = append(parts, ":"+sp.icon+":")
				case sp.text == "\n":
					parts = append(parts, "\\n")
				case sp.style != Regular:
					parts = append(parts, fmt.Sprintf("<%s>%s", sp.style, sp.text))
				default:
					parts = append(parts, sp.text)
				}
			}
			fmt.Fprintf(&b, "[%s: %s]", kind, strings.Join(parts, " | "))
		}
		if len(probs) > 0 {
			b.WriteString("!")
		}
		if b.String() != c.want {
			t.Errorf("%q:\n got  %s\n want %s", c.in, b.String(), c.want)
		}
	}
}

// TestPlainMarkup: plain text keeps stars, colons, escapes and list marks
// as written; only paragraphs and line breaks count.
func TestPlainMarkup(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"- **a** :star: \\*", "[p: - **a** :star: \\*]"},
		{"1. one\n2. two", "[p: 1. one | \\n | 2. two]"},
		{"a\n\nb", "[p: a][p: b]"},
	} {
		blocks, probs := parseMarkup(c.in, true)
		var b strings.Builder
		for _, bl := range blocks {
			var parts []string
			for _, sp := range bl.spans {
				if sp.style != Regular || sp.icon != "" || bl.marker != "" {
					t.Errorf("%q: styled span %+v in block %q", c.in, sp, bl.marker)
				}
				if sp.text == "\n" {
					parts = append(parts, "\\n")
				} else {
					parts = append(parts, sp.text)
				}
			}
			fmt.Fprintf(&b, "[p: %s]", strings.Join(parts, " | "))
		}
		if b.String() != c.want || len(probs) > 0 {
			t.Errorf("%q:\n got  %s (problems %v)\n want %s", c.in, b.String(), probs, c.want)
		}
	}
}

// TestMarkupProblems: an unclosed star is reported once per star, saying
// which emphasis and how to write a literal star.
func TestMarkupProblems(t *testing.T) {
	const bold = "** (bold) is not closed on its line; close it, or write \\* for a literal star"
	const italic = "* (italic) is not closed on its line; close it, or write \\* for a literal star"
	for _, c := range []struct {
		in   string
		want []string
	}{
		{"**open", []string{bold}},
		{"*open", []string{italic}},
		{"*a and **b", []string{italic, bold}},
		{"**a**\n**b", []string{bold}},
		{"**a\n**b**", []string{bold}},
		{"5 * 3 ** 2", nil},
		{"**fine** *too*", nil},
	} {
		_, probs := parseMarkup(c.in, false)
		var got []string
		for _, p := range probs {
			got = append(got, p.msg)
		}
		if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
			t.Errorf("%q: problems %q, want %q", c.in, got, c.want)
		}
	}
}
