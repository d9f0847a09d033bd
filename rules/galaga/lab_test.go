package galaga

import (
	"reflect"
	"testing"

	"github.com/deckpress/deckpress/rules/sim"
)

// The slow lab test lives in this file, which sorts after the others:
// go test runs files in name order, so under -failfast (as gremlins runs
// it) a mutant that a quick test kills stops before the 10,000 games.

// TestEveryCardTakesEffect: in 10,000 greedy games at a table of four,
// every card of the kit is played, and takes effect, at least once; the
// numbers do not depend on the cores.
func TestEveryCardTakesEffect(t *testing.T) {
	if testing.Short() {
		t.Skip("10,000 games")
	}
	l := Lab{Games: 10000, Seed: 1, Deck: kitDeck(t), Options: Options{Policies: []Policy{Greedy{}, Greedy{}, Greedy{}, Greedy{}}}}
	rep, err := l.Run()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range rep.Cards {
		if c.Played == 0 || c.NeverEffective {
			t.Errorf("%s: played %d times, took effect %d times", c.Card, c.Played, c.Effective)
		}
	}
	wins := rep.Ties
	for _, s := range rep.Seats {
		wins += s.Wins
	}
	if wins != l.Games || len(rep.Cards) != 21 {
		t.Errorf("%d games counted, %d cards", wins, len(rep.Cards))
	}
	l.Games, l.Config = 300, sim.Config{Workers: 1}
	one, _ := l.Run()
	l.Config.Workers = 3
	if three, _ := l.Run(); !reflect.DeepEqual(one, three) {
		t.Error("one worker and three gave different numbers")
	}
}
