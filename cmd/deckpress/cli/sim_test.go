package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/deckpress/deckpress/internal/golden"
)

// simDir is a folder with the kit's two teams, the kit's arena and the
// lab's two hand-built heroes.
func simDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	copyTree(t, os.DirFS("testdata/sim"), dir)
	for _, f := range []string{"voltage-crew.yaml", "iron-circus.yaml", "arena.yaml"} {
		src, err := os.ReadFile(filepath.Join("..", "..", "..", "data", "kits", "gladiators", f))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, f), src, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestSimGladiators: the text output of a small run, as a golden file.
func TestSimGladiators(t *testing.T) {
	code, stdout, stderr := runCLI(t, simDir(t), "sim", "gladiators", "voltage-crew.yaml", "iron-circus.yaml", "--games", "300")
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	golden.Assert(t, "sim/duel.txt", []byte(stdout))
}

type simOut struct {
	Games int    `json:"games"`
	Seed  uint64 `json:"seed"`
	Sides []struct {
		Name               string
		Wins, Losses, Ties int
		WinRate            float64 `json:"win_rate"`
		CI95               [2]float64
	} `json:"sides"`
	Heroes []struct {
		Hero, Side               string
		DamageDealt, DamageTaken float64 `json:"-"`
		Dealt                    float64 `json:"damage_dealt"`
		Taken                    float64 `json:"damage_taken"`
		FaintRate                float64 `json:"faint_rate"`
		Powers                   []struct {
			Power              string
			Uses, Hits, Damage float64
			UsesLeft           *float64 `json:"uses_left"`
		} `json:"powers"`
	} `json:"heroes"`
}

// TestSimGladiatorsJSON: the JSON adds up: every game is a win, loss or
// tie; each side's interval holds its rate; damage dealt by a side is
// damage taken by the other (without area attacks, which hit allies too);
// uses left are counted for limited powers only.
func TestSimGladiatorsJSON(t *testing.T) {
	code, stdout, stderr := runCLI(t, simDir(t), "sim", "gladiators", "voltage-crew.yaml", "iron-circus.yaml",
		"--games", "400", "--seed", "7", "--json", "--optional", "fumbles", "--arena", "arena.yaml")
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var got simOut
	if err := json.Unmarshal([]byte(stdout), &got); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, stdout)
	}
	if got.Games != 400 || got.Seed != 7 || len(got.Sides) != 2 || len(got.Heroes) != 8 {
		t.Fatalf("games %d, seed %d, %d sides, %d heroes", got.Games, got.Seed, len(got.Sides), len(got.Heroes))
	}
	a, b := got.Sides[0], got.Sides[1]
	if a.Name != "The Voltage Crew" || a.Wins+a.Losses+a.Ties != 400 || a.Wins != b.Losses || a.Ties != b.Ties {
		t.Errorf("sides %+v", got.Sides)
	}
	for _, s := range got.Sides {
		if s.CI95[0] > s.WinRate || s.CI95[1] < s.WinRate {
			t.Errorf("%s: win rate %.3f outside [%.3f, %.3f]", s.Name, s.WinRate, s.CI95[0], s.CI95[1])
		}
	}
	dealt := map[string]float64{}
	taken := map[string]float64{}
	for _, h := range got.Heroes {
		dealt[h.Side] += h.Dealt
		taken[h.Side] += h.Taken
		sum := 0.0
		for _, p := range h.Powers {
			sum += p.Damage
			switch h.Hero + ": " + p.Power {
			case "Lady Voltage: Distance Attack": // unlimited
				if p.UsesLeft != nil {
					t.Errorf("%s: %s has %.1f uses left", h.Hero, p.Power, *p.UsesLeft)
				}
			case "Ringmaster Rex: Distance Attack": // 3 a game
				if p.UsesLeft == nil || *p.UsesLeft < 0 || *p.UsesLeft+p.Uses != 3 {
					t.Errorf("%s: %s used %.1f times, %v left", h.Hero, p.Power, p.Uses, p.UsesLeft)
				}
			}
		}
		if diff := sum - h.Dealt; diff > 0.01 || diff < -0.01 {
			t.Errorf("%s: powers dealt %.3f, the hero %.3f", h.Hero, sum, h.Dealt)
		}
	}
	for _, c := range [][2]string{{"The Voltage Crew", "The Iron Circus"}, {"The Iron Circus", "The Voltage Crew"}} {
		if d := dealt[c[0]] - taken[c[1]]; d > 0.02 || d < -0.02 {
			t.Errorf("%s dealt %.3f a game, %s took %.3f", c[0], dealt[c[0]], c[1], taken[c[1]])
		}
	}
}

// TestSimSameOnAnyCores: one core or two, the same numbers; another seed,
// others.
func TestSimSameOnAnyCores(t *testing.T) {
	dir := simDir(t)
	args := []string{"sim", "gladiators", "voltage-crew.yaml", "iron-circus.yaml", "--games", "500", "--json"}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	_, one, _ := runCLI(t, dir, args...)
	runtime.GOMAXPROCS(4)
	_, four, _ := runCLI(t, dir, args...)
	_, other, _ := runCLI(t, dir, append(args, "--seed", "2")...)
	if one != four || one == "" {
		t.Error("one core and four gave different numbers")
	}
	if other == one {
		t.Error("seeds 1 and 2 gave the same numbers")
	}
}

// TestSimBadInput: broken inputs are positioned diagnostics and exit 1;
// wrong flags exit 2; nothing is run, nothing printed on stdout.
func TestSimBadInput(t *testing.T) {
	dir := simDir(t)
	copyTree(t, os.DirFS("testdata/heroes"), filepath.Join(dir, "heroes"))
	write := func(name, src string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("one-zone.yaml", "arena: Pit\nhexes: {cols: 6, rows: 4}\nzones:\n  red: [[0, 0]]\n")
	write("small-zone.yaml", "arena: Pit\nhexes: {cols: 6, rows: 4}\nzones:\n  red: [[0, 0]]\n  blue: [[5, 3], [5, 2], [4, 3]]\n")
	write("metres.yaml", "arena: Pit\nhexes: {cols: 6, rows: 4}\nscale: 2 m\nzones:\n  red: [[0, 0]]\n  blue: [[5, 3]]\n")
	for _, c := range []struct {
		name string
		args []string
		code int
		want string // in stderr
	}{
		{"broken hero", []string{"heroes/broken.yaml", "iron-circus.yaml"}, 1, "heroes/broken.yaml:"},
		{"missing file", []string{"nowhere.yaml", "iron-circus.yaml"}, 1, "nowhere.yaml: error: cannot read"},
		{"one zone", []string{"voltage-crew.yaml", "iron-circus.yaml", "--arena", "one-zone.yaml"}, 1, "one-zone.yaml:1:8: error: arena \"Pit\" has 1 start zones; a fight needs two"},
		{"zone too small", []string{"voltage-crew.yaml", "iron-circus.yaml", "--arena", "small-zone.yaml"}, 1, "small-zone.yaml:4:3: error: start zone 1 has 1 free hexes; The Voltage Crew has 4 heroes"},
		{"not feet", []string{"juggernaut.yaml", "paperweight.yaml", "--arena", "metres.yaml"}, 1, "metres.yaml:1:8: error: arena \"Pit\": scale \"2 m\": a fight needs the hex size in feet"},
		{"round robin with a broken hero", []string{"--round-robin", "heroes"}, 1, "heroes/broken.yaml:"},
		{"one file", []string{"voltage-crew.yaml"}, 2, "fights two files"},
		{"unknown policy", []string{"voltage-crew.yaml", "iron-circus.yaml", "--policy", "clever"}, 2, `--policy: unknown policy "clever"`},
		{"unknown rule", []string{"voltage-crew.yaml", "iron-circus.yaml", "--optional", "fumbles,luck"}, 2, `--optional: unknown rule "luck"`},
		{"no games", []string{"voltage-crew.yaml", "iron-circus.yaml", "--games", "0"}, 2, "--games: 0"},
		{"pool without a round robin", []string{"voltage-crew.yaml", "iron-circus.yaml", "--pool", "3"}, 2, "--pool"},
	} {
		code, stdout, stderr := runCLI(t, dir, append([]string{"sim", "gladiators"}, c.args...)...)
		if code != c.code || stdout != "" || !strings.Contains(stderr, c.want) {
			t.Errorf("%s: exit %d, stdout %q, stderr:\n%s", c.name, code, stdout, stderr)
		}
	}
}

// TestSimRoundRobin: the kit's heroes, the two hand-built ones and a
// pool of 20 random heroes: the lab flags the Juggernaut as too strong and
// Captain Paperweight as too weak; the matrix is a square whose mirrored
// entries add up to one.
func TestSimRoundRobin(t *testing.T) {
	if testing.Short() {
		t.Skip("a round robin of 30 heroes")
	}
	code, stdout, stderr := runCLI(t, simDir(t), "sim", "gladiators", "--round-robin", "voltage-crew.yaml", "iron-circus.yaml",
		"juggernaut.yaml", "paperweight.yaml", "--pool", "20", "--games", "60", "--json")
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var got struct {
		Heroes []struct {
			Hero, Flag string
			Points     int
			Score, Off float64
		}
		Matrix [][]*float64
	}
	if err := json.Unmarshal([]byte(stdout), &got); err != nil {
		t.Fatal(err)
	}
	if len(got.Heroes) != 30 || len(got.Matrix) != 30 {
		t.Fatalf("%d heroes, %d matrix rows", len(got.Heroes), len(got.Matrix))
	}
	for i, h := range got.Heroes {
		want := map[string]string{"The Juggernaut": "too strong", "Captain Paperweight": "too weak"}[h.Hero]
		if h.Flag != want {
			t.Errorf("%s (%d points, score %.3f, %.1f SE off): flag %q, want %q", h.Hero, h.Points, h.Score, h.Off, h.Flag, want)
		}
		for k, v := range got.Matrix[i] {
			if (v == nil) != (k == i) || (v != nil && (*v+*got.Matrix[k][i] < 0.998 || *v+*got.Matrix[k][i] > 1.002)) {
				t.Errorf("matrix %d,%d: %v against %v", i, k, v, got.Matrix[k][i])
			}
		}
	}
}

// TestSimReport: --report writes the round robin's report, a PDF or a PNG
// a page, and says so; only a round robin has one.
func TestSimReport(t *testing.T) {
	dir := simDir(t)
	code, stdout, stderr := runCLI(t, dir, "sim", "gladiators", "--round-robin", "--games", "10", "--report", "lab.pdf")
	pdf, err := os.ReadFile(filepath.Join(dir, "lab.pdf"))
	if code != 0 || err != nil || !strings.HasPrefix(string(pdf), "%PDF") || !strings.HasSuffix(stdout, "wrote lab.pdf\n") {
		t.Fatalf("exit %d, %v, stdout ends %q: %s", code, err, stdout[max(0, len(stdout)-40):], stderr)
	}
	code, stdout, _ = runCLI(t, dir, "sim", "gladiators", "--round-robin", "--games", "10", "--report", "lab.png", "--json")
	var got struct{ Report []string }
	json.Unmarshal([]byte(stdout), &got)
	if code != 0 || strings.Join(got.Report, " ") != "lab-1.png lab-2.png" {
		t.Errorf("exit %d, report %v", code, got.Report)
	}
	for _, p := range got.Report {
		if b, err := os.ReadFile(filepath.Join(dir, p)); err != nil || !strings.HasPrefix(string(b), "\x89PNG") {
			t.Errorf("%s: %v", p, err)
		}
	}
	for _, args := range [][]string{
		{"voltage-crew.yaml", "iron-circus.yaml", "--report", "duel.pdf"},
		{"--round-robin", "--report", "lab.svg"},
		{"--round-robin", "--report", "lab.pdf", "--paper", "napkin"},
	} {
		if code, stdout, _ := runCLI(t, dir, append([]string{"sim", "gladiators"}, args...)...); code != 2 || stdout != "" {
			t.Errorf("%v: exit %d", args, code)
		}
	}
}

// TestSimCountBounds: every count flag of the sim verbs refuses a value
// out of its documented range as a usage error naming the range, before
// a game is played, and takes the ends of the range (a missing file then
// fails the run, exit 1, after the flags passed). Runs whose pairs ×
// --games pass 100,000,000 games are refused too.
func TestSimCountBounds(t *testing.T) {
	dir := simDir(t)
	duel := []string{"gladiators", "voltage-crew.yaml", "iron-circus.yaml"}
	gone := []string{"gladiators", "nowhere.yaml", "iron-circus.yaml"}
	a := func(base []string, more ...string) []string { return append(slices.Clone(base), more...) }
	many := strings.Repeat("NIPPON ALLIANCE,", 100) + "NIPPON ALLIANCE"
	for _, c := range []struct {
		name string
		args []string
		code int
		want string // in stderr
	}{
		{"no games", a(duel, "--games", "0"), 2, "--games: 0 is out of range (1 to 1000000)"},
		{"too many games", a(duel, "--games", "1000001"), 2, "--games: 1000001 is out of range (1 to 1000000)"},
		{"the red team's games", a(duel, "--games", "9000000000000000000"), 2, "--games: 9000000000000000000 is out of range (1 to 1000000)"},
		{"the most games", a(gone, "--games", "1000000"), 1, "nowhere.yaml: error: cannot read"},
		{"no turns", a(duel, "--turns", "0"), 2, "--turns: 0 is out of range (1 to 1000)"},
		{"too many turns", a(duel, "--turns", "1001"), 2, "--turns: 1001 is out of range (1 to 1000)"},
		{"the most turns", a(gone, "--turns", "1000"), 1, "nowhere.yaml: error: cannot read"},
		{"a negative pool", []string{"gladiators", "--round-robin", "--pool", "-1"}, 2, "--pool: -1 is out of range (0 to 100)"},
		{"too big a pool", []string{"gladiators", "--round-robin", "--pool", "1000000"}, 2, "--pool: 1000000 is out of range (0 to 100)"},
		{"too many heroes", []string{"gladiators", "--round-robin", "--pool", "100", "--games", "1"}, 2, "a round robin fights at most 100 heroes, --pool included; got 108"},
		{"too many round-robin games", []string{"gladiators", "--round-robin", "--pool", "92", "--games", "20000"}, 2,
			"100 heroes, 4950 pairs on both sides, and --games 20000 make 198000000 games; a run plays at most 100,000,000"},
		{"slugfest: too many games", []string{"slugfest", "--games", "1000001"}, 2, "--games: 1000001 is out of range (1 to 1000000)"},
		{"slugfest: the most games", []string{"slugfest", "nowhere.yaml", "--games", "1000000"}, 1, "nowhere.yaml: error: cannot read"},
		{"slugfest: too many turns", []string{"slugfest", "--turns", "1001"}, 2, "--turns: 1001 is out of range (1 to 1000)"},
		{"slugfest: too many teams", []string{"slugfest", "--teams", many}, 2, "--teams: 101 names; name at most 100"},
		{"slugfest: too many pairs", []string{"slugfest", "--teams", strings.Repeat("NIPPON ALLIANCE,", 99) + "NIPPON ALLIANCE", "--games", "100000"}, 2,
			"100 teams, 4950 pairs, and --games 100000 make 495000000 games; a run plays at most 100,000,000"},
		{"galaga: too many games", []string{"galaga", "--games", "1000001"}, 2, "--games: 1000001 is out of range (1 to 1000000)"},
		{"galaga: no turns", []string{"galaga", "--turns", "0"}, 2, "--turns: 0 is out of range (1 to 1000)"},
		{"galaga: too many players", []string{"galaga", "--players", "5"}, 2, "--players: 5 is out of range (2 to 4)"},
		{"audition: no games", []string{"audition", "--games", "-3"}, 2, "--games: -3 is out of range (1 to 1000000)"},
		{"audition: too many players", []string{"audition", "--players", "7"}, 2, "--players: 7 is out of range (3 to 6)"},
	} {
		code, stdout, stderr := runCLI(t, dir, append([]string{"sim"}, c.args...)...)
		if code != c.code || stdout != "" || !strings.Contains(stderr, c.want) {
			t.Errorf("%s: exit %d, stdout %q, stderr:\n%s", c.name, code, stdout, stderr)
		}
	}
}
