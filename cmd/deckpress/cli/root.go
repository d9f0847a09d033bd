// Package cli is deckpress's command line: one file per verb, each with an
// options struct, reading and writing through the injected [Env] so that
// commands run the same in tests as in a terminal.
//
// Data (paths of written files, computed values) goes to standard output;
// diagnostics and progress go to standard error. Exit codes: 0 success
// (warnings allowed), 1 content or build errors, 2 usage errors.
package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/spf13/cobra"
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

	reads        *readLog // files read by a build, for --watch
	allowOutside *bool    // --allow-outside: named files may lie outside the project folder
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
	root := newRoot(env)
	root.SetArgs(args)
	err := root.Execute()
	if err == nil {
		return exitOK
	}
	var ce *contentError
	if errors.As(err, &ce) {
		if ce.msg != "" {
			fmt.Fprintln(env.Err, "deckpress:", ce.msg)
		}
		return exitContent
	}
	fmt.Fprintln(env.Err, "deckpress:", err)
	fmt.Fprintln(env.Err, "Run 'deckpress --help' for usage.")
	return exitUsage
}

// contentError is a failure caused by the input (diagnostics already
// printed) or by the build; it exits with 1. Every other error is a usage
// error.
type contentError struct{ msg string }

func (e *contentError) Error() string { return e.msg }

func failed(format string, args ...any) error {
	return &contentError{msg: fmt.Sprintf(format, args...)}
}

func newRoot(env Env) *cobra.Command {
	root := &cobra.Command{
		Use:   "deckpress",
		Short: "Turn YAML into print-and-play games",
		Long: `deckpress turns YAML into print-and-play games: card decks, gladiator heroes,
rules reference cards and hex arena maps in; duplex-correct PDFs out, with every
back exactly behind its front.`,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetOut(env.Out)
	root.SetErr(env.Err)
	root.SetIn(env.In)
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error { return err })
	env.allowOutside = new(bool)
	root.PersistentFlags().BoolVar(env.allowOutside, "allow-outside", false, "let inputs read images, fonts, CSV and template files outside their project folder")
	root.AddCommand(newBuildCmd(env), newCheckCmd(env), newHeroCmd(env), newRulesCmd(env), newCalibrateCmd(env), newHexsheetCmd(env), newPreviewCmd(env), newExportCmd(env), newSchemaCmd(env), newInitCmd(env), newSimCmd(env))
	return root
}
