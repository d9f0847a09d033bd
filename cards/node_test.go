package cards

import (
	"slices"
	"strings"
	"testing"
)

// Describe names a value for messages; a text longer than 40 characters
// is shown by its first 37 and "...", cut between characters.
func TestDescribe(t *testing.T) {
	at := Pos{File: "d.yaml", Line: 1, Col: 1}
	forty := strings.Repeat("a", 40)
	accents := strings.Repeat("é", 41)
	for _, c := range []struct {
		n    *Node
		want string
	}{
		{nil, "nothing"},
		{&Node{Kind: NullNode}, "an empty value"},
		{&Node{Kind: MapNode}, "a mapping"},
		{&Node{Kind: SeqNode}, "a list"},
		{&Node{Kind: ScalarNode, Tag: "!!int", Value: "3"}, "the number 3"},
		{&Node{Kind: ScalarNode, Tag: "!!float", Value: "1.5"}, "the number 1.5"},
		{&Node{Kind: ScalarNode, Tag: "!!bool", Value: "true"}, "the boolean true"},
		{Scalar("two", at), `the text "two"`},
		{Scalar(`say "hi"`, at), `the text "say \"hi\""`},
		{Scalar(forty, at), `the text "` + forty + `"`},
		{Scalar(forty+"b", at), `the text "` + strings.Repeat("a", 37) + `..."`},
		{Scalar(strings.Repeat("é", 40), at), `the text "` + strings.Repeat("é", 40) + `"`},
		{Scalar(accents, at), `the text "` + strings.Repeat("é", 37) + `..."`},
	} {
		if got := c.n.Describe(); got != c.want {
			t.Errorf("%+v: got %s, want %s", c.n, got, c.want)
		}
	}
}

func TestNodeAccess(t *testing.T) {
	root, diags := Parse("d.yaml", []byte("deck: x\ncards: []\nname: ~\nname: second\n"))
	if diags.HasErrors() {
		t.Fatal(diagStrings(diags))
	}
	if FirstKey(root) != "deck" {
		t.Errorf("FirstKey = %q", FirstKey(root))
	}
	// Key gives the first of repeated keys; AnyMap reports the others
	if v := root.Key("name"); v == nil || !v.IsNull() || v.Pos.String() != "d.yaml:3:7" {
		t.Errorf("Key(name) = %+v", v)
	}
	if root.Key("missing") != nil || root.Key("deck").Key("x") != nil {
		t.Errorf("Key on a missing key or a scalar gives a value")
	}
	var keys []string
	for k := range root.Pairs() {
		keys = append(keys, k.Value)
		if k.Value == "cards" {
			break // stopping early is allowed
		}
	}
	if !slices.Equal(keys, []string{"deck", "cards"}) {
		t.Errorf("Pairs: %q", keys)
	}
	// a mapping built by hand with a key and no value yields no pair
	odd := &Node{Kind: MapNode, Content: []*Node{Scalar("a", Pos{}), Scalar("1", Pos{}), Scalar("b", Pos{})}}
	n := 0
	for range odd.Pairs() {
		n++
	}
	if n != 1 {
		t.Errorf("Pairs of a mapping with a dangling key yields %d pairs, want 1", n)
	}

	for _, c := range []struct {
		src, want string
	}{
		{"- a\n", ""}, {"", ""}, {"{}\n", ""}, {"hero: x\n", "hero"}, {"text\n", ""},
	} {
		root, _ := Parse("d.yaml", []byte(c.src))
		if got := FirstKey(root); got != c.want {
			t.Errorf("FirstKey(%q) = %q, want %q", c.src, got, c.want)
		}
	}
	if FirstKey(nil) != "" {
		t.Errorf("FirstKey(nil) is not empty")
	}
	var absent *Node
	if !absent.IsNull() || !(&Node{Kind: NullNode}).IsNull() || Scalar("", Pos{}).IsNull() {
		t.Errorf("IsNull: absent and null values are null; an empty text is not")
	}
	if s := Scalar("v", Pos{File: "c.csv", Line: 2, Col: 3}); s.Kind != ScalarNode || s.Tag != "!!str" || s.Pos.String() != "c.csv:2:3" {
		t.Errorf("Scalar: %+v", s)
	}
}
