package cli

import (
	"fmt"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/deckpress/deckpress/output/build"
)

// ExportOptions are the options of deckpress export tts.
type ExportOptions struct {
	Factory *Factory
	Inputs  []string
	Out     string
	Print   printFlags
}

// NewCmdExport returns deckpress export with tts; runF, when not nil, runs
// instead of export tts.
func NewCmdExport(f *Factory, runF func(*ExportOptions) error) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "export",
		Short: "Export decks for other programs",
	}
	opts := &ExportOptions{Factory: f}
	ttsCmd := &cobra.Command{
		Use:   "tts FILE|DIR...",
		Short: "Export a deck to Tabletop Simulator: sheets of faces and a saved object",
		Long: `export tts writes Tabletop Simulator deck sheets (at most 10 × 7 slots and 4096
pixels a side, the last slot holding the hidden-card image), the backs (one image
when every back is alike), and <deck>.json, a saved object that points at the
images by file URI. Put the JSON in Tabletop Simulator's Saves/Saved Objects
folder and the deck appears under Objects → Saved Objects. A folder stands for
every deck in it.`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Inputs = args
			if err := opts.Print.parse(); err != nil {
				return err
			}
			if runF != nil {
				return runF(opts)
			}
			return runExportTTS(opts)
		},
	}
	ttsCmd.Flags().StringVarP(&opts.Out, "out", "o", filepath.Join("out", "tts"), "output folder")
	opts.Print.register(ttsCmd.Flags())
	cmd.AddCommand(ttsCmd)
	return cmd
}

func runExportTTS(opts *ExportOptions) error {
	f := opts.Factory
	ds, err := decks(f, opts.Inputs, opts.Print)
	if err != nil {
		return err
	}
	written, summary, err := build.ExportTTS(f.BuildEnv(), ds, opts.Out)
	if err != nil {
		return err
	}
	for _, w := range written {
		fmt.Fprintln(f.Out, w)
	}
	for _, s := range summary {
		fmt.Fprintln(f.Err, s)
	}
	return nil
}
