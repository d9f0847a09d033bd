package studio

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/deckpress/deckpress/cards"
)

// The hero designer edits a file in place: each edit names a field of
// the form (a scalar the file holds, at its line and column) and the
// value the form read there; the new value replaces that scalar's bytes,
// and every other byte (comments, key order, layout) stays. An edit
// applies only when the file still holds exactly that value in that
// field, and a result that does not read back as the same hero file with
// the new values is refused.

// edit replaces the value of the form's field at Line:Col, which must
// read Old.
type edit struct {
	Line  int    `json:"line"`
	Col   int    `json:"col"`
	Old   string `json:"old"`
	Value string `json:"value"`
}

// editError is every edit refused, each on its line.
type editError []string

func (e editError) Error() string { return strings.Join(e, "\n") }

// formFields lists every field the designer offers, in file order.
func formFields(forms []heroForm) []field {
	var out []field
	for _, h := range forms {
		out = append(out, h.Chars...)
		for _, p := range h.Powers {
			out = append(out, p.Fields...)
			out = append(out, p.Modifiers...)
		}
	}
	return out
}

// span is where an edited field's scalar lies in the file, in bytes, and
// what it becomes.
type span struct {
	start, end int
	text       string
}

// applyEdits returns src, whose first key is format, with the edits
// applied; an error (an editError) lists every edit refused. It costs
// time linear in the sizes of src and of the edits.
func applyEdits(path, format string, src []byte, edits []edit) ([]byte, error) {
	if len(edits) == 0 {
		return src, nil
	}
	root, _ := cards.Parse(path, src)
	if root == nil {
		return nil, editError{"the file does not parse; correct it in an editor first"}
	}
	fields := formFields(heroForms(root))
	if len(edits) > len(fields) {
		return nil, editError{fmt.Sprintf("%d edits, but the file has %d fields", len(edits), len(fields))}
	}
	at := map[[2]int]int{} // a field's line and column → its index; -1: shared by two (an alias)
	for i, f := range fields {
		k := [2]int{f.Line, f.Col}
		if _, ok := at[k]; ok {
			i = -1
		}
		at[k] = i
	}
	order := make([]int, len(edits)) // the edits in file order
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		return cmp.Or(cmp.Compare(edits[a].Line, edits[b].Line), cmp.Compare(edits[a].Col, edits[b].Col))
	})
	want := make([]string, len(fields)) // the form the result must read as
	for i, f := range fields {
		want[i] = f.Value
	}
	var errs editError
	var spans []span
	cur := cursor{src: src}
	for n, k := range order {
		e := edits[k]
		i, ok := at[[2]int{e.Line, e.Col}]
		switch {
		case !ok:
			errs = append(errs, fmt.Sprintf("%d:%d: the file holds no field of the form there; reload", e.Line, e.Col))
			continue
		case i < 0:
			errs = append(errs, fmt.Sprintf("%d:%d: the value there is shared (an alias); change it in an editor", e.Line, e.Col))
			continue
		case n > 0 && edits[order[n-1]].Line == e.Line && edits[order[n-1]].Col == e.Col:
			errs = append(errs, fmt.Sprintf("%d:%d: edited twice", e.Line, e.Col))
			continue
		case fields[i].Value != e.Old:
			errs = append(errs, fmt.Sprintf("%d:%d: %s: the file holds %q there, not %q; reload", e.Line, e.Col, fields[i].Key, fields[i].Value, e.Old))
			continue
		}
		start := cur.offset(e.Line, e.Col)
		end := scalarEnd(src, start, e.Old)
		if end < 0 {
			errs = append(errs, fmt.Sprintf("%d:%d: %s is written over several lines or as a block; change it in an editor", e.Line, e.Col, fields[i].Key))
			continue
		}
		spans = append(spans, span{start, end, scalar(e.Value)})
		want[i] = e.Value
	}
	if errs != nil {
		return nil, errs
	}
	var out bytes.Buffer
	out.Grow(len(src))
	last := 0
	for _, s := range spans {
		out.Write(src[last:s.start])
		out.WriteString(s.text)
		last = s.end
	}
	out.Write(src[last:])
	if err := readsBack(path, format, out.Bytes(), fields, want); err != nil {
		return nil, editError{err.Error()}
	}
	return out.Bytes(), nil
}

// readsBack checks that an edited file parses as the same kind of hero
// file, whose form holds the fields of the old one with the values want.
func readsBack(path, format string, src []byte, old []field, want []string) error {
	root, diags := cards.Parse(path, src)
	if root == nil {
		return fmt.Errorf("the edits would make the file unreadable (%v); nothing was changed", diags.Err())
	}
	if key := cards.FirstKey(root); key != format {
		return fmt.Errorf("the edits would make the file start with %q instead of %q; nothing was changed", key, format)
	}
	got := formFields(heroForms(root))
	if len(got) != len(old) {
		return errors.New("the edits would change the file's fields; nothing was changed")
	}
	for i, f := range got {
		if f.Key != old[i].Key || f.Value != want[i] {
			return fmt.Errorf("%d:%d: %s would read %q, not %q; nothing was changed", old[i].Line, old[i].Col, f.Key, f.Value, want[i])
		}
	}
	return nil
}

// cursor turns lines and columns (of characters, from 1) into byte
// offsets of src, asked for in file order: each call goes on from the
// last, so that all of them together read src once.
type cursor struct {
	src       []byte
	line, col int // where at is; 0: not started
	at        int
}

// offset returns the byte offset of line:col, or -1 when src has no
// such place; line:col must not come before the last asked for.
func (c *cursor) offset(line, col int) int {
	if c.line == 0 {
		c.line, c.col = 1, 1
	}
	for c.line < line {
		nl := bytes.IndexByte(c.src[c.at:], '\n')
		if nl < 0 {
			return -1
		}
		c.at += nl + 1
		c.line, c.col = c.line+1, 1
	}
	for c.line == line && c.col < col {
		if c.at >= len(c.src) || c.src[c.at] == '\n' {
			return -1
		}
		_, n := utf8.DecodeRune(c.src[c.at:])
		c.at += n
		c.col++
	}
	if c.line != line || c.col != col {
		return -1
	}
	return c.at
}

// scalarEnd returns where the scalar of value v that starts at offset
// start of src ends, or -1 when it is not written on one line: plain, it
// is v's own bytes; quoted, it runs to its closing quote.
func scalarEnd(src []byte, start int, v string) int {
	if start < 0 {
		return -1
	}
	rest := src[start:]
	switch {
	case len(rest) > 0 && (rest[0] == '"' || rest[0] == '\''):
		q := rest[0]
		for i := 1; i < len(rest); i++ {
			switch {
			case rest[i] == '\n':
				return -1
			case q == '"' && rest[i] == '\\':
				i++
			case rest[i] == q && q == '\'' && i+1 < len(rest) && rest[i+1] == '\'':
				i++ // '' is a quote inside single quotes
			case rest[i] == q:
				return start + i + 1
			}
		}
		return -1
	case v != "" && bytes.HasPrefix(rest, []byte(v)):
		return start + len(v)
	}
	return -1
}

// scalar writes v as a YAML scalar: plain when that reads back as v,
// else double-quoted.
func scalar(v string) string {
	if plain(v) {
		return v
	}
	return strconv.Quote(v) // Go's escapes are YAML's, for valid UTF-8
}

// plain reports whether v, written unquoted, is a YAML scalar whose text
// is v: words of letters, digits, _ . and - starting with a letter, a
// digit, _ or a minus before a digit (a negative number), and not a word
// YAML reads as empty or a boolean.
func plain(v string) bool {
	if v == "" || strings.TrimSpace(v) != v {
		return false
	}
	switch v {
	case "true", "True", "TRUE", "false", "False", "FALSE", "null", "Null", "NULL":
		return false
	}
	first := v[0]
	if !(first == '_' || isAlnum(first) || first == '-' && len(v) > 1 && v[1] >= '0' && v[1] <= '9') {
		return false
	}
	for i := range len(v) {
		if c := v[i]; !(c == ' ' || c == '-' || c == '_' || c == '.' || isAlnum(c)) {
			return false
		}
	}
	return true
}

func isAlnum(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}
