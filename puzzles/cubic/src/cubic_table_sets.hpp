// The Cubic Eight-Puzzle's precomputed tables as the puzzle interface declares them
// (byte_table_sets.hpp): the top-view table (cubic_table.hpp) of each board of 8 or 9 cells and at
// least two rows and columns (3x3, the contest's; 2x4; 4x2), whose builds take seconds; the smaller
// and one-row boards' tables are built, as every board's may be, when a solver first needs them.
// Private to the puzzle's folder: its factory hands the declaration to the Puzzle, and the solver
// names the set it borrows by declared_view_set.
#pragma once

#include <memory>
#include <string>

#include "plumb/puzzle_interface/byte_table_sets.hpp"
#include "plumb/puzzles/cubic.hpp"

namespace plumb::puzzles::cubic {

// The one declaration, shared by every Puzzle the factory makes.
std::shared_ptr<const puzzle_interface::TableSets> cubic_table_sets();

// The top-view table of `board` as a ByteTable: its cache file, its build, and, lent, a const
// ViewTable. Precondition: ViewTable::fits(board).
puzzle_interface::ByteTable view_byte_table(const Board& board);

// The name of the declared set of the board's table ("views-3x3"), or empty when none is declared.
std::string declared_view_set(const Board& board);

}  // namespace plumb::puzzles::cubic
