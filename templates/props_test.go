package templates

import (
	"fmt"
	"strings"
	"testing"

	"github.com/deckpress/deckpress/cards"
)

// fakeScope is a card's fields for property tests; it records what it is
// told.
type fakeScope struct {
	fields map[string]*cards.Node
	said   []string
}

func (s *fakeScope) field(name string) *cards.Node { return s.fields[name] }

func (s *fakeScope) fail(pos cards.Pos, format string, args ...any) {
	s.said = append(s.said, fmt.Sprintf("%d:%d: %s", pos.Line, pos.Col, fmt.Sprintf(format, args...)))
}

func (s *fakeScope) missing(name string, p *prop) {
	s.said = append(s.said, fmt.Sprintf("missing %s for %s", name, p.what))
}

func at(line int) cards.Pos { return cards.Pos{File: "t.yaml", Line: line, Col: 1} }

func scalar(v string, line int) *cards.Node { return cards.Scalar(v, at(line)) }

// TestPropText: {{field}} is replaced by the field's text; {{field|def}}
// by def when the field is missing, empty or null; a missing field is
// reported; a list is not text. The position is the field's when the
// value is exactly one reference.
func TestPropText(t *testing.T) {
	fields := map[string]*cards.Node{
		"name":  scalar("Zoobot", 20),
		"empty": scalar("", 21),
		"none":  {Kind: cards.NullNode, Pos: at(22)},
		"list":  {Kind: cards.SeqNode, Pos: at(23)},
	}
	for _, c := range []struct {
		value string
		want  string
		line  int // the position returned
		ok    bool
		said  string
	}{
		{"plain", "plain", 1, true, ""},
		{"{{name}}", "Zoobot", 20, true, ""},
		{"{{ name }}", "Zoobot", 20, true, ""},
		{"Hi {{name}}!", "Hi Zoobot!", 1, true, ""},
		{"{{name}}{{name}}", "ZoobotZoobot", 1, true, ""},
		{"{{name}} ", "Zoobot ", 1, true, ""},
		{" {{name}}", " Zoobot", 1, true, ""},
		{"{{gone|Untitled}}", "Untitled", 1, true, ""},
		{"{{empty|Untitled}}", "Untitled", 1, true, ""},
		{"{{none|Untitled}}", "Untitled", 1, true, ""},
		{"{{name|Untitled}}", "Zoobot", 20, true, ""},
		{"{{ gone | }}", "", 1, true, ""},
		{"{{none}}", "", 1, true, ""},
		{"{{empty}}", "", 21, true, ""},
		{"a {{gone}} b", "a  b", 1, false, "missing gone for text.value"},
		{"{{list}}", "", 1, false, `23:1: field "list" is a list; text.value needs text (lists are drawn with repeat)`},
	} {
		s := &fakeScope{fields: fields}
		got, pos, ok := text(s, newProp(scalar(c.value, 1), "text.value"))
		if got != c.want || pos.Line != c.line || ok != c.ok || strings.Join(s.said, "; ") != c.said {
			t.Errorf("%q: %q at line %d, ok %v, said %q; want %q at %d, %v, %q", c.value, got, pos.Line, ok, s.said, c.want, c.line, c.ok, c.said)
		}
	}
	s := &fakeScope{}
	if _, _, ok := text(s, newProp(&cards.Node{Kind: cards.SeqNode, Pos: at(5)}, "text.value")); ok || len(s.said) != 1 || s.said[0] != "5:1: text.value: expected text, found a list" {
		t.Errorf("a list as the value: ok %v, said %q", ok, s.said)
	}
	if _, _, ok := text(s, nil); ok {
		t.Error("no property gives text")
	}
	if newProp(nil, "x") != nil {
		t.Error("no node makes a property")
	}
	if p := newProp(&cards.Node{Kind: cards.SeqNode, Value: "{{x}}"}, "x"); p.dyn {
		t.Error("a list is not dynamic")
	}
}

// TestPropCheck: a static value is checked once, at compile time; a value
// that failed is not reported again; a dynamic one is checked per card.
func TestPropCheck(t *testing.T) {
	s := &fakeScope{}
	bad := newProp(scalar("huge", 3), "text.size")
	check(s, bad, pointSize)
	if !bad.bad || len(s.said) != 1 {
		t.Fatalf("bad static: bad %v, said %q", bad.bad, s.said)
	}
	if _, ok := value(s, bad, pointSize); ok || len(s.said) != 1 {
		t.Errorf("a value that failed is reported again: %q", s.said)
	}
	good := newProp(scalar("9", 3), "text.size")
	check(s, good, pointSize)
	if v, ok := value(s, good, pointSize); good.bad || !ok || v != 9 {
		t.Errorf("good static: bad %v, %v %v", good.bad, v, ok)
	}
	dyn := newProp(scalar("{{size}}", 3), "text.size")
	check(s, dyn, pointSize)
	if dyn.bad || len(s.said) != 1 {
		t.Errorf("a dynamic value is checked at compile time: %q", s.said)
	}
	s.fields = map[string]*cards.Node{"size": scalar("big", 9)}
	if _, ok := value(s, dyn, pointSize); ok || len(s.said) != 2 || s.said[1] != `9:1: text.size: "big" is not a font size; write a number of points` {
		t.Errorf("a bad field: %q", s.said)
	}
	s.fields = nil
	if _, ok := value(s, dyn, pointSize); ok || s.said[len(s.said)-1] != "missing size for text.size" {
		t.Errorf("a missing field: %q", s.said)
	}
	check(s, nil, pointSize) // no property: nothing to check
}

func TestParsers(t *testing.T) {
	type result struct {
		v   any
		err string
	}
	run := func(v any, err error) result {
		if err != nil {
			return result{nil, err.Error()}
		}
		if f, ok := v.(float64); ok {
			return result{fmt.Sprintf("%.9g", f), ""}
		}
		return result{v, ""}
	}
	for _, c := range []struct {
		name string
		got  result
		want result
	}{
		{"pt bare", run(pointSize("9")), result{"9", ""}},
		{"pt suffix", run(pointSize(" 9.5pt ")), result{"9.5", ""}},
		{"pt top", run(pointSize("1000")), result{"1000", ""}},
		{"pt over", run(pointSize("1000.5")), result{nil, "size 1000.5 is out of range (0.1 to 1000 pt)"}},
		{"pt zero", run(pointSize("0")), result{nil, "size 0 is out of range (0.1 to 1000 pt)"}},
		{"pt negative", run(pointSize("-2")), result{nil, "size -2 is out of range (0.1 to 1000 pt)"}},
		{"pt from mm", run(pointSize("25.4mm")), result{"72", ""}},
		{"pt from in", run(pointSize("1in")), result{"72", ""}},
		{"pt huge mm", run(pointSize("400mm")), result{nil, "size 400mm is out of range (0.1 to 1000 pt)"}},
		{"pt text", run(pointSize("big")), result{nil, `"big" is not a font size; write a number of points`}},
		{"pt nan", run(pointSize("nan")), result{nil, `"nan" is not a font size; write a number of points`}},
		{"pt nan suffix", run(pointSize("NaNpt")), result{nil, `"NaNpt" is not a font size; write a number of points`}},
		{"pt inf", run(pointSize("+Inf")), result{nil, `"+Inf" is not a font size; write a number of points`}},
		{"number nan", run(number(-360, 360)("NaN")), result{nil, `"NaN" is not a number`}},
		{"number inf", run(number(-360, 360)("-inf")), result{nil, `"-inf" is not a number`}},
		{"length nan", run(lengthParser(63)("nan%")), result{nil, `"nan%" is not a length; write a number of mm, or a number with a unit (mm, cm, in, pt, %)`}},
		{"length far", run(lengthParser(63)("1e308")), result{nil, "1e308 is out of range (-10000mm to 10000mm)"}},
		{"length far percent", run(lengthParser(63)("1e300%")), result{nil, "1e300% is out of range (-10000mm to 10000mm)"}},
		{"length far positive", run(positiveLength(0)("1e5in")), result{nil, "1e5in is out of range (-10000mm to 10000mm)"}},
		{"number", run(number(0.5, 5)(" 1.5 ")), result{"1.5", ""}},
		{"number low edge", run(number(0.5, 5)("0.5")), result{"0.5", ""}},
		{"number high edge", run(number(0.5, 5)("5")), result{"5", ""}},
		{"number low", run(number(0.5, 5)("0.4")), result{nil, "0.4 is out of range (0.5 to 5)"}},
		{"number high", run(number(0.5, 5)("5.1")), result{nil, "5.1 is out of range (0.5 to 5)"}},
		{"number text", run(number(0.5, 5)("x")), result{nil, `"x" is not a number`}},
		{"whole", run(wholeNumber(3, 64)(" 6 ")), result{6, ""}},
		{"whole low edge", run(wholeNumber(3, 64)("3")), result{3, ""}},
		{"whole high edge", run(wholeNumber(3, 64)("64")), result{64, ""}},
		{"whole low", run(wholeNumber(3, 64)("2")), result{nil, "2 is out of range (3–64)"}},
		{"whole high", run(wholeNumber(3, 64)("65")), result{nil, "65 is out of range (3–64)"}},
		{"whole fraction", run(wholeNumber(3, 64)("3.5")), result{nil, `"3.5" is not a whole number`}},
		{"true", run(boolean(" Yes ")), result{true, ""}},
		{"on", run(boolean("on")), result{true, ""}},
		{"true word", run(boolean("TRUE")), result{true, ""}},
		{"false", run(boolean("false")), result{false, ""}},
		{"no", run(boolean("no")), result{false, ""}},
		{"off", run(boolean("Off")), result{false, ""}},
		{"bool text", run(boolean("maybe")), result{nil, `"maybe" is not true or false`}},
		{"enum first", run(enum("left", "center")("LEFT")), result{0, ""}},
		{"enum second", run(enum("left", "center")(" center ")), result{1, ""}},
		{"enum near", run(enum("left", "center")("centre")), result{nil, `unknown value "centre"; did you mean "center"?`}},
		{"enum far", run(enum("left", "center")("upward")), result{nil, `unknown value "upward"; expected one of left, center`}},
	} {
		if fmt.Sprint(c.got) != fmt.Sprint(c.want) {
			t.Errorf("%s: got %v, want %v", c.name, c.got, c.want)
		}
	}
	for _, c := range []struct {
		s, err string
		v      float64
	}{{"3", "", 3}, {"-1", `"-1" must not be negative`, 0}, {"0", "", 0}, {"50%", "", 20}} {
		v, err := positiveLength(40)(c.s)
		if fmt.Sprint(err) != fmt.Sprint(errOrNil(c.err)) || err == nil && v != c.v {
			t.Errorf("positive length %q: %v, %v; want %v, %q", c.s, v, err, c.v, c.err)
		}
	}
	if v, err := lengthParser(40)("-50%"); err != nil || v != -20 {
		t.Errorf("length -50%% of 40: %v, %v", v, err)
	}
}

func errOrNil(s string) error {
	if s == "" {
		return nil
	}
	return fmt.Errorf("%s", s)
}

// TestConditions: "field" holds when it is set and not empty, "!field"
// when not; "==" and "!=" compare the text (quotes trimmed); anything
// else is an error.
func TestConditions(t *testing.T) {
	fields := map[string]*cards.Node{
		"kind":  scalar("hero", 2),
		"empty": scalar("", 3),
		"none":  {Kind: cards.NullNode},
		"list":  {Kind: cards.SeqNode, Content: []*cards.Node{scalar("a", 4)}},
	}
	for _, c := range []struct {
		cond string
		want []bool // for kind, empty, none, list, gone
		err  string
	}{
		{"kind", []bool{true}, ""},
		{"{F}", []bool{true, false, false, true, false}, ""},
		{"!{F}", []bool{false, true, true, false, true}, ""},
		{" ! {F} ", []bool{false, true, true, false, true}, ""},
		{"{F} == hero", []bool{true, false, false, false, false}, ""},
		{"{F}==hero", []bool{true, false, false, false, false}, ""},
		{`{F} == "hero"`, []bool{true, false, false, false, false}, ""},
		{"{F} == 'hero'", []bool{true, false, false, false, false}, ""},
		{"{F} != hero", []bool{false, true, true, true, true}, ""},
		{"{F} == ", []bool{false, true, true, true, true}, ""},
		{"!kind == hero", nil, `if: "!kind == hero" is not a condition; write "field", "!field", "field == value" or "field != value"`},
		{"", nil, `if: "" is not a condition; write "field", "!field", "field == value" or "field != value"`},
		{"a b", nil, `if: "a b" is not a condition; write "field", "!field", "field == value" or "field != value"`},
	} {
		names := []string{"kind", "empty", "none", "list", "gone"}
		for i := range names {
			if c.want != nil && i >= len(c.want) {
				break
			}
			src := strings.ReplaceAll(c.cond, "{F}", names[i])
			cond, diags := parseCondition(scalar(src, 7))
			if c.err != "" {
				if cond != nil || len(diags) != 1 || diags[0].Message != c.err {
					t.Errorf("%q: %v, want the error %q", src, diags, c.err)
				}
				break
			}
			if len(diags) > 0 || cond == nil {
				t.Errorf("%q: %v", src, diags)
				continue
			}
			if got := cond.holds(&fakeScope{fields: fields}); got != c.want[i] {
				t.Errorf("%q with %s: %v, want %v", src, names[i], got, c.want[i])
			}
		}
	}
	var none *condition
	if !none.holds(&fakeScope{}) {
		t.Error("no condition does not hold")
	}
	if cond, diags := parseCondition(&cards.Node{Kind: cards.SeqNode}); cond != nil || len(diags) != 1 {
		t.Errorf("a list as a condition: %v", diags)
	}
}
