package cards

import (
	"errors"
	"strings"
	"testing"
	"testing/fstest"
)

func diagStrings(ds Diagnostics) []string {
	var out []string
	for _, d := range ds.Sort() {
		out = append(out, d.String())
	}
	return out
}

func TestLoadDeckDiagnostics(t *testing.T) {
	cases := []struct {
		name string
		src  string
		want []string
	}{
		{"unknown top key", "deck: x\nsise: poker\ncards: []\n",
			[]string{`d.yaml:2:1: error: unknown key "sise" in deck; did you mean "size"?`}},
		{"unknown print key", "deck: x\nprint:\n  paper: a4\n  duplx: long\ncards: []\n",
			[]string{`d.yaml:4:3: error: unknown key "duplx" in print; did you mean "duplex"?`}},
		{"wrong type count", "deck: x\ncards:\n  - {name: a, count: two}\n",
			[]string{`d.yaml:3:22: error: card 1: count: expected a whole number, found the text "two"`}},
		{"negative count", "deck: x\ncards:\n  - name: a\n    count: -2\n",
			[]string{`d.yaml:4:12: error: card 1: count must be between 0 and 100000, found -2`}},
		{"repeated key", "deck: x\ncards:\n  - name: a\n    name: b\n",
			[]string{`d.yaml:4:5: error: card 1: key "name" is repeated (first at line 3)`}},
		{"syntax", "deck: x\ncards:\n  - name: a\n   bad: [\n",
			[]string{`d.yaml:3:1: error: YAML syntax: did not find expected '-' indicator`}},
		{"no deck key", "cards: []\n",
			[]string{`d.yaml:1:1: error: a deck needs "deck"`}},
		{"not a mapping", "- a\n- b\n",
			[]string{`d.yaml:1:1: error: a deck file is a mapping that starts with "deck:", found a list`}},
		{"cards not a list", "deck: x\ncards: {a: 1}\n",
			[]string{`d.yaml:2:8: error: cards: expected a list, found a mapping`}},
		{"several at once", "deck: x\nsize: poker\nprnt: {}\ncards:\n  - {count: x}\n  - {count: -1}\n",
			[]string{
				`d.yaml:3:1: error: unknown key "prnt" in deck; did you mean "print"?`,
				`d.yaml:5:13: error: card 1: count: expected a whole number, found the text "x"`,
				`d.yaml:6:13: error: card 2: count must be between 0 and 100000, found -1`,
			}},
		{"missing csv", "deck: x\ndata: nope.csv\n",
			[]string{`d.yaml:2:7: error: data: cannot read nope.csv: file does not exist`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, diags := LoadDeck("d.yaml", []byte(c.src), fstest.MapFS{})
			got := diagStrings(diags)
			if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
				t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(c.want, "\n"))
			}
		})
	}
}

func TestLoadDeckModel(t *testing.T) {
	src := `deck: Heroes
size: poker
print: {paper: letter, duplex: short}
templates:
  solid: {background: "{{fill}}"}
front: solid
back: solid
cards:
  - {name: Zoobot, fill: "#3cb44b", count: 2}
  - name: Vampire Matt
    kind: hero
    back: {template: crisis, question: "Pets rebel?"}
  - name: Plain
    back: {question: "Only fields"}
data: more.csv
`
	files := fstest.MapFS{"more.csv": {Data: []byte("name,fill,count\nCSV One,#ff0000,3\nCSV Two,,\n")}}
	d, diags := LoadDeck("deck.yaml", []byte(src), files)
	if len(diags) != 0 {
		t.Fatalf("unexpected diagnostics: %v", diagStrings(diags))
	}
	if d.Name != "Heroes" || d.Size.Value != "poker" || d.Print["paper"].Value != "letter" || d.Front.Template != "solid" {
		t.Fatalf("bad deck header: %+v", d)
	}
	if d.Len() != 5 {
		t.Fatalf("want 5 cards, got %d", d.Len())
	}
	c := deckCards(d)
	if c[0].Count != 2 || c[0].Fields["fill"].Value != "#3cb44b" || c[0].Label() != `card 1 "Zoobot"` {
		t.Errorf("card 1: %+v", c[0])
	}
	if c[1].Kind != "hero" || c[1].Back.Template != "crisis" || c[1].Field(&c[1].Back, "question").Value != "Pets rebel?" {
		t.Errorf("card 2 back: %+v", c[1].Back)
	}
	if c[2].Back.Template != "" || c[2].Field(&c[2].Back, "name").Value != "Plain" {
		t.Errorf("card 3: fields-only back should see the card's fields")
	}
	if c[3].Count != 3 || c[3].Number != 4 || c[3].Pos.String() != "more.csv:2:1" || c[3].Fields["fill"].Pos.String() != "more.csv:2:9" {
		t.Errorf("csv row 1: %+v pos %v", c[3], c[3].Fields["fill"].Pos)
	}
	if _, set := c[4].Fields["fill"]; set || c[4].Count != 1 {
		t.Errorf("csv row 2: empty cells must be unset fields, count default 1: %+v", c[4])
	}
}

func TestCSVDiagnostics(t *testing.T) {
	files := fstest.MapFS{"c.csv": {Data: []byte("name,count,name\nA,x\n\"bad\nB,2,3,4\n")}}
	_, diags := LoadDeck("d.yaml", []byte("deck: x\ndata: c.csv\n"), files)
	assertDiags(t, diagStrings(diags), []string{
		`c.csv:1:12: error: CSV header: column "name" repeats column 1`,
		`c.csv:2:1: error: CSV row has 2 cells; the header has 3`,
		`c.csv:2:3: error: count: expected a whole number from 0 to 100000, found "x"`,
		`c.csv:4:9: error: CSV: extraneous or missing " in quoted-field`,
	})
}

// An alias bomb (10⁹ values once expanded) stops at the value that passes
// the limit: counting the expanded values in document order, the
// 1,000,001st is the fourth x of list a, in its copy inside the 8th e of
// f; 10,000 nested lists stop at the 65th level.
func TestParseLimits(t *testing.T) {
	bomb := "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
	prev := "a"
	for i := 0; i < 8; i++ {
		name := string(rune('b' + i))
		bomb += name + ": &" + name + " [" + strings.TrimSuffix(strings.Repeat("*"+prev+", ", 10), ", ") + "]\n"
		prev = name
	}
	deep := strings.Repeat("[", 10000) + strings.Repeat("]", 10000)
	cases := []struct {
		name, src, want string
	}{
		{"alias bomb", bomb, "d.yaml:1:17: error: document holds more than 1000000 values once aliases are expanded"},
		{"deep nesting", deep, "d.yaml:1:66: error: values are nested deeper than 64 levels"},
		{"deep block nesting", strings.Repeat("- ", 100) + "x\n", "d.yaml:1:131: error: values are nested deeper than 64 levels"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			root, diags := Parse("d.yaml", []byte(c.src))
			assertDiags(t, diagStrings(diags), []string{c.want})
			if root != nil {
				t.Errorf("a tree past a limit")
			}
		})
	}
}

func TestMergeKeys(t *testing.T) {
	src := "base: &b {x: 1, y: 2}\nitem:\n  <<: *b\n  y: 3\n"
	root, diags := Parse("m.yaml", []byte(src))
	if diags.HasErrors() {
		t.Fatal(diagStrings(diags))
	}
	item := root.Key("item")
	if item.Key("x").Value != "1" || item.Key("y").Value != "3" {
		t.Errorf("merge: x=%v y=%v", item.Key("x").Value, item.Key("y").Value)
	}
}

// TestDiagnosticsErr: Err is nil without errors (warnings alone pass),
// and otherwise the list sorted by position without duplicates, its
// message the first problem and a count of the others.
func TestDiagnosticsErr(t *testing.T) {
	var ds Diagnostics
	if ds.Err() != nil {
		t.Error("an empty list is no error")
	}
	ds.Warnf(Pos{File: "a.yaml", Line: 3}, "odd")
	if ds.Err() != nil {
		t.Error("a warning is no error")
	}
	ds.Errorf(Pos{File: "a.yaml", Line: 9, Col: 2}, "late")
	ds.Errorf(Pos{File: "a.yaml", Line: 1, Col: 5}, "early")
	ds.Errorf(Pos{File: "a.yaml", Line: 9, Col: 2}, "late")
	err := ds.Err()
	var list ErrorList
	if !errors.As(err, &list) || len(list) != 3 {
		t.Fatalf("Err() = %#v, want the three different diagnostics", err)
	}
	if got := err.Error(); got != "a.yaml:1:5: error: early (and 2 more)" {
		t.Errorf("message %q", got)
	}
	if list[1].Pos.Line != 3 || list[2].Message != "late" {
		t.Errorf("not sorted by position: %v", list)
	}
	if ds[0].Message != "odd" {
		t.Error("Err must not reorder the list it is called on")
	}
}

// deckCards returns a deck's cards, in order.
func deckCards(d *Deck) []*Card {
	var out []*Card
	for _, c := range d.All() {
		out = append(out, c)
	}
	return out
}
