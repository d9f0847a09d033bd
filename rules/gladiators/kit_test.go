package gladiators

import (
	"io/fs"
	"testing"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/data"
)

// TestKitHeroes: the kit's sample heroes are two teams of four (the source
// asks for four to eight), all valid, each spending at least three quarters
// of the budget, and together use every modifier and every gizmo kind.
func TestKitHeroes(t *testing.T) {
	rs, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	names, _ := fs.Glob(data.FS, "kits/gladiators/*.yaml")
	usedMods, usedGizmos := map[string]bool{}, map[string]bool{}
	teams := 0
	for _, n := range names {
		src, _ := fs.ReadFile(data.FS, n)
		root, diags := cards.Parse(n, src)
		if !IsHeroFile(root) {
			continue
		}
		f, ds := ReadFile(n, root)
		diags = append(diags, ds...)
		teams++
		if f.Team == "" || len(f.Heroes) != 4 {
			t.Errorf("%s: team %q with %d heroes, want a team of four", n, f.Team, len(f.Heroes))
		}
		for _, h := range f.Heroes {
			s, ds := Compute(h, rs)
			diags = diags.Extend(ds)
			if !s.Valid {
				t.Errorf("%s: %s is not valid", n, h.Name)
			}
			if 4*s.Total < 3*s.Budget {
				t.Errorf("%s: %s spends %d of %d points, want at least three quarters", n, h.Name, s.Total, s.Budget)
			}
			for _, p := range s.Powers {
				usedGizmos[p.Gizmo] = true
				for _, m := range p.Spec.Modifiers {
					usedMods[m] = true
				}
			}
		}
		if len(diags) != 0 {
			t.Errorf("%s: %v", n, diags.Sort())
		}
	}
	if teams != 2 {
		t.Errorf("%d teams, want 2", teams)
	}
	for _, m := range rs.Modifiers {
		if !usedMods[m.Name] {
			t.Errorf("no sample hero uses modifier %s", m.Name)
		}
	}
	for _, g := range rs.Gizmos {
		if !usedGizmos[g.Name] {
			t.Errorf("no sample hero has a %s gizmo", g.Name)
		}
	}
}
