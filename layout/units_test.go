package layout

import (
	"slices"
	"testing"
)

// wide is a range that no length of these tests leaves unless it means to.
var wide = Range{-1e6, 1e6}

func TestParseLength(t *testing.T) {
	both := LengthContext{Percent: 63, DPI: 300}
	for _, c := range []struct {
		in   string
		ctx  LengthContext
		want float64
	}{
		{"10", LengthContext{}, 10},
		{" 10mm ", LengthContext{}, 10},
		{"-3 mm", LengthContext{}, -3},
		{"2.5cm", LengthContext{}, 25},
		{"1in", LengthContext{}, 25.4},
		{`2"`, LengthContext{}, 50.8},
		{"72pt", LengthContext{}, 25.4},
		{"300px", both, 25.4},
		{"150 px", LengthContext{DPI: 300}, 12.7},
		{"50%", both, 31.5},
		{"200%", LengthContext{Percent: 10}, 20},
		// units in any case, as every closed list of names
		{"10MM", LengthContext{}, 10},
		{"2.5Cm", LengthContext{}, 25},
		{"1IN", LengthContext{}, 25.4},
		{"72PT", LengthContext{}, 25.4},
		{"300PX", both, 25.4},
	} {
		got, err := ParseLength(c.in, c.ctx, wide)
		if err != nil || !near(got, c.want) {
			t.Errorf("ParseLength(%q, %+v) = %v, %v; want %v", c.in, c.ctx, got, err, c.want)
		}
	}
	for _, c := range []struct {
		in   string
		ctx  LengthContext
		want string
	}{
		{"", LengthContext{}, "empty length"},
		{"   ", LengthContext{}, "empty length"},
		{"abc", LengthContext{}, `"abc" is not a length; write a number of mm, or a number with a unit (mm, cm, in, pt)`},
		{"mm", both, `"mm" is not a length; write a number of mm, or a number with a unit (mm, cm, in, pt, px, %)`},
		{"x3", LengthContext{DPI: 96}, `"x3" is not a length; write a number of mm, or a number with a unit (mm, cm, in, pt, px)`},
		{"INF", LengthContext{}, `"INF" is not a length; write a number of mm, or a number with a unit (mm, cm, in, pt)`},
		{"-INF", LengthContext{}, `"-INF" is not a length; write a number of mm, or a number with a unit (mm, cm, in, pt)`},
		{"NAN", LengthContext{Percent: 5}, `"NAN" is not a length; write a number of mm, or a number with a unit (mm, cm, in, pt, %)`},
		{"1e999", LengthContext{}, `"1e999" is not a length; write a number of mm, or a number with a unit (mm, cm, in, pt)`},
		{"10px", LengthContext{}, `"10px": px needs a known resolution; use mm, cm, in or pt here`},
		{"10px", LengthContext{DPI: -1}, `"10px": px needs a known resolution; use mm, cm, in or pt here`},
		{"10%", LengthContext{}, `"10%": % is not allowed here; use mm, cm, in or pt`},
		{"10%", LengthContext{Percent: -1}, `"10%": % is not allowed here; use mm, cm, in or pt`},
		{"10ft", LengthContext{}, `"10ft": unknown unit "ft"; use mm, cm, in, pt`},
		{"10ft", both, `"10ft": unknown unit "ft"; use mm, cm, in, pt, px, %`},
		{"10a", LengthContext{}, `"10a": unknown unit "a"; use mm, cm, in, pt`},
		{"10z", LengthContext{}, `"10z": unknown unit "z"; use mm, cm, in, pt`},
		{"10FT", LengthContext{}, `"10FT": unknown unit "FT"; use mm, cm, in, pt`},
		{"nan mm", LengthContext{}, `"nan mm" is not a length; write a number of mm, or a number with a unit (mm, cm, in, pt)`},
		{"Infinity", LengthContext{}, `"Infinity" is not a length; write a number of mm, or a number with a unit (mm, cm, in, pt)`},
		{"0x1p4", LengthContext{}, `"0x1p4" is not a length; write a number of mm, or a number with a unit (mm, cm, in, pt)`},
		// finite numbers whose length in mm is not
		{"1e308in", LengthContext{}, "1e308in is out of range (-1000000mm to 1000000mm)"},
		{"1e300px", LengthContext{DPI: 1e-300}, "1e300px is out of range (-1000000mm to 1000000mm)"},
		{"1e7", LengthContext{}, "1e7 is out of range (-1000000mm to 1000000mm)"},
	} {
		got, err := ParseLength(c.in, c.ctx, wide)
		if err == nil || err.Error() != c.want || got != 0 {
			t.Errorf("ParseLength(%q, %+v) = %v, %v; want the error %s", c.in, c.ctx, got, err, c.want)
		}
	}
}

func TestFormatMM(t *testing.T) {
	for _, c := range []struct {
		v    float64
		want string
	}{{63.5, "63.5mm"}, {2, "2mm"}, {63.456, "63.46mm"}, {0.125, "0.13mm"}, {-1.5, "-1.5mm"}, {1e-9, "0mm"}} {
		if got := FormatMM(c.v); got != c.want {
			t.Errorf("FormatMM(%v) = %q, want %q", c.v, got, c.want)
		}
	}
}

func TestPapersAndCards(t *testing.T) {
	if got := PaperNames(); !slices.Equal(got, []string{"a3", "a4", "a5", "legal", "letter", "tabloid"}) {
		t.Errorf("papers %v", got)
	}
	if got := CardSizeNames(); !slices.Equal(got, []string{"bridge", "business", "euro", "index-card", "mini-american", "mini-euro", "poker", "square", "standard", "tarot"}) {
		t.Errorf("cards %v", got)
	}
	if s, ok := Paper("A4"); !ok || s != (Size{210, 297}) {
		t.Errorf("a4: %v %v", s, ok)
	}
	if _, ok := Paper("b5"); ok {
		t.Error("b5 is not a known paper")
	}
	if s, ok := CardSize("Poker"); !ok || s != (Size{63.5, 88.9}) {
		t.Errorf("poker: %v %v", s, ok)
	}
	if _, ok := CardSize("jumbo"); ok {
		t.Error("jumbo is not a known card size")
	}
}

func TestParseSize(t *testing.T) {
	for _, c := range []struct {
		in   string
		want Size
	}{
		{"63x88mm", Size{63, 88}},
		{"63x88", Size{63, 88}},
		{" 63 X 88 ", Size{63, 88}},
		{"2.5x3.5in", Size{63.5, 88.9}},
		{"6.3x8.8 cm", Size{63, 88}},
		{"63mmx3.5in", Size{63, 88.9}},
		{"1inx50", Size{25.4, 50}},
		{"1e1x2e1in", Size{254, 508}},
	} {
		got, err := ParseSize(c.in, SideLengths)
		if err != nil || !near(got.W, c.want.W) || !near(got.H, c.want.H) {
			t.Errorf("ParseSize(%q) = %v, %v; want %v", c.in, got, err, c.want)
		}
	}
	for _, c := range []struct{ in, want string }{
		{"63", `"63" is not a size; write WIDTHxHEIGHT, such as 63x88mm`},
		{"ax88", `size "ax88": width: "a" is not a length; write a number of mm, or a number with a unit (mm, cm, in, pt)`},
		{"63mmxb", `size "63mmxb": height: "b" is not a length; write a number of mm, or a number with a unit (mm, cm, in, pt)`},
		{"63xb", `size "63xb": width: "63b": unknown unit "b"; use mm, cm, in, pt`}, // the unit of the height is the width's too
		{"0x88", `size "0x88": width: 0 is out of range (1mm to 2000mm)`},
		{"63x0", `size "63x0": height: 0 is out of range (1mm to 2000mm)`},
		{"-1x88", `size "-1x88": width: -1 is out of range (1mm to 2000mm)`},
		{"63x-88", `size "63x-88": height: -88 is out of range (1mm to 2000mm)`},
		// the bound holds in every unit, and for both sides
		{"0.0001x0.0001mm", `size "0.0001x0.0001mm": width: 0.0001mm is out of range (1mm to 2000mm)`},
		{"1e9x1e9mm", `size "1e9x1e9mm": width: 1e9mm is out of range (1mm to 2000mm)`},
		{"63x79in", `size "63x79in": height: 79in is out of range (1mm to 2000mm)`},
		{"nanxnan", `size "nanxnan": width: "nan" is not a length; write a number of mm, or a number with a unit (mm, cm, in, pt)`},
		{"63xinf", `size "63xinf": width: "63inf": unknown unit "inf"; use mm, cm, in, pt`},
	} {
		got, err := ParseSize(c.in, SideLengths)
		if err == nil || err.Error() != c.want || got != (Size{}) {
			t.Errorf("ParseSize(%q) = %v, %v; want the error %s", c.in, got, err, c.want)
		}
	}
}

func TestParsePaper(t *testing.T) {
	for _, c := range []struct {
		in   string
		want Size
	}{{"Letter", Size{215.9, 279.4}}, {"210x297mm", Size{210, 297}}, {"8.5X11in", Size{215.9, 279.4}}} {
		got, err := ParsePaper(c.in, SideLengths)
		if err != nil || !near(got.W, c.want.W) || !near(got.H, c.want.H) {
			t.Errorf("ParsePaper(%q) = %v, %v; want %v", c.in, got, err, c.want)
		}
	}
	for _, c := range []struct{ in, want string }{
		{"b5", `unknown paper "b5"; use a3, a4, a5, legal, letter, tabloid, or WIDTHxHEIGHT such as 210x297mm`},
		{"0x297", `size "0x297": width: 0 is out of range (1mm to 2000mm)`},
		{"1e9x1e9mm", `size "1e9x1e9mm": width: 1e9mm is out of range (1mm to 2000mm)`},
	} {
		if _, err := ParsePaper(c.in, SideLengths); err == nil || err.Error() != c.want {
			t.Errorf("ParsePaper(%q): %v, want %s", c.in, err, c.want)
		}
	}
}

func TestParsePoint(t *testing.T) {
	got, err := ParsePoint("1mm,-0.5mm", wide)
	if err != nil || got != (Point{1, -0.5}) {
		t.Errorf("ParsePoint: %v, %v", got, err)
	}
	if got, err := ParsePoint(" 0.1in , 2 ", wide); err != nil || !nearPoint(got, Point{2.54, 2}) {
		t.Errorf("ParsePoint with spaces: %v, %v", got, err)
	}
	for _, c := range []struct{ in, want string }{
		{"1mm", `"1mm" is not a pair of lengths; write X,Y such as 0.5mm,-1mm`},
		{"a,1", `"a" is not a length; write a number of mm, or a number with a unit (mm, cm, in, pt)`},
		{"1,b", `"b" is not a length; write a number of mm, or a number with a unit (mm, cm, in, pt)`},
		{"1,nan", `"nan" is not a length; write a number of mm, or a number with a unit (mm, cm, in, pt)`},
		{"1e308,0", "1e308 is out of range (-20mm to 20mm)"},
	} {
		if got, err := ParsePoint(c.in, Range{-20, 20}); err == nil || err.Error() != c.want || got != (Point{}) {
			t.Errorf("ParsePoint(%q) = %v, %v; want the error %s", c.in, got, err, c.want)
		}
	}
}

// TestParseNumber: a bare number is decimal and finite and in its range;
// NaN lies in no range (every comparison with it is false).
func TestParseNumber(t *testing.T) {
	r := Range{10, 1200}
	for _, c := range []struct {
		in   string
		want float64
	}{{"150", 150}, {" 10 ", 10}, {"1200", 1200}, {"1.5e2", 150}, {"+300", 300}} {
		if got, err := ParseNumber(c.in, r); err != nil || got != c.want {
			t.Errorf("ParseNumber(%q) = %v, %v; want %v", c.in, got, err, c.want)
		}
	}
	for _, c := range []struct{ in, want string }{
		{"nan", `"nan" is not a number`},
		{"NaN", `"NaN" is not a number`},
		{"inf", `"inf" is not a number`},
		{"-Infinity", `"-Infinity" is not a number`},
		{"1e999", `"1e999" is not a number`},
		{"0x1p5", `"0x1p5" is not a number`},
		{"1_000", `"1_000" is not a number`},
		{"", `"" is not a number`},
		{"9.99", "9.99 is out of range (10 to 1200)"},
		{"1200.5", "1200.5 is out of range (10 to 1200)"},
		{"-150", "-150 is out of range (10 to 1200)"},
	} {
		if got, err := ParseNumber(c.in, r); err == nil || err.Error() != c.want || got != 0 {
			t.Errorf("ParseNumber(%q) = %v, %v; want the error %s", c.in, got, err, c.want)
		}
	}
}
