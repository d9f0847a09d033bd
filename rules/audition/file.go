package audition

import (
	"fmt"
	"slices"
	"strings"

	"github.com/deckpress/deckpress/cards"
)

// MaxPlayers is the most players a round file may name.
const MaxPlayers = 6

// RoundFile is a round written down for checking:
//
//	lineup: [Zoobot, Vampire Matt, …]   # optional: nearest the crisis deck first
//	votes:
//	  - {player: 1, card: star, hero: Vampire Matt}
//	  - {player: 1, card: x, hero: Professor Pharaoh}
//
// Heroes are numbered in the order they first appear: the line-up's, then
// the votes'.
type RoundFile struct {
	Heroes []string // hero names, by number
	Lineup []int    // the line-up, when given
	Votes  []Vote   // Player is the number written (1 to MaxPlayers)
}

var (
	roundKeys = []string{"lineup", "votes"}
	voteKeys  = []string{"player", "card", "hero"}
)

// ReadRound reads a round file from a parsed document. It checks that each
// player lays two different cards on two different heroes, and that the
// heroes voted on are in the line-up when one is given.
func ReadRound(path string, root *cards.Node) (*RoundFile, cards.Diagnostics) {
	var diags cards.Diagnostics
	m := diags.Map(root, "round file", roundKeys...)
	if m == nil {
		return nil, diags
	}
	diags.Require(m, "a round file", "votes")
	f := &RoundFile{}
	index := map[string]int{}
	hero := func(name string) int {
		key := strings.ToLower(strings.TrimSpace(name))
		if i, ok := index[key]; ok {
			return i
		}
		index[key] = len(f.Heroes)
		f.Heroes = append(f.Heroes, strings.TrimSpace(name))
		return len(f.Heroes) - 1
	}
	for _, n := range diags.List(m.Get("lineup"), "lineup") {
		name, ok := diags.Text(n, "lineup")
		if !ok {
			continue
		}
		before := len(f.Heroes)
		if i := hero(name); len(f.Heroes) == before {
			diags.Errorf(n.Pos, "lineup: %q is listed twice", f.Heroes[i])
			continue
		}
		f.Lineup = append(f.Lineup, len(f.Heroes)-1)
	}
	inLineup := len(f.Heroes)
	type laid struct {
		cards, heroes []int
		pos           cards.Pos
		refused       bool // a vote was refused: no second word about the count
	}
	cast := map[int]*laid{}
	var players []int
	for _, n := range diags.List(m.Get("votes"), "votes") {
		vm := diags.Map(n, "vote", voteKeys...)
		if !diags.Require(vm, "a vote", voteKeys...) {
			continue
		}
		p, okP := diags.Int(vm.Get("player"), "player", 1, MaxPlayers)
		c, okC := diags.Enum(vm.Get("card"), "card", "star", "x", "robber")
		name, okH := diags.Text(vm.Get("hero"), "hero")
		if okH && strings.TrimSpace(name) == "" {
			diags.Errorf(vm.Get("hero").Pos, "hero: empty; name the hero the card lies on")
			okH = false
		}
		if !okP || !okC || !okH {
			continue
		}
		h := hero(name)
		card := Card(slices.Index([]string{"star", "x", "robber"}, c))
		pc := cast[p]
		if pc == nil {
			pc = &laid{pos: n.Pos}
			cast[p] = pc
			players = append(players, p)
		}
		refuse := func(at cards.Pos, format string, args ...any) {
			diags.Errorf(at, format, args...)
			pc.refused = true
		}
		switch {
		case f.Lineup != nil && h >= inLineup:
			msg := fmt.Sprintf("hero %q is not in the lineup", f.Heroes[h])
			if s := cards.Suggest(f.Heroes[h], f.Heroes[:inLineup]); s != "" {
				msg += fmt.Sprintf("; did you mean %q?", s)
			}
			refuse(vm.Get("hero").Pos, "%s", msg)
		case slices.Contains(pc.cards, int(card)):
			refuse(n.Pos, "player %d lays their %s twice; each player has one Star, one X and one Robber", p, card)
		case slices.Contains(pc.heroes, h):
			refuse(n.Pos, "player %d lays two cards on %s; a player's two cards go on two different heroes", p, f.Heroes[h])
		case len(pc.cards) == VotesEach:
			refuse(n.Pos, "player %d lays a third card; each player lays two of their three cards a round", p)
		default:
			pc.cards, pc.heroes = append(pc.cards, int(card)), append(pc.heroes, h)
			f.Votes = append(f.Votes, Vote{Player: p, Card: card, Hero: h})
		}
	}
	for _, p := range players {
		if pc := cast[p]; len(pc.cards) < VotesEach && !pc.refused {
			diags.Warnf(pc.pos, "player %d lays only %s; each player lays two a round", p, cards.Count(len(pc.cards), "card", "cards"))
		}
	}
	if len(f.Votes) == 0 && !diags.HasErrors() {
		diags.Errorf(root.Pos, "votes: no votes; list them as {player: 1, card: star, hero: NAME}")
	}
	return f, diags
}
