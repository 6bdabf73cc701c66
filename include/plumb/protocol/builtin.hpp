// plumb/protocol/builtin.hpp: the puzzles plumb is built with, each behind the protocol
// (puzzle.hpp). A front end lists them with builtin_puzzles(); a new puzzle is one factory here,
// defined in its src/puzzles/<name>_puzzle.cpp, and one line in builtin.cpp.
#pragma once

#include <memory>
#include <vector>

#include "plumb/protocol/puzzle.hpp"

namespace plumb::protocol {

std::unique_ptr<Puzzle> make_sliding_puzzle();
std::unique_ptr<Puzzle> make_gap_puzzle();
std::unique_ptr<Puzzle> make_cubic_puzzle();
std::unique_ptr<Puzzle> make_pegs_puzzle();
std::unique_ptr<Puzzle> make_block_puzzle();

// Every built-in puzzle, in the order `plumb list` shows them.
std::vector<std::unique_ptr<Puzzle>> builtin_puzzles();

}  // namespace plumb::protocol
