package cards

import (
	"iter"
	"math"
	"slices"
	"strconv"
	"strings"
)

// Entry is one key and value of a checked [Mapping].
type Entry struct {
	Key    string
	KeyPos Pos
	Value  *Node
}

// Mapping is a mapping node whose keys have been checked: each key appears
// once, and (for [Diagnostics.Map]) every key is a known one. A nil
// *Mapping is empty, so loaders can read from it after a failed check.
type Mapping struct {
	Node    *Node
	entries []Entry
	index   map[string]int
}

// Get returns the value under key, or nil when the key is absent.
func (m *Mapping) Get(key string) *Node {
	if m == nil {
		return nil
	}
	if i, ok := m.index[key]; ok {
		return m.entries[i].Value
	}
	return nil
}

// Has reports whether key is present (even with an empty value).
func (m *Mapping) Has(key string) bool {
	if m == nil {
		return false
	}
	_, ok := m.index[key]
	return ok
}

// Entries returns the keys and values in file order.
func (m *Mapping) Entries() []Entry {
	if m == nil {
		return nil
	}
	return m.entries
}

// Map checks that n is a mapping whose keys are all among known, reporting
// unknown keys (with the nearest known one) and repeated keys. what names
// the mapping in messages ("deck", "print", "card 3"). An absent (nil or
// empty) node gives an empty mapping without complaint.
func (ds *Diagnostics) Map(n *Node, what string, known ...string) *Mapping {
	m := ds.AnyMap(n, what)
	if m == nil {
		return nil
	}
	for _, e := range m.entries {
		if !slices.Contains(known, e.Key) {
			ds.unknownKey(e, what, known)
		}
	}
	return m
}

// AnyMap checks that n is a mapping with string keys, each once, and
// accepts any key; used for free fields.
func (ds *Diagnostics) AnyMap(n *Node, what string) *Mapping {
	if n.IsNull() {
		return &Mapping{Node: n}
	}
	if n.Kind != MapNode {
		ds.Errorf(n.Pos, "%s: expected a mapping (key: value lines), found %s", what, n.Describe())
		return nil
	}
	m := &Mapping{Node: n, index: make(map[string]int, len(n.Content)/2)}
	for k, v := range n.Pairs() {
		if k.Kind != ScalarNode {
			ds.Errorf(k.Pos, "%s: a key must be a plain name, found %s", what, k.Describe())
			continue
		}
		if first, dup := m.index[k.Value]; dup {
			ds.Errorf(k.Pos, "%s: key %q is repeated (first at line %d)", what, k.Value, m.entries[first].KeyPos.Line)
			continue
		}
		m.index[k.Value] = len(m.entries)
		m.entries = append(m.entries, Entry{Key: k.Value, KeyPos: k.Pos, Value: v})
	}
	return m
}

func (ds *Diagnostics) unknownKey(e Entry, what string, known []string) {
	if s := Suggest(e.Key, known); s != "" {
		ds.Errorf(e.KeyPos, "unknown key %q in %s; did you mean %q?", e.Key, what, s)
		return
	}
	ds.Errorf(e.KeyPos, "unknown key %q in %s; known keys: %s", e.Key, what, strings.Join(known, ", "))
}

// Require reports each of keys that m lacks, at the mapping's position.
// It returns false when any is missing.
func (ds *Diagnostics) Require(m *Mapping, what string, keys ...string) bool {
	if m == nil {
		return false
	}
	ok := true
	for _, k := range keys {
		if !m.Has(k) {
			pos := Pos{}
			if m.Node != nil {
				pos = m.Node.Pos
			}
			ds.Errorf(pos, "%s needs %q", what, k)
			ok = false
		}
	}
	return ok
}

// The scalar readers below (Text, Int, Float, Bool, Enum) report a value of
// the wrong kind at its position. An absent value (a nil node) has no
// position: they return false without a word, and it is for the caller to
// say that the key is missing, with Require, at the mapping.

// Text reads a scalar as text. Numbers and booleans are accepted as their
// written form, so `name: 42` is the text "42".
func (ds *Diagnostics) Text(n *Node, what string) (string, bool) {
	if n == nil {
		return "", false
	}
	if n.Kind != ScalarNode {
		ds.Errorf(n.Pos, "%s: expected text, found %s", what, n.Describe())
		return "", false
	}
	return n.Value, true
}

// Int reads a whole number within [lo, hi].
func (ds *Diagnostics) Int(n *Node, what string, lo, hi int) (int, bool) {
	if n == nil {
		return 0, false
	}
	if n.Kind != ScalarNode || n.Tag != "!!int" {
		ds.Errorf(n.Pos, "%s: expected a whole number, found %s", what, n.Describe())
		return 0, false
	}
	v, err := parseInt(n.Value)
	if err != nil || v < int64(lo) || v > int64(hi) {
		ds.errRange(n, what, float64(lo), float64(hi))
		return 0, false
	}
	return int(v), true
}

// Float reads a number (whole or decimal) within [lo, hi].
func (ds *Diagnostics) Float(n *Node, what string, lo, hi float64) (float64, bool) {
	if n == nil {
		return 0, false
	}
	if n.Kind != ScalarNode || (n.Tag != "!!int" && n.Tag != "!!float") {
		ds.Errorf(n.Pos, "%s: expected a number, found %s", what, n.Describe())
		return 0, false
	}
	v, err := strconv.ParseFloat(strings.ReplaceAll(n.Value, "_", ""), 64)
	if err != nil {
		if i, ierr := parseInt(n.Value); ierr == nil {
			v, err = float64(i), nil
		}
	}
	if err != nil || math.IsNaN(v) || v < lo || v > hi {
		ds.errRange(n, what, lo, hi)
		return 0, false
	}
	return v, true
}

// parseInt reads a YAML integer as YAML 1.2 does: 0x for hexadecimal and
// 0o for octal, any other digits decimal, so that 010 is ten (as
// ParseFloat reads it) and not Go's octal eight.
func parseInt(s string) (int64, error) {
	s = strings.ReplaceAll(s, "_", "")
	digits := strings.TrimLeft(s, "+-")
	if len(digits) > 1 && digits[0] == '0' && strings.ContainsRune("xXoObB", rune(digits[1])) {
		return strconv.ParseInt(s, 0, 64)
	}
	return strconv.ParseInt(s, 10, 64)
}

func (ds *Diagnostics) errRange(n *Node, what string, lo, hi float64) {
	f := func(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
	switch {
	case hi >= math.MaxInt32:
		ds.Errorf(n.Pos, "%s must be at least %s, found %s", what, f(lo), n.Value)
	default:
		ds.Errorf(n.Pos, "%s must be between %s and %s, found %s", what, f(lo), f(hi), n.Value)
	}
}

// Bool reads true or false.
func (ds *Diagnostics) Bool(n *Node, what string) (bool, bool) {
	if n == nil {
		return false, false
	}
	if n.Kind != ScalarNode || n.Tag != "!!bool" {
		ds.Errorf(n.Pos, "%s: expected true or false, found %s", what, n.Describe())
		return false, false
	}
	v, err := strconv.ParseBool(strings.ToLower(n.Value))
	if err != nil {
		ds.Errorf(n.Pos, "%s: expected true or false, found %s", what, n.Describe())
		return false, false
	}
	return v, true
}

// Enum reads one of choices (names in lower case), in any case: `Long`
// and `LONG` are `long`, as the JSON Schemas say too. It suggests the
// nearest on a typo.
func (ds *Diagnostics) Enum(n *Node, what string, choices ...string) (string, bool) {
	s, ok := ds.Text(n, what)
	if !ok {
		return "", false
	}
	for _, c := range choices {
		if strings.EqualFold(c, s) {
			return c, true
		}
	}
	if near := Suggest(s, choices); near != "" {
		ds.Errorf(n.Pos, "%s: unknown value %q; did you mean %q?", what, s, near)
	} else {
		ds.Errorf(n.Pos, "%s: unknown value %q; expected one of %s", what, s, strings.Join(choices, ", "))
	}
	return "", false
}

// List checks that n is a list and returns its items; an absent node is an
// empty list.
func (ds *Diagnostics) List(n *Node, what string) []*Node {
	switch {
	case !ds.isList(n, what):
		return nil
	case n.stream != nil:
		return slices.Collect(n.Items())
	}
	return n.Content
}

// Items is [Diagnostics.List] for a long list read once: it yields the
// items, so that those of a streamed list need not be held at once.
func (ds *Diagnostics) Items(n *Node, what string) iter.Seq[*Node] {
	if !ds.isList(n, what) {
		return func(func(*Node) bool) {}
	}
	return n.Items()
}

// isList reports whether n is a list, and says so when it is something
// else; an absent node is not a list, and no error.
func (ds *Diagnostics) isList(n *Node, what string) bool {
	if n.IsNull() {
		return false
	}
	if n.Kind != SeqNode {
		ds.Errorf(n.Pos, "%s: expected a list, found %s", what, n.Describe())
		return false
	}
	return true
}
