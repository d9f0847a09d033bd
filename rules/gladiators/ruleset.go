package gladiators

import (
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"sync"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/data"
)

// Ruleset holds the tables the engine computes with. The built-in one
// ([Default]) carries the house tables of RULES.md; a ruleset file
// replaces any of its tables.
type Ruleset struct {
	Name string
	Path string // the file it came from

	FreePoints int // characteristic points every hero gets (15)
	PointCost  int // power points per characteristic point above them (30)
	Budget     int // power points (200)

	LevelMin, LevelMax int // allowed power levels
	UsesMin, UsesMax   int // allowed uses per game, when not unlimited

	Segments []SegmentRow // action segments by movement rate
	Gizmos   []Gizmo      // gizmo kinds, the first is the default
	// Modifiers and Powers in table order.
	Modifiers []*Modifier
	Powers    []*Power

	// House lists the tables that are house tables ("segments",
	// "gizmos", "modifiers", "powers").
	House []string
}

// SegmentRow is one row of the action segment chart: movement rates From
// to To (To = 0: no upper end) act on Segments.
type SegmentRow struct {
	From, To int
	Segments []int
}

// Gizmo is a kind of gizmo and its cost factor.
type Gizmo struct {
	Name   string
	Factor float64
}

// Modifier is a cost modifier.
type Modifier struct {
	Name   string
	Factor float64
	// Applies is "every", "attacks", "always-on", or "" with Powers set.
	Applies string
	Powers  []string // the powers it applies to, when Applies is ""
	// Source marks the modifiers the source itself gives (not house rules).
	Source   bool
	Excludes []string // modifiers it cannot be combined with
	Text     string
}

// Power is a superpower of the list.
type Power struct {
	Name     string
	Attack   bool // an attack (piercing applies)
	Free     bool // † uses no action
	AlwaysOn bool // ‡ may be always on, with unlimited uses
	Effect   string
}

// Marks returns the power's † and ‡ marks.
func (p *Power) Marks() string {
	m := ""
	if p.Free {
		m += "†"
	}
	if p.AlwaysOn {
		m += "‡"
	}
	return m
}

// Power returns the named power, or nil.
func (rs *Ruleset) Power(name string) *Power {
	for _, p := range rs.Powers {
		if p.Name == name {
			return p
		}
	}
	return nil
}

// Modifier returns the named modifier, or nil.
func (rs *Ruleset) Modifier(name string) *Modifier {
	for _, m := range rs.Modifiers {
		if m.Name == name {
			return m
		}
	}
	return nil
}

// Gizmo returns the named gizmo kind.
func (rs *Ruleset) Gizmo(name string) (Gizmo, bool) {
	for _, g := range rs.Gizmos {
		if g.Name == name {
			return g, true
		}
	}
	return Gizmo{}, false
}

// SegmentsFor returns the action segments of a movement rate, and false
// when the chart has no row for it.
func (rs *Ruleset) SegmentsFor(rate int) ([]int, bool) {
	for _, r := range rs.Segments {
		if rate >= r.From && (r.To == 0 || rate <= r.To) {
			return r.Segments, true
		}
	}
	return nil, false
}

// IsHouse reports whether a table is a house table.
func (rs *Ruleset) IsHouse(table string) bool { return slices.Contains(rs.House, table) }

// Applies reports whether modifier m may be bought for power p.
func (m *Modifier) AppliesTo(p *Power) bool {
	switch m.Applies {
	case "every":
		return true
	case "attacks":
		return p.Attack
	case "always-on":
		return p.AlwaysOn
	}
	return slices.Contains(m.Powers, p.Name)
}

// appliesText describes what a modifier applies to, for messages.
func (m *Modifier) appliesText() string {
	switch m.Applies {
	case "every":
		return "every power"
	case "attacks":
		return "attacks"
	case "always-on":
		return "‡ powers with unlimited uses"
	}
	return strings.Join(m.Powers, ", ")
}

const defaultPath = "rules/gladiators.yaml"

var (
	defaultOnce sync.Once
	defaultRS   *Ruleset
	defaultErr  error
)

// Default returns the built-in ruleset (data/rules/gladiators.yaml).
func Default() (*Ruleset, error) {
	defaultOnce.Do(func() {
		src, err := fs.ReadFile(data.FS, defaultPath)
		if err != nil {
			defaultErr = err
			return
		}
		root, diags := cards.Parse(defaultPath, src)
		if root != nil {
			var more cards.Diagnostics
			defaultRS, more = ReadRuleset(defaultPath, root, &Ruleset{})
			diags = append(diags, more...)
		}
		if diags.HasErrors() {
			defaultErr = fmt.Errorf("built-in ruleset: %v", diags.Sort())
		}
	})
	return defaultRS, defaultErr
}

var rulesetKeys = []string{"ruleset", "characteristics", "budget", "limits", "segments", "gizmos", "modifiers", "powers"}

// ReadRuleset reads a ruleset file over base: every table the file has
// replaces base's. The result is checked as a whole: segments within 1–6
// and increasing, movement-rate ranges contiguous from 1, factors positive,
// names that exist.
func ReadRuleset(path string, root *cards.Node, base *Ruleset) (*Ruleset, cards.Diagnostics) {
	var diags cards.Diagnostics
	rs := *base
	rs.Path = path
	rs.House = slices.Clone(base.House)
	m := diags.Map(root, "ruleset", rulesetKeys...)
	if m == nil {
		return &rs, diags // not a mapping: said already
	}
	diags.Require(m, "a ruleset file", "ruleset")
	if n := m.Get("ruleset"); n != nil {
		rs.Name, _ = diags.Text(n, "ruleset")
	}
	setHouse := func(table string, tm *cards.Mapping) {
		rs.House = slices.DeleteFunc(rs.House, func(s string) bool { return s == table })
		if n := tm.Get("house"); n != nil {
			if h, _ := diags.Bool(n, table+".house"); h {
				rs.House = append(rs.House, table)
			}
		}
	}
	if n := m.Get("characteristics"); n != nil {
		cm := diags.Map(n, "characteristics", "points", "cost")
		diags.Require(cm, "characteristics", "points", "cost")
		rs.FreePoints, _ = diags.Int(cm.Get("points"), "characteristics.points", 4, 1000)
		rs.PointCost, _ = diags.Int(cm.Get("cost"), "characteristics.cost", 0, 100000)
	}
	if n := m.Get("budget"); n != nil {
		rs.Budget, _ = diags.Int(n, "budget", 1, 1_000_000)
	}
	if n := m.Get("limits"); n != nil {
		lm := diags.Map(n, "limits", "level", "uses")
		diags.Require(lm, "limits", "level", "uses")
		rs.LevelMin, rs.LevelMax = readRange(&diags, lm.Get("level"), "limits.level")
		rs.UsesMin, rs.UsesMax = readRange(&diags, lm.Get("uses"), "limits.uses")
	}
	if n := m.Get("segments"); n != nil {
		sm := diags.Map(n, "segments", "house", "rows")
		setHouse("segments", sm)
		rs.Segments = readSegments(&diags, sm.Get("rows"), n)
	}
	if n := m.Get("gizmos"); n != nil {
		gm := diags.Map(n, "gizmos", "house", "kinds")
		setHouse("gizmos", gm)
		rs.Gizmos = nil
		for _, e := range diags.AnyMap(gm.Get("kinds"), "gizmos.kinds").Entries() {
			if f, ok := diags.Float(e.Value, "gizmo "+e.Key, 0.01, 100); ok {
				rs.Gizmos = append(rs.Gizmos, Gizmo{Name: e.Key, Factor: f})
			}
		}
		if len(rs.Gizmos) == 0 {
			diags.Errorf(n.Pos, "gizmos: the table needs at least one kind (the first is the default)")
		}
	}
	if n := m.Get("powers"); n != nil {
		pm := diags.Map(n, "powers", "house", "list")
		setHouse("powers", pm)
		rs.Powers = readPowers(&diags, pm.Get("list"))
		if len(rs.Powers) == 0 {
			diags.Errorf(n.Pos, "powers: the table needs at least one power")
		}
	}
	if n := m.Get("modifiers"); n != nil {
		mm := diags.Map(n, "modifiers", "house", "kinds")
		setHouse("modifiers", mm)
		rs.Modifiers = readModifiers(&diags, mm.Get("kinds"))
	}
	checkNames(&rs, m, &diags)
	return &rs, diags
}

func readRange(diags *cards.Diagnostics, n *cards.Node, what string) (int, int) {
	if n == nil {
		return 0, 0 // missing: Require says so
	}
	items := diags.List(n, what)
	if len(items) != 2 {
		diags.Errorf(n.Pos, "%s: expected [lowest, highest]", what)
		return 0, 0
	}
	lo, ok1 := diags.Int(items[0], what, 1, 1000)
	hi, ok2 := diags.Int(items[1], what, 1, 1000)
	if ok1 && ok2 && hi < lo {
		diags.Errorf(n.Pos, "%s: the highest (%d) is below the lowest (%d)", what, hi, lo)
	}
	return lo, hi
}

// readSegments reads the rows (n) of the segments chart (the block chart,
// where a missing list is reported).
func readSegments(diags *cards.Diagnostics, n, chart *cards.Node) []SegmentRow {
	var rows []SegmentRow
	next := 1
	items := diags.List(n, "segments.rows")
	for i, item := range items {
		rm := diags.Map(item, "segments row", "from", "to", "segments")
		diags.Require(rm, "a segments row", "from", "segments")
		var r SegmentRow
		r.From, _ = diags.Int(rm.Get("from"), "segments.from", 1, 10000)
		if to := rm.Get("to"); to != nil {
			r.To, _ = diags.Int(to, "segments.to", 1, 10000)
			if r.To < r.From {
				diags.Errorf(to.Pos, "segments: row ends (%d) before it starts (%d)", r.To, r.From)
			}
		} else if i < len(items)-1 {
			diags.Errorf(item.Pos, "segments: only the last row may leave out \"to\"")
		}
		if r.From != next && rm.Get("from") != nil {
			diags.Errorf(rm.Get("from").Pos, "segments: movement rates must be contiguous from 1; this row starts at %d, expected %d", r.From, next)
		}
		next = r.To + 1
		prev := 0
		for _, s := range diags.List(rm.Get("segments"), "segments.segments") {
			v, ok := diags.Int(s, "segment", 1, 6)
			if !ok {
				continue
			}
			if v <= prev {
				diags.Errorf(s.Pos, "segments: %d follows %d; list segments in increasing order", v, prev)
			}
			prev = v
			r.Segments = append(r.Segments, v)
		}
		if n := rm.Get("segments"); n != nil && n.Kind == cards.SeqNode && len(n.Content) == 0 {
			diags.Errorf(n.Pos, "segments: a row needs at least one segment")
		}
		rows = append(rows, r)
	}
	if len(rows) == 0 {
		diags.Errorf(firstPos(n, chart), "segments: the chart needs at least one row")
	}
	return rows
}

func readPowers(diags *cards.Diagnostics, n *cards.Node) []*Power {
	var out []*Power
	for _, item := range diags.List(n, "powers.list") {
		pm := diags.Map(item, "power", "name", "attack", "free", "always-on", "effect")
		diags.Require(pm, "a power", "name", "effect")
		p := &Power{}
		p.Name, _ = diags.Text(pm.Get("name"), "power.name")
		p.Effect, _ = diags.Text(pm.Get("effect"), "power.effect")
		for key, dst := range map[string]*bool{"attack": &p.Attack, "free": &p.Free, "always-on": &p.AlwaysOn} {
			if v := pm.Get(key); v != nil {
				*dst, _ = diags.Bool(v, "power."+key)
			}
		}
		out = append(out, p)
	}
	return out
}

func readModifiers(diags *cards.Diagnostics, n *cards.Node) []*Modifier {
	var out []*Modifier
	for _, e := range diags.AnyMap(n, "modifiers.kinds").Entries() {
		mm := diags.Map(e.Value, "modifier "+e.Key, "factor", "applies", "source", "excludes", "text")
		diags.Require(mm, "modifier "+e.Key, "factor", "applies")
		mod := &Modifier{Name: e.Key}
		mod.Factor, _ = diags.Float(mm.Get("factor"), "modifier "+e.Key+": factor", 0.0001, 1000)
		if a := mm.Get("applies"); a != nil {
			if a.Kind == cards.SeqNode {
				for _, p := range a.Content {
					if s, ok := diags.Text(p, "applies"); ok {
						mod.Powers = append(mod.Powers, s)
					}
				}
			} else {
				mod.Applies, _ = diags.Enum(a, "modifier "+e.Key+": applies", "every", "attacks", "always-on")
			}
		}
		if s := mm.Get("source"); s != nil {
			mod.Source, _ = diags.Bool(s, "source")
		}
		for _, x := range diags.List(mm.Get("excludes"), "excludes") {
			if s, ok := diags.Text(x, "excludes"); ok {
				mod.Excludes = append(mod.Excludes, s)
			}
		}
		if t := mm.Get("text"); t != nil {
			mod.Text, _ = diags.Text(t, "text")
		}
		out = append(out, mod)
	}
	return out
}

// checkNames checks that names the tables use exist, and that names are
// unique.
func checkNames(rs *Ruleset, m *cards.Mapping, diags *cards.Diagnostics) {
	// a name can be missing from either table: the file's own tables, or
	// else the file, say where
	pos := firstPos(m.Get("modifiers"), m.Get("powers"), m.Get("ruleset"), m.Node)
	var powers, mods []string
	for _, p := range rs.Powers {
		if slices.Contains(powers, p.Name) {
			diags.Errorf(firstPos(m.Get("powers"), m.Node), "powers: %q is listed twice", p.Name)
		}
		powers = append(powers, p.Name)
	}
	for _, md := range rs.Modifiers {
		mods = append(mods, md.Name)
	}
	for _, md := range rs.Modifiers {
		for _, p := range md.Powers {
			if len(powers) > 0 && !slices.Contains(powers, p) { // an empty table is reported already
				diags.Errorf(pos, "modifier %s applies to %q, which is not in the powers table", md.Name, p)
			}
		}
		for _, x := range md.Excludes {
			if !slices.Contains(mods, x) {
				diags.Errorf(pos, "modifier %s excludes %q, which is not a modifier", md.Name, x)
			}
		}
	}
}

// firstPos is the position of the first node present.
func firstPos(nodes ...*cards.Node) cards.Pos {
	for _, n := range nodes {
		if n != nil {
			return n.Pos
		}
	}
	return cards.Pos{}
}
