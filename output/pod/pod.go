// Package pod writes a deck in the file shape a print-on-demand service
// asks for: one image per card face at the service's pixel size, bleed
// included (The Game Crafter, MakePlayingCards), or one PDF page per
// printed card side with its bleed, TrimBox and BleedBox, front then back
// (DriveThruCards). A profile holds each service's published numbers; a
// deck whose trim size the service does not print is refused.
package pod

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"image"
	"math"
	"path/filepath"
	"strings"

	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/output"
	"github.com/deckpress/deckpress/output/pdf"
	"github.com/deckpress/deckpress/output/png"
)

// Kind is the file shape a service takes.
type Kind uint8

const (
	// Images is a PNG per card front and per distinct back, the bleed box
	// at the service's pixel size, and a list of which back goes with
	// which front, how many times.
	Images Kind = iota
	// PDFPages is one PDF, a page per printed card side (front, then its
	// back), each page the bleed box with a TrimBox and a BleedBox.
	PDFPages
)

// Size is a card size a service prints: its trim in mm and, for images,
// the pixels of the bleed box.
type Size struct {
	Name       string
	Trim       layout.Size
	PixW, PixH int // Images: the image of a face; 0 for PDFPages
}

// Profile is a service's file shape.
type Profile struct {
	Name   string // as --service takes it
	Title  string
	Kind   Kind
	Bleed  float64 // mm on every side, the same for all its sizes
	Sizes  []Size
	Source string // where the numbers are published
}

const inch = layout.MMPerInch

// Profiles are the services, by name.
var Profiles = []Profile{
	{Name: "thegamecrafter", Title: "The Game Crafter", Kind: Images, Bleed: inch / 8,
		// 300 dpi, 1/8 in of bleed on every side
		Sizes: []Size{
			{Name: "poker", Trim: layout.Size{W: 2.5 * inch, H: 3.5 * inch}, PixW: 825, PixH: 1125},
			{Name: "square", Trim: layout.Size{W: 3.5 * inch, H: 3.5 * inch}, PixW: 1125, PixH: 1125},
			{Name: "tarot", Trim: layout.Size{W: 2.75 * inch, H: 4.75 * inch}, PixW: 900, PixH: 1500},
		},
		Source: "https://help.thegamecrafter.com/article/391-bleed"},
	{Name: "makeplayingcards", Title: "MakePlayingCards", Kind: Images, Bleed: 36 * inch / 300,
		// 300 dpi, 36 pixels of bleed on every side (0.12 in, 3.048 mm)
		Sizes: []Size{
			{Name: "poker", Trim: layout.Size{W: 2.5 * inch, H: 3.5 * inch}, PixW: 822, PixH: 1122},
		},
		Source: "https://www.makeplayingcards.com/faq-photo.aspx"},
	{Name: "drivethrucards", Title: "DriveThruCards", Kind: PDFPages, Bleed: inch / 8,
		// a 2.75 × 3.75 in page per card side: 1/8 in of bleed
		Sizes: []Size{
			{Name: "poker", Trim: layout.Size{W: 2.5 * inch, H: 3.5 * inch}},
		},
		Source: "https://help.drivethrupartners.com/hc/en-us/articles/12780748203543-Specifications-for-Print-Cards"},
}

// Names lists the services' names.
func Names() []string {
	out := make([]string, len(Profiles))
	for i, p := range Profiles {
		out[i] = p.Name
	}
	return out
}

// Lookup returns the profile of a service.
func Lookup(name string) (Profile, error) {
	for _, p := range Profiles {
		if p.Name == name {
			return p, nil
		}
	}
	return Profile{}, fmt.Errorf("unknown service %q; services: %s", name, strings.Join(Names(), ", "))
}

// sizeTolerance is how far a deck's trim may differ from a service's size
// and still be that size (rounding of inches to mm).
const sizeTolerance = 0.05 // mm

// Match returns the service's size for a card of trim size card, or an
// error naming the sizes it prints.
func (p Profile) Match(card layout.Size) (Size, error) {
	var names []string
	for _, s := range p.Sizes {
		if math.Abs(s.Trim.W-card.W) <= sizeTolerance && math.Abs(s.Trim.H-card.H) <= sizeTolerance {
			return s, nil
		}
		names = append(names, fmt.Sprintf("%s %s x %s", s.Name, layout.FormatMM(round2(s.Trim.W)), layout.FormatMM(round2(s.Trim.H))))
	}
	return Size{}, fmt.Errorf("%s does not print %s x %s cards; it prints %s", p.Title,
		layout.FormatMM(round2(card.W)), layout.FormatMM(round2(card.H)), strings.Join(names, ", "))
}

func round2(v float64) float64 { return math.Round(v*100) / 100 }

// Export renders a deck prepared with the profile's bleed and one page per
// card side (layout.DuplexSingle, fronts first) into the service's files
// in dir, named after stem; with pdfx, a PDF service's file is PDF/X-4.
func Export(job *output.DeckJob, p Profile, dir, stem string, pdfx bool) ([]output.File, error) {
	size, err := p.Match(job.Plan.Card)
	if err != nil {
		return nil, err
	}
	if job.Entries() == 0 {
		return nil, fmt.Errorf("the deck has no cards")
	}
	if !job.Backs {
		return nil, fmt.Errorf("the deck has no back template; %s prints both sides of every card", p.Title)
	}
	if math.Abs(job.Plan.Bleed-p.Bleed) > 1e-9 || job.Plan.Duplex != layout.DuplexSingle || job.Plan.BacksFirst {
		return nil, fmt.Errorf("the deck is prepared with %s of bleed; %s wants %s of bleed, one page per side, fronts first",
			layout.FormatMM(job.Plan.Bleed), p.Title, layout.FormatMM(p.Bleed))
	}
	if pdfx && p.Kind != PDFPages {
		return nil, fmt.Errorf("%s takes images, not PDF: --pdfx is for drivethrucards", p.Title)
	}
	if p.Kind == PDFPages {
		render := pdf.Render
		if pdfx {
			render = pdf.RenderX4
		}
		var buf bytes.Buffer
		if err := render(&buf, job.Document()); err != nil {
			return nil, err
		}
		data := buf.Bytes()
		return []output.File{{Path: filepath.Join(dir, stem+".pdf"), Data: data}}, nil
	}
	return images(job, size, dir, stem)
}

// images renders each card's front, and each distinct back once, at the
// size's pixels, and a list of the files with each card's count.
func images(job *output.DeckJob, size Size, dir, stem string) ([]output.File, error) {
	box := job.Plan.CardBleedBox()
	// the dpi that makes the bleed box exactly PixW pixels wide
	dpi := float64(size.PixW) / (box.W / inch)
	face := func(i int, side layout.Side) (image.Image, error) {
		img := png.Face(job.Face(i, side), box, dpi)
		if b := img.Bounds(); b.Dx() != size.PixW || b.Dy() != size.PixH {
			return nil, fmt.Errorf("a face renders at %d x %d pixels, not the %d x %d the service wants", b.Dx(), b.Dy(), size.PixW, size.PixH)
		}
		return img, nil
	}
	n := job.Entries()
	counts := make([]int, n)
	for _, e := range job.Copies() {
		counts[e]++
	}
	// the distinct backs, in order of first use, and each card's
	var backs []image.Image
	backOf := make([]int, n)
	seen := map[[32]byte]int{}
	for i := range n {
		if counts[i] == 0 {
			continue
		}
		img, err := face(i, layout.Back)
		if err != nil {
			return nil, err
		}
		sum := sha256.Sum256(img.(*image.RGBA).Pix)
		k, ok := seen[sum]
		if !ok {
			k = len(backs)
			seen[sum] = k
			backs = append(backs, img)
		}
		backOf[i] = k
	}
	backName := func(k int) string {
		if len(backs) == 1 {
			return stem + "-back.png"
		}
		return fmt.Sprintf("%s-back-%d.png", stem, k+1)
	}
	width := len(fmt.Sprint(n))
	var files []output.File
	add := func(name string, img image.Image) error {
		data, err := png.Encode(img)
		if err != nil {
			return err
		}
		files = append(files, output.File{Path: filepath.Join(dir, name), Data: data})
		return nil
	}
	list := "front,back,count\n"
	for i := range n {
		if counts[i] == 0 {
			continue
		}
		front, err := face(i, layout.Front)
		if err != nil {
			return nil, err
		}
		fname := fmt.Sprintf("%s-front-%0*d.png", stem, width, i+1)
		if err := add(fname, front); err != nil {
			return nil, err
		}
		list += fmt.Sprintf("%s,%s,%d\n", fname, backName(backOf[i]), counts[i])
	}
	for k, img := range backs {
		if err := add(backName(k), img); err != nil {
			return nil, err
		}
	}
	files = append(files, output.File{Path: filepath.Join(dir, stem+"-cards.csv"), Data: []byte(list)})
	return files, nil
}
