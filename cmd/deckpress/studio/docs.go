package studio

import (
	"fmt"
	"net/http"
	"net/url"
	"reflect"
	"strconv"
	"strings"
	"sync"

	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/output/build"
	"github.com/deckpress/deckpress/output/png"
	"github.com/deckpress/deckpress/templates/draw"
)

// Bounds of the page images of products other than decks (rules cards
// and sheet, arenas, Slugfest teams, hero cards and character sheets).
const (
	pageDPI  = 60 // an A4 page is 496 × 702 pixels
	maxPages = 24 // pages shown of each product; the rest are counted
)

// docState is a product drawn as pages, the first maxPages of them kept
// with a version that changes only when the page's drawing does, as the
// deck faces are.
type docState struct {
	name  string // the product's name
	total int    // its pages, all of them
	pages []*pageImage
}

type pageImage struct {
	page    draw.Page
	version int
	once    sync.Once
	png     []byte
	err     error
}

// newDocs wraps the drawn documents of the products; a page equal to the
// same page of the same product in prev keeps its version and image.
func newDocs(products []build.Product, prev []*docState) []*docState {
	var out []*docState
	for _, pr := range products {
		doc := pr.Document()
		if doc == nil {
			continue
		}
		d := &docState{name: stemOf(pr.Path), total: doc.Len()}
		var old *docState
		for _, o := range prev {
			if o.name == d.name {
				old = o
			}
		}
		for i := range min(doc.Len(), maxPages) {
			page := doc.Page(i)
			p := &pageImage{page: page, version: 1}
			if old != nil && i < len(old.pages) {
				if reflect.DeepEqual(old.pages[i].page, page) {
					p = old.pages[i]
				} else {
					p.version = old.pages[i].version + 1
				}
			}
			d.pages = append(d.pages, p)
		}
		out = append(out, d)
	}
	return out
}

// image returns the PNG of page i (from 0) and its version.
func (d *docState) image(i int) ([]byte, int, error) {
	if i < 0 || i >= len(d.pages) {
		return nil, 0, fmt.Errorf("no page %d", i+1)
	}
	p := d.pages[i]
	b, err := p.draw(pageDPI)
	return b, p.version, err
}

// maxPixels bounds the longer side of every image the studio draws,
// whatever the size of its paper or card: at most 1200 pixels, 5.5 MiB of
// RGBA, to draw.
const maxPixels = 1200

// fit returns dpi, or fewer dots to the inch when an image of size (mm)
// would be more than maxPixels on its longer side.
func fit(size layout.Size, dpi float64) float64 {
	if long := max(size.W, size.H) / layout.MMPerInch; long*dpi > maxPixels {
		return maxPixels / long
	}
	return dpi
}

// draw draws the page as PNG at dpi (see fit), once.
func (p *pageImage) draw(dpi float64) ([]byte, error) {
	p.once.Do(func() {
		c := png.New(fit(p.page.Size, dpi))
		draw.DrawPage(c, &p.page)
		p.png, p.err = c.Encode()
	})
	return p.png, p.err
}

// pageURL is the stable address of a page image; v changes with the page.
func pageURL(input, product string, n, v int) string {
	return fmt.Sprintf("/api/page/%s/%s/%d.png?v=%d", url.PathEscape(input), url.PathEscape(product), n, v)
}

// apiPages is GET /api/pages?input=P: the page images of every product
// of an input, its diagnostics and whether they are stale.
func (s *Server) apiPages(w http.ResponseWriter, r *http.Request) {
	in := s.state.input(r.URL.Query().Get("input"))
	if in == nil {
		http.Error(w, "no such input", http.StatusNotFound)
		return
	}
	type product struct {
		Name  string   `json:"name"`
		Pages []string `json:"pages"`
		Total int      `json:"total"`
	}
	out := struct {
		Input       string     `json:"input"`
		Format      string     `json:"format"`
		Products    []product  `json:"products"`
		Stale       bool       `json:"stale"`
		Diagnostics []diagJSON `json:"diagnostics"`
	}{Input: in.Path, Format: in.Format, Products: []product{}, Stale: in.Diags.HasErrors(), Diagnostics: diagsJSON(in.Diags)}
	for _, d := range in.docs {
		p := product{Name: d.name, Pages: []string{}, Total: d.total}
		for i, pg := range d.pages {
			p.Pages = append(p.Pages, pageURL(in.Path, d.name, i+1, pg.version))
		}
		out.Products = append(out.Products, p)
	}
	writeJSON(w, out)
}

// apiPage is GET /api/page/{input}/{product}/{n}.png: page n (from 1) of
// a product, drawn by the PNG back end.
func (s *Server) apiPage(w http.ResponseWriter, r *http.Request) {
	in := s.state.input(r.PathValue("input"))
	var doc *docState
	if in != nil {
		for _, d := range in.docs {
			if d.name == r.PathValue("product") {
				doc = d
			}
		}
	}
	if doc == nil {
		http.Error(w, "no such product", http.StatusNotFound)
		return
	}
	num, ok := strings.CutSuffix(r.PathValue("n"), ".png")
	n, err := strconv.Atoi(num)
	if !ok || err != nil {
		http.Error(w, "no such page", http.StatusNotFound)
		return
	}
	release, ok := s.turn(w, r)
	if !ok {
		return
	}
	b, v, err := doc.image(n - 1)
	release()
	if err != nil {
		http.Error(w, err.Error(), http.StatusNotFound)
		return
	}
	servePNG(w, r, b, v)
}
