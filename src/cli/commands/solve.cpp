// The `solve` and `explore` commands: run a puzzle over an input, under guarded() (driver.cpp).
#include <iostream>

#include "cli/commands/commands.hpp"

namespace plumb::cli {

int run_solve(const PuzzleRun& run) {
  return guarded([&] {
    io::TextInput input = io::TextInput::open(run.file.empty() ? "-" : run.file);
    run.puzzle->solve(input, run.options, std::cout);
    return 0;
  });
}

int run_explore(const PuzzleRun& run) {
  return guarded([&] {
    if (run.file.empty()) {
      run.puzzle->explore(nullptr, run.options, std::cout);
    } else {
      io::TextInput input = io::TextInput::open(run.file);
      run.puzzle->explore(&input, run.options, std::cout);
    }
    return 0;
  });
}

}  // namespace plumb::cli
