package cli

import (
	"bytes"
	"strings"
	"testing"
)

// TestBuildOptionsFromFlags runs deckpress build's constructor with a
// runF: the flags land in the options, and nothing is built.
func TestBuildOptionsFromFlags(t *testing.T) {
	var got *BuildOptions
	f := &Factory{Env: Env{Out: &bytes.Buffer{}, Err: &bytes.Buffer{}, Dir: t.TempDir()}}
	cmd := NewCmdBuild(f, func(o *BuildOptions) error { got = o; return nil })
	cmd.SetArgs([]string{"a.yaml", "kit", "-o", "print", "--paper", "letter", "--ruleset", "house.yaml"})
	if err := cmd.Execute(); err != nil {
		t.Fatal(err)
	}
	if got == nil {
		t.Fatal("runF was not called")
	}
	if strings.Join(got.Inputs, " ") != "a.yaml kit" || got.Out != "print" || got.Ruleset != "house.yaml" {
		t.Errorf("options %+v", got)
	}
	// US Letter is 8.5 × 11 in
	if p := got.Print.options.Paper; p == nil || p.W != 215.9 || p.H != 279.4 {
		t.Errorf("--paper letter gave %v", p)
	}
	if got.Print.options.Duplex != nil {
		t.Errorf("--duplex not given, but set to %v", *got.Print.options.Duplex)
	}
}

// TestExitCodesByType: a bad flag or argument exits 2 with the
// subcommand's help hint; a failure after the command started exits 1
// without it.
func TestExitCodesByType(t *testing.T) {
	cases := []struct {
		args []string
		code int
		hint string
	}{
		{[]string{"build", "--paper", "a7"}, 2, "Run 'deckpress build --help' for usage."},
		{[]string{"hero", "show"}, 2, "Run 'deckpress hero show --help' for usage."},
		{[]string{"rules", "--copies", "500", "x.yaml"}, 2, "Run 'deckpress rules --help' for usage."},
		{[]string{"frobnicate"}, 2, "Run 'deckpress --help' for usage."},
		{[]string{"build", "nope.yaml"}, 1, ""},
		{[]string{"init", "audition", "."}, 0, ""},
	}
	for _, c := range cases {
		code, _, stderr := runCLI(t, t.TempDir(), c.args...)
		if code != c.code {
			t.Errorf("%v: exit %d, want %d; stderr %q", c.args, code, c.code, stderr)
		}
		hinted := strings.Contains(stderr, "--help' for usage")
		if c.hint != "" && !strings.Contains(stderr, c.hint) || c.hint == "" && hinted {
			t.Errorf("%v: stderr %q, want hint %q", c.args, stderr, c.hint)
		}
	}
}
