package cards

import "encoding/binary"

// packFrom is the number of cards from which a deck keeps them packed.
// A card read into a Card, its field map and a node a field takes about
// 1 KB; packed, a plain card of four fields takes about 90 bytes, so a
// deck of 100,000 cards takes some 10 MB instead of 100.
var packFrom = 2048 // a variable for the tests

// packedCards holds a long deck's cards as bytes, one card after another,
// and unpacks a fresh Card each time one is asked for. Scalars and empty
// values (every field of a spreadsheet row, nearly every field of a deck
// file) are packed whole, with their positions; a field holding a list or
// a mapping keeps its nodes. Names that repeat — field names, tags,
// kinds, templates, files — are packed as numbers into a table.
type packedCards struct {
	data  []byte   // the packed cards
	at    []int    // where each card starts in data
	names []string // the repeated names, by number
	named map[string]int
	trees []*Node // field values that are lists or mappings
}

func newPackedCards() *packedCards {
	return &packedCards{named: map[string]int{}}
}

// add packs c as the last card.
func (p *packedCards) add(c *Card) {
	p.at = append(p.at, len(p.data))
	p.data = p.appendCard(p.data, c)
}

// set packs c in place of card i; the bytes of the card it replaces are
// left unused.
func (p *packedCards) set(i int, c *Card) {
	p.at[i] = len(p.data)
	p.data = p.appendCard(p.data, c)
}

// card unpacks card i.
func (p *packedCards) card(i int) *Card {
	r := unpacker{p: p, b: p.data[p.at[i]:]}
	c := &Card{Pos: r.pos(), Number: r.int(), Count: r.int(), Kind: r.name()}
	c.Front, c.Back = r.side(), r.side()
	c.Fields = r.fields()
	return c
}

// Value kinds in the packing.
const (
	packedScalar byte = iota // a NullNode or ScalarNode, packed whole
	packedTree               // a list or mapping, by number in trees
	packedNil                // no node
)

func (p *packedCards) appendCard(b []byte, c *Card) []byte {
	b = p.appendPos(b, c.Pos)
	b = binary.AppendVarint(b, int64(c.Number))
	b = binary.AppendVarint(b, int64(c.Count))
	b = p.appendName(b, c.Kind)
	b = p.appendSide(b, c.Front)
	b = p.appendSide(b, c.Back)
	return p.appendFields(b, c.Fields)
}

func (p *packedCards) appendSide(b []byte, s Side) []byte {
	b = p.appendName(b, s.Template)
	b = p.appendPos(b, s.Pos)
	return p.appendFields(b, s.Fields)
}

// appendFields packs a field map: its length plus one (0 for a nil map),
// then its fields, in the map's order (they are unpacked into a map).
func (p *packedCards) appendFields(b []byte, fields map[string]*Node) []byte {
	if fields == nil {
		return binary.AppendUvarint(b, 0)
	}
	b = binary.AppendUvarint(b, uint64(len(fields))+1)
	for name, v := range fields {
		b = p.appendName(b, name)
		b = p.appendNode(b, v)
	}
	return b
}

func (p *packedCards) appendNode(b []byte, n *Node) []byte {
	if n == nil {
		return append(b, packedNil)
	}
	if n.Kind != NullNode && n.Kind != ScalarNode {
		b = append(b, packedTree)
		p.trees = append(p.trees, n)
		return binary.AppendUvarint(b, uint64(len(p.trees)-1))
	}
	b = append(b, packedScalar, byte(n.Kind))
	b = p.appendName(b, n.Tag)
	b = binary.AppendUvarint(b, uint64(len(n.Value)))
	b = append(b, n.Value...)
	b = p.appendPos(b, n.Pos)
	return binary.AppendVarint(b, int64(n.BlockCol))
}

func (p *packedCards) appendPos(b []byte, at Pos) []byte {
	b = p.appendName(b, at.File)
	b = p.appendName(b, at.Sheet)
	b = binary.AppendVarint(b, int64(at.Line))
	return binary.AppendVarint(b, int64(at.Col))
}

// appendName packs a repeated name as its number in the table.
func (p *packedCards) appendName(b []byte, s string) []byte {
	k, ok := p.named[s]
	if !ok {
		k = len(p.names)
		p.names = append(p.names, s)
		p.named[s] = k
	}
	return binary.AppendUvarint(b, uint64(k))
}

// unpacker reads one packed card.
type unpacker struct {
	p *packedCards
	b []byte
}

func (r *unpacker) uint() uint64 {
	v, n := binary.Uvarint(r.b)
	r.b = r.b[n:]
	return v
}

func (r *unpacker) int() int {
	v, n := binary.Varint(r.b)
	r.b = r.b[n:]
	return int(v)
}

func (r *unpacker) name() string { return r.p.names[r.uint()] }

func (r *unpacker) pos() Pos {
	return Pos{File: r.name(), Sheet: r.name(), Line: r.int(), Col: r.int()}
}

func (r *unpacker) side() Side {
	return Side{Template: r.name(), Pos: r.pos(), Fields: r.fields()}
}

func (r *unpacker) fields() map[string]*Node {
	n := r.uint()
	if n == 0 {
		return nil
	}
	fields := make(map[string]*Node, n-1)
	for range n - 1 {
		name := r.name()
		fields[name] = r.node()
	}
	return fields
}

func (r *unpacker) node() *Node {
	kind := r.b[0]
	r.b = r.b[1:]
	switch kind {
	case packedNil:
		return nil
	case packedTree:
		return r.p.trees[r.uint()]
	}
	n := &Node{Kind: Kind(r.b[0])}
	r.b = r.b[1:]
	n.Tag = r.name()
	size := r.uint()
	n.Value, r.b = string(r.b[:size]), r.b[size:]
	n.Pos = r.pos()
	n.BlockCol = r.int()
	return n
}
