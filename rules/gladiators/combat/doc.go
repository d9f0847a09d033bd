// Package combat plays the gladiator combat of Superhero Gladiators, as
// shared RULES.md states it, so that the balance lab can play it
// thousands of times.
//
// The model: an [Arena] (a rectangle of hexes; hexes that stop walking
// and hexes that stop sight; a start zone per side) is made into a
// [Board]. Two sides of [Hero] values — made from computed hero sheets by
// [FromSheet] — on a board, with [Options] (the two optional rules, the
// turn limit, a [Policy] per side), make a [Match]; [Match.Play] plays one
// fight with the [Dice] it is given and returns its [Result].
//
// A fight: the heroes are placed; each turn starts with Regeneration and
// a check that some hero can still damage a foe (else a tie); then six
// segments, in each of which the heroes whose chart marks it act in
// order of DEX, PER and SIZ (a die roll among equals). An action is what
// the side's policy chooses — an attack, an attack on a gizmo, noticing a
// hidden gizmo, switching Invisibility on, a move, a teleport — carried
// out by the rules: every roll is the engine's. The policies ([Greedy],
// [Random]) make only the choices the rules leave to a player.
//
// A game's chance comes only from its dice, so that a seeded run
// (rules/sim) gives the same numbers on any number of cores.
package combat
