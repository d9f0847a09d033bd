package combat

import (
	"strings"
	"testing"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/rules/gladiators"
)

// TestFromSheet: a sheet's numbers and a power's modifiers come through;
// what the engine does not know is a warning on its line.
func TestFromSheet(t *testing.T) {
	voltage := kitTeam(t, "voltage-crew")[0] // STR 3, DEX 5, SIZ 3, PER 4
	if voltage.CM != 13 || voltage.Oomph != 27 || voltage.Feet != 5 || voltage.Points != 194 ||
		!voltage.Segments[2] || !voltage.Segments[4] || !voltage.Segments[6] || voltage.Segments[1] {
		t.Errorf("Lady Voltage: %+v", voltage)
	}
	da := voltage.Powers[0] // Distance Attack 3, unlimited, gizmo none, piercing
	if da.Kind != DistanceAttack || da.Level != 3 || da.Uses != Unlimited || da.Gizmo != NoGizmo || !da.Piercing || da.Missile || da.Works != 20 || da.Cost != 151 {
		t.Errorf("her Distance Attack: %+v", da)
	}
	if fl := voltage.Powers[1]; fl.Kind != Flight || fl.Uses != 5 || fl.Gizmo != Hidden {
		t.Errorf("her Flight: %+v", fl)
	}
	breaker := kitTeam(t, "voltage-crew")[1].Powers[2] // Distance Attack 2, 6 uses, missile (reliable: works on 20)
	if !breaker.Missile || breaker.Works != 20 || breaker.Uses != 6 {
		t.Errorf("Circuit Breaker's Distance Attack: %+v", breaker)
	}
	at := cards.Pos{File: "h.yaml", Line: 7, Col: 3}
	s := &gladiators.Sheet{Hero: &gladiators.Hero{Name: "Zip"}, Powers: []gladiators.PowerCost{
		{Spec: &gladiators.PowerSpec{Name: "Super Speed", NamePos: at, Level: 2, Unlimited: true}, Gizmo: "visible"},
		{Spec: &gladiators.PowerSpec{Name: "Close Attack", Level: 1, Unlimited: true, GizmoPos: at, Modifiers: []string{"glowing"}, ModPos: []cards.Pos{at}}, Gizmo: "gilded"},
	}}
	h, diags := FromSheet(s)
	for _, d := range diags {
		if !strings.HasPrefix(d.String(), "h.yaml:7:3: warning: hero \"Zip\": ") {
			t.Errorf("not a positioned warning: %s", d)
		}
	}
	if len(diags) != 3 || h.Powers[0].Kind != NoEffect || h.Powers[1].Gizmo != Visible {
		t.Errorf("unknown power, modifier and gizmo: %v; %+v", diags, h.Powers)
	}
}
