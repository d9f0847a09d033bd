package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNumberFlagsRefuseNonFinite gives every kind of number flag NaN,
// an infinity and a value past its range: each is a usage error (exit 2)
// naming the flag, before anything is read or written. NaN compares false
// with every bound, so a check written as "v < lo || v > hi" lets it by.
func TestNumberFlagsRefuseNonFinite(t *testing.T) {
	src, err := os.ReadFile("testdata/registration.yaml")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		kind string
		args []string // the flag last, its value to be appended
	}{
		{"resolution", []string{"preview", "deck.yaml", "-o", "pv", "--dpi"}},
		{"length", []string{"build", "deck.yaml", "--bleed"}},
		{"length", []string{"build", "deck.yaml", "--margin"}},
		{"paper", []string{"build", "deck.yaml", "--paper"}},
		{"offset", []string{"build", "deck.yaml", "--back-offset"}},
		{"hexsheet length", []string{"hexsheet", "-o", "h.pdf", "--hex"}},
		{"hexsheet length", []string{"hexsheet", "-o", "h.pdf", "--line-width"}},
		{"hexsheet paper", []string{"hexsheet", "-o", "h.pdf", "--paper"}},
		{"report paper", []string{"sim", "gladiators", "--round-robin", "--games", "1", "--paper"}},
		{"whole number", []string{"hexsheet", "-o", "h.pdf", "--pages"}},
		{"whole number", []string{"rules", "galaga", "--copies"}},
	}
	values := map[string][]string{
		"nan":  {"nan", "NaN", "nanmm"},
		"inf":  {"inf", "-Inf", "+Infinity"},
		"huge": {"1e308", "1e999", "1e9"},
	}
	for _, c := range cases {
		flag := c.args[len(c.args)-1]
		for what, vs := range values {
			for _, v := range vs {
				if c.kind == "paper" || c.kind == "hexsheet paper" || c.kind == "report paper" {
					v = v + "x" + v
				}
				if c.kind == "offset" {
					v = "0," + v
				}
				t.Run(flag+"="+v, func(t *testing.T) {
					dir := t.TempDir()
					writeFile(t, filepath.Join(dir, "deck.yaml"), src)
					code, stdout, stderr := runCLI(t, dir, append(c.args, v)...)
					if code != 2 {
						t.Errorf("%s value: exit %d, want 2 (a usage error); stderr %q", what, code, stderr)
					}
					if !strings.Contains(stderr, flag) {
						t.Errorf("the message should name %s: %q", flag, stderr)
					}
					if stdout != "" {
						t.Errorf("stdout should be empty, got %q", stdout)
					}
					if entries, _ := os.ReadDir(dir); len(entries) != 1 {
						t.Errorf("%d entries in the folder, want only the deck", len(entries))
					}
				})
			}
		}
	}
}

// TestTerminalSafeOutput: a file name and a card's text that hold escape
// sequences reach the terminal escaped (\x1b), never as the bytes that
// would act there, in build's diagnostics and its list of written files.
func TestTerminalSafeOutput(t *testing.T) {
	dir := t.TempDir()
	name := "deck\x1b]0;pwned\x07.yaml"
	deck := "deck: d\nsize: poker\ntemplates:\n  t: {elements: [{text: {x: 4, y: 4, w: 55, h: 80, value: \"{{name}} **x\"}}]}\nfront: t\ncards:\n  - name: \"Zoo\\u202ebot\"\n"
	writeFile(t, filepath.Join(dir, name), []byte(deck))
	code, stdout, stderr := runCLI(t, dir, "build", name)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, out := range []string{stdout, stderr} {
		if strings.ContainsAny(out, "\x1b\x07\u202e") {
			t.Errorf("output holds a character that acts on a terminal: %q", out)
		}
	}
	if !strings.Contains(stdout, `deck\x1b]0;pwned\a.pdf`) || !strings.Contains(stderr, `Zoo\u202ebot`) {
		t.Errorf("the names should show escaped:\n%s\n%s", stdout, stderr)
	}
}
