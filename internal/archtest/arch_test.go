package archtest

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

const module = "github.com/deckpress/deckpress/"

// allowed lists, per package (and its sub-packages unless listed), the
// module packages and third-party modules it may depend on, directly or not.
var allowed = map[string][]string{
	"cards":         {"go.yaml.in/yaml/v3"},
	"layout":        {},
	"data":          {},
	"templates":     {"cards", "layout", "golang.org/x/image", "golang.org/x/text", "go.yaml.in/yaml/v3"},
	"output":        {"cards", "layout", "templates", "golang.org/x/image", "golang.org/x/text", "go.yaml.in/yaml/v3"},
	"output/pdf":    {"output", "cards", "layout", "templates", "codeberg.org/go-pdf/fpdf", "golang.org/x/image", "golang.org/x/text", "go.yaml.in/yaml/v3"},
	"rules":         {"rules", "cards", "data", "layout", "go.yaml.in/yaml/v3"}, // rules packages build on one another (the runner, the hero engine); layout for hex geometry
	"output/report": {"output", "cards", "layout", "templates", "golang.org/x/image", "golang.org/x/text", "go.yaml.in/yaml/v3"},
	"output/png":    {"output", "cards", "layout", "templates", "github.com/fogleman/gg", "github.com/golang/freetype", "golang.org/x/image", "golang.org/x/text", "go.yaml.in/yaml/v3"},
	"output/tts":    {"output", "output/png", "cards", "layout", "templates", "github.com/fogleman/gg", "github.com/golang/freetype", "golang.org/x/image", "golang.org/x/text", "go.yaml.in/yaml/v3"},
	"rulestext":     {"cards", "layout", "templates", "golang.org/x/image", "golang.org/x/text", "go.yaml.in/yaml/v3"},
	"arena":         {"cards", "layout", "templates", "output", "golang.org/x/image", "golang.org/x/text", "go.yaml.in/yaml/v3"},
	"internal":      {"cards", "go.yaml.in/yaml/v3"},
}

func TestDependencyDirection(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "-f", `{{.ImportPath}} {{join .Deps " "}}`, "../../...").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		pkg, ok := strings.CutPrefix(fields[0], module)
		if !ok {
			continue
		}
		rule, ruled := ruleFor(pkg)
		if !ruled {
			continue
		}
		for _, dep := range fields[1:] {
			if !strings.Contains(strings.SplitN(dep, "/", 2)[0], ".") && !strings.HasPrefix(dep, module) {
				continue // standard library
			}
			if d, own := strings.CutPrefix(dep, module); own {
				if d == pkg || strings.HasPrefix(d, pkg+"/") || permitted(rule, d) {
					continue
				}
				t.Errorf("%s must not depend on %s", pkg, d)
				continue
			}
			if !permitted(rule, dep) {
				t.Errorf("%s must not depend on %s", pkg, dep)
			}
		}
	}
}

// ruleFor returns the rule of pkg: its own entry, or its nearest parent's.
func ruleFor(pkg string) ([]string, bool) {
	for p := pkg; p != "" && p != "."; {
		if r, ok := allowed[p]; ok {
			return r, true
		}
		i := strings.LastIndex(p, "/")
		if i < 0 {
			break
		}
		p = p[:i]
	}
	return nil, false
}

func permitted(rule []string, dep string) bool {
	for _, a := range rule {
		if dep == a || strings.HasPrefix(dep, a+"/") {
			return true
		}
	}
	return false
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
