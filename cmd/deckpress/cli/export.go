package cli

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/deckpress/deckpress/output/build"
	"github.com/deckpress/deckpress/output/pod"
	"github.com/deckpress/deckpress/output/tts"
)

// ExportOptions are the options of deckpress export tts.
type ExportOptions struct {
	Factory *Factory
	Inputs  []string
	Out     string
	Print   printFlags
	// URLPrefix and SavedObjects: see build.TTSOptions.
	URLPrefix, SavedObjects string
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
when every back is alike), <deck>.json, a saved object, and <deck>.png, its
thumbnail. Cards with different back templates (Galaga's life cards) make
Tabletop Simulator decks of their own. The saved object points at the images by
file URI, which loads on this machine only; with --url-prefix it points at
PREFIX/<image file> instead: upload the images there and every player sees them.
Put the JSON and the thumbnail in Tabletop Simulator's Saves/Saved Objects folder
(or write them there with --saved-objects DIR: on Windows Documents\My
Games\Tabletop Simulator\Saves\Saved Objects, on macOS ~/Library/Tabletop
Simulator/Saves/Saved Objects, on Linux ~/.local/share/Tabletop
Simulator/Saves/Saved Objects) and the deck appears under Objects → Saved Objects.
A folder stands for every deck in it.`,
		Args: positional(1, -1, "a deck FILE or DIR to export"),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Inputs = args
			if err := opts.Print.parse(); err != nil {
				return err
			}
			if opts.URLPrefix != "" {
				p, err := tts.CheckURLPrefix(opts.URLPrefix)
				if err != nil {
					return flagErrorf("--url-prefix: %w", err)
				}
				opts.URLPrefix = p
			}
			if runF != nil {
				return runF(opts)
			}
			return runExportTTS(opts)
		},
	}
	cmd.AddCommand(newCmdExportPOD(f))
	ttsCmd.Flags().StringVarP(&opts.Out, "out", "o", filepath.Join("out", "tts"), "output folder")
	ttsCmd.Flags().StringVar(&opts.URLPrefix, "url-prefix", "", "the http(s) folder the images will be uploaded to; the saved object points there instead of at local files")
	ttsCmd.Flags().StringVar(&opts.SavedObjects, "saved-objects", "", "write the saved object and its thumbnail into this folder (Tabletop Simulator's Saves/Saved Objects)")
	opts.Print.register(ttsCmd.Flags(), faceSettings...)
	cmd.AddCommand(ttsCmd)
	return cmd
}

func runExportTTS(opts *ExportOptions) error {
	f := opts.Factory
	if _, err := parseOut(opts.Out); err != nil {
		return err
	}
	ds, err := decks(f, opts.Inputs, opts.Print)
	if err != nil {
		return err
	}
	written, summary, err := build.ExportTTS(f.BuildEnv(), ds, build.TTSOptions{Out: opts.Out, URLPrefix: opts.URLPrefix, SavedObjects: opts.SavedObjects})
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

// PODOptions are the options of deckpress export pod.
type PODOptions struct {
	Factory *Factory
	Inputs  []string
	Service string
	Out     string
	Print   printFlags
	PDFX    bool
}

func newCmdExportPOD(f *Factory) *cobra.Command {
	opts := &PODOptions{Factory: f}
	cmd := &cobra.Command{
		Use:   "pod --service NAME FILE|DIR...",
		Short: "Export a deck in the file shape a print-on-demand service asks for",
		Long: `export pod writes each deck as the service named by --service takes it, into
<out>/<service>/<deck>/ (out/pod/<service>/<deck>/ by default): thegamecrafter
and makeplayingcards, a PNG per card front at the service's pixel size with its
bleed (825 x 1125 and 822 x 1122 for poker cards), the back (one image when
every back is alike, else one per card) and <deck>-cards.csv listing each
front, its back and how many to print; drivethrucards, <deck>.pdf, a page per
printed card side, front then back, each page the card with 1/8 in of bleed and
its TrimBox and BleedBox. The service's bleed replaces the deck's; a card size
the service does not print is refused.`,
		Args: positional(1, -1, "a deck FILE or DIR to export"),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Inputs = args
			if err := opts.Print.parse(); err != nil {
				return err
			}
			return runExportPOD(opts)
		},
	}
	cmd.Flags().StringVar(&opts.Service, "service", "", "the service: "+strings.Join(pod.Names(), ", "))
	cmd.Flags().StringVarP(&opts.Out, "out", "o", filepath.Join("out", "pod"), "output folder")
	cmd.Flags().BoolVar(&opts.PDFX, "pdfx", false, "write the PDF of drivethrucards as PDF/X-4")
	// the service fixes bleed, duplex and order; the safe zone and the corners
	// are the preflight's
	opts.Print.register(cmd.Flags(), "safe", "corner-radius")
	return cmd
}

func runExportPOD(opts *PODOptions) error {
	f := opts.Factory
	if opts.Service == "" {
		return flagErrorf("--service is required: %s", strings.Join(pod.Names(), ", "))
	}
	p, err := pod.Lookup(opts.Service)
	if err != nil {
		return flagErrorf("--service: %w", err)
	}
	if _, err := parseOut(opts.Out); err != nil {
		return err
	}
	opts.Print.options = build.PODPrint(opts.Print.options, p)
	ds, err := decks(f, opts.Inputs, opts.Print)
	if err != nil {
		return err
	}
	written, err := build.ExportPOD(f.BuildEnv(), ds, p, filepath.Join(opts.Out, p.Name), opts.PDFX)
	if err != nil {
		return err
	}
	for _, w := range written {
		fmt.Fprintln(f.Out, w)
	}
	return nil
}
