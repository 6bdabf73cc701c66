// The sliding puzzle's precomputed tables as the puzzle interface declares them
// (puzzle_interface/table_sets.hpp): a set for each named partition of sliding_pdb.hpp, a part for
// each of its patterns' databases. Private to the puzzle's folder: its factory hands it to the
// Puzzle.
#pragma once

#include <memory>

#include "plumb/puzzle_interface/table_sets.hpp"

namespace plumb::puzzles {

// The one declaration, shared by every Puzzle the factory makes.
std::shared_ptr<const puzzle_interface::TableSets> sliding_table_sets();

}  // namespace plumb::puzzles
