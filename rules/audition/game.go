package audition

import (
	"fmt"
	"math/rand/v2"
	"slices"
)

// Defaults of a game.
const (
	// LineUp is the number of heroes laid out at the start.
	LineUp = 7
	// DefaultRoundLimit ends a game that has not come down to one hero.
	DefaultRoundLimit = 100
	// VotesEach is the number of cards each player lays a round.
	VotesEach = 2
)

// Options are a game's table and switches.
type Options struct {
	// Policies choose the votes of each seat: seat 0 holds the
	// first-player token in round 1, and it passes to the next seat
	// (on the left) every round. Three to six seats make a game.
	Policies []Policy
	// Heroes is the size of the line-up at the start (0: LineUp).
	Heroes int
	// Variant plays the source's commenters' rules: no points are kept;
	// the round's best scorer (a tie: the one who voted earlier) takes the
	// eliminated hero's card, and the most cards wins.
	Variant bool
	// RoundLimit ends the game as it stands after this many rounds (0:
	// DefaultRoundLimit).
	RoundLimit int
}

// Result is how a game ended.
type Result struct {
	// Scores are each seat's points (the variant: hero cards taken).
	Scores []int
	// Wins share the game among the seats with the top score: 1 for a
	// sole winner, 1/k each for k tied ones.
	Wins []float64
	// Rounds played; Limited says the round limit ended the game.
	Rounds  int
	Limited bool
	// ByTurn[k] adds up, over the rounds, the points of the player who
	// voted k-th in the round (0 first), for the question whether voting
	// late pays.
	ByTurn []int
}

// View is what a player sees when laying a card: how many face-down cards
// lie on each hero of the line-up (nearest the crisis deck first), their
// own cards in hand and where their own cards lie this round.
type View struct {
	Cards []int
	Hand  []Card
	Mine  []int // positions of the player's cards already laid
	Turn  int   // the player's place in this round's order, 0 first
	Vote  int   // 0 for the player's first card of the round, 1 the second
}

// Free reports whether the player may still lay a card on position i:
// their two cards of a round go on two different heroes.
func (v *View) Free(i int) bool { return !slices.Contains(v.Mine, i) }

// Policy chooses a player's vote: a card of the hand and the position of
// a hero where the player has no card yet.
type Policy interface {
	Name() string
	Vote(v *View, rng *rand.Rand) (Card, int)
}

// check says whether a table of n players and the line-up make a game,
// and returns the line-up's size.
func (o Options) check(n int) (int, error) {
	if n < 3 || n > 6 {
		return 0, fmt.Errorf("%d players; Superhero Audition is played here by 3 to 6", n)
	}
	heroes := o.Heroes
	if heroes == 0 {
		heroes = LineUp
	}
	if heroes < 2 {
		return 0, fmt.Errorf("a line-up of %d heroes; at least 2 make a game", heroes)
	}
	return heroes, nil
}

// Play plays one game with the generator rng.
func Play(o Options, rng *rand.Rand) (Result, error) {
	n := len(o.Policies)
	heroes, err := o.check(n)
	if err != nil {
		return Result{}, err
	}
	limit := o.RoundLimit
	if limit == 0 {
		limit = DefaultRoundLimit
	}
	lineup := make([]int, heroes)
	for i := range lineup {
		lineup[i] = i
	}
	res := Result{Scores: make([]int, n), Wins: make([]float64, n), ByTurn: make([]int, n)}
	views := make([]View, n)
	votes := make([]Vote, 0, n*VotesEach)
	tally := make([]Tally, heroes)
	for len(lineup) > 1 && res.Rounds < limit {
		first := res.Rounds % n
		res.Rounds++
		cards := make([]int, len(lineup))
		for s := range views {
			views[s] = View{Cards: cards, Hand: append(views[s].Hand[:0], Cards...), Mine: views[s].Mine[:0], Turn: (s - first + n) % n}
		}
		votes = votes[:0]
		for lap := range VotesEach {
			for k := range n {
				s := (first + k) % n
				v := &views[s]
				v.Vote = lap
				c, pos := o.Policies[s].Vote(v, rng)
				i := slices.Index(v.Hand, c)
				if i < 0 || pos < 0 || pos >= len(lineup) || !v.Free(pos) {
					return Result{}, fmt.Errorf("policy %s laid %s on position %d, which the rules do not allow", o.Policies[s].Name(), c, pos)
				}
				v.Hand = slices.Delete(v.Hand, i, i+1)
				v.Mine = append(v.Mine, pos)
				cards[pos]++
				votes = append(votes, Vote{Player: s, Card: c, Hero: pos})
			}
		}
		tally = tally[:len(lineup)]
		clear(tally)
		for _, v := range votes {
			tally[v.Hero].Add(v.Card)
		}
		points := make([]int, n)
		for _, v := range votes {
			points[v.Player] += tally[v.Hero].Points(v.Card)
		}
		for s, p := range points {
			res.ByTurn[views[s].Turn] += p
		}
		var out int
		lineup, _, out = Settle(lineup, tally)
		switch {
		case !o.Variant:
			for s, p := range points {
				res.Scores[s] += p
			}
		case out >= 0:
			best := first
			for k := range n {
				if s := (first + k) % n; points[s] > points[best] {
					best = s
				}
			}
			res.Scores[best]++
		}
	}
	res.Limited = len(lineup) > 1
	top := slices.Max(res.Scores)
	k := 0
	for _, s := range res.Scores {
		if s == top {
			k++
		}
	}
	for s, v := range res.Scores {
		if v == top {
			res.Wins[s] = 1 / float64(k)
		}
	}
	return res, nil
}
