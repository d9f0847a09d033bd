package output

import (
	"slices"
	"testing"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/layout"
)

// TestReadFlags: a flag sets what the print key of its name sets (a
// back-offset written X,Y), and a wrong value is refused with the flag's
// name in place of the key's, every problem in one error, in the order of
// the flags' names.
func TestReadFlags(t *testing.T) {
	o, err := ReadFlags(map[string]string{"bleed": "3mm", "back-offset": "0.5mm,-1mm", "paper": "letter", "duplex": "short"})
	if err != nil {
		t.Fatal(err)
	}
	want := defaults
	want.Bleed, want.BackOffset, want.Paper, want.Duplex = 3, layout.Point{X: 0.5, Y: -1}, layout.Size{W: 215.9, H: 279.4}, layout.DuplexShort
	if got := o.Settings(); got != want {
		t.Errorf("settings %+v\nwant %+v", got, want)
	}
	if o, err := ReadFlags(nil); err != nil || o != (PrintOptions{}) {
		t.Errorf("no flags: %+v, %v; want nothing set", o, err)
	}
	errs := []struct {
		given map[string]string
		want  string
	}{
		{map[string]string{"bleed": "3 furlongs"}, `--bleed: "3 furlongs": unknown unit "furlongs"; use mm, cm, in, pt`},
		{map[string]string{"back-offset": "1mm"}, `--back-offset: "1mm" is not a pair of lengths; write X,Y such as 0.5mm,-1mm`},
		{map[string]string{"back-offset": "1mm,2 furlongs", "margin": "-1mm", "marks": "lots"},
			`--back-offset y: "2 furlongs": unknown unit "furlongs"; use mm, cm, in, pt; --margin: -1mm is out of range (0mm to 100mm); --marks: unknown value "lots"; expected one of crop, lines, none`},
	}
	for _, tt := range errs {
		o, err := ReadFlags(tt.given)
		if err == nil || err.Error() != tt.want || o != (PrintOptions{}) {
			t.Errorf("%v: %+v, %v\nwant the error %s", tt.given, o, err, tt.want)
		}
	}
}

// TestReadTuck: a tuckbox: value is true (the defaults: the deck's cards,
// 0.32 mm), false, or {cards, thickness}; a wrong value means no box, and
// an unknown key is reported without taking the box away.
func TestReadTuck(t *testing.T) {
	tests := []struct {
		src   string
		want  TuckOptions
		box   bool
		diags []string
	}{
		{"true", TuckOptions{Thickness: 0.32}, true, nil},
		{"false", TuckOptions{Thickness: 0.32}, false, nil},
		{"{cards: 44, thickness: 0.3mm}", TuckOptions{Cards: 44, Thickness: 0.3}, true, nil},
		{"{cards: 100000}", TuckOptions{Cards: 100000, Thickness: 0.32}, true, nil},
		{"{thickness: 3mm}", TuckOptions{Thickness: 3}, true, nil},
		{"{cards: 0}", TuckOptions{Thickness: 0.32}, false, []string{"1:9: error: tuckbox.cards must be between 1 and 100000, found 0"}},
		{"{thickness: 9mm}", TuckOptions{Thickness: 0.32}, false, []string{"1:13: error: tuckbox.thickness: 9mm is out of range (0.05mm to 3mm)"}},
		{"{lid: 3, cards: 5}", TuckOptions{Cards: 5, Thickness: 0.32}, true, []string{`1:2: error: unknown key "lid" in tuckbox; known keys: cards, thickness`}},
		{"[1]", TuckOptions{Thickness: 0.32}, false, []string{"1:1: error: tuckbox: expected a mapping (key: value lines), found a list"}},
		{"maybe", TuckOptions{Thickness: 0.32}, false, []string{`1:1: error: tuckbox: expected true or false, found the text "maybe"`}},
	}
	for _, tt := range tests {
		n, ds := cards.Parse("p.yaml", []byte(tt.src))
		if ds.HasErrors() {
			t.Fatal(ds)
		}
		o, box, ds := ReadTuck(n)
		if o != tt.want || box != tt.box || !slices.Equal(messages(ds), tt.diags) {
			t.Errorf("%s: %+v, box %v, %q\nwant %+v, box %v, %q", tt.src, o, box, messages(ds), tt.want, tt.box, tt.diags)
		}
	}
	if o, box, ds := ReadTuck(nil); o != (TuckOptions{Thickness: 0.32}) || box || len(ds) != 0 {
		t.Errorf("no tuckbox: %+v, box %v, %v; want no box", o, box, ds)
	}
}

// TestReadTuckFlags: --cards and --thickness mean what the keys of a
// tuckbox: mapping mean, and a wrong value is refused with the flag's name
// in place of the key's, and with nothing else.
func TestReadTuckFlags(t *testing.T) {
	tests := []struct {
		given map[string]string
		want  TuckOptions
		err   string
	}{
		{map[string]string{"cards": "44", "thickness": "0.3mm"}, TuckOptions{Cards: 44, Thickness: 0.3}, ""},
		{map[string]string{}, TuckOptions{Thickness: 0.32}, ""},
		{map[string]string{"cards": "0", "thickness": "5mm"}, TuckOptions{Thickness: 0.32}, "--cards must be between 1 and 100000, found 0; --thickness: 5mm is out of range (0.05mm to 3mm)"},
		{map[string]string{"thickness": ".nan"}, TuckOptions{Thickness: 0.32}, `--thickness: ".nan" is not a length; write a number of mm, or a number with a unit (mm, cm, in, pt)`},
		{map[string]string{"cards": "~"}, TuckOptions{Thickness: 0.32}, `--cards: expected a whole number, found the text "~"`},
		// not YAML: taken as the text it is
		{map[string]string{"cards": "[1"}, TuckOptions{Thickness: 0.32}, `--cards: expected a whole number, found the text "[1"`},
	}
	for _, tt := range tests {
		o, err := ReadTuckFlags(tt.given)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if o != tt.want || got != tt.err {
			t.Errorf("%v: %+v, %q\nwant %+v, %q", tt.given, o, got, tt.want, tt.err)
		}
	}
}
