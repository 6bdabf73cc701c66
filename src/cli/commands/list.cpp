// The `list` and `help` commands: what puzzles there are, and each one's rules, formats and options.
#include <fmt/core.h>

#include <iostream>

#include "cli/commands/commands.hpp"

namespace plumb::cli {

int run_list(const Registry& registry, bool names_only) {
  for (const auto& puzzle : registry.puzzles()) {
    if (names_only) {
      std::cout << puzzle->name() << '\n';
    } else {
      std::cout << fmt::format("{:<9} {}\n", puzzle->name(), puzzle->summary());
    }
  }
  return 0;
}

int run_help(const Registry& registry, std::string_view puzzle_name, const std::string& program_help) {
  if (puzzle_name.empty()) {
    std::cout << program_help;
    return 0;
  }
  const Puzzle* puzzle = registry.find(puzzle_name);
  if (puzzle == nullptr) {
    std::cerr << fmt::format("plumb: no puzzle named {} (plumb list shows them)\n",
                             io::quote(puzzle_name));
    return kExitBadInput;
  }
  std::cout << fmt::format("{} - {}\n\n{}", puzzle->name(), puzzle->summary(), puzzle->description());
  std::string algos;
  for (const auto& name : puzzle->algorithms()) algos += (algos.empty() ? "" : ", ") + name;
  std::cout << fmt::format("\nAlgorithms (--algo): {} (default: {})\n", algos, puzzle->algorithms().front());
  std::cout << fmt::format("Options: plumb solve {} --help\n", puzzle->name());
  return 0;
}

}  // namespace plumb::cli
