package simulate

import (
	"slices"

	"github.com/deckpress/deckpress/cards"
	"github.com/deckpress/deckpress/output/build"
	"github.com/deckpress/deckpress/rules/audition"
	"github.com/deckpress/deckpress/rules/galaga"
	"github.com/deckpress/deckpress/rules/slugfest"
)

// The kit files the labs of the other games play without a file of the
// user's.
const (
	SlugfestKit = "kits/slugfest/slugfest.yaml" // three teams
	GalagaKit   = "kits/galaga/galaga.yaml"     // the Galaga deck
	AuditionKit = "kits/audition/audition.yaml" // the hero deck
)

// LoadSlugfest reads the teams of the Slugfest file at path (relative to
// env.Dir; "": the kit's) and checks them.
func LoadSlugfest(env build.Env, path string) ([]*slugfest.Team, cards.Diagnostics) {
	src, diags := build.ReadSource(env, path, SlugfestKit)
	if src == nil {
		return nil, diags
	}
	f, ds := slugfest.ReadFile(src.Path, src.Root, src.Files)
	diags = diags.Extend(ds)
	if f == nil {
		return nil, diags
	}
	return f.Teams, diags.Extend(slugfest.Check(f.Teams, f.Pos))
}

// LoadGalaga reads the Galaga deck at path (relative to env.Dir; "": the
// kit's) and its cards' effects.
func LoadGalaga(env build.Env, path string) (*galaga.Deck, cards.Diagnostics) {
	src, diags := build.ReadSource(env, path, GalagaKit)
	if src == nil {
		return nil, diags
	}
	d, ds := cards.ReadDeck(src.Path, src.Root, src.Files)
	diags = diags.Extend(ds)
	if d == nil {
		return nil, diags
	}
	deck, ds := galaga.Read(d)
	return deck, diags.Extend(ds)
}

// AuditionHeroes counts the cards of kind hero of the deck at path
// (relative to env.Dir; "": the kit's); a game needs at least 2.
func AuditionHeroes(env build.Env, path string) (int, cards.Diagnostics) {
	src, diags := build.ReadSource(env, path, AuditionKit)
	if src == nil {
		return 0, diags
	}
	d, ds := cards.ReadDeck(src.Path, src.Root, src.Files)
	diags = diags.Extend(ds)
	if d == nil {
		return 0, diags
	}
	heroes := 0
	for _, c := range d.All() {
		if c.Kind == "hero" {
			heroes += c.Count
		}
	}
	if heroes < 2 && !ds.HasErrors() {
		diags.Errorf(d.Pos, "%s of kind hero; a game needs at least 2", cards.Count(heroes, "card", "cards"))
	}
	return heroes, diags
}

// PlayerPoints is a player's points in a round.
type PlayerPoints struct {
	Player int `json:"player"`
	Points int `json:"points"`
}

// RoundScore is the outcome of one Audition round: every player's points
// and, when the round file gives the line-up, the hero that moves next to
// the crisis deck and the one eliminated ("nobody" when none).
type RoundScore struct {
	Players    []PlayerPoints `json:"players"`
	Moved      *string        `json:"moved,omitempty"`
	Eliminated *string        `json:"eliminated,omitempty"`
}

// ScoreRound reads the Audition round file at path (relative to env.Dir)
// and scores it; nil when the file has errors.
func ScoreRound(env build.Env, path string) (*RoundScore, cards.Diagnostics) {
	src, diags := build.ReadSource(env, path, "")
	if src == nil {
		return nil, diags
	}
	f, ds := audition.ReadRound(src.Path, src.Root)
	diags = diags.Extend(ds)
	if f == nil || diags.HasErrors() {
		return nil, diags
	}
	points := audition.Score(f.Votes)
	var players []int
	for p := range points {
		players = append(players, p)
	}
	slices.Sort(players)
	r := &RoundScore{}
	for _, p := range players {
		r.Players = append(r.Players, PlayerPoints{p, points[p]})
	}
	if f.Lineup != nil {
		ts := audition.Tallies(f.Votes)
		tally := make([]audition.Tally, len(f.Lineup))
		for i, h := range f.Lineup {
			tally[i] = ts[h]
		}
		_, moved, out := audition.Settle(f.Lineup, tally)
		none := "nobody"
		r.Moved, r.Eliminated = &none, &none
		if moved >= 0 {
			r.Moved = &f.Heroes[moved]
		}
		if out >= 0 {
			r.Eliminated = &f.Heroes[out]
		}
	}
	return r, diags
}
