package layout

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// papers are the named paper sizes, portrait.
var papers = map[string]Size{
	"a4":      {210, 297},
	"a3":      {297, 420},
	"a5":      {148, 210},
	"letter":  {215.9, 279.4},
	"legal":   {215.9, 355.6},
	"tabloid": {279.4, 431.8},
}

// cardSizes are the named card formats, as trim sizes in portrait (except
// the business card, which is landscape by nature).
var cardSizes = map[string]Size{
	"poker":         {63.5, 88.9},
	"standard":      {63, 88},
	"bridge":        {57.15, 88.9},
	"mini-euro":     {44, 68},
	"mini-american": {41, 63},
	"euro":          {59, 92},
	"tarot":         {70, 120},
	"square":        {70, 70},
	"index-card":    {76.2, 127},
	"business":      {88.9, 50.8},
}

// PaperNames lists the named papers, sorted.
func PaperNames() []string { return slices.Sorted(maps.Keys(papers)) }

// CardSizeNames lists the named card sizes, sorted.
func CardSizeNames() []string { return slices.Sorted(maps.Keys(cardSizes)) }

// Paper returns the portrait size of a named paper.
func Paper(name string) (Size, bool) {
	s, ok := papers[strings.ToLower(name)]
	return s, ok
}

// CardSize returns the trim size of a named card format.
func CardSize(name string) (Size, bool) {
	s, ok := cardSizes[strings.ToLower(name)]
	return s, ok
}

// ParseSize reads "63x88mm", "2.5x3.5in" or "63 x 88": a width and a height
// separated by x, with one unit for both (mm when none); each side in r.
func ParseSize(s string, r Range) (Size, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	w, h, ok := strings.Cut(t, "x")
	if !ok {
		return Size{}, fmt.Errorf("%q is not a size; write WIDTHxHEIGHT, such as 63x88mm", s)
	}
	w, h = strings.TrimSpace(w), strings.TrimSpace(h)
	if _, err := parseDecimal(w); err == nil {
		// a bare width takes the height's unit: 2.5x3.5in
		if _, unit := splitUnit(h); unit != "" {
			w += unit
		}
	}
	wv, err := ParseLength(w, LengthContext{}, r)
	if err != nil {
		return Size{}, fmt.Errorf("size %q: width: %w", s, err)
	}
	hv, err := ParseLength(h, LengthContext{}, r)
	if err != nil {
		return Size{}, fmt.Errorf("size %q: height: %w", s, err)
	}
	return Size{wv, hv}, nil
}

// ParsePaper reads a paper: a name (a4, letter …) or "WIDTHxHEIGHT" with
// each side in r.
func ParsePaper(s string, r Range) (Size, error) {
	if p, ok := Paper(s); ok {
		return p, nil
	}
	if strings.Contains(strings.ToLower(s), "x") {
		return ParseSize(s, r)
	}
	return Size{}, fmt.Errorf("unknown paper %q; use %s, or WIDTHxHEIGHT such as 210x297mm", s, strings.Join(PaperNames(), ", "))
}

// ParsePoint reads two lengths separated by a comma, each in r:
// "1mm,-0.5mm".
func ParsePoint(s string, r Range) (Point, error) {
	x, y, ok := strings.Cut(s, ",")
	if !ok {
		return Point{}, fmt.Errorf("%q is not a pair of lengths; write X,Y such as 0.5mm,-1mm", s)
	}
	xv, err := ParseLength(x, LengthContext{}, r)
	if err != nil {
		return Point{}, err
	}
	yv, err := ParseLength(y, LengthContext{}, r)
	if err != nil {
		return Point{}, err
	}
	return Point{xv, yv}, nil
}
