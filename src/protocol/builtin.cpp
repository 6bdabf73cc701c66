// The list of built-in puzzles (protocol/builtin.hpp), in the order `plumb list` shows them. Cubic,
// pegs and block join it when their protocol versions land; until then the program runs their old
// adapters (src/cli/puzzles/).
#include "plumb/protocol/builtin.hpp"

namespace plumb::protocol {

std::vector<std::unique_ptr<Puzzle>> builtin_puzzles() {
  std::vector<std::unique_ptr<Puzzle>> puzzles;
  puzzles.push_back(make_sliding_puzzle());
  puzzles.push_back(make_gap_puzzle());
  return puzzles;
}

}  // namespace plumb::protocol
