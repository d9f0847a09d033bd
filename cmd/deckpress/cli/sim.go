package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/deckpress/deckpress/arena"
	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/data"
	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/output"
	"github.com/deckpress/deckpress/output/pdf"
	"github.com/deckpress/deckpress/output/png"
	labreport "github.com/deckpress/deckpress/output/report"
	"github.com/deckpress/deckpress/rules/gladiators"
	"github.com/deckpress/deckpress/rules/gladiators/combat"
	"github.com/deckpress/deckpress/rules/sim"
)

// simOptions are the flags of `sim gladiators`.
type simOptions struct {
	games      int
	seed       uint64
	arena      string
	policy     string
	optional   []string
	turns      int
	asJSON     bool
	roundRobin bool
	pool       int
	ruleset    string
	report     string
	paper      string
}

func newSimCmd(env Env) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "sim",
		Short: "Play a game many times and measure it (the balance lab)",
		Long: `sim plays a game's rules thousands of times, seeded, on all cores, and reports
win rates with 95 % Wilson intervals. The same seed gives the same numbers on
any number of cores.`,
	}
	cmd.AddCommand(newSimGladiatorsCmd(env), newSimAuditionCmd(env), newSimSlugfestCmd(env), newSimGalagaCmd(env))
	return cmd
}

func newSimGladiatorsCmd(env Env) *cobra.Command {
	var o simOptions
	cmd := &cobra.Command{
		Use:   "gladiators A.yaml B.yaml | --round-robin [DIR|FILE...]",
		Short: "Fight Superhero Gladiators teams or heroes against each other",
		Long: `gladiators fights the team (or hero) of one file against another's, by the
combat rules of RULES.md, and prints each side's wins, losses and ties with 95 %
Wilson intervals, the mean number of turns, and per hero and power what they did
in a game on average.

--round-robin fights every hero of the files (a folder stands for its hero files;
none: the kit's heroes) against every other, one on one, on both sides, adds
--pool random legal heroes, and prints the win-rate matrix and the balance table:
each hero's points, score (ties count half) with its interval, the score a line
fitted through points predicts, how many standard errors off it the hero lies
(flagged beyond 2), and the power that dealt most of its damage.`,
		RunE: func(cmd *cobra.Command, args []string) error { return runSimGladiators(env, args, o) },
	}
	fl := cmd.Flags()
	fl.IntVar(&o.games, "games", 10000, "games to play (round robin: per pair and side)")
	fl.Uint64Var(&o.seed, "seed", 1, "the run's seed: game i plays with dice made from (seed, i)")
	fl.StringVar(&o.arena, "arena", "", "an arena file to fight on (default: an open field of 20 × 14 hexes)")
	fl.StringVar(&o.policy, "policy", "greedy", "how heroes choose their actions: greedy or random")
	fl.StringSliceVar(&o.optional, "optional", nil, "optional rules to play: fumbles, area")
	fl.IntVar(&o.turns, "turns", combat.DefaultTurnLimit, "the turn after which a fight is a tie")
	fl.BoolVar(&o.asJSON, "json", false, "print one JSON object")
	fl.BoolVar(&o.roundRobin, "round-robin", false, "every hero against every other, and the balance table")
	fl.IntVar(&o.pool, "pool", 0, "round robin: add this many random legal heroes (made from --seed)")
	fl.StringVar(&o.ruleset, "ruleset", "", "a ruleset file replacing the built-in (house) tables")
	fl.StringVar(&o.report, "report", "", "round robin: also write a report, FILE.pdf or FILE.png (a PNG a page: FILE-1.png …)")
	fl.StringVar(&o.paper, "paper", "a4", "the report's paper")
	return cmd
}

// simSetup is what a run needs, once the inputs are read.
type simSetup struct {
	opts   combat.Options
	policy string
	board  *combat.Board
	arena  string   // its description
	extras []string // optional rules on
}

func runSimGladiators(env Env, args []string, o simOptions) error {
	switch {
	case o.games < 1:
		return fmt.Errorf("--games: %d; play at least one game", o.games)
	case o.turns < 1:
		return fmt.Errorf("--turns: %d; a fight lasts at least one turn", o.turns)
	case o.pool < 0 || (o.pool > 0 && !o.roundRobin):
		return fmt.Errorf("--pool: random heroes join a --round-robin, at least 0 of them")
	case o.report != "" && !o.roundRobin:
		return fmt.Errorf("--report: the report shows a --round-robin")
	case o.report != "" && !slices.Contains([]string{".pdf", ".png"}, strings.ToLower(filepath.Ext(o.report))):
		return fmt.Errorf("--report: %s: write a .pdf or a .png", o.report)
	case !o.roundRobin && len(args) != 2:
		return fmt.Errorf("sim gladiators fights two files, A.yaml B.yaml (or --round-robin); got %d", len(args))
	}
	policy, err := combat.ParsePolicy(o.policy)
	if err != nil {
		return fmt.Errorf("--policy: %w", err)
	}
	if _, err := layout.ParsePaper(o.paper); err != nil {
		return fmt.Errorf("--paper: %w", err)
	}
	su := simSetup{opts: combat.Options{Policies: [2]combat.Policy{policy, policy}, TurnLimit: o.turns}, policy: policy.Name()}
	for _, x := range o.optional {
		switch x {
		case "fumbles":
			su.opts.Fumbles = true
		case "area":
			su.opts.Area = true
		default:
			return fmt.Errorf("--optional: unknown rule %q; optional rules: fumbles, area", x)
		}
		su.extras = append(su.extras, x)
	}
	slices.Sort(su.extras)
	su.extras = slices.Compact(su.extras)

	var diags cards.Diagnostics
	var sides []simSide
	var entrants []combat.Entrant
	if o.roundRobin {
		entrants = loadEntrants(env, args, o, &diags)
	} else {
		for _, a := range args {
			if s, ok := loadSide(env, a, o.ruleset, &diags); ok {
				sides = append(sides, s)
			}
		}
	}
	ar := combat.OpenField()
	su.arena = fmt.Sprintf("open field, %d × %d hexes", ar.Cols, ar.Rows)
	var zones []arena.Zone
	if o.arena != "" {
		if ar, zones = loadFightArena(env, o.arena, &diags); ar != nil {
			su.arena = fmt.Sprintf("%s (%s), %d × %d hexes", ar.Name, o.arena, ar.Cols, ar.Rows)
		}
	}
	if ar != nil && len(sides) == 2 {
		checkZones(ar, zones, sides, &diags)
	}
	if report(env.Err, diags) > 0 || ar == nil {
		return failed("nothing run")
	}
	su.board, err = combat.NewBoard(ar)
	if err != nil {
		return failed("%v", err)
	}
	if o.roundRobin {
		return runRoundRobin(env, su, entrants, o)
	}
	return runDuel(env, su, sides, o)
}

// simSide is a side of a fight: a file's team or hero.
type simSide struct {
	name   string
	pos    cards.Pos
	heroes []combat.Hero
	sheets []*gladiators.Sheet
}

// loadSide reads a hero file as a side.
func loadSide(env Env, path, ruleset string, diags *cards.Diagnostics) (simSide, bool) {
	before := len(*diags)
	set := loadHeroes(env, path, ruleset, diags)
	if set == nil || cards.Diagnostics((*diags)[before:]).HasErrors() {
		return simSide{}, false
	}
	return sideOf(set, stem(path), diags)
}

// sideOf makes a loaded, valid hero file a side, named after its team,
// its one hero, or else the file.
func sideOf(set *heroSet, file string, diags *cards.Diagnostics) (simSide, bool) {
	s := simSide{name: set.file.Team, pos: set.file.TeamPos}
	if s.name == "" && len(set.sheets) == 1 {
		s.name, s.pos = set.sheets[0].Hero.Name, set.sheets[0].Hero.Pos
	}
	if s.name == "" {
		s.name = file
	}
	for _, sh := range set.sheets {
		h, ds := combat.FromSheet(sh)
		*diags = append(*diags, ds...)
		s.heroes, s.sheets = append(s.heroes, h), append(s.sheets, sh)
	}
	return s, len(s.heroes) > 0
}

// loadEntrants reads the heroes of a round robin: every hero of the files
// (a folder: its hero files; none: the kit's), and the random pool.
func loadEntrants(env Env, args []string, o simOptions, diags *cards.Diagnostics) []combat.Entrant {
	var es []combat.Entrant
	add := func(s simSide) {
		for i, h := range s.heroes {
			es = append(es, combat.Entrant{Hero: h, From: s.name, Points: s.sheets[i].Total})
		}
	}
	if len(args) == 0 {
		names, _ := fs.Glob(data.FS, "kits/gladiators/*.yaml")
		sort.Strings(names)
		for _, n := range names {
			src, err := fs.ReadFile(data.FS, n)
			if err != nil {
				diags.Errorf(cards.Pos{File: n}, "cannot read: %v", err)
				continue
			}
			root, ds := cards.Parse(n, src)
			*diags = append(*diags, ds...)
			if root == nil || !gladiators.IsHeroFile(root) {
				continue
			}
			if set := computeHeroes(input{path: n, files: embeddedFiles{}}, root, o.ruleset, env, diags); set != nil {
				if s, ok := sideOf(set, stem(n), diags); ok {
					add(s)
				}
			}
		}
	}
	for _, a := range args {
		files := []string{a}
		if st, err := os.Stat(abs(env, a)); err == nil && st.IsDir() {
			all, err := yamlFiles(env, a)
			if err != nil {
				diags.Errorf(cards.Pos{File: a}, "%v", err)
				continue
			}
			files = files[:0]
			for _, f := range all {
				if isHeroPath(env, f) {
					files = append(files, f)
				}
			}
			if len(files) == 0 {
				diags.Errorf(cards.Pos{File: a}, "no hero files in this folder")
			}
		}
		for _, f := range files {
			if s, ok := loadSide(env, f, o.ruleset, diags); ok {
				add(s)
			}
		}
	}
	if o.pool > 0 {
		rs, err := gladiators.Default()
		if err != nil {
			diags.Errorf(cards.Pos{}, "%v", err)
			return es
		}
		sheets, heroes := combat.Pool(o.pool, o.seed, rs)
		for i, h := range heroes {
			es = append(es, combat.Entrant{Hero: h, From: "random pool", Points: sheets[i].Total})
		}
	}
	if len(es) < 2 && !diags.HasErrors() {
		diags.Errorf(cards.Pos{}, "a round robin needs at least two heroes; found %d", len(es))
	}
	return es
}

// isHeroPath reports whether the YAML file at path is a hero file.
func isHeroPath(env Env, p string) bool {
	src, err := osFiles{dir: env.Dir}.ReadFile(p)
	if err != nil {
		return false
	}
	root, _ := cards.Parse(p, src)
	return root != nil && gladiators.IsHeroFile(root)
}

// loadFightArena reads an arena file as the ground of a fight: terrain
// whose blocks: names movement stops walking (Flight and Wall Crawling
// cross it), terrain whose blocks: names sight stops lines of sight, the
// zones in file order are the sides' start zones.
func loadFightArena(env Env, p string, diags *cards.Diagnostics) (*combat.Arena, []arena.Zone) {
	src, err := osFiles{dir: env.Dir}.ReadFile(p)
	if err != nil {
		diags.Errorf(cards.Pos{File: p}, "cannot read: %v", cards.Cause(err))
		return nil, nil
	}
	root, ds := cards.Parse(p, src)
	*diags = append(*diags, ds...)
	if root == nil {
		return nil, nil
	}
	m, ds := arena.Read(p, root)
	*diags = append(*diags, ds...)
	if m == nil || ds.HasErrors() {
		return nil, nil
	}
	at := m.Pos
	if at.File == "" {
		at = cards.Pos{File: p}
	}
	feet, ok := feetPerHex(m.Scale)
	if !ok {
		diags.Errorf(at, "arena %q: scale %q: a fight needs the hex size in feet, such as \"5 ft\"", m.Name, m.Scale)
		return nil, nil
	}
	if len(m.Zones) < 2 {
		diags.Errorf(at, "arena %q has %d start zones; a fight needs two (zones:, the first for A.yaml)", m.Name, len(m.Zones))
		return nil, nil
	}
	a := &combat.Arena{Name: m.Name, Cols: m.Cols, Rows: m.Rows, Grid: m.Grid, FeetPerHex: feet}
	var painted []layout.Hex
	for h := range m.Paint {
		painted = append(painted, h)
	}
	slices.SortFunc(painted, func(x, y layout.Hex) int {
		if x.Row != y.Row {
			return x.Row - y.Row
		}
		return x.Col - y.Col
	})
	for _, h := range painted {
		t := m.Paint[h]
		if strings.Contains(t.Blocks, "movement") {
			a.Blocked = append(a.Blocked, h)
		}
		if strings.Contains(t.Blocks, "sight") {
			a.Opaque = append(a.Opaque, h)
		}
	}
	for _, z := range m.Zones {
		a.Zones = append(a.Zones, z.Hexes)
	}
	return a, m.Zones
}

// feetPerHex reads a scale such as "5 ft" or "10 feet".
func feetPerHex(scale string) (int, bool) {
	f := strings.Fields(strings.ReplaceAll(strings.TrimSpace(scale), "ft", " ft"))
	if len(f) != 2 || (f[1] != "ft" && f[1] != "feet" && f[1] != "foot") {
		return 0, false
	}
	n, err := strconv.Atoi(f[0])
	return n, err == nil && n >= 1
}

// checkZones says where a side has more heroes than its start zone has
// free hexes.
func checkZones(a *combat.Arena, zones []arena.Zone, sides []simSide, diags *cards.Diagnostics) {
	blocked := map[layout.Hex]bool{}
	for _, h := range a.Blocked {
		blocked[h] = true
	}
	for i, s := range sides {
		free := map[layout.Hex]bool{}
		for _, h := range a.Zones[i] {
			if !blocked[h] {
				free[h] = true
			}
		}
		if len(s.heroes) <= len(free) {
			continue
		}
		at := cards.Pos{File: a.Name}
		if zones != nil {
			at = zones[i].Pos
		}
		diags.Errorf(at, "start zone %d has %d free hexes; %s has %d heroes", i+1, len(free), s.name, len(s.heroes))
	}
}

// progress shows, on a terminal once a run has taken env.ProgressAfter, a
// progress line of games; it returns the run's callback and a function
// that clears the line.
func progress(env Env) (func(done, total int), func()) {
	if !env.Terminal {
		return nil, func() {}
	}
	var done, total atomic.Int64
	quit, finished := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(finished)
		select {
		case <-quit:
			return
		case <-time.After(env.ProgressAfter):
		}
		tick := time.NewTicker(100 * time.Millisecond)
		defer tick.Stop()
		for {
			if n := total.Load(); n > 0 {
				fmt.Fprintf(env.Err, "\r%d/%d games", done.Load(), n)
			}
			select {
			case <-quit:
				fmt.Fprint(env.Err, "\r\033[K")
				return
			case <-tick.C:
			}
		}
	}()
	return func(d, n int) { done.Store(int64(d)); total.Store(int64(n)) }, func() { close(quit); <-finished }
}

// heroTotals adds up one hero's results over the games.
type heroTotals struct {
	actions, hits, dealt, taken, gizmos, fainted int
	powers                                       []powerTotals
}

type powerTotals struct{ uses, hits, damage, saved, left int }

func runDuel(env Env, su simSetup, sides []simSide, o simOptions) error {
	m, err := combat.NewMatch(su.board, [2][]combat.Hero{sides[0].heroes, sides[1].heroes}, su.opts)
	if err != nil {
		return failed("%v", err)
	}
	cb, stop := progress(env)
	results := sim.Run(o.games, o.seed, func(i int, r *rand.Rand) combat.Result {
		return m.Play(combat.RandDice(r))
	}, sim.Config{Progress: cb})
	stop()
	var out [2]sim.Outcomes
	var turns sim.Mean
	var heroes []combat.Hero
	var sideOf []int
	for s, side := range sides {
		for _, h := range side.heroes {
			heroes, sideOf = append(heroes, h), append(sideOf, s)
		}
	}
	tot := make([]heroTotals, len(heroes))
	for i, h := range heroes {
		tot[i].powers = make([]powerTotals, len(h.Powers))
	}
	for _, r := range results {
		switch r.Winner {
		case 0:
			out[0].Wins++
		case 1:
			out[0].Losses++
		default:
			out[0].Ties++
		}
		turns.Add(float64(r.Turns))
		for i, hr := range r.Heroes {
			t := &tot[i]
			t.actions += hr.Actions
			t.hits += hr.Hits
			t.dealt += hr.Dealt
			t.taken += hr.Taken
			t.gizmos += hr.GizmosBroken
			if hr.Fainted {
				t.fainted++
			}
			for k, pr := range hr.Powers {
				p := &t.powers[k]
				p.uses += pr.Uses
				p.hits += pr.Hits
				p.damage += pr.Damage
				p.saved += pr.Saved
				p.left += pr.Left
			}
		}
	}
	out[1] = out[0].Swap()
	n := float64(o.games)
	per := func(x int) float64 { return round3(float64(x) / n) }
	j := duelJSON{Games: o.games, Seed: o.seed, Policy: su.policy, Arena: su.arena, Optional: orEmpty(su.extras),
		TurnLimit: o.turns, MeanTurns: round3(turns.Value())}
	for s, side := range sides {
		lo, hi := out[s].WinCI()
		j.Sides = append(j.Sides, sideJSON{Name: side.name, Wins: out[s].Wins, Losses: out[s].Losses, Ties: out[s].Ties,
			WinRate: round3(out[s].WinRate()), CI95: [2]float64{round3(lo), round3(hi)}})
	}
	for i, h := range heroes {
		t := tot[i]
		hj := heroJSON{Hero: h.Name, Side: sides[sideOf[i]].name, Actions: per(t.actions), Hits: per(t.hits),
			DamageDealt: per(t.dealt), DamageTaken: per(t.taken), GizmosDestroyed: per(t.gizmos), FaintRate: per(t.fainted)}
		for k, p := range h.Powers {
			pt := t.powers[k]
			pj := powerJSON{Power: p.Name, Uses: per(pt.uses), Hits: per(pt.hits), Damage: per(pt.damage), Saved: per(pt.saved)}
			if p.Uses != combat.Unlimited {
				left := per(pt.left)
				pj.UsesLeft = &left
			}
			hj.Powers = append(hj.Powers, pj)
		}
		j.Heroes = append(j.Heroes, hj)
	}
	if o.asJSON {
		return printJSON(env.Out, j)
	}
	printDuel(env.Out, j)
	return nil
}

// The JSON shape of a fight's numbers (per hero and power: per game,
// averaged).
type duelJSON struct {
	Games     int        `json:"games"`
	Seed      uint64     `json:"seed"`
	Policy    string     `json:"policy"`
	Arena     string     `json:"arena"`
	Optional  []string   `json:"optional"`
	TurnLimit int        `json:"turn_limit"`
	MeanTurns float64    `json:"mean_turns"`
	Sides     []sideJSON `json:"sides"`
	Heroes    []heroJSON `json:"heroes"`
}

type sideJSON struct {
	Name    string     `json:"name"`
	Wins    int        `json:"wins"`
	Losses  int        `json:"losses"`
	Ties    int        `json:"ties"`
	WinRate float64    `json:"win_rate"`
	CI95    [2]float64 `json:"ci95"`
}

type heroJSON struct {
	Hero            string      `json:"hero"`
	Side            string      `json:"side"`
	Actions         float64     `json:"actions"`
	Hits            float64     `json:"hits"`
	DamageDealt     float64     `json:"damage_dealt"`
	DamageTaken     float64     `json:"damage_taken"`
	GizmosDestroyed float64     `json:"gizmos_destroyed"`
	FaintRate       float64     `json:"faint_rate"`
	Powers          []powerJSON `json:"powers"`
}

type powerJSON struct {
	Power    string   `json:"power"`
	Uses     float64  `json:"uses"`
	Hits     float64  `json:"hits"`
	Damage   float64  `json:"damage"`
	Saved    float64  `json:"saved"`
	UsesLeft *float64 `json:"uses_left"` // null: unlimited
}

func printDuel(w io.Writer, j duelJSON) {
	extras := "no optional rules"
	if len(j.Optional) > 0 {
		extras = "optional rules: " + strings.Join(j.Optional, ", ")
	}
	fmt.Fprintf(w, "%s against %s: %d games, seed %d, policy %s, %s, %s\n\n",
		j.Sides[0].Name, j.Sides[1].Name, j.Games, j.Seed, j.Policy, j.Arena, extras)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "side\twins\tlosses\tties\twin rate\t95 % interval")
	for _, s := range j.Sides {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%s\t%s–%s\n", s.Name, s.Wins, s.Losses, s.Ties, pct(s.WinRate), pct(s.CI95[0]), pct(s.CI95[1]))
	}
	tw.Flush()
	fmt.Fprintf(w, "mean turns %.1f (a tie after turn %d)\n\n", j.MeanTurns, j.TurnLimit)
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "per game\tside\tactions/uses\thits\tdealt\ttaken/saved\tfainted\tuses left")
	for _, h := range j.Heroes {
		fmt.Fprintf(tw, "%s\t%s\t%.1f\t%.1f\t%.1f\t%.1f\t%s\n", h.Hero, h.Side, h.Actions, h.Hits, h.DamageDealt, h.DamageTaken, pct(h.FaintRate))
		for _, p := range h.Powers {
			left := "∞"
			if p.UsesLeft != nil {
				left = fmt.Sprintf("%.1f", *p.UsesLeft)
			}
			fmt.Fprintf(tw, "  %s\t\t%.1f\t%.1f\t%.1f\t%.1f\t\t%s\n", p.Power, p.Uses, p.Hits, p.Damage, p.Saved, left)
		}
	}
	tw.Flush()
}

func runRoundRobin(env Env, su simSetup, es []combat.Entrant, o simOptions) error {
	cb, stop := progress(env)
	t, err := combat.RoundRobin{Games: o.games, Seed: o.seed, Options: su.opts, Config: sim.Config{Progress: cb}}.Play(su.board, es)
	stop()
	if err != nil {
		return failed("%v", err)
	}
	j := robinJSON{Games: o.games, Seed: o.seed, Policy: su.policy, Arena: su.arena, Optional: orEmpty(su.extras), TurnLimit: o.turns,
		Fit: fitJSON{Intercept: round6(t.Fit.Intercept), Slope: round6(t.Fit.Slope)}}
	for i, e := range es {
		r := t.Rows[i]
		j.Heroes = append(j.Heroes, entrantJSON{Hero: e.Hero.Name, From: e.From, Points: e.Points,
			Wins: r.Overall.Wins, Losses: r.Overall.Losses, Ties: r.Overall.Ties, Score: round3(r.Score),
			CI95: [2]float64{round3(r.Lo), round3(r.Hi)}, Expected: round3(r.Expected), Off: round3(r.Off), Flag: r.Flag, TopPower: r.Top})
		row := make([]*float64, len(es))
		for k := range es {
			if k != i {
				v := round3(t.Pair[i][k].Score())
				row[k] = &v
			}
		}
		j.Matrix = append(j.Matrix, row)
	}
	if o.report != "" {
		if j.Report, err = writeReport(env, o, j); err != nil {
			return err
		}
	}
	if o.asJSON {
		return printJSON(env.Out, j)
	}
	printRobin(env.Out, j)
	for _, p := range j.Report {
		fmt.Fprintf(env.Out, "\nwrote %s", p)
	}
	if len(j.Report) > 0 {
		fmt.Fprintln(env.Out)
	}
	return nil
}

// writeReport draws the round robin's report and writes it: a PDF, or a
// PNG a page. It returns the paths written.
func writeReport(env Env, o simOptions, j robinJSON) ([]string, error) {
	paper, _ := layout.ParsePaper(o.paper)
	n := len(j.Heroes)
	d := &labreport.Data{Title: "Superhero Gladiators balance lab",
		Subtitle: fmt.Sprintf("Round robin of %d heroes, one on one, %d games a pair on each side, seed %d, policy %s, %s",
			n, j.Games, j.Seed, j.Policy, j.Arena),
		Intercept: j.Fit.Intercept, Slope: j.Fit.Slope}
	var flagged []string
	for i, h := range j.Heroes {
		d.Heroes = append(d.Heroes, labreport.Hero{Name: h.Hero, Points: h.Points, Score: h.Score, Lo: h.CI95[0], Hi: h.CI95[1],
			Expected: h.Expected, Off: h.Off, Flag: h.Flag})
		row := make([]float64, n)
		for k, v := range j.Matrix[i] {
			if v != nil {
				row[k] = *v
			}
		}
		d.Matrix = append(d.Matrix, row)
		if h.Flag != "" {
			flagged = append(flagged, fmt.Sprintf("%s (%d points) is %s: %.0f %% where its points predict %.0f %%, %+.1f standard errors off the line (most damage: %s)",
				h.Hero, h.Points, h.Flag, 100*h.Score, 100*h.Expected, h.Off, orNone(h.TopPower)))
		}
	}
	d.Note = fmt.Sprintf("On this pool a point spent moves the score by %.2f percentage points. ", 100*j.Fit.Slope)
	if len(flagged) == 0 {
		d.Note += fmt.Sprintf("No hero lies more than %d standard errors off the line.", combat.FlagSE)
	} else {
		d.Note += strings.Join(flagged, "; ") + "."
	}
	doc := labreport.Document(d, paper)
	var files []output.File
	if strings.EqualFold(filepath.Ext(o.report), ".pdf") {
		b, err := pdf.Render(doc)
		if err != nil {
			return nil, failed("report: %v", err)
		}
		files = append(files, output.File{Path: o.report, Data: b})
	} else {
		for i := range doc.Pages {
			c := png.New(150)
			output.Draw(c, &output.Document{Pages: doc.Pages[i : i+1]})
			b, err := c.Encode()
			if err != nil {
				return nil, failed("report: %v", err)
			}
			name := strings.TrimSuffix(o.report, filepath.Ext(o.report)) + fmt.Sprintf("-%d", i+1) + filepath.Ext(o.report)
			files = append(files, output.File{Path: name, Data: b})
		}
	}
	var paths []string
	for i := range files {
		paths = append(paths, files[i].Path)
		files[i].Path = abs(env, files[i].Path)
	}
	if err := output.WriteFiles(files); err != nil {
		return nil, failed("report: %v", err)
	}
	return paths, nil
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

// The JSON shape of a round robin.
type robinJSON struct {
	Games     int           `json:"games"` // per pair and side
	Seed      uint64        `json:"seed"`
	Policy    string        `json:"policy"`
	Arena     string        `json:"arena"`
	Optional  []string      `json:"optional"`
	TurnLimit int           `json:"turn_limit"`
	Heroes    []entrantJSON `json:"heroes"`
	// Matrix[i][k] is hero i's score against hero k (null on the diagonal).
	Matrix [][]*float64 `json:"matrix"`
	Fit    fitJSON      `json:"fit"`
	Report []string     `json:"report,omitempty"` // the report files written
}

type entrantJSON struct {
	Hero     string     `json:"hero"`
	From     string     `json:"from"`
	Points   int        `json:"points"`
	Wins     int        `json:"wins"`
	Losses   int        `json:"losses"`
	Ties     int        `json:"ties"`
	Score    float64    `json:"score"`
	CI95     [2]float64 `json:"ci95"`
	Expected float64    `json:"expected"`
	Off      float64    `json:"off"`
	Flag     string     `json:"flag"`
	TopPower string     `json:"top_power"`
}

type fitJSON struct {
	Intercept float64 `json:"intercept"`
	Slope     float64 `json:"slope"`
}

func printRobin(w io.Writer, j robinJSON) {
	extras := "no optional rules"
	if len(j.Optional) > 0 {
		extras = "optional rules: " + strings.Join(j.Optional, ", ")
	}
	n := len(j.Heroes)
	fmt.Fprintf(w, "Round robin of %d heroes, one on one: %d games a pair on each side (%d games), seed %d, policy %s, %s, %s\n\n",
		n, j.Games, n*(n-1)*j.Games, j.Seed, j.Policy, j.Arena, extras)
	fmt.Fprintln(w, "Score of each row's hero against each column's, in % (ties count half):")
	tw := tabwriter.NewWriter(w, 0, 0, 1, ' ', tabwriter.AlignRight)
	fmt.Fprint(tw, "\t\t")
	for k := range j.Heroes {
		fmt.Fprintf(tw, "%d\t", k+1)
	}
	fmt.Fprintln(tw)
	for i, h := range j.Heroes {
		fmt.Fprintf(tw, "%d\t%s \t", i+1, h.Hero)
		for _, v := range j.Matrix[i] {
			if v == nil {
				fmt.Fprint(tw, "—\t")
			} else {
				fmt.Fprintf(tw, "%.0f\t", *v*100)
			}
		}
		fmt.Fprintln(tw)
	}
	tw.Flush()
	fmt.Fprintf(w, "\nBalance: score against points, fitted over the %d heroes: score = %.3f %+.5f × points.\n", n, j.Fit.Intercept, j.Fit.Slope)
	fmt.Fprintf(w, "A hero more than %d standard errors off the line drawn through the others is flagged.\n\n", combat.FlagSE)
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "hero\tfrom\tpoints\tscore\t95 % interval\tfit\toff\tflag\tmost damage")
	for _, h := range j.Heroes {
		fmt.Fprintf(tw, "%s\t%s\t%d\t%s\t%s–%s\t%s\t%+.1f\t%s\t%s\n", h.Hero, h.From, h.Points, pct(h.Score), pct(h.CI95[0]), pct(h.CI95[1]),
			pct(h.Expected), h.Off, h.Flag, h.TopPower)
	}
	tw.Flush()
}

func printJSON(w io.Writer, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return failed("%v", err)
	}
	fmt.Fprintf(w, "%s\n", b)
	return nil
}

func pct(x float64) string { return fmt.Sprintf("%.1f %%", 100*x) }

func round3(x float64) float64 { return math.Round(x*1000) / 1000 }

func round6(x float64) float64 { return math.Round(x*1e6) / 1e6 }

func orEmpty(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
