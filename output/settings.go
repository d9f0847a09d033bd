package output

import (
	"fmt"
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
	BacksFirst            *bool    // single pages: a card's back before its front
	Safe                  *float64 // mm inside the trim kept for text and icons
	CornerRadius          *float64 // mm; rounds the card's corners
}

// Presets are named print settings (layout.PresetNames); explicit
// settings next to a preset override it.
var presets = map[string]PrintOptions{
	// a copy shop: bleed for a clean cut, crop marks, room between cards
	"copyshop": {Bleed: ptr(3.0), Gutter: ptr(6.0), Marks: ptr(layout.MarksCrop)},
	// a home printer and scissors: no bleed, cut lines, cards side by side
	"home": {Bleed: ptr(0.0), Gutter: ptr(0.0), Marks: ptr(layout.MarksLines)},
}

// Preset returns the settings of a named preset.
func Preset(name string) (PrintOptions, error) {
	if p, ok := presets[name]; ok {
		return p, nil
	}
	return PrintOptions{}, fmt.Errorf("unknown preset %q; presets: %s", name, strings.Join(layout.PresetNames, ", "))
}

func ptr[T any](v T) *T { return &v }

// Defaults of print settings.
var (
	DefaultPaper  = layout.Size{W: 210, H: 297} // A4
	DefaultMargin = 5.0                         // mm
	DefaultSafe   = 3.0                         // mm: a cut is good to about 1 mm, a duplex print to as much again
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
	if o.Safe != nil {
		r.Safe = o.Safe
	}
	if o.CornerRadius != nil {
		r.CornerRadius = o.CornerRadius
	}
	return r
}

// Settings fills the unset options with defaults: A4, orientation auto,
// duplex long, no bleed or gutter, 5 mm margin, crop marks, no rotation,
// no back offset, a 3 mm safe zone, square corners.
func (o PrintOptions) Settings() layout.Settings {
	s := layout.Settings{Paper: DefaultPaper, Margin: DefaultMargin, Safe: DefaultSafe}
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
	if o.Safe != nil {
		s.Safe = *o.Safe
	}
	if o.CornerRadius != nil {
		s.CornerRadius = *o.CornerRadius
	}
	return s
}

// printValue is a print option's value once read: a name, a length, a
// paper or an offset, as its kind says.
type printValue struct {
	name  string
	mm    float64
	paper layout.Size
	point layout.Point
}

// setters put each print option's value into PrintOptions; every option
// of layout.PrintOptions has one (the preset is applied by ReadPrint).
var setters = map[string]func(o *PrintOptions, v printValue){
	"paper": func(o *PrintOptions, v printValue) { o.Paper = &v.paper },
	"orientation": func(o *PrintOptions, v printValue) {
		x, _ := layout.ParseOrientation(v.name)
		o.Orientation = &x
	},
	"duplex": func(o *PrintOptions, v printValue) {
		x, _ := layout.ParseDuplex(v.name)
		o.Duplex = &x
	},
	"bleed":         func(o *PrintOptions, v printValue) { o.Bleed = &v.mm },
	"gutter":        func(o *PrintOptions, v printValue) { o.Gutter = &v.mm },
	"margin":        func(o *PrintOptions, v printValue) { o.Margin = &v.mm },
	"safe":          func(o *PrintOptions, v printValue) { o.Safe = &v.mm },
	"corner-radius": func(o *PrintOptions, v printValue) { o.CornerRadius = &v.mm },
	"marks": func(o *PrintOptions, v printValue) {
		x, _ := layout.ParseMarks(v.name)
		o.Marks = &x
	},
	"rotate":      func(o *PrintOptions, v printValue) { o.Rotate = ptr(v.name == "auto") },
	"back-offset": func(o *PrintOptions, v printValue) { o.BackOffset = &v.point },
	"order":       func(o *PrintOptions, v printValue) { o.BacksFirst = ptr(v.name == "backs-first") },
	"preset":      func(o *PrintOptions, v printValue) { *o = o.Over(presets[v.name]) },
}

// ReadPrint reads a `print:` block (of a deck or a project) by the print
// options' table: its preset, then its own settings over the preset.
func ReadPrint(p cards.Print) (PrintOptions, cards.Diagnostics) {
	var diags cards.Diagnostics
	var o PrintOptions
	var preset *printValue
	for _, opt := range layout.PrintOptions {
		n := p[opt.Name]
		if n == nil {
			continue
		}
		v, ok, ds := readOption(opt, n)
		diags = diags.Extend(ds)
		switch {
		case !ok:
		case opt.Name == "preset":
			preset = &v
		default:
			setters[opt.Name](&o, v)
		}
	}
	if preset != nil {
		setters["preset"](&o, *preset)
	}
	return o, diags
}

// readOption reads one print option's value as its kind says.
func readOption(opt layout.PrintOption, n *cards.Node) (printValue, bool, cards.Diagnostics) {
	var diags cards.Diagnostics
	what := "print." + opt.Name
	switch opt.Kind {
	case layout.OptionEnum:
		v, ok := diags.Enum(n, what, opt.Enum...)
		return printValue{name: v}, ok, diags
	case layout.OptionLength:
		v, ds := readLength(n, what, opt.Min, opt.Max)
		if v == nil {
			return printValue{}, false, ds
		}
		return printValue{mm: *v}, true, ds
	case layout.OptionPaper:
		if n.Kind == cards.MapNode {
			s, ok, ds := readSizeIn(n, what, opt.Min, opt.Max)
			return printValue{paper: s}, ok, ds
		}
		v, ok := diags.Text(n, what)
		if !ok {
			return printValue{}, false, diags
		}
		s, err := layout.ParsePaper(v, layout.Range{Lo: opt.Min, Hi: opt.Max})
		if err != nil {
			diags.Errorf(n.Pos, "%s: %v", what, err)
			return printValue{}, false, diags
		}
		return printValue{paper: s}, true, diags
	default: // layout.OptionOffset
		items := diags.List(n, what)
		if n.Kind == cards.SeqNode && len(items) != 2 {
			diags.Errorf(n.Pos, "%s: expected [x, y], found %d values", what, len(items))
			return printValue{}, false, diags
		}
		if len(items) != 2 {
			return printValue{}, false, diags
		}
		x, ds := readLength(items[0], what+" x", opt.Min, opt.Max)
		diags = diags.Extend(ds)
		y, ds := readLength(items[1], what+" y", opt.Min, opt.Max)
		diags = diags.Extend(ds)
		if x == nil || y == nil {
			return printValue{}, false, diags
		}
		return printValue{point: layout.Point{X: *x, Y: *y}}, true, diags
	}
}

// readLength reads an optional length within [lo, hi] mm.
func readLength(n *cards.Node, what string, lo, hi float64) (*float64, cards.Diagnostics) {
	var diags cards.Diagnostics
	if n == nil {
		return nil, diags
	}
	s, ok := diags.Text(n, what)
	if !ok {
		return nil, diags
	}
	v, err := ParseLengthIn(s, lo, hi)
	if err != nil {
		diags.Errorf(n.Pos, "%s: %v", what, err)
		return nil, diags
	}
	return &v, diags
}

// ParseLengthIn reads a length in mm and checks that it lies in [lo, hi].
func ParseLengthIn(s string, lo, hi float64) (float64, error) {
	return layout.ParseLength(s, layout.LengthContext{}, layout.Range{Lo: lo, Hi: hi})
}

// readSize reads a card size: a preset name, "63x88mm", or {width, height}.
func readSize(n *cards.Node, what string) (layout.Size, bool, cards.Diagnostics) {
	if n.Kind == cards.MapNode {
		return readSizeIn(n, what, layout.SideLengths.Lo, layout.SideLengths.Hi)
	}
	var diags cards.Diagnostics
	s, ok := diags.Text(n, what)
	if !ok {
		return layout.Size{}, false, diags
	}
	if sz, ok := layout.CardSize(s); ok {
		return sz, true, diags
	}
	if !strings.ContainsAny(strings.ToLower(s), "x") {
		if near := cards.Suggest(s, layout.CardSizeNames()); near != "" {
			diags.Errorf(n.Pos, "%s: unknown card size %q; did you mean %q?", what, s, near)
		} else {
			diags.Errorf(n.Pos, "%s: unknown card size %q; use %s, or WIDTHxHEIGHT such as 63x88mm", what, s, strings.Join(layout.CardSizeNames(), ", "))
		}
		return layout.Size{}, false, diags
	}
	sz, err := layout.ParseSize(s, layout.SideLengths)
	if err != nil {
		diags.Errorf(n.Pos, "%s: %v", what, err)
		return layout.Size{}, false, diags
	}
	return sz, true, diags
}

// readSizeIn reads a {width, height} mapping, each length in [lo, hi] mm.
func readSizeIn(n *cards.Node, what string, lo, hi float64) (layout.Size, bool, cards.Diagnostics) {
	var diags cards.Diagnostics
	m := diags.Map(n, what, "width", "height")
	if !diags.Require(m, what, "width", "height") {
		return layout.Size{}, false, diags
	}
	w, ds := readLength(m.Get("width"), what+".width", lo, hi)
	diags = diags.Extend(ds)
	h, ds := readLength(m.Get("height"), what+".height", lo, hi)
	diags = diags.Extend(ds)
	if w == nil || h == nil {
		return layout.Size{}, false, diags
	}
	return layout.Size{W: *w, H: *h}, true, diags
}
