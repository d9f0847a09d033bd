package templates

import (
	"sync"
	"testing"
)

// A template file given by content is parsed once, however many loads and
// goroutines ask for it; another content is another tree.
func TestSourcesParsedOnce(t *testing.T) {
	a := Source{Path: "a.yaml", Data: []byte("templates:\n  t: {elements: []}\n")}
	changed := Source{Path: "a.yaml", Data: []byte("templates:\n  u: {elements: []}\n")}
	Preparse([]Source{a})
	roots := make([]*parsedSource, 8)
	var wg sync.WaitGroup
	for i := range roots {
		wg.Go(func() { p := parseSource(a); roots[i] = &p })
	}
	wg.Wait()
	for _, p := range roots {
		if p.root == nil || p.root != roots[0].root {
			t.Fatalf("trees %p and %p of one file", p.root, roots[0].root)
		}
	}
	if p := parseSource(changed); p.root == roots[0].root || p.root.Key("templates").Key("u") == nil {
		t.Errorf("a changed file gives the tree of the first")
	}
	if p := parseSource(Source{Path: "b.yaml", Data: []byte("templates: [\n")}); p.root != nil || !p.diags.HasErrors() {
		t.Errorf("a broken file: tree %v, problems %v", p.root, p.diags)
	}
}
