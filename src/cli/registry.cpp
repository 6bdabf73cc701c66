#include "cli/registry.hpp"

#include <cassert>

namespace plumb::cli {

void Registry::add(std::unique_ptr<Puzzle> puzzle) {
  assert(find(puzzle->name()) == nullptr);
  puzzles_.push_back(std::move(puzzle));
}

Puzzle* Registry::find(std::string_view name) const {
  for (const auto& puzzle : puzzles_) {
    if (puzzle->name() == name) return puzzle.get();
  }
  return nullptr;
}

Registry builtin_registry() {
  Registry registry;
  registry.add(make_cubic_puzzle());
  registry.add(make_pegs_puzzle());
  registry.add(make_block_puzzle());
  return registry;
}

}  // namespace plumb::cli
