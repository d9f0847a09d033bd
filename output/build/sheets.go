package build

import (
	"fmt"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/output"
	"github.com/deckpress/deckpress/output/arena"
	"github.com/deckpress/deckpress/output/pdf"
	"github.com/deckpress/deckpress/output/tts"
)

// HexPaper is the product of hex paper, written to path.
func HexPaper(o arena.PaperOptions, path string) Product {
	doc := arena.HexPaper(o)
	return Product{Path: path, Sheets: o.Pages, Pages: len(doc.Pages),
		Render: func() ([]byte, error) { return pdf.Render(doc) }}
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
		Render: func() ([]byte, error) { return pdf.Render(doc) }}, nil
}

// ExportTTS writes the Tabletop Simulator sheets and saved object of every
// deck into out (relative to the working folder), all or none, and
// returns the files written (relative to the working folder when inside
// it) and a line per deck saying how many cards went on how many sheets.
func ExportTTS(env Env, decks []Deck, out string) (written, summary []string, err error) {
	var files []output.File
	for _, d := range decks {
		fs, sheets, err := tts.Export(d.Job, tts.CardNames(d.Job.Deck), env.Abs(out), stem(d.Path))
		if err != nil {
			return nil, nil, err
		}
		files = append(files, fs...)
		summary = append(summary, fmt.Sprintf("%s on %s", cards.Count(d.Job.Cards(), "card", "cards"), cards.Count(len(sheets), "sheet", "sheets")))
	}
	if err := output.WriteFiles(files); err != nil {
		return nil, nil, err
	}
	for _, f := range files {
		written = append(written, env.relative(f.Path))
	}
	return written, summary, nil
}
