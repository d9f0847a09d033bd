package gladiators

import (
	"encoding/json"
	"math"
)

// sheetJSON is the shape `deckpress hero show --json` prints per hero.
type sheetJSON struct {
	Hero            string      `json:"hero"`
	Characteristics charsJSON   `json:"characteristics"`
	BoughtPoints    int         `json:"bought_points"`
	CombatModifier  int         `json:"combat_modifier"`
	Oomph           int         `json:"oomph"`
	MovementRate    int         `json:"movement_rate"`
	Actions         int         `json:"actions"`
	Segments        []int       `json:"segments"`
	FeetPerSegment  int         `json:"feet_per_segment"`
	Powers          []powerJSON `json:"powers"`
	Points          pointsJSON  `json:"points"`
	Valid           bool        `json:"valid"`
}

type charsJSON struct {
	STR int `json:"STR"`
	DEX int `json:"DEX"`
	SIZ int `json:"SIZ"`
	PER int `json:"PER"`
}

type powerJSON struct {
	Power      string  `json:"power"`
	Level      int     `json:"level"`
	Uses       any     `json:"uses"` // a number, or "unlimited"
	BaseCost   float64 `json:"base_cost"`
	Multiplier float64 `json:"multiplier"`
	Cost       int     `json:"cost"`
}

type pointsJSON struct {
	Powers          int `json:"powers"`
	Characteristics int `json:"characteristics"`
	Total           int `json:"total"`
	Budget          int `json:"budget"`
}

// MarshalJSON writes the sheet in the documented shape; base_cost is
// rounded to two decimals for display.
func (s *Sheet) MarshalJSON() ([]byte, error) {
	c := s.Hero.Chars
	j := sheetJSON{
		Hero:            s.Hero.Name,
		Characteristics: charsJSON{c[0], c[1], c[2], c[3]},
		BoughtPoints:    s.Bought,
		CombatModifier:  s.CombatModifier,
		Oomph:           s.Oomph,
		MovementRate:    s.MovementRate,
		Actions:         s.Actions,
		Segments:        s.Segments,
		FeetPerSegment:  s.FeetPerSegment,
		Powers:          []powerJSON{},
		Points:          pointsJSON{s.PowerPoints, s.CharPoints, s.Total, s.Budget},
		Valid:           s.Valid,
	}
	if j.Segments == nil {
		j.Segments = []int{}
	}
	for _, p := range s.Powers {
		var uses any = p.Spec.Uses
		if p.Spec.Unlimited {
			uses = "unlimited"
		}
		j.Powers = append(j.Powers, powerJSON{Power: p.Spec.Name, Level: p.Spec.Level, Uses: uses,
			BaseCost: math.Round(p.Base*100) / 100, Multiplier: p.Multiplier, Cost: p.Cost})
	}
	return json.Marshal(j)
}
