// cli/commands/commands.hpp: the program's subcommands. app.cpp parses the command line with CLI11;
// each function here does one command's work and returns the process's exit status:
// 0 done, 2 bad input or usage, 3 stopped by a limit (--time-limit, --max-memory).
#pragma once

#include <string>
#include <string_view>

#include "cli/puzzle.hpp"
#include "cli/registry.hpp"

namespace plumb::cli {

inline constexpr int kExitBadInput = 2;
inline constexpr int kExitLimit = 3;

// What `solve` and `explore` were given: the input file ("-" for standard input, empty for none).
struct PuzzleRun {
  Puzzle* puzzle = nullptr;
  std::string file;
  RunOptions options;
};

int run_solve(const PuzzleRun& run);
int run_explore(const PuzzleRun& run);
int run_list(const Registry& registry, bool names_only);
int run_help(const Registry& registry, std::string_view puzzle_name, const std::string& program_help);
void add_pdb_command(CLI::App& app);  // `plumb pdb build|info|list|solve` (commands/pdb.cpp)

}  // namespace plumb::cli
