package templates_test

import (
	"flag"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/templates"
)

// reference is the design-language reference, whose tables of elements
// and properties are made from the shapes the compiler checks.
const reference = "../docs/design-language.md"

const (
	beginTables = "<!-- the element tables below are made by TestDesignLanguageReference from templates/shapes.go; `go test ./templates/ -run TestDesignLanguageReference -update` rewrites them -->"
	endTables   = "<!-- end of the made tables -->"
)

// describe says in words what values a shape takes.
func describe(s *cards.Shape) string {
	field := false
	var alts []string
	for _, a := range s.AnyOf {
		if a.Pattern == `\{\{[^{}]*\}\}` {
			field = true
			continue
		}
		alts = append(alts, describe(a))
	}
	var out string
	switch {
	case s.Title == "length":
		out = "length: mm, or a number with mm, cm, in, pt"
	case s.Title == "length or %":
		out = "length: mm, or a number with mm, cm, in, pt, or % of the card"
	case s.Title == "font size":
		out = "points, or a size with a unit"
	case len(s.Enum) > 0:
		names := make([]string, len(s.Enum))
		for i, n := range s.Enum {
			names[i] = "`" + n + "`"
		}
		out = strings.Join(names, ", ")
	case len(alts) > 0:
		out = strings.Join(alts, ", or ")
	case s.Type == "string":
		out = "text"
	case s.Type == "boolean":
		out = "true or false"
	case s.Type == "integer" || s.Type == "number":
		out = map[string]string{"integer": "whole number", "number": "number"}[s.Type]
		if s.Min != nil && s.Max != nil {
			out += fmt.Sprintf(" %g–%g", *s.Min, *s.Max)
		}
	case s.Type == "array" && s.Len > 0:
		out = fmt.Sprintf("[%d × %s]", s.Len, describe(s.Items))
	case s.Type == "array":
		out = "list of " + describe(s.Items)
	case s.Type == "object":
		keys := s.Keys()
		out = "{" + strings.Join(keys, ", ") + "}"
	default:
		out = "any value"
	}
	if len(s.AnyOf) > 0 && len(alts) == 1 && s.Title == "" && out == alts[0] {
		out = alts[0]
	}
	if field {
		out += "; or `{{field}}`"
	}
	return out
}

// tables writes the reference's tables: each element kind with its
// properties.
func tables() string {
	var b strings.Builder
	b.WriteString(beginTables + "\n\n")
	for _, alt := range templates.Shape().Prop("elements").Items.AnyOf {
		kind := alt.Required[0]
		body := alt.Prop(kind)
		fmt.Fprintf(&b, "### %s\n\n%s.", kind, upper(body.Desc))
		if len(body.Required) > 0 {
			fmt.Fprintf(&b, " Required: `%s`.", strings.Join(body.Required, "`, `"))
		}
		b.WriteString("\n\n| property | value | what it does, its default |\n|---|---|---|\n")
		for _, p := range body.Props {
			if p.Name == "id" || p.Name == "if" {
				continue
			}
			fmt.Fprintf(&b, "| `%s` | %s | %s |\n", p.Name, cell(describe(p.Shape)), cell(p.Shape.Desc))
		}
		b.WriteString("\n")
	}
	b.WriteString(endTables)
	return b.String()
}

// cell escapes a table cell's text: bars, and the stars of the markup
// the descriptions quote.
func cell(s string) string {
	return strings.NewReplacer("|", `\|`, "*", `\*`).Replace(s)
}

func upper(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// TestDesignLanguageReference keeps docs/design-language.md in step with
// the code: its element tables are the ones made from the shapes, and its
// headings under "Elements" name exactly the element kinds the compiler
// knows.
func TestDesignLanguageReference(t *testing.T) {
	src, err := os.ReadFile(reference)
	if err != nil {
		t.Fatal(err)
	}
	doc := string(src)
	i, j := strings.Index(doc, beginTables), strings.Index(doc, endTables)
	if i < 0 || j < i {
		t.Fatalf("%s lacks the markers of its made tables", reference)
	}
	made := doc[:i] + tables() + doc[j+len(endTables):]
	if f := flag.Lookup("update"); f != nil && f.Value.String() == "true" {
		if err := os.WriteFile(reference, []byte(made), 0o644); err != nil {
			t.Fatal(err)
		}
		doc = made
	} else if made != doc {
		t.Errorf("%s: the element tables differ from the shapes; run the test with -update and review the diff", reference)
	}

	// the headings, read from the document as a reader sees it
	_, elements, ok := strings.Cut(doc, "\n## Elements\n")
	if !ok {
		t.Fatalf("%s has no Elements section", reference)
	}
	elements, _, _ = strings.Cut(elements, "\n## ")
	var headings []string
	for _, m := range regexp.MustCompile(`(?m)^### (\S+)$`).FindAllStringSubmatch(elements, -1) {
		headings = append(headings, m[1])
	}
	var kinds []string
	for _, alt := range templates.Shape().Prop("elements").Items.AnyOf {
		kinds = append(kinds, alt.Required[0])
	}
	slices.Sort(headings)
	if !slices.Equal(headings, kinds) {
		t.Errorf("the reference's element headings %v are not the element kinds %v", headings, kinds)
	}
	// each kind is also one the compiler takes
	for _, k := range kinds {
		if _, diags := render(t, "elements:\n  - "+k+": {}\n", "{}"); strings.Contains(fmt.Sprint(diags), "unknown element") {
			t.Errorf("%s: the compiler does not know it", k)
		}
	}
}
