package layout

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Range is the closed interval [Lo, Hi] that a number must lie in. Every
// number deckpress reads from a file or a flag passes through one: a
// length with its unit, a side of a WIDTHxHEIGHT size, a resolution, a
// font size. NaN and the infinities lie in no range.
type Range struct{ Lo, Hi float64 }

// Ranges of the numbers that are not print options.
var (
	// TemplateLengths bounds a template's positions and sizes: ten
	// metres either way is far past any card, and far from where
	// arithmetic on it loses its meaning.
	TemplateLengths = Range{-10_000, 10_000}
	// SideLengths bounds a side of a card or a paper, in mm.
	SideLengths = Range{1, 2000}
)

// Check returns an error unless v is a finite number within r; what
// names v as the user wrote it.
func (r Range) Check(v float64, what string) error {
	if math.IsNaN(v) || math.IsInf(v, 0) || v < r.Lo || v > r.Hi {
		return fmt.Errorf("%s is out of range (%s to %s)", what, formatNumber(r.Lo), formatNumber(r.Hi))
	}
	return nil
}

// CheckMM is Check for a length, with the bounds written in mm.
func (r Range) CheckMM(v float64, what string) error {
	if math.IsNaN(v) || math.IsInf(v, 0) || v < r.Lo || v > r.Hi {
		return fmt.Errorf("%s is out of range (%s to %s)", what, FormatMM(r.Lo), FormatMM(r.Hi))
	}
	return nil
}

// ParseNumber reads a bare decimal number within r. Only decimal
// notation is taken: no NaN, no Inf, no hexadecimal floats.
func ParseNumber(s string, r Range) (float64, error) {
	t := strings.TrimSpace(s)
	v, err := parseDecimal(t)
	if err != nil {
		return 0, fmt.Errorf("%q is not a number", s)
	}
	if err := r.Check(v, t); err != nil {
		return 0, err
	}
	return v, nil
}

// parseDecimal reads digits, one point, an optional sign and exponent:
// what strconv.ParseFloat takes minus its words ("nan", "inf") and its
// hexadecimal form, so that a number is what it looks like.
func parseDecimal(t string) (float64, error) {
	if t == "" || strings.ContainsAny(t, "xXnNiIpP_") {
		return 0, strconv.ErrSyntax
	}
	v, err := strconv.ParseFloat(t, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, strconv.ErrSyntax
	}
	return v, nil
}

func formatNumber(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
