package cards

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Pos is a position in an input file. Line and Col count from 1; a zero Line
// means the position is the file as a whole.
type Pos struct {
	File string
	Line int
	Col  int
}

// String formats the position as "file:line:col", the form editors and
// terminals recognise.
func (p Pos) String() string {
	switch {
	case p.Line <= 0:
		return p.File
	case p.Col <= 0:
		return fmt.Sprintf("%s:%d", p.File, p.Line)
	}
	return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
}

// Severity says whether a diagnostic stops a build.
type Severity int

const (
	// Error stops the build: nothing is written.
	Error Severity = iota
	// Warning is reported, and the build goes on.
	Warning
)

func (s Severity) String() string {
	if s == Warning {
		return "warning"
	}
	return "error"
}

// Diagnostic is one problem found in an input, at a position.
type Diagnostic struct {
	Pos      Pos
	Severity Severity
	Message  string // lower case, no final period
}

// String formats the diagnostic as "path:line:col: error: message".
func (d Diagnostic) String() string {
	return fmt.Sprintf("%s: %s: %s", d.Pos, d.Severity, d.Message)
}

// Diagnostics collects the problems of one or more inputs. Loaders append to
// it and keep going, so that a user sees every problem at once.
type Diagnostics []Diagnostic

// Errorf records an error at pos.
func (ds *Diagnostics) Errorf(pos Pos, format string, args ...any) {
	*ds = append(*ds, Diagnostic{Pos: pos, Severity: Error, Message: fmt.Sprintf(format, args...)})
}

// Warnf records a warning at pos.
func (ds *Diagnostics) Warnf(pos Pos, format string, args ...any) {
	*ds = append(*ds, Diagnostic{Pos: pos, Severity: Warning, Message: fmt.Sprintf(format, args...)})
}

// HasErrors reports whether any diagnostic is an error.
func (ds Diagnostics) HasErrors() bool {
	return slices.ContainsFunc(ds, func(d Diagnostic) bool { return d.Severity == Error })
}

// Count returns the number of errors and of warnings.
func (ds Diagnostics) Count() (errs, warnings int) {
	for _, d := range ds {
		if d.Severity == Error {
			errs++
		} else {
			warnings++
		}
	}
	return errs, warnings
}

// Sort orders the diagnostics by file, line and column, keeping the order of
// equal positions, and drops exact duplicates (the first of them stays).
func (ds Diagnostics) Sort() Diagnostics {
	slices.SortStableFunc(ds, func(a, b Diagnostic) int {
		return cmp.Or(
			strings.Compare(a.Pos.File, b.Pos.File),
			cmp.Compare(a.Pos.Line, b.Pos.Line),
			cmp.Compare(a.Pos.Col, b.Pos.Col),
		)
	})
	out := ds[:0]
next:
	for _, d := range ds {
		// a duplicate is among the diagnostics already kept at its position
		for i := len(out) - 1; i >= 0 && out[i].Pos == d.Pos; i-- {
			if out[i] == d {
				continue next
			}
		}
		out = append(out, d)
	}
	return out
}

// Extend returns ds with more appended: a caller extends its diagnostics
// with those a stage returned.
func (ds Diagnostics) Extend(more Diagnostics) Diagnostics { return append(ds, more...) }

// Err returns the diagnostics as an error (an [ErrorList], sorted and
// without duplicates), or nil when none is an error: warnings alone do
// not fail.
func (ds Diagnostics) Err() error {
	if !ds.HasErrors() {
		return nil
	}
	return ErrorList(slices.Clone(ds).Sort())
}

// ErrorList is the error of [Diagnostics.Err], as go/scanner's.
type ErrorList Diagnostics

// Error is the first diagnostic, and how many more there are.
func (l ErrorList) Error() string {
	switch len(l) {
	case 0:
		return "no problems"
	case 1:
		return l[0].String()
	}
	return fmt.Sprintf("%s (and %d more)", l[0], len(l)-1)
}

// Count says how many of something there are: Count(1, "ability",
// "abilities") is "1 ability", Count(3, …) "3 abilities".
func Count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}
