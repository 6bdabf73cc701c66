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

// Runs a command and returns its status, or, when it throws, prints `plumb: MESSAGE` and returns
// the status that says why: io::InputError 2 (as "FILE:LINE: MESSAGE"), LimitReached 3,
// io::EnvironmentError, filesystem errors and std::bad_alloc (memory that no allocation checked
// for; the big ones throw io::EnvironmentError naming their size) 4. Standard output is flushed before any message and
// checked: a write that fails stops the command with "plumb: cannot write the output: REASON" and
// status 4 (commands/driver.cpp).
int guarded(const std::function<int()>& command);
// Prints a line of the table cache's (io::set_cache_reporter) as `plumb: LINE` on standard error.
void report_cache_line(const std::string& line);

int run_solve(const PuzzleRun& run);
int run_explore(const PuzzleRun& run);
int run_list(const Registry& registry, bool names_only);
int run_help(const Registry& registry, std::string_view puzzle_name,
             const std::string& program_help);
void add_pdb_command(CLI::App& app);    // `plumb pdb build|info|list|solve` (commands/pdb.cpp)
void add_cache_command(CLI::App& app);  // `plumb cache list|clear` (commands/cache.cpp)

}  // namespace plumb::cli
