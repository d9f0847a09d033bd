package cards

import (
	"slices"
	"strings"
	"testing"
)

// parseDiags parses src as d.yaml and returns its diagnostics, sorted.
func parseDiags(t *testing.T, src string) (*Node, []string) {
	t.Helper()
	root, diags := Parse("d.yaml", []byte(src))
	return root, diagStrings(diags)
}

func assertDiags(t *testing.T, got, want []string) {
	t.Helper()
	if !slices.Equal(got, want) {
		t.Errorf("diagnostics:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// A file of exactly 8 MiB is read; one byte more is refused from its
// size, at the start of the file.
func TestParseFileSizeLimit(t *testing.T) {
	sized := func(n int) string {
		head := "deck: x\ncards: []\n#"
		return head + strings.Repeat("x", n-len(head)-1) + "\n"
	}
	if src := sized(8 << 20); len(src) != 8<<20 {
		t.Fatalf("test file is %d bytes", len(src))
	}
	root, got := parseDiags(t, sized(8<<20))
	if root == nil || root.Kind != MapNode || len(got) != 0 {
		t.Errorf("a file of exactly 8 MiB: root %v, diagnostics %q", root, got)
	}
	root, got = parseDiags(t, sized(8<<20+1))
	assertDiags(t, got, []string{"d.yaml:1:1: error: file is 8388609 bytes; the limit is 8388608"})
	if root != nil {
		t.Errorf("a refused file has a tree")
	}
}

// Values may sit 64 levels below the document's top value; a value on
// level 65 is refused at its position, and the tree is dropped. A mapping's
// keys and values are one level below it; merged keys land in the mapping
// that merges them, so they are one level below it too.
func TestParseDepthLimit(t *testing.T) {
	lists := func(n int) string { return strings.Repeat("[", n) + "x" + strings.Repeat("]", n) }
	maps := func(n int) string { return strings.Repeat("{a: ", n) + "x" + strings.Repeat("}", n) }
	merged := func(n int) string { return strings.Repeat("[", n) + "{<<: {k: v}}" + strings.Repeat("]", n) }
	mergedAlias := func(n int) string {
		return "- &base {k: v}\n- " + strings.Repeat("[", n-1) + "{<<: *base}" + strings.Repeat("]", n-1) + "\n"
	}
	const refused = "error: values are nested deeper than 64 levels"
	for _, c := range []struct {
		name string
		src  string
		want []string
	}{
		// x is on level n below n lists
		{"64 lists", lists(64), nil},
		{"65 lists", lists(65), []string{"d.yaml:1:66: " + refused}},
		// the key and the value of the innermost mapping are on level n
		{"64 mappings", maps(64), nil},
		{"65 mappings: the key is the first too deep", maps(65), []string{"d.yaml:1:258: " + refused}},
		{"a mapping on level 64 with a key", strings.Repeat("[", 64) + "{k: v}" + strings.Repeat("]", 64),
			[]string{"d.yaml:1:66: " + refused}},
		{"a list of values under 63 mappings", strings.Repeat("{a: ", 63) + "[x]" + strings.Repeat("}", 63), nil},
		{"a list of values under 64 mappings", strings.Repeat("{a: ", 64) + "[x]" + strings.Repeat("}", 64),
			[]string{"d.yaml:1:258: " + refused}},
		// the mapping is on level n, its merged key k on n+1
		{"merged key on level 64", merged(63), nil},
		{"merged key on level 65", merged(64), []string{"d.yaml:1:71: " + refused}},
		{"merged alias key on level 64", mergedAlias(63), nil},
		{"merged alias key on level 65", mergedAlias(64), []string{"d.yaml:1:10: " + refused}},
	} {
		t.Run(c.name, func(t *testing.T) {
			root, got := parseDiags(t, c.src)
			assertDiags(t, got, c.want)
			if (root == nil) != (c.want != nil) {
				t.Errorf("tree %v with diagnostics %q", root != nil, got)
			}
		})
	}
}

// A document may hold 1,000,000 values once its aliases are replaced by
// what they name; one more is refused at the value that passes the limit.
// An alias is not a value of its own: it stands for its anchor's value.
func TestParseValueLimit(t *testing.T) {
	// a list holding an anchored list of 1000 values, then 998 aliases of
	// it: 1 + 999 × 1001 = 1,000,000 values
	exact := "- &a [" + strings.Repeat("x, ", 999) + "x]\n" + strings.Repeat("- *a\n", 998)
	root, got := parseDiags(t, exact)
	assertDiags(t, got, nil)
	if root == nil || len(root.Content) != 999 || len(root.Content[998].Content) != 1000 {
		t.Fatalf("the expanded tree is not whole")
	}
	// one more value, on line 1000
	root, got = parseDiags(t, exact+"- x\n")
	assertDiags(t, got, []string{"d.yaml:1000:3: error: document holds more than 1000000 values once aliases are expanded"})
	if root != nil {
		t.Errorf("a refused document has a tree")
	}
}

// A document may hold 8 MiB of text once its aliases are expanded (the
// most a file holds): one long text aliased by many cards is refused at
// the alias that passes the limit, before anything sets it.
func TestParseTextLimit(t *testing.T) {
	const size = 1 << 20 // a 1 MiB text: the anchor and 7 aliases make 8 MiB
	long := strings.Repeat("x", size)
	exact := "- &t " + long + "\n" + strings.Repeat("- *t\n", 7)
	_, got := parseDiags(t, exact)
	assertDiags(t, got, nil)
	_, got = parseDiags(t, exact+"- *t\n")
	assertDiags(t, got, []string{"d.yaml:1:3: error: document holds more than 8388608 bytes of text once aliases are expanded"})
}

// Syntax errors that yaml.v3 reports without a position are placed where
// the offending text is: a control character, an alias of no anchor.
func TestParseUnpositionedSyntax(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"a: 1\nb: \"x\x01y\"\n", "d.yaml:2:6: error: YAML syntax: control character U+0001 is not allowed"},
		{"a: 1\nb: é\x1b[31m\n", "d.yaml:2:5: error: YAML syntax: control character U+001B is not allowed"},
		{"a: \x7f\n", "d.yaml:1:4: error: YAML syntax: control character U+007F is not allowed"},
		{"a: *x1\nb: [1, *nope]\n", "d.yaml:1:4: error: YAML syntax: unknown anchor 'x1' referenced"},
		{"a: '*nope'\nb: {c: *nope}\n", "d.yaml:2:8: error: YAML syntax: unknown anchor 'nope' referenced"},
	} {
		_, got := parseDiags(t, c.src)
		assertDiags(t, got, []string{c.want})
	}
}

// The first byte that is not UTF-8 is reported at its line and column,
// columns counting characters.
func TestParseNotUTF8(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"deck: \xff\xfe\n", "d.yaml:1:7"},
		{"a: é\xff\n", "d.yaml:1:5"},
		{"a: \uFFFD\xff\n", "d.yaml:1:5"}, // a replacement character is valid text
		{"a: 1\nb: \xc3\n", "d.yaml:2:4"}, // the first byte of a cut character
		{"\n\n\xfe", "d.yaml:3:1"},
		{"\xff", "d.yaml:1:1"},
	} {
		root, got := parseDiags(t, c.src)
		assertDiags(t, got, []string{c.want + ": error: file is not valid UTF-8 text"})
		if root != nil {
			t.Errorf("%q: a tree for a file that is not text", c.src)
		}
	}
}

func TestParseDocuments(t *testing.T) {
	for _, c := range []struct {
		name string
		src  string
		kind Kind   // of the root, when there is one
		at   string // the root's position
		want []string
	}{
		{"empty", "", NullNode, "d.yaml:1:1", nil},
		{"only comments", "# nothing here\n\n# yet\n", NullNode, "d.yaml:1:1", nil},
		{"only a document marker", "---\n", NullNode, "d.yaml:2:1", nil},
		{"a mapping", "a: 1\n", MapNode, "d.yaml:1:1", nil},
		{"a second document", "a: 1\n---\nb: 2\n", MapNode, "d.yaml:1:1",
			[]string{"d.yaml:2:1: error: a second YAML document (after ---) is not allowed"}},
		{"a broken second document", "a: 1\n---\nb: [\n", NullNode, "d.yaml:1:1",
			[]string{"d.yaml:4:1: error: YAML syntax: did not find expected node content"}},
		// parser errors: yaml.v3 counts their lines from 0
		{"a key out of line", "a: 1\nb:\n  - x\n  - y\n c: 1\n", NullNode, "d.yaml:1:1",
			[]string{"d.yaml:5:1: error: YAML syntax: did not find expected key"}},
		// scanner errors count from 1
		{"a character that starts nothing", "a: 1\nb: @x\n", NullNode, "d.yaml:1:1",
			[]string{"d.yaml:2:1: error: YAML syntax: found character that cannot start any token"}},
		{"an unknown anchor", "a: 1\nb: *nope\n", NullNode, "d.yaml:2:4",
			[]string{"d.yaml:2:4: error: YAML syntax: unknown anchor 'nope' referenced"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			root, got := parseDiags(t, c.src)
			assertDiags(t, got, c.want)
			broken := len(c.want) > 0 && strings.Contains(c.want[0], "syntax")
			switch {
			case broken && root != nil:
				t.Errorf("a tree for a broken document")
			case !broken && (root == nil || root.Kind != c.kind || root.Pos.String() != c.at):
				t.Errorf("root %+v, want kind %d at %s", root, c.kind, c.at)
			}
		})
	}
}

// Aliases and merge keys are expanded: an alias is a copy of its anchor's
// value (at the anchor's position); merged keys come first, the mapping's
// own keys override them, and of several merged mappings the earlier wins.
func TestMergeAndAliases(t *testing.T) {
	src := `base: &b {x: 1, y: 2}
more: &m {x: 10, z: 30}
item:
  <<: [*b, *m]
  y: 3
copy: *b
inline: {<<: {p: 1}, q: 2}
`
	root, got := parseDiags(t, src)
	assertDiags(t, got, nil)
	keys := func(n *Node) (out []string) {
		for k, v := range n.Pairs() {
			out = append(out, k.Value+"="+v.Value+"@"+v.Pos.String())
		}
		return out
	}
	for _, c := range []struct {
		key  string
		want []string
	}{
		{"item", []string{"x=1@d.yaml:1:14", "z=30@d.yaml:2:21", "y=3@d.yaml:5:6"}},
		{"copy", []string{"x=1@d.yaml:1:14", "y=2@d.yaml:1:20"}},
		{"inline", []string{"p=1@d.yaml:7:18", "q=2@d.yaml:7:25"}},
	} {
		if k := keys(root.Key(c.key)); !slices.Equal(k, c.want) {
			t.Errorf("%s: %q, want %q", c.key, k, c.want)
		}
	}

	_, got = parseDiags(t, "a: {<<: 3, b: 1}\nc: {<<: [x, {d: 1}]}\n")
	assertDiags(t, got, []string{
		"d.yaml:1:9: error: a merge key (<<) takes a mapping, found the number 3",
		`d.yaml:2:10: error: a merge key (<<) takes a mapping, found the text "x"`,
	})
}

// The parser's nodes of a list are let go as the list is read: a list
// that an alias reaches, or one inside an anchored value, is read whole
// each time an alias names it.
func TestAliasedListsReadWhole(t *testing.T) {
	src := `base: &b {tags: [x, y]}
cards:
  - &one {tags: [a, b]}
  - *one
  - {<<: *b}
  - &list [p, q]
  - *list
again: *list
`
	root, got := parseDiags(t, src)
	assertDiags(t, got, nil)
	items := func(n *Node) (out []string) {
		for _, v := range n.Content {
			out = append(out, v.Value)
		}
		return out
	}
	list := root.Key("cards").Content
	for _, c := range []struct {
		name string
		got  *Node
		want []string
	}{
		{"card 1 tags", list[0].Key("tags"), []string{"a", "b"}},
		{"card 2 tags (alias)", list[1].Key("tags"), []string{"a", "b"}},
		{"card 3 tags (merged)", list[2].Key("tags"), []string{"x", "y"}},
		{"item 4", list[3], []string{"p", "q"}},
		{"item 5 (alias)", list[4], []string{"p", "q"}},
		{"again (alias)", root.Key("again"), []string{"p", "q"}},
		{"base tags", root.Key("base").Key("tags"), []string{"x", "y"}},
	} {
		if g := items(c.got); !slices.Equal(g, c.want) {
			t.Errorf("%s: %q, want %q", c.name, g, c.want)
		}
	}
}

func TestParseTags(t *testing.T) {
	root, got := parseDiags(t, "a: 12\nb: \"12\"\nc: 1.5\nd: true\ne: ~\nf:\ng: text\n")
	assertDiags(t, got, nil)
	for _, c := range []struct {
		key, tag string
		kind     Kind
	}{
		{"a", "!!int", ScalarNode}, {"b", "!!str", ScalarNode}, {"c", "!!float", ScalarNode},
		{"d", "!!bool", ScalarNode}, {"e", "!!null", NullNode}, {"f", "!!null", NullNode}, {"g", "!!str", ScalarNode},
	} {
		if n := root.Key(c.key); n == nil || n.Tag != c.tag || n.Kind != c.kind {
			t.Errorf("%s: %+v, want tag %s kind %d", c.key, n, c.tag, c.kind)
		}
	}
}
