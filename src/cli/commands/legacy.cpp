// The old puzzles' `solve` and `explore` (legacy.hpp): each reads and writes by itself, under
// guarded() (driver.cpp), with the end-of-input rule applied here.
#include "cli/commands/legacy.hpp"

#include <iostream>

namespace plumb::cli {
namespace {

Format legacy_format(std::string_view name) {
  switch (format_named(name)) {
    case protocol::Format::pretty:
      return Format::pretty;
    case protocol::Format::json:
      return Format::json;
    case protocol::Format::contest:
      break;
  }
  return Format::contest;
}

}  // namespace

void add_legacy_command(CLI::App& parent, Puzzle& puzzle, bool is_solve, LegacyCommand& command) {
  command.puzzle = &puzzle;
  command.is_solve = is_solve;
  command.command =
      parent.add_subcommand(std::string(puzzle.name()), std::string(puzzle.summary()));
  add_common_options(*command.command, command.common, is_solve, puzzle.algorithms());
  puzzle.add_options(*command.command);
}

ExitCode run_legacy_command(const LegacyCommand& command) {
  RunOptions options;
  options.format = legacy_format(command.common.format);
  options.algo =
      command.common.algo.empty() ? command.puzzle->algorithms().front() : command.common.algo;
  options.stats = command.common.stats;
  options.context = make_context(command.common);
  return guarded([&] {
    if (command.is_solve) {
      io::TextInput input = open_puzzle_input(command.common.file);
      command.puzzle->solve(input, options, std::cout);
      if (!input.only_blank_left()) input.fail("input continues after the last dataset");
    } else if (command.common.file.empty()) {
      command.puzzle->explore(nullptr, options, std::cout);
    } else {
      io::TextInput input = open_puzzle_input(command.common.file);
      command.puzzle->explore(&input, options, std::cout);
    }
    return ExitCode::done;
  });
}

protocol::PuzzleInfo legacy_info(const Puzzle& puzzle) {
  protocol::PuzzleInfo info;
  info.name = puzzle.name();
  info.summary = puzzle.summary();
  info.description = puzzle.description();
  info.algorithms = puzzle.algorithms();
  return info;
}

}  // namespace plumb::cli
