package cli

import (
	"fmt"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/output"
	"github.com/deckpress/deckpress/output/tts"
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
	env := f.BuildEnv()
	var files []output.File
	var summary []string
	for _, d := range ds {
		fs, sheets, err := tts.Export(d.Job, tts.CardNames(d.Job.Deck), env.Abs(opts.Out), stem(d.Path))
		if err != nil {
			return err
		}
		files = append(files, fs...)
		summary = append(summary, fmt.Sprintf("%s on %s", cards.Count(d.Job.Cards(), "card", "cards"), cards.Count(len(sheets), "sheet", "sheets")))
	}
	if err := output.WriteFiles(files); err != nil {
		return err
	}
	for _, fl := range files {
		rel, err := filepath.Rel(env.Abs("."), fl.Path)
		if err != nil {
			rel = fl.Path
		}
		fmt.Fprintln(f.Out, rel)
	}
	for _, s := range summary {
		fmt.Fprintln(f.Err, s)
	}
	return nil
}
