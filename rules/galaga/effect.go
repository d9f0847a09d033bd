// Package galaga reads the Galaga card game's cards as data and plays the
// game, as shared RULES.md states it.
//
// A card's effect is data, in the card's fields: `value: 4` (a numbered
// card, adding to its side's offence or defence), `augment: "+3"` or
// `augment: "×2"` (attached under a numbered card of its side; on one
// card every × applies before any +), or `special:` one of a fixed
// vocabulary ([Specials]): negate, discard-numbered, limit N, end-battle,
// return-fire, draw N, gain-life, lose-life. [Read] reads the effects of
// a deck's cards of kind offensive, defensive and one-up (the 1UP card is
// `special: gain-life`), with a diagnostic at the line of anything it
// cannot use; [Texts] writes each card's printed text (the `rule` field,
// and an augment's `tag`) from its effect, so that the card, the rules and
// the engine cannot disagree.
//
// The game: [Play] deals a [Deck] to two to four players, each with a
// [Policy]. A turn is a draw, 1UPs, and battles; a battle runs in
// exchanges (the attacker plays, the defender answers, the attacker may
// answer again …) until both sides pass in a row; players outside it may
// add cards to either side when that side answers. A special acts when
// played, unless the other side negates it at once. The attack wins only
// with the higher total: a tie goes to the defender.
package galaga

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/deckpress/deckpress/cards"
)

// Kind is a card's part of the game.
type Kind uint8

// The kinds of card of the draw deck.
const (
	Offensive Kind = iota
	Defensive
	OneUp
)

// kindNames are the kinds as decks write them.
var kindNames = []string{"offensive", "defensive", "one-up"}

// String names the kind as decks write it.
func (k Kind) String() string { return kindNames[k] }

// ParseKind returns the Galaga kind a deck's kind names.
func ParseKind(s string) (Kind, bool) {
	for i, n := range kindNames {
		if n == s {
			return Kind(i), true
		}
	}
	return 0, false
}

// Op is an augment's operation.
type Op uint8

// Augments add or multiply.
const (
	Plus Op = iota + 1
	Times
)

// Augment is an augment card's effect: +N or ×N.
type Augment struct {
	Op Op
	N  int
}

// String writes the augment as its tag: "+ 3", "× 2".
func (a Augment) String() string {
	if a.Op == Times {
		return fmt.Sprintf("× %d", a.N)
	}
	return fmt.Sprintf("+ %d", a.N)
}

// SpecialName is a word of the specials' vocabulary.
type SpecialName uint8

// The specials.
const (
	// Negate sends one card the other side has played to the discard
	// pile (a numbered card takes its augments with it).
	Negate SpecialName = iota + 1
	// DiscardNumbered: the other side discards one numbered card of the
	// player's choice (with its augments) from the battle.
	DiscardNumbered
	// Limit: from now on the other side may play only N more cards in the
	// battle.
	Limit
	// EndBattle ends the battle at once: nobody loses a life (defensive
	// cards only).
	EndBattle
	// ReturnFire: if the attack fails, the attacker loses a life
	// (defensive cards only).
	ReturnFire
	// Draw draws N cards from the deck.
	Draw
	// GainLife takes a life card from the pile.
	GainLife
	// LoseLife: the other side's player (the defender, or the attacker)
	// loses a life at once.
	LoseLife
)

// Special is a special card's effect: a word and, for limit and draw, a
// number.
type Special struct {
	Name SpecialName
	N    int
}

// specialInfo describes a word of the vocabulary.
type specialInfo struct {
	name    SpecialName
	word    string
	counted bool   // takes a number: "draw 2"
	kinds   []Kind // the kinds it may be printed on
}

// vocabulary is the specials, in Specials' order.
var vocabulary = []specialInfo{
	{Negate, "negate", false, []Kind{Offensive, Defensive}},
	{DiscardNumbered, "discard-numbered", false, []Kind{Offensive, Defensive}},
	{Limit, "limit", true, []Kind{Offensive, Defensive}},
	{EndBattle, "end-battle", false, []Kind{Defensive}},
	{ReturnFire, "return-fire", false, []Kind{Defensive}},
	{Draw, "draw", true, []Kind{Offensive, Defensive, OneUp}},
	{GainLife, "gain-life", false, []Kind{Offensive, Defensive, OneUp}},
	{LoseLife, "lose-life", false, []Kind{Offensive, Defensive}},
}

// Specials lists the vocabulary as decks write it.
var Specials = []string{"negate", "discard-numbered", "limit N", "end-battle", "return-fire", "draw N", "gain-life", "lose-life"}

// String writes the special as a deck does: "negate", "draw 2".
func (s Special) String() string {
	info := vocabulary[s.Name-1]
	if info.counted {
		return fmt.Sprintf("%s %d", info.word, s.N)
	}
	return info.word
}

// Effect is what a card does: exactly one of a value, an augment or a
// special.
type Effect struct {
	Value   int
	Augment Augment
	Special Special
}

// Numbered reports whether the card is a numbered card.
func (e Effect) Numbered() bool { return e.Value > 0 }

// Card is one card of a Galaga deck with its effect.
type Card struct {
	Title  string
	Kind   Kind
	Effect Effect
	Count  int
	Pos    cards.Pos
	// Source is the deck's card, whose fields Texts fills in.
	Source *cards.Card
}

// Deck is the draw deck of a game (offensive, defensive and 1UP cards)
// and the number of life cards.
type Deck struct {
	Cards []Card
	Lives int
}

// Effect field names.
const (
	valueField   = "value"
	augmentField = "augment"
	specialField = "special"
	ruleField    = "rule"
	tagField     = "tag"
)

// MaxNumber bounds a value, an augment's N and a special's N.
const MaxNumber = 99

// Read reads the effects of a deck's Galaga cards: the cards of kind
// offensive, defensive and one-up; cards of kind life count as lives.
// Other cards are not Galaga's and are left alone. Each card needs
// exactly one of value, augment and special (a 1UP: a special); a
// problem is a diagnostic at the field's line.
func Read(d *cards.Deck) (*Deck, cards.Diagnostics) {
	var diags cards.Diagnostics
	out := &Deck{}
	for _, c := range d.All() {
		if c.Kind == "life" {
			out.Lives += c.Count
			continue
		}
		kind, ok := ParseKind(c.Kind)
		if !ok {
			continue
		}
		gc := Card{Title: title(c), Kind: kind, Count: c.Count, Pos: c.Pos, Source: c}
		var given []string
		for _, f := range []string{valueField, augmentField, specialField} {
			if c.Fields[f] != nil {
				given = append(given, f)
			}
		}
		switch {
		case len(given) == 0:
			diags.Errorf(c.Pos, "%s (%s) has no effect: give it value: N, augment: +N or ×N, or special: one of %s", c.Label(), kind, strings.Join(Specials, ", "))
			continue
		case len(given) > 1:
			diags.Errorf(c.Fields[given[1]].Pos, "%s has both %s and %s; a card has one effect", c.Label(), given[0], given[1])
			continue
		}
		n := c.Fields[given[0]]
		var err error
		switch given[0] {
		case valueField:
			gc.Effect.Value, err = readNumber(n)
		case augmentField:
			gc.Effect.Augment, err = readAugment(n)
		default:
			gc.Effect.Special, err = readSpecial(n, kind)
		}
		if err == nil && kind == OneUp && given[0] != specialField {
			err = fmt.Errorf("a 1UP card acts outside battles: give it special: gain-life or draw N, not %s", given[0])
		}
		if err != nil {
			diags.Errorf(n.Pos, "%s: %v", given[0], err)
			continue
		}
		if r := c.Fields[ruleField]; r != nil {
			diags.Errorf(r.Pos, "%s: rule: the card's text is written from its %s; leave rule out", c.Label(), given[0])
		}
		if t := c.Fields[tagField]; t != nil && given[0] == augmentField {
			diags.Errorf(t.Pos, "%s: tag: an augment's tag is written from the augment; leave tag out", c.Label())
		}
		out.Cards = append(out.Cards, gc)
	}
	return out, diags
}

func title(c *cards.Card) string {
	for _, k := range []string{"title", "name"} {
		if f := c.Fields[k]; f != nil && f.Kind == cards.ScalarNode {
			return f.Value
		}
	}
	return fmt.Sprintf("card %d", c.Number)
}

// readNumber reads a whole number 1 to MaxNumber, written as a number or
// as text (a CSV cell).
func readNumber(n *cards.Node) (int, error) {
	if n.Kind != cards.ScalarNode {
		return 0, fmt.Errorf("expected a whole number, found %s", n.Describe())
	}
	v, err := strconv.Atoi(strings.TrimSpace(n.Value))
	if err != nil || v < 1 || v > MaxNumber {
		return 0, fmt.Errorf("expected a whole number from 1 to %d, found %q", MaxNumber, n.Value)
	}
	return v, nil
}

// readAugment reads "+3", "×2" (or x2, *2; spaces allowed).
func readAugment(n *cards.Node) (Augment, error) {
	if n.Kind != cards.ScalarNode {
		return Augment{}, fmt.Errorf("expected +N or ×N, found %s", n.Describe())
	}
	s := strings.TrimSpace(n.Value)
	var a Augment
	for _, p := range []struct {
		prefix string
		op     Op
	}{{"+", Plus}, {"×", Times}, {"x", Times}, {"X", Times}, {"*", Times}} {
		if rest, ok := strings.CutPrefix(s, p.prefix); ok {
			a.Op = p.op
			s = strings.TrimSpace(rest)
			break
		}
	}
	v, err := strconv.Atoi(s)
	switch {
	case a.Op == 0 || err != nil:
		return Augment{}, fmt.Errorf("expected +N or ×N (such as \"+3\" or \"×2\"), found %q", n.Value)
	case v < 1 || v > MaxNumber || a.Op == Times && v < 2:
		return Augment{}, fmt.Errorf("%q: N must be from %d to %d", n.Value, map[Op]int{Plus: 1, Times: 2}[a.Op], MaxNumber)
	}
	a.N = v
	return a, nil
}

// readSpecial reads a word of the vocabulary, with its number when it
// takes one, and checks that it fits the card's kind.
func readSpecial(n *cards.Node, kind Kind) (Special, error) {
	if n.Kind != cards.ScalarNode {
		return Special{}, fmt.Errorf("expected one of %s, found %s", strings.Join(Specials, ", "), n.Describe())
	}
	f := strings.Fields(n.Value)
	if len(f) == 0 {
		return Special{}, fmt.Errorf("empty; expected one of %s", strings.Join(Specials, ", "))
	}
	var words []string
	for _, info := range vocabulary {
		words = append(words, info.word)
		if info.word != f[0] {
			continue
		}
		s := Special{Name: info.name}
		switch {
		case info.counted && len(f) != 2:
			return Special{}, fmt.Errorf("%q takes a number: %q", info.word, info.word+" N")
		case !info.counted && len(f) != 1:
			return Special{}, fmt.Errorf("%q takes no number", info.word)
		case info.counted:
			v, err := strconv.Atoi(f[1])
			if err != nil || v < 1 || v > MaxNumber {
				return Special{}, fmt.Errorf("%q: N must be from 1 to %d", n.Value, MaxNumber)
			}
			s.N = v
		}
		for _, k := range info.kinds {
			if k == kind {
				return s, nil
			}
		}
		return Special{}, fmt.Errorf("%q does not fit a card of kind %s (it fits %s)", info.word, kind, kindList(info.kinds))
	}
	msg := fmt.Sprintf("unknown special %q; specials: %s", f[0], strings.Join(Specials, ", "))
	if near := cards.Suggest(f[0], words); near != "" {
		msg = fmt.Sprintf("unknown special %q; did you mean %q?", f[0], near)
	}
	return Special{}, fmt.Errorf("%s", msg)
}

func kindList(ks []Kind) string {
	var s []string
	for _, k := range ks {
		s = append(s, k.String())
	}
	return strings.Join(s, ", ")
}
