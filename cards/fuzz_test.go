package cards

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// addSeeds adds every YAML file under the kits and the bad-input corpus
// as fuzz seeds.
func addSeeds(f *testing.F, globs ...string) {
	for _, g := range globs {
		names, _ := filepath.Glob(g)
		for _, n := range names {
			if b, err := os.ReadFile(n); err == nil {
				f.Add(b)
			}
		}
	}
}

// checkPositions is the fuzz property of every loader: diagnostics of a
// non-empty input have a line, and the loader returned either a value or
// an error.
func checkPositions(t *testing.T, src []byte, diags Diagnostics, value bool) {
	if len(src) == 0 {
		return
	}
	for _, d := range diags {
		if d.Pos.Line < 1 {
			t.Fatalf("diagnostic without a line: %v", d)
		}
	}
	if !value && !diags.HasErrors() {
		t.Fatalf("no value and no error")
	}
}

type fuzzFiles map[string][]byte

func (m fuzzFiles) ReadFile(name string) ([]byte, error) {
	if b, ok := m[name]; ok {
		return b, nil
	}
	return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
}

func FuzzLoadDeck(f *testing.F) {
	addSeeds(f, "../data/kits/*/*.yaml", "../cmd/deckpress/cli/testdata/bad/*.yaml", "testdata/fuzz-seeds/*.yaml")
	f.Fuzz(func(t *testing.T, src []byte) {
		d, diags := LoadDeck("d.yaml", src, fuzzFiles{"c.csv": []byte("name,count\na,1\n")})
		checkPositions(t, src, diags, d != nil)
	})
}

func FuzzCSV(f *testing.F) {
	f.Add([]byte("name,count,fill\nZoobot,2,#3cb44b\nApe,,\n"))
	f.Add([]byte("\xef\xbb\xbfa,b\n\"q\"\"uoted\",\"multi\nline\"\n"))
	f.Add([]byte("a,a\n1,2,3\n"))
	f.Fuzz(func(t *testing.T, csv []byte) {
		src := []byte("deck: csv\ndata: c.csv\n")
		d, diags := LoadDeck("d.yaml", src, fuzzFiles{"c.csv": csv})
		checkPositions(t, src, diags, d != nil)
	})
}

func FuzzProject(f *testing.F) {
	f.Add([]byte("project: x\ninputs: [a.yaml, decks]\nprint: {paper: letter, preset: copyshop}\n"))
	f.Add([]byte("project: [x]\ninputs: 3\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		root, diags := Parse("deckpress.yaml", src)
		var p *Project
		if root != nil {
			var more Diagnostics
			p, more = ReadProject("deckpress.yaml", root)
			diags = append(diags, more...)
		}
		checkPositions(t, src, diags, p != nil)
	})
}
