package build

import (
	"fmt"
	"io"
	"path/filepath"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/output"
	"github.com/deckpress/deckpress/output/arena"
	"github.com/deckpress/deckpress/output/pdf"
	"github.com/deckpress/deckpress/output/pod"
	"github.com/deckpress/deckpress/output/tts"
)

// HexPaper is the product of hex paper, written to path.
func HexPaper(o arena.PaperOptions, path string) Product {
	doc := arena.HexPaper(o)
	return Product{Path: path, Sheets: o.Pages, Pages: len(doc.Pages),
		Render: func(w io.Writer) error { return pdf.Render(w, doc) }}
}

// Calibration is the product of a duplex calibration sheet for the
// settings s, written to path; only long and short duplex can be
// calibrated.
func Calibration(s layout.Settings, path string) (Product, error) {
	if s.Duplex != layout.DuplexLong && s.Duplex != layout.DuplexShort {
		return Product{}, fmt.Errorf("--duplex: calibration is for duplex printers: long or short")
	}
	doc, _, err := output.Calibration(s)
	if err != nil {
		return Product{}, err
	}
	return Product{Path: path, Sheets: 1, Pages: len(doc.Pages),
		Render: func(w io.Writer) error { return pdf.Render(w, doc) }}, nil
}

// TTSOptions say where export tts writes.
type TTSOptions struct {
	Out string // the images' folder, relative to the working folder
	// URLPrefix is where the images will be hosted (checked by
	// tts.CheckURLPrefix); "" points at them by file URI.
	URLPrefix string
	// SavedObjects is the folder of the saved objects and their
	// thumbnails, such as Tabletop Simulator's Saves/Saved Objects; ""
	// means Out.
	SavedObjects string
}

// ExportTTS writes the Tabletop Simulator sheets, saved object and
// thumbnail of every deck, all or none, and returns the files written
// (relative to the working folder when inside it) and a line per deck
// saying how many cards went on how many sheets (and TTS decks).
func ExportTTS(env Env, decks []Deck, opts TTSOptions) (written, summary []string, err error) {
	var files []output.File
	objDir := ""
	if opts.SavedObjects != "" {
		objDir = env.Abs(opts.SavedObjects)
	}
	for _, d := range decks {
		fs, sheets, err := tts.Export(d.Job, tts.CardNames(d.Job.Deck), tts.Options{Dir: env.Abs(opts.Out), Stem: stem(d.Path),
			URLPrefix: opts.URLPrefix, ObjectDir: objDir})
		if err != nil {
			return nil, nil, err
		}
		files = append(files, fs...)
		line := fmt.Sprintf("%s on %s", cards.Count(d.Job.Cards(), "card", "cards"), cards.Count(len(sheets), "sheet", "sheets"))
		if n := sheets[len(sheets)-1].Group + 1; n > 1 {
			line += fmt.Sprintf(", %d Tabletop Simulator decks (one per back)", n)
		}
		summary = append(summary, line)
	}
	if err := env.CheckOverwrite(filePaths(files)); err != nil {
		return nil, nil, err
	}
	if err := output.WriteFiles(files); err != nil {
		return nil, nil, err
	}
	for _, f := range files {
		written = append(written, env.relative(f.Path))
	}
	return written, summary, nil
}

// ExportPOD writes every deck in the file shape of a print-on-demand
// service into out/<deck stem>/ (relative to the working folder), all or
// none, and returns the files written. The decks must be prepared with the
// service's bleed and one page per card side, fronts first
// (PODPrint).
func ExportPOD(env Env, decks []Deck, p pod.Profile, out string, pdfx bool) (written []string, err error) {
	var files []output.File
	for _, d := range decks {
		s := stem(d.Path)
		fs, err := pod.Export(d.Job, p, filepath.Join(env.Abs(out), s), s, pdfx)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", d.Path, err)
		}
		files = append(files, fs...)
	}
	if err := env.CheckOverwrite(filePaths(files)); err != nil {
		return nil, err
	}
	if err := output.WriteFiles(files); err != nil {
		return nil, err
	}
	for _, f := range files {
		written = append(written, env.relative(f.Path))
	}
	return written, nil
}

// PODPrint returns print settings with those a service's files need laid
// over them: its bleed, a page per card side, fronts first.
func PODPrint(o output.PrintOptions, p pod.Profile) output.PrintOptions {
	bleed, single, frontsFirst := p.Bleed, layout.DuplexSingle, false
	o.Bleed, o.Duplex, o.BacksFirst = &bleed, &single, &frontsFirst
	return o
}

// filePaths are the paths of files.
func filePaths(files []output.File) []string {
	paths := make([]string, len(files))
	for i, f := range files {
		paths[i] = f.Path
	}
	return paths
}
