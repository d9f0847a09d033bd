// Package audition plays Superhero Audition as shared RULES.md states it.
//
// The model: a line-up of heroes (nearest the crisis deck first) and, each
// round, the [Vote] cards the players lay on them: two of each player's
// three cards, a [Star], an [X] and a [Robber]. [Tally] counts the cards on
// one hero and says what each card there scores; [Score] adds a round up
// per player; [Settle] applies the round's elimination to the line-up.
//
// Scoring, for a hero with s Stars, x Xs and r Robbers: with no Robber, a
// Star scores max(0, s − x) and an X max(0, x − s) (so a lone vote scores
// 1); with Robbers, every Robber scores |s − x| — what the best Star or X
// there would have scored, 3 for three agreeing Stars, not 9 — and no Star
// or X there scores. Robbers never match one another: a hero with only
// Robbers is worth nothing.
//
// Elimination: the hero with the most Stars left after cancelling (s − x,
// when above zero) moves next to the crisis deck, the one already nearest
// winning a tie; the hero with the most Xs left (x − s, above zero) is
// eliminated, the one farthest from the deck losing a tie; with no X left
// nobody is.
//
// [Play] plays a whole game with one [Policy] per seat; a seeded run
// (rules/sim) gives each game its own generator.
package audition

import "fmt"

// Card is a vote card.
type Card uint8

// The three vote cards of a player.
const (
	Star Card = iota
	X
	Robber
)

// Cards lists the vote cards in a hand's order.
var Cards = []Card{Star, X, Robber}

// String names the card as vote files write it.
func (c Card) String() string {
	switch c {
	case Star:
		return "star"
	case X:
		return "x"
	case Robber:
		return "robber"
	}
	return fmt.Sprintf("card(%d)", uint8(c))
}

// Vote is one card laid on a hero.
type Vote struct {
	Player int // the player who laid it
	Card   Card
	Hero   int // the hero it lies on
}

// Tally counts the cards on one hero.
type Tally struct{ Stars, Xs, Robbers int }

// Add counts a card in.
func (t *Tally) Add(c Card) {
	switch c {
	case Star:
		t.Stars++
	case X:
		t.Xs++
	case Robber:
		t.Robbers++
	}
}

// Points returns what a card c on this hero scores.
func (t Tally) Points(c Card) int {
	left := t.Stars - t.Xs
	if c == Robber {
		return max(left, -left)
	}
	if t.Robbers > 0 {
		return 0
	}
	if c == Star {
		return max(0, left)
	}
	return max(0, -left)
}

// Tallies counts the votes on each hero.
func Tallies(votes []Vote) map[int]Tally {
	ts := map[int]Tally{}
	for _, v := range votes {
		t := ts[v.Hero]
		t.Add(v.Card)
		ts[v.Hero] = t
	}
	return ts
}

// Score returns each player's points of a round, by player.
func Score(votes []Vote) map[int]int {
	ts := Tallies(votes)
	out := map[int]int{}
	for _, v := range votes {
		out[v.Player] += ts[v.Hero].Points(v.Card)
	}
	return out
}

// Settle applies a round's elimination to lineup, its heroes nearest the
// crisis deck first, with tally[i] the cards on lineup[i]. It returns the
// new line-up, the hero moved next to the deck and the hero eliminated; -1
// means none. A hero already next to the deck that gets the most Stars
// stays there.
func Settle(lineup []int, tally []Tally) (next []int, moved, out int) {
	best, worst := -1, -1
	for i, t := range tally {
		net := t.Stars - t.Xs
		if net > 0 && (best < 0 || net > tally[best].Stars-tally[best].Xs) {
			best = i // nearest wins a tie: keep the first found
		} else if net < 0 && (worst < 0 || -net >= tally[worst].Xs-tally[worst].Stars) {
			worst = i // farthest loses a tie: keep the last found
		}
	}
	next = make([]int, 0, len(lineup))
	moved, out = -1, -1
	if best >= 0 {
		moved = lineup[best]
		next = append(next, moved)
	}
	if worst >= 0 {
		out = lineup[worst]
	}
	for i, h := range lineup {
		if i != best && i != worst {
			next = append(next, h)
		}
	}
	return next, moved, out
}
