package cli

import (
	"fmt"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/output"
	"github.com/deckpress/deckpress/output/tts"
)

func newExportCmd(env Env) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "export",
		Short: "Export decks for other programs",
	}
	var out string
	var pf printFlags
	ttsCmd := &cobra.Command{
		Use:   "tts FILE",
		Short: "Export a deck to Tabletop Simulator: sheets of faces and a saved object",
		Long: `export tts writes Tabletop Simulator deck sheets (at most 10 × 7 slots and 4096
pixels a side, the last slot holding the hidden-card image), the backs (one image
when every back is alike), and <deck>.json, a saved object that points at the
images by file URI. Put the JSON in Tabletop Simulator's Saves/Saved Objects
folder and the deck appears under Objects → Saved Objects.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			job, err := previewJob(env, args[0], pf)
			if err != nil {
				return err
			}
			files, sheets, err := tts.Export(job, tts.CardNames(job.Deck), abs(env, out), stem(args[0]))
			if err != nil {
				return failed("%v", err)
			}
			if err := output.WriteFiles(files); err != nil {
				return failed("%v", err)
			}
			for _, f := range files {
				rel, err := filepath.Rel(abs(env, "."), f.Path)
				if err != nil {
					rel = f.Path
				}
				fmt.Fprintln(env.Out, rel)
			}
			fmt.Fprintf(env.Err, "%s on %s\n", cards.Count(job.Cards(), "card", "cards"), cards.Count(len(sheets), "sheet", "sheets"))
			return nil
		},
	}
	ttsCmd.Flags().StringVarP(&out, "out", "o", filepath.Join("out", "tts"), "output folder")
	pf.register(ttsCmd.Flags())
	cmd.AddCommand(ttsCmd)
	return cmd
}
