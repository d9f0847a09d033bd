package cli

import (
	"path/filepath"

	"github.com/spf13/cobra"

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
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := opts.Print.parse(); err != nil {
				return err
			}
			if runF != nil {
				return runF(opts)
			}
			return runCalibrate(opts)
		},
	}
	cmd.Flags().StringVarP(&opts.Out, "out", "o", filepath.Join("out", "calibrate.pdf"), "the PDF to write")
	opts.Print.register(cmd.Flags())
	return cmd
}

func runCalibrate(opts *CalibrateOptions) error {
	p, err := build.Calibration(opts.Print.options.Settings(), opts.Out)
	if err != nil {
		return err
	}
	return write(opts.Factory, []build.Product{p})
}
