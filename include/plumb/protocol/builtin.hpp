// plumb/protocol/builtin.hpp: the puzzles plumb is built with, each behind the protocol
// (puzzle.hpp). A front end lists them with builtin_puzzles(); a new puzzle is one factory here,
// defined in its src/puzzles/<name>_puzzle.cpp, and one line in builtin.cpp.
#pragma once

#include <memory>
#include <vector>

#include "plumb/protocol/puzzle.hpp"

namespace plumb::puzzles {
class SlidingPdbSource;
}

namespace plumb::protocol {

// `pdb_source`, if given, lends its pattern database sets to every instance's solvers
// (puzzles/sliding_pdb_source.hpp).
std::unique_ptr<Puzzle> make_sliding_puzzle(
    std::shared_ptr<const puzzles::SlidingPdbSource> pdb_source = nullptr);
std::unique_ptr<Puzzle> make_gap_puzzle();
std::unique_ptr<Puzzle> make_cubic_puzzle();
std::unique_ptr<Puzzle> make_pegs_puzzle();
std::unique_ptr<Puzzle> make_block_puzzle();

// Every built-in puzzle, in the order `plumb list` shows them; sliding's with `sliding_pdbs`.
std::vector<std::unique_ptr<Puzzle>> builtin_puzzles(
    std::shared_ptr<const puzzles::SlidingPdbSource> sliding_pdbs = nullptr);

}  // namespace plumb::protocol
