package combat

import (
	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/rules/gladiators"
)

// Kind is what a power does in combat: one per power of the house list.
type Kind uint8

// The powers of the house list. NoEffect is a power of a user's table
// that the engine does not know: it does nothing in combat.
const (
	NoEffect Kind = iota
	CloseAttack
	DistanceAttack
	EntanglingAttack
	Defenses
	MissileDeflection
	Flight
	Teleport
	Regeneration
	Invisibility
	WallCrawling
	numKinds
)

// kinds maps the house list's names to their effects.
var kinds = map[string]Kind{
	"Close Attack": CloseAttack, "Distance Attack": DistanceAttack, "Entangling Attack": EntanglingAttack,
	"Defenses": Defenses, "Missile Deflection": MissileDeflection, "Flight": Flight, "Teleport": Teleport,
	"Regeneration": Regeneration, "Invisibility": Invisibility, "Wall Crawling": WallCrawling,
}

// Gizmo is a power's gizmo kind.
type Gizmo uint8

// Gizmo kinds: Visible and (once noticed) Hidden gizmos can be hit and
// destroyed; Indestructible gizmos and powers without one cannot.
const (
	Visible Gizmo = iota
	Hidden
	Indestructible
	NoGizmo
)

var gizmos = map[string]Gizmo{"visible": Visible, "hidden": Hidden, "indestructible": Indestructible, "none": NoGizmo}

// Unlimited is Power.Uses for a power without a limit.
const Unlimited = -1

// Power is a bought power, as the engine uses it.
type Power struct {
	Name  string
	Kind  Kind
	Level int
	Uses  int // per game, or Unlimited
	Gizmo Gizmo
	// Works is the d20 roll a use needs to work: 20 (always), 15 or 10
	// (unreliable).
	Works                   int
	Piercing, Missile       bool
	Area, Falloff, AlwaysOn bool
	Cost                    int // points, which the owner's policy uses to value a gizmo
}

// attack reports whether the power is an attack.
func (p *Power) attack() bool {
	return p.Kind == CloseAttack || p.Kind == DistanceAttack || p.Kind == EntanglingAttack
}

// damaging reports whether the power does oomph damage.
func (p *Power) damaging() bool { return p.Kind == CloseAttack || p.Kind == DistanceAttack }

// reach returns how many hexes away the power strikes.
func (p *Power) reach() int {
	if p.Kind == CloseAttack {
		return 1
	}
	return p.Level * 4
}

// breakable reports whether the power's gizmo can be hit.
func (p *Power) breakable() bool { return p.Gizmo == Visible || p.Gizmo == Hidden }

// Hero is a hero as the engine fights with it: characteristics, the
// secondary stats of its sheet, and its powers.
type Hero struct {
	Name               string
	STR, DEX, SIZ, PER int
	CM                 int     // combat modifier
	Oomph              int     // maximum
	Segments           [7]bool // action segments 1–6
	Feet               int     // feet per action segment
	Points             int     // points spent
	Powers             []Power
}

// actions returns the number of the hero's action segments.
func (h *Hero) actions() int {
	n := 0
	for _, s := range h.Segments {
		if s {
			n++
		}
	}
	return n
}

// FromSheet makes the combat hero of a computed sheet, which must be
// valid. A power or a modifier the engine does not know (from a user's
// table) is a warning: it does nothing in combat.
func FromSheet(s *gladiators.Sheet) (Hero, cards.Diagnostics) {
	var diags cards.Diagnostics
	h := s.Hero
	c := Hero{Name: h.Name, STR: h.Chars[0], DEX: h.Chars[1], SIZ: h.Chars[2], PER: h.Chars[3],
		CM: s.CombatModifier, Oomph: s.Oomph, Feet: s.FeetPerSegment, Points: s.Total}
	for _, seg := range s.Segments {
		if seg >= 1 && seg <= 6 {
			c.Segments[seg] = true
		}
	}
	for _, pc := range s.Powers {
		spec := pc.Spec
		p := Power{Name: spec.Name, Kind: kinds[spec.Name], Level: spec.Level, Uses: spec.Uses, Works: 20, Cost: pc.Cost}
		if spec.Unlimited {
			p.Uses = Unlimited
		}
		if p.Kind == NoEffect {
			diags.Warnf(spec.NamePos, "hero %q: %s has no effect in combat: the engine knows only the house list's powers", h.Name, spec.Name)
		}
		g, ok := gizmos[pc.Gizmo]
		if !ok {
			diags.Warnf(spec.GizmoPos, "hero %q: %s: gizmo %q is fought as a visible one", h.Name, spec.Name, pc.Gizmo)
		}
		p.Gizmo = g
		for i, m := range spec.Modifiers {
			switch m {
			case "piercing":
				p.Piercing = true
			case "missile":
				p.Missile = true
			case "area":
				p.Area = true
			case "area-falloff":
				p.Falloff = true
			case "unreliable-15":
				p.Works = min(p.Works, 15)
			case "unreliable-10":
				p.Works = min(p.Works, 10)
			case "always-on":
				p.AlwaysOn = true
			default:
				diags.Warnf(spec.ModPos[i], "hero %q: %s: modifier %s has no effect in combat", h.Name, spec.Name, m)
			}
		}
		c.Powers = append(c.Powers, p)
	}
	return c, diags
}
