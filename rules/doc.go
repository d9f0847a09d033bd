// Package rules holds the rules engines of the built-in games: pure
// functions from a loaded model to computed values and diagnostics.
// rules/gladiators computes and checks Superhero Gladiators heroes;
// rules/compose checks a deck's declared composition.
package rules
