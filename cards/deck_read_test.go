package cards

import (
	"fmt"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

func loadDeck(t *testing.T, src string) (*Deck, []string) {
	t.Helper()
	d, diags := LoadDeck("d.yaml", []byte(src), fstest.MapFS{"c.csv": {Data: []byte("name\nA\n")}})
	return d, diagStrings(diags)
}

// Each key of a deck, read right and refused when of the wrong kind; every
// test compares the whole list of diagnostics.
func TestReadDeckKeys(t *testing.T) {
	for _, c := range []struct {
		name string
		src  string
		want []string
	}{
		{"cards only", "deck: x\ncards: []\n", nil},
		{"data only", "deck: x\ndata: c.csv\n", nil},
		{"neither cards nor data", "deck: x\nsize: poker\n", []string{`d.yaml:1:1: error: a deck needs "cards" or "data"`}},
		{"an empty file", "", []string{`d.yaml:1:1: error: a deck file is a mapping that starts with "deck:", found an empty value`}},
		{"a text", "just text\n", []string{`d.yaml:1:1: error: a deck file is a mapping that starts with "deck:", found the text "just text"`}},
		{"deck set to null", "deck: ~\ncards: []\n", []string{"d.yaml:1:7: error: deck: expected text, found an empty value"}},
		{"deck a list", "deck: [a]\ncards: []\n", []string{"d.yaml:1:7: error: deck: expected text, found a list"}},
		{"no deck key, nor cards", "size: poker\n", []string{`d.yaml:1:1: error: a deck needs "deck"`, `d.yaml:1:1: error: a deck needs "cards" or "data"`}},
		{"an unknown key far from all", "deck: x\nzzzzzz: 1\ncards: []\n", []string{
			`d.yaml:2:1: error: unknown key "zzzzzz" in deck; known keys: deck, size, print, templates, use, fonts, icons, front, back, composition, require, sets, cards, data`}},
		{"use a mapping", "deck: x\nuse: {a: b}\ncards: []\n", []string{"d.yaml:2:6: error: use: expected a list, found a mapping"}},
		{"front a mapping", "deck: x\nfront: {template: t}\ncards: []\n", []string{"d.yaml:2:8: error: front (a template name): expected text, found a mapping"}},
		{"back a list", "deck: x\nback: [t]\ncards: []\n", []string{"d.yaml:2:7: error: back (a template name): expected text, found a list"}},
		{"templates a list", "deck: x\ntemplates: [t]\ncards: []\n", []string{"d.yaml:2:12: error: templates: expected a mapping (key: value lines), found a list"}},
		{"data a list of lists", "deck: x\ndata: [[c.csv]]\n", []string{"d.yaml:2:8: error: data: expected text, found a list"}},
		{"data set to null", "deck: x\ndata: ~\n", []string{"d.yaml:2:7: error: data: expected text, found an empty value"}},
		{"print a text", "deck: x\nprint: a4\ncards: []\n", []string{`d.yaml:2:8: error: print: expected a mapping (key: value lines), found the text "a4"`}},
		{"composition out of range", "deck: x\ncomposition: {hero: -1, crisis: 100001, ok: 100000, none: 0}\ncards: []\n", []string{
			"d.yaml:2:21: error: composition: hero must be between 0 and 100000, found -1",
			"d.yaml:2:33: error: composition: crisis must be between 0 and 100000, found 100001",
		}},
		{"composition a list", "deck: x\ncomposition: [hero]\ncards: []\n", []string{"d.yaml:2:14: error: composition: expected a mapping (key: value lines), found a list"}},
		{"require with a null field", "deck: x\nrequire: {hero: [name, ~, [x]]}\ncards: []\n", []string{
			"d.yaml:2:24: error: require: hero: expected text, found an empty value",
			"d.yaml:2:27: error: require: hero: expected text, found a list",
		}},
		{"require a text", "deck: x\nrequire: {hero: name}\ncards: []\n", []string{`d.yaml:2:17: error: require: hero: expected a list, found the text "name"`}},
		{"sets without kinds", "deck: x\nsets: {by: player}\ncards: []\n", []string{`d.yaml:2:7: error: sets needs "kinds"`}},
		{"sets with a typo", "deck: x\nsets: {by: player, kind: [a]}\ncards: []\n", []string{
			`d.yaml:2:7: error: sets needs "kinds"`,
			`d.yaml:2:20: error: unknown key "kind" in sets; did you mean "kinds"?`,
		}},
		{"sets by null", "deck: x\nsets: {by: ~, kinds: [a, 2, {}]}\ncards: []\n", []string{
			"d.yaml:2:12: error: sets.by: expected text, found an empty value",
			"d.yaml:2:29: error: sets.kinds: expected text, found a mapping",
		}},
		{"cards null", "deck: x\ncards:\n", nil},
		{"a card not a mapping", "deck: x\ncards: [Zoobot]\n", []string{`d.yaml:2:9: error: card 1: expected a mapping (key: value lines), found the text "Zoobot"`}},
		{"card sides of the wrong kind", "deck: x\ncards:\n  - {front: [a], back: {template: [b]}, kind: {}}\n", []string{
			"d.yaml:3:13: error: card 1: front: expected a mapping (key: value lines), found a list",
			"d.yaml:3:35: error: card 1: back.template: expected text, found a list",
			"d.yaml:3:47: error: card 1: kind: expected text, found a mapping",
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, got := loadDeck(t, c.src)
			assertDiags(t, got, c.want)
		})
	}
}

// The deck model: every key lands in its place, with its position.
func TestReadDeckModel(t *testing.T) {
	src := `deck: Heroes
size: {width: 63, height: 88}
print: {paper: a4, orientation: landscape, duplex: long, bleed: 3mm, gutter: 2mm, margin: 5mm, marks: crop, rotate: auto, back-offset: [1, 2], preset: home, order: backs-first}
templates:
  hero: {background: red}
  crisis: {background: blue}
use: shared.yaml
fonts: {Body: body.ttf}
icons: {star: star.png}
front: hero
back: crisis
composition: {hero: 2, crisis: 0}
require: {hero: [name, pitch], crisis: ~}
sets: {by: player, kinds: [star, x]}
cards:
  - {name: Zoobot, count: 0, kind: hero, pitch: ~}
  - name: Plain
    front: {template: big, note: front only}
    back: side
`
	d, got := loadDeck(t, src)
	assertDiags(t, got, nil)
	pos := func(p Pos) string { return p.String() }
	check := func(what, got, want string) {
		t.Helper()
		if got != want {
			t.Errorf("%s: %q, want %q", what, got, want)
		}
	}
	check("name", d.Name+" "+pos(d.Pos), "Heroes d.yaml:1:7")
	check("size", d.Size.Describe()+" "+pos(d.Size.Pos), "a mapping d.yaml:2:7")
	p := d.Print
	var printed []string
	for _, k := range []string{"paper", "orientation", "duplex", "bleed", "gutter", "margin", "marks", "rotate", "back-offset", "preset", "order"} {
		printed = append(printed, p[k].Describe())
	}
	check("print", strings.Join(printed, "; "), `the text "a4"; the text "landscape"; the text "long"; the text "3mm"; the text "2mm"; the text "5mm"; the text "crop"; the text "auto"; a list; the text "home"; the text "backs-first"`)
	var tpl []string
	for _, nt := range d.Templates {
		tpl = append(tpl, nt.Name+"@"+pos(nt.Pos)+"="+nt.Node.Describe())
	}
	check("templates", strings.Join(tpl, " "), "hero@d.yaml:5:3=a mapping crisis@d.yaml:6:3=a mapping")
	check("use", fmt.Sprint(len(d.Use), " ", d.Use[0].Value, " ", pos(d.Use[0].Pos)), "1 shared.yaml d.yaml:7:6")
	check("fonts, icons", pos(d.Fonts.Pos)+" "+pos(d.Icons.Pos), "d.yaml:8:8 d.yaml:9:8")
	check("front", d.Front.Template+" "+pos(d.Front.Pos), "hero d.yaml:10:8")
	check("back", d.Back.Template+" "+pos(d.Back.Pos), "crisis d.yaml:11:7")
	check("composition", fmt.Sprint(d.Composition, " ", pos(d.CompositionPos)),
		"[{hero 2 d.yaml:12:15} {crisis 0 d.yaml:12:24}] d.yaml:12:14")
	check("require", fmt.Sprint(d.Require), "[{hero [name pitch] d.yaml:13:11} {crisis [] d.yaml:13:32}]")
	check("sets", fmt.Sprint(*d.Sets), "{player [star x] d.yaml:14:7}")

	if d.Len() != 2 {
		t.Fatalf("%d cards", d.Len())
	}
	z, pl := d.Card(0), d.Card(1)
	check("card 1", fmt.Sprint(z.Number, " ", z.Count, " ", z.Kind, " ", pos(z.Pos), " ", z.Label()), `1 0 hero d.yaml:16:5 card 1 "Zoobot"`)
	// a field set to ~ is there, and empty: for a required field, not filled
	if f, ok := z.Fields["pitch"]; !ok || !f.IsNull() || pos(f.Pos) != "d.yaml:16:49" {
		t.Errorf("pitch: ~ is %+v, want a null value at d.yaml:16:49", f)
	}
	check("card 2", fmt.Sprint(pl.Number, " ", pl.Count, " ", pl.Kind, " ", pos(pl.Pos)), "2 1  d.yaml:17:5")
	check("card 2 front", pl.Front.Template+" "+pos(pl.Front.Pos)+" "+pl.Field(&pl.Front, "note").Value, "big d.yaml:18:23 front only")
	check("card 2 back", pl.Back.Template+" "+pos(pl.Back.Pos), "side d.yaml:19:11")
	if pl.Field(&pl.Back, "note") != nil || pl.Field(nil, "name").Value != "Plain" || pl.Field(&pl.Front, "name").Value != "Plain" {
		t.Errorf("a side sees its own fields, then the card's")
	}
	for _, k := range []string{"count", "kind", "front", "back"} {
		if _, ok := z.Fields[k]; ok {
			t.Errorf("reserved key %s is a field", k)
		}
	}

	d, got = loadDeck(t, "deck: x\nuse: [a.yaml, b.yaml]\ncards: []\n")
	assertDiags(t, got, nil)
	if len(d.Use) != 2 || d.Use[1].Value != "b.yaml" {
		t.Errorf("use: a list gives %d files", len(d.Use))
	}
	if d.Sets != nil || d.Composition != nil || d.Size != nil {
		t.Errorf("absent keys give values")
	}
}

// A deck may hold 100,000 cards, copies included (CSV rows too); one more
// is an error at the deck's title.
func TestDeckCardLimit(t *testing.T) {
	for _, c := range []struct {
		name  string
		cards string
		csv   string
		want  []string
	}{
		{"exactly the limit", "  - {count: 99999}\n  - {}\n", "name\n", nil},
		{"one more", "  - {count: 99999}\n  - {}\n  - {}\n", "name\n", []string{"d.yaml:1:7: error: deck holds 100001 cards; the limit is 100000"}},
		{"exactly the limit with CSV rows", "  - {count: 99998}\n", "name,count\nA,1\nB,\n", nil},
		{"one more with CSV rows", "  - {count: 99998}\n", "name,count\nA,2\nB,\n", []string{"d.yaml:1:7: error: deck holds 100001 cards; the limit is 100000"}},
		{"left-out cards do not count", "  - {count: 100000}\n  - {count: 0}\n", "name,count\nA,0\n", nil},
		{"far over", "  - {count: 100000}\n  - {count: 100000}\n", "name\n", []string{"d.yaml:1:7: error: deck holds 200000 cards; the limit is 100000"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, diags := LoadDeck("d.yaml", []byte("deck: big\ndata: c.csv\ncards:\n"+c.cards), fstest.MapFS{"c.csv": {Data: []byte(c.csv)}})
			assertDiags(t, diagStrings(diags), c.want)
		})
	}
}

// Label names a card by its name, else its title, else its number.
func TestCardLabel(t *testing.T) {
	at := Pos{}
	for _, c := range []struct {
		fields map[string]*Node
		want   string
	}{
		{map[string]*Node{"name": Scalar("Zoobot", at), "title": Scalar("T", at)}, `card 7 "Zoobot"`},
		{map[string]*Node{"title": Scalar("Toast", at)}, `card 7 "Toast"`},
		{map[string]*Node{"name": Scalar("", at), "title": Scalar("Toast", at)}, `card 7 "Toast"`},
		{map[string]*Node{"name": {Kind: SeqNode}, "title": {Kind: NullNode}}, "card 7"},
		{nil, "card 7"},
	} {
		if got := (&Card{Number: 7, Fields: c.fields}).Label(); got != c.want {
			t.Errorf("%v: %s, want %s", c.fields, got, c.want)
		}
	}
}

// A file named inside another is relative to that file's folder; an
// absolute name stays as it is, cleaned.
func TestResolve(t *testing.T) {
	for _, c := range []struct{ from, ref, want string }{
		{"decks/d.yaml", "art/x.png", "decks/art/x.png"},
		{"d.yaml", "x.csv", "x.csv"},
		{"decks/d.yaml", "../x.csv", "x.csv"},
		{"d.yaml", "../x.csv", "../x.csv"},
		{"decks/d.yaml", "a//b/./c.png", "decks/a/b/c.png"},
		{"decks/d.yaml", "/abs/../x.png", "/x.png"},
		{"/p/decks/d.yaml", "x.png", "/p/decks/x.png"},
	} {
		if got := Resolve(filepath.FromSlash(c.from), c.ref); got != filepath.FromSlash(c.want) {
			t.Errorf("Resolve(%q, %q) = %q, want %q", c.from, c.ref, got, c.want)
		}
	}
}

func TestReadProject(t *testing.T) {
	for _, c := range []struct {
		name   string
		src    string
		pname  string
		inputs []string
		paper  string
		want   []string
	}{
		{"whole", "project: Game\ninputs: [decks, rules.yaml]\nprint: {paper: letter}\n", "Game", []string{"decks", "rules.yaml"}, "letter", nil},
		{"name only", "project: Game\n", "Game", nil, "", nil},
		{"no name", "inputs: [a.yaml]\n", "", []string{"a.yaml"}, "", []string{`deckpress.yaml:1:1: error: a project file needs "project"`}},
		{"empty", "", "", nil, "", []string{`deckpress.yaml:1:1: error: a project file needs "project"`}},
		{"name set to null", "project: ~\n", "", nil, "", []string{"deckpress.yaml:1:10: error: project: expected text, found an empty value"}},
		{"inputs a text", "project: G\ninputs: a.yaml\n", "G", nil, "", []string{`deckpress.yaml:2:9: error: inputs: expected a list, found the text "a.yaml"`}},
		{"an input not a text", "project: G\ninputs: [a.yaml, {b: 1}, c.yaml]\n", "G", []string{"a.yaml", "c.yaml"}, "", []string{"deckpress.yaml:2:18: error: inputs: expected text, found a mapping"}},
		{"a typo", "project: G\nprnt: {paper: a4}\n", "G", nil, "", []string{`deckpress.yaml:2:1: error: unknown key "prnt" in project file; did you mean "print"?`}},
		{"a typo in print", "project: G\nprint: {papr: a4}\n", "G", nil, "", []string{`deckpress.yaml:2:9: error: unknown key "papr" in print; did you mean "paper"?`}},
	} {
		t.Run(c.name, func(t *testing.T) {
			root, diags := Parse("deckpress.yaml", []byte(c.src))
			p, more := ReadProject("deckpress.yaml", root)
			assertDiags(t, diagStrings(append(diags, more...)), c.want)
			if p == nil {
				t.Fatal("no project")
			}
			var inputs []string
			for _, n := range p.Inputs {
				inputs = append(inputs, n.Value)
			}
			paper := ""
			if p.Print["paper"] != nil {
				paper = p.Print["paper"].Value
			}
			if p.Path != "deckpress.yaml" || p.Name != c.pname || !slices.Equal(inputs, c.inputs) || paper != c.paper {
				t.Errorf("project %q, inputs %q, paper %q; want %q, %q, %q", p.Name, inputs, paper, c.pname, c.inputs, c.paper)
			}
			if c.pname != "" && p.Pos.String() != "deckpress.yaml:1:10" {
				t.Errorf("name at %s", p.Pos)
			}
		})
	}
	root, _ := Parse("deckpress.yaml", []byte("- a\n"))
	p, diags := ReadProject("deckpress.yaml", root)
	assertDiags(t, diagStrings(diags), []string{"deckpress.yaml:1:1: error: project file: expected a mapping (key: value lines), found a list"})
	if p != nil {
		t.Errorf("a project from a list")
	}
}

// A long card list held whole is read a batch at a time on every core: the
// same cards, numbers, positions and problems, in the same order, as one
// card at a time.
func TestLongListReadOnEveryCore(t *testing.T) {
	var b strings.Builder
	b.WriteString("deck: d\nfront: f\ncards:\n")
	for i := range 700 {
		switch i % 7 {
		case 3:
			fmt.Fprintf(&b, "  - {name: c%d, count: x%d}\n", i, i) // a bad count
		case 5:
			fmt.Fprintf(&b, "  - [not, a, card, %d]\n", i)
		default:
			fmt.Fprintf(&b, "  - {name: c%d, count: %d, front: {template: t%d}}\n", i, i%3, i)
		}
	}
	b.WriteString("data: c.csv\n")
	src := b.String()
	withPieces(t, 1<<30, 1<<30, 256) // read whole, a card at a time
	one, oneDiags := loadDeck(t, src)
	withPieces(t, 512, 1<<30, 256)
	all, allDiags := loadDeck(t, src)
	if one.Len() != 701 || all.Len() != one.Len() {
		t.Fatalf("%d and %d cards, want 701", one.Len(), all.Len())
	}
	for i := range one.Len() {
		if a, b := one.Card(i), all.Card(i); a.Number != i+1 || !reflect.DeepEqual(a, b) {
			t.Fatalf("card %d: %+v, one at a time %+v", i+1, b, a)
		}
	}
	if !slices.Equal(oneDiags, allDiags) || len(oneDiags) < 200 {
		t.Errorf("%d problems, one at a time %d:\n%q\n%q", len(allDiags), len(oneDiags), allDiags[:min(5, len(allDiags))], oneDiags[:min(5, len(oneDiags))])
	}
}
