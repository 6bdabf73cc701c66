// cli/commands/commands.hpp: the program's subcommands. app.cpp parses the command line with CLI11;
// each function here does one command's work and returns the process's exit status:
// 0 done, 2 bad input or usage, 3 stopped by a limit (--time-limit, --max-memory), 4 the environment
// failed (a cache that cannot be used, memory that cannot be had, output that cannot be written).
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

#include "cli/puzzle.hpp"
#include "cli/registry.hpp"

namespace plumb::puzzles {
struct SlidingPartition;
}

namespace plumb::cli {

inline constexpr int kExitBadInput = 2;
inline constexpr int kExitLimit = 3;
inline constexpr int kExitEnvironment = 4;

// What `solve` and `explore` were given: the input file ("-" for standard input, empty for none).
struct PuzzleRun {
  Puzzle* puzzle = nullptr;
  std::string file;
  RunOptions options;
};

// Runs a command's work, which returns the exit status, and turns what it throws into `plumb:
// MESSAGE` on standard error (after what it wrote to standard output) and a status: io::InputError
// 2, LimitReached 3, io::EnvironmentError and std::bad_alloc (memory that no allocation checked
// for; the big ones throw io::EnvironmentError naming their size) 4 (commands/solve.cpp).
int guarded(const std::function<int()>& work);

int run_solve(const PuzzleRun& run);
int run_explore(const PuzzleRun& run);
int run_list(const Registry& registry, bool names_only);
int run_help(const Registry& registry, std::string_view puzzle_name,
             const std::string& program_help);
void add_pdb_command(CLI::App& app);  // `plumb pdb build|info|list|solve` (commands/pdb.cpp)
// The line on standard error before a pattern database is built, `hint` ending its parentheses:
// "plumb: building pattern database 2 of 3 of 15-555 (524,160 entries; once, then cached in
// DIR<hint>)" (commands/pdb.cpp).
void announce_pdb_build(const puzzles::SlidingPartition& partition, std::size_t pattern,
                        std::string_view hint);

}  // namespace plumb::cli
