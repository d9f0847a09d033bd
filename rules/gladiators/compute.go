package gladiators

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/deckpress/deckpress/cards"
)

// BaseCost is a power's cost before modifiers, for level ≥ 1 and uses ≥ 1
// (unlimited: uses is ignored and the uses factor is 3).
func BaseCost(level, uses int, unlimited bool) float64 {
	usesFactor := 3.0
	if !unlimited {
		usesFactor = 3 - 3.15*math.Pow(1.1, -float64(uses))
	}
	return 10 * math.Pow(1.4948, float64(level-1)) * usesFactor
}

// Round rounds half away from zero, as the cost formula does once, at the
// end.
func Round(x float64) int { return int(math.Round(x)) }

// Sheet is a hero's computed character sheet.
type Sheet struct {
	Hero           *Hero
	Bought         int // characteristic points bought above the free ones
	CharPoints     int // power points those cost
	CombatModifier int
	Oomph          int
	MovementRate   int // feet per turn
	Actions        int
	Segments       []int
	FeetPerSegment int
	Powers         []PowerCost
	PowerPoints    int
	Total          int
	Budget         int
	Valid          bool
}

// PowerCost is one bought power with its costs.
type PowerCost struct {
	Spec       *PowerSpec
	Power      *Power // nil when the power is unknown
	Gizmo      string
	Base       float64 // before modifiers
	Multiplier float64 // product of the gizmo factor and every modifier
	Cost       int
}

// Compute computes a hero's sheet under rs and checks every rule, with a
// diagnostic at the line that breaks each. The sheet is valid when no
// error was found, here or while reading the hero.
func Compute(h *Hero, rs *Ruleset) (*Sheet, cards.Diagnostics) {
	var found cards.Diagnostics
	diags := &found
	s := &Sheet{Hero: h, Budget: rs.Budget}
	who := fmt.Sprintf("hero %q", h.Name)

	// characteristics that could not be read were reported by the loader;
	// checking the zeros left in their place would only repeat it
	total := 0
	for i, v := range h.Chars {
		if v < 1 && h.CharsOK {
			diags.Errorf(h.CharPos[i], "%s: %s is %d; every characteristic is at least 1", who, CharNames[i], v)
		}
		total += v
	}
	if total > rs.FreePoints {
		s.Bought = total - rs.FreePoints
		s.CharPoints = s.Bought * rs.PointCost
	} else if total < rs.FreePoints && h.CharsOK {
		diags.Warnf(h.CharsPos, "%s: characteristics add up to %d of %d points; %d left unspent", who, total, rs.FreePoints, rs.FreePoints-total)
	}
	str, dex, siz := h.Chars[0], h.Chars[1], h.Chars[2]
	s.CombatModifier = 2*dex + str
	s.Oomph = str * siz * 3
	s.MovementRate = dex * siz
	if segs, ok := rs.SegmentsFor(s.MovementRate); ok {
		s.Segments = segs
		s.Actions = len(segs)
		s.FeetPerSegment = s.MovementRate / s.Actions
	} else if s.MovementRate >= 1 {
		diags.Errorf(h.CharsPos, "%s: movement rate %d is beyond the segment chart of %s", who, s.MovementRate, rs.Name)
	}

	seen := map[string]cards.Pos{}
	for _, p := range h.Powers {
		if p.Incomplete {
			continue
		}
		pc := PowerCost{Spec: p, Multiplier: 1}
		pc.Power = rs.Power(p.Name)
		if pc.Power == nil {
			names := make([]string, len(rs.Powers))
			for i, pw := range rs.Powers {
				names[i] = pw.Name
			}
			if near := cards.Suggest(p.Name, names); near != "" {
				diags.Errorf(p.NamePos, "%s: unknown power %q; did you mean %q?", who, p.Name, near)
			} else {
				diags.Errorf(p.NamePos, "%s: unknown power %q; powers: %s", who, p.Name, strings.Join(names, ", "))
			}
		} else if first, dup := seen[p.Name]; dup {
			diags.Errorf(p.NamePos, "%s: %s is bought twice (first at line %d); each power may be bought once", who, p.Name, first.Line)
		} else {
			seen[p.Name] = p.NamePos
		}
		levelOK, usesOK := true, true
		if p.Level < rs.LevelMin || p.Level > rs.LevelMax {
			diags.Errorf(p.LevelPos, "%s: %s: level %d is out of range (%d to %d)", who, p.Name, p.Level, rs.LevelMin, rs.LevelMax)
			levelOK = false
		}
		if !p.Unlimited && (p.Uses < rs.UsesMin || p.Uses > rs.UsesMax) {
			diags.Errorf(p.UsesPos, "%s: %s: %d uses per game is out of range (%d to %d, or unlimited)", who, p.Name, p.Uses, rs.UsesMin, rs.UsesMax)
			usesOK = false
		}
		pc.Gizmo = rs.Gizmos[0].Name
		if p.Gizmo != "" {
			pc.Gizmo = p.Gizmo
		}
		if g, ok := rs.Gizmo(pc.Gizmo); ok {
			pc.Multiplier *= g.Factor
		} else {
			var kinds []string
			for _, g := range rs.Gizmos {
				kinds = append(kinds, g.Name)
			}
			if near := cards.Suggest(pc.Gizmo, kinds); near != "" {
				diags.Errorf(p.GizmoPos, "%s: %s: unknown gizmo %q; did you mean %q?", who, p.Name, pc.Gizmo, near)
			} else {
				diags.Errorf(p.GizmoPos, "%s: %s: unknown gizmo %q; gizmos: %s", who, p.Name, pc.Gizmo, strings.Join(kinds, ", "))
			}
		}
		checkModifiers(who, p, pc.Power, rs, diags, &pc)
		if levelOK && usesOK {
			pc.Base = BaseCost(p.Level, p.Uses, p.Unlimited)
			pc.Cost = Round(pc.Base * pc.Multiplier)
		}
		s.PowerPoints += pc.Cost
		s.Powers = append(s.Powers, pc)
	}
	s.Total = s.PowerPoints + s.CharPoints
	if s.Total > rs.Budget {
		over := s.Total - rs.Budget
		unit := "points"
		if over == 1 {
			unit = "point"
		}
		diags.Errorf(h.Pos, "%s: spends %d points (%d on powers, %d on characteristics); the budget is %d, %d %s over",
			who, s.Total, s.PowerPoints, s.CharPoints, rs.Budget, over, unit)
	}
	s.Valid = !h.ReadErrors && !found.HasErrors()
	return s, found
}

// checkModifiers checks a power's modifiers and multiplies them in.
func checkModifiers(who string, p *PowerSpec, power *Power, rs *Ruleset, diags *cards.Diagnostics, pc *PowerCost) {
	var names []string
	for _, m := range rs.Modifiers {
		names = append(names, m.Name)
	}
	taken := map[string]int{}
	var kept []*Modifier // the modifiers taken so far, in order
	for i, name := range p.Modifiers {
		pos := p.ModPos[i]
		m := rs.Modifier(name)
		if m == nil {
			if near := cards.Suggest(name, names); near != "" {
				diags.Errorf(pos, "%s: %s: unknown modifier %q; did you mean %q?", who, p.Name, name, near)
			} else {
				diags.Errorf(pos, "%s: %s: unknown modifier %q; modifiers: %s", who, p.Name, name, strings.Join(names, ", "))
			}
			continue
		}
		if j, dup := taken[name]; dup {
			diags.Errorf(pos, "%s: %s: modifier %s is given twice (first at line %d)", who, p.Name, name, p.ModPos[j].Line)
			continue
		}
		taken[name] = i
		// a ruleset may declare the exclusion on either modifier
		for _, prev := range kept {
			if slices.Contains(m.Excludes, prev.Name) || slices.Contains(prev.Excludes, name) {
				diags.Errorf(pos, "%s: %s: %s and %s cannot be combined", who, p.Name, prev.Name, name)
			}
		}
		kept = append(kept, m)
		if power != nil {
			switch {
			case m.Applies == "always-on" && !power.AlwaysOn:
				diags.Errorf(pos, "%s: %s cannot be always on: only powers marked ‡ (%s) can", who, p.Name, alwaysOnPowers(rs))
			case m.Applies == "always-on" && !p.Unlimited:
				diags.Errorf(pos, "%s: %s can be always on only with unlimited uses, not %d per game", who, p.Name, p.Uses)
			case !m.AppliesTo(power):
				diags.Errorf(pos, "%s: modifier %s does not apply to %s; it applies to %s", who, name, p.Name, m.appliesText())
			}
		}
		pc.Multiplier *= m.Factor
	}
	pc.Multiplier = math.Round(pc.Multiplier*1e9) / 1e9
}

func alwaysOnPowers(rs *Ruleset) string {
	var out []string
	for _, p := range rs.Powers {
		if p.AlwaysOn {
			out = append(out, p.Name)
		}
	}
	return strings.Join(out, ", ")
}

// UsesText writes a power's uses: "unlimited" or the number.
func (p *PowerSpec) UsesText() string {
	if p.Unlimited {
		return "unlimited"
	}
	return fmt.Sprint(p.Uses)
}
