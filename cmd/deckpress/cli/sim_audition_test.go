package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSimAuditionScore: the source's two worked rounds, as a table would
// write them: players 1 to 4 score +0, +1, +2, +3 (Zoobot moves, Scotch Ape
// is out); in the Robber round player 1 scores +5.
func TestSimAuditionScore(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("first.yaml", `lineup: [Vampire Matt, Baby Hands McGee, Professor Pharaoh, Zoobot, Scotch Ape]
votes:
  - {player: 1, card: star, hero: Vampire Matt}
  - {player: 1, card: x, hero: Professor Pharaoh}
  - {player: 2, card: star, hero: Professor Pharaoh}
  - {player: 2, card: x, hero: Baby Hands McGee}
  - {player: 3, card: x, hero: Vampire Matt}
  - {player: 3, card: star, hero: Zoobot}
  - {player: 4, card: star, hero: Zoobot}
  - {player: 4, card: x, hero: Scotch Ape}
`)
	write("robber.yaml", `votes:
  - {player: 1, card: robber, hero: Vampire Matt}
  - {player: 1, card: x, hero: Baby Hands McGee}
  - {player: 2, card: star, hero: Vampire Matt}
  - {player: 2, card: x, hero: Baby Hands McGee}
  - {player: 3, card: star, hero: Vampire Matt}
  - {player: 4, card: star, hero: Vampire Matt}
`)
	write("bad.yaml", "votes:\n  - {player: 1, card: sun, hero: Zoobot}\n")
	code, stdout, stderr := runCLI(t, dir, "sim", "audition", "--score", "first.yaml")
	want := "player 1: +0\nplayer 2: +1\nplayer 3: +2\nplayer 4: +3\nmoves next to the crisis deck: Zoobot\neliminated: Scotch Ape\n"
	if code != 0 || stdout != want || stderr != "" {
		t.Errorf("first round: exit %d\n%s%s", code, stdout, stderr)
	}
	code, stdout, stderr = runCLI(t, dir, "sim", "audition", "--score", "robber.yaml", "--json")
	var got struct {
		Players []struct{ Player, Points int }
		Moved   *string
	}
	if err := json.Unmarshal([]byte(stdout), &got); err != nil || code != 0 {
		t.Fatalf("exit %d, %v: %s%s", code, err, stdout, stderr)
	}
	if len(got.Players) != 4 || got.Players[0].Points != 5 || got.Players[1].Points != 2 || got.Moved != nil {
		t.Errorf("robber round: %+v", got)
	}
	// players 3 and 4 lay one card each here: a warning apiece
	if strings.Count(stderr, "warning: player") != 2 {
		t.Errorf("stderr: %s", stderr)
	}
	code, stdout, stderr = runCLI(t, dir, "sim", "audition", "--score", "bad.yaml")
	if code != 1 || stdout != "" || !strings.Contains(stderr, `bad.yaml:2:23: error: card: unknown value "sun"`) {
		t.Errorf("bad file: exit %d, %q, %s", code, stdout, stderr)
	}
}

// TestSimAudition: a small run of the kit's deck, as JSON, adds up; bad
// flags are usage errors.
func TestSimAudition(t *testing.T) {
	code, stdout, stderr := runCLI(t, t.TempDir(), "sim", "audition", "--games", "400", "--players", "5", "--strategies", "loner,random", "--json")
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var got struct {
		Games, Players, Heroes int
		Strategies             []struct {
			Strategy string
			Seated   int
			Wins     float64
		}
		Seats []struct{ Seat int }
		Turns []struct{ Turn int }
	}
	if err := json.Unmarshal([]byte(stdout), &got); err != nil {
		t.Fatal(err)
	}
	wins := got.Strategies[0].Wins + got.Strategies[1].Wins
	if got.Games != 400 || got.Players != 5 || got.Heroes != 7 || len(got.Strategies) != 2 || got.Strategies[0].Seated+got.Strategies[1].Seated != 2000 ||
		wins < 399.99 || wins > 400.01 || len(got.Seats) != 5 || len(got.Turns) != 5 {
		t.Errorf("%+v", got)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--players", "2"}, "--players: 2"},
		{[]string{"--strategies", "loner,clever"}, `--strategies: unknown strategy "clever"`},
		{[]string{"deck.yaml", "--score", "round.yaml"}, "--score reads a round file"},
	} {
		code, stdout, stderr := runCLI(t, t.TempDir(), append([]string{"sim", "audition"}, c.args...)...)
		if code != 2 || stdout != "" || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, %q, %s", c.args, code, stdout, stderr)
		}
	}
}
