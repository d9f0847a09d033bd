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
