package gladiators

import (
	"strings"
	"testing"

	"github.com/deckpress/deckpress/cards"
)

func readRS(t *testing.T, src string) (*Ruleset, string) {
	t.Helper()
	base, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	root, diags := cards.Parse("r.yaml", []byte(src))
	if root == nil {
		t.Fatal(diags)
	}
	rs, ds := ReadRuleset("r.yaml", root, base)
	var all []string
	for _, d := range append(diags, ds...).Sort() {
		all = append(all, d.String())
	}
	return rs, strings.Join(all, "\n")
}

func TestDefaultRuleset(t *testing.T) {
	rs, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	if rs.Budget != 200 || rs.FreePoints != 15 || rs.PointCost != 30 {
		t.Errorf("budget %d, points %d, cost %d", rs.Budget, rs.FreePoints, rs.PointCost)
	}
	for _, name := range []string{"Close Attack", "Distance Attack", "Entangling Attack", "Defenses", "Missile Deflection", "Flight"} {
		if rs.Power(name) == nil {
			t.Errorf("power %s missing", name)
		}
	}
	if p := rs.Power("Defenses"); p.Marks() != "†‡" {
		t.Errorf("Defenses marks %q", p.Marks())
	}
	want := map[string]float64{"piercing": 1.5, "missile": 0.8, "area": 2, "area-falloff": 1.4, "unreliable-15": 0.75, "unreliable-10": 0.5, "always-on": 1}
	for name, f := range want {
		if m := rs.Modifier(name); m == nil || m.Factor != f {
			t.Errorf("modifier %s: %+v, want factor %v", name, m, f)
		}
	}
	for _, table := range []string{"segments", "gizmos", "modifiers", "powers"} {
		if !rs.IsHouse(table) {
			t.Errorf("%s should be labelled a house table", table)
		}
	}
	if !rs.Modifier("area").Source || rs.Modifier("piercing").Source {
		t.Error("only the two area modifiers come from the source")
	}
}

func TestRulesetReplacesTables(t *testing.T) {
	rs, diags := readRS(t, `ruleset: generous
budget: 400
segments:
  rows:
    - {from: 1, segments: [1, 2, 3, 4, 5, 6]}
`)
	if diags != "" {
		t.Fatal(diags)
	}
	if rs.Budget != 400 || rs.IsHouse("segments") || !rs.IsHouse("powers") {
		t.Errorf("budget %d, segments house %v, powers house %v", rs.Budget, rs.IsHouse("segments"), rs.IsHouse("powers"))
	}
	if segs, _ := rs.SegmentsFor(3); len(segs) != 6 {
		t.Errorf("segments %v", segs)
	}
	if rs.Power("Flight") == nil {
		t.Error("tables the file does not name are kept")
	}
}

func TestRulesetValidation(t *testing.T) {
	cases := []struct{ name, src, want string }{
		{"segment out of 1-6", "ruleset: x\nsegments:\n  rows:\n    - {from: 1, segments: [2, 7]}\n", "r.yaml:4:31: error: segment must be between 1 and 6, found 7"},
		{"segments not increasing", "ruleset: x\nsegments:\n  rows:\n    - {from: 1, segments: [4, 2]}\n", "r.yaml:4:31: error: segments: 2 follows 4; list segments in increasing order"},
		{"gap in rates", "ruleset: x\nsegments:\n  rows:\n    - {from: 1, to: 5, segments: [6]}\n    - {from: 7, segments: [3, 6]}\n", "r.yaml:5:14: error: segments: movement rates must be contiguous from 1; this row starts at 7, expected 6"},
		{"open row not last", "ruleset: x\nsegments:\n  rows:\n    - {from: 1, segments: [6]}\n    - {from: 2, segments: [3, 6]}\n", `only the last row may leave out "to"`},
		{"negative factor", "ruleset: x\nmodifiers:\n  kinds:\n    piercing: {factor: -1, applies: attacks}\n", "factor must be between"},
		{"unknown power in applies", "ruleset: x\nmodifiers:\n  kinds:\n    missile: {factor: 0.8, applies: [Distance Atack]}\n", `applies to "Distance Atack", which is not in the powers table`},
		{"unknown key", "ruleset: x\nbudgett: 3\n", `unknown key "budgett" in ruleset; did you mean "budget"?`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, diags := readRS(t, c.src)
			if !strings.Contains(diags, c.want) {
				t.Errorf("want %q in:\n%s", c.want, diags)
			}
		})
	}
}

// TestRulesetOverrides: each table a ruleset file gives replaces the
// built-in one, and the hero rules then follow it.
func TestRulesetOverrides(t *testing.T) {
	rs, diags := readRS(t, `ruleset: Tight
characteristics: {points: 12, cost: 10}
budget: 50
gizmos:
  kinds: {cheap: 0.5, visible: 1}
modifiers:
  kinds:
    missile: {factor: 0.8, applies: [Close Attack, Zap], text: thrown}
    loud: {factor: 1.2, applies: every, excludes: [missile]}
powers:
  house: true
  list:
    - {name: Close Attack, attack: true, effect: Hit.}
    - {name: Zap, free: true, always-on: true, effect: Zap.}
`)
	if diags != "" {
		t.Fatal(diags)
	}
	if rs.Name != "Tight" || rs.Path != "r.yaml" || rs.FreePoints != 12 || rs.PointCost != 10 || rs.Budget != 50 {
		t.Errorf("%q from %s: %d points at %d, budget %d", rs.Name, rs.Path, rs.FreePoints, rs.PointCost, rs.Budget)
	}
	if m := rs.Modifier("missile"); m == nil || m.Text != "thrown" || m.Applies != "" || len(m.Powers) != 2 {
		t.Errorf("missile: %+v", m)
	}
	if rs.Modifier("piercing") != nil || rs.Power("Flight") != nil || !rs.IsHouse("powers") || rs.IsHouse("gizmos") || rs.IsHouse("modifiers") || !rs.IsHouse("segments") {
		t.Errorf("tables not replaced: house %v", rs.House)
	}
	if p := rs.Power("Zap"); p == nil || p.Marks() != "†‡" || p.Attack {
		t.Errorf("Zap: %+v", p)
	}

	// 13 characteristic points: 1 bought at 10. Close Attack level 1, 5
	// uses: 10.44 × 0.5 (the first gizmo is the default) × 0.8 = 4.18 → 4;
	// Zap level 2 unlimited: 44.84 × 0.5 × 1.2 × 0.8 = 21.53 → 22; Flight,
	// unknown here, still priced: 30 × 0.5 = 15. 10 + 41 = 51: 1 over. loud
	// excludes missile: an error in either order.
	sheets, got := computeWith(t, rs, `hero: T
characteristics: {STR: 4, DEX: 3, SIZ: 3, PER: 3}
powers:
  - {power: Close Attack, level: 1, uses: 5, modifiers: [missile]}
  - {power: Zap, level: 2, modifiers: [loud, missile]}
  - {power: Flight, level: 1}
`)
	sameLines(t, got, []string{
		`h.yaml:1:7: error: hero "T": spends 51 points (41 on powers, 10 on characteristics); the budget is 50, 1 point over`,
		`h.yaml:5:46: error: hero "T": Zap: loud and missile cannot be combined`,
		`h.yaml:6:13: error: hero "T": unknown power "Flight"; powers: Close Attack, Zap`,
	})
	if s := sheets[0]; s.Bought != 1 || s.CharPoints != 10 || s.Powers[0].Gizmo != "cheap" || s.Powers[0].Cost != 4 {
		t.Errorf("bought %d for %d; first power's gizmo %s, cost %d", s.Bought, s.CharPoints, s.Powers[0].Gizmo, s.Powers[0].Cost)
	}
	_, got = computeWith(t, rs, "hero: V\ncharacteristics: {STR: 3, DEX: 3, SIZ: 3, PER: 3}\npowers:\n  - {power: Close Attack, level: 1, modifiers: [missile, loud]}\n")
	sameLines(t, got, []string{`h.yaml:4:58: error: hero "V": Close Attack: missile and loud cannot be combined`})
	_, got = computeWith(t, rs, "hero: U\ncharacteristics: {STR: 3, DEX: 3, SIZ: 3, PER: 2}\n")
	sameLines(t, got, []string{`h.yaml:2:18: warning: hero "U": characteristics add up to 11 of 12 points; 1 left unspent`})
	_, got = computeWith(t, rs, "hero: U\ncharacteristics: {STR: 3, DEX: 3, SIZ: 3, PER: 3}\n")
	sameLines(t, got, nil)
}

// TestRulesetChecks: what ReadRuleset refuses, each message exactly, and
// the edge values it accepts.
func TestRulesetChecks(t *testing.T) {
	cases := []struct{ name, src, want string }{
		{"a one-value range and a one-rate row", "ruleset: x\nlimits: {level: [3, 3], uses: [1, 1]}\nsegments:\n  rows:\n    - {from: 1, to: 1, segments: [6]}\n    - {from: 2, segments: [3, 6]}\n", ""},
		{"range upside down", "ruleset: x\nlimits: {level: [5, 2], uses: [1, 30]}\n",
			"r.yaml:2:17: error: limits.level: the highest (2) is below the lowest (5)"},
		{"range of three", "ruleset: x\nlimits: {level: [1, 2, 3], uses: [1, 30]}\n",
			"r.yaml:2:17: error: limits.level: expected [lowest, highest]"},
		{"row ends before it starts", "ruleset: x\nsegments:\n  rows:\n    - {from: 1, to: 3, segments: [6]}\n    - {from: 4, to: 3, segments: [6]}\n    - {from: 4, segments: [6]}\n",
			"r.yaml:5:21: error: segments: row ends (3) before it starts (4)"},
		{"a segment twice", "ruleset: x\nsegments:\n  rows:\n    - {from: 1, segments: [3, 3]}\n",
			"r.yaml:4:31: error: segments: 3 follows 3; list segments in increasing order"},
		{"a row without segments", "ruleset: x\nsegments:\n  rows:\n    - {from: 1, segments: []}\n",
			"r.yaml:4:27: error: segments: a row needs at least one segment"},
		{"no rows", "ruleset: x\nsegments:\n  rows: []\n",
			"r.yaml:3:9: error: segments: the chart needs at least one row"},
		{"no gizmos", "ruleset: x\ngizmos:\n  kinds: {}\n",
			"r.yaml:3:3: error: gizmos: the table needs at least one kind (the first is the default)"},
		{"no powers", "ruleset: x\npowers:\n  list: []\n",
			"r.yaml:3:3: error: powers: the table needs at least one power"},
		{"a power twice", "ruleset: x\npowers:\n  list:\n    - {name: Zap, effect: z}\n    - {name: Zap, effect: z}\n",
			"r.yaml:3:3: error: powers: \"Zap\" is listed twice\n" +
				"r.yaml:3:3: error: modifier missile applies to \"Distance Attack\", which is not in the powers table\n" +
				"r.yaml:3:3: error: modifier area applies to \"Distance Attack\", which is not in the powers table\n" +
				"r.yaml:3:3: error: modifier area-falloff applies to \"Distance Attack\", which is not in the powers table"},
		{"excludes an unknown modifier", "ruleset: x\nmodifiers:\n  kinds:\n    loud: {factor: 1.2, applies: every, excludes: [quiet]}\n",
			"r.yaml:3:3: error: modifier loud excludes \"quiet\", which is not a modifier"},
		{"no name", "budget: 100\n", "r.yaml:1:1: error: a ruleset file needs \"ruleset\""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, got := readRS(t, c.src)
			if got != c.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, c.want)
			}
		})
	}
}
