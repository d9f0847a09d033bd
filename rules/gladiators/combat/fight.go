package combat

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
)

// DefaultTurnLimit is the turn after which a fight is a tie.
const DefaultTurnLimit = 50

// Options are a fight's switches.
type Options struct {
	// Policies choose each side's actions; nil is Greedy.
	Policies [2]Policy
	// Fumbles: a natural 20 misses and the attacker loses its next
	// action (the source's first optional rule).
	Fumbles bool
	// Area: Distance Attacks bought with area or area-falloff hit an area
	// (the source's second optional rule); without it they hit one foe.
	Area bool
	// TurnLimit ends the fight in a tie; 0 is DefaultTurnLimit.
	TurnLimit int
}

// Dice is where a fight's chance comes from.
type Dice interface {
	// D20 rolls a twenty-sided die: 1 to 20.
	D20() int
	// IntN returns 0 to n−1: a die roll that breaks a tie of order or
	// placement, or a policy's choice among equals.
	IntN(n int) int
}

// RandDice rolls with a generator.
func RandDice(r *rand.Rand) Dice { return randDice{r} }

type randDice struct{ r *rand.Rand }

func (d randDice) D20() int       { return d.r.IntN(20) + 1 }
func (d randDice) IntN(n int) int { return d.r.IntN(n) }

// Result is the outcome of one fight.
type Result struct {
	Winner int // side 0 or 1; -1 a tie
	Turns  int // turns played
	// Heroes are side 0's heroes, then side 1's, in team order.
	Heroes []HeroResult
}

// HeroResult is what one hero did in a fight.
type HeroResult struct {
	Actions      int // action segments it had while standing
	Hits         int // attacks that hit a hero (an area attack counts each)
	Dealt, Taken int // oomph damage
	GizmosBroken int // foes' gizmos it destroyed
	Fainted      bool
	Powers       []PowerResult // in the hero's order
}

// PowerResult is what one power did in a fight.
type PowerResult struct {
	Uses   int // times used: actions, or (free and always-on powers) times it applied
	Hits   int
	Damage int // oomph damage dealt
	// Saved is oomph kept: taken off hits by Defenses, turned aside by
	// Missile Deflection, got back by Regeneration.
	Saved int
	Left  int // uses left at the end, or Unlimited
}

// Match is a fight made ready to be played many times: two sides on a
// board, checked, with the orders that do not change from game to game.
// Play may be called from several goroutines at once.
type Match struct {
	board  *Board
	opt    Options
	heroes []*Hero // side 0's, then side 1's
	side   []int8
	// kind[i][k] is hero i's power of kind k, or -1
	kind [][numKinds]int8
	// place is the placement order and its die-roll ties; seg[s] the
	// acting order of segment s and its ties
	place, placeTie []int32
	seg, segTie     [7][]int32
	walk, fly       []int // hexes per action, walking and flying
	actions         []int // action segments per turn
	pool            sync.Pool
}

// NewMatch checks two sides and an arena for a fight.
func NewMatch(b *Board, sides [2][]Hero, opt Options) (*Match, error) {
	if opt.TurnLimit == 0 {
		opt.TurnLimit = DefaultTurnLimit
	}
	for i := range opt.Policies {
		if opt.Policies[i] == nil {
			opt.Policies[i] = Greedy{}
		}
	}
	m := &Match{board: b, opt: opt}
	for s, team := range sides {
		if len(team) == 0 {
			return nil, fmt.Errorf("side %d has no heroes", s+1)
		}
		if len(team) > len(b.zones[s]) {
			return nil, fmt.Errorf("side %d has %d heroes; its start zone in %s holds %d", s+1, len(team), b.Arena.Name, len(b.zones[s]))
		}
		for i := range team {
			h := &team[i]
			if h.Oomph < 1 || h.actions() == 0 {
				return nil, fmt.Errorf("hero %q has no oomph or no action segments", h.Name)
			}
			m.heroes = append(m.heroes, h)
			m.side = append(m.side, int8(s))
		}
	}
	if len(m.heroes) > 1<<14 {
		return nil, errors.New("too many heroes")
	}
	for _, h := range m.heroes {
		var k [numKinds]int8
		for i := range k {
			k[i] = -1
		}
		for i, p := range h.Powers {
			if k[p.Kind] < 0 {
				k[p.Kind] = int8(i)
			}
		}
		m.kind = append(m.kind, k)
		walk := max(1, h.Feet/b.Arena.FeetPerHex)
		fly := walk
		if f := k[Flight]; f >= 0 {
			fly = max(1, (h.Feet+5*h.Powers[f].Level)/b.Arena.FeetPerHex)
		}
		m.walk, m.fly, m.actions = append(m.walk, walk), append(m.fly, fly), append(m.actions, h.actions())
	}
	// placement: lowest PER first, then lowest STR, then lowest SIZ, then
	// a die roll
	m.place, m.placeTie = ordered(len(m.heroes), func(i int) [3]int {
		h := m.heroes[i]
		return [3]int{h.PER, h.STR, h.SIZ}
	})
	// acting: highest DEX first, then PER, then SIZ, then a die roll
	all, ties := ordered(len(m.heroes), func(i int) [3]int {
		h := m.heroes[i]
		return [3]int{-h.DEX, -h.PER, -h.SIZ}
	})
	for s := 1; s <= 6; s++ {
		for k, i := range all {
			if m.heroes[i].Segments[s] {
				m.seg[s] = append(m.seg[s], i)
				m.segTie[s] = append(m.segTie[s], ties[k])
			}
		}
	}
	return m, nil
}

// ordered sorts 0…n−1 by key, ascending, and numbers the groups of equal
// keys (the ties a die roll breaks).
func ordered(n int, key func(int) [3]int) (order, ties []int32) {
	order = make([]int32, n)
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortStableFunc(order, func(a, b int32) int {
		ka, kb := key(int(a)), key(int(b))
		return slices.Compare(ka[:], kb[:])
	})
	ties = make([]int32, n)
	for k := 1; k < n; k++ {
		ties[k] = ties[k-1]
		if key(int(order[k])) != key(int(order[k-1])) {
			ties[k]++
		}
	}
	return order, ties
}

// shuffleTies puts each group of ties in a random order, as die rolls
// would.
func shuffleTies(list, ties []int32, d Dice) {
	for start := 0; start < len(list); {
		end := start + 1
		for end < len(list) && ties[end] == ties[start] {
			end++
		}
		for k := end - 1; k > start; k-- {
			j := start + d.IntN(k-start+1)
			list[k], list[j] = list[j], list[k]
		}
		start = end
	}
}

// Play plays one fight with the dice given.
func (m *Match) Play(d Dice) Result {
	g := m.game(d)
	defer m.pool.Put(g)
	g.place()
	winner, turns := g.run()
	return g.result(winner, turns)
}

// fighter is a hero in a fight.
type fighter struct {
	h     *Hero
	i     int // index in the match
	side  int8
	cell  int32
	oomph int
	out   bool // fainted
	held  int  // entangled through this segment (counted over the fight)
	skip  bool // fumbled: loses its next action
	invis int  // switched-on Invisibility lasts through this segment
	kind  *[numKinds]int8
	p     []pstate
	st    HeroResult
	ps    []PowerResult
	walk  int
	fly   int
	nact  int
}

// pstate is a power's state in a fight.
type pstate struct {
	left    int // uses left, or Unlimited
	broken  bool
	noticed [2]bool // a hidden gizmo, by side
}

// game is one fight being played.
type game struct {
	m     *Match
	b     *Board
	d     Dice
	f     []fighter
	occ   []int16 // cell → fighter + 1
	alive [2]int
	turn  int
	seg   int // segment count over the fight: (turn − 1) × 6 + segment
	acts  []int32
	// scratch for paths and choices
	seen  []uint32
	stamp uint32
	dist  []int16
	par   []int32
	queue []int32
	opts  []action
	cands []int32
}

func (m *Match) game(d Dice) *game {
	g, _ := m.pool.Get().(*game)
	if g == nil {
		n := m.board.n
		g = &game{m: m, b: m.board, f: make([]fighter, len(m.heroes)), occ: make([]int16, n),
			seen: make([]uint32, n), dist: make([]int16, n), par: make([]int32, n), queue: make([]int32, 0, n)}
		for i, h := range m.heroes {
			g.f[i].p = make([]pstate, len(h.Powers))
			g.f[i].ps = make([]PowerResult, len(h.Powers))
		}
	}
	g.d = d
	clear(g.occ)
	g.alive = [2]int{}
	for i, h := range m.heroes {
		f := &g.f[i]
		*f = fighter{h: h, i: i, side: m.side[i], cell: -1, oomph: h.Oomph, kind: &m.kind[i], p: f.p, ps: f.ps,
			walk: m.walk[i], fly: m.fly[i], nact: m.actions[i]}
		clear(f.ps)
		for k, p := range h.Powers {
			f.p[k] = pstate{left: p.Uses}
		}
		g.alive[f.side]++
	}
	return g
}

// place puts the heroes in their zones, one by one.
func (g *game) place() {
	order := append(g.acts[:0], g.m.place...)
	shuffleTies(order, g.m.placeTie, g.d)
	for _, i := range order {
		f := &g.f[i]
		zone, ties := g.b.zones[f.side], g.b.zoneTie[f.side]
		// the free hexes nearest the centre, equally near
		g.cands = g.cands[:0]
		group := int32(-1)
		for k, c := range zone {
			if g.occ[c] != 0 {
				continue
			}
			if len(g.cands) > 0 && ties[k] != group {
				break
			}
			group = ties[k]
			g.cands = append(g.cands, c)
		}
		c := g.cands[0]
		if len(g.cands) > 1 {
			c = g.cands[g.d.IntN(len(g.cands))]
		}
		g.moveTo(f, c)
	}
	g.acts = order[:0]
}

func (g *game) moveTo(f *fighter, c int32) {
	if f.cell >= 0 {
		g.occ[f.cell] = 0
	}
	f.cell = c
	g.occ[c] = int16(f.i + 1)
}

// run plays the turns and returns the winner (−1: a tie) and the turns
// played.
func (g *game) run() (int, int) {
	limit := g.m.opt.TurnLimit
	for g.turn = 1; g.turn <= limit; g.turn++ {
		g.regenerate()
		if !g.anyCanHurt() {
			return -1, g.turn - 1
		}
		for s := 1; s <= 6; s++ {
			g.seg = (g.turn-1)*6 + s
			acts := append(g.acts[:0], g.m.seg[s]...)
			shuffleTies(acts, g.m.segTie[s], g.d)
			for _, i := range acts {
				f := &g.f[i]
				if f.out {
					continue
				}
				g.act(f)
				switch {
				case g.alive[0] == 0 && g.alive[1] == 0:
					return -1, g.turn
				case g.alive[1] == 0:
					return 0, g.turn
				case g.alive[0] == 0:
					return 1, g.turn
				}
			}
			g.acts = acts[:0]
		}
	}
	return -1, limit
}

func (g *game) result(winner, turns int) Result {
	r := Result{Winner: winner, Turns: turns, Heroes: make([]HeroResult, len(g.f))}
	n := 0
	for i := range g.f {
		n += len(g.f[i].p)
	}
	powers := make([]PowerResult, n)
	for i := range g.f {
		f := &g.f[i]
		r.Heroes[i] = f.st
		r.Heroes[i].Fainted = f.out
		ps := powers[:len(f.p):len(f.p)]
		powers = powers[len(f.p):]
		copy(ps, f.ps)
		for k := range ps {
			ps[k].Left = f.p[k].left
		}
		r.Heroes[i].Powers = ps
	}
	return r
}

// act gives a hero its action.
func (g *game) act(f *fighter) {
	f.st.Actions++
	if f.skip {
		f.skip = false
		return
	}
	if f.held >= g.seg {
		if g.d.D20() <= 2*f.h.STR {
			f.held = 0
		}
		return
	}
	g.do(f, g.m.opt.Policies[f.side].choose(g, f))
}
