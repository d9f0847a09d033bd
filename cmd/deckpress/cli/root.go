// Package cli is deckpress's command line: one file per verb, each with an
// options struct and a constructor NewCmdX(f, runF) in the style of
// GitHub's cli/cli. The work is done by the library (output/build and
// below); a command parses its flags into its options, calls the library
// and prints. runF, when not nil, replaces the command's run, so that a
// test can check what a command line parses to without running it.
//
// Data (paths of written files, computed values) goes to standard output;
// diagnostics and progress go to standard error. Exit codes: 0 success
// (warnings allowed), 1 content or build errors, 2 usage errors (a bad
// flag or argument, reported with the subcommand's help hint).
package cli

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/output"
	"github.com/deckpress/deckpress/output/build"
)

// Env is what a command works with: its streams, working folder, and how
// it watches and reports progress.
type Env struct {
	In  io.Reader
	Out io.Writer // data: written files, computed values
	Err io.Writer // diagnostics and progress
	// Dir is the working folder; relative paths resolve against it.
	Dir string
	// Terminal says that Err is a terminal (and not a CI log): builds
	// taking longer than ProgressAfter show a progress line there.
	Terminal      bool
	ProgressAfter time.Duration
	// Debounce is how long --watch waits for a burst of changes to end.
	Debounce time.Duration
	// Stop, when closed, ends --watch (nil: watch until interrupted).
	Stop <-chan struct{}
	// Version is what --version prints.
	Version string
}

// Factory is what every command is made with: the environment, and the
// settings of the root command's flags.
type Factory struct {
	Env
	// AllowOutside is --allow-outside: named files may lie outside the
	// project folder.
	AllowOutside bool

	reads *build.ReadLog // files read by the current run: for --watch, and to refuse overwriting them
	ran   bool           // a command's run started: flags and arguments were good
}

// BuildEnv is where the library reads, for the current run.
func (f *Factory) BuildEnv() build.Env {
	if f.reads == nil {
		f.reads = &build.ReadLog{} // so that no output replaces a file the run read
	}
	return build.Env{Dir: f.Dir, AllowOutside: f.AllowOutside, Reads: f.reads}
}

// Exit codes.
const (
	exitOK      = 0
	exitContent = 1
	exitUsage   = 2
)

// Main runs deckpress with the process's arguments and streams.
func Main() int {
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	go onSignal(sig, os.Exit)
	return Run(os.Args[1:], Env{In: os.Stdin, Out: os.Stdout, Err: os.Stderr, Dir: ".",
		Terminal: isTerminal(os.Stderr) && os.Getenv("CI") == "", ProgressAfter: time.Second, Debounce: 200 * time.Millisecond,
		Version: version(debug.ReadBuildInfo())})
}

// version says which deckpress this is, from what the Go tool recorded in
// the binary: the module's version ("(devel)" for a build from a
// checkout), the commit and whether the tree had changes, and the Go
// version.
func version(info *debug.BuildInfo, ok bool) string {
	if !ok {
		return "(unknown)"
	}
	v := info.Main.Version
	if v == "" {
		v = "(devel)"
	}
	var rev, modified string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				modified = ", modified"
			}
		}
	}
	if rev != "" {
		v += " (commit " + rev[:min(len(rev), 12)] + modified + ")"
	}
	return v + " " + info.GoVersion
}

// onSignal waits for SIGINT or SIGTERM, then removes the temporary files
// of the output being written (waiting for a commit in progress, so that
// the output stays all or none) and exits as the signal would have: 130
// or 143.
func onSignal(sig <-chan os.Signal, exit func(int)) {
	s := <-sig
	output.Interrupt()
	code := 130
	if n, ok := s.(syscall.Signal); ok {
		code = 128 + int(n)
	}
	exit(code)
}

// isTerminal reports whether f is a character device (a terminal).
func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// Run runs one command line and returns its exit code.
func Run(args []string, env Env) int {
	f := &Factory{Env: env}
	root := NewCmdRoot(f)
	root.SetArgs(args)
	cmd, err := root.ExecuteC()
	if err == nil {
		return exitOK
	}
	if isUsage(f, err) {
		// cobra indents its "Did you mean this?" suggestions with a tab,
		// which Printable would write as \t
		msg := strings.ReplaceAll(err.Error(), "\n\t", "\n  ")
		fmt.Fprintln(env.Err, "deckpress:", cards.Printable(msg))
		fmt.Fprintf(env.Err, "Run '%s --help' for usage.\n", cmd.CommandPath())
		return exitUsage
	}
	if msg := err.Error(); msg != "" {
		fmt.Fprintln(env.Err, "deckpress:", cards.Printable(msg))
	}
	return exitContent
}

// isUsage reports whether err is a usage error: one that cobra found
// before the command ran (an unknown command or flag, a wrong number of
// arguments), a FlagError, or inputs that hold nothing the command takes.
func isUsage(f *Factory, err error) bool {
	var fe *FlagError
	var none *build.NoInputsError
	var empty *build.EmptyFolderError
	return !f.ran || errors.As(err, &fe) || errors.As(err, &none) || errors.As(err, &empty)
}

// FlagError is a bad flag or argument value: a usage error (exit 2).
type FlagError struct{ err error }

func (e *FlagError) Error() string { return e.err.Error() }
func (e *FlagError) Unwrap() error { return e.err }

// flagErrorf makes a FlagError.
func flagErrorf(format string, args ...any) error {
	return &FlagError{fmt.Errorf(format, args...)}
}

// positional checks a command's arguments: at least min, at most max (max
// < 0: no limit). A usage error names what is missing, as the command's
// Use line spells it, so that "deckpress preview" says what to give it.
func positional(min, max int, what string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		switch {
		case len(args) < min && len(args) == 0:
			return fmt.Errorf("%s needs %s; none given", verb(cmd), what)
		case len(args) < min:
			return fmt.Errorf("%s needs %s; only %d given", verb(cmd), what, len(args))
		case max >= 0 && len(args) > max:
			return fmt.Errorf("%s takes %s; %d given (%s)", verb(cmd), what, len(args), strings.Join(quoteAll(args[max:]), " "))
		}
		return nil
	}
}

// verb is a command's path without the program's name: "hero show".
func verb(cmd *cobra.Command) string {
	return strings.TrimPrefix(cmd.CommandPath(), cmd.Root().Name()+" ")
}

// quoteAll quotes each argument as Go would, so that a stray argument
// with spaces or control characters reads unambiguously in a message.
func quoteAll(args []string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		out[i] = strconv.Quote(a)
	}
	return out
}

// silent is a failure whose reasons (diagnostics) are already printed.
var silent = errors.New("")

// NewCmdRoot returns the deckpress command with every verb.
func NewCmdRoot(f *Factory) *cobra.Command {
	root := &cobra.Command{
		Use:   "deckpress",
		Short: "Turn YAML into print-and-play games",
		Long: `deckpress turns YAML into print-and-play games: card decks, gladiator heroes,
rules reference cards and hex arena maps in; duplex-correct PDFs out, with every
back exactly behind its front.`,
		Version:          cmp.Or(f.Version, "(devel)"),
		SilenceUsage:     true,
		SilenceErrors:    true,
		PersistentPreRun: func(*cobra.Command, []string) { f.ran = true },
	}
	root.SetVersionTemplate("deckpress {{.Version}}\n")
	root.SetOut(f.Out)
	root.SetErr(f.Err)
	root.SetIn(f.In)
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error { return &FlagError{err} })
	root.PersistentFlags().BoolVar(&f.AllowOutside, "allow-outside", false, "let inputs read images, fonts, CSV and template files outside their project folder")
	root.AddCommand(NewCmdBuild(f, nil), NewCmdCheck(f, nil), NewCmdHero(f, nil, nil), NewCmdRules(f, nil), NewCmdCalibrate(f, nil),
		NewCmdHexsheet(f, nil), NewCmdTuckbox(f, nil), NewCmdPreview(f, nil), NewCmdExport(f, nil), NewCmdSchema(f, nil), NewCmdInit(f, nil), NewCmdSim(f, nil), NewCmdServe(f, nil))
	addCompletions(root, flagValues())
	return root
}

// report prints diagnostics (sorted) and a count; it returns the number of
// errors.
func report(w io.Writer, diags cards.Diagnostics) int {
	diags = diags.Sort()
	for _, d := range diags {
		fmt.Fprintln(w, cards.Printable(d.String()))
	}
	errs, warns := diags.Count()
	if errs+warns > 0 {
		fmt.Fprintf(w, "%s, %s\n", cards.Count(errs, "error", "errors"), cards.Count(warns, "warning", "warnings"))
	}
	return errs
}
