package cards

import (
	"iter"
	"strconv"
)

// Kind is the shape of a [Node].
type Kind uint8

const (
	// NullNode is an empty value: `key:` with nothing after it, `~` or `null`.
	NullNode Kind = iota
	// ScalarNode is a number, a boolean or a string.
	ScalarNode
	// MapNode is a mapping of keys to values.
	MapNode
	// SeqNode is a list.
	SeqNode
)

// Node is one value of a YAML document, with its position. Aliases and
// merge keys are already expanded, so a Node tree is a plain tree.
type Node struct {
	Kind Kind
	// Tag is YAML's resolved tag of a scalar: "!!str", "!!int", "!!float",
	// "!!bool" or "!!null". A quoted "12" is a string, an unquoted 12 an int.
	Tag string
	// Value is the text of a scalar, without quotes.
	Value string
	Pos   Pos
	// Content holds the items of a list, or the keys and values of a
	// mapping alternating (key, value, key, value …), in file order. A
	// deck's long card list is streamed: its Content is empty and
	// [Node.Items] reads its items from the file as they are asked for.
	Content []*Node
	// BlockCol is, for a literal block scalar (key: |), the column its
	// lines start at in the file (the line after Pos is its first):
	// its text's lines are then the file's lines. 0 for any other value,
	// whose lines (quoted, folded) are not the file's.
	BlockCol int

	stream *listStream // a streamed list's items
}

// Items iterates over the items of a list, in file order, reading those of
// a streamed list (see Content) from the file again each time. It yields
// nothing for other kinds of node.
func (n *Node) Items() iter.Seq[*Node] {
	return func(yield func(*Node) bool) {
		switch {
		case n == nil || n.Kind != SeqNode:
		case n.stream != nil:
			n.stream.items(yield)
		default:
			for _, item := range n.Content {
				if !yield(item) {
					return
				}
			}
		}
	}
}

// Scalar returns a string node at pos, for values that do not come from
// YAML (CSV cells, values computed by a rules engine).
func Scalar(value string, pos Pos) *Node {
	return &Node{Kind: ScalarNode, Tag: "!!str", Value: value, Pos: pos}
}

// Pairs iterates over the keys and values of a mapping in file order. It
// yields nothing for other kinds of node.
func (n *Node) Pairs() iter.Seq2[*Node, *Node] {
	return func(yield func(*Node, *Node) bool) {
		if n == nil || n.Kind != MapNode {
			return
		}
		for i := 0; i+1 < len(n.Content); i += 2 {
			if !yield(n.Content[i], n.Content[i+1]) {
				return
			}
		}
	}
}

// Key returns the value stored under key in a mapping, or nil.
func (n *Node) Key(key string) *Node {
	for k, v := range n.Pairs() {
		if k.Value == key {
			return v
		}
	}
	return nil
}

// IsNull reports whether n is absent or an explicit empty value.
func (n *Node) IsNull() bool {
	return n == nil || n.Kind == NullNode
}

// Describe names the node for a message: "a mapping", "a list", "the number
// 3", `the text "x"`.
func (n *Node) Describe() string {
	if n == nil {
		return "nothing"
	}
	switch n.Kind {
	case NullNode:
		return "an empty value"
	case MapNode:
		return "a mapping"
	case SeqNode:
		return "a list"
	}
	switch n.Tag {
	case "!!int", "!!float":
		return "the number " + n.Value
	case "!!bool":
		return "the boolean " + n.Value
	}
	v := n.Value
	if r := []rune(v); len(r) > 40 {
		v = string(r[:37]) + "..."
	}
	return "the text " + strconv.Quote(v)
}

// FirstKey returns the first key of a mapping document, which names its
// format ("deck", "hero", "team", "rules", "arena" …), or "".
func FirstKey(root *Node) string {
	if root == nil || root.Kind != MapNode || len(root.Content) == 0 {
		return ""
	}
	return root.Content[0].Value
}
