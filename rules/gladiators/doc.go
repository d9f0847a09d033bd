// Package gladiators is the hero rules engine of Superhero Gladiators.
//
// A hero file ([ReadFile]) holds one hero or a team. [Compute] turns a
// hero into its character sheet ([Sheet]): characteristics and the points
// bought above the free ones, combat modifier, oomph, movement rate, action
// segments, feet per segment, and each power's cost by the formula
//
//	base = 10 × 1.4948^(level − 1) × (3 − 3.15 × 1.1^(−uses))   (unlimited: × 3)
//	cost = round(base × product of the modifiers)               (half away from zero)
//
// checking every rule of RULES.md with a diagnostic on the line that breaks
// it. The tables (segment chart, gizmos, modifiers, powers, budget) are a
// [Ruleset]: the built-in one carries the house tables and may be replaced,
// table by table, by a ruleset file.
package gladiators
