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
	case "templates":
		return "template"
	case "ruleset":
		return "ruleset"
	case "slugfest":
		return "slugfest"
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

// TestKitFilesValidate: every kit YAML file has a schema and validates
// against it (as the JSON that `deckpress schema` prints), and a typo'd
// key fails it.
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
			t.Errorf("%s has no schema (it starts with %q)", p, cards.FirstKey(root))
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
	if checked < 17 {
		t.Errorf("only %d kit files checked; the kits hold 17", checked)
	}
	for format, typo := range map[string]string{
		"deck":     "deck: x\nsize: poker\nprnt: {paper: a4}\ncards: []\n",
		"hero":     "hero: x\ncharacteristics: {STR: 4, DEX: 4, SIZ: 4, PER: 3}\npowers: [{power: Flight, levl: 1}]\n",
		"rules":    "rules: x\nsections: [{heading: a, txt: b}]\n",
		"arena":    "arena: x\nhexes: {cols: 2, rows: 2}\nterain: {}\n",
		"project":  "project: x\ninput: []\n",
		"template": "templates:\n  t: {elements: [{text: {value: a, colur: red}}]}\n",
		"ruleset":  "ruleset: x\nbudjet: 3\n",
		"slugfest": "slugfest: x\nteams: [{team: a, members: [{hero: b, abilites: [c]}]}]\n",
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

// TestSchemaValues: the schemas type every value the loaders check: an
// element property's type, name or range (a {{field}} allowed in its
// place), a hero's power, gizmo and modifier names and limits; names are
// taken in any case, as the loaders take them.
func TestSchemaValues(t *testing.T) {
	deck := func(element string) string {
		return "deck: x\ncards: []\ntemplates:\n  t:\n    elements:\n      - " + element + "\n"
	}
	hero := func(power string) string {
		return "hero: Zap\ncharacteristics: {STR: 4, DEX: 4, SIZ: 4, PER: 3}\npowers:\n  - " + power + "\n"
	}
	for _, c := range []struct {
		format, src string
		valid       bool
	}{
		{"deck", deck("text: {x: 4, y: 10%, w: 2cm, h: 12, value: a, align: center, fit: shrink, size: 12}"), true},
		{"deck", deck("text: {x: left, value: a}"), false},
		{"deck", deck("text: {align: centre, value: a}"), false},
		{"deck", deck("text: {fit: shrunk, value: a}"), false},
		{"deck", deck("text: {size: 0, value: a}"), false},
		{"deck", deck("text: {size: 1001, value: a}"), false},
		{"deck", deck("text: {line-height: 9, value: a}"), false},
		{"deck", deck("text: {w: -3, value: a}"), false},
		{"deck", deck("text: {x: 3furlongs, value: a}"), false},
		{"deck", deck("text: {colur: red, value: a}"), false},
		{"deck", deck("text: {x: 4}"), false}, // value is required
		{"deck", deck(`text: {x: "{{left}}", align: "{{align}}", size: "{{size}}", value: a}`), true},
		{"deck", deck("text: {align: Center, fit: SHRINK, value: a}"), true},
		{"deck", deck("boxes: {count: 1001}"), false},
		{"deck", deck("boxes: {count: 3, mark: tick}"), false},
		{"deck", deck("boxes: {count: 3, marked: [1, 3], mark: dot}"), true},
		{"deck", deck("polygon: {sides: 2}"), false},
		{"deck", deck("polygon: {points: [[0, 0], [1, 1, 1]]}"), false},
		{"deck", deck("image: {src: a.png, fit: squash}"), false},
		{"deck", deck("line: {x1: 0, y1: 0, x2: 5}"), false},
		{"deck", deck("repeat: {field: f, item-height: 5, elements: [{text: {valign: center, value: a}}]}"), false},
		{"deck", deck("repeat: {field: f, item-height: 5, elements: [{text: {valign: middle, value: a}}]}"), true},
		{"deck", "deck: x\ncards: []\nprint: {paper: A4, duplex: Long}\n", true},
		{"deck", "deck: x\ndata: [a.csv, {file: b.xlsx, sheet: S}]\n", true},
		{"deck", "deck: x\ndata: {file: b.xlsx, shet: S}\n", false},
		{"deck", "deck: x\ndata: {file: b.csv, delimiter: '|'}\n", false},
		{"hero", hero("{power: Flight, level: 2, gizmo: hidden, modifiers: [piercing]}"), true},
		{"hero", hero("{power: flight, level: 2}"), true},
		{"hero", hero("{power: Flihgt, level: 2}"), false},
		{"hero", hero("{power: Flight, level: 2, gizmo: invisible}"), false},
		{"hero", hero("{power: Flight, level: 2, modifiers: [piercnig]}"), false},
		{"hero", hero("{power: Flight, level: 11}"), false},
		{"hero", hero("{power: Flight, level: 2, uses: 31}"), false},
		// a file with its own ruleset may name what that ruleset adds
		{"hero", "ruleset: mine.yaml\n" + hero("{power: Flihgt, level: 2, gizmo: invisible}"), true},
		{"ruleset", "ruleset: x\ncharacteristics: {points: 3, cost: 30}\n", false},
		{"ruleset", "ruleset: x\nsegments: {rows: [{from: 1, segments: [7]}]}\n", false},
		{"ruleset", "ruleset: x\nmodifiers: {kinds: {m: {factor: 2, applies: most}}}\n", false},
		{"ruleset", "ruleset: x\nmodifiers: {kinds: {m: {factor: 2, applies: Attacks}}}\n", true},
		// what the loaders require, the schemas require too
		{"arena", "arena: x\nhexes: {cols: 4, rows: 4}\nterrain: {lava: {fill: red}}\npaint: [{terrain: lava, ring: {centre: [1, 1], radius: 1}}]\nlabels: [{at: [0, 0], text: a}]\n", true},
		{"arena", "arena: x\nhexes: {cols: 4, rows: 4}\nterrain: {lava: {hatch: dots}}\n", false},
		{"arena", "arena: x\nhexes: {cols: 4, rows: 4}\nlabels: [{text: a}]\n", false},
		{"arena", "arena: x\nhexes: {cols: 4, rows: 4}\npaint: [{terrain: lava, ring: {centre: [1, 1]}}]\n", false},
		{"arena", "arena: x\nhexes: {cols: 4, rows: 201}\n", false},
		{"arena", "arena: x\nhexes: {cols: 4, rows: 4}\nlabels: [{at: [0, 0, 0], text: a}]\n", false},
		{"deck", "deck: x\ncards: []\nsets: {by: player}\n", false},
		{"deck", "deck: x\ncards: []\nsets: {kinds: [a]}\n", false},
		{"deck", "deck: x\ncards: []\nsets: {by: player, kinds: [a]}\n", true},
		{"slugfest", "slugfest: x\nteams: teams.txt\n", true},
		{"slugfest", "slugfest: x\nteams: [{team: a}]\n", false},
	} {
		root, _ := cards.Parse("x.yaml", []byte(c.src))
		errs := jsonschema.Validate(schemaJSON(t, c.format), jsonschema.Value(root))
		if valid := len(errs) == 0; valid != c.valid {
			t.Errorf("%s %q: valid %v, want %v %v", c.format, c.src, valid, c.valid, errs)
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
