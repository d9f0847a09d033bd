package layout

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Millimetres per unit.
const (
	MMPerInch  = 25.4
	MMPerPoint = 25.4 / 72
	MMPerCM    = 10
)

// LengthContext says how to read the relative units of a length: Percent
// is the length that 100% means (0: % not allowed), DPI the resolution
// that px refers to (0: px not allowed).
type LengthContext struct {
	Percent float64
	DPI     float64
}

// ParseLength reads a length: a bare number is millimetres; a number with a
// unit takes mm, cm, in, pt, px (when ctx has a DPI) or % (when ctx has a
// Percent base). Spaces between number and unit are allowed. The length,
// in mm once its unit is applied, must lie in r.
func ParseLength(s string, ctx LengthContext, r Range) (float64, error) {
	v, err := parseLength(s, ctx)
	if err == nil {
		err = r.CheckMM(v, strings.TrimSpace(s))
	}
	if err != nil {
		return 0, err
	}
	return v, nil
}

func parseLength(s string, ctx LengthContext) (float64, error) {
	t := strings.TrimSpace(s)
	if t == "" {
		return 0, errors.New("empty length")
	}
	num, unit := splitUnit(t)
	v, err := parseDecimal(num)
	if err != nil {
		return 0, fmt.Errorf("%q is not a length; write a number of mm, or a number with a unit (mm, cm, in, pt%s)", s, extraUnits(ctx))
	}
	switch strings.ToLower(unit) { // units, like every closed list of names, in any case
	case "", "mm":
		return v, nil
	case "cm":
		return v * MMPerCM, nil
	case "in", `"`:
		return v * MMPerInch, nil
	case "pt":
		return v * MMPerPoint, nil
	case "px":
		if ctx.DPI <= 0 {
			return 0, fmt.Errorf("%q: px needs a known resolution; use mm, cm, in or pt here", s)
		}
		return v * MMPerInch / ctx.DPI, nil
	case "%":
		if ctx.Percent <= 0 {
			return 0, fmt.Errorf("%q: %% is not allowed here; use mm, cm, in or pt", s)
		}
		return v / 100 * ctx.Percent, nil
	}
	return 0, fmt.Errorf("%q: unknown unit %q; use mm, cm, in, pt%s", s, unit, extraUnits(ctx))
}

// splitUnit cuts a length into its number and its unit: the letters, %
// or " at its end.
func splitUnit(t string) (num, unit string) {
	i := len(t)
	for i > 0 && (t[i-1] >= 'a' && t[i-1] <= 'z' || t[i-1] >= 'A' && t[i-1] <= 'Z' || t[i-1] == '%' || t[i-1] == '"') {
		i--
	}
	return strings.TrimSpace(t[:i]), t[i:]
}

func extraUnits(ctx LengthContext) string {
	var b strings.Builder
	if ctx.DPI > 0 {
		b.WriteString(", px")
	}
	if ctx.Percent > 0 {
		b.WriteString(", %")
	}
	return b.String()
}

// FormatMM writes a length in millimetres for messages: "63.5mm".
func FormatMM(v float64) string {
	return strconv.FormatFloat(math.Round(v*100)/100, 'f', -1, 64) + "mm"
}
