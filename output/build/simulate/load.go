// Package simulate is the balance lab as a library: it loads the sides
// of a Superhero Gladiators fight (hero and team files, the kit's heroes,
// a random pool) and the ground (an arena file, converted into the rules
// layer's combat.Arena), plays the fights with the seeded runner and
// returns their numbers, and draws a round robin's report. A command
// line, a server or a test calls it the same way; printing the numbers is
// the caller's.
package simulate

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/data"
	"github.com/deckpress/deckpress/layout"
	"github.com/deckpress/deckpress/output/arena"
	"github.com/deckpress/deckpress/output/build"
	"github.com/deckpress/deckpress/rules/gladiators"
	"github.com/deckpress/deckpress/rules/gladiators/combat"
)

// Side is a side of a fight: a file's team or hero.
type Side struct {
	Name   string
	Pos    cards.Pos
	Heroes []combat.Hero
	Sheets []*gladiators.Sheet
}

// LoadSide reads the hero file at path as a side; ok is false when the
// file has errors or no hero.
func LoadSide(env build.Env, path, ruleset string) (s Side, ok bool, diags cards.Diagnostics) {
	set, diags := build.Heroes(env, path, ruleset)
	if set == nil || diags.HasErrors() {
		return Side{}, false, diags
	}
	s, ds := SideOf(set, stem(path))
	return s, len(s.Heroes) > 0, diags.Extend(ds)
}

// SideOf makes a loaded, valid hero file a side, named after its team,
// its one hero, or else file.
func SideOf(set *build.HeroSet, file string) (Side, cards.Diagnostics) {
	var diags cards.Diagnostics
	s := Side{Name: set.File.Team, Pos: set.File.TeamPos}
	if s.Name == "" && len(set.Sheets) == 1 {
		s.Name, s.Pos = set.Sheets[0].Hero.Name, set.Sheets[0].Hero.Pos
	}
	if s.Name == "" {
		s.Name = file
	}
	for _, sh := range set.Sheets {
		h, ds := combat.FromSheet(sh)
		diags = diags.Extend(ds)
		s.Heroes, s.Sheets = append(s.Heroes, h), append(s.Sheets, sh)
	}
	return s, diags
}

// Entrants reads the heroes of a round robin: every hero of the files at
// paths (a folder: its hero files; none: the kit's), and pool random
// legal heroes made from seed.
func Entrants(env build.Env, paths []string, ruleset string, pool int, seed uint64) ([]combat.Entrant, cards.Diagnostics) {
	var es []combat.Entrant
	var diags cards.Diagnostics
	add := func(s Side) {
		for i, h := range s.Heroes {
			es = append(es, combat.Entrant{Hero: h, From: s.Name, Points: s.Sheets[i].Total})
		}
	}
	if len(paths) == 0 {
		names, _ := fs.Glob(data.FS, "kits/gladiators/*.yaml")
		sort.Strings(names)
		for _, n := range names {
			set, ds := build.BuiltinHeroes(env, n, ruleset)
			diags = diags.Extend(ds)
			if set != nil {
				s, ds := SideOf(set, stem(n))
				diags = diags.Extend(ds)
				add(s)
			}
		}
	}
	for _, a := range paths {
		files := []string{a}
		if st, err := os.Stat(env.Abs(a)); err == nil && st.IsDir() {
			all, err := build.YAMLFiles(env, a)
			if err != nil {
				diags.Errorf(cards.Pos{File: a}, "%v", err)
				continue
			}
			files = files[:0]
			for _, f := range all {
				if isHeroPath(env, f) {
					files = append(files, f)
				}
			}
			if len(files) == 0 {
				diags.Errorf(cards.Pos{File: a}, "no hero files in this folder")
			}
		}
		for _, f := range files {
			s, ok, ds := LoadSide(env, f, ruleset)
			diags = diags.Extend(ds)
			if ok {
				add(s)
			}
		}
	}
	if pool > 0 {
		rs, err := gladiators.Default()
		if err != nil {
			diags.Errorf(cards.Pos{}, "%v", err)
			return es, diags
		}
		sheets, heroes := combat.Pool(pool, seed, rs)
		for i, h := range heroes {
			es = append(es, combat.Entrant{Hero: h, From: "random pool", Points: sheets[i].Total})
		}
	}
	if len(es) < 2 && !diags.HasErrors() {
		diags.Errorf(cards.Pos{}, "a round robin needs at least two heroes; found %d", len(es))
	}
	return es, diags
}

// isHeroPath reports whether the YAML file at path is a hero file.
func isHeroPath(env build.Env, p string) bool {
	src, err := env.ReadFile(p)
	if err != nil {
		return false
	}
	root, _ := cards.Parse(p, src)
	return root != nil && gladiators.IsHeroFile(root)
}

// LoadArena reads the arena file at path as the ground of a fight (see
// [ArenaOf]); it returns the arena's start zones with their places too,
// and a nil arena when the file cannot be fought on.
func LoadArena(env build.Env, path string) (*combat.Arena, []arena.Zone, cards.Diagnostics) {
	var diags cards.Diagnostics
	src, err := env.ReadFile(path)
	if err != nil {
		diags.Errorf(cards.Pos{File: path}, "cannot read: %v", cards.Cause(err))
		return nil, nil, diags
	}
	root, ds := cards.Parse(path, src)
	diags = diags.Extend(ds)
	if root == nil {
		return nil, nil, diags
	}
	m, ds := arena.Read(path, root)
	diags = diags.Extend(ds)
	if m == nil || ds.HasErrors() {
		return nil, nil, diags
	}
	a, ds := ArenaOf(m, path)
	if a == nil {
		return nil, nil, diags.Extend(ds)
	}
	return a, m.Zones, diags.Extend(ds)
}

// ArenaOf converts an arena map (read from path) into the rules layer's
// arena: terrain whose blocks: names movement stops walking (Flight and
// Wall Crawling cross it), terrain whose blocks: names sight stops lines
// of sight, the zones in file order are the sides' start zones. The scale
// must give the hex size in feet, and there must be two zones at least.
func ArenaOf(m *arena.Map, path string) (*combat.Arena, cards.Diagnostics) {
	var diags cards.Diagnostics
	at := m.Pos
	if at.File == "" {
		at = cards.Pos{File: path}
	}
	feet, ok := FeetPerHex(m.Scale)
	if !ok {
		diags.Errorf(at, "arena %q: scale %q: a fight needs the hex size in feet, such as \"5 ft\"", m.Name, m.Scale)
		return nil, diags
	}
	if len(m.Zones) < 2 {
		diags.Errorf(at, "arena %q has %d start zones; a fight needs two (zones:, the first for A.yaml)", m.Name, len(m.Zones))
		return nil, diags
	}
	a := &combat.Arena{Name: m.Name, Cols: m.Cols, Rows: m.Rows, Grid: m.Grid, FeetPerHex: feet}
	var painted []layout.Hex
	for h := range m.Paint {
		painted = append(painted, h)
	}
	slices.SortFunc(painted, func(x, y layout.Hex) int {
		if x.Row != y.Row {
			return x.Row - y.Row
		}
		return x.Col - y.Col
	})
	for _, h := range painted {
		t := m.Paint[h]
		if strings.Contains(t.Blocks, "movement") {
			a.Blocked = append(a.Blocked, h)
		}
		if strings.Contains(t.Blocks, "sight") {
			a.Opaque = append(a.Opaque, h)
		}
	}
	for _, z := range m.Zones {
		a.Zones = append(a.Zones, z.Hexes)
	}
	return a, diags
}

// FeetPerHex reads a scale such as "5 ft" or "10 feet".
func FeetPerHex(scale string) (int, bool) {
	f := strings.Fields(strings.ReplaceAll(strings.TrimSpace(scale), "ft", " ft"))
	if len(f) != 2 || (f[1] != "ft" && f[1] != "feet" && f[1] != "foot") {
		return 0, false
	}
	n, err := strconv.Atoi(f[0])
	return n, err == nil && n >= 1
}

// CheckZones says where a side has more heroes than its start zone has
// free hexes; zones, when not nil, are the arena file's, for the places.
func CheckZones(a *combat.Arena, zones []arena.Zone, sides []Side) cards.Diagnostics {
	var diags cards.Diagnostics
	blocked := map[layout.Hex]bool{}
	for _, h := range a.Blocked {
		blocked[h] = true
	}
	for i, s := range sides {
		free := map[layout.Hex]bool{}
		for _, h := range a.Zones[i] {
			if !blocked[h] {
				free[h] = true
			}
		}
		if len(s.Heroes) <= len(free) {
			continue
		}
		at := cards.Pos{File: a.Name}
		if zones != nil {
			at = zones[i].Pos
		}
		diags.Errorf(at, "start zone %d has %d free hexes; %s has %d heroes", i+1, len(free), s.Name, len(s.Heroes))
	}
	return diags
}

// stem returns a file's name without folder and extension.
func stem(p string) string {
	base := filepath.Base(p)
	return strings.TrimSuffix(base, filepath.Ext(base))
}
