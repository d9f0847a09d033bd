package gladiators

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/deckpress/deckpress/cards"
)

// deckOf reads a hero file, computes it under rs and returns the file,
// its sheets and any diagnostic.
func deckOf(t *testing.T, rs *Ruleset, src string) (*File, []*Sheet, []string) {
	t.Helper()
	root, diags := cards.Parse("h.yaml", []byte(src))
	if root == nil {
		t.Fatalf("parse: %v", diags)
	}
	f, ds := ReadFile("h.yaml", root)
	diags = append(diags, ds...)
	var sheets []*Sheet
	for _, h := range f.Heroes {
		s, ds := Compute(h, rs)
		sheets = append(sheets, s)
		diags = diags.Extend(ds)
	}
	return f, sheets, lines(diags)
}

// text writes a field node as text: a scalar's value, a mapping as
// "key=value" pairs, a list as its items on lines of their own.
func text(n *cards.Node) string {
	switch {
	case n == nil:
		return "<nil>"
	case n.Kind == cards.MapNode:
		var kv []string
		for k, v := range n.Pairs() {
			kv = append(kv, k.Value+"="+text(v))
		}
		return strings.Join(kv, " | ")
	case n.Kind == cards.SeqNode:
		var items []string
		for _, c := range n.Content {
			items = append(items, text(c))
		}
		return strings.Join(items, "\n")
	}
	return n.Value
}

const deckTeam = `team: The Testers
colour: "#336699"
heroes:
  - hero: Sparky
    look: a walking *storm*
    image: sparky.png
    characteristics: {STR: 4, DEX: 5, SIZ: 3, PER: 4}
    powers:
      - power: Distance Attack
        level: 3
        gizmo: hidden
        modifiers: [piercing, missile]
        look: bolts *of* light
      - {power: Defenses, level: 1, uses: 10, gizmo: indestructible}
      - {power: Flight, level: 1, uses: 11}
  - hero: Brick
    characteristics: {STR: 4, DEX: 1, SIZ: 9, PER: 1}
    powers:
      - {power: Close Attack, level: 1, uses: 20}
      - {power: Teleport, level: 1, uses: 21}
`

// TestCardsDeck: one card per hero, numbered from 1, with the sheet's
// figures as fields; the deck is named after the team, its backs show the
// team, and cards are index cards (127 × 76.2 mm) unless the file sets a
// size.
func TestCardsDeck(t *testing.T) {
	rs, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	f, sheets, diags := deckOf(t, rs, deckTeam)
	// Sparky spends: Distance Attack 67.03 × 1.25 × 1.5 × 0.8 = 100.55 → 101;
	// Defenses 10 uses 17.86 × 1.5 = 26.78 → 27; Flight 11 uses 18.96 → 19;
	// 16 characteristic points, 1 bought: 30. Total 177.
	sameLines(t, diags, nil)
	d := CardsDeck(f, sheets, rs)
	if d.Name != "The Testers" || d.Pos.Line != 1 || d.Pos.Col != 7 || d.Back.Template != BackTemplate || d.Front.Template != CardTemplate {
		t.Errorf("deck %q at %v, front %q, back %q", d.Name, d.Pos, d.Front.Template, d.Back.Template)
	}
	if got := text(d.Size); got != "width=127mm | height=76.2mm" {
		t.Errorf("size %s", got)
	}
	if d.Len() != 2 || d.Card(0).Number != 1 || d.Card(1).Number != 2 || d.Card(0).Count != 1 || d.Card(1).Count != 1 {
		t.Fatalf("cards: %+v", d)
	}
	want := map[string]string{
		"name": "Sparky", "team": "The Testers", "look": "a walking *storm*",
		"STR": "4", "DEX": "5", "SIZ": "3", "PER": "4",
		"cm":      fmt.Sprint(2*5 + 4),
		"oomph":   fmt.Sprint(4 * 3 * 3),
		"move":    "15 ft",
		"feet":    "5 ft", // 15 ÷ 3 actions
		"actions": "3", "segments": "2, 4, 6",
		"oomph_cols": "30", "sheet_oomph_cols": "25", // 36 boxes, in at most 30 and 25 columns
		"points":       "177 / 200",
		"power_points": "147", "char_points": "30", "bought": "1", "budget": "200",
		"ruleset":    rs.Name,
		"quickref":   QuickReference,
		"house_note": "House tables: the segments, gizmos, powers and modifiers on this sheet come from the ruleset \"Superhero Gladiators (deckpress house tables)\", because the source's own charts are lost. A ruleset file of your own can replace them.",
		"accent":     "#336699",
		"image":      "sparky.png",
		"powers": "power=Distance Attack | marks= | level=3 | uses=∞ | uses_n= | sheet_uses_n= | mods=gizmo hidden, piercing, missile | cost=101 | base=67.03 | mult=1.5 | detail=Strike a foe in sight up to level × 4 hexes away; a hit does oomph damage equal to the level, plus any extra oomph. — *bolts \\*of\\* light* | effect=Strike a foe in sight up to level × 4 hexes away; a hit does oomph damage equal to the level, plus any extra oomph.\n" +
			"power=Defenses | marks=†‡ | level=1 | uses=10 | uses_n=10 | sheet_uses_n=10 | mods=gizmo indestructible | cost=27 | base=17.86 | mult=1.5 | detail=Every hit on you does as much less oomph damage as the level (never below zero). | effect=Every hit on you does as much less oomph damage as the level (never below zero).\n" +
			"power=Flight | marks= | level=1 | uses=11 | uses_n= | sheet_uses_n=11 | mods=gizmo visible | cost=19 | base=18.96 | mult=1 | detail=Move through the air, over walls, water and buildings; add level × 5 feet to each segment's movement. | effect=Move through the air, over walls, water and buildings; add level × 5 feet to each segment's movement.",
	}
	checkFields(t, d.Card(0), want)
	if n := d.Card(0).Fields["cm"]; n.Tag != "!!int" {
		t.Errorf("cm is tagged %q; numbers are !!int", n.Tag)
	}

	// Brick: move 9 (2 actions), oomph 4 × 9 × 3 = 108 boxes; 20 uses is
	// the most a sheet ticks, 21 too many
	brick := d.Card(1).Fields
	for k, v := range map[string]string{"move": "9 ft", "feet": "4 ft", "segments": "3, 6", "oomph": "108", "oomph_cols": "30", "sheet_oomph_cols": "25", "cm": "6"} {
		if got := text(brick[k]); got != v {
			t.Errorf("Brick %s = %q, want %q", k, got, v)
		}
	}
	if got, want := text(brick["powers"]), "power=Close Attack | marks= | level=1 | uses=20 | uses_n= | sheet_uses_n=20 | mods=gizmo visible | cost=25 | base=25.32 | mult=1 | detail=Strike a foe in a hex next to yours. A hit does oomph damage equal to the level, plus any extra oomph from the roll. | effect=Strike a foe in a hex next to yours. A hit does oomph damage equal to the level, plus any extra oomph from the roll.\n"+
		"power=Teleport | marks= | level=1 | uses=21 | uses_n= | sheet_uses_n= | mods=gizmo visible | cost=26 | base=25.74 | mult=1 | detail=Vanish and reappear in any hex up to level × 3 hexes away that you can see; this is your action for the segment. | effect=Vanish and reappear in any hex up to level × 3 hexes away that you can see; this is your action for the segment."; got != want {
		t.Errorf("Brick's powers:\n%s\nwant\n%s", got, want)
	}
	if _, ok := brick["image"]; ok {
		t.Error("a hero without image: has no image field")
	}
}

func checkFields(t *testing.T, c *cards.Card, want map[string]string) {
	t.Helper()
	var keys []string
	for k := range c.Fields {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var wantKeys []string
	for k := range want {
		wantKeys = append(wantKeys, k)
	}
	slices.Sort(wantKeys)
	if !slices.Equal(keys, wantKeys) {
		t.Errorf("fields %v\nwant   %v", keys, wantKeys)
	}
	for k, v := range want {
		if got := text(c.Fields[k]); got != v {
			t.Errorf("%s = %q\nwant %q", k, got, v)
		}
	}
}

// TestLoneHeroDeck: a hero without a team names the deck; the backs say
// "Superhero Gladiators"; the file's size is used; oomph of 1 still draws
// one column of boxes; a file with no hero makes an empty deck.
func TestLoneHeroDeck(t *testing.T) {
	rs, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	f, sheets, diags := deckOf(t, rs, "size: poker\nhero: Tiny\ncharacteristics: {STR: 1, DEX: 12, SIZ: 1, PER: 1}\n")
	sameLines(t, diags, nil)
	d := CardsDeck(f, sheets, rs)
	if d.Name != "Tiny" || d.Pos.Line != 2 || d.Pos.Col != 7 || text(d.Size) != "poker" {
		t.Errorf("deck %q at %v, size %s", d.Name, d.Pos, text(d.Size))
	}
	fields := d.Card(0).Fields
	for k, v := range map[string]string{"team": "Superhero Gladiators", "oomph": "3", "oomph_cols": "3", "sheet_oomph_cols": "3", "points": "0 / 200", "powers": ""} {
		if got := text(fields[k]); got != v {
			t.Errorf("%s = %q, want %q", k, got, v)
		}
	}
	if _, ok := fields["accent"]; ok {
		t.Error("no colour: no accent field")
	}

	// a hero whose characteristics could not be read: no oomph, yet one column
	f, sheets, _ = deckOf(t, rs, "hero: Ghost\ncharacteristics: {STR: x, DEX: 1, SIZ: 1, PER: 1}\n")
	if got := text(CardsDeck(f, sheets, rs).Card(0).Fields["oomph_cols"]); got != "1" {
		t.Errorf("oomph 0 draws %s columns, want 1", got)
	}

	empty := CardsDeck(&File{Path: "e.yaml"}, nil, rs)
	if empty.Name != "" || empty.Len() != 0 || empty.Pos.Line != 0 {
		t.Errorf("empty file: deck %q at %v with %d cards", empty.Name, empty.Pos, empty.Len())
	}
}

// TestSheetsDeck: one sheet per hero, the deck named after the team, with
// the sheet template and the file's print settings; its size is left to
// the page.
func TestSheetsDeck(t *testing.T) {
	rs, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	f, sheets, _ := deckOf(t, rs, deckTeam)
	d := SheetsDeck(f, sheets, rs)
	if d.Name != "The Testers — character sheets" || d.Front.Template != SheetTemplate || d.Size != nil || d.Len() != 2 {
		t.Errorf("deck %q, front %q, size %v, %d cards", d.Name, d.Front.Template, d.Size, d.Len())
	}
}

// TestHouseNote: the sheet names the house tables still in use, and says
// nothing once a ruleset has replaced them all.
func TestHouseNote(t *testing.T) {
	rs, diags := readRS(t, `ruleset: Mine
segments:
  rows: [{from: 1, segments: [6]}]
gizmos:
  house: true
  kinds: {visible: 1}
modifiers:
  kinds: {piercing: {factor: 1.5, applies: attacks}}
`)
	if diags != "" {
		t.Fatal(diags)
	}
	f, sheets, _ := deckOf(t, rs, "hero: H\ncharacteristics: {STR: 3, DEX: 4, SIZ: 4, PER: 4}\n")
	want := "House tables: the powers and gizmos on this sheet come from the ruleset \"Mine\", because the source's own charts are lost. A ruleset file of your own can replace them."
	if got := text(CardsDeck(f, sheets, rs).Card(0).Fields["house_note"]); got != want {
		t.Errorf("house note %q\nwant %q", got, want)
	}
	rs, diags = readRS(t, `ruleset: All mine
segments:
  rows: [{from: 1, segments: [6]}]
gizmos:
  kinds: {visible: 1}
modifiers:
  kinds: {piercing: {factor: 1.5, applies: attacks}}
powers:
  list: [{name: Punch, attack: true, effect: A punch.}]
`)
	if diags != "" {
		t.Fatal(diags)
	}
	if got := text(CardsDeck(f, sheets, rs).Card(0).Fields["house_note"]); got != "" {
		t.Errorf("house note %q, want none", got)
	}
}
