package build

import (
	"fmt"
	"path/filepath"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/output"
	"github.com/deckpress/deckpress/output/arena"
	"github.com/deckpress/deckpress/output/pdf"
)

// prepareArenaInput builds an arena file into its map: an overview page
// and a page per tile.
func prepareArenaInput(in input, root *cards.Node, opts options) ([]Product, cards.Diagnostics) {
	m, diags := arena.Read(in.path, root)
	if m == nil || diags.HasErrors() {
		return nil, diags
	}
	res, ds := output.Resolve(nil, m.Print, output.DeckOptions{Print: opts.print})
	diags = diags.Extend(ds)
	s := res.Settings
	doc, tiles := m.Document(s.Paper, s.Orientation, s.Margin)
	return []Product{{Path: filepath.Join(in.outDir, stem(in.path)+".pdf"), Sheets: len(doc.Pages), Pages: len(doc.Pages),
		Note: fmt.Sprintf("%d tiles, on %s", len(tiles), layout.FormatMM(doc.Pages[0].Size.W)+" x "+layout.FormatMM(doc.Pages[0].Size.H)),
		doc:  doc, Render: func() ([]byte, error) { return pdf.Render(doc) }}}, diags
}
