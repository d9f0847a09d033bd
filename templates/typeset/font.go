package typeset

import (
	"bytes"
	_ "embed"
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"
	"unicode/utf8"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gobolditalic"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/gomonobold"
	"golang.org/x/image/font/gofont/gomonobolditalic"
	"golang.org/x/image/font/gofont/gomonoitalic"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/gofont/gosmallcaps"
	"golang.org/x/image/font/gofont/gosmallcapsitalic"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"

	"github.com/deckpress/deckpress/layout"
)

// Font is one TrueType face with unhinted metrics. Widths are measured in
// ems (multiply by the size) so that text is laid out once, in
// millimetres, the same for every back end.
type Font struct {
	id   string
	data []byte // the TrueType file
	// Ascent and Descent are the font's ascender and descender in ems,
	// both positive.
	Ascent, Descent float64

	sf   *sfnt.Font
	upem float64

	mu     sync.Mutex
	buf    sfnt.Buffer
	latin  [256]float32 // advances of U+0000–U+00FF in ems; < 0: missing
	others map[rune]float32
	glyphs map[rune]*layout.Path // outlines in ems, made when first drawn
}

// ParseFont reads a TrueType font. Fonts with PostScript (CFF) outlines are
// refused: the PDF back end embeds TrueType outlines only.
func ParseFont(id string, data []byte) (*Font, error) {
	if bytes.HasPrefix(data, []byte("OTTO")) {
		return nil, errors.New("this OpenType font has PostScript (CFF) outlines; use a TrueType (.ttf) font")
	}
	if err := checkEmbeddable(data); err != nil {
		return nil, fmt.Errorf("not a TrueType font the PDF writer can embed: %w", err)
	}
	sf, err := sfnt.Parse(data)
	if err != nil {
		return nil, fmt.Errorf("not a usable TrueType font: %w", err)
	}
	f := &Font{id: id, data: data, sf: sf, upem: float64(sf.UnitsPerEm()), others: map[rune]float32{}}
	if f.upem <= 0 {
		return nil, errors.New("not a usable TrueType font: units per em is zero")
	}
	m, err := sf.Metrics(&f.buf, fixed.Int26_6(sf.UnitsPerEm())<<6, font.HintingNone)
	if err != nil {
		return nil, fmt.Errorf("not a usable TrueType font: %w", err)
	}
	f.Ascent = float64(m.Ascent) / 64 / f.upem
	f.Descent = float64(m.Descent) / 64 / f.upem
	if f.Ascent <= 0 {
		return nil, errors.New("not a usable TrueType font: no ascender")
	}
	for r := range f.latin {
		f.latin[r] = f.measure(rune(r))
	}
	return f, nil
}

// measure returns the advance of r in ems, or -1 when the font lacks it.
// The caller holds mu, or is ParseFont.
func (f *Font) measure(r rune) float32 {
	idx, err := f.sf.GlyphIndex(&f.buf, r)
	if err != nil || idx == 0 {
		return -1
	}
	adv, err := f.sf.GlyphAdvance(&f.buf, idx, fixed.Int26_6(f.upem)<<6, font.HintingNone)
	if err != nil {
		return -1
	}
	return float32(float64(adv) / 64 / f.upem)
}

// ID names the face uniquely and stably ("go-bold").
func (f *Font) ID() string { return f.id }

// TrueType returns the font file, for embedding.
func (f *Font) TrueType() []byte { return f.data }

// Advance returns the advance width of r in ems, and false when the font
// has no glyph for it.
func (f *Font) Advance(r rune) (float64, bool) {
	if r >= 0 && r < 256 {
		a := f.latin[r]
		return float64(a), a >= 0
	}
	f.mu.Lock()
	a, ok := f.others[r]
	if !ok {
		a = f.measure(r)
		f.others[r] = a
	}
	f.mu.Unlock()
	return float64(a), a >= 0
}

// Glyph returns the outline of r in ems, origin on the baseline at the
// left, y down; raster back ends fill it. A missing glyph is an empty path.
func (f *Font) Glyph(r rune) *layout.Path {
	f.mu.Lock()
	defer f.mu.Unlock()
	if p, ok := f.glyphs[r]; ok {
		return p
	}
	p := &layout.Path{}
	if idx, err := f.sf.GlyphIndex(&f.buf, r); err == nil && idx != 0 {
		if segs, err := f.sf.LoadGlyph(&f.buf, idx, fixed.Int26_6(f.upem)<<6, nil); err == nil {
			k := 1.0 / 64 / f.upem
			pt := func(a fixed.Point26_6) (float64, float64) { return float64(a.X) * k, float64(a.Y) * k }
			var cx, cy float64 // the current point, for quadratic curves
			for _, s := range segs {
				switch s.Op {
				case sfnt.SegmentOpMoveTo:
					if len(p.Verbs) > 0 {
						p.Close()
					}
					cx, cy = pt(s.Args[0])
					p.MoveTo(cx, cy)
				case sfnt.SegmentOpLineTo:
					cx, cy = pt(s.Args[0])
					p.LineTo(cx, cy)
				case sfnt.SegmentOpQuadTo:
					qx, qy := pt(s.Args[0])
					x, y := pt(s.Args[1])
					p.CubicTo(cx+2.0/3*(qx-cx), cy+2.0/3*(qy-cy), x+2.0/3*(qx-x), y+2.0/3*(qy-y), x, y)
					cx, cy = x, y
				case sfnt.SegmentOpCubeTo:
					x1, y1 := pt(s.Args[0])
					x2, y2 := pt(s.Args[1])
					cx, cy = pt(s.Args[2])
					p.CubicTo(x1, y1, x2, y2, cx, cy)
				}
			}
			if len(p.Verbs) > 0 {
				p.Close()
			}
		}
	}
	if f.glyphs == nil {
		f.glyphs = map[rune]*layout.Path{}
	}
	f.glyphs[r] = p
	return p
}

// Has reports whether the font has a glyph for r.
func (f *Font) Has(r rune) bool {
	_, ok := f.Advance(r)
	return ok
}

// Width returns the advance width of s in ems; missing glyphs count zero.
func (f *Font) Width(s string) float64 {
	w := 0.0
	for _, r := range s {
		if a, ok := f.Advance(r); ok {
			w += a
		}
	}
	return w
}

// Style is the weight and slant of a face within a family.
type Style uint8

// The four faces of a family.
const (
	Regular Style = iota
	Bold
	Italic
	BoldItalic
)

var styleNames = []string{"regular", "bold", "italic", "bold-italic"}

func (s Style) String() string { return styleNames[s] }

// Family is a set of faces; a missing face falls back to Regular.
type Family struct {
	Name  string
	Faces [4]*Font
}

// Face returns the face of a style, or the regular face.
func (fam *Family) Face(s Style) *Font {
	if f := fam.Faces[s]; f != nil {
		return f
	}
	if s == BoldItalic && fam.Faces[Bold] != nil {
		return fam.Faces[Bold]
	}
	return fam.Faces[Regular]
}

// FontSet is the families a deck can use: the Go fonts ("go", also
// "sans"; "mono"; "smallcaps"), DejaVu Sans ("dejavu"), DejaVu Sans Condensed
// ("dejavu-condensed") and the deck's own.
type FontSet struct {
	families map[string]*Family
	// Fallback draws characters that a chosen font lacks.
	Fallback *Family
	// resolved keeps Resolve's answers by spec (a text names its font
	// every time it is drawn); Add clears it.
	resolved sync.Map
}

// resolution is an answer of Resolve.
type resolution struct {
	fam   *Family
	style Style
	err   error
}

var (
	goFontsOnce sync.Once
	goFamilies  map[string]*Family
)

// DejaVu Sans, a text face for cards: open licence (fonts/LICENSE), Latin,
// Greek and Cyrillic, a plain zero and a narrow hyphen.
var (
	//go:embed fonts/DejaVuSans.ttf
	dejavuRegular []byte
	//go:embed fonts/DejaVuSans-Bold.ttf
	dejavuBold []byte
	//go:embed fonts/DejaVuSans-Oblique.ttf
	dejavuOblique []byte
	//go:embed fonts/DejaVuSans-BoldOblique.ttf
	dejavuBoldOblique []byte
	// DejaVu Sans Condensed, for rules cards: as wide as the Go font,
	// so that the rules' diagrams and sizes hold
	//go:embed fonts/DejaVuSansCondensed.ttf
	condensedRegular []byte
	//go:embed fonts/DejaVuSansCondensed-Bold.ttf
	condensedBold []byte
	//go:embed fonts/DejaVuSansCondensed-Oblique.ttf
	condensedOblique []byte
	//go:embed fonts/DejaVuSansCondensed-BoldOblique.ttf
	condensedBoldOblique []byte
)

// goFonts parses the embedded fonts (the Go fonts and DejaVu Sans) once
// per process.
func goFonts() map[string]*Family {
	goFontsOnce.Do(func() {
		must := func(id string, data []byte) *Font {
			f, err := ParseFont(id, data)
			if err != nil {
				panic("embedded font " + id + ": " + err.Error())
			}
			return f
		}
		sans := &Family{Name: "go", Faces: [4]*Font{
			must("go-regular", goregular.TTF), must("go-bold", gobold.TTF),
			must("go-italic", goitalic.TTF), must("go-bold-italic", gobolditalic.TTF)}}
		mono := &Family{Name: "mono", Faces: [4]*Font{
			must("go-mono", gomono.TTF), must("go-mono-bold", gomonobold.TTF),
			must("go-mono-italic", gomonoitalic.TTF), must("go-mono-bold-italic", gomonobolditalic.TTF)}}
		caps := &Family{Name: "smallcaps", Faces: [4]*Font{
			Regular: must("go-smallcaps", gosmallcaps.TTF), Italic: must("go-smallcaps-italic", gosmallcapsitalic.TTF)}}
		dejavu := &Family{Name: "dejavu", Faces: [4]*Font{
			must("dejavu-sans", dejavuRegular), must("dejavu-sans-bold", dejavuBold),
			must("dejavu-sans-oblique", dejavuOblique), must("dejavu-sans-bold-oblique", dejavuBoldOblique)}}
		condensed := &Family{Name: "dejavu-condensed", Faces: [4]*Font{
			must("dejavu-sans-condensed", condensedRegular), must("dejavu-sans-condensed-bold", condensedBold),
			must("dejavu-sans-condensed-oblique", condensedOblique), must("dejavu-sans-condensed-bold-oblique", condensedBoldOblique)}}
		goFamilies = map[string]*Family{"go": sans, "sans": sans, "mono": mono, "smallcaps": caps, "dejavu": dejavu, "dejavu-condensed": condensed}
	})
	return goFamilies
}

// NewFontSet returns the Go font families.
func NewFontSet() *FontSet {
	fs := &FontSet{families: map[string]*Family{}}
	for name, fam := range goFonts() {
		fs.families[name] = fam
	}
	fs.Fallback = fs.families["go"]
	return fs
}

// Add registers a family under name, replacing any of that name, and
// forgets the font choices resolved before. It must not run while faces
// are drawn: Resolve runs on every core then, and reads the families
// unlocked.
func (fs *FontSet) Add(name string, fam *Family) {
	fs.families[strings.ToLower(name)] = fam
	fs.resolved.Clear()
}

// Names lists the family names, sorted.
func (fs *FontSet) Names() []string {
	var out []string
	for n := range fs.families {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Resolve reads a font choice: "[family] [style]", such as "bold",
// "mono", "mono bold" or "Lobster italic". The family defaults to "go",
// the style to regular.
func (fs *FontSet) Resolve(spec string) (*Family, Style, error) {
	if r, ok := fs.resolved.Load(spec); ok {
		r := r.(resolution)
		return r.fam, r.style, r.err
	}
	fam, style, err := fs.resolve(spec)
	fs.resolved.Store(spec, resolution{fam, style, err})
	return fam, style, err
}

// resolve is Resolve, without the answers kept.
func (fs *FontSet) resolve(spec string) (*Family, Style, error) {
	words := strings.Fields(strings.ToLower(spec))
	style := Regular
	if n := len(words); n > 0 {
		switch words[n-1] {
		case "regular":
			words = words[:n-1]
		case "bold":
			style, words = Bold, words[:n-1]
		case "italic":
			style, words = Italic, words[:n-1]
		case "bold-italic", "bolditalic":
			style, words = BoldItalic, words[:n-1]
		}
		if n := len(words); style == Italic && n > 0 && words[n-1] == "bold" {
			style, words = BoldItalic, words[:n-1]
		}
	}
	name := strings.Join(words, " ")
	if name == "" {
		name = "go"
	}
	fam, ok := fs.families[name]
	if !ok {
		return nil, 0, fmt.Errorf("unknown font %q; known families: %s (each regular, bold, italic or bold-italic)", spec, strings.Join(fs.Names(), ", "))
	}
	return fam, style, nil
}

// printable reports whether r can be set as text at all: PDF text in
// deckpress is limited to the Basic Multilingual Plane.
func printable(r rune) bool {
	return r != utf8.RuneError && r <= 0xFFFF
}
