// The `solve` and `explore` commands: run a puzzle over an input, under guarded() (driver.cpp).
#include <iostream>
#include <string>

#include "cli/commands/commands.hpp"

namespace plumb::cli {
namespace {

// The input of a puzzle command, which must hold a dataset: empty input (nothing but white space)
// is an error for every puzzle.
io::TextInput open_input(const std::string& file) {
  io::TextInput input = io::TextInput::open(file);
  if (input.only_blank_left()) input.fail_at(0, "the input is empty: expected a dataset");
  return input;
}

}  // namespace

// The one rule for the end of the input: a puzzle reads its datasets (to the end, to a count, or to
// a terminating line), and anything after them but white space is an error naming its line.
int run_solve(const PuzzleRun& run) {
  return guarded([&] {
    io::TextInput input = open_input(run.file.empty() ? "-" : run.file);
    run.puzzle->solve(input, run.options, std::cout);
    if (!input.only_blank_left()) input.fail("input continues after the last dataset");
    return 0;
  });
}

int run_explore(const PuzzleRun& run) {
  return guarded([&] {
    if (run.file.empty()) {
      run.puzzle->explore(nullptr, run.options, std::cout);
    } else {
      io::TextInput input = open_input(run.file);
      run.puzzle->explore(&input, run.options, std::cout);
    }
    return 0;
  });
}

}  // namespace plumb::cli
