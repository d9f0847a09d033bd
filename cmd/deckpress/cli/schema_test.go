package cli

import (
	"encoding/json"
	"io/fs"
	"path"
	"strings"
	"testing"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/data"
	"github.com/deckpress/deckpress/internal/jsonschema"
)

// formatOf tells which schema a kit file follows, by its first key.
func formatOf(root *cards.Node) string {
	switch cards.FirstKey(root) {
	case "deck":
		return "deck"
	case "hero", "team", "heroes":
		return "hero"
	case "rules":
		return "rules"
	case "arena":
		return "arena"
	case "project":
		return "project"
	}
	return ""
}

// TestKitFilesValidate: every kit file validates against its format's
// schema (as the JSON that `deckpress schema` prints), and a typo'd key
// fails it.
func TestKitFilesValidate(t *testing.T) {
	checked := 0
	err := fs.WalkDir(data.FS, "kits", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || path.Ext(p) != ".yaml" {
			return err
		}
		src, _ := fs.ReadFile(data.FS, p)
		root, _ := cards.Parse(p, src)
		format := formatOf(root)
		if format == "" {
			return nil
		}
		schema := schemaJSON(t, format)
		if errs := jsonschema.Validate(schema, jsonschema.Value(root)); len(errs) > 0 {
			t.Errorf("%s does not validate as a %s file:\n%s", p, format, strings.Join(errs, "\n"))
		}
		checked++
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 10 {
		t.Errorf("only %d kit files checked", checked)
	}
	for format, typo := range map[string]string{
		"deck":    "deck: x\nsize: poker\nprnt: {paper: a4}\ncards: []\n",
		"hero":    "hero: x\ncharacteristics: {STR: 4, DEX: 4, SIZ: 4, PER: 3}\npowers: [{power: Flight, levl: 1}]\n",
		"rules":   "rules: x\nsections: [{heading: a, txt: b}]\n",
		"arena":   "arena: x\nhexes: {cols: 2, rows: 2}\nterain: {}\n",
		"project": "project: x\ninput: []\n",
	} {
		root, _ := cards.Parse("typo.yaml", []byte(typo))
		if errs := jsonschema.Validate(schemaJSON(t, format), jsonschema.Value(root)); len(errs) == 0 {
			t.Errorf("%s: a typo'd key passes the schema", format)
		}
	}
	for _, bad := range []string{"deck: x\nprint: {duplex: sideways}\n", "deck: x\nsize: huge\n"} {
		root, _ := cards.Parse("bad.yaml", []byte(bad))
		if errs := jsonschema.Validate(schemaJSON(t, "deck"), jsonschema.Value(root)); len(errs) == 0 {
			t.Errorf("%q passes the schema", bad)
		}
	}
}

// schemaJSON returns a format's schema as printed: through JSON, so that
// the test sees what an editor sees.
func schemaJSON(t *testing.T, format string) map[string]any {
	t.Helper()
	code, stdout, stderr := runCLI(t, t.TempDir(), "schema", format)
	if code != 0 {
		t.Fatal(stderr)
	}
	var s map[string]any
	if err := json.Unmarshal([]byte(stdout), &s); err != nil {
		t.Fatal(err)
	}
	return s
}
