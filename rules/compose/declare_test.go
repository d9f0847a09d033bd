package compose

import "testing"

// The cases of this file pin README's deck declarations ("composition:
// cards per kind, copies included"; "require: fields every card of a kind
// fills"; "sets: one of each kind per player") and shared RULES.md's
// Galaga and Audition counts. Each compares the whole list of
// diagnostics, so that no other message may appear.

// TestCompositionCounts: copies count, count: 0 leaves a card out, and
// each message gives the kind, the number expected and the number found.
func TestCompositionCounts(t *testing.T) {
	cases := []struct{ name, src, want string }{
		{"Galaga's parts with copies", `deck: galaga
composition: {offensive: 20, defensive: 20, one-up: 5, life: 17}
cards:
  - {kind: offensive, count: 12}
  - {kind: offensive, count: 8}
  - {kind: defensive, count: 19}
  - {kind: defensive}
  - {kind: one-up, count: 5}
  - {kind: life, count: 16}
  - {kind: life}
  - {kind: life, count: 0}
`, ""},
		{"one copy too many and too few", `deck: g
composition: {a: 2, b: 1, c: 1}
cards:
  - {kind: a, count: 2}
  - {kind: a}
  - {kind: b, count: 0}
  - {kind: c, count: 2}
`, `d.yaml:2:15: error: composition: a: expected 2 cards, found 3
d.yaml:2:21: error: composition: b: expected 1 card, found 0
d.yaml:2:27: error: composition: c: expected 1 card, found 2`},
		{"a kind declared as none", `deck: g
composition: {a: 1, b: 0}
cards:
  - {kind: a}
  - {kind: b, count: 0}
`, ""},
		{"an undeclared kind with copies", `deck: g
composition: {a: 1}
cards:
  - {kind: a}
  - {name: Extra, kind: z, count: 3}
  - {kind: y}
  - {kind: z}
`, `d.yaml:5:5: error: composition: kind "z" (4 cards, first card 2 "Extra") is not in the composition (a)
d.yaml:6:5: error: composition: kind "y" (1 card, first card 3) is not in the composition (a)`},
		{"no composition, no check", `deck: g
cards:
  - {kind: a, count: 5}
  - {name: kindless}
`, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := check(t, c.src); got != c.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, c.want)
			}
		})
	}
}

// TestRequiredFields: a required field is missing when it is absent, set
// to ~ (or null, or nothing), or empty or blank text; it is filled by any
// other value, on the card or on either side.
func TestRequiredFields(t *testing.T) {
	src := `deck: a
require: {hero: [name, crisis]}
cards:
  - {kind: hero, name: Absent}
  - {kind: hero, name: Tilde, crisis: ~}
  - {kind: hero, name: "Null", crisis: null}
  - kind: hero
    name: Nothing
    crisis:
  - {kind: hero, name: Empty, crisis: ""}
  - {kind: hero, name: Blank, crisis: "   "}
  - {kind: hero, name: Zero, crisis: 0}
  - {kind: hero, name: Listed, crisis: [who, why]}
  - {kind: hero, name: Front, front: {crisis: "Who?"}}
  - {kind: hero, name: Back, back: {crisis: "Who?"}}
  - {kind: hero, crisis: "Who?"}
  - {kind: villain}
`
	want := `d.yaml:4:5: error: card 1 "Absent" (hero) has no crisis; every hero card needs one
d.yaml:5:5: error: card 2 "Tilde" (hero) has no crisis; every hero card needs one
d.yaml:6:5: error: card 3 "Null" (hero) has no crisis; every hero card needs one
d.yaml:7:5: error: card 4 "Nothing" (hero) has no crisis; every hero card needs one
d.yaml:10:5: error: card 5 "Empty" (hero) has no crisis; every hero card needs one
d.yaml:11:5: error: card 6 "Blank" (hero) has no crisis; every hero card needs one
d.yaml:16:5: error: card 11 (hero) has no name; every hero card needs one`
	if got := check(t, src); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

// TestSets: every value of the set field has exactly one card of each
// listed kind, copies included: a Star with count: 2 gives its player two
// Stars, which is wrong; count: 0 leaves the player without one.
func TestSets(t *testing.T) {
	cases := []struct{ name, src, want string }{
		{"two players, complete", `deck: a
sets: {by: player, kinds: [star, x]}
cards:
  - {kind: star, player: 1}
  - {kind: x, player: 1}
  - {kind: x, player: "2"}
  - {kind: star, player: 2}
  - {kind: hero}
`, ""},
		{"count 2", `deck: a
sets: {by: player, kinds: [star, x]}
cards:
  - {kind: star, player: 1, count: 2}
  - {kind: x, player: 1}
`, `d.yaml:2:7: error: sets: player 1 has 2 star cards, expected 1`},
		{"count 0", `deck: a
sets: {by: player, kinds: [star, x]}
cards:
  - {kind: star, player: 1, count: 0}
  - {kind: x, player: 1}
`, `d.yaml:2:7: error: sets: player 1 has 0 star cards, expected 1`},
		{"no set value", `deck: a
sets: {by: player, kinds: [star]}
cards:
  - {kind: star, player: 1}
  - {kind: star, player: ~}
  - {kind: star, player: ""}
  - {kind: star, player: [1, 2]}
  - {kind: star}
`, `d.yaml:5:5: error: card 2 (star) has no player, so it belongs to no set
d.yaml:6:5: error: card 3 (star) has no player, so it belongs to no set
d.yaml:7:5: error: card 4 (star) has no player, so it belongs to no set
d.yaml:8:5: error: card 5 (star) has no player, so it belongs to no set`},
		{"no card of the kinds", `deck: a
sets: {by: player, kinds: [star, x]}
cards:
  - {kind: hero}
`, `d.yaml:2:7: error: sets: no card of kind star, x`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := check(t, c.src); got != c.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, c.want)
			}
		})
	}
}
