// cli/commands/legacy.hpp: `solve NAME` and `explore NAME` for the puzzles still on the old
// interface (cli/puzzle.hpp: cubic, pegs, block) until their protocol versions replace them; then
// this file and legacy.cpp go. They share the common options with the generic driver.
#pragma once

#include "cli/commands/commands.hpp"
#include "cli/puzzle.hpp"

namespace plumb::cli {

struct LegacyCommand {
  Puzzle* puzzle = nullptr;
  CLI::App* command = nullptr;
  bool is_solve = true;
  CommonOptions common;
};

void add_legacy_command(CLI::App& parent, Puzzle& puzzle, bool is_solve, LegacyCommand& command);
ExitCode run_legacy_command(const LegacyCommand& command);
// What `plumb list` and `plumb help` show of an old puzzle.
protocol::PuzzleInfo legacy_info(const Puzzle& puzzle);

}  // namespace plumb::cli
