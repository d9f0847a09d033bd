package cards

import (
	"slices"
	"testing"
)

// A position prints as go/token does: file:line:col, file:line when the
// column is unknown, the file alone when the line is.
func TestPosString(t *testing.T) {
	for _, c := range []struct {
		pos  Pos
		want string
	}{
		{Pos{File: "d.yaml", Line: 3, Col: 7}, "d.yaml:3:7"},
		{Pos{File: "d.yaml", Line: 1, Col: 1}, "d.yaml:1:1"},
		{Pos{File: "d.yaml", Line: 3}, "d.yaml:3"},
		{Pos{File: "d.yaml", Line: 3, Col: -1}, "d.yaml:3"},
		{Pos{File: "d.yaml"}, "d.yaml"},
		{Pos{File: "d.yaml", Line: -1, Col: 4}, "d.yaml"},
		{Pos{File: "dir/c.csv", Line: 12, Col: 40}, "dir/c.csv:12:40"},
	} {
		if got := c.pos.String(); got != c.want {
			t.Errorf("%#v: got %q, want %q", c.pos, got, c.want)
		}
	}
}

func TestDiagnosticString(t *testing.T) {
	var ds Diagnostics
	ds.Errorf(Pos{File: "d.yaml", Line: 2, Col: 5}, "card %d: %s", 1, "bad")
	ds.Warnf(Pos{File: "d.yaml", Line: 9, Col: 1}, "text does not fit")
	ds.Errorf(Pos{File: "d.yaml"}, "file is empty")
	want := []string{
		"d.yaml:2:5: error: card 1: bad",
		"d.yaml:9:1: warning: text does not fit",
		"d.yaml: error: file is empty",
	}
	var got []string
	for _, d := range ds {
		got = append(got, d.String())
	}
	if !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
	if Error.String() != "error" || Warning.String() != "warning" {
		t.Errorf("severities print as %q and %q", Error, Warning)
	}
}

func TestHasErrorsAndCount(t *testing.T) {
	at := Pos{File: "f", Line: 1, Col: 1}
	var none, warns, mixed Diagnostics
	warns.Warnf(at, "w1")
	warns.Warnf(at, "w2")
	mixed.Warnf(at, "w")
	mixed.Errorf(at, "e1")
	mixed.Errorf(at, "e2")
	mixed.Errorf(at, "e3")
	for _, c := range []struct {
		name        string
		ds          Diagnostics
		has         bool
		errs, warns int
	}{
		{"none", none, false, 0, 0},
		{"warnings only", warns, false, 0, 2},
		{"mixed", mixed, true, 3, 1},
	} {
		e, w := c.ds.Count()
		if c.ds.HasErrors() != c.has || e != c.errs || w != c.warns {
			t.Errorf("%s: HasErrors %v, Count %d, %d; want %v, %d, %d", c.name, c.ds.HasErrors(), e, w, c.has, c.errs, c.warns)
		}
	}
}

// Sort orders by file, then line, then column; keeps the order in which
// diagnostics at one position were found; and drops exact duplicates, also
// when another message at that place came between them (but not two
// messages, or two severities, at one place).
func TestSort(t *testing.T) {
	d := func(file string, line, col int, sev Severity, msg string) Diagnostic {
		return Diagnostic{Pos: Pos{File: file, Line: line, Col: col}, Severity: sev, Message: msg}
	}
	in := Diagnostics{
		d("b.yaml", 1, 1, Error, "b first"),
		d("a.yaml", 10, 2, Error, "line 10"),
		d("a.yaml", 2, 30, Error, "line 2 col 30"),
		d("a.yaml", 2, 4, Error, "second at 2:4"),
		d("a.yaml", 2, 4, Error, "second at 2:4"),
		d("a.yaml", 2, 4, Warning, "second at 2:4"),
		d("a.yaml", 9, 1, Error, "line 9"),
		d("a.yaml", 2, 4, Error, "first found at 2:4 after the others"),
		d("a.yaml", 0, 0, Error, "whole file"),
		d("a.yaml", 10, 2, Error, "line 10"),
		d("a.yaml", 2, 4, Error, "second at 2:4"),
		d("b.yaml", 1, 1, Error, "b first"),
		d("a.yaml", 0, 0, Error, "whole file"),
	}
	want := []string{
		"a.yaml: error: whole file",
		"a.yaml:2:4: error: second at 2:4",
		"a.yaml:2:4: warning: second at 2:4",
		"a.yaml:2:4: error: first found at 2:4 after the others",
		"a.yaml:2:30: error: line 2 col 30",
		"a.yaml:9:1: error: line 9",
		"a.yaml:10:2: error: line 10",
		"b.yaml:1:1: error: b first",
	}
	var got []string
	for _, x := range in.Sort() {
		got = append(got, x.String())
	}
	if !slices.Equal(got, want) {
		t.Errorf("sorted:\n%q\nwant:\n%q", got, want)
	}
}

func TestCountWords(t *testing.T) {
	for _, c := range []struct {
		n    int
		want string
	}{
		{0, "0 abilities"}, {1, "1 ability"}, {2, "2 abilities"}, {11, "11 abilities"}, {-1, "-1 abilities"},
	} {
		if got := Count(c.n, "ability", "abilities"); got != c.want {
			t.Errorf("Count(%d) = %q, want %q", c.n, got, c.want)
		}
	}
}
