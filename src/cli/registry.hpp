// cli/registry.hpp: the explicit registry of the program's puzzles (no static self-registration).
//
// builtin_registry() lists the puzzles still on the old interface (cli/puzzle.hpp) in registry.cpp;
// the others are protocol::builtin_puzzles(). It goes with the old adapters.
#pragma once

#include <memory>
#include <string_view>
#include <vector>

#include "cli/puzzle.hpp"

namespace plumb::cli {

class Registry {
 public:
  void add(std::unique_ptr<Puzzle> puzzle);
  // The puzzle of that name, or null.
  Puzzle* find(std::string_view name) const;
  const std::vector<std::unique_ptr<Puzzle>>& puzzles() const { return puzzles_; }

 private:
  std::vector<std::unique_ptr<Puzzle>> puzzles_;
};

Registry builtin_registry();

// One factory per built-in puzzle, each defined in src/cli/puzzles/<name>.cpp.
std::unique_ptr<Puzzle> make_block_puzzle();
std::unique_ptr<Puzzle> make_cubic_puzzle();
std::unique_ptr<Puzzle> make_pegs_puzzle();

}  // namespace plumb::cli
