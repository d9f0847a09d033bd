// Package sim is the seeded runner the game engines share, and the
// statistics their reports use.
//
// A run is n games and a seed s. Game i draws every die from its own
// generator, a PCG made from (s, i) through SplitMix64 ([NewRand]), so a
// game's result depends only on s and i: [Fold] spreads the games over
// all cores and hands the results on in game order as they finish, the
// same whatever the number of cores, holding a bounded window of them
// whatever the number of games; [Run] keeps them all. Rates come with 95 % Wilson score intervals ([Wilson]);
// [Outcomes] counts a side's wins, losses and ties, [Mean] averages, and
// [FitLine] and [DeletedResiduals] fit a straight line and say which
// points lie off it.
package sim
