package cli

import (
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/output"
	"github.com/deckpress/deckpress/output/pdf"
)

func newCalibrateCmd(env Env) *cobra.Command {
	var out string
	var pf printFlags
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
			po, err := pf.options()
			if err != nil {
				return err
			}
			s := po.Settings()
			if s.Duplex != layout.DuplexLong && s.Duplex != layout.DuplexShort {
				return failed("--duplex: calibration is for duplex printers: long or short")
			}
			doc, _, err := output.Calibration(s)
			if err != nil {
				return failed("%v", err)
			}
			return writeProducts(env, []product{{path: out, cards: 0, sheets: 1, pages: len(doc.Pages),
				render: func() ([]byte, error) { return pdf.Render(doc) }}})
		},
	}
	cmd.Flags().StringVarP(&out, "out", "o", filepath.Join("out", "calibrate.pdf"), "the PDF to write")
	pf.register(cmd.Flags())
	return cmd
}
