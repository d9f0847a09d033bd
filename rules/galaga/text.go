package galaga

import (
	"fmt"

	"github.com/deckpress/deckpress/cards"
)

// Texts reads the effects of a deck's Galaga cards (see [Read]) and writes
// each card's printed text into its `rule` field, and an augment's tag
// ("× 2") into its `tag` field, for the templates to print.
func Texts(d *cards.Deck) cards.Diagnostics {
	deck, diags := Read(d)
	for _, c := range deck.Cards {
		c.Source.Fields[ruleField] = cards.Scalar(Text(c.Kind, c.Effect), c.Pos)
		if c.Effect.Augment.Op != 0 {
			c.Source.Fields[tagField] = cards.Scalar(c.Effect.Augment.String(), c.Pos)
		}
		d.Set(c.Source.Number-1, c.Source) // a long deck's cards are copies
	}
	return diags
}

// Text is the printed text of an effect on a card of a kind.
func Text(k Kind, e Effect) string {
	side, other, foe := "offence", "defending side", "defender"
	attach := "a numbered attack"
	if k == Defensive {
		side, other, foe = "defence", "attacking side", "attacker"
		attach = "a numbered shield"
	}
	switch {
	case e.Value > 0:
		return fmt.Sprintf("Add %d to your %s.", e.Value, side)
	case e.Augment.Op == Plus:
		return fmt.Sprintf("Attach under %s on your side: add %d to it.", attach, e.Augment.N)
	case e.Augment.Op == Times:
		return fmt.Sprintf("Attach under %s on your side: its number counts %s (before any + is added).", attach, times(e.Augment.N))
	}
	s := e.Special
	if k == OneUp {
		return "On your turn, outside a battle: " + lower(specialText(s, other, foe)) + " Then discard this card."
	}
	return specialText(s, other, foe)
}

func specialText(s Special, other, foe string) string {
	switch s.Name {
	case Negate:
		return fmt.Sprintf("Negate a card the %s has played: it goes to the discard pile, with any augments under it.", other)
	case DiscardNumbered:
		return fmt.Sprintf("The %s discards a numbered card of your choice from this battle, with its augments.", other)
	case Limit:
		return fmt.Sprintf("From now on the %s may play only %s in this battle.", other, cardsMore(s.N))
	case EndBattle:
		return "End the battle at once: nobody loses a life, and every card played is discarded."
	case ReturnFire:
		return "If the attack fails (a tie included), the attacker loses a life."
	case Draw:
		if s.N == 1 {
			return "Draw a card."
		}
		return fmt.Sprintf("Draw %d cards.", s.N)
	case GainLife:
		return "Take a life card from the pile and lay it with yours."
	case LoseLife:
		return fmt.Sprintf("The %s loses a life at once.", foe)
	}
	return ""
}

func times(n int) string {
	switch n {
	case 2:
		return "double"
	case 3:
		return "triple"
	}
	return fmt.Sprintf("%d times", n)
}

func cardsMore(n int) string {
	if n == 1 {
		return "one more card"
	}
	return fmt.Sprintf("%d more cards", n)
}

// lower turns the first letter of a sentence to lower case.
func lower(s string) string {
	if s != "" && s[0] >= 'A' && s[0] <= 'Z' {
		return string(s[0]+'a'-'A') + s[1:]
	}
	return s
}
