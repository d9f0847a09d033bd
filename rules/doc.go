// Package rules holds the rules engines of the built-in games: pure
// functions from a loaded model to computed values and diagnostics.
// rules/gladiators computes and checks Superhero Gladiators heroes and
// rules/gladiators/combat plays their fights; rules/slugfest reads
// Slugfest teams and plays them; rules/galaga reads the Galaga cards'
// effects, writes their text and plays the game; rules/audition scores
// and plays Superhero Audition; rules/compose checks a deck's declared
// composition; rules/sim is the seeded runner and the statistics the
// engines share.
package rules
