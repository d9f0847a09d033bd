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
	r := &roundReader{f: &RoundFile{}, index: map[string]int{}, cast: map[int]*laid{}}
	for _, n := range diags.List(m.Get("lineup"), "lineup") {
		diags = diags.Extend(r.readLineup(n))
	}
	r.inLineup = len(r.f.Heroes)
	for _, n := range diags.List(m.Get("votes"), "votes") {
		diags = diags.Extend(r.readVote(n))
	}
	for _, p := range r.players {
		if pc := r.cast[p]; len(pc.cards) < VotesEach && !pc.refused {
			diags.Warnf(pc.pos, "player %d lays only %s; each player lays two a round", p, cards.Count(len(pc.cards), "card", "cards"))
		}
	}
	if len(r.f.Votes) == 0 && !diags.HasErrors() {
		diags.Errorf(root.Pos, "votes: no votes; list them as {player: 1, card: star, hero: NAME}")
	}
	return r.f, diags
}

// roundReader is a round file being read.
type roundReader struct {
	f        *RoundFile
	index    map[string]int // hero numbers by lower-case name
	inLineup int            // the heroes of the line-up come first
	cast     map[int]*laid  // by player
	players  []int          // in the order they first vote
}

// laid is what a player has laid so far.
type laid struct {
	cards, heroes []int
	pos           cards.Pos
	refused       bool // a vote was refused: no second word about the count
}

// hero returns the number of the hero named, numbering a new one.
func (r *roundReader) hero(name string) int {
	key := strings.ToLower(strings.TrimSpace(name))
	if i, ok := r.index[key]; ok {
		return i
	}
	r.index[key] = len(r.f.Heroes)
	r.f.Heroes = append(r.f.Heroes, strings.TrimSpace(name))
	return len(r.f.Heroes) - 1
}

// readLineup reads one hero of the line-up.
func (r *roundReader) readLineup(n *cards.Node) cards.Diagnostics {
	var diags cards.Diagnostics
	name, ok := diags.Text(n, "lineup")
	if !ok {
		return diags
	}
	before := len(r.f.Heroes)
	if i := r.hero(name); len(r.f.Heroes) == before {
		diags.Errorf(n.Pos, "lineup: %q is listed twice", r.f.Heroes[i])
		return diags
	}
	r.f.Lineup = append(r.f.Lineup, len(r.f.Heroes)-1)
	return diags
}

// readVote reads one vote and lays it.
func (r *roundReader) readVote(n *cards.Node) cards.Diagnostics {
	var diags cards.Diagnostics
	vm := diags.Map(n, "vote", voteKeys...)
	if !diags.Require(vm, "a vote", voteKeys...) {
		return diags
	}
	p, okP := diags.Int(vm.Get("player"), "player", 1, MaxPlayers)
	c, okC := diags.Enum(vm.Get("card"), "card", "star", "x", "robber")
	name, okH := diags.Text(vm.Get("hero"), "hero")
	if okH && strings.TrimSpace(name) == "" {
		diags.Errorf(vm.Get("hero").Pos, "hero: empty; name the hero the card lies on")
		okH = false
	}
	if !okP || !okC || !okH {
		return diags
	}
	card := Card(slices.Index([]string{"star", "x", "robber"}, c))
	return diags.Extend(r.lay(p, card, r.hero(name), n.Pos, vm.Get("hero").Pos))
}

// lay records player p's card on hero h, or refuses it: a hero not in the
// line-up, a card laid twice, two cards on one hero, a third card. at is
// the vote's position, heroAt its hero's.
func (r *roundReader) lay(p int, card Card, h int, at, heroAt cards.Pos) cards.Diagnostics {
	var diags cards.Diagnostics
	pc := r.cast[p]
	if pc == nil {
		pc = &laid{pos: at}
		r.cast[p] = pc
		r.players = append(r.players, p)
	}
	refuse := func(at cards.Pos, format string, args ...any) {
		diags.Errorf(at, format, args...)
		pc.refused = true
	}
	f := r.f
	switch {
	case f.Lineup != nil && h >= r.inLineup:
		msg := fmt.Sprintf("hero %q is not in the lineup", f.Heroes[h])
		if s := cards.Suggest(f.Heroes[h], f.Heroes[:r.inLineup]); s != "" {
			msg += fmt.Sprintf("; did you mean %q?", s)
		}
		refuse(heroAt, "%s", msg)
	case slices.Contains(pc.cards, int(card)):
		refuse(at, "player %d lays their %s twice; each player has one Star, one X and one Robber", p, card)
	case slices.Contains(pc.heroes, h):
		refuse(at, "player %d lays two cards on %s; a player's two cards go on two different heroes", p, f.Heroes[h])
	case len(pc.cards) == VotesEach:
		refuse(at, "player %d lays a third card; each player lays two of their three cards a round", p)
	default:
		pc.cards, pc.heroes = append(pc.cards, int(card)), append(pc.heroes, h)
		f.Votes = append(f.Votes, Vote{Player: p, Card: card, Hero: h})
	}
	return diags
}
