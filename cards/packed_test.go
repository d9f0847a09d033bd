package cards

import (
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/deckpress/deckpress/internal/testdecks"
)

// withPacking makes decks of from cards or more keep them packed.
func withPacking(t testing.TB, from int) {
	old := packFrom
	packFrom = from
	t.Cleanup(func() { packFrom = old })
}

// readBoth reads a deck file twice: with its cards held, and packed from
// the first card on.
func readBoth(t *testing.T, path string, src []byte, files Files) (held, packed *Deck, hd, pd Diagnostics) {
	t.Helper()
	held, hd = LoadDeck(path, src, files)
	withPacking(t, 1)
	packed, pd = LoadDeck(path, src, files)
	packFrom = 1 << 30
	return held, packed, hd, pd
}

// assertSameDeck fails unless the packed deck is the held one: the same
// cards in the same order, the same settings, the same problems.
func assertSameDeck(t *testing.T, name string, held, packed *Deck, hd, pd Diagnostics) {
	t.Helper()
	if !reflect.DeepEqual(hd, pd) {
		t.Errorf("%s: diagnostics\nheld   %v\npacked %v", name, hd, pd)
	}
	if (held == nil) != (packed == nil) {
		t.Fatalf("%s: held %v, packed %v", name, held, packed)
	}
	if held == nil {
		return
	}
	if held.packed != nil || (packed.Len() > 0) != (packed.packed != nil) {
		t.Errorf("%s: %d cards, held packed %v, packed packed %v", name, held.Len(), held.packed != nil, packed.packed != nil)
	}
	hc, pc := deckCards(held), deckCards(packed)
	if len(hc) != len(pc) || packed.Len() != len(pc) {
		t.Fatalf("%s: %d cards held, %d packed (Len %d)", name, len(hc), len(pc), packed.Len())
	}
	for i := range hc {
		if !reflect.DeepEqual(hc[i], pc[i]) {
			t.Errorf("%s: card %d\nheld   %+v\npacked %+v", name, i+1, *hc[i], *pc[i])
		}
	}
	h, p := *held, *packed
	h.cards, h.packed, p.cards, p.packed = nil, nil, nil, nil
	if !reflect.DeepEqual(h, p) {
		t.Errorf("%s: the decks differ outside their cards", name)
	}
}

// shapes is a deck with every kind of value a card can hold, sides with
// fields of their own and without, copies and kinds, and rows of a CSV
// file and of a workbook's sheet after its cards.
const shapes = `deck: shapes
front: f
back: b
cards:
  - {name: plain, atk: 3}
  - name: "quoted: \"x\""
    count: 0
    kind: hero
    front: other
    back: {template: crisis, question: "Why?", name: "Back name"}
    tags: [a, b, {c: d}]
    stats: {hp: 3, ac: 12}
    empty:
    nul: ~
    text: |
      two lines
      of text
    folded: >
      folded
      text
    unicode: "Ünïcødé ★ 😀"
    num: 1.5
    yes: true
    "": empty name
  - front: {template: f2}
    back: b2
  - count: 2
    kind: villain
  - {}
  - &a {name: anchored, atk: 1}
  - *a
  - count: lots
    cuont: 2
data: [rows.csv, book.xlsx]
`

// TestPackedDeckIsTheHeldDeck: a deck read with its cards packed is the
// deck read with them held — every card, value, position and problem —
// for every deck file of the kits and of the bad-input corpus, for a deck
// of every shape of card, and for the benchmarks' decks.
func TestPackedDeckIsTheHeldDeck(t *testing.T) {
	files := fstest.MapFS{
		"decks/rows.csv":  {Data: []byte("name,count,kind,front,back,cost\nRow,2,villain,f,b,7\nBad,x,,,,\n")},
		"decks/book.xlsx": {Data: testdecks.Workbook(heroes, villains)},
	}
	decks := map[string][]byte{"decks/shapes.yaml": []byte(shapes), "decks/big.yaml": []byte(testdecks.Big(300)),
		"decks/rich.yaml": []byte(testdecks.Rich(40)), "decks/squib.yaml": []byte(testdecks.Squib(40))}
	var names []string
	for _, g := range []string{"../data/kits/*/*.yaml", "../cmd/deckpress/cli/testdata/bad/*.yaml"} {
		m, _ := filepath.Glob(g)
		names = append(names, m...)
	}
	if len(names) < 20 {
		t.Fatalf("%d files", len(names))
	}
	for _, name := range names {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		decks[name] = src
	}
	read := 0
	for name, src := range decks {
		var fs Files = files
		if !strings.HasPrefix(name, "decks/") {
			fs = osFiles{}
		}
		held, packed, hd, pd := readBoth(t, name, src, fs)
		assertSameDeck(t, name, held, packed, hd, pd)
		if held != nil && held.Len() > 0 {
			read++
		}
	}
	if read < 8 {
		t.Errorf("only %d files read as decks with cards", read)
	}
}

// osFiles reads the files a kit's deck names (its CSV data) from disk.
type osFiles struct{}

func (osFiles) ReadFile(name string) ([]byte, error) { return os.ReadFile(name) }

// A deck keeps its cards held below packFrom and packs them all from
// there on: the cards added before the switch and after it are the cards
// given, in order.
func TestDeckPacksFromPackFrom(t *testing.T) {
	withPacking(t, 3)
	var given []*Card
	d := &Deck{}
	for i := range 5 {
		c := &Card{Pos: Pos{File: "d.yaml", Line: i + 4, Col: 5}, Number: i + 1, Count: i % 3, Kind: []string{"", "hero"}[i%2],
			Fields: map[string]*Node{"name": Scalar(strings.Repeat("x", i), Pos{File: "d.yaml", Line: i + 4, Col: 12})}}
		d.Add(c)
		given = append(given, c)
		if packed := d.packed != nil; packed != (i+1 >= 3) {
			t.Fatalf("after %d cards: packed %v", i+1, packed)
		}
		if d.Len() != i+1 {
			t.Fatalf("after %d cards: Len %d", i+1, d.Len())
		}
	}
	if got := deckCards(d); !reflect.DeepEqual(got, given) {
		t.Errorf("cards %+v, want %+v", got, given)
	}
	for i, c := range d.All() {
		if i == 2 {
			break // stopping early is allowed
		}
		if c.Number != i+1 {
			t.Errorf("card %d numbered %d", i, c.Number)
		}
	}
}

// A packed card is a copy: changing it leaves the deck alone until Set
// puts it back, and Set changes that card only.
func TestPackedSet(t *testing.T) {
	withPacking(t, 1)
	d, diags := LoadDeck("d.yaml", []byte("deck: d\ncards:\n  - {name: a}\n  - {name: b}\n  - {name: c}\n"), nil)
	if diags.HasErrors() || d.packed == nil {
		t.Fatalf("%v, packed %v", diags, d.packed != nil)
	}
	c := d.Card(1)
	c.Fields["rule"] = Scalar("new text", c.Pos)
	if d.Card(1).Fields["rule"] != nil {
		t.Fatalf("a change to a copy reached the deck")
	}
	d.Set(1, c)
	for i, want := range []string{"", "new text", ""} {
		got := ""
		if n := d.Card(i).Fields["rule"]; n != nil {
			got = n.Value
		}
		if got != want || d.Card(i).Fields["name"].Value != string(rune('a'+i)) {
			t.Errorf("card %d: rule %q name %q", i+1, got, d.Card(i).Fields["name"].Value)
		}
	}
}

// Cards are unpacked on every core at once while a deck is built (faces
// laid out again for the file): each goroutine gets its own whole copy.
func TestPackedCardsConcurrently(t *testing.T) {
	withPacking(t, 1)
	d, _ := LoadDeck("big.yaml", []byte(testdecks.Big(200)), nil)
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for i := range d.Len() {
				if c := d.Card(i); c.Number != i+1 || c.Fields["name"].Value != "Card "+strconv.Itoa(i+1) {
					t.Errorf("card %d: %+v", i, c)
					return
				}
			}
		})
	}
	wg.Wait()
}

// A plain card of the benchmarks' big deck (four short fields) packs into
// under 100 bytes, where read it takes about 1 KB: what keeps a build of
// 100,000 cards within its memory.
func TestPackedSize(t *testing.T) {
	d, _ := LoadDeck("big.yaml", []byte(testdecks.Big(5000)), nil)
	if d.packed == nil {
		t.Fatalf("a deck of 5,000 cards is not packed")
	}
	if per := float64(len(d.packed.data)) / float64(d.Len()); per >= 100 {
		t.Errorf("%.1f bytes a card", per)
	}
}
