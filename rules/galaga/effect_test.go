package galaga

import (
	"fmt"
	"strings"
	"testing"

	"github.com/deckpress/deckpress/cards"
)

func readDeck(t *testing.T, src string) (*Deck, []string) {
	t.Helper()
	d, diags := cards.LoadDeck("deck.yaml", []byte(src), nil)
	if d == nil {
		t.Fatalf("no deck: %v", diags)
	}
	gd, more := Read(d)
	var out []string
	for _, x := range append(diags, more...).Sort() {
		out = append(out, x.String())
	}
	return gd, out
}

func TestReadDiagnostics(t *testing.T) {
	for _, c := range []struct {
		name, cards string
		want        []string
	}{
		{"an unknown special, at its line, with the nearest word",
			"  - {kind: offensive, title: Laser, special: negat}\n",
			[]string{`deck.yaml:3:46: error: special: unknown special "negat"; did you mean "negate"?`}},
		{"an unknown special far from any word",
			"  - {kind: defensive, title: Laser, special: teleport}\n",
			[]string{`deck.yaml:3:46: error: special: unknown special "teleport"; specials: negate, discard-numbered, limit N, end-battle, return-fire, draw N, gain-life, lose-life`}},
		{"a special that does not fit the kind",
			"  - {kind: offensive, title: Pod, special: end-battle}\n",
			[]string{`deck.yaml:3:44: error: special: "end-battle" does not fit a card of kind offensive (it fits defensive)`}},
		{"a number missing, and one too many",
			"  - {kind: offensive, title: W, special: limit}\n  - {kind: offensive, title: V, special: negate 2}\n",
			[]string{`deck.yaml:3:42: error: special: "limit" takes a number: "limit N"`, `deck.yaml:4:42: error: special: "negate" takes no number`}},
		{"two effects", "  - {kind: offensive, title: Both, value: 3, augment: \"+2\"}\n",
			[]string{`deck.yaml:3:55: error: card 1 "Both" has both value and augment; a card has one effect`}},
		{"no effect", "  - {kind: defensive, title: Blank}\n",
			[]string{`deck.yaml:3:5: error: card 1 "Blank" (defensive) has no effect: give it value: N, augment: +N or ×N, or special: one of negate, discard-numbered, limit N, end-battle, return-fire, draw N, gain-life, lose-life`}},
		{"bad augments", "  - {kind: offensive, title: A, augment: \"÷2\"}\n  - {kind: offensive, title: B, augment: \"×1\"}\n",
			[]string{`deck.yaml:3:42: error: augment: expected +N or ×N (such as "+3" or "×2"), found "÷2"`, `deck.yaml:4:42: error: augment: "×1": N must be from 2 to 99`}},
		{"a bad value", "  - {kind: offensive, title: A, value: 0}\n  - {kind: offensive, title: B, value: [3]}\n",
			[]string{`deck.yaml:3:40: error: value: expected a whole number from 1 to 99, found "0"`, `deck.yaml:4:40: error: value: expected a whole number, found a list`}},
		{"a written rule and an augment's tag", "  - {kind: offensive, title: A, value: 2, rule: Add two.}\n  - {kind: offensive, title: B, augment: \"+3\", tag: \"+ 3\"}\n",
			[]string{`deck.yaml:3:49: error: card 1 "A": rule: the card's text is written from its value; leave rule out`, `deck.yaml:4:53: error: card 2 "B": tag: an augment's tag is written from the augment; leave tag out`}},
		{"a 1UP with a value", "  - {kind: one-up, title: 1UP, value: 1}\n",
			[]string{`deck.yaml:3:39: error: value: a 1UP card acts outside battles: give it special: gain-life or draw N, not value`}},
		{"other kinds are not Galaga's", "  - {kind: hero, title: Zoobot}\n  - {title: No kind}\n", nil},
	} {
		_, got := readDeck(t, "deck: T\ncards:\n"+c.cards)
		if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
			t.Errorf("%s:\n got %s\nwant %s", c.name, strings.Join(got, "\n     "), strings.Join(c.want, "\n     "))
		}
	}
}

// TestReadKit: the kit's deck reads whole: 40 battle cards, 5 1UPs, 17
// lives, and the effects the printed cards state.
func TestReadKit(t *testing.T) {
	d := kitDeck(t)
	count := map[Kind]int{}
	byTitle := map[string]Effect{}
	for _, c := range d.Cards {
		count[c.Kind] += c.Count
		byTitle[c.Title] = c.Effect
	}
	if count[Offensive] != 20 || count[Defensive] != 20 || count[OneUp] != 5 || d.Lives != 17 {
		t.Errorf("counts %v, %d lives", count, d.Lives)
	}
	for title, want := range map[string]Effect{
		"Boss Galaga Strike": {Value: 6},
		"Dual Fighter":       {Augment: Augment{Times, 2}},
		"Reinforced Hull":    {Augment: Augment{Plus, 3}},
		"Tractor Beam":       {Special: Special{Name: DiscardNumbered}},
		"Warp Strike":        {Special: Special{Name: Limit, N: 1}},
		"Return Fire":        {Special: Special{Name: ReturnFire}},
		"1UP":                {Special: Special{Name: GainLife}},
	} {
		if byTitle[title] != want {
			t.Errorf("%s: %+v, want %+v", title, byTitle[title], want)
		}
	}
}

// TestText: the printed text of each effect, as the house rules phrase
// it (written out here by hand, not by the code under test).
func TestText(t *testing.T) {
	for _, c := range []struct {
		kind Kind
		e    Effect
		want string
	}{
		{Offensive, Effect{Value: 2}, "Add 2 to your offence."},
		{Defensive, Effect{Value: 6}, "Add 6 to your defence."},
		{Offensive, Effect{Augment: Augment{Times, 2}}, "Attach under a numbered attack on your side: its number counts double (before any + is added)."},
		{Defensive, Effect{Augment: Augment{Times, 4}}, "Attach under a numbered shield on your side: its number counts 4 times (before any + is added)."},
		{Defensive, Effect{Augment: Augment{Plus, 3}}, "Attach under a numbered shield on your side: add 3 to it."},
		{Offensive, Effect{Special: Special{Name: Negate}}, "Negate a card the defending side has played: it goes to the discard pile, with any augments under it."},
		{Defensive, Effect{Special: Special{Name: Negate}}, "Negate a card the attacking side has played: it goes to the discard pile, with any augments under it."},
		{Offensive, Effect{Special: Special{Name: DiscardNumbered}}, "The defending side discards a numbered card of your choice from this battle, with its augments."},
		{Offensive, Effect{Special: Special{Name: Limit, N: 1}}, "From now on the defending side may play only one more card in this battle."},
		{Defensive, Effect{Special: Special{Name: Limit, N: 2}}, "From now on the attacking side may play only 2 more cards in this battle."},
		{Defensive, Effect{Special: Special{Name: EndBattle}}, "End the battle at once: nobody loses a life, and every card played is discarded."},
		{Defensive, Effect{Special: Special{Name: ReturnFire}}, "If the attack fails (a tie included), the attacker loses a life."},
		{Offensive, Effect{Special: Special{Name: Draw, N: 1}}, "Draw a card."},
		{Defensive, Effect{Special: Special{Name: Draw, N: 3}}, "Draw 3 cards."},
		{Offensive, Effect{Special: Special{Name: LoseLife}}, "The defender loses a life at once."},
		{Defensive, Effect{Special: Special{Name: GainLife}}, "Take a life card from the pile and lay it with yours."},
		{OneUp, Effect{Special: Special{Name: GainLife}}, "On your turn, outside a battle: take a life card from the pile and lay it with yours. Then discard this card."},
		{OneUp, Effect{Special: Special{Name: Draw, N: 2}}, "On your turn, outside a battle: draw 2 cards. Then discard this card."},
	} {
		if got := Text(c.kind, c.e); got != c.want {
			t.Errorf("%s %+v:\n got %q\nwant %q", c.kind, c.e, got, c.want)
		}
	}
}

// TestTexts: Texts writes rule (and an augment's tag) into the deck's
// cards, for the templates.
func TestTexts(t *testing.T) {
	d, _ := cards.LoadDeck("deck.yaml", []byte("deck: T\ncards:\n  - {kind: offensive, title: A, augment: \"x2\"}\n  - {kind: hero, title: Z, rule: own text}\n"), nil)
	if diags := Texts(d); len(diags) > 0 {
		t.Fatal(diags)
	}
	a, z := d.Card(0).Fields, d.Card(1).Fields
	if a["tag"].Value != "× 2" || !strings.HasPrefix(a["rule"].Value, "Attach under a numbered attack") || z["rule"].Value != "own text" {
		t.Errorf("tag %q, rule %q; a hero's rule %q", a["tag"].Value, a["rule"].Value, z["rule"].Value)
	}
}

// TestTextsLongDeck: in a deck long enough to keep its cards packed (a
// copy at each read), the texts written reach the deck's cards too, each
// card its own.
func TestTextsLongDeck(t *testing.T) {
	var b strings.Builder
	b.WriteString("deck: T\ncards:\n")
	const n = 2500
	for i := range n {
		fmt.Fprintf(&b, "  - {kind: offensive, title: A%d, value: %d}\n", i, i%9+1)
	}
	b.WriteString("  - {kind: hero, title: Z, rule: own text}\n")
	d, _ := cards.LoadDeck("deck.yaml", []byte(b.String()), nil)
	if diags := Texts(d); len(diags) > 0 {
		t.Fatal(diags)
	}
	for i := range n {
		want := Text(Offensive, Effect{Value: i%9 + 1})
		if got := d.Card(i).Fields["rule"]; got == nil || got.Value != want {
			t.Fatalf("card %d: rule %v, want %q", i+1, got, want)
		}
	}
	if z := d.Card(n).Fields["rule"]; z.Value != "own text" {
		t.Errorf("the hero's rule %q", z.Value)
	}
}
