// The sliding puzzle's precomputed tables as the puzzle interface declares them
// (protocol/table_sets.hpp): a set for each named partition of sliding_pdb.hpp, a part for each of
// its patterns' databases. Private to the puzzle's folder: its factory hands it to the Puzzle.
#pragma once

#include <memory>

#include "plumb/protocol/table_sets.hpp"

namespace plumb::puzzles {

// The one declaration, shared by every Puzzle the factory makes.
std::shared_ptr<const protocol::TableSets> sliding_table_sets();

}  // namespace plumb::puzzles
