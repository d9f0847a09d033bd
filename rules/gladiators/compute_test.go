package gladiators

import (
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/deckpress/deckpress/cards"
)

// naiveCost is the cost formula written out the long way, by repeated
// multiplication, as a check on BaseCost and Round.
func naiveCost(level, uses int, unlimited bool, multiplier float64) (float64, int) {
	growth := 1.0
	for i := 1; i < level; i++ {
		growth *= 1.4948
	}
	usesFactor := 3.0
	if !unlimited {
		decay := 1.0
		for i := 0; i < uses; i++ {
			decay /= 1.1
		}
		usesFactor = 3 - 3.15*decay
	}
	base := 10 * growth * usesFactor
	return base, int(math.Floor(base*multiplier + 0.5)) // costs are positive: half up is half away from zero
}

func TestCostFormulaTable(t *testing.T) {
	for level := 1; level <= 10; level++ {
		for uses := 0; uses <= 30; uses++ {
			unlimited := uses == 0
			for _, mult := range []float64{1, 1.25, 1.5, 0.8, 2.25, 0.5 * 1.4} {
				wantBase, wantCost := naiveCost(level, uses, unlimited, mult)
				base := BaseCost(level, uses, unlimited)
				if math.Abs(base-wantBase) > 1e-9*wantBase {
					t.Fatalf("level %d uses %d: base %v, want %v", level, uses, base, wantBase)
				}
				if got := Round(base * mult); got != wantCost {
					t.Fatalf("level %d uses %d ×%v: cost %d, want %d", level, uses, mult, got, wantCost)
				}
			}
		}
	}
}

// TestWorkedChecks are the checks of RULES.md.
func TestWorkedChecks(t *testing.T) {
	cases := []struct {
		level, uses int
		unlimited   bool
		mult        float64
		base        float64 // to 2 decimals
		cost        int
	}{
		{3, 0, true, 1, 67.03, 67},
		{1, 5, false, 1, 10.44, 10},
		{4, 0, true, 1.5, 100.20, 150},
	}
	for _, c := range cases {
		b := BaseCost(c.level, c.uses, c.unlimited)
		if math.Round(b*100)/100 != c.base || Round(b*c.mult) != c.cost {
			t.Errorf("level %d uses %d ×%v: %.4f → %d, want %.2f → %d", c.level, c.uses, c.mult, b, Round(b*c.mult), c.base, c.cost)
		}
	}
	if Round(150.5) != 151 || Round(-2.5) != -3 || Round(2.4999) != 2 {
		t.Error("Round must round half away from zero")
	}
}

func loadHeroes(t *testing.T, src string) (*File, []*Sheet, cards.Diagnostics) {
	t.Helper()
	root, diags := cards.Parse("h.yaml", []byte(src))
	if root == nil {
		t.Fatalf("parse: %v", diags)
	}
	f, ds := ReadFile("h.yaml", root)
	diags = append(diags, ds...)
	rs, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	var sheets []*Sheet
	for _, h := range f.Heroes {
		s, ds := Compute(h, rs)
		sheets = append(sheets, s)
		diags = diags.Extend(ds)
	}
	return f, sheets, diags
}

const ladyVoltage = `team: The Voltage Crew
heroes:
  - hero: Lady Voltage
    look: a lineman's daughter who caught the lightning
    characteristics: {STR: 3, DEX: 5, SIZ: 3, PER: 4}
    powers:
      - power: Distance Attack
        level: 3
        uses: unlimited
        gizmo: none
        modifiers: [piercing]
        look: lightning from her fingertips
`

func TestLadyVoltageJSON(t *testing.T) {
	_, sheets, diags := loadHeroes(t, ladyVoltage)
	if len(diags) != 0 {
		t.Fatalf("diagnostics: %v", diags)
	}
	got, err := json.Marshal(sheets[0])
	if err != nil {
		t.Fatal(err)
	}
	want := `{"hero": "Lady Voltage", "characteristics": {"STR": 3, "DEX": 5, "SIZ": 3, "PER": 4},
 "bought_points": 0, "combat_modifier": 13, "oomph": 27, "movement_rate": 15, "actions": 3,
 "segments": [2, 4, 6], "feet_per_segment": 5,
 "powers": [{"power": "Distance Attack", "level": 3, "uses": "unlimited", "base_cost": 67.03,
             "multiplier": 2.25, "cost": 151}],
 "points": {"powers": 151, "characteristics": 0, "total": 151, "budget": 200}, "valid": true}`
	var w any
	if err := json.Unmarshal([]byte(want), &w); err != nil {
		t.Fatal(err)
	}
	compact, _ := json.Marshal(w)
	// key order matters too: compare the printed shapes key by key
	if !sameJSON(got, compact) || !strings.HasPrefix(string(got), `{"hero":"Lady Voltage","characteristics":{"STR":3,"DEX":5,"SIZ":3,"PER":4},"bought_points":0`) {
		t.Errorf("got  %s\nwant %s", got, compact)
	}
}

func sameJSON(a, b []byte) bool {
	var x, y any
	json.Unmarshal(a, &x)
	json.Unmarshal(b, &y)
	xa, _ := json.Marshal(x)
	ya, _ := json.Marshal(y)
	return string(xa) == string(ya)
}

func TestSegmentExample(t *testing.T) {
	rs, _ := Default()
	segs, ok := rs.SegmentsFor(20)
	if !ok || len(segs) != 4 || segs[0] != 1 || segs[1] != 3 || segs[2] != 5 || segs[3] != 6 {
		t.Errorf("movement 20 acts on %v, want [1 3 5 6] (the source's example)", segs)
	}
	for rate := 1; rate <= 200; rate++ {
		if _, ok := rs.SegmentsFor(rate); !ok {
			t.Fatalf("no segments for movement rate %d", rate)
		}
	}
}

// TestRuleBreaches: each breach of RULES.md is an error on its own line.
func TestRuleBreaches(t *testing.T) {
	cases := []struct{ name, hero, want string }{
		{"characteristic below 1", `
hero: Weakling
characteristics: {STR: 0, DEX: 5, SIZ: 5, PER: 5}
`, `h.yaml:3:24: error: hero "Weakling": STR is 0; every characteristic is at least 1`},
		{"bought twice", `
hero: Twice
characteristics: {STR: 3, DEX: 4, SIZ: 4, PER: 4}
powers:
  - {power: Flight, level: 1, uses: 5}
  - {power: Flight, level: 2, uses: 5}
`, `h.yaml:6:13: error: hero "Twice": Flight is bought twice (first at line 5); each power may be bought once`},
		{"modifier not allowed", `
hero: Flyer
characteristics: {STR: 3, DEX: 4, SIZ: 4, PER: 4}
powers:
  - {power: Flight, level: 1, uses: 5, modifiers: [piercing]}
`, `h.yaml:5:52: error: hero "Flyer": modifier piercing does not apply to Flight; it applies to attacks`},
		{"always-on without ‡", `
hero: Glow
characteristics: {STR: 3, DEX: 4, SIZ: 4, PER: 4}
powers:
  - {power: Close Attack, level: 1, modifiers: [always-on]}
`, `h.yaml:5:49: error: hero "Glow": Close Attack cannot be always on: only powers marked ‡`},
		{"always-on with limited uses", `
hero: Glow
characteristics: {STR: 3, DEX: 4, SIZ: 4, PER: 4}
powers:
  - {power: Defenses, level: 1, uses: 3, modifiers: [always-on]}
`, `h.yaml:5:54: error: hero "Glow": Defenses can be always on only with unlimited uses, not 3 per game`},
		{"area with area-falloff", `
hero: Boom
characteristics: {STR: 3, DEX: 4, SIZ: 4, PER: 4}
powers:
  - power: Distance Attack
    level: 1
    modifiers: [area, area-falloff]
`, `h.yaml:7:23: error: hero "Boom": Distance Attack: area and area-falloff cannot be combined`},
		{"both unreliable grades", `
hero: Shaky
characteristics: {STR: 3, DEX: 4, SIZ: 4, PER: 4}
powers:
  - {power: Flight, level: 1, modifiers: [unreliable-10, unreliable-15]}
`, `h.yaml:5:58: error: hero "Shaky": Flight: unreliable-10 and unreliable-15 cannot be combined`},
		{"level 0", `
hero: Zero
characteristics: {STR: 3, DEX: 4, SIZ: 4, PER: 4}
powers:
  - {power: Flight, level: 0}
`, `h.yaml:5:28: error: hero "Zero": Flight: level 0 is out of range (1 to 10)`},
		{"uses 0", `
hero: Zero
characteristics: {STR: 3, DEX: 4, SIZ: 4, PER: 4}
powers:
  - {power: Flight, level: 1, uses: 0}
`, `h.yaml:5:37: error: hero "Zero": Flight: 0 uses per game is out of range (1 to 30, or unlimited)`},
		{"over budget", `
hero: Greedy
characteristics: {STR: 5, DEX: 5, SIZ: 5, PER: 5}
powers:
  - {power: Distance Attack, level: 4, modifiers: [piercing]}
`, `h.yaml:2:7: error: hero "Greedy": spends 300 points (150 on powers, 150 on characteristics); the budget is 200, 100 points over`},
		{"unknown power", `
hero: Typo
characteristics: {STR: 3, DEX: 4, SIZ: 4, PER: 4}
powers:
  - {power: Fligth, level: 1}
`, `h.yaml:5:13: error: hero "Typo": unknown power "Fligth"; did you mean "Flight"?`},
		{"unknown modifier", `
hero: Typo
characteristics: {STR: 3, DEX: 4, SIZ: 4, PER: 4}
powers:
  - {power: Close Attack, level: 1, modifiers: [peircing]}
`, `h.yaml:5:49: error: hero "Typo": Close Attack: unknown modifier "peircing"; did you mean "piercing"?`},
		{"unspent points", `
hero: Modest
characteristics: {STR: 3, DEX: 3, SIZ: 3, PER: 3}
`, `h.yaml:3:18: warning: hero "Modest": characteristics add up to 12 of 15 points; 3 left unspent`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, sheets, diags := loadHeroes(t, c.hero)
			var all []string
			for _, d := range diags.Sort() {
				all = append(all, d.String())
			}
			got := strings.Join(all, "\n")
			if !strings.Contains(got, c.want) {
				t.Errorf("want\n%s\nin\n%s", c.want, got)
			}
			if strings.Contains(c.want, "error") == sheets[0].Valid {
				t.Errorf("valid = %v", sheets[0].Valid)
			}
		})
	}
}
