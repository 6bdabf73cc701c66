// plumb/puzzles/twisty_invariants.hpp: what every move keeps, and so every position the solved
// state reaches: a quick proof that a position has no solution, without a search.
//
// Three invariants, each where the definition shows it: a set no move changes stays as solved; the
// parities of the sets of distinct pieces (each a permutation of its slots) lie in the span, over
// GF(2), of the moves' parities (the 3x3x3's corners and edges change parity together); and a set
// whose every move keeps the sum of its turns (mod the set's orientations) keeps it. They decide
// the cubes, the pyraminx and the like; where they pass, a search or a complete table decides.
#pragma once

#include <optional>
#include <string>

#include "plumb/puzzles/twisty_definition.hpp"

namespace plumb::puzzles::twisty {

// Why no sequence of moves solves `position` (it holds the solved state's pieces), or nothing when
// the invariants cannot tell.
std::optional<std::string> unsolvable_reason(const TwistyDefinition& definition,
                                             const Position& position);

}  // namespace plumb::puzzles::twisty
