// plumb/puzzles/twisty_kpuzzle.hpp: reading a twisty puzzle from cubing.js's KPuzzle definition
// as JSON (its KPuzzleDefinition: what `JSON.stringify(kpuzzle.definition)` writes).
//
// The JSON is an object with
//   "name"            the puzzle's name (a string; "Unnamed" when absent);
//   "orbits"          an array of {"orbitName", "numPieces", "numOrientations"}: the sets, in
//   order; "defaultPattern"  per orbit {"pieces", "orientation", "orientationMod"?}: the solved
//   state,
//                     pieces numbered from 0 (identical pieces share a number), orientations per
//                     slot; an "orientationMod" of 1 for a slot says its orientation does not
//                     matter (twsearch's `?`), 0 that it does; other values are refused, as plumb
//                     knows an orientation wholly or not at all;
//   "moves"           per move name, per orbit {"permutation", "orientationDelta"}: the slot whose
//                     piece lands in slot i, and the twist it gets there (an orbit left out does
//                     not move);
//   "derivedMoves"    (optional) per move name, a sequence of moves separated by spaces, each a
//                     move's name, or one with an amount and/or ' as cubing.js writes them ("R2'",
//                     "R3"); groupings, commutators, conjugates and the like are refused;
// and optionally "$schema", "experimentalPuzzleDescription" and "experimentalIsPatternSolved",
// which are ignored. Moves and sets are taken in the order the text gives them.
//
// The definition is the one read_ksolve gives for the same puzzle written as ksolve text: the same
// labels, moves and powers (named as twsearch names them, rotations split out by its rule), and the
// same content hash when the sets and moves come in the same order.
#pragma once

#include <string>
#include <string_view>

#include "plumb/puzzles/twisty_definition.hpp"

namespace plumb::puzzles::twisty {

// Throws io::InputError at `source` and the line of the text where the fault is (the line of the
// value, or of the object that lacks a key), its message naming the value's path in the JSON
// ("moves.R.CORNERS.permutation: expected 8 slots, found 7").
TwistyDefinition read_kpuzzle_json(std::string_view text, const std::string& source);

}  // namespace plumb::puzzles::twisty
