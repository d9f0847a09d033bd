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
	"bleed":  func(o *PrintOptions, v printValue) { o.Bleed = &v.mm },
	"gutter": func(o *PrintOptions, v printValue) { o.Gutter = &v.mm },
	"margin": func(o *PrintOptions, v printValue) { o.Margin = &v.mm },
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
func ReadPrint(p cards.Print, diags *cards.Diagnostics) PrintOptions {
	var o PrintOptions
	var preset *printValue
	for _, opt := range layout.PrintOptions {
		n := p[opt.Name]
		if n == nil {
			continue
		}
		v, ok := readOption(opt, n, diags)
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
	return o
}

// readOption reads one print option's value as its kind says.
func readOption(opt layout.PrintOption, n *cards.Node, diags *cards.Diagnostics) (printValue, bool) {
	what := "print." + opt.Name
	switch opt.Kind {
	case layout.OptionEnum:
		v, ok := diags.Enum(n, what, opt.Enum...)
		return printValue{name: v}, ok
	case layout.OptionLength:
		v := readLength(n, what, opt.Min, opt.Max, diags)
		if v == nil {
			return printValue{}, false
		}
		return printValue{mm: *v}, true
	case layout.OptionPaper:
		if n.Kind == cards.MapNode {
			s, ok := readSizeIn(n, what, opt.Min, opt.Max, diags)
			return printValue{paper: s}, ok
		}
		v, ok := diags.Text(n, what)
		if !ok {
			return printValue{}, false
		}
		s, err := layout.ParsePaper(v)
		if err != nil {
			diags.Errorf(n.Pos, "%s: %v", what, err)
			return printValue{}, false
		}
		return printValue{paper: s}, true
	default: // layout.OptionOffset
		items := diags.List(n, what)
		if n.Kind == cards.SeqNode && len(items) != 2 {
			diags.Errorf(n.Pos, "%s: expected [x, y], found %d values", what, len(items))
			return printValue{}, false
		}
		if len(items) != 2 {
			return printValue{}, false
		}
		x := readLength(items[0], what+" x", opt.Min, opt.Max, diags)
		y := readLength(items[1], what+" y", opt.Min, opt.Max, diags)
		if x == nil || y == nil {
			return printValue{}, false
		}
		return printValue{point: layout.Point{X: *x, Y: *y}}, true
	}
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
		return readSizeIn(n, what, 1, 2000, diags)
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

// readSizeIn reads a {width, height} mapping, each length in [lo, hi] mm.
func readSizeIn(n *cards.Node, what string, lo, hi float64, diags *cards.Diagnostics) (layout.Size, bool) {
	m := diags.Map(n, what, "width", "height")
	if !diags.Require(m, what, "width", "height") {
		return layout.Size{}, false
	}
	w := readLength(m.Get("width"), what+".width", lo, hi, diags)
	h := readLength(m.Get("height"), what+".height", lo, hi, diags)
	if w == nil || h == nil {
		return layout.Size{}, false
	}
	return layout.Size{W: *w, H: *h}, true
}
