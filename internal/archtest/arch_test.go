package archtest

import (
	"encoding/json"
	"go/parser"
	"go/token"
	"io/fs"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/deckpress/deckpress"

// topLevel is the design card's top level: every package lives in one of
// these folders.
var topLevel = []string{"cmd", "cards", "layout", "rules", "data", "templates", "output", "internal"}

// Third-party modules, by the adapter package each is confined to.
const (
	yaml     = "go.yaml.in/yaml/v3"
	xImage   = "golang.org/x/image"
	fpdf     = "codeberg.org/go-pdf/fpdf"
	gg       = "github.com/fogleman/gg"
	cobra    = "github.com/spf13/cobra"
	pflag    = "github.com/spf13/pflag"
	fsnotify = "github.com/fsnotify/fsnotify"
	chromedp = "github.com/chromedp/chromedp"
	excelize = "github.com/xuri/excelize/v2"
)

// allowed lists, for every package of the module, the module packages and
// third-party modules it may import directly (the standard library is
// always allowed). Because every package is listed, what a package may
// depend on indirectly follows: rules cannot reach fpdf, since nothing it
// may import does.
var allowed = map[string][]string{
	"cards": {yaml, "layout", "cards/xlsx", "internal/excerpt"}, // layout: the print options' table
	// the xlsx adapter: the one package that reads workbooks
	"cards/xlsx": {excelize, "internal/excerpt"},
	"layout":     {},
	"data":       {},

	"rules":            {},
	"rules/compose":    {"cards"},
	"rules/gladiators": {"cards", "data"},
	// the combat engine and the seeded runner; layout for hex geometry
	"rules/gladiators/combat": {"cards", "layout", "rules/gladiators", "rules/sim"},
	"rules/sim":               {},
	"rules/slugfest":          {"cards", "rules/sim"},
	"rules/galaga":            {"cards", "rules/sim"},
	"rules/audition":          {"cards", "rules/sim"},

	// x/image in draw is its table of CSS colour names
	"templates/draw":    {"layout", xImage},
	"templates/typeset": {"layout", "templates/draw", xImage},
	"templates":         {"cards", "layout", "templates/draw", "templates/svg", "templates/typeset", xImage},
	// the SVG reader: its own, on encoding/xml (the README says why)
	"templates/svg":       {"cards", "layout", "templates/draw"},
	"templates/rulestext": {"cards", "layout", "templates/draw", "templates/typeset"},

	"output":        {"cards", "layout", "templates", "templates/draw", "templates/typeset"},
	"output/arena":  {"cards", "layout", "templates/draw", "templates/typeset"},
	"output/pdf":    {"layout", "templates/draw", fpdf},
	"output/png":    {"layout", "templates/draw", gg},
	"output/report": {"layout", "templates/draw", "templates/typeset"},
	"output/tts":    {"cards", "layout", "output", "output/png"},
	"output/pod":    {"layout", "output", "output/pdf", "output/png"},

	// the pipeline as a library: everything below, but no cobra
	"output/build": {"cards", "data", "internal/safefile", "layout", "output", "output/arena", "output/pdf", "output/png", "output/pod", "output/tts",
		"rules/compose", "rules/galaga", "rules/gladiators", "rules/slugfest", "templates", "templates/draw", "templates/rulestext", "templates/typeset"},
	// the balance lab as a library: sides and arena loaded through build,
	// the fights, the round robin's report and its back ends; the other
	// games' teams, decks and round files
	"output/build/simulate": {"cards", "data", "layout", "output", "output/arena", "output/build", "output/pdf", "output/png",
		"output/report", "rules/audition", "rules/galaga", "rules/gladiators", "rules/gladiators/combat", "rules/sim", "rules/slugfest", "templates/draw"},

	"cmd/deckpress":       {"cmd/deckpress/cli"},
	"cmd/deckpress/watch": {fsnotify},
	// the live studio: the library, the PNG back end, the rules engine and
	// the labs
	// behind net/http; chromedp only in its browser test
	"cmd/deckpress/studio": {"cards", "internal/safefile", "layout", "output", "output/build", "output/build/simulate", "output/png", "rules/compose", "rules/gladiators", "templates/draw", "cmd/deckpress/watch"},
	// flags, printing and the library; what it may parse a flag into
	// (combat: a --policy and the open field; arena: the start zones'
	// places; the other engines: their policies, options and reports, and
	// sim: a lab's progress callback)
	"cmd/deckpress/cli": {"cards", "data", "layout", "output", "output/arena", "output/build", "output/build/simulate", "output/pod", "output/tts",
		"rules/audition", "rules/galaga", "rules/gladiators", "rules/gladiators/combat", "rules/sim", "rules/slugfest", "templates/draw",
		"cmd/deckpress/watch", "cmd/deckpress/studio", cobra, pflag},

	"internal/archtest":   {},
	"internal/fuzzcheck":  {"cards"},
	"internal/golden":     {},
	"internal/jsonschema": {"cards"},
	"internal/testdecks":  {},
	"internal/testtool":   {},
	"internal/pathtest":   {"layout"},
	"internal/safefile":   {},
	"internal/excerpt":    {},
}

type pkg struct {
	ImportPath   string
	Imports      []string
	TestImports  []string
	XTestImports []string
}

// packages lists the module's packages with their (non-test) imports.
func packages(t *testing.T) []pkg {
	t.Helper()
	out, err := exec.Command("go", "list", "-json=ImportPath,Imports,TestImports,XTestImports", module+"/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	var pkgs []pkg
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for dec.More() {
		var p pkg
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		p.ImportPath = strings.TrimPrefix(p.ImportPath, module+"/")
		pkgs = append(pkgs, p)
	}
	return pkgs
}

// TestTopLevel keeps the module's top level to the design card's folders.
func TestTopLevel(t *testing.T) {
	for _, p := range packages(t) {
		top, _, _ := strings.Cut(p.ImportPath, "/")
		if !slices.Contains(topLevel, top) {
			t.Errorf("package %s is outside the design card's top level %v", p.ImportPath, topLevel)
		}
	}
}

// TestDependencyDirection checks every package's imports against its
// entry in allowed; a package without an entry is an error too.
func TestDependencyDirection(t *testing.T) {
	seen := map[string]bool{}
	for _, p := range packages(t) {
		seen[p.ImportPath] = true
		rule, ok := allowed[p.ImportPath]
		if !ok {
			t.Errorf("package %s has no entry in allowed: say what it may import", p.ImportPath)
			continue
		}
		for _, imp := range p.Imports {
			dep, own := strings.CutPrefix(imp, module+"/")
			if !own && !strings.Contains(strings.SplitN(imp, "/", 2)[0], ".") {
				continue // standard library
			}
			if !permitted(rule, dep) {
				t.Errorf("%s must not import %s", p.ImportPath, imp)
			}
		}
	}
	for p := range allowed {
		if !seen[p] {
			t.Errorf("allowed names %s, which is not a package of the module", p)
		}
	}
}

func permitted(rule []string, dep string) bool {
	for _, a := range rule {
		if dep == a || (strings.Contains(a, ".") && strings.HasPrefix(dep, a+"/")) {
			return true
		}
	}
	return false
}

// TestUpdateFlagEverywhere keeps 'go test ./... -update' working: a test
// binary fails on a flag it does not define, so the tests of every package
// import internal/golden, which defines -update.
func TestUpdateFlagEverywhere(t *testing.T) {
	for _, p := range packages(t) {
		tests := append(slices.Clone(p.TestImports), p.XTestImports...)
		if len(tests) > 0 && !slices.Contains(tests, module+"/internal/golden") {
			t.Errorf("the tests of %s do not import internal/golden: 'go test ./... -update' fails there", p.ImportPath)
		}
	}
}

// TestChromedpOnlyInTheBrowserTest keeps the browser driver to the
// studio's tests: the binary never links it, and no other package's tests
// start a browser.
func TestChromedpOnlyInTheBrowserTest(t *testing.T) {
	for _, p := range packages(t) {
		tests := append(slices.Clone(p.TestImports), p.XTestImports...)
		for _, imp := range slices.Concat(p.Imports, tests) {
			if imp != chromedp && !strings.HasPrefix(imp, chromedp+"/") {
				continue
			}
			if p.ImportPath != "cmd/deckpress/studio" || slices.Contains(p.Imports, imp) {
				t.Errorf("%s imports %s: only the studio's browser test may", p.ImportPath, imp)
			}
		}
	}
}

// TestYAMLOnlyInLoaders keeps the YAML library in cards/load.go: every
// format is read through the one strict, positioned reader there.
func TestYAMLOnlyInLoaders(t *testing.T) {
	root := filepath.Join("..", "..")
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		for _, imp := range f.Imports {
			if strings.Contains(imp.Path.Value, "yaml") && filepath.ToSlash(rel) != "cards/load.go" {
				t.Errorf("%s imports %s; read YAML through cards.Parse", rel, imp.Path.Value)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
