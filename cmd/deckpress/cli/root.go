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
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/spf13/cobra"

	"github.com/deckpress/deckpress/cards"
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
}

// Factory is what every command is made with: the environment, and the
// settings of the root command's flags.
type Factory struct {
	Env
	// AllowOutside is --allow-outside: named files may lie outside the
	// project folder.
	AllowOutside bool

	reads *build.ReadLog // files read by the current run, for --watch
	ran   bool           // a command's run started: flags and arguments were good
}

// BuildEnv is where the library reads, for the current run.
func (f *Factory) BuildEnv() build.Env {
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
	return Run(os.Args[1:], Env{In: os.Stdin, Out: os.Stdout, Err: os.Stderr, Dir: ".",
		Terminal: isTerminal(os.Stderr) && os.Getenv("CI") == "", ProgressAfter: time.Second, Debounce: 200 * time.Millisecond})
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
		fmt.Fprintln(env.Err, "deckpress:", err)
		fmt.Fprintf(env.Err, "Run '%s --help' for usage.\n", cmd.CommandPath())
		return exitUsage
	}
	if msg := err.Error(); msg != "" {
		fmt.Fprintln(env.Err, "deckpress:", msg)
	}
	return exitContent
}

// isUsage reports whether err is a usage error: one that cobra found
// before the command ran (an unknown command or flag, a wrong number of
// arguments), or a FlagError.
func isUsage(f *Factory, err error) bool {
	var fe *FlagError
	var none *build.NoInputsError
	return !f.ran || errors.As(err, &fe) || errors.As(err, &none)
}

// FlagError is a bad flag or argument value: a usage error (exit 2).
type FlagError struct{ err error }

func (e *FlagError) Error() string { return e.err.Error() }
func (e *FlagError) Unwrap() error { return e.err }

// flagErrorf makes a FlagError.
func flagErrorf(format string, args ...any) error {
	return &FlagError{fmt.Errorf(format, args...)}
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
		SilenceUsage:     true,
		SilenceErrors:    true,
		PersistentPreRun: func(*cobra.Command, []string) { f.ran = true },
	}
	root.SetOut(f.Out)
	root.SetErr(f.Err)
	root.SetIn(f.In)
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error { return &FlagError{err} })
	root.PersistentFlags().BoolVar(&f.AllowOutside, "allow-outside", false, "let inputs read images, fonts, CSV and template files outside their project folder")
	root.AddCommand(NewCmdBuild(f, nil), NewCmdCheck(f, nil), NewCmdHero(f, nil, nil), NewCmdRules(f, nil), NewCmdCalibrate(f, nil),
		NewCmdHexsheet(f, nil), NewCmdPreview(f, nil), NewCmdExport(f, nil), NewCmdSchema(f, nil), NewCmdInit(f, nil), NewCmdSim(f, nil), NewCmdServe(f, nil))
	return root
}

// report prints diagnostics (sorted) and a count; it returns the number of
// errors.
func report(w io.Writer, diags cards.Diagnostics) int {
	diags = diags.Sort()
	for _, d := range diags {
		fmt.Fprintln(w, d)
	}
	errs, warns := diags.Count()
	if errs+warns > 0 {
		fmt.Fprintf(w, "%s, %s\n", cards.Count(errs, "error", "errors"), cards.Count(warns, "warning", "warnings"))
	}
	return errs
}
