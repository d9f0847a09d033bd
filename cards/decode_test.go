package cards

import (
	"math"
	"slices"
	"testing"
)

// value parses "v: <src>" and returns the value of v (at line 1, column 4).
func value(t *testing.T, src string) *Node {
	t.Helper()
	root, diags := Parse("d.yaml", []byte("v: "+src+"\n"))
	if diags.HasErrors() {
		t.Fatalf("%q: %v", src, diagStrings(diags))
	}
	return root.Key("v")
}

func TestMap(t *testing.T) {
	known := []string{"paper", "duplex", "bleed"}
	for _, c := range []struct {
		name string
		src  string
		keys []string // the mapping's keys, in order; nil: no mapping
		want []string
	}{
		{"known keys", "{paper: a4, bleed: 3mm}", []string{"paper", "bleed"}, nil},
		{"absent", "", []string{}, nil},
		{"a typo", "{paper: a4, dupplex: long}", []string{"paper", "dupplex"},
			[]string{`d.yaml:1:16: error: unknown key "dupplex" in print; did you mean "duplex"?`}},
		{"nothing near", "{paper: a4, colour: red}", []string{"paper", "colour"},
			[]string{`d.yaml:1:16: error: unknown key "colour" in print; known keys: paper, duplex, bleed`}},
		{"a repeated key", "{paper: a4, bleed: 1, paper: a3}", []string{"paper", "bleed"},
			[]string{`d.yaml:1:26: error: print: key "paper" is repeated (first at line 1)`}},
		{"a key that is a list", "{[a]: 1, paper: a4}", []string{"paper"},
			[]string{`d.yaml:1:5: error: print: a key must be a plain name, found a list`}},
		{"a list", "[a4]", nil, []string{`d.yaml:1:4: error: print: expected a mapping (key: value lines), found a list`}},
		{"a text", "a4", nil, []string{`d.yaml:1:4: error: print: expected a mapping (key: value lines), found the text "a4"`}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var ds Diagnostics
			m := ds.Map(value(t, c.src), "print", known...)
			assertDiags(t, diagStrings(ds), c.want)
			if c.keys == nil {
				if m != nil {
					t.Errorf("a mapping from %q", c.src)
				}
				return
			}
			var keys []string
			for _, e := range m.Entries() {
				keys = append(keys, e.Key)
				if !m.Has(e.Key) || m.Get(e.Key) != e.Value {
					t.Errorf("Has/Get disagree with Entries on %q", e.Key)
				}
			}
			if !slices.Equal(keys, c.keys) && len(keys)+len(c.keys) > 0 {
				t.Errorf("keys %q, want %q", keys, c.keys)
			}
			if m.Has("margin") || m.Get("margin") != nil {
				t.Errorf("an absent key is there")
			}
		})
	}
	// the first of repeated keys is the one kept
	var ds Diagnostics
	if m := ds.Map(value(t, "{paper: a4, paper: a3}"), "print", known...); m.Get("paper").Value != "a4" {
		t.Errorf("repeated key: kept %q", m.Get("paper").Value)
	}
	// a nil mapping (after a failed check) is empty
	var none *Mapping
	if none.Get("paper") != nil || none.Has("paper") || none.Entries() != nil {
		t.Errorf("a nil mapping is not empty")
	}
}

func TestRequire(t *testing.T) {
	for _, c := range []struct {
		name string
		src  string
		ok   bool
		want []string
	}{
		{"all there", "{by: player, kinds: [a]}", true, nil},
		{"set to null", "{by: ~, kinds: }", true, nil}, // present; its reader says what is wrong
		{"one missing", "{by: player}", false, []string{`d.yaml:1:4: error: sets needs "kinds"`}},
		{"both missing", "{}", false, []string{`d.yaml:1:4: error: sets needs "by"`, `d.yaml:1:4: error: sets needs "kinds"`}},
		{"absent", "", false, []string{`d.yaml:1:3: error: sets needs "by"`, `d.yaml:1:3: error: sets needs "kinds"`}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var ds Diagnostics
			m := ds.AnyMap(value(t, c.src), "sets")
			if ok := ds.Require(m, "sets", "by", "kinds"); ok != c.ok {
				t.Errorf("Require = %v, want %v", ok, c.ok)
			}
			assertDiags(t, diagStrings(ds), c.want)
		})
	}
	var ds Diagnostics
	if ds.Require(nil, "sets", "by") || len(ds) != 0 {
		t.Errorf("Require of a failed mapping: %v, %q; want false and no word", ds.Require(nil, "sets", "by"), diagStrings(ds))
	}
}

// scalar runs one scalar reader on "v: src" and returns what it read and
// its diagnostics.
type scalarCase struct {
	src  string
	ok   bool
	read any
	want string // the one diagnostic, "" for none
}

func checkScalar(t *testing.T, cases []scalarCase, read func(*Diagnostics, *Node) (any, bool)) {
	t.Helper()
	for _, c := range cases {
		var ds Diagnostics
		v, ok := read(&ds, value(t, c.src))
		var want []string
		if c.want != "" {
			want = []string{c.want}
		}
		if ok != c.ok || (ok && v != c.read) {
			t.Errorf("%q: read %v, %v; want %v, %v", c.src, v, ok, c.read, c.ok)
		}
		if got := diagStrings(ds); !slices.Equal(got, want) {
			t.Errorf("%q: diagnostics %q, want %q", c.src, got, want)
		}
	}
	var ds Diagnostics
	if _, ok := read(&ds, nil); ok || len(ds) != 0 {
		t.Errorf("an absent value: ok %v, diagnostics %q; want false and no word", ok, diagStrings(ds))
	}
}

func TestText(t *testing.T) {
	checkScalar(t, []scalarCase{
		{"Zoobot", true, "Zoobot", ""},
		{`""`, true, "", ""},
		{"42", true, "42", ""},
		{"true", true, "true", ""},
		{"~", false, nil, "d.yaml:1:4: error: name: expected text, found an empty value"},
		{"[a]", false, nil, "d.yaml:1:4: error: name: expected text, found a list"},
		{"{a: 1}", false, nil, "d.yaml:1:4: error: name: expected text, found a mapping"},
	}, func(ds *Diagnostics, n *Node) (any, bool) { return ds.Text(n, "name") })
}

func TestInt(t *testing.T) {
	checkScalar(t, []scalarCase{
		{"0", true, 0, ""},
		{"1", true, 1, ""},
		{"100000", true, 100000, ""},
		{"100001", false, nil, "d.yaml:1:4: error: count must be between 0 and 100000, found 100001"},
		{"-1", false, nil, "d.yaml:1:4: error: count must be between 0 and 100000, found -1"},
		{"0x10", true, 16, ""},
		{"0o10", true, 8, ""},
		{"010", true, 10, ""}, // YAML 1.2: decimal, as a float reads it, not octal
		{"-007", false, nil, "d.yaml:1:4: error: count must be between 0 and 100000, found -007"},
		{"1_000", true, 1000, ""},
		{"!!int lots", false, nil, "d.yaml:1:4: error: count must be between 0 and 100000, found lots"},
		{"1.5", false, nil, "d.yaml:1:4: error: count: expected a whole number, found the number 1.5"},
		{`"3"`, false, nil, `d.yaml:1:4: error: count: expected a whole number, found the text "3"`},
		{"~", false, nil, "d.yaml:1:4: error: count: expected a whole number, found an empty value"},
		{"[3]", false, nil, "d.yaml:1:4: error: count: expected a whole number, found a list"},
	}, func(ds *Diagnostics, n *Node) (any, bool) { return ds.Int(n, "count", 0, 100000) })

	// a range up to 2³¹−1 or more has no top worth saying
	checkScalar(t, []scalarCase{
		{"5", true, 5, ""},
		{"4", false, nil, "d.yaml:1:4: error: size must be at least 5, found 4"},
	}, func(ds *Diagnostics, n *Node) (any, bool) { return ds.Int(n, "size", 5, math.MaxInt32) })
	checkScalar(t, []scalarCase{
		{"4", false, nil, "d.yaml:1:4: error: size must be between 5 and 2147483646, found 4"},
		{"2147483646", true, 2147483646, ""},
		{"2147483647", false, nil, "d.yaml:1:4: error: size must be between 5 and 2147483646, found 2147483647"},
	}, func(ds *Diagnostics, n *Node) (any, bool) { return ds.Int(n, "size", 5, math.MaxInt32-1) })
}

func TestFloat(t *testing.T) {
	checkScalar(t, []scalarCase{
		{"-20", true, -20.0, ""},
		{"20", true, 20.0, ""},
		{"2.5", true, 2.5, ""},
		{"-20.5", false, nil, "d.yaml:1:4: error: offset must be between -20 and 20, found -20.5"},
		{"20.001", false, nil, "d.yaml:1:4: error: offset must be between -20 and 20, found 20.001"},
		{"0x10", true, 16.0, ""},
		{"010", true, 10.0, ""},
		{"1_0", true, 10.0, ""},
		{"1e1", true, 10.0, ""},
		{".nan", false, nil, "d.yaml:1:4: error: offset must be between -20 and 20, found .nan"},
		{".inf", false, nil, "d.yaml:1:4: error: offset must be between -20 and 20, found .inf"},
		{"-.inf", false, nil, "d.yaml:1:4: error: offset must be between -20 and 20, found -.inf"},
		{"!!float much", false, nil, "d.yaml:1:4: error: offset must be between -20 and 20, found much"},
		{`"2"`, false, nil, `d.yaml:1:4: error: offset: expected a number, found the text "2"`},
		{"true", false, nil, "d.yaml:1:4: error: offset: expected a number, found the boolean true"},
		{"{x: 1}", false, nil, "d.yaml:1:4: error: offset: expected a number, found a mapping"},
	}, func(ds *Diagnostics, n *Node) (any, bool) { return ds.Float(n, "offset", -20, 20) })
	checkScalar(t, []scalarCase{
		{"1e300", true, 1e300, ""},
		{"-1", false, nil, "d.yaml:1:4: error: scale must be at least 0, found -1"},
	}, func(ds *Diagnostics, n *Node) (any, bool) { return ds.Float(n, "scale", 0, math.Inf(1)) })
}

func TestBool(t *testing.T) {
	checkScalar(t, []scalarCase{
		{"true", true, true, ""},
		{"false", true, false, ""},
		{"True", true, true, ""},
		{"FALSE", true, false, ""},
		{"yes", false, nil, `d.yaml:1:4: error: bleed: expected true or false, found the text "yes"`},
		{"!!bool yes", false, nil, "d.yaml:1:4: error: bleed: expected true or false, found the boolean yes"},
		{"1", false, nil, "d.yaml:1:4: error: bleed: expected true or false, found the number 1"},
		{"[true]", false, nil, "d.yaml:1:4: error: bleed: expected true or false, found a list"},
	}, func(ds *Diagnostics, n *Node) (any, bool) { return ds.Bool(n, "bleed") })
}

// Enum reads a name of a closed list in any case (the rule every loader
// and JSON Schema follows), and refuses any other text with the nearest
// name or the list.
func TestEnum(t *testing.T) {
	checkScalar(t, []scalarCase{
		{"long", true, "long", ""},
		{"fold", true, "fold", ""},
		// names are matched in any case, and read as the name itself
		{"Long", true, "long", ""},
		{"FOLD", true, "fold", ""},
		{"shrot", false, nil, `d.yaml:1:4: error: duplex: unknown value "shrot"; did you mean "short"?`},
		{"both", false, nil, `d.yaml:1:4: error: duplex: unknown value "both"; expected one of long, short, fold`},
		{"[long]", false, nil, "d.yaml:1:4: error: duplex: expected text, found a list"},
	}, func(ds *Diagnostics, n *Node) (any, bool) { return ds.Enum(n, "duplex", "long", "short", "fold") })
}

func TestList(t *testing.T) {
	for _, c := range []struct {
		src  string
		n    int
		want []string
	}{
		{"[a, b, c]", 3, nil},
		{"[]", 0, nil},
		{"", 0, nil},
		{"~", 0, nil},
		{"a", 0, []string{`d.yaml:1:4: error: kinds: expected a list, found the text "a"`}},
		{"{a: 1}", 0, []string{`d.yaml:1:4: error: kinds: expected a list, found a mapping`}},
	} {
		var ds Diagnostics
		items := ds.List(value(t, c.src), "kinds")
		if len(items) != c.n {
			t.Errorf("%q: %d items, want %d", c.src, len(items), c.n)
		}
		assertDiags(t, diagStrings(ds), c.want)
	}
}
