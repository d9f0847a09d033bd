package cli

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"os"
	"os/exec"
	"runtime"

	"github.com/spf13/cobra"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/cmd/deckpress/studio"
)

// ServeOptions are the options of deckpress serve.
type ServeOptions struct {
	Factory *Factory
	Dir     string // as given, relative to the working folder
	Port    int
	Listen  string // host:port; "" is 127.0.0.1 and --port
	Open    bool
}

// NewCmdServe returns deckpress serve; runF, when not nil, runs instead.
func NewCmdServe(f *Factory, runF func(*ServeOptions) error) *cobra.Command {
	opts := &ServeOptions{Factory: f}
	cmd := &cobra.Command{
		Use:   "serve [DIR]",
		Short: "Open a live studio in the browser over a project folder",
		Long: `serve runs a local web page over a project folder (default: the current one):
every input with its products and diagnostics, every card drawn from the same
layout as the PDF, the sheets as the printer flips them, and a hero designer.
Saving a file in any editor rebuilds what it feeds and updates the page.

It listens on 127.0.0.1 only; --listen with another address exposes the
project to the network, and says so.`,
		Args: positional(0, 1, "at most one DIR"),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Dir = "."
			if len(args) == 1 {
				opts.Dir = args[0]
			}
			if opts.Port < 0 || opts.Port > 65535 {
				return flagErrorf("--port: %d is not a port (0 to 65535)", opts.Port)
			}
			if opts.Listen != "" {
				if cmd.Flags().Changed("port") {
					return flagErrorf("--listen and --port: --listen HOST:PORT names the port too; give one of them")
				}
				if _, _, err := net.SplitHostPort(opts.Listen); err != nil {
					return flagErrorf("--listen: %q is not host:port", opts.Listen)
				}
			}
			if runF != nil {
				return runF(opts)
			}
			return runServe(opts)
		},
	}
	fl := cmd.Flags()
	fl.IntVar(&opts.Port, "port", 8080, "port on 127.0.0.1 (0: any free port)")
	fl.StringVar(&opts.Listen, "listen", "", "listen on this host:port instead (another address than loopback exposes the project)")
	fl.BoolVar(&opts.Open, "open", false, "open the page in the default browser")
	return cmd
}

func runServe(opts *ServeOptions) error {
	f := opts.Factory
	dir := f.BuildEnv().Abs(opts.Dir)
	if info, err := os.Stat(dir); err != nil || !info.IsDir() {
		switch {
		case errors.Is(err, fs.ErrNotExist):
			return fmt.Errorf("%s: no such folder", opts.Dir)
		case err != nil:
			return fmt.Errorf("%s: %w", opts.Dir, cards.Cause(err))
		}
		return fmt.Errorf("%s: not a folder; serve shows a project folder", opts.Dir)
	}
	s, err := studio.New(studio.Options{Dir: dir, Log: f.Err})
	if err != nil {
		return err
	}
	ln, exposed, err := studio.Listen(opts.Listen, opts.Port)
	if err != nil {
		return err
	}
	addr := served(opts.Listen, ln.Addr())
	if exposed {
		fmt.Fprintf(f.Err, "deckpress: warning: listening on %s (--listen): anyone who can reach this address can see the project and change its hero files\n", addr)
	}
	url := "http://" + addr + "/"
	fmt.Fprintln(f.Out, url)
	if opts.Open {
		openBrowser(url)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	if f.Stop != nil {
		go func() { <-f.Stop; cancel() }()
	}
	return s.Serve(ctx, ln, f.Debounce)
}

// served is the address to print: the host asked for (127.0.0.1 by
// default, localhost for none), not the listener's ([::] for 0.0.0.0),
// with the port listened on (a free one for port 0).
func served(listen string, addr net.Addr) string {
	host := "127.0.0.1"
	if listen != "" {
		host, _, _ = net.SplitHostPort(listen) // checked by the command
	}
	if host == "" {
		host = "localhost"
	}
	_, port, _ := net.SplitHostPort(addr.String())
	return net.JoinHostPort(host, port)
}

// openBrowser opens url in the desktop's browser, if there is one.
func openBrowser(url string) {
	name, args := "xdg-open", []string{url}
	switch runtime.GOOS {
	case "darwin":
		name = "open"
	case "windows":
		name, args = "rundll32", []string{"url.dll,FileProtocolHandler", url}
	}
	// the URL is printed: opening is a comfort, and its failure not an error
	_ = exec.Command(name, args...).Start()
}
