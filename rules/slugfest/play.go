package slugfest

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
)

// Sizes of a turn.
const (
	// HandSize is the number of fresh cards each player draws at Power Up.
	HandSize = 8
	// Discards is how many cards a player may swap at Tactics, plus one
	// for each of their knocked-out heroes.
	Discards = 4
	// ComebackCards is the number of character cards of a knocked-out
	// hero that bring it back in the Slug phase (with comebacks on).
	ComebackCards = 3
	// DefaultTurnLimit: a game longer than this many turns is a tie.
	DefaultTurnLimit = 200
)

// Card is a card in play: a character card or an ability of one hero.
type Card struct {
	Hero      int // the member's place in its team
	Character bool
	Force     int
}

// Cards expands a team into its deck, as [Deck] prints it: per member,
// character cards of force 1 to 5, then its abilities from force 5 down.
func Cards(t *Team) []Card {
	var out []Card
	for h, m := range t.Members {
		for f := 1; f <= AbilitiesEach; f++ {
			out = append(out, Card{Hero: h, Character: true, Force: f})
		}
		for k := range m.Abilities {
			out = append(out, Card{Hero: h, Force: AbilitiesEach - k})
		}
	}
	return out
}

// Totals is the Slug phase of one hand: the battle total, and the
// knocked-out heroes it brings back.
type Totals struct {
	Total int
	Back  []int
}

// Battle works out a hand's battle total for a team of heroes of which
// out[h] are knocked out. Per standing hero, one character card counts,
// the strongest held, and each of its abilities counts only when a
// character card of the hero is held too; knocked-out heroes and their
// abilities count nothing. With comebacks, a knocked-out hero of whom the
// hand holds three character cards is back: those three (the weakest held)
// count nothing, and the rest of its cards count as a standing hero's.
func Battle(hand []Card, out []bool, comebacks bool) Totals {
	var s Totals
	heroes := len(out)
	var small [8]heroHand
	hs := small[:0]
	if heroes <= len(small) {
		hs = small[:heroes]
	} else {
		hs = make([]heroHand, heroes)
	}
	for _, c := range hand {
		hs[c.Hero].add(c)
	}
	for h := range hs {
		x := &hs[h]
		if out[h] {
			if !comebacks || x.chars < ComebackCards {
				continue
			}
			s.Back = append(s.Back, h)
			x.dropWeakest(ComebackCards)
		}
		if x.chars > 0 {
			s.Total += x.best + x.abilities
		}
	}
	return s
}

// heroHand is what a hand holds of one hero.
type heroHand struct {
	chars, best, abilities int
	forces                 [AbilitiesEach + 1]int // character cards held, by force
}

func (x *heroHand) add(c Card) {
	if !c.Character {
		x.abilities += c.Force
		return
	}
	x.chars++
	x.best = max(x.best, c.Force)
	x.forces[c.Force]++
}

// dropWeakest takes away the n weakest character cards.
func (x *heroHand) dropWeakest(n int) {
	x.chars -= n
	x.best = 0
	for f := range x.forces {
		take := min(n, x.forces[f])
		x.forces[f] -= take
		n -= take
		if x.forces[f] > 0 {
			x.best = f
		}
	}
}

// Options are a game's switches.
type Options struct {
	// Policies make each player's choices; nil is Greedy.
	Policies [2]Policy
	// Comebacks plays the source's optional rule.
	Comebacks bool
	// TurnLimit: after this many turns without a winner the game is a tie
	// (0: DefaultTurnLimit).
	TurnLimit int
}

// Result is how a game ended.
type Result struct {
	Winner int // 0 or 1; -1 a tie
	Turns  int
	// KnockedOut[p][h] counts the knock-outs of player p's hero h.
	KnockedOut [2][]int
	// Comebacks[p] counts player p's heroes brought back.
	Comebacks [2]int
}

// Match is two teams set to play.
type Match struct {
	decks [2][]Card
	sizes [2]int
	opts  Options
}

// NewMatch sets two teams against each other.
func NewMatch(a, b *Team, o Options) (*Match, error) {
	m := &Match{opts: o}
	for p, t := range []*Team{a, b} {
		if len(t.Members) == 0 {
			return nil, fmt.Errorf("team %q has no members", t.Name)
		}
		m.decks[p], m.sizes[p] = Cards(t), len(t.Members)
		if m.opts.Policies[p] == nil {
			m.opts.Policies[p] = Greedy{}
		}
	}
	if m.opts.TurnLimit == 0 {
		m.opts.TurnLimit = DefaultTurnLimit
	}
	if m.opts.TurnLimit < 0 {
		return nil, errors.New("a negative turn limit")
	}
	return m, nil
}

// Player is a player's cards and heroes, as their policy sees them.
type Player struct {
	Draw, Discard, Hand []Card
	Out                 []bool // knocked-out heroes
	Comebacks           bool   // the comeback rule is on
}

// draw takes n cards from the draw pile into the hand, shuffling the
// discards into a new draw pile when it runs out; it stops when both are
// empty.
func (p *Player) draw(n int, rng *rand.Rand) {
	for range n {
		if len(p.Draw) == 0 {
			if len(p.Discard) == 0 {
				return
			}
			p.Draw, p.Discard = p.Discard, p.Draw[:0]
			rng.Shuffle(len(p.Draw), func(i, j int) { p.Draw[i], p.Draw[j] = p.Draw[j], p.Draw[i] })
		}
		last := len(p.Draw) - 1
		p.Hand = append(p.Hand, p.Draw[last])
		p.Draw = p.Draw[:last]
	}
}

// Standing counts the heroes not knocked out.
func (p *Player) Standing() int {
	n := 0
	for _, o := range p.Out {
		if !o {
			n++
		}
	}
	return n
}

// MaxDiscards is how many cards the player may swap at Tactics.
func (p *Player) MaxDiscards() int { return Discards + len(p.Out) - p.Standing() }

// Play plays one game with the generator rng.
func (m *Match) Play(rng *rand.Rand) Result {
	var ps [2]Player
	res := Result{Winner: -1}
	for i := range ps {
		p := &ps[i]
		p.Draw = append(make([]Card, 0, len(m.decks[i])), m.decks[i]...)
		rng.Shuffle(len(p.Draw), func(a, b int) { p.Draw[a], p.Draw[b] = p.Draw[b], p.Draw[a] })
		p.Discard = make([]Card, 0, len(m.decks[i]))
		p.Hand = make([]Card, 0, HandSize)
		p.Out = make([]bool, m.sizes[i])
		p.Comebacks = m.opts.Comebacks
		res.KnockedOut[i] = make([]int, m.sizes[i])
	}
	for res.Turns < m.opts.TurnLimit {
		res.Turns++
		var slug [2]Totals
		for i := range ps {
			p := &ps[i]
			p.draw(HandSize, rng) // Power Up
			// Tactics
			swap := slices.Clone(m.opts.Policies[i].Discard(p, rng))
			slices.Sort(swap)
			if len(slices.Compact(swap)) != len(swap) || len(swap) > p.MaxDiscards() ||
				len(swap) > 0 && (swap[0] < 0 || swap[len(swap)-1] >= len(p.Hand)) {
				panic(fmt.Sprintf("slugfest: policy %s swaps cards %v of a hand of %d, %d at most", m.opts.Policies[i].Name(), swap, len(p.Hand), p.MaxDiscards()))
			}
			for k := len(swap) - 1; k >= 0; k-- {
				j := swap[k]
				p.Discard = append(p.Discard, p.Hand[j])
				p.Hand = slices.Delete(p.Hand, j, j+1)
			}
			p.draw(HandSize-len(p.Hand), rng)
			// Attack and Slug
			slug[i] = Battle(p.Hand, p.Out, m.opts.Comebacks)
			for _, h := range slug[i].Back {
				p.Out[h] = false
				res.Comebacks[i]++
			}
		}
		// Knockout
		if slug[0].Total != slug[1].Total {
			loser := 0
			if slug[0].Total > slug[1].Total {
				loser = 1
			}
			p := &ps[loser]
			h := m.opts.Policies[loser].KnockOut(p, rng)
			if h < 0 || h >= len(p.Out) || p.Out[h] {
				panic(fmt.Sprintf("slugfest: policy %s knocked out hero %d, who is not standing", m.opts.Policies[loser].Name(), h))
			}
			p.Out[h] = true
			res.KnockedOut[loser][h]++
			if p.Standing() == 0 {
				res.Winner = 1 - loser
			}
		}
		for i := range ps {
			ps[i].Discard = append(ps[i].Discard, ps[i].Hand...)
			ps[i].Hand = ps[i].Hand[:0]
		}
		if res.Winner >= 0 {
			break
		}
	}
	return res
}
