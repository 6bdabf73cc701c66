// The `list` and `help` commands: what puzzles there are, and each one's rules, formats and
// options, from their PuzzleInfo.
#include <fmt/format.h>

#include <algorithm>
#include <iostream>

#include "cli/commands/commands.hpp"

namespace plumb::cli {

ExitCode run_list(const std::vector<puzzle_interface::PuzzleInfo>& puzzles, bool names_only) {
  for (const puzzle_interface::PuzzleInfo& info : puzzles) {
    if (names_only) {
      std::cout << info.name << '\n';
    } else {
      std::cout << fmt::format("{:<9} {}\n", info.name, info.summary);
    }
  }
  return ExitCode::done;
}

ExitCode run_help(const std::vector<puzzle_interface::PuzzleInfo>& puzzles,
                  std::string_view puzzle_name, const std::string& program_help) {
  if (puzzle_name.empty()) {
    std::cout << program_help;
    return ExitCode::done;
  }
  const auto info = std::find_if(
      puzzles.begin(), puzzles.end(),
      [&](const puzzle_interface::PuzzleInfo& each) { return each.name == puzzle_name; });
  if (info == puzzles.end()) {
    std::cerr << fmt::format("plumb: no puzzle named {} (plumb list shows them)\n",
                             io::quote(puzzle_name));
    return ExitCode::bad_input;
  }
  std::cout << info->description;  // its first line is its title
  std::cout << fmt::format("\nAlgorithms (--algo): {} (default: {})\n",
                           fmt::join(info->algorithms, ", "), info->algorithms.front());
  std::cout << fmt::format("Options: plumb solve {} --help\n", info->name);
  return ExitCode::done;
}

}  // namespace plumb::cli
