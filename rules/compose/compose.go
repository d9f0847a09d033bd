// Package compose checks what a deck declares about its own make-up:
//
//	composition: {offensive: 20, defensive: 20, one-up: 5, life: 17}
//	require: {hero: [name, pitch, crisis]}
//	sets: {by: player, kinds: [star, x, robber]}
//
// composition counts the cards (copies included) of each kind; require
// names fields every card of a kind must fill; sets asks for exactly one
// card of each listed kind for every value of a field (each player has a
// Star, an X and a Robber). Every wrong count is an error naming the kind,
// the number expected and the number found.
package compose

import (
	"slices"
	"sort"
	"strings"

	"github.com/deckpress/deckpress/cards"
)

// Check checks a deck's declarations and returns what breaks them.
func Check(d *cards.Deck) cards.Diagnostics {
	var diags cards.Diagnostics
	diags = diags.Extend(checkComposition(d))
	diags = diags.Extend(checkRequire(d))
	diags = diags.Extend(checkSets(d))
	return diags
}

func checkComposition(d *cards.Deck) cards.Diagnostics {
	var diags cards.Diagnostics
	if len(d.Composition) == 0 {
		return diags
	}
	counts := map[string]int{}
	firstOf := map[string]*cards.Card{}
	for _, c := range d.All() {
		counts[c.Kind] += c.Count
		if firstOf[c.Kind] == nil {
			firstOf[c.Kind] = c
		}
	}
	declared := map[string]bool{}
	for _, kc := range d.Composition {
		declared[kc.Kind] = true
		if got := counts[kc.Kind]; got != kc.Count {
			diags.Errorf(kc.Pos, "composition: %s: expected %d %s, found %d", kc.Kind, kc.Count, cardsWord(kc.Count), got)
		}
	}
	var extra []string
	for k := range counts {
		if !declared[k] {
			extra = append(extra, k)
		}
	}
	sort.Strings(extra)
	for _, k := range extra {
		c := firstOf[k]
		if k == "" {
			diags.Errorf(c.Pos, "composition: %s has no kind, but the deck declares its composition; give it kind: one of %s", c.Label(), kindList(d))
			continue
		}
		diags.Errorf(c.Pos, "composition: kind %q (%d %s, first %s) is not in the composition (%s)", k, counts[k], cardsWord(counts[k]), c.Label(), kindList(d))
	}
	return diags
}

func kindList(d *cards.Deck) string {
	var ks []string
	for _, kc := range d.Composition {
		ks = append(ks, kc.Kind)
	}
	return strings.Join(ks, ", ")
}

func cardsWord(n int) string {
	if n == 1 {
		return "card"
	}
	return "cards"
}

func checkRequire(d *cards.Deck) cards.Diagnostics {
	var diags cards.Diagnostics
	if len(d.Require) == 0 {
		return diags
	}
	// one pass over the cards: a long deck's are unpacked at each pass
	for _, c := range d.All() {
		for _, kf := range d.Require {
			if c.Kind != kf.Kind {
				continue
			}
			for _, f := range kf.Fields {
				if !filled(c, f) {
					diags.Errorf(c.Pos, "%s (%s) has no %s; every %s card needs one", c.Label(), kf.Kind, f, kf.Kind)
				}
			}
		}
	}
	return diags
}

// filled reports whether a card has a non-empty field, on either side.
func filled(c *cards.Card, f string) bool {
	for _, v := range []*cards.Node{c.Fields[f], c.Back.Fields[f], c.Front.Fields[f]} {
		if v != nil && !v.IsNull() && !(v.Kind == cards.ScalarNode && strings.TrimSpace(v.Value) == "") {
			return true
		}
	}
	return false
}

func checkSets(d *cards.Deck) cards.Diagnostics {
	var diags cards.Diagnostics
	r := d.Sets
	if r == nil {
		return diags
	}
	type key struct{ set, kind string }
	count := map[key]int{}
	var sets []string
	for _, c := range d.All() {
		if !slices.Contains(r.Kinds, c.Kind) {
			continue
		}
		v := c.Fields[r.By]
		if v == nil || v.Kind != cards.ScalarNode || v.Value == "" {
			diags.Errorf(c.Pos, "%s (%s) has no %s, so it belongs to no set", c.Label(), c.Kind, r.By)
			continue
		}
		if !slices.Contains(sets, v.Value) {
			sets = append(sets, v.Value)
		}
		count[key{v.Value, c.Kind}] += c.Count
	}
	for _, s := range sets {
		for _, k := range r.Kinds {
			if n := count[key{s, k}]; n != 1 {
				diags.Errorf(r.Pos, "sets: %s %s has %d %s %s, expected 1", r.By, s, n, k, cardsWord(n))
			}
		}
	}
	if len(sets) == 0 {
		diags.Errorf(r.Pos, "sets: no card of kind %s", strings.Join(r.Kinds, ", "))
	}
	return diags
}
