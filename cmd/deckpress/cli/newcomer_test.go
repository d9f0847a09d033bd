package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"testing"
)

// The newcomer's comforts (issue 18): what a first try of each command
// says and does.

func TestVersion(t *testing.T) {
	var out, errb bytes.Buffer
	code := Run([]string{"--version"}, Env{In: strings.NewReader(""), Out: &out, Err: &errb, Dir: t.TempDir(), Version: "1.2.3 go1.26"})
	if code != 0 || out.String() != "deckpress 1.2.3 go1.26\n" {
		t.Errorf("--version: exit %d, %q, %q", code, out.String(), errb.String())
	}
	for _, c := range []struct {
		info *debug.BuildInfo
		ok   bool
		want string
	}{
		{nil, false, "(unknown)"},
		{&debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "v0.3.0"}}, true, "v0.3.0 go1.26.8"},
		{&debug.BuildInfo{GoVersion: "go1.26.8"}, true, "(devel) go1.26.8"},
		{&debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: "ad4cd18e0123456789abcdef"}, {Key: "vcs.modified", Value: "true"}}},
			true, "(devel) (commit ad4cd18e0123, modified) go1.26.8"},
		{&debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: "ad4c"}, {Key: "vcs.modified", Value: "false"}}},
			true, "(devel) (commit ad4c) go1.26.8"},
	} {
		if got := version(c.info, c.ok); got != c.want {
			t.Errorf("version(%+v) = %q, want %q", c.info, got, c.want)
		}
	}
}

// TestMissingArguments: a usage error names what the command needs, and
// points to its help (exit 2).
func TestMissingArguments(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"preview"}, "preview needs a deck FILE or DIR to render; none given"},
		{[]string{"rules"}, "rules needs a rules FILE or DIR to set; none given"},
		{[]string{"export", "tts"}, "export tts needs a deck FILE or DIR to export; none given"},
		{[]string{"hero", "show"}, "hero show needs one hero or team FILE; none given"},
		{[]string{"hero", "show", "a.yaml", "b c.yaml"}, `hero show takes one hero or team FILE; 2 given ("b c.yaml")`},
		{[]string{"hero", "check"}, "hero check needs a hero or team FILE (or several); none given"},
		{[]string{"tuckbox"}, "tuckbox needs a deck FILE or DIR; none given"},
		{[]string{"init", "audition"}, "init needs a KIT and a DIR to copy it into; only 1 given"},
		{[]string{"calibrate", "deck.yaml"}, `calibrate takes no arguments; 1 given ("deck.yaml")`},
		{[]string{"schema", "deck", "hero"}, `schema takes at most one FORMAT; 2 given ("hero")`},
	} {
		code, _, stderr := runCLI(t, t.TempDir(), c.args...)
		if code != 2 || !strings.Contains(stderr, "deckpress: "+c.want+"\n") || !strings.Contains(stderr, "--help' for usage.") {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and %q", c.args, code, stderr, c.want)
		}
	}
}

// TestPrintFlagsOnlyWhereUsed: hexsheet and calibrate offer only the
// print settings they use; a setting they would ignore is an unknown flag.
func TestPrintFlagsOnlyWhereUsed(t *testing.T) {
	for _, c := range []struct {
		verb       string
		has, lacks []string
	}{
		{"hexsheet", []string{"paper", "orientation", "margin"}, []string{"bleed", "gutter", "marks", "duplex", "rotate", "back-offset", "preset", "order"}},
		{"calibrate", []string{"paper", "orientation", "duplex", "back-offset"}, []string{"bleed", "gutter", "marks", "margin", "rotate", "preset", "order"}},
		{"build", []string{"paper", "bleed", "gutter", "marks", "duplex", "back-offset", "preset", "order"}, nil},
		{"preview", []string{"bleed", "preset", "safe", "corner-radius"}, []string{"paper", "orientation", "duplex", "gutter", "margin", "marks", "rotate", "back-offset", "order"}},
		{"export tts", []string{"bleed", "preset", "safe", "corner-radius"}, []string{"paper", "orientation", "duplex", "gutter", "margin", "marks", "rotate", "back-offset", "order"}},
	} {
		f := &Factory{}
		root := NewCmdRoot(f)
		cmd, _, err := root.Find(strings.Fields(c.verb))
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range c.has {
			if cmd.Flags().Lookup(name) == nil {
				t.Errorf("%s has no --%s", c.verb, name)
			}
		}
		for _, name := range c.lacks {
			if cmd.Flags().Lookup(name) != nil {
				t.Errorf("%s offers --%s, which it ignores", c.verb, name)
			}
			code, _, stderr := runCLI(t, t.TempDir(), append(strings.Fields(c.verb), "--"+name, "3mm")...)
			if code != 2 || !strings.Contains(stderr, "unknown flag: --"+name) {
				t.Errorf("%s --%s: exit %d, %q", c.verb, name, code, stderr)
			}
		}
	}
	code, _, stderr := runCLI(t, t.TempDir(), "calibrate", "--duplex", "fold")
	if code != 2 || !strings.Contains(stderr, "--duplex fold: calibrate measures a duplex printer, so long or short") {
		t.Errorf("calibrate --duplex fold: exit %d, %q", code, stderr)
	}
}

// TestDefaultTarget: build and check with no file name the folder's
// project when it has a deckpress.yaml, the built-in kits otherwise, and
// say which.
func TestDefaultTarget(t *testing.T) {
	for _, verb := range []string{"build", "check"} {
		for _, project := range []bool{true, false} {
			dir := t.TempDir()
			if project {
				writeFile(t, filepath.Join(dir, "deckpress.yaml"), []byte("inputs: [deck.yaml]\n"))
			}
			var got []string
			var errb bytes.Buffer
			f := &Factory{Env: Env{In: strings.NewReader(""), Out: &bytes.Buffer{}, Err: &errb, Dir: dir}}
			root := NewCmdRoot(f)
			for _, c := range root.Commands() {
				switch c.Name() {
				case "build":
					root.RemoveCommand(c)
					root.AddCommand(NewCmdBuild(f, func(o *BuildOptions) error { got = o.Inputs; return nil }))
				case "check":
					root.RemoveCommand(c)
					root.AddCommand(NewCmdCheck(f, func(o *CheckOptions) error { got = o.Inputs; return nil }))
				}
			}
			root.SetArgs([]string{verb})
			if err := root.Execute(); err != nil {
				t.Fatal(err)
			}
			want, say := []string(nil), "no file named and no deckpress.yaml here: using the built-in kits (for the YAML files here: deckpress "+verb+" .)"
			if project {
				want, say = []string{"."}, "no file named: using this folder's deckpress.yaml"
			}
			if !slices.Equal(got, want) || !strings.Contains(errb.String(), say) {
				t.Errorf("%s, project %v: inputs %q, stderr %q; want %q and %q", verb, project, got, errb.String(), want, say)
			}
		}
	}
}

// TestOutMeansOneThing: -o is a folder, or the one file to write when it
// ends in an extension the command writes.
func TestOutMeansOneThing(t *testing.T) {
	src, err := os.ReadFile("testdata/registration.yaml")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "decks", "a.yaml"), src)
	writeFile(t, filepath.Join(dir, "decks", "b.yaml"), src)
	for _, c := range []struct {
		args  []string
		code  int
		files []string // written, relative to dir
		say   string   // on stderr
	}{
		{[]string{"build", "decks/a.yaml", "-o", "print/mine.pdf"}, 0, []string{"print/mine.pdf"}, ""},
		{[]string{"build", "decks/a.yaml", "-o", "print2"}, 0, []string{"print2/a.pdf"}, ""},
		{[]string{"build", "decks", "-o", "print3/both.pdf"}, 2, nil, `-o "print3/both.pdf" names one file, but this writes 2`},
		{[]string{"build", "decks/a.yaml", "-o", "print4/a.png"}, 2, nil, "this command writes .pdf files"},
		{[]string{"calibrate", "-o", "cal"}, 0, []string{"cal/calibrate.pdf"}, ""},
		{[]string{"calibrate", "-o", "cal2/mine.pdf"}, 0, []string{"cal2/mine.pdf"}, ""},
		{[]string{"hexsheet", "-o", "hex"}, 0, []string{"hex/hexsheet.pdf"}, ""},
		{[]string{"hexsheet", "-o", "hex.png"}, 2, nil, "this command writes .pdf files"},
		{[]string{"preview", "decks/a.yaml", "--sheet", "--dpi", "20", "-o", "sheet.png"}, 0, []string{"sheet.png"}, ""},
		{[]string{"preview", "decks/a.yaml", "--dpi", "20", "-o", "one.png"}, 2, nil, "this command writes a folder of files"},
		{[]string{"export", "tts", "decks/a.yaml", "-o", "t.pdf"}, 2, nil, "this command writes a folder of files"},
		{[]string{"export", "pod", "--service", "drivethrucards", "decks/a.yaml", "-o", "p.pdf"}, 2, nil, "this command writes a folder of files"},
		{[]string{"tuckbox", "decks/a.yaml", "-o", "box/mine.pdf"}, 0, []string{"box/mine.pdf"}, ""},
		{[]string{"tuckbox", "decks", "-o", "box2/both.pdf"}, 2, nil, `-o "box2/both.pdf" names one file, but this writes 2`},
	} {
		code, _, stderr := runCLI(t, dir, c.args...)
		if code != c.code || !strings.Contains(stderr, c.say) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and %q", c.args, code, stderr, c.code, c.say)
		}
		for _, f := range c.files {
			if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
				t.Errorf("%v: %v", c.args, err)
			}
		}
		if c.code != 0 {
			if _, err := os.Stat(filepath.Join(dir, c.args[len(c.args)-1])); err == nil {
				t.Errorf("%v: failed, yet wrote %s", c.args, c.args[len(c.args)-1])
			}
		}
	}
}

// TestCompletion: enum flags complete their names, commands that take a
// kit or a format complete those, and YAML arguments complete files
// filtered to .yaml and .yml.
func TestCompletion(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string // the candidates and the directive, as cobra prints them
	}{
		{[]string{"build", "--duplex", ""}, "long\nshort\nnone\nfold\nsingle\n:4\n"},
		{[]string{"rules", "x.yaml", "--marks", ""}, "crop\nlines\nnone\n:4\n"},
		{[]string{"preview", "x.yaml", "--preset", ""}, "copyshop\nhome\n:4\n"},
		{[]string{"build", "--paper", ""}, "a3\na4\na5\nlegal\nletter\ntabloid\n:4\n"},
		{[]string{"hexsheet", "--top", ""}, "flat\npointy\n:4\n"},
		{[]string{"init", ""}, "audition\ngalaga\ngladiators\nsamples\nslugfest\n:4\n"},
		{[]string{"init", "audition", ""}, ":16\n"},
		{[]string{"schema", ""}, "arena\ndeck\nhero\nproject\nrules\nruleset\nslugfest\ntemplate\n:4\n"},
		{[]string{"build", ""}, "yaml\nyml\n:8\n"},
		{[]string{"hero", "show", ""}, "yaml\nyml\n:8\n"},
		{[]string{"sim", "gladiators", "--policy", ""}, "greedy\nrandom\n:4\n"},
		{[]string{"sim", "audition", "--strategies", ""}, "random\nloner\nfollower\nrobber-late\n:4\n"},
		{[]string{"build", "--ruleset", ""}, "yaml\nyml\n:8\n"},
	} {
		code, out, stderr := runCLI(t, t.TempDir(), append([]string{"__complete"}, c.args...)...)
		if code != 0 || out != c.want {
			t.Errorf("complete %q: exit %d, %q (stderr %q), want %q", c.args, code, out, stderr, c.want)
		}
	}
}

// TestSuggestedCommand: a mistyped command gets cobra's suggestion,
// indented with spaces rather than an escaped tab.
func TestSuggestedCommand(t *testing.T) {
	code, _, stderr := runCLI(t, t.TempDir(), "bild")
	if code != 2 || !strings.Contains(stderr, "Did you mean this?\n  build\n") || strings.Contains(stderr, `\t`) {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
}

// TestEmptyFolder: a folder with no YAML file in it, named as the input,
// is a usage error for every command that takes folders (exit 2), as no
// input at all is.
func TestEmptyFolder(t *testing.T) {
	for _, verb := range [][]string{{"build"}, {"check"}, {"rules"}, {"preview"}, {"tuckbox"}, {"export", "tts"}} {
		dir := t.TempDir()
		os.Mkdir(filepath.Join(dir, "empty"), 0o755)
		code, stdout, stderr := runCLI(t, dir, append(verb, "empty")...)
		if code != 2 || stdout != "" || !strings.Contains(stderr, "deckpress: empty: no YAML files in this folder\n") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", verb, code, stdout, stderr)
		}
	}
}
