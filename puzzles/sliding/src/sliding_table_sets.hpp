// The sliding puzzle's precomputed tables as the puzzle interface declares them
// (puzzle_interface/table_sets.hpp): a set for each named partition of sliding_pdb.hpp, a part for
// each of its patterns' databases; and a set for the distance table of each of a few sizes
// (byte_table_sets.hpp) with the blank-last goal, the contest's. Private to the puzzle's folder:
// its factory hands the declaration to the Puzzle, and SlidingSolver makes its distance tables
// here.
#pragma once

#include <memory>
#include <string>

#include "plumb/puzzle_interface/byte_table_sets.hpp"
#include "plumb/puzzles/sliding.hpp"

namespace plumb::puzzles {

// The one declaration, shared by every Puzzle the factory makes.
std::shared_ptr<const puzzle_interface::TableSets> sliding_table_sets();

// The distance table of the boards of `size` in `goal`'s class: its cache file, its build (a
// breadth-first search from the goal over the class's ranks) and, lent, a const
// std::vector<std::uint8_t>. Precondition: the class has 64-bit ranks (kMaxRankedSlidingCells).
puzzle_interface::ByteTable sliding_distance_table(SlidingSize size, const SlidingState& goal);

// The name of the declared set that holds that distance table ("distances-3x3"), or empty when no
// set does (another size, another goal).
std::string declared_distance_set(SlidingSize size, const SlidingState& goal);

}  // namespace plumb::puzzles
