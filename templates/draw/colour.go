package draw

import (
	"fmt"
	"strconv"
	"strings"

	"golang.org/x/image/colornames"
)

// Colour is an sRGB colour with alpha; A = 0 means "no paint".
type Colour struct{ R, G, B, A uint8 }

// Black is opaque black, the default ink.
var Black = Colour{0, 0, 0, 255}

// Visible reports whether painting with c shows anything.
func (c Colour) Visible() bool { return c.A > 0 }

// String writes the colour as #rrggbb, or #rrggbbaa when not opaque.
func (c Colour) String() string {
	if c.A == 255 {
		return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B)
	}
	return fmt.Sprintf("#%02x%02x%02x%02x", c.R, c.G, c.B, c.A)
}

// ParseColour reads #rgb, #rrggbb, #rrggbbaa, a CSS colour name ("teal"),
// or "none" / "transparent" for no paint.
func ParseColour(s string) (Colour, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	switch t {
	case "none", "transparent":
		return Colour{}, nil
	}
	if strings.HasPrefix(t, "#") {
		h := t[1:]
		if len(h) == 3 {
			h = string([]byte{h[0], h[0], h[1], h[1], h[2], h[2]})
		}
		if len(h) == 6 {
			h += "ff"
		}
		if v, err := strconv.ParseUint(h, 16, 32); err == nil && len(h) == 8 {
			return Colour{uint8(v >> 24), uint8(v >> 16), uint8(v >> 8), uint8(v)}, nil
		}
		return Colour{}, fmt.Errorf("%q is not a colour; write #rgb, #rrggbb or #rrggbbaa with hexadecimal digits", s)
	}
	if c, ok := colornames.Map[t]; ok {
		return Colour{c.R, c.G, c.B, 255}, nil
	}
	return Colour{}, fmt.Errorf("%q is not a colour; write #rrggbb or a CSS colour name such as \"teal\"", s)
}
