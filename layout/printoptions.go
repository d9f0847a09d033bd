package layout

import "strings"

// OptionKind is what a print option's value is.
type OptionKind uint8

const (
	// OptionEnum is one of the option's Enum names.
	OptionEnum OptionKind = iota
	// OptionLength is a length in [Min, Max] mm: a number of mm, or a
	// number with a unit.
	OptionLength
	// OptionPaper is a paper name, WIDTHxHEIGHT, or (in a file) a
	// {width, height} mapping whose lengths lie in [Min, Max] mm.
	OptionPaper
	// OptionOffset is a pair of lengths, each in [Min, Max] mm: [x, y] in
	// a file, X,Y on the command line.
	OptionOffset
)

// PrintOption is one print setting, declared once: the `print:` key of a
// file and the command-line flag of the same name, what it takes, its
// default and its help. The file reader, the flags and the JSON Schema
// are all made from [PrintOptions].
type PrintOption struct {
	Name     string
	Kind     OptionKind
	Enum     []string // OptionEnum: the names allowed
	Min, Max float64  // OptionLength, OptionOffset, OptionPaper's mapping: mm
	Default  string   // as the help shows it; "" for none
	Help     string
}

// Usage is the option's help with its default, for a flag.
func (o PrintOption) Usage() string {
	if o.Default == "" {
		return o.Help
	}
	return o.Help + " (default " + o.Default + ")"
}

// Presets and page orders, by name.
var (
	PresetNames = []string{"copyshop", "home"}
	OrderNames  = []string{"fronts-first", "backs-first"}
	RotateNames = []string{"none", "auto"}
)

// PrintOptions are the print settings, in the order of a print: block.
var PrintOptions = []PrintOption{
	{Name: "paper", Kind: OptionPaper, Min: 1, Max: 2000, Default: "a4",
		Help: "paper: " + strings.Join(PaperNames(), ", ") + ", or WIDTHxHEIGHT"},
	{Name: "orientation", Kind: OptionEnum, Enum: OrientationNames, Default: "auto: whichever fits more",
		Help: "page orientation: auto, portrait or landscape"},
	{Name: "duplex", Kind: OptionEnum, Enum: DuplexNames, Default: "long",
		Help: "how backs are printed: long, short (flip edge), fold, single or none"},
	{Name: "bleed", Kind: OptionLength, Min: 0, Max: 20, Default: "0",
		Help: "bleed around each card, such as 3mm"},
	{Name: "gutter", Kind: OptionLength, Min: 0, Max: 50, Default: "0",
		Help: "space between cards, such as 2mm"},
	{Name: "margin", Kind: OptionLength, Min: 0, Max: 100, Default: "5mm",
		Help: "page margin kept clear"},
	{Name: "marks", Kind: OptionEnum, Enum: MarksNames, Default: "crop",
		Help: "cutting guides: crop, lines or none"},
	{Name: "rotate", Kind: OptionEnum, Enum: RotateNames, Default: "none",
		Help: "turn cards 90° when more fit: none or auto"},
	{Name: "back-offset", Kind: OptionOffset, Min: -20, Max: 20,
		Help: "move every back by X,Y ([x, y] in a file) to correct a printer, such as 0.5mm,-1mm (see 'deckpress calibrate')"},
	{Name: "preset", Kind: OptionEnum, Enum: PresetNames,
		Help: "named settings: copyshop (3mm bleed, crop marks, 6mm gutter) or home (no bleed, cut lines, no gutter); other settings override it"},
	{Name: "order", Kind: OptionEnum, Enum: OrderNames, Default: "fronts-first",
		Help: "page order of duplex single: fronts-first or backs-first"},
}

// PrintOptionNames lists the print settings' names, in table order.
func PrintOptionNames() []string {
	out := make([]string, len(PrintOptions))
	for i, o := range PrintOptions {
		out[i] = o.Name
	}
	return out
}
