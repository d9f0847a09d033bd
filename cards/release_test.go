package cards

import (
	"testing"

	"go.yaml.in/yaml/v3"
)

// A list no alias can reach lets go of the parser's nodes as it is
// converted, so that a long list of cards is not held twice; the items of
// an anchored list are kept, for its aliases. Lists after an anchored
// value are let go again.
func TestConvertReleasesParserNodes(t *testing.T) {
	src := "a: &x [1, 2]\nb: [3, 4]\nc: *x\nd: {e: [5]}\n"
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(src), &doc); err != nil {
		t.Fatal(err)
	}
	top := doc.Content[0]
	anchored, plain, inner := top.Content[1], top.Content[3], top.Content[7].Content[1]
	var diags Diagnostics
	c := converter{path: "d.yaml", diags: &diags, src: []byte(src)}
	root := c.convert(top, 0)
	assertDiags(t, diagStrings(diags), nil)
	for _, l := range []struct {
		name string
		y    *yaml.Node
		kept bool
	}{
		{"the anchored list", anchored, true},
		{"a list after it", plain, false},
		{"a list in a mapping after it", inner, false},
	} {
		for i, item := range l.y.Content {
			if (item != nil) != l.kept {
				t.Errorf("%s: item %d kept is %v, want %v", l.name, i, item != nil, l.kept)
			}
		}
	}
	for _, k := range []string{"a", "c"} {
		if n := root.Key(k); len(n.Content) != 2 || n.Content[0].Value != "1" || n.Content[1].Value != "2" {
			t.Errorf("%s: %v, want [1 2]", k, n.Content)
		}
	}
}
