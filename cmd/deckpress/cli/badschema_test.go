package cli

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/internal/jsonschema"
)

// keyError is a diagnostic of a missing, unknown or mistyped key, or of a
// value out of its range or not among its names.
var keyError = regexp.MustCompile(`: error: (.*unknown key "|.*needs "|.*expected (text|a whole number|a number|a list|a mapping|yes or no|true or false)[a-z ]*, found` +
	`|.*must be between|.*is out of range|.*must not be negative|.*unknown value "|.*unknown unit|.*is not a font size|.*unknown (element|power|modifier|gizmo|card size|paper) )`)

// inner is a diagnostic about another file the input names, at its own
// position (icons.big: big.svg:2:3: …): no schema of the input sees it.
var inner = regexp.MustCompile(`: error: [^ ]*: [^ ]+:[0-9]+:[0-9]+: `)

// TestBadInputsFailTheSchema: every input of the bad-input corpus that the
// loader rejects for a missing, unknown or mistyped key in the file itself,
// or for a value out of range or not among its names, fails its format's
// JSON Schema too, so an editor flags what a build refuses.
func TestBadInputsFailTheSchema(t *testing.T) {
	names, err := filepath.Glob(filepath.Join("testdata", "bad", "*.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, p := range names {
		base := filepath.Base(p)
		want, err := os.ReadFile(strings.TrimSuffix(p, ".yaml") + ".txt")
		if err != nil {
			continue
		}
		var own []string
		for _, line := range strings.Split(string(want), "\n") {
			if strings.HasPrefix(line, base+":") && keyError.MatchString(line) && !inner.MatchString(line) {
				own = append(own, line)
			}
		}
		if len(own) == 0 {
			continue
		}
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		root, _ := cards.Parse(base, src)
		format := formatOf(root)
		if format == "" {
			continue
		}
		checked++
		if errs := jsonschema.Validate(schemaJSON(t, format), jsonschema.Value(root)); len(errs) == 0 {
			t.Errorf("%s passes the %s schema, but the loader says:\n%s", base, format, strings.Join(own, "\n"))
		}
	}
	if checked < 7 {
		t.Errorf("only %d bad inputs checked", checked)
	}
}
