package output

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/layout"
)

// readBlock reads a `print:` block written as the YAML mapping src.
func readBlock(t *testing.T, src string) (PrintOptions, cards.Diagnostics) {
	t.Helper()
	root, diags := cards.Parse("p.yaml", []byte(src))
	if diags.HasErrors() {
		t.Fatalf("parse %q: %v", src, diags)
	}
	p, ds := cards.ReadPrint(root)
	diags = diags.Extend(ds)
	o, ds := ReadPrint(p)
	return o, diags.Extend(ds)
}

// messages returns the diagnostics as "line:col: severity: message".
func messages(ds cards.Diagnostics) []string {
	out := []string{}
	for _, d := range ds {
		out = append(out, fmt.Sprintf("%d:%d: %s: %s", d.Pos.Line, d.Pos.Col, d.Severity, d.Message))
	}
	return out
}

// The defaults, as the README and DESIGN.md state them: A4, orientation
// auto, duplex long, no bleed or gutter, a 5 mm margin, crop marks, no
// rotation, no back offset, fronts first, a 3 mm safe zone, square
// corners.
var defaults = layout.Settings{Paper: layout.Size{W: 210, H: 297}, Margin: 5, Safe: 3,
	Orientation: layout.OrientAuto, Duplex: layout.DuplexLong, Marks: layout.MarksCrop}

// TestReadPrint: every key of a print block, alone, changes that setting
// and no other; a preset fills only the keys written beside it.
func TestReadPrint(t *testing.T) {
	with := func(f func(*layout.Settings)) layout.Settings {
		s := defaults
		f(&s)
		return s
	}
	tests := []struct {
		block string
		want  layout.Settings
	}{
		{"{}", defaults},
		{"{paper: letter}", with(func(s *layout.Settings) { s.Paper = layout.Size{W: 215.9, H: 279.4} })},
		{"{paper: a3}", with(func(s *layout.Settings) { s.Paper = layout.Size{W: 297, H: 420} })},
		{"{paper: 100x150mm}", with(func(s *layout.Settings) { s.Paper = layout.Size{W: 100, H: 150} })},
		{"{paper: {width: 120mm, height: 20cm}}", with(func(s *layout.Settings) { s.Paper = layout.Size{W: 120, H: 200} })},
		{"{orientation: portrait}", with(func(s *layout.Settings) { s.Orientation = layout.Portrait })},
		{"{orientation: landscape}", with(func(s *layout.Settings) { s.Orientation = layout.Landscape })},
		{"{orientation: auto}", defaults},
		{"{duplex: short}", with(func(s *layout.Settings) { s.Duplex = layout.DuplexShort })},
		{"{duplex: none}", with(func(s *layout.Settings) { s.Duplex = layout.DuplexNone })},
		{"{duplex: fold}", with(func(s *layout.Settings) { s.Duplex = layout.DuplexFold })},
		{"{duplex: single}", with(func(s *layout.Settings) { s.Duplex = layout.DuplexSingle })},
		{"{duplex: long}", defaults},
		{"{marks: lines}", with(func(s *layout.Settings) { s.Marks = layout.MarksLines })},
		{"{marks: none}", with(func(s *layout.Settings) { s.Marks = layout.MarksNone })},
		{"{marks: crop}", defaults},
		{"{rotate: auto}", with(func(s *layout.Settings) { s.Rotate = true })},
		{"{rotate: none}", defaults},
		{"{order: backs-first}", with(func(s *layout.Settings) { s.BacksFirst = true })},
		{"{order: fronts-first}", defaults},
		{"{bleed: 3mm}", with(func(s *layout.Settings) { s.Bleed = 3 })},
		{"{bleed: 2}", with(func(s *layout.Settings) { s.Bleed = 2 })},
		{"{gutter: 1cm}", with(func(s *layout.Settings) { s.Gutter = 10 })},
		{"{margin: 12mm}", with(func(s *layout.Settings) { s.Margin = 12 })},
		{"{margin: 0}", with(func(s *layout.Settings) { s.Margin = 0 })},
		{"{safe: 5mm}", with(func(s *layout.Settings) { s.Safe = 5 })},
		{"{safe: 0}", with(func(s *layout.Settings) { s.Safe = 0 })},
		{"{corner-radius: 3mm}", with(func(s *layout.Settings) { s.CornerRadius = 3 })},
		{"{back-offset: [0.5mm, -0.25mm]}", with(func(s *layout.Settings) { s.BackOffset = layout.Point{X: 0.5, Y: -0.25} })},
		// presets, as the README states them: copyshop is 3 mm bleed, crop
		// marks and a 6 mm gutter; home is no bleed, cut lines, no gutter
		{"{preset: copyshop}", with(func(s *layout.Settings) { s.Bleed, s.Gutter, s.Marks = 3, 6, layout.MarksCrop })},
		{"{preset: home}", with(func(s *layout.Settings) { s.Bleed, s.Gutter, s.Marks = 0, 0, layout.MarksLines })},
		// explicit keys beside a preset win over it, wherever they are
		// written in the block
		{"{bleed: 1mm, preset: copyshop}", with(func(s *layout.Settings) { s.Bleed, s.Gutter = 1, 6 })},
		{"{preset: copyshop, bleed: 1mm}", with(func(s *layout.Settings) { s.Bleed, s.Gutter = 1, 6 })},
		{"{preset: copyshop, bleed: 0mm, gutter: 0mm}", defaults},
		{"{preset: copyshop, marks: lines}", with(func(s *layout.Settings) { s.Bleed, s.Gutter, s.Marks = 3, 6, layout.MarksLines })},
		{"{preset: home, marks: crop, bleed: 2mm, gutter: 4mm}", with(func(s *layout.Settings) { s.Bleed, s.Gutter = 2, 4 })},
		{"{preset: home, margin: 9mm, duplex: fold, back-offset: [1mm, 2mm]}", with(func(s *layout.Settings) {
			s.Marks, s.Margin, s.Duplex, s.BackOffset = layout.MarksLines, 9, layout.DuplexFold, layout.Point{X: 1, Y: 2}
		})},
	}
	for _, tt := range tests {
		t.Run(tt.block, func(t *testing.T) {
			o, diags := readBlock(t, tt.block)
			if len(diags) != 0 {
				t.Fatalf("diagnostics: %v", diags)
			}
			if got := o.Settings(); got != tt.want {
				t.Errorf("settings\n got %+v\nwant %+v", got, tt.want)
			}
		})
	}
}

// TestReadPrintErrors: a wrong value is reported at its position, once,
// and leaves its setting at the default.
func TestReadPrintErrors(t *testing.T) {
	tests := []struct {
		block string
		want  []string
	}{
		{"{order: backs}", []string{`1:9: error: print.order: unknown value "backs"; did you mean "backs-first"?`}},
		{"{order: random}", []string{`1:9: error: print.order: unknown value "random"; expected one of fronts-first, backs-first`}},
		{"{paper: a44}", []string{`1:9: error: print.paper: unknown paper "a44"; use a3, a4, a5, legal, letter, tabloid, or WIDTHxHEIGHT such as 210x297mm`}},
		{"{paper: [a4]}", []string{`1:9: error: print.paper: expected text, found a list`}},
		{"{paper: {width: 100mm}}", []string{`1:9: error: print.paper needs "height"`}},
		{"{orientation: sideways}", []string{`1:15: error: print.orientation: unknown value "sideways"; expected one of auto, portrait, landscape`}},
		{"{duplex: lng}", []string{`1:10: error: print.duplex: unknown value "lng"; did you mean "long"?`}},
		{"{marks: crops}", []string{`1:9: error: print.marks: unknown value "crops"; did you mean "crop"?`}},
		{"{rotate: yes}", []string{`1:10: error: print.rotate: unknown value "yes"; expected one of none, auto`}},
		{"{preset: shop}", []string{`1:10: error: print.preset: unknown value "shop"; expected one of copyshop, home`}},
		{"{bleed: 3 mm x}", []string{`1:9: error: print.bleed: "3 mm x" is not a length; write a number of mm, or a number with a unit (mm, cm, in, pt)`}},
		{"{bleed: [3mm]}", []string{`1:9: error: print.bleed: expected text, found a list`}},
		{"{back-offset: [1mm, 2mm, 3mm]}", []string{`1:15: error: print.back-offset: expected [x, y], found 3 values`}},
		{"{back-offset: [1mm]}", []string{`1:15: error: print.back-offset: expected [x, y], found 1 values`}},
		{"{back-offset: 1mm}", []string{`1:15: error: print.back-offset: expected a list, found the text "1mm"`}},
		{"{back-offset: [1mm, 21mm]}", []string{`1:21: error: print.back-offset y: 21mm is out of range (-20mm to 20mm)`}},
		{"{back-offset: [-21mm, 1mm]}", []string{`1:16: error: print.back-offset x: -21mm is out of range (-20mm to 20mm)`}},
	}
	for _, tt := range tests {
		t.Run(tt.block, func(t *testing.T) {
			o, diags := readBlock(t, tt.block)
			if got := messages(diags); !slices.Equal(got, tt.want) {
				t.Errorf("diagnostics\n got %q\nwant %q", got, tt.want)
			}
			if got := o.Settings(); got != defaults {
				t.Errorf("settings %+v, want the defaults", got)
			}
		})
	}
}

// TestLengthLimits: each length accepts exactly its limit and rejects
// anything beyond it, in mm or any other unit (README: bleed, gutter,
// margin, back offset: 20, 50, 100, ±20 mm; none may be negative but the
// offset).
func TestLengthLimits(t *testing.T) {
	type limit struct {
		key      string
		lo, hi   float64
		settings func(layout.Settings) float64
	}
	limits := []limit{
		{"bleed", 0, 20, func(s layout.Settings) float64 { return s.Bleed }},
		{"gutter", 0, 50, func(s layout.Settings) float64 { return s.Gutter }},
		{"margin", 0, 100, func(s layout.Settings) float64 { return s.Margin }},
		{"back-offset x", -20, 20, func(s layout.Settings) float64 { return s.BackOffset.X }},
		{"back-offset y", -20, 20, func(s layout.Settings) float64 { return s.BackOffset.Y }},
	}
	block := func(key, v string) string {
		switch key {
		case "back-offset x":
			return "{back-offset: [" + v + ", 0mm]}"
		case "back-offset y":
			return "{back-offset: [0mm, " + v + "]}"
		}
		return "{" + key + ": " + v + "}"
	}
	for _, l := range limits {
		mm := func(v float64) string { return layout.FormatMM(v) }
		cases := []struct {
			value string
			want  float64
			ok    bool
		}{
			{mm(l.hi), l.hi, true},
			{fmt.Sprintf("%gcm", l.hi/10), l.hi, true},
			{mm(l.lo), l.lo, true},
			{fmt.Sprintf("%gmm", l.hi+0.01), 0, false},
			{fmt.Sprintf("%gmm", l.lo-0.01), 0, false},
			{fmt.Sprintf("%gin", l.hi/25.4+0.01), 0, false},
		}
		for _, c := range cases {
			src := block(l.key, c.value)
			t.Run(src, func(t *testing.T) {
				o, diags := readBlock(t, src)
				if c.ok {
					if len(diags) != 0 {
						t.Fatalf("%s rejected: %v", c.value, diags)
					}
					if got := l.settings(o.Settings()); got != c.want {
						t.Errorf("%s = %g, want %g", l.key, got, c.want)
					}
					return
				}
				want := fmt.Sprintf("print.%s: %s is out of range (%s to %s)", l.key, c.value, mm(l.lo), mm(l.hi))
				if len(diags) != 1 || diags[0].Message != want || diags[0].Severity != cards.Error {
					t.Errorf("diagnostics %v, want the one error %q", diags, want)
				}
			})
		}
	}
}

// TestParseLengthIn: the range is closed at both ends.
func TestParseLengthIn(t *testing.T) {
	tests := []struct {
		s      string
		lo, hi float64
		want   float64
		err    string
	}{
		{"5mm", 5, 5, 5, ""},
		{"1cm", -10, 10, 10, ""},
		{"-1cm", -10, 10, -10, ""},
		{"4.99", 5, 6, 0, "4.99 is out of range (5mm to 6mm)"},
		{"6.01", 5, 6, 0, "6.01 is out of range (5mm to 6mm)"},
		{"x", 0, 1, 0, `"x" is not a length; write a number of mm, or a number with a unit (mm, cm, in, pt)`},
	}
	for _, tt := range tests {
		got, err := ParseLengthIn(tt.s, tt.lo, tt.hi)
		if tt.err != "" {
			if err == nil || err.Error() != tt.err {
				t.Errorf("ParseLengthIn(%q, %g, %g) error %v, want %q", tt.s, tt.lo, tt.hi, err, tt.err)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("ParseLengthIn(%q, %g, %g) = %g, %v; want %g", tt.s, tt.lo, tt.hi, got, err, tt.want)
		}
	}
}

// TestPreset: the presets by name, and an unknown name.
func TestPreset(t *testing.T) {
	for _, name := range layout.PresetNames {
		if _, err := Preset(name); err != nil {
			t.Errorf("Preset(%q): %v", name, err)
		}
	}
	_, err := Preset("shop")
	if want := `unknown preset "shop"; presets: copyshop, home`; err == nil || err.Error() != want {
		t.Errorf("Preset(shop) error %v, want %q", err, want)
	}
}

// A layer of print settings, as the user can set them: a block of YAML
// keys (for the flags, the same settings as a block: the command line
// makes the same PrintOptions).
type layer struct {
	name string
	keys map[string]string // print key → value
}

// settingValues are a distinct value of each setting per level, and what
// each reads as: the defaults, the deck's print block, the project's, the
// flags.
var settingValues = []struct {
	key   string
	vals  [3]string // deck, project, flags
	read  func(layout.Settings) any
	reads [4]any // default, deck, project, flags
}{
	{"paper", [3]string{"a3", "letter", "legal"}, func(s layout.Settings) any { return s.Paper },
		[4]any{layout.Size{W: 210, H: 297}, layout.Size{W: 297, H: 420}, layout.Size{W: 215.9, H: 279.4}, layout.Size{W: 215.9, H: 355.6}}},
	{"orientation", [3]string{"portrait", "landscape", "portrait"}, func(s layout.Settings) any { return s.Orientation },
		[4]any{layout.OrientAuto, layout.Portrait, layout.Landscape, layout.Portrait}},
	{"duplex", [3]string{"short", "fold", "none"}, func(s layout.Settings) any { return s.Duplex },
		[4]any{layout.DuplexLong, layout.DuplexShort, layout.DuplexFold, layout.DuplexNone}},
	{"bleed", [3]string{"1mm", "2mm", "4mm"}, func(s layout.Settings) any { return s.Bleed }, [4]any{0.0, 1.0, 2.0, 4.0}},
	{"gutter", [3]string{"1mm", "2mm", "4mm"}, func(s layout.Settings) any { return s.Gutter }, [4]any{0.0, 1.0, 2.0, 4.0}},
	{"margin", [3]string{"1mm", "2mm", "4mm"}, func(s layout.Settings) any { return s.Margin }, [4]any{5.0, 1.0, 2.0, 4.0}},
	{"marks", [3]string{"none", "lines", "crop"}, func(s layout.Settings) any { return s.Marks },
		[4]any{layout.MarksCrop, layout.MarksNone, layout.MarksLines, layout.MarksCrop}},
	{"rotate", [3]string{"auto", "none", "auto"}, func(s layout.Settings) any { return s.Rotate }, [4]any{false, true, false, true}},
	{"back-offset", [3]string{"[1mm, 1mm]", "[2mm, -2mm]", "[-3mm, 3mm]"}, func(s layout.Settings) any { return s.BackOffset },
		[4]any{layout.Point{}, layout.Point{X: 1, Y: 1}, layout.Point{X: 2, Y: -2}, layout.Point{X: -3, Y: 3}}},
	{"order", [3]string{"backs-first", "fronts-first", "backs-first"}, func(s layout.Settings) any { return s.BacksFirst }, [4]any{false, true, false, true}},
	{"safe", [3]string{"1mm", "2mm", "4mm"}, func(s layout.Settings) any { return s.Safe }, [4]any{3.0, 1.0, 2.0, 4.0}},
	{"corner-radius", [3]string{"1mm", "2mm", "4mm"}, func(s layout.Settings) any { return s.CornerRadius }, [4]any{0.0, 1.0, 2.0, 4.0}},
}

func blockOf(keys map[string]string) string {
	var kv []string
	for k, v := range keys {
		kv = append(kv, k+": "+v)
	}
	slices.Sort(kv)
	return "{" + strings.Join(kv, ", ") + "}"
}

// resolveLevels resolves a deck whose print block is deck, built in a
// project whose print block is project, with flags: the command line over
// the project over the deck, as DeckOptions.Print says ("overrides the
// deck's print settings").
func resolveLevels(t *testing.T, deck, project, flags map[string]string) layout.Settings {
	t.Helper()
	d, diags := cards.LoadDeck("deck.yaml", []byte("deck: d\nprint: "+blockOf(deck)+"\ncards: [{name: a}]\n"), fstest.MapFS{})
	proj, _ := readBlock(t, blockOf(project))
	fl, _ := readBlock(t, blockOf(flags))
	res, ds := Resolve(d.Size, d.Print, DeckOptions{Print: fl.Over(proj)})
	diags = diags.Extend(ds)
	s, ok := res.Settings, res.OK
	if !ok || len(diags) != 0 {
		t.Fatalf("resolve: %v", diags)
	}
	return s
}

// TestPrintPrecedence: for every setting and every choice of the levels
// that set it, the highest level wins: built-in default < deck print: <
// project print: < flags (README: "A flag overrides the project's and the
// deck's print: blocks"; "deckpress build DIR builds its inputs with its
// print settings over each file's own").
func TestPrintPrecedence(t *testing.T) {
	for _, sv := range settingValues {
		for set := 0; set < 8; set++ {
			var levels [3]map[string]string
			want := sv.reads[0]
			name := sv.key + ":"
			for l := range 3 {
				levels[l] = map[string]string{}
				if set&(1<<l) != 0 {
					levels[l][sv.key] = sv.vals[l]
					want = sv.reads[l+1]
					name += " " + []string{"deck", "project", "flag"}[l]
				}
			}
			t.Run(name, func(t *testing.T) {
				got := sv.read(resolveLevels(t, levels[0], levels[1], levels[2]))
				if got != want {
					t.Errorf("%s = %v, want %v", sv.key, got, want)
				}
			})
		}
	}
}

// TestPresetPrecedence: a preset counts at the level it is set at, below
// the explicit keys of that level and above every lower level (README:
// "any explicit flag overrides a preset, and print: {preset: …} works in a
// deck or project file too"). The levels, lowest first: the deck's preset,
// the deck's keys, the project's preset, its keys, the flag's preset, the
// flags.
func TestPresetPrecedence(t *testing.T) {
	type vals struct {
		bleed, gutter float64
		marks         layout.Marks
	}
	levels := []struct {
		name   string
		level  int    // 0 deck, 1 project, 2 flags
		preset string // a preset, or else explicit keys
		keys   map[string]string
		want   vals
	}{
		{"deck preset home", 0, "home", nil, vals{0, 0, layout.MarksLines}},
		{"deck keys", 0, "", map[string]string{"bleed": "1mm", "gutter": "1mm", "marks": "none"}, vals{1, 1, layout.MarksNone}},
		{"project preset copyshop", 1, "copyshop", nil, vals{3, 6, layout.MarksCrop}},
		{"project keys", 1, "", map[string]string{"bleed": "2mm", "gutter": "2mm", "marks": "lines"}, vals{2, 2, layout.MarksLines}},
		{"flag preset home", 2, "home", nil, vals{0, 0, layout.MarksLines}},
		{"flags", 2, "", map[string]string{"bleed": "4mm", "gutter": "4mm", "marks": "crop"}, vals{4, 4, layout.MarksCrop}},
	}
	for set := 1; set < 1<<len(levels); set++ {
		blocks := [3]map[string]string{{}, {}, {}}
		var names []string
		var want vals
		for i, l := range levels {
			if set&(1<<i) == 0 {
				continue
			}
			names = append(names, l.name)
			want = l.want
			if l.preset != "" {
				blocks[l.level]["preset"] = l.preset
			}
			for k, v := range l.keys {
				blocks[l.level][k] = v
			}
		}
		t.Run(strings.Join(names, ", "), func(t *testing.T) {
			s := resolveLevels(t, blocks[0], blocks[1], blocks[2])
			if got := (vals{s.Bleed, s.Gutter, s.Marks}); got != want {
				t.Errorf("bleed, gutter, marks = %v, want %v", got, want)
			}
		})
	}
}

// TestOverFieldByField: each setting of a later source replaces the
// earlier one's, and a setting it leaves unset keeps the earlier one's.
func TestOverFieldByField(t *testing.T) {
	for _, sv := range settingValues {
		t.Run(sv.key, func(t *testing.T) {
			low, _ := readBlock(t, blockOf(map[string]string{sv.key: sv.vals[0]}))
			high, _ := readBlock(t, blockOf(map[string]string{sv.key: sv.vals[1]}))
			var none PrintOptions
			if got := sv.read(high.Over(low).Settings()); got != sv.reads[2] {
				t.Errorf("set over set: %v, want %v", got, sv.reads[2])
			}
			if got := sv.read(none.Over(low).Settings()); got != sv.reads[1] {
				t.Errorf("unset over set: %v, want %v", got, sv.reads[1])
			}
			if got := sv.read(high.Over(none).Settings()); got != sv.reads[2] {
				t.Errorf("set over unset: %v, want %v", got, sv.reads[2])
			}
		})
	}
}
