// The list of built-in puzzles (protocol/builtin.hpp), in the order `plumb list` shows them.
#include "plumb/protocol/builtin.hpp"

#include <utility>

namespace plumb::protocol {

std::vector<std::unique_ptr<Puzzle>> builtin_puzzles(
    std::shared_ptr<const puzzles::SlidingPdbSource> sliding_pdbs) {
  std::vector<std::unique_ptr<Puzzle>> puzzles;
  puzzles.push_back(make_sliding_puzzle(std::move(sliding_pdbs)));
  puzzles.push_back(make_gap_puzzle());
  puzzles.push_back(make_cubic_puzzle());
  puzzles.push_back(make_pegs_puzzle());
  puzzles.push_back(make_block_puzzle());
  return puzzles;
}

}  // namespace plumb::protocol
