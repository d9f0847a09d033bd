package cli

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/spf13/pflag"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/internal/jsonschema"
	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/output"
)

// boundaries are, for a print option, values at and just past its limits
// (a flag's form), with whether each is within them.
func boundaries(o layout.PrintOption) []struct {
	flag string
	ok   bool
} {
	type v = struct {
		flag string
		ok   bool
	}
	mm := func(x float64) string { return strings.TrimSuffix(fmt.Sprintf("%.2f", x), ".00") + "mm" }
	switch o.Kind {
	case layout.OptionEnum:
		out := []v{{"nope", false}, {"", false}}
		for _, name := range o.Enum {
			out = append(out, v{name, true})
		}
		return out
	case layout.OptionLength:
		return []v{{mm(o.Min), true}, {mm(o.Max), true}, {mm(o.Min - 0.01), false}, {mm(o.Max + 0.01), false}, {"3 furlongs", false}}
	case layout.OptionOffset:
		return []v{{mm(o.Min) + "," + mm(o.Max), true}, {mm(o.Max) + ",0", true}, {mm(o.Max+0.01) + ",0", false},
			{"0," + mm(o.Min-0.01), false}, {"500mm,0", false}, {"1mm", false}}
	default: // paper
		return []v{{"a4", true}, {"letter", true}, {mm(o.Min) + "x" + mm(o.Max), true}, {"bogus", false}, {"0x100mm", false}}
	}
}

// yamlValue writes a flag's value as the print: block has it.
func yamlValue(o layout.PrintOption, flag string) string {
	if o.Kind == layout.OptionOffset {
		if x, y, ok := strings.Cut(flag, ","); ok {
			return "[" + x + ", " + y + "]"
		}
		return "[" + flag + "]"
	}
	return `"` + flag + `"`
}

// TestPrintFlagsAsFile: for every print option and values at and past its
// limits, the command-line flag and the print: key accept and reject the
// same values, and what they accept means the same settings.
func TestPrintFlagsAsFile(t *testing.T) {
	for _, o := range layout.PrintOptions {
		for _, b := range boundaries(o) {
			var pf printFlags
			fs := pflag.NewFlagSet("build", pflag.ContinueOnError)
			pf.register(fs)
			if err := fs.Set(o.Name, b.flag); err != nil {
				t.Fatalf("--%s: %v", o.Name, err)
			}
			flagErr := pf.parse()

			src := o.Name + ": " + yamlValue(o, b.flag) + "\n"
			root, diags := cards.Parse("p.yaml", []byte(src))
			if root == nil {
				t.Fatalf("%q: %v", src, diags)
			}
			p, ds := cards.ReadPrint(root)
			diags = diags.Extend(ds)
			file, ds := output.ReadPrint(p)
			diags = diags.Extend(ds)
			fileErr := diags.HasErrors()

			if (flagErr == nil) != b.ok || fileErr == b.ok {
				t.Errorf("--%s %q: flag error %v, file errors %v; want accepted %v by both", o.Name, b.flag, flagErr, diags, b.ok)
				continue
			}
			if b.ok && !reflect.DeepEqual(pf.options.Settings(), file.Settings()) {
				t.Errorf("--%s %q: the flag gives %+v, the file %+v", o.Name, b.flag, pf.options.Settings(), file.Settings())
			}
		}
	}
}

// TestPrintLimits pins the limits the README states, mm: bleed 0–20,
// gutter 0–50, margin 0–100, each back offset ±20.
func TestPrintLimits(t *testing.T) {
	want := map[string][2]float64{"bleed": {0, 20}, "gutter": {0, 50}, "margin": {0, 100}, "back-offset": {-20, 20}}
	for _, o := range layout.PrintOptions {
		if w, ok := want[o.Name]; ok && (o.Min != w[0] || o.Max != w[1]) {
			t.Errorf("%s: %g to %g mm, want %g to %g", o.Name, o.Min, o.Max, w[0], w[1])
		}
	}
	fs := pflag.NewFlagSet("build", pflag.ContinueOnError)
	var pf printFlags
	pf.register(fs)
	for _, name := range []string{"paper", "orientation", "duplex", "bleed", "gutter", "margin", "marks", "rotate", "back-offset", "preset", "order"} {
		if fs.Lookup(name) == nil {
			t.Errorf("no --%s flag", name)
		}
	}
}

// TestPrintSchemaAsFile: the JSON Schema of the print block takes its
// limits from the same table: a bare number of mm at a limit passes both
// the schema and the reader, one just past it neither; an offset is two
// lengths for both.
func TestPrintSchemaAsFile(t *testing.T) {
	schema := cards.PrintShape.JSONSchema()
	num := func(x float64) string { return strings.TrimSuffix(fmt.Sprintf("%.2f", x), ".00") }
	for _, o := range layout.PrintOptions {
		var values []string
		switch o.Kind {
		case layout.OptionLength:
			values = []string{num(o.Min), num(o.Max), num(o.Min - 0.01), num(o.Max + 0.01)}
		case layout.OptionOffset:
			values = []string{"[" + num(o.Max) + ", " + num(o.Min) + "]", "[" + num(o.Max+0.01) + ", 0]", "[0, " + num(o.Min-0.01) + "]", "[1]", "[1, 2, 3]"}
		case layout.OptionEnum:
			values = append([]string{"nope"}, o.Enum...)
		default:
			continue
		}
		for _, v := range values {
			src := o.Name + ": " + v + "\n"
			root, diags := cards.Parse("p.yaml", []byte(src))
			if root == nil {
				t.Fatalf("%q: %v", src, diags)
			}
			p, ds := cards.ReadPrint(root)
			diags = diags.Extend(ds)
			_, ds = output.ReadPrint(p)
			diags = diags.Extend(ds)
			errs := jsonschema.Validate(schema, jsonschema.Value(root))
			if diags.HasErrors() != (len(errs) > 0) {
				t.Errorf("%s: the reader says %v, the schema %q", strings.TrimSpace(src), diags, errs)
			}
		}
	}
}
