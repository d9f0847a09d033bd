package compose

import (
	"strings"
	"testing"

	"github.com/deckpress/deckpress/cards"
)

func check(t *testing.T, src string) string {
	t.Helper()
	d, diags := cards.LoadDeck("d.yaml", []byte(src), nil)
	if diags.HasErrors() {
		t.Fatalf("load: %v", diags)
	}
	diags = diags.Extend(Check(d))
	var out []string
	for _, x := range diags.Sort() {
		out = append(out, x.String())
	}
	return strings.Join(out, "\n")
}

func TestComposition(t *testing.T) {
	cases := []struct{ name, src, want string }{
		{"right", `deck: g
composition: {offensive: 3, life: 2}
cards:
  - {kind: offensive, count: 2}
  - {kind: offensive}
  - {kind: life, count: 2}
`, ""},
		{"wrong counts", `deck: g
composition: {offensive: 20, defensive: 20, one-up: 5, life: 17}
cards:
  - {kind: offensive, count: 19}
  - {kind: defensive, count: 21}
  - {kind: one-up, count: 5}
`, `d.yaml:2:15: error: composition: offensive: expected 20 cards, found 19
d.yaml:2:30: error: composition: defensive: expected 20 cards, found 21
d.yaml:2:56: error: composition: life: expected 17 cards, found 0`},
		{"undeclared kind", `deck: g
composition: {life: 1}
cards:
  - {kind: life}
  - {name: stray, kind: lfie}
  - {name: kindless}
`, `d.yaml:5:5: error: composition: kind "lfie" (1 card, first card 2 "stray") is not in the composition (life)
d.yaml:6:5: error: composition: card 3 "kindless" has no kind, but the deck declares its composition; give it kind: one of life`},
		{"require", `deck: a
require: {hero: [name, crisis]}
cards:
  - {kind: hero, name: Zoobot, crisis: "Who?"}
  - {kind: hero, name: Ape}
  - kind: hero
    name: Matt
    back: {crisis: "Bats?"}
`, `d.yaml:5:5: error: card 2 "Ape" (hero) has no crisis; every hero card needs one`},
		{"sets", `deck: a
sets: {by: player, kinds: [star, x, robber]}
cards:
  - {kind: star, player: 1}
  - {kind: x, player: 1}
  - {kind: robber, player: 1}
  - {kind: star, player: 2}
  - {kind: star, player: 2}
  - {kind: x, player: 2}
  - {kind: x}
`, `d.yaml:2:7: error: sets: player 2 has 2 star cards, expected 1
d.yaml:2:7: error: sets: player 2 has 0 robber cards, expected 1
d.yaml:10:5: error: card 7 (x) has no player, so it belongs to no set`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := check(t, c.src); got != c.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, c.want)
			}
		})
	}
}
