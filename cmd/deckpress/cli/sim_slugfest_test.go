package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSimSlugfestJSON: the JSON shape, for the kit's three teams:
// three pairs whose games add up, each rate inside its interval.
func TestSimSlugfestJSON(t *testing.T) {
	code, stdout, stderr := runCLI(t, t.TempDir(), "sim", "slugfest", "--games", "300", "--json", "--comebacks")
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var got struct {
		Games int    `json:"games"`
		Seed  uint64 `json:"seed"`
		Pairs []struct {
			A        string     `json:"a"`
			B        string     `json:"b"`
			AWins    int        `json:"a_wins"`
			BWins    int        `json:"b_wins"`
			Ties     int        `json:"ties"`
			AWinRate float64    `json:"a_win_rate"`
			CI95     [2]float64 `json:"ci95"`
		} `json:"pairs"`
	}
	if err := json.Unmarshal([]byte(stdout), &got); err != nil {
		t.Fatal(err)
	}
	if got.Games != 300 || got.Seed != 1 || len(got.Pairs) != 3 || got.Pairs[0].A != "NIPPON ALLIANCE" || got.Pairs[2].B != "THE OFFENDERS" {
		t.Fatalf("%+v", got)
	}
	for _, p := range got.Pairs {
		if p.AWins+p.BWins+p.Ties != 300 || p.CI95[0] > p.AWinRate || p.CI95[1] < p.AWinRate {
			t.Errorf("%+v", p)
		}
	}
}

// TestSimSlugfestTeams: a team of four against a team of three (a
// variant, and a warning) wins more than half the games; --teams picks by name or slug;
// bad input is a positioned diagnostic, a bad flag a usage error.
func TestSimSlugfestTeams(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("two.yaml", `slugfest: Two teams
teams: |
  FOUR
  A-  a, b, c, d, e
  B-  a, b, c, d, e
  C-  a, b, c, d, e
  D-  a, b, c, d, e

  THREE
  E-  a, b, c, d, e
  F-  a, b, c, d, e
  G-  a, b, c, d, e
`)
	write("broken.yaml", "slugfest: Broken\nteams: |\n  ONE\n  A-  a, b, c\n")
	code, stdout, stderr := runCLI(t, dir, "sim", "slugfest", "two.yaml", "--teams", "four,Three", "--games", "400")
	if code != 0 || !strings.Contains(stderr, "two.yaml:9:3: warning: team \"THREE\" has 3 members") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var wins, losses int
	for _, line := range strings.Split(stdout, "\n") {
		if f := strings.Fields(line); len(f) > 3 && f[0] == "FOUR" && f[1] == "THREE" {
			wins, losses = atoi(t, f[2]), atoi(t, f[3])
		}
	}
	if wins < 220 || wins+losses > 400 { // more than half, beyond chance
		t.Errorf("four against three: %d–%d\n%s", wins, losses, stdout)
	}
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"broken.yaml"}, 1, "broken.yaml:4:3: error: A (ONE) has 3 abilities"},
		{[]string{"two.yaml", "--teams", "four,five"}, 2, `--teams: no team "five"; the file's teams: FOUR, THREE`},
		{[]string{"two.yaml", "--teams", "four"}, 2, "--teams: name two teams"},
		{[]string{"two.yaml", "--policy", "clever"}, 2, `--policy: unknown policy "clever"`},
	} {
		code, stdout, stderr := runCLI(t, dir, append([]string{"sim", "slugfest"}, c.args...)...)
		if code != c.code || stdout != "" || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, %q, %s", c.args, code, stdout, stderr)
		}
	}
}

func atoi(t *testing.T, s string) int {
	t.Helper()
	n := 0
	for _, r := range s {
		if r < '0' || r > '9' {
			t.Fatalf("%q is not a count", s)
		}
		n = n*10 + int(r-'0')
	}
	return n
}
