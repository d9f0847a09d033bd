package gladiators

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/deckpress/deckpress/cards"
)

// The tests of this file pin the rules of shared RULES.md ("Superhero
// Gladiators — heroes"). Expected values are worked out by hand, or by the
// formula written out in the test, never by the package's own helpers.

// computeWith reads a hero file and computes every hero under rs (the
// built-in ruleset when nil); it returns the sheets and every diagnostic,
// sorted, one string each.
func computeWith(t *testing.T, rs *Ruleset, src string) ([]*Sheet, []string) {
	t.Helper()
	if rs == nil {
		var err error
		if rs, err = Default(); err != nil {
			t.Fatal(err)
		}
	}
	root, diags := cards.Parse("h.yaml", []byte(src))
	if root == nil {
		t.Fatalf("parse: %v", diags)
	}
	f, ds := ReadFile("h.yaml", root)
	diags = append(diags, ds...)
	var sheets []*Sheet
	for _, h := range f.Heroes {
		s, ds := Compute(h, rs)
		sheets = append(sheets, s)
		diags = diags.Extend(ds)
	}
	return sheets, lines(diags)
}

func lines(diags cards.Diagnostics) []string {
	out := []string{}
	for _, d := range diags.Sort() {
		out = append(out, d.String())
	}
	return out
}

func sameLines(t *testing.T, got, want []string) {
	t.Helper()
	if want == nil {
		want = []string{}
	}
	if !slices.Equal(got, want) {
		t.Errorf("diagnostics:\n%s\nwant exactly:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// costOf is RULES.md's cost formula, written out: base = 10 × 1.4948^(L−1)
// × (3 − 3.15 × 1.1^(−U)) (unlimited: × 3), times the modifiers, rounded
// half away from zero once.
func costOf(level, uses int, factors ...float64) int {
	usesFactor := 3.0
	if uses > 0 {
		usesFactor = 3 - 3.15*math.Pow(1.1, -float64(uses))
	}
	x := 10 * math.Pow(1.4948, float64(level-1)) * usesFactor
	for _, f := range factors {
		x *= f
	}
	return int(math.Floor(x + 0.5)) // every cost is positive
}

// TestBudget: the budget is 200 points, shared with bought characteristic
// points; spending exactly 200 is legal, and over it the message says by
// how much.
func TestBudget(t *testing.T) {
	// Distance Attack level 5 unlimited: 30 × 1.4948^4 = 149.78 → 150.
	// Flight level 3, 15 uses: 10 × 1.4948² × (3 − 3.15 × 1.1^−15) = 50.18 → 50.
	// Flight level 1, 12 uses: 19.96 → 20; 13 uses: 20.88 → 21.
	// Flight level 3, 16 uses: 51.72 → 52.
	cases := []struct {
		name        string
		chars       string
		flight      string // level and uses of Flight
		total       int
		powers      int
		charPoints  int
		overMessage string
	}{
		{"exactly the budget", "{STR: 3, DEX: 4, SIZ: 4, PER: 4}", "level: 3, uses: 15", 200, 200, 0, ""},
		{"exactly the budget with a bought point", "{STR: 4, DEX: 4, SIZ: 4, PER: 4}", "level: 1, uses: 12", 200, 170, 30, ""},
		{"one over", "{STR: 4, DEX: 4, SIZ: 4, PER: 4}", "level: 1, uses: 13", 201, 171, 30,
			`h.yaml:2:7: error: hero "Spender": spends 201 points (171 on powers, 30 on characteristics); the budget is 200, 1 point over`},
		{"two over", "{STR: 3, DEX: 4, SIZ: 4, PER: 4}", "level: 3, uses: 16", 202, 202, 0,
			`h.yaml:2:7: error: hero "Spender": spends 202 points (202 on powers, 0 on characteristics); the budget is 200, 2 points over`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := fmt.Sprintf(`
hero: Spender
characteristics: %s
powers:
  - {power: Distance Attack, level: 5}
  - {power: Flight, %s}
`, c.chars, c.flight)
			sheets, got := computeWith(t, nil, src)
			var want []string
			if c.overMessage != "" {
				want = []string{c.overMessage}
			}
			sameLines(t, got, want)
			s := sheets[0]
			if s.Total != c.total || s.PowerPoints != c.powers || s.CharPoints != c.charPoints || s.Budget != 200 {
				t.Errorf("total %d (powers %d, characteristics %d, budget %d), want %d (%d, %d, 200)",
					s.Total, s.PowerPoints, s.CharPoints, s.Budget, c.total, c.powers, c.charPoints)
			}
			if s.Valid != (c.overMessage == "") {
				t.Errorf("valid = %v", s.Valid)
			}
		})
	}
}

// TestCharacteristicPoints: 15 free points; each point above is bought at
// 30; a total below 15 is a warning, not an error.
func TestCharacteristicPoints(t *testing.T) {
	cases := []struct {
		chars      string
		bought     int
		charPoints int
		want       []string
	}{
		{"{STR: 3, DEX: 4, SIZ: 4, PER: 4}", 0, 0, nil},
		{"{STR: 2, DEX: 4, SIZ: 4, PER: 4}", 0, 0, []string{
			`h.yaml:3:18: warning: hero "H": characteristics add up to 14 of 15 points; 1 left unspent`}},
		{"{STR: 1, DEX: 1, SIZ: 1, PER: 1}", 0, 0, []string{
			`h.yaml:3:18: warning: hero "H": characteristics add up to 4 of 15 points; 11 left unspent`}},
		{"{STR: 4, DEX: 4, SIZ: 4, PER: 4}", 1, 30, nil},
		{"{STR: 5, DEX: 4, SIZ: 4, PER: 4}", 2, 60, nil},
		{"{STR: 6, DEX: 6, SIZ: 4, PER: 5}", 6, 180, nil},
	}
	for _, c := range cases {
		t.Run(c.chars, func(t *testing.T) {
			sheets, got := computeWith(t, nil, "\nhero: H\ncharacteristics: "+c.chars+"\n")
			sameLines(t, got, c.want)
			s := sheets[0]
			if s.Bought != c.bought || s.CharPoints != c.charPoints || s.Total != c.charPoints || !s.Valid {
				t.Errorf("bought %d for %d points (total %d, valid %v), want %d for %d", s.Bought, s.CharPoints, s.Total, s.Valid, c.bought, c.charPoints)
			}
		})
	}
}

// TestCharacteristicAtLeastOne: every characteristic is a whole number of
// at least 1; 1 is accepted, 0 and below are errors on their own value.
func TestCharacteristicAtLeastOne(t *testing.T) {
	_, got := computeWith(t, nil, `
hero: Edge
characteristics: {STR: 1, DEX: 0, SIZ: -1, PER: 15}
`)
	sameLines(t, got, []string{
		`h.yaml:3:32: error: hero "Edge": DEX is 0; every characteristic is at least 1`,
		`h.yaml:3:40: error: hero "Edge": SIZ is -1; every characteristic is at least 1`,
	})
}

// TestSecondaryStats: combat modifier = 2 × DEX + STR, oomph = STR × SIZ ×
// 3, movement rate = DEX × SIZ, feet per segment = floor(movement ÷
// actions). The characteristics differ so that a swapped one shows.
func TestSecondaryStats(t *testing.T) {
	cases := []struct {
		str, dex, siz, per int
		cm, oomph, move    int
		actions, feet      int
	}{
		// move 21: 4 actions (16–24), 21 ÷ 4 = 5.25 → 5
		{2, 7, 3, 3, 2*7 + 2, 2 * 3 * 3, 21, 4, 5},
		// move 10: 3 actions (10–15), 10 ÷ 3 = 3.33 → 3
		{7, 5, 2, 1, 2*5 + 7, 7 * 2 * 3, 10, 3, 3},
		// move 3: 1 action (1–4), 3 ÷ 1 = 3
		{9, 1, 3, 2, 2*1 + 9, 9 * 3 * 3, 3, 1, 3},
		// move 35: 5 actions (25–35), 35 ÷ 5 = 7
		{1, 7, 5, 2, 2*7 + 1, 1 * 5 * 3, 35, 5, 7},
		// move 38: 6 actions (36 and up), 38 ÷ 6 = 6.33 → 6
		{3, 19, 2, 1, 2*19 + 3, 3 * 2 * 3, 38, 6, 6},
	}
	for _, c := range cases {
		src := fmt.Sprintf("hero: S\ncharacteristics: {STR: %d, DEX: %d, SIZ: %d, PER: %d}\n", c.str, c.dex, c.siz, c.per)
		sheets, _ := computeWith(t, nil, src)
		s := sheets[0]
		if s.CombatModifier != c.cm || s.Oomph != c.oomph || s.MovementRate != c.move || s.Actions != c.actions || s.FeetPerSegment != c.feet {
			t.Errorf("%d/%d/%d/%d: CM %d oomph %d move %d actions %d feet %d, want %d %d %d %d %d",
				c.str, c.dex, c.siz, c.per, s.CombatModifier, s.Oomph, s.MovementRate, s.Actions, s.FeetPerSegment,
				c.cm, c.oomph, c.move, c.actions, c.feet)
		}
	}
}

// chart is RULES.md's house segment chart, row by row.
var chart = []struct {
	from, to int // to 0: and up
	segments []int
}{
	{1, 4, []int{6}},
	{5, 9, []int{3, 6}},
	{10, 15, []int{2, 4, 6}},
	{16, 24, []int{1, 3, 5, 6}},
	{25, 35, []int{1, 2, 3, 5, 6}},
	{36, 0, []int{1, 2, 3, 4, 5, 6}},
}

func chartFor(rate int) []int {
	for _, r := range chart {
		if rate >= r.from && (r.to == 0 || rate <= r.to) {
			return r.segments
		}
	}
	return nil
}

// TestSegmentChart: every movement rate from 1 to 100 acts on the
// segments of RULES.md's chart, and each boundary of the chart (4/5, 9/10,
// 15/16, 24/25, 35/36) falls where the chart says, through a hero's sheet.
func TestSegmentChart(t *testing.T) {
	rs, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	for rate := 1; rate <= 100; rate++ {
		if got, ok := rs.SegmentsFor(rate); !ok || !slices.Equal(got, chartFor(rate)) {
			t.Errorf("movement rate %d acts on %v, want %v", rate, got, chartFor(rate))
		}
	}
	if got, ok := rs.SegmentsFor(0); ok {
		t.Errorf("movement rate 0 acts on %v; the chart starts at 1", got)
	}
	// DEX × SIZ gives each boundary rate
	for _, c := range []struct{ dex, siz, rate int }{
		{4, 1, 4}, {5, 1, 5}, {3, 3, 9}, {5, 2, 10}, {5, 3, 15}, {4, 4, 16},
		{6, 4, 24}, {5, 5, 25}, {7, 5, 35}, {6, 6, 36},
	} {
		src := fmt.Sprintf("hero: S\ncharacteristics: {STR: 1, DEX: %d, SIZ: %d, PER: 1}\n", c.dex, c.siz)
		sheets, _ := computeWith(t, nil, src)
		s := sheets[0]
		want := chartFor(c.rate)
		if s.MovementRate != c.rate || !slices.Equal(s.Segments, want) || s.Actions != len(want) || s.FeetPerSegment != c.rate/len(want) {
			t.Errorf("DEX %d SIZ %d: move %d, segments %v, %d actions, %d ft, want %d, %v, %d, %d",
				c.dex, c.siz, s.MovementRate, s.Segments, s.Actions, s.FeetPerSegment, c.rate, want, len(want), c.rate/len(want))
		}
	}
}

// TestBeyondTheChart: a movement rate that a ruleset's chart does not
// cover is an error naming the ruleset; a rate of 0 (a characteristic
// below 1, reported already) is not reported again.
func TestBeyondTheChart(t *testing.T) {
	rs, diags := readRS(t, "ruleset: short chart\nsegments:\n  rows:\n    - {from: 1, to: 9, segments: [6]}\n")
	if diags != "" {
		t.Fatal(diags)
	}
	_, got := computeWith(t, rs, "hero: Quick\ncharacteristics: {STR: 1, DEX: 5, SIZ: 2, PER: 7}\n")
	sameLines(t, got, []string{`h.yaml:2:18: error: hero "Quick": movement rate 10 is beyond the segment chart of short chart`})
	sheets, got := computeWith(t, rs, "hero: Quick\ncharacteristics: {STR: 6, DEX: 3, SIZ: 3, PER: 3}\n")
	sameLines(t, got, nil)
	if s := sheets[0]; s.MovementRate != 9 || !slices.Equal(s.Segments, []int{6}) || s.FeetPerSegment != 9 {
		t.Errorf("move %d, segments %v, %d ft", s.MovementRate, s.Segments, s.FeetPerSegment)
	}

	// a chart that does not start at 1 (built directly; a file cannot
	// say so): rate 1 is beyond it too
	gap := *rs
	gap.Segments = []SegmentRow{{From: 2, Segments: []int{6}}}
	_, got = computeWith(t, &gap, "hero: Slow\ncharacteristics: {STR: 12, DEX: 1, SIZ: 1, PER: 1}\n")
	sameLines(t, got, []string{`h.yaml:2:18: error: hero "Slow": movement rate 1 is beyond the segment chart of short chart`})

	_, got = computeWith(t, &gap, "hero: Still\ncharacteristics: {STR: 13, DEX: 0, SIZ: 1, PER: 1}\n")
	sameLines(t, got, []string{`h.yaml:2:33: error: hero "Still": DEX is 0; every characteristic is at least 1`})
}

// TestCostChecks: the checks of RULES.md and more, through a hero file:
// level 3 unlimited = 67.03 → 67; level 1 with 5 uses = 10.44 → 10; level
// 4 unlimited with piercing = 100.20 × 1.5 = 150.30 → 150; and costs that
// land on .5 exactly, which round away from zero.
func TestCostChecks(t *testing.T) {
	cases := []struct {
		power   string // a power line
		base    float64
		mult    float64
		cost    int
		formula int // the same by costOf
	}{
		{"{power: Close Attack, level: 3}", 67.03, 1, 67, costOf(3, 0)},
		{"{power: Close Attack, level: 1, uses: 5}", 10.44, 1, 10, costOf(1, 5)},
		{"{power: Close Attack, level: 4, modifiers: [piercing]}", 100.20, 1.5, 150, costOf(4, 0, 1.5)},
		// 30 × 0.75 = 22.5 exactly: half away from zero is 23 (half to even would be 22)
		{"{power: Flight, level: 1, modifiers: [unreliable-15]}", 30, 0.75, 23, costOf(1, 0, 0.75)},
		// 30 × 1.25 = 37.5 → 38
		{"{power: Flight, level: 1, gizmo: hidden}", 30, 1.25, 38, costOf(1, 0, 1.25)},
		// 30 × 1.5 × 0.5 = 22.5 → 23
		{"{power: Flight, level: 1, gizmo: none, modifiers: [unreliable-10]}", 30, 0.75, 23, costOf(1, 0, 1.5, 0.5)},
		// level 2 unlimited: 30 × 1.4948 = 44.84 → 45 (not truncated to 44)
		{"{power: Flight, level: 2}", 44.84, 1, 45, costOf(2, 0)},
		// 44.844 × 1.25 × 1.5 × 0.8 = 67.27 → 67
		{"{power: Distance Attack, level: 2, gizmo: hidden, modifiers: [piercing, missile]}", 44.84, 1.5, 67, costOf(2, 0, 1.25, 1.5, 0.8)},
		// 44.844 × 1.4 × 0.75 = 47.09 → 47
		{"{power: Distance Attack, level: 2, modifiers: [area-falloff, unreliable-15]}", 44.84, 1.05, 47, costOf(2, 0, 1.4, 0.75)},
		// level 1, 1 use: 10 × (3 − 3.15 ÷ 1.1) = 1.36 → 1
		{"{power: Flight, level: 1, uses: 1}", 1.36, 1, 1, costOf(1, 1)},
		// level 10, 30 uses: 10 × 1.4948⁹ × (3 − 3.15 × 1.1^−30) = 1050.55 → 1051
		{"{power: Flight, level: 10, uses: 30}", 1050.55, 1, 1051, costOf(10, 30)},
		// level 10 unlimited, area: 30 × 1.4948⁹ × 2 = 1117.81 × 2 = 2235.63 → 2236
		{"{power: Distance Attack, level: 10, modifiers: [area]}", 1117.81, 2, 2236, costOf(10, 0, 2)},
	}
	for _, c := range cases {
		t.Run(c.power, func(t *testing.T) {
			if c.formula != c.cost {
				t.Fatalf("the worked cost %d differs from the formula's %d", c.cost, c.formula)
			}
			sheets, _ := computeWith(t, nil, "hero: C\ncharacteristics: {STR: 3, DEX: 4, SIZ: 4, PER: 4}\npowers:\n  - "+c.power+"\n")
			pc := sheets[0].Powers[0]
			if math.Abs(pc.Base-c.base) > 0.005 || math.Abs(pc.Multiplier-c.mult) > 1e-9 || pc.Cost != c.cost || sheets[0].PowerPoints != c.cost {
				t.Errorf("base %.4f × %v = %d (power points %d), want %.2f × %v = %d", pc.Base, pc.Multiplier, pc.Cost, sheets[0].PowerPoints, c.base, c.mult, c.cost)
			}
		})
	}
}

// powersTable is RULES.md's list of powers and the house table's
// additions, with what each one is: an attack (the three "… Attack"
// powers), ‡ (may be always on).
var powersTable = []struct {
	name     string
	attack   bool
	alwaysOn bool
}{
	{"Close Attack", true, false},
	{"Distance Attack", true, false},
	{"Entangling Attack", true, false},
	{"Defenses", false, true},
	{"Missile Deflection", false, true},
	{"Flight", false, false},
	{"Teleport", false, false},
	{"Regeneration", false, true},
	{"Invisibility", false, true},
	{"Wall Crawling", false, true},
}

const alwaysOnList = "Defenses, Missile Deflection, Regeneration, Invisibility, Wall Crawling"

// TestModifierApplicability: every power × every modifier of RULES.md's
// table: allowed ones cost base × factor; the others are an error at the
// modifier, saying what it applies to.
func TestModifierApplicability(t *testing.T) {
	modifiers := []struct {
		name    string
		factor  float64
		applies func(attack, alwaysOn bool, power string) bool
		to      string // what the message says it applies to
	}{
		{"piercing", 1.5, func(attack, _ bool, _ string) bool { return attack }, "attacks"},
		{"missile", 0.8, func(_, _ bool, p string) bool { return p == "Distance Attack" }, "Distance Attack"},
		{"area", 2.0, func(_, _ bool, p string) bool { return p == "Distance Attack" }, "Distance Attack"},
		{"area-falloff", 1.4, func(_, _ bool, p string) bool { return p == "Distance Attack" }, "Distance Attack"},
		{"unreliable-15", 0.75, func(_, _ bool, _ string) bool { return true }, "every power"},
		{"unreliable-10", 0.5, func(_, _ bool, _ string) bool { return true }, "every power"},
		{"always-on", 1.0, func(_, alwaysOn bool, _ string) bool { return alwaysOn }, ""},
	}
	rs, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	if len(rs.Powers) != len(powersTable) || len(rs.Modifiers) != len(modifiers) {
		t.Fatalf("the ruleset has %d powers and %d modifiers; this table covers %d and %d", len(rs.Powers), len(rs.Modifiers), len(powersTable), len(modifiers))
	}
	for _, p := range powersTable {
		for _, m := range modifiers {
			t.Run(p.name+"/"+m.name, func(t *testing.T) {
				src := fmt.Sprintf(`hero: T
characteristics: {STR: 3, DEX: 4, SIZ: 4, PER: 4}
powers:
  - power: %s
    level: 1
    modifiers: [%s]
`, p.name, m.name)
				sheets, got := computeWith(t, rs, src)
				var want []string
				switch {
				case m.applies(p.attack, p.alwaysOn, p.name):
				case m.name == "always-on":
					want = []string{fmt.Sprintf(`h.yaml:6:17: error: hero "T": %s cannot be always on: only powers marked ‡ (%s) can`, p.name, alwaysOnList)}
				default:
					want = []string{fmt.Sprintf(`h.yaml:6:17: error: hero "T": modifier %s does not apply to %s; it applies to %s`, m.name, p.name, m.to)}
				}
				sameLines(t, got, want)
				if sheets[0].Valid != (want == nil) {
					t.Errorf("valid = %v", sheets[0].Valid)
				}
				// level 1 unlimited: base 30
				if pc := sheets[0].Powers[0]; pc.Cost != costOf(1, 0, m.factor) || pc.Multiplier != m.factor {
					t.Errorf("cost %d × %v, want %d × %v", pc.Cost, pc.Multiplier, costOf(1, 0, m.factor), m.factor)
				}
			})
		}
		// always-on needs unlimited uses, on a ‡ power too; on a power
		// without ‡ the first reason is enough
		t.Run(p.name+"/always-on with uses", func(t *testing.T) {
			src := fmt.Sprintf("hero: T\ncharacteristics: {STR: 3, DEX: 4, SIZ: 4, PER: 4}\npowers:\n  - power: %s\n    level: 1\n    uses: 5\n    modifiers: [always-on]\n", p.name)
			_, got := computeWith(t, rs, src)
			want := fmt.Sprintf(`h.yaml:7:17: error: hero "T": %s can be always on only with unlimited uses, not 5 per game`, p.name)
			if !p.alwaysOn {
				want = fmt.Sprintf(`h.yaml:7:17: error: hero "T": %s cannot be always on: only powers marked ‡ (%s) can`, p.name, alwaysOnList)
			}
			sameLines(t, got, []string{want})
		})
	}
}

// TestGizmos: every power has a gizmo, visible unless said; each kind's
// factor is RULES.md's; an unknown kind is an error at the gizmo.
func TestGizmos(t *testing.T) {
	for _, c := range []struct {
		gizmo, kind string
		factor      float64
		want        []string
	}{
		{"", "visible", 1.0, nil},
		{"gizmo: visible", "visible", 1.0, nil},
		{"gizmo: hidden", "hidden", 1.25, nil},
		{"gizmo: indestructible", "indestructible", 1.5, nil},
		{"gizmo: none", "none", 1.5, nil},
		{"gizmo: hiden", "hiden", 1.0, []string{`h.yaml:6:12: error: hero "G": Flight: unknown gizmo "hiden"; did you mean "hidden"?`}},
		{"gizmo: sparkly", "sparkly", 1.0, []string{`h.yaml:6:12: error: hero "G": Flight: unknown gizmo "sparkly"; gizmos: visible, hidden, indestructible, none`}},
	} {
		t.Run(c.kind, func(t *testing.T) {
			src := "hero: G\ncharacteristics: {STR: 3, DEX: 4, SIZ: 4, PER: 4}\npowers:\n  - power: Flight\n    level: 1\n    " + c.gizmo + "\n"
			sheets, got := computeWith(t, nil, src)
			sameLines(t, got, c.want)
			pc := sheets[0].Powers[0]
			if pc.Gizmo != c.kind || pc.Multiplier != c.factor || pc.Cost != costOf(1, 0, c.factor) {
				t.Errorf("gizmo %q × %v = %d, want %q × %v", pc.Gizmo, pc.Multiplier, pc.Cost, c.kind, c.factor)
			}
		})
	}
}

// TestModifierCombinations: area and area-falloff together, both
// unreliable grades, a modifier given twice, unknown modifiers.
func TestModifierCombinations(t *testing.T) {
	const head = "hero: M\ncharacteristics: {STR: 3, DEX: 4, SIZ: 4, PER: 4}\npowers:\n  - power: Distance Attack\n    level: 1\n    modifiers: "
	cases := []struct {
		mods string
		want []string
		mult float64
	}{
		{"[area, area-falloff]", []string{`h.yaml:6:23: error: hero "M": Distance Attack: area and area-falloff cannot be combined`}, 2.8},
		{"[area-falloff, area]", []string{`h.yaml:6:31: error: hero "M": Distance Attack: area-falloff and area cannot be combined`}, 2.8},
		{"[unreliable-15, unreliable-10]", []string{`h.yaml:6:32: error: hero "M": Distance Attack: unreliable-15 and unreliable-10 cannot be combined`}, 0.375},
		{"[missile, area, unreliable-10, piercing]", nil, 0.8 * 2 * 0.5 * 1.5},
		{"[missile, missile]", []string{`h.yaml:6:26: error: hero "M": Distance Attack: modifier missile is given twice (first at line 6)`}, 0.8},
		{"[pierce]", []string{`h.yaml:6:17: error: hero "M": Distance Attack: unknown modifier "pierce"; did you mean "piercing"?`}, 1},
		{"[zap]", []string{`h.yaml:6:17: error: hero "M": Distance Attack: unknown modifier "zap"; modifiers: piercing, missile, area, area-falloff, unreliable-15, unreliable-10, always-on`}, 1},
		// one modifier may be written without the list
		{"piercing", nil, 1.5},
	}
	for _, c := range cases {
		t.Run(c.mods, func(t *testing.T) {
			sheets, got := computeWith(t, nil, head+c.mods+"\n")
			sameLines(t, got, c.want)
			if pc := sheets[0].Powers[0]; math.Abs(pc.Multiplier-c.mult) > 1e-9 || pc.Cost != costOf(1, 0, c.mult) {
				t.Errorf("× %v = %d, want × %v", pc.Multiplier, pc.Cost, c.mult)
			}
		})
	}
}

// TestRanges: the built-in ruleset allows levels 1 to 10 and 1 to 30 uses
// per game (or unlimited): the lowest and highest are accepted, one past
// either is an error at the value, and the power then costs nothing (its
// cost cannot be worked out). The budget is raised so that level 10 fits.
func TestRanges(t *testing.T) {
	rs, diags := readRS(t, "ruleset: rich\nbudget: 1000000\n")
	if diags != "" {
		t.Fatal(diags)
	}
	const head = "hero: R\ncharacteristics: {STR: 3, DEX: 4, SIZ: 4, PER: 4}\npowers:\n  - power: Flight\n"
	cases := []struct {
		level, uses string
		want        string
		cost        int
	}{
		{"1", "unlimited", "", costOf(1, 0)},
		{"10", "unlimited", "", costOf(10, 0)},
		{"0", "unlimited", `h.yaml:5:12: error: hero "R": Flight: level 0 is out of range (1 to 10)`, 0},
		{"11", "unlimited", `h.yaml:5:12: error: hero "R": Flight: level 11 is out of range (1 to 10)`, 0},
		{"-1", "unlimited", `h.yaml:5:12: error: hero "R": Flight: level -1 is out of range (1 to 10)`, 0},
		{"1", "1", "", costOf(1, 1)},
		{"1", "30", "", costOf(1, 30)},
		{"1", "0", `h.yaml:6:11: error: hero "R": Flight: 0 uses per game is out of range (1 to 30, or unlimited)`, 0},
		{"1", "31", `h.yaml:6:11: error: hero "R": Flight: 31 uses per game is out of range (1 to 30, or unlimited)`, 0},
	}
	for _, c := range cases {
		t.Run("level "+c.level+" uses "+c.uses, func(t *testing.T) {
			sheets, got := computeWith(t, rs, head+"    level: "+c.level+"\n    uses: "+c.uses+"\n")
			var want []string
			if c.want != "" {
				want = []string{c.want}
			}
			sameLines(t, got, want)
			if pc := sheets[0].Powers[0]; pc.Cost != c.cost || sheets[0].PowerPoints != c.cost {
				t.Errorf("cost %d (power points %d), want %d", pc.Cost, sheets[0].PowerPoints, c.cost)
			}
		})
	}
}

// TestRangesFromRuleset: a ruleset's limits are the ones checked, at both
// ends.
func TestRangesFromRuleset(t *testing.T) {
	rs, diags := readRS(t, "ruleset: narrow\nlimits:\n  level: [2, 5]\n  uses: [3, 3]\n")
	if diags != "" {
		t.Fatal(diags)
	}
	const head = "hero: R\ncharacteristics: {STR: 3, DEX: 4, SIZ: 4, PER: 4}\npowers:\n  - power: Flight\n"
	for _, c := range []struct{ level, uses, want string }{
		{"2", "3", ""},
		{"5", "3", ""},
		{"5", "unlimited", ""},
		{"1", "3", `h.yaml:5:12: error: hero "R": Flight: level 1 is out of range (2 to 5)`},
		{"6", "3", `h.yaml:5:12: error: hero "R": Flight: level 6 is out of range (2 to 5)`},
		{"2", "2", `h.yaml:6:11: error: hero "R": Flight: 2 uses per game is out of range (3 to 3, or unlimited)`},
		{"2", "4", `h.yaml:6:11: error: hero "R": Flight: 4 uses per game is out of range (3 to 3, or unlimited)`},
	} {
		_, got := computeWith(t, rs, head+"    level: "+c.level+"\n    uses: "+c.uses+"\n")
		var want []string
		if c.want != "" {
			want = []string{c.want}
		}
		sameLines(t, got, want)
	}
}

// TestBoughtTwice: each power may be bought once; every later purchase is
// an error naming the first, and is still charged.
func TestBoughtTwice(t *testing.T) {
	sheets, got := computeWith(t, nil, `hero: Greedy
characteristics: {STR: 3, DEX: 4, SIZ: 4, PER: 4}
powers:
  - {power: Flight, level: 1}
  - {power: Close Attack, level: 1}
  - {power: Flight, level: 2}
  - {power: Flight, level: 1, uses: 3}
`)
	sameLines(t, got, []string{
		`h.yaml:6:13: error: hero "Greedy": Flight is bought twice (first at line 4); each power may be bought once`,
		`h.yaml:7:13: error: hero "Greedy": Flight is bought twice (first at line 4); each power may be bought once`,
	})
	if want := costOf(1, 0) + costOf(1, 0) + costOf(2, 0) + costOf(1, 3); sheets[0].PowerPoints != want || sheets[0].Valid {
		t.Errorf("power points %d (valid %v), want %d", sheets[0].PowerPoints, sheets[0].Valid, want)
	}
}

// TestValidPerHero: a hero's sheet is valid when no error was found for
// that hero; another hero's errors, or warnings, do not count.
func TestValidPerHero(t *testing.T) {
	sheets, got := computeWith(t, nil, `team: T
heroes:
  - hero: Broken
    characteristics: {STR: 0, DEX: 5, SIZ: 5, PER: 5}
  - hero: Fine
    characteristics: {STR: 3, DEX: 3, SIZ: 3, PER: 3}
`)
	sameLines(t, got, []string{
		`h.yaml:4:28: error: hero "Broken": STR is 0; every characteristic is at least 1`,
		`h.yaml:6:22: warning: hero "Fine": characteristics add up to 12 of 15 points; 3 left unspent`,
	})
	if sheets[0].Valid || !sheets[1].Valid {
		t.Errorf("valid: %v, %v; want false, true", sheets[0].Valid, sheets[1].Valid)
	}
}
