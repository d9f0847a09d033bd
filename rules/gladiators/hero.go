package gladiators

import (
	"fmt"
	"slices"

	"github.com/deckpress/deckpress/cards"
)

// File is a hero file: one hero, or a team of them.
type File struct {
	Path    string
	Team    string // "" for a single hero without a team
	TeamPos cards.Pos
	Ruleset *cards.Node // the ruleset file named in it, or nil
	Size    *cards.Node // hero card size, or nil
	Colour  *cards.Node // the team's colour on cards and sheets, or nil
	Print   cards.Print
	Heroes  []*Hero
}

// Hero is a hero as written.
type Hero struct {
	Name     string
	Pos      cards.Pos // the hero's name
	Look     string
	Chars    [4]int // STR, DEX, SIZ, PER
	CharPos  [4]cards.Pos
	CharsPos cards.Pos
	CharsOK  bool // all four characteristics were read (else they are not checked)
	Powers   []*PowerSpec
	Image    *cards.Node // a picture file, or nil
	// ReadErrors says that reading the hero (or its file) found errors:
	// its sheet is not valid, whatever the sums say.
	ReadErrors bool
}

// CharNames are the four characteristics, in order.
var CharNames = [4]string{"STR", "DEX", "SIZ", "PER"}

// PowerSpec is a power as a hero buys it.
type PowerSpec struct {
	Name      string
	NamePos   cards.Pos
	Level     int
	LevelPos  cards.Pos
	Uses      int  // uses per game, when not Unlimited
	Unlimited bool // unlimited uses (the default)
	UsesPos   cards.Pos
	Gizmo     string // "" means the ruleset's default
	GizmoPos  cards.Pos
	Modifiers []string
	ModPos    []cards.Pos
	Look      string
	// Incomplete says the loader reported its name or level missing or
	// unreadable; Compute leaves the power out rather than report it again.
	Incomplete bool
}

// names are the shapes of the names a hero file takes from a ruleset:
// free text (checked against the ruleset the file names), or the closed
// lists of a known ruleset.
type names struct {
	power, gizmo, modifier *cards.Shape
	level, uses            *cards.Shape
	char                   func(desc string) *cards.Shape
}

var freeNames = names{
	power:    cards.Text("the power's name, from the ruleset's list"),
	gizmo:    cards.Text("a gizmo kind of the ruleset (its first is the default)"),
	modifier: cards.Text("a modifier of the ruleset"),
	level:    cards.Whole("how strong, from 1"),
	uses:     cards.Whole("uses"),
	char:     cards.Whole,
}

// rulesetNames are the names and limits of a ruleset, for the schema.
func rulesetNames(rs *Ruleset) names {
	var powers, gizmos, mods []string
	for _, p := range rs.Powers {
		powers = append(powers, p.Name)
	}
	for _, g := range rs.Gizmos {
		gizmos = append(gizmos, g.Name)
	}
	for _, m := range rs.Modifiers {
		mods = append(mods, m.Name)
	}
	return names{
		power:    cards.OneOf("the power's name, from the built-in list", powers...),
		gizmo:    cards.OneOf("the gizmo (default "+gizmos[0]+")", gizmos...),
		modifier: cards.OneOf("a cost modifier", mods...),
		level:    cards.WholeIn(fmt.Sprintf("how strong (%d–%d)", rs.LevelMin, rs.LevelMax), float64(rs.LevelMin), float64(rs.LevelMax)),
		uses:     cards.WholeIn(fmt.Sprintf("uses per game (%d–%d)", rs.UsesMin, rs.UsesMax), float64(rs.UsesMin), float64(rs.UsesMax)),
		char:     func(desc string) *cards.Shape { return cards.WholeIn(desc+" (at least 1)", 1, 1000) },
	}
}

// powerShape is a power a hero buys.
func powerShape(n names) *cards.Shape {
	return &cards.Shape{Type: "object", Title: "power", Desc: "a power", Required: []string{"power", "level"}, Props: []cards.Prop{
		cards.P("power", n.power),
		cards.P("level", n.level),
		cards.P("uses", cards.Either("uses per game: a whole number, or unlimited (the default)", n.uses, cards.OneOf("", "unlimited"))),
		cards.P("gizmo", n.gizmo),
		cards.P("modifiers", cards.Either("cost modifiers", n.modifier, cards.List("modifiers", n.modifier))),
		cards.P("look", cards.Text("what the power looks like")),
	}}
}

// heroProps are the keys of a hero.
func heroProps(n names) []cards.Prop {
	return []cards.Prop{
		cards.P("hero", cards.Text("the hero's name")),
		cards.P("look", cards.Text("what the hero looks like")),
		cards.P("characteristics", &cards.Shape{Type: "object", Title: "characteristics", Desc: "STR, DEX, SIZ and PER: 15 points, each at least 1",
			Required: CharNames[:], Props: []cards.Prop{
				cards.P("STR", n.char("strength")), cards.P("DEX", n.char("dexterity")),
				cards.P("SIZ", n.char("size")), cards.P("PER", n.char("perception"))}}),
		cards.P("powers", cards.List("the hero's powers, each bought once", powerShape(n))),
		cards.P("image", cards.Text("a picture of the hero, for the character sheet")),
	}
}

// fileShape is a hero file with names n; withRuleset says whether it has
// the ruleset: key (required, when given).
func fileShape(n names, withRuleset bool) *cards.Shape {
	s := &cards.Shape{Type: "object", Title: "hero file", Desc: "Superhero Gladiators heroes: one (hero:) or a team (heroes:)",
		Props: append([]cards.Prop{
			cards.P("team", cards.Text("the team's name, on the card backs")),
			cards.P("heroes", cards.List("the team's heroes", &cards.Shape{Type: "object", Title: "hero", Desc: "a hero", Required: []string{"hero", "characteristics"}, Props: heroProps(n)})),
			cards.P("ruleset", cards.Text("a ruleset file replacing the built-in (house) tables")),
			cards.P("size", cards.Any("hero card size (default an index card, landscape)")),
			cards.P("print", cards.PrintShape),
			cards.P("colour", cards.Text("the team's colour")),
			cards.P("color", cards.Text("the same as colour")),
		}, heroProps(n)...)}
	if !withRuleset {
		s.Props = slices.DeleteFunc(s.Props, func(p cards.Prop) bool { return p.Name == "ruleset" })
	} else {
		s.Desc += ", with a ruleset of its own"
		s.Required = []string{"ruleset"}
	}
	return s
}

// FileShape is a hero file, as the loader checks its keys.
var FileShape = fileShape(freeNames, true)

// SchemaShape is the JSON Schema shape of hero files: one without a
// ruleset: of its own takes the built-in ruleset's (rs) power, gizmo and
// modifier names and limits, so that an editor flags a typo; one with a
// ruleset: takes any names, which deckpress checks against that ruleset.
func SchemaShape(rs *Ruleset) *cards.Shape {
	return cards.Either("Superhero Gladiators heroes: one (hero:) or a team (heroes:)", fileShape(rulesetNames(rs), false), fileShape(freeNames, true))
}

var (
	heroShape = FileShape.Prop("heroes").Items
	powerKeys = heroShape.Prop("powers").Items.Keys()
)

var (
	fileKeys = FileShape.Keys()
	heroKeys = heroShape.Keys()
)

// IsHeroFile reports whether a parsed file is a hero file: it starts with
// team:, heroes: or hero:.
func IsHeroFile(root *cards.Node) bool {
	switch cards.FirstKey(root) {
	case "team", "heroes", "hero":
		return true
	}
	return false
}

// MaxTeam is the most heroes a team may have.
const MaxTeam = 100

// ReadFile reads a hero file from a parsed document.
func ReadFile(path string, root *cards.Node) (*File, cards.Diagnostics) {
	var diags cards.Diagnostics
	f := &File{Path: path}
	m := diags.Map(root, "hero file", fileKeys...)
	if m == nil {
		return nil, diags
	}
	if n := m.Get("team"); n != nil {
		f.Team, _ = diags.Text(n, "team")
		f.TeamPos = n.Pos
	}
	f.Ruleset, f.Size = m.Get("ruleset"), m.Get("size")
	f.Colour = m.Get("colour")
	if f.Colour == nil {
		f.Colour = m.Get("color")
	}
	if n := m.Get("print"); n != nil {
		var ds cards.Diagnostics
		f.Print, ds = cards.ReadPrint(n)
		diags = diags.Extend(ds)
	}
	var heroDiags cards.Diagnostics // the heroes' own, after the file's
	single := m.Has("hero")
	switch {
	case single && m.Has("heroes"):
		diags.Errorf(root.Pos, "a hero file has either hero: (one hero) or heroes: (a team), not both")
	case single:
		if m.Has("team") {
			diags.Errorf(root.Pos, "a team lists its members under heroes:")
		}
		h, hd := readHero(m)
		f.Heroes = append(f.Heroes, h)
		heroDiags = hd
	default:
		for _, k := range []string{"look", "characteristics", "powers", "image"} {
			if n := m.Get(k); n != nil {
				diags.Errorf(n.Pos, "%s belongs to a hero; put it under the hero in heroes:", k)
			}
		}
		items := diags.List(m.Get("heroes"), "heroes")
		if len(items) == 0 {
			diags.Errorf(root.Pos, "a team needs heroes: a list of heroes")
		}
		if len(items) > MaxTeam {
			// each hero is checked, computed and drawn: refuse before
			diags.Errorf(items[MaxTeam].Pos, "a team has at most %d heroes; this one has %d", MaxTeam, len(items))
			items = nil
		}
		for _, item := range items {
			var hd cards.Diagnostics
			if hm := hd.Map(item, "hero", heroKeys...); hm != nil {
				h, more := readHero(hm)
				hd = append(hd, more...)
				h.ReadErrors = hd.HasErrors()
				f.Heroes = append(f.Heroes, h)
			}
			heroDiags = append(heroDiags, hd...)
		}
	}
	// an error of the file outside its heroes (in a one-hero file, an
	// unknown key beside the hero's own) makes every hero not valid
	if diags.HasErrors() {
		for _, h := range f.Heroes {
			h.ReadErrors = true
		}
	}
	return f, append(diags, heroDiags...)
}

// readHero reads one hero and returns the errors found in it.
func readHero(m *cards.Mapping) (*Hero, cards.Diagnostics) {
	var ds cards.Diagnostics
	diags := &ds
	h := &Hero{}
	diags.Require(m, "a hero", "hero", "characteristics")
	if n := m.Get("hero"); n != nil {
		h.Name, _ = diags.Text(n, "hero")
		h.Pos = n.Pos
	} else if m.Node != nil {
		h.Pos = m.Node.Pos
	}
	if n := m.Get("look"); n != nil {
		h.Look, _ = diags.Text(n, "look")
	}
	if n := m.Get("characteristics"); n != nil {
		h.CharsPos = n.Pos
		cm := diags.Map(n, "characteristics", CharNames[:]...)
		h.CharsOK = diags.Require(cm, "characteristics", CharNames[:]...)
		for i, c := range CharNames {
			if v := cm.Get(c); v != nil {
				var ok bool
				h.Chars[i], ok = diags.Int(v, c, -1000, 1000)
				h.CharsOK = h.CharsOK && ok
				h.CharPos[i] = v.Pos
			}
		}
	}
	for _, item := range diags.List(m.Get("powers"), "powers") {
		pm := diags.Map(item, "power", powerKeys...)
		if pm == nil {
			continue
		}
		complete := diags.Require(pm, "a power", "power", "level")
		p := &PowerSpec{Unlimited: true, NamePos: item.Pos}
		if n := pm.Get("power"); n != nil {
			var ok bool
			p.Name, ok = diags.Text(n, "power")
			p.NamePos = n.Pos
			complete = complete && ok
		}
		p.LevelPos = p.NamePos
		if n := pm.Get("level"); n != nil {
			var ok bool
			p.Level, ok = diags.Int(n, "level", -1000, 1000)
			p.LevelPos = n.Pos
			complete = complete && ok
		}
		p.Incomplete = !complete
		p.UsesPos = p.NamePos
		if n := pm.Get("uses"); n != nil {
			p.UsesPos = n.Pos
			if n.Kind == cards.ScalarNode && n.Tag != "!!int" {
				diags.Enum(n, "uses (a whole number, or unlimited)", "unlimited")
			} else if v, ok := diags.Int(n, "uses", -1000, 1000); ok {
				p.Uses, p.Unlimited = v, false
			}
		}
		if n := pm.Get("gizmo"); n != nil {
			p.Gizmo, _ = diags.Text(n, "gizmo")
			p.GizmoPos = n.Pos
		}
		mods := pm.Get("modifiers")
		if mods != nil && mods.Kind == cards.ScalarNode {
			mods = &cards.Node{Kind: cards.SeqNode, Pos: mods.Pos, Content: []*cards.Node{mods}}
		}
		for _, mn := range diags.List(mods, "modifiers") {
			if s, ok := diags.Text(mn, "modifier"); ok {
				p.Modifiers = append(p.Modifiers, s)
				p.ModPos = append(p.ModPos, mn.Pos)
			}
		}
		if n := pm.Get("look"); n != nil {
			p.Look, _ = diags.Text(n, "look")
		}
		h.Powers = append(h.Powers, p)
	}
	if n := m.Get("image"); n != nil {
		if _, ok := diags.Text(n, "image"); ok {
			h.Image = n
		}
	}
	h.ReadErrors = ds.HasErrors()
	return h, ds
}
