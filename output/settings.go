package output

import (
	"fmt"
	"math"
	"strings"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/layout"
)

// PrintOptions are print settings that may each be set or not; a later
// source (the command line) overrides an earlier one (the deck file).
type PrintOptions struct {
	Paper                 *layout.Size
	Orientation           *layout.Orientation
	Duplex                *layout.Duplex
	Bleed, Gutter, Margin *float64 // mm
	Marks                 *layout.Marks
	Rotate                *bool
	BackOffset            *layout.Point
	BacksFirst            *bool // single pages: a card's back before its front
}

// Presets are named print settings; explicit settings next to a preset
// override it.
var presets = map[string]PrintOptions{
	// a copy shop: bleed for a clean cut, crop marks, room between cards
	"copyshop": {Bleed: ptr(3.0), Gutter: ptr(6.0), Marks: ptr(layout.MarksCrop)},
	// a home printer and scissors: no bleed, cut lines, cards side by side
	"home": {Bleed: ptr(0.0), Gutter: ptr(0.0), Marks: ptr(layout.MarksLines)},
}

// PresetNames lists the presets.
var PresetNames = []string{"copyshop", "home"}

// Preset returns the settings of a named preset.
func Preset(name string) (PrintOptions, error) {
	if p, ok := presets[name]; ok {
		return p, nil
	}
	return PrintOptions{}, fmt.Errorf("unknown preset %q; presets: %s", name, strings.Join(PresetNames, ", "))
}

// OrderNames are the page orders of single-page output.
var OrderNames = []string{"fronts-first", "backs-first"}

func ptr[T any](v T) *T { return &v }

// Defaults of print settings.
var (
	DefaultPaper  = layout.Size{W: 210, H: 297} // A4
	DefaultMargin = 5.0                         // mm
)

// Over returns o with every setting that o lacks taken from base.
func (o PrintOptions) Over(base PrintOptions) PrintOptions {
	r := base
	if o.Paper != nil {
		r.Paper = o.Paper
	}
	if o.Orientation != nil {
		r.Orientation = o.Orientation
	}
	if o.Duplex != nil {
		r.Duplex = o.Duplex
	}
	if o.Bleed != nil {
		r.Bleed = o.Bleed
	}
	if o.Gutter != nil {
		r.Gutter = o.Gutter
	}
	if o.Margin != nil {
		r.Margin = o.Margin
	}
	if o.Marks != nil {
		r.Marks = o.Marks
	}
	if o.Rotate != nil {
		r.Rotate = o.Rotate
	}
	if o.BackOffset != nil {
		r.BackOffset = o.BackOffset
	}
	if o.BacksFirst != nil {
		r.BacksFirst = o.BacksFirst
	}
	return r
}

// Settings fills the unset options with defaults: A4, orientation auto,
// duplex long, no bleed or gutter, 5 mm margin, crop marks, no rotation,
// no back offset.
func (o PrintOptions) Settings() layout.Settings {
	s := layout.Settings{Paper: DefaultPaper, Margin: DefaultMargin}
	if o.Paper != nil {
		s.Paper = *o.Paper
	}
	if o.Orientation != nil {
		s.Orientation = *o.Orientation
	}
	if o.Duplex != nil {
		s.Duplex = *o.Duplex
	}
	if o.Bleed != nil {
		s.Bleed = *o.Bleed
	}
	if o.Gutter != nil {
		s.Gutter = *o.Gutter
	}
	if o.Margin != nil {
		s.Margin = *o.Margin
	}
	if o.Marks != nil {
		s.Marks = *o.Marks
	}
	if o.Rotate != nil {
		s.Rotate = *o.Rotate
	}
	if o.BackOffset != nil {
		s.BackOffset = *o.BackOffset
	}
	if o.BacksFirst != nil {
		s.BacksFirst = *o.BacksFirst
	}
	return s
}

// Limits on print lengths, mm.
const (
	maxBleed  = 20.0
	maxGutter = 50.0
	maxMargin = 100.0
	maxOffset = 20.0
)

// ReadPrint reads a `print:` block (of a deck or a project): its preset,
// then its own settings over the preset.
func ReadPrint(p cards.Print, diags *cards.Diagnostics) PrintOptions {
	var o PrintOptions
	if n := p.Order; n != nil {
		if v, ok := diags.Enum(n, "print.order", OrderNames...); ok {
			o.BacksFirst = ptr(v == "backs-first")
		}
	}
	if n := p.Paper; n != nil {
		if n.Kind == cards.MapNode {
			if s, ok := readSize(n, "print.paper", diags); ok {
				o.Paper = &s
			}
		} else if v, ok := diags.Text(n, "print.paper"); ok {
			if s, err := layout.ParsePaper(v); err != nil {
				diags.Errorf(n.Pos, "print.paper: %v", err)
			} else {
				o.Paper = &s
			}
		}
	}
	if n := p.Orientation; n != nil {
		if v, ok := diags.Enum(n, "print.orientation", layout.OrientationNames...); ok {
			x, _ := layout.ParseOrientation(v)
			o.Orientation = &x
		}
	}
	if n := p.Duplex; n != nil {
		if v, ok := diags.Enum(n, "print.duplex", layout.DuplexNames...); ok {
			x, _ := layout.ParseDuplex(v)
			o.Duplex = &x
		}
	}
	if n := p.Marks; n != nil {
		if v, ok := diags.Enum(n, "print.marks", layout.MarksNames...); ok {
			x, _ := layout.ParseMarks(v)
			o.Marks = &x
		}
	}
	if n := p.Rotate; n != nil {
		if v, ok := diags.Enum(n, "print.rotate", "none", "auto"); ok {
			x := v == "auto"
			o.Rotate = &x
		}
	}
	if b := readLength(p.Bleed, "print.bleed", 0, maxBleed, diags); b != nil {
		o.Bleed = b
	}
	if g := readLength(p.Gutter, "print.gutter", 0, maxGutter, diags); g != nil {
		o.Gutter = g
	}
	o.Margin = readLength(p.Margin, "print.margin", 0, maxMargin, diags)
	if n := p.Preset; n != nil {
		if v, ok := diags.Enum(n, "print.preset", PresetNames...); ok {
			preset, _ := Preset(v)
			o = o.Over(preset)
		}
	}
	if n := p.BackOffset; n != nil {
		items := diags.List(n, "print.back-offset")
		if n.Kind == cards.SeqNode && len(items) != 2 {
			diags.Errorf(n.Pos, "print.back-offset: expected [x, y], found %d values", len(items))
		} else if len(items) == 2 {
			x := readLength(items[0], "print.back-offset x", -maxOffset, maxOffset, diags)
			y := readLength(items[1], "print.back-offset y", -maxOffset, maxOffset, diags)
			if x != nil && y != nil {
				o.BackOffset = &layout.Point{X: *x, Y: *y}
			}
		}
	}
	return o
}

// readLength reads an optional length within [lo, hi] mm.
func readLength(n *cards.Node, what string, lo, hi float64, diags *cards.Diagnostics) *float64 {
	if n == nil {
		return nil
	}
	s, ok := diags.Text(n, what)
	if !ok {
		return nil
	}
	v, err := ParseLengthIn(s, lo, hi)
	if err != nil {
		diags.Errorf(n.Pos, "%s: %v", what, err)
		return nil
	}
	return &v
}

// ParseLengthIn reads a length in mm and checks that it lies in [lo, hi].
func ParseLengthIn(s string, lo, hi float64) (float64, error) {
	v, err := layout.ParseLength(s, layout.LengthContext{})
	if err != nil {
		return 0, err
	}
	if v < lo || v > hi {
		return 0, fmt.Errorf("%s is out of range (%s to %s)", s, layout.FormatMM(lo), layout.FormatMM(hi))
	}
	return v, nil
}

// readSize reads a card size: a preset name, "63x88mm", or {width, height}.
func readSize(n *cards.Node, what string, diags *cards.Diagnostics) (layout.Size, bool) {
	if n.Kind == cards.MapNode {
		m := diags.Map(n, what, "width", "height")
		if !diags.Require(m, what, "width", "height") {
			return layout.Size{}, false
		}
		w := readLength(m.Get("width"), what+".width", 1, 2000, diags)
		h := readLength(m.Get("height"), what+".height", 1, 2000, diags)
		if w == nil || h == nil {
			return layout.Size{}, false
		}
		return layout.Size{W: *w, H: *h}, true
	}
	s, ok := diags.Text(n, what)
	if !ok {
		return layout.Size{}, false
	}
	if sz, ok := layout.CardSize(s); ok {
		return sz, true
	}
	if !strings.ContainsAny(strings.ToLower(s), "x") {
		if near := cards.Suggest(s, layout.CardSizeNames()); near != "" {
			diags.Errorf(n.Pos, "%s: unknown card size %q; did you mean %q?", what, s, near)
		} else {
			diags.Errorf(n.Pos, "%s: unknown card size %q; use %s, or WIDTHxHEIGHT such as 63x88mm", what, s, strings.Join(layout.CardSizeNames(), ", "))
		}
		return layout.Size{}, false
	}
	sz, err := layout.ParseSize(s)
	if err != nil {
		diags.Errorf(n.Pos, "%s: %v", what, err)
		return layout.Size{}, false
	}
	if math.Max(sz.W, sz.H) > 2000 {
		diags.Errorf(n.Pos, "%s: %s x %s is larger than any paper", what, layout.FormatMM(sz.W), layout.FormatMM(sz.H))
		return layout.Size{}, false
	}
	return sz, true
}
