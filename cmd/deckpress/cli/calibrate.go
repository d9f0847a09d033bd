package cli

import (
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/output/build"
)

// CalibrateOptions are the options of deckpress calibrate.
type CalibrateOptions struct {
	Factory *Factory
	Out     string
	Print   printFlags
}

// NewCmdCalibrate returns deckpress calibrate; runF, when not nil, runs
// instead.
func NewCmdCalibrate(f *Factory, runF func(*CalibrateOptions) error) *cobra.Command {
	opts := &CalibrateOptions{Factory: f}
	cmd := &cobra.Command{
		Use:   "calibrate",
		Short: "Print a sheet that measures how far your duplex printer moves the back side",
		Long: `calibrate writes a two-page test sheet. Print it duplex at 100%, hold it to the
light, and read on its vernier scales how far the back side lands from where it
should, in 0.25 mm steps; pass the reading as --back-offset X,Y (or print:
{back-offset: [X, Y]}) when you build. Print it again with that --back-offset to
check: every scale should then read 0.`,
		Args: positional(0, 0, "no arguments"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := opts.Print.parse(); err != nil {
				return err
			}
			if d := opts.Print.options.Settings().Duplex; d != layout.DuplexLong && d != layout.DuplexShort {
				return flagErrorf("--duplex %s: calibrate measures a duplex printer, so long or short", d)
			}
			if runF != nil {
				return runF(opts)
			}
			return runCalibrate(opts)
		},
	}
	cmd.Flags().StringVarP(&opts.Out, "out", "o", filepath.Join("out", "calibrate.pdf"), "the PDF to write, or a folder for calibrate.pdf")
	opts.Print.register(cmd.Flags(), "paper", "orientation", "duplex", "back-offset")
	// a calibration sheet measures a duplex printer: fold, single and none
	// are refused
	cmd.Flags().Lookup("duplex").Usage = "the duplex printer's flip edge: long or short (default long)"
	return cmd
}

func runCalibrate(opts *CalibrateOptions) error {
	out, err := parseOut(opts.Out, ".pdf")
	if err != nil {
		return err
	}
	p, err := build.Calibration(opts.Print.options.Settings(), out.in("calibrate.pdf"))
	if err != nil {
		return err
	}
	return write(opts.Factory, []build.Product{p})
}
