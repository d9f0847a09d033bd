package galaga

import (
	"strings"
	"testing"

	"github.com/deckpress/deckpress/cards"
)

// TestReadBounds: the edges of what a card's effect may say, one card a
// case: numbers run from 1 to 99, a × from 2, a + from 1; every way of
// writing × reads; a special fits the kinds RULES.md gives it (escape and
// Return Fire on defensive cards only, a 1UP only gain-life or draw N).
// want is the effect read, or the end of the one diagnostic.
func TestReadBounds(t *testing.T) {
	for _, c := range []struct {
		card string
		want Effect
		err  string
	}{
		{card: "{kind: offensive, value: 1}", want: Effect{Value: 1}},
		{card: "{kind: offensive, value: 99}", want: Effect{Value: 99}},
		{card: "{kind: defensive, value: \" 7 \"}", want: Effect{Value: 7}},
		{card: "{kind: offensive, value: 100}", err: `value: expected a whole number from 1 to 99, found "100"`},
		{card: "{kind: offensive, value: -1}", err: `value: expected a whole number from 1 to 99, found "-1"`},
		{card: "{kind: offensive, value: two}", err: `value: expected a whole number from 1 to 99, found "two"`},
		{card: "{kind: offensive, augment: \"+1\"}", want: Effect{Augment: Augment{Plus, 1}}},
		{card: "{kind: offensive, augment: \"+ 99\"}", want: Effect{Augment: Augment{Plus, 99}}},
		{card: "{kind: offensive, augment: \"+0\"}", err: `augment: "+0": N must be from 1 to 99`},
		{card: "{kind: offensive, augment: \"+100\"}", err: `augment: "+100": N must be from 1 to 99`},
		{card: "{kind: defensive, augment: \"×2\"}", want: Effect{Augment: Augment{Times, 2}}},
		{card: "{kind: defensive, augment: \"x3\"}", want: Effect{Augment: Augment{Times, 3}}},
		{card: "{kind: defensive, augment: \"X 4\"}", want: Effect{Augment: Augment{Times, 4}}},
		{card: "{kind: defensive, augment: \"*99\"}", want: Effect{Augment: Augment{Times, 99}}},
		{card: "{kind: defensive, augment: \"×100\"}", err: `augment: "×100": N must be from 2 to 99`},
		{card: "{kind: defensive, augment: \"×0\"}", err: `augment: "×0": N must be from 2 to 99`},
		{card: "{kind: defensive, augment: \"3\"}", err: `augment: expected +N or ×N (such as "+3" or "×2"), found "3"`},
		{card: "{kind: defensive, augment: \"+three\"}", err: `augment: expected +N or ×N (such as "+3" or "×2"), found "+three"`},
		{card: "{kind: defensive, augment: [2]}", err: `augment: expected +N or ×N, found a list`},
		{card: "{kind: offensive, special: draw 1}", want: Effect{Special: Special{Draw, 1}}},
		{card: "{kind: one-up, special: draw 99}", want: Effect{Special: Special{Draw, 99}}},
		{card: "{kind: offensive, special: draw 100}", err: `special: "draw 100": N must be from 1 to 99`},
		{card: "{kind: offensive, special: limit 0}", err: `special: "limit 0": N must be from 1 to 99`},
		{card: "{kind: offensive, special: limit one}", err: `special: "limit one": N must be from 1 to 99`},
		{card: "{kind: offensive, special: draw 1 2}", err: `special: "draw" takes a number: "draw N"`},
		{card: "{kind: offensive, special: \" \"}", err: `special: empty; expected one of negate, discard-numbered, limit N, end-battle, return-fire, draw N, gain-life, lose-life`},
		{card: "{kind: offensive, special: {a: 1}}", err: `special: expected one of negate, discard-numbered, limit N, end-battle, return-fire, draw N, gain-life, lose-life, found a mapping`},
		{card: "{kind: defensive, special: end-battle}", want: Effect{Special: Special{Name: EndBattle}}},
		{card: "{kind: defensive, special: return-fire}", want: Effect{Special: Special{Name: ReturnFire}}},
		{card: "{kind: offensive, special: return-fire}", err: `special: "return-fire" does not fit a card of kind offensive (it fits defensive)`},
		{card: "{kind: defensive, special: lose-life}", want: Effect{Special: Special{Name: LoseLife}}},
		{card: "{kind: one-up, special: gain-life}", want: Effect{Special: Special{Name: GainLife}}},
		{card: "{kind: one-up, special: negate}", err: `special: "negate" does not fit a card of kind one-up (it fits offensive, defensive)`},
		{card: "{kind: one-up, special: lose-life}", err: `special: "lose-life" does not fit a card of kind one-up (it fits offensive, defensive)`},
		{card: "{kind: one-up, augment: \"+2\"}", err: `augment: a 1UP card acts outside battles: give it special: gain-life or draw N, not augment`},
	} {
		d, diags := readDeck(t, "deck: T\ncards:\n  - "+c.card+"\n")
		switch {
		case c.err != "":
			if len(diags) != 1 || !strings.HasSuffix(diags[0], "error: "+c.err) || len(d.Cards) != 0 {
				t.Errorf("%s: %q, %d cards read; want the one error %q", c.card, diags, len(d.Cards), c.err)
			}
		case len(diags) > 0 || len(d.Cards) != 1:
			t.Errorf("%s: %q, %d cards", c.card, diags, len(d.Cards))
		case d.Cards[0].Effect != c.want:
			t.Errorf("%s: read %+v, want %+v", c.card, d.Cards[0].Effect, c.want)
		}
	}
}

// TestReadDeckParts: life cards count by their count; a card's title is
// its title, else its name, else its number; an offensive or defensive
// card may carry a tag beside a value; kinds read by their deck names.
func TestReadDeckParts(t *testing.T) {
	d, diags := readDeck(t, "deck: T\ncards:\n"+
		"  - {kind: life, count: 3}\n"+
		"  - {kind: offensive, count: 2, name: Laser, value: 2, tag: hot}\n"+
		"  - {kind: life, count: 2}\n"+
		"  - {kind: defensive, value: 3}\n"+
		"  - {kind: one-up, title: Up, name: Other, special: gain-life}\n")
	if len(diags) > 0 {
		t.Fatal(diags)
	}
	type got struct {
		title string
		kind  Kind
		count int
	}
	var cs []got
	for _, c := range d.Cards {
		cs = append(cs, got{c.Title, c.Kind, c.Count})
	}
	want := []got{{"Laser", Offensive, 2}, {"card 4", Defensive, 1}, {"Up", OneUp, 1}}
	if d.Lives != 5 || len(cs) != len(want) {
		t.Fatalf("%d lives, cards %+v", d.Lives, cs)
	}
	for i := range want {
		if cs[i] != want[i] {
			t.Errorf("card %d: %+v, want %+v", i, cs[i], want[i])
		}
	}
	for s, want := range map[string]Kind{"offensive": Offensive, "defensive": Defensive, "one-up": OneUp} {
		if k, ok := ParseKind(s); !ok || k != want || k.String() != s {
			t.Errorf("ParseKind(%q) = %v, %v", s, k, ok)
		}
	}
	if _, ok := ParseKind("life"); ok {
		t.Error("life is not a kind of the draw deck")
	}
}

// TestEffectStrings: an effect written back as a deck or a tag writes it.
func TestEffectStrings(t *testing.T) {
	for _, c := range []struct {
		got  interface{ String() string }
		want string
	}{
		{Augment{Plus, 3}, "+ 3"},
		{Augment{Times, 2}, "× 2"},
		{Special{Name: Negate}, "negate"},
		{Special{Name: Draw, N: 2}, "draw 2"},
		{Special{Name: Limit, N: 1}, "limit 1"},
		{Special{Name: LoseLife}, "lose-life"},
		{Special{Name: ReturnFire}, "return-fire"},
	} {
		if s := c.got.String(); s != c.want {
			t.Errorf("%#v: %q, want %q", c.got, s, c.want)
		}
	}
	if !(Effect{Value: 1}).Numbered() || (Effect{Augment: Augment{Plus, 1}}).Numbered() || (Effect{Special: Special{Name: Negate}}).Numbered() {
		t.Error("only a card with a value is numbered")
	}
}

// TestTextMore: printed texts TestText leaves out, written by hand: the
// defence's side of the specials, triple, and the sentence case of a
// 1UP's text.
func TestTextMore(t *testing.T) {
	for _, c := range []struct {
		kind Kind
		e    Effect
		want string
	}{
		{Defensive, Effect{Special: Special{Name: LoseLife}}, "The attacker loses a life at once."},
		{Defensive, Effect{Special: Special{Name: DiscardNumbered}}, "The attacking side discards a numbered card of your choice from this battle, with its augments."},
		{Defensive, Effect{Special: Special{Name: Limit, N: 1}}, "From now on the attacking side may play only one more card in this battle."},
		{Offensive, Effect{Augment: Augment{Times, 3}}, "Attach under a numbered attack on your side: its number counts triple (before any + is added)."},
		{Offensive, Effect{Augment: Augment{Plus, 1}}, "Attach under a numbered attack on your side: add 1 to it."},
		{Offensive, Effect{Value: 1}, "Add 1 to your offence."},
		{OneUp, Effect{Special: Special{Name: Draw, N: 1}}, "On your turn, outside a battle: draw a card. Then discard this card."},
	} {
		if got := Text(c.kind, c.e); got != c.want {
			t.Errorf("%s %+v:\n got %q\nwant %q", c.kind, c.e, got, c.want)
		}
	}
	for in, want := range map[string]string{"Take": "take", "Zap": "zap", "Apple": "apple", "draw": "draw", "": "", "@x": "@x", "[x": "[x"} {
		if got := lower(in); got != want {
			t.Errorf("lower(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestTextsTags: only an augment gets a tag; every Galaga card gets its
// rule.
func TestTextsTags(t *testing.T) {
	src, _ := cards.LoadDeck("deck.yaml", []byte("deck: T\ncards:\n  - {kind: offensive, title: A, value: 2}\n  - {kind: defensive, title: B, augment: \"+1\"}\n  - {kind: one-up, title: C, special: draw 2}\n"), nil)
	if diags := Texts(src); len(diags) > 0 {
		t.Fatal(diags)
	}
	for i, want := range []struct{ rule, tag string }{
		{"Add 2 to your offence.", ""},
		{"Attach under a numbered shield on your side: add 1 to it.", "+ 1"},
		{"On your turn, outside a battle: draw 2 cards. Then discard this card.", ""},
	} {
		f := src.Card(i).Fields
		tag := ""
		if f["tag"] != nil {
			tag = f["tag"].Value
		}
		if f["rule"] == nil || f["rule"].Value != want.rule || tag != want.tag {
			t.Errorf("card %d: rule %v, tag %q; want %q, %q", i+1, f["rule"], tag, want.rule, want.tag)
		}
	}
}
