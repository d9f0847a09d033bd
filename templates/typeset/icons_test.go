package typeset

import (
	"testing"

	"github.com/deckpress/deckpress/layout"
)

// TestBuiltinIconsInBox checks that every built-in icon is drawn: it has
// an outline or a stroke, every point lies in its 100 × 100 box (strokes
// may reach half their width past it), and its name is unique.
func TestBuiltinIconsInBox(t *testing.T) {
	seen := map[string]bool{}
	for _, ic := range builtinIcons {
		if seen[ic.Name] {
			t.Errorf("icon %q defined twice", ic.Name)
		}
		seen[ic.Name] = true
		if len(ic.Fill.Verbs) == 0 && len(ic.Stroke.Verbs) == 0 {
			t.Errorf("icon %q draws nothing", ic.Name)
		}
		for _, part := range []struct {
			pts   []float64
			slack float64
		}{{flat(ic.Fill.Points), 0}, {flat(ic.Stroke.Points), ic.Width / 2}} {
			for _, v := range part.pts {
				if v < -part.slack || v > 100+part.slack {
					t.Errorf("icon %q has a point at %g, outside its box", ic.Name, v)
					break
				}
			}
		}
	}
}

func flat(pts []layout.Point) []float64 {
	var out []float64
	for _, p := range pts {
		out = append(out, p.X, p.Y)
	}
	return out
}
