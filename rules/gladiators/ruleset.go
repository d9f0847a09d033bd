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

// Power returns the named power, or nil. Names of powers, modifiers and
// gizmos are matched in any case, as every name deckpress reads is (and
// as the JSON Schema of hero files says).
func (rs *Ruleset) Power(name string) *Power {
	for _, p := range rs.Powers {
		if strings.EqualFold(p.Name, name) {
			return p
		}
	}
	return nil
}

// Modifier returns the named modifier, or nil.
func (rs *Ruleset) Modifier(name string) *Modifier {
	for _, m := range rs.Modifiers {
		if strings.EqualFold(m.Name, name) {
			return m
		}
	}
	return nil
}

// Gizmo returns the named gizmo kind.
func (rs *Ruleset) Gizmo(name string) (Gizmo, bool) {
	for _, g := range rs.Gizmos {
		if strings.EqualFold(g.Name, name) {
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

// Shapes of a ruleset file: the reader takes its keys and required keys
// from them, and `deckpress schema ruleset` writes them.
var (
	houseShape = cards.Flag("the table is a house rule (marked on the sheets); default false")
	rangeShape = &cards.Shape{Type: "array", Desc: "[lowest, highest]", Items: cards.WholeIn("a bound (1–1000)", 1, 1000), Len: 2}
	segRow     = &cards.Shape{Type: "object", Title: "segments row", Desc: "the segments a range of movement rates acts in", Required: []string{"from", "segments"},
		Props: []cards.Prop{
			cards.P("from", cards.WholeIn("the lowest movement rate of the row", 1, 10000)),
			cards.P("to", cards.WholeIn("the highest (only the last row may leave it out)", 1, 10000)),
			cards.P("segments", cards.List("the segments, increasing, within 1–6", cards.WholeIn("a segment", 1, 6))),
		}}
	rulesetPower = &cards.Shape{Type: "object", Title: "power", Desc: "a power of the table", Required: []string{"name", "effect"},
		Props: []cards.Prop{
			cards.P("name", cards.Text("the power's name")),
			cards.P("attack", cards.Flag("an attack (default false)")),
			cards.P("free", cards.Flag("bought at no cost (default false)")),
			cards.P("always-on", cards.Flag("works without being used (default false)")),
			cards.P("effect", cards.Text("what the power does, for the sheets")),
		}}
	rulesetModifier = &cards.Shape{Type: "object", Title: "modifier", Desc: "a cost modifier", Required: []string{"factor", "applies"},
		Props: []cards.Prop{
			cards.P("factor", &cards.Shape{Type: "number", Desc: "multiplies the power's cost (0.0001–1000)", Min: ptr(0.0001), Max: ptr(1000)}),
			cards.P("applies", cards.Either("which powers may take it: every, attacks, always-on, or a list of power names",
				cards.OneOf("a class of powers", "every", "attacks", "always-on"), cards.List("power names", cards.Text("a power")))),
			cards.P("source", cards.Flag("it names a source of the power (default false)")),
			cards.P("excludes", cards.List("modifiers it cannot be combined with", cards.Text("a modifier"))),
			cards.P("text", cards.Text("its text on the sheets")),
		}}
	// RulesetShape is a ruleset file.
	RulesetShape = &cards.Shape{Type: "object", Title: "ruleset file", Desc: "a Superhero Gladiators ruleset: the tables it names replace the built-in ones", Required: []string{"ruleset"},
		Props: []cards.Prop{
			cards.P("ruleset", cards.Text("the ruleset's name")),
			cards.P("characteristics", &cards.Shape{Type: "object", Title: "characteristics", Desc: "free characteristic points and the cost of more", Required: []string{"points", "cost"},
				Props: []cards.Prop{
					cards.P("points", cards.WholeIn("free points among STR, DEX, SIZ and PER (4–1000)", 4, 1000)),
					cards.P("cost", cards.WholeIn("power points per characteristic point above them (0–100000)", 0, 100000)),
				}}),
			cards.P("budget", cards.WholeIn("a hero's power points (1–1000000)", 1, 1_000_000)),
			cards.P("limits", &cards.Shape{Type: "object", Title: "limits", Desc: "the levels and uses a power may have", Required: []string{"level", "uses"},
				Props: []cards.Prop{cards.P("level", rangeShape), cards.P("uses", rangeShape)}}),
			cards.P("segments", &cards.Shape{Type: "object", Title: "segments", Desc: "the segments chart", Props: []cards.Prop{
				cards.P("house", houseShape), cards.P("rows", cards.List("rows, contiguous from movement rate 1", segRow))}}),
			cards.P("gizmos", &cards.Shape{Type: "object", Title: "gizmos", Desc: "gizmo kinds and their cost factors; the first is the default", Props: []cards.Prop{
				cards.P("house", houseShape), cards.P("kinds", cards.Map("gizmo kinds", &cards.Shape{Type: "number", Desc: "cost factor (0.01–100)", Min: ptr(0.01), Max: ptr(100)}))}}),
			cards.P("modifiers", &cards.Shape{Type: "object", Title: "modifiers", Desc: "cost modifiers", Props: []cards.Prop{
				cards.P("house", houseShape), cards.P("kinds", cards.Map("modifiers by name", rulesetModifier))}}),
			cards.P("powers", &cards.Shape{Type: "object", Title: "powers", Desc: "the powers a hero may buy", Props: []cards.Prop{
				cards.P("house", houseShape), cards.P("list", cards.List("the powers", rulesetPower))}}),
		}}
	rulesetKeys = RulesetShape.Keys()
)

func ptr(v float64) *float64 { return &v }

// tableShape returns the shape of a ruleset's key.
func tableShape(key string) *cards.Shape { return RulesetShape.Prop(key) }

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
	diags.Require(m, "a ruleset file", RulesetShape.Required...)
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
		cm := diags.Content(n, tableShape("characteristics"), "characteristics")
		rs.FreePoints, _ = diags.Int(cm.Get("points"), "characteristics.points", 4, 1000)
		rs.PointCost, _ = diags.Int(cm.Get("cost"), "characteristics.cost", 0, 100000)
	}
	if n := m.Get("budget"); n != nil {
		rs.Budget, _ = diags.Int(n, "budget", 1, 1_000_000)
	}
	if n := m.Get("limits"); n != nil {
		lm := diags.Content(n, tableShape("limits"), "limits")
		var ds cards.Diagnostics
		rs.LevelMin, rs.LevelMax, ds = readRange(lm.Get("level"), "limits.level")
		diags = diags.Extend(ds)
		rs.UsesMin, rs.UsesMax, ds = readRange(lm.Get("uses"), "limits.uses")
		diags = diags.Extend(ds)
	}
	if n := m.Get("segments"); n != nil {
		sm := diags.Content(n, tableShape("segments"), "segments")
		setHouse("segments", sm)
		var ds cards.Diagnostics
		rs.Segments, ds = readSegments(sm.Get("rows"), n)
		diags = diags.Extend(ds)
	}
	if n := m.Get("gizmos"); n != nil {
		gm := diags.Content(n, tableShape("gizmos"), "gizmos")
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
		pm := diags.Content(n, tableShape("powers"), "powers")
		setHouse("powers", pm)
		var ds cards.Diagnostics
		rs.Powers, ds = readPowers(pm.Get("list"))
		diags = diags.Extend(ds)
		if len(rs.Powers) == 0 {
			diags.Errorf(n.Pos, "powers: the table needs at least one power")
		}
	}
	if n := m.Get("modifiers"); n != nil {
		mm := diags.Content(n, tableShape("modifiers"), "modifiers")
		setHouse("modifiers", mm)
		var ds cards.Diagnostics
		rs.Modifiers, ds = readModifiers(mm.Get("kinds"))
		diags = diags.Extend(ds)
	}
	diags = diags.Extend(checkNames(&rs, m))
	return &rs, diags
}

func readRange(n *cards.Node, what string) (int, int, cards.Diagnostics) {
	var diags cards.Diagnostics
	if n == nil {
		return 0, 0, diags // missing: Require says so
	}
	items := diags.List(n, what)
	if len(items) != 2 {
		diags.Errorf(n.Pos, "%s: expected [lowest, highest]", what)
		return 0, 0, diags
	}
	lo, ok1 := diags.Int(items[0], what, 1, 1000)
	hi, ok2 := diags.Int(items[1], what, 1, 1000)
	if ok1 && ok2 && hi < lo {
		diags.Errorf(n.Pos, "%s: the highest (%d) is below the lowest (%d)", what, hi, lo)
	}
	return lo, hi, diags
}

// readSegments reads the rows (n) of the segments chart (the block chart,
// where a missing list is reported).
func readSegments(n, chart *cards.Node) ([]SegmentRow, cards.Diagnostics) {
	var diags cards.Diagnostics
	var rows []SegmentRow
	next := 1
	items := diags.List(n, "segments.rows")
	for i, item := range items {
		rm := diags.Map(item, "segments row", segRow.Keys()...)
		diags.Require(rm, "a segments row", segRow.Required...)
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
	return rows, diags
}

func readPowers(n *cards.Node) ([]*Power, cards.Diagnostics) {
	var diags cards.Diagnostics
	var out []*Power
	for _, item := range diags.List(n, "powers.list") {
		pm := diags.Map(item, "power", rulesetPower.Keys()...)
		diags.Require(pm, "a power", rulesetPower.Required...)
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
	return out, diags
}

func readModifiers(n *cards.Node) ([]*Modifier, cards.Diagnostics) {
	var diags cards.Diagnostics
	var out []*Modifier
	for _, e := range diags.AnyMap(n, "modifiers.kinds").Entries() {
		mm := diags.Content(e.Value, rulesetModifier, "modifier "+e.Key)
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
	return out, diags
}

// checkNames checks that names the tables use exist, and that names are
// unique.
func checkNames(rs *Ruleset, m *cards.Mapping) cards.Diagnostics {
	var diags cards.Diagnostics
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
	return diags
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
