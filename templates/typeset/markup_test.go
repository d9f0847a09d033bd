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
