package gladiators

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/deckpress/deckpress/cards"
)

// Built-in template names the hero decks use (data/templates/gladiators.yaml).
const (
	CardTemplate  = "gladiator-card"
	BackTemplate  = "gladiator-back"
	SheetTemplate = "gladiator-sheet"
)

// QuickReference is the combat summary printed on character sheets, in
// this project's own words.
const QuickReference = `**To hit:** roll a d20; you hit on 15 + (your CM − the target's CM) or less.
**Extra oomph:** a hit also takes (your to-hit number − 10 − your roll) oomph when that is above zero.
**Gizmos:** hit one on 4 + (your CM − its owner's CM) or less, and it is destroyed. Notice a hidden gizmo first with PER × 3 or less. Indestructible gizmos cannot be hit.
**Order:** in each segment the highest DEX acts first; ties go to PER, then SIZ, then a die roll.
**Placement:** the lowest PER is placed in the arena first; ties go to STR, then SIZ, then a die roll.
**Fainting:** at zero oomph or less a hero faints and leaves the fight.`

// CardsDeck returns the deck of hero cards of a file: one card per hero,
// backs showing the team. Cards are index cards, landscape, unless the file
// sets a size.
func CardsDeck(f *File, sheets []*Sheet, rs *Ruleset) *cards.Deck {
	d := heroDeck(f, sheets, rs, CardTemplate)
	d.Back = cards.Side{Template: BackTemplate}
	d.Size = f.Size
	if d.Size == nil {
		at := cards.Pos{File: f.Path, Line: 1, Col: 1}
		d.Size = mapping(at, "width", "127mm", "height", "76.2mm")
	}
	return d
}

// SheetsDeck returns one full-page character sheet per hero; it is meant
// to be built with each card filling a page.
func SheetsDeck(f *File, sheets []*Sheet, rs *Ruleset) *cards.Deck {
	d := heroDeck(f, sheets, rs, SheetTemplate)
	d.Name += " — character sheets"
	return d
}

func heroDeck(f *File, sheets []*Sheet, rs *Ruleset, front string) *cards.Deck {
	team := f.Team
	name := team
	if name == "" && len(f.Heroes) > 0 {
		name = f.Heroes[0].Name
	}
	if team == "" {
		team = "Superhero Gladiators"
	}
	d := &cards.Deck{Path: f.Path, Name: name, Pos: f.TeamPos, Print: f.Print, Front: cards.Side{Template: front}}
	if len(f.Heroes) > 0 && d.Pos.Line == 0 {
		d.Pos = f.Heroes[0].Pos
	}
	for i, s := range sheets {
		h := s.Hero
		at := h.Pos
		fields := map[string]*cards.Node{
			"name":             cards.Scalar(h.Name, at),
			"team":             cards.Scalar(team, at),
			"look":             cards.Scalar(h.Look, at),
			"cm":               num(s.CombatModifier, at),
			"oomph":            num(s.Oomph, at),
			"move":             cards.Scalar(fmt.Sprintf("%d ft", s.MovementRate), at),
			"feet":             cards.Scalar(fmt.Sprintf("%d ft", s.FeetPerSegment), at),
			"actions":          num(s.Actions, at),
			"segments":         cards.Scalar(joinInts(s.Segments), at),
			"oomph_cols":       num(min(max(s.Oomph, 1), 30), at),
			"sheet_oomph_cols": num(min(max(s.Oomph, 1), 25), at),
			"points":           cards.Scalar(fmt.Sprintf("%d / %d", s.Total, s.Budget), at),
			"power_points":     num(s.PowerPoints, at),
			"char_points":      num(s.CharPoints, at),
			"bought":           num(s.Bought, at),
			"budget":           num(s.Budget, at),
			"ruleset":          cards.Scalar(rs.Name, at),
			"quickref":         cards.Scalar(QuickReference, at),
			"house_note":       cards.Scalar(houseNote(rs), at),
		}
		if f.Colour != nil {
			fields["accent"] = f.Colour
		}
		for j, c := range CharNames {
			fields[c] = num(h.Chars[j], h.CharPos[j])
		}
		if h.Image != nil {
			fields["image"] = h.Image
		}
		var powers []*cards.Node
		for _, pc := range s.Powers {
			p := pc.Spec
			// uses_n draws tick boxes: on cards up to 10, on sheets up to 20
			uses, usesN, sheetUsesN := "∞", "", ""
			if !p.Unlimited {
				uses = strconv.Itoa(p.Uses)
				if p.Uses <= 10 {
					usesN = uses
				}
				if p.Uses <= 20 {
					sheetUsesN = uses
				}
			}
			marks, effect := "", ""
			if pc.Power != nil {
				marks, effect = pc.Power.Marks(), pc.Power.Effect
			}
			mods := "gizmo " + pc.Gizmo
			if len(p.Modifiers) > 0 {
				mods += ", " + strings.Join(p.Modifiers, ", ")
			}
			detail := effect
			if p.Look != "" {
				detail += " — *" + strings.ReplaceAll(p.Look, "*", "\\*") + "*"
			}
			powers = append(powers, mapping(p.NamePos,
				"power", p.Name, "marks", marks, "level", strconv.Itoa(p.Level), "uses", uses, "uses_n", usesN, "sheet_uses_n", sheetUsesN,
				"mods", mods, "cost", strconv.Itoa(pc.Cost), "base", strconv.FormatFloat(pc.Base, 'f', 2, 64),
				"mult", strconv.FormatFloat(pc.Multiplier, 'f', -1, 64), "detail", detail, "effect", effect))
		}
		fields["powers"] = &cards.Node{Kind: cards.SeqNode, Pos: at, Content: powers}
		d.Add(&cards.Card{Pos: at, Number: i + 1, Count: 1, Fields: fields})
	}
	return d
}

// houseNote says which tables are house tables, for the sheet.
func houseNote(rs *Ruleset) string {
	if len(rs.House) == 0 {
		return ""
	}
	return fmt.Sprintf("House tables: the %s on this sheet come from the ruleset %q, because the source's own charts are lost. A ruleset file of your own can replace them.",
		andList(rs.House), rs.Name)
}

// andList joins names as a sentence lists them: "a", "a and b", "a, b
// and c".
func andList(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

func num(v int, at cards.Pos) *cards.Node {
	n := cards.Scalar(strconv.Itoa(v), at)
	n.Tag = "!!int"
	return n
}

func joinInts(v []int) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, ", ")
}

// mapping builds a mapping node of string keys and values at pos.
func mapping(at cards.Pos, kv ...string) *cards.Node {
	n := &cards.Node{Kind: cards.MapNode, Pos: at}
	for i := 0; i+1 < len(kv); i += 2 {
		n.Content = append(n.Content, cards.Scalar(kv[i], at), cards.Scalar(kv[i+1], at))
	}
	return n
}
