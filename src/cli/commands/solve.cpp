// The `solve` and `explore` commands: run a puzzle over an input, turning errors into the program's
// messages and exit statuses.
#include <fmt/core.h>

#include <iostream>

#include "cli/commands/commands.hpp"
#include "cli/progress.hpp"
#include "plumb/io/environment_error.hpp"

namespace plumb::cli {
namespace {

template <class Work>
int guarded(Work&& work) {
  try {
    work();
    std::cout.flush();
    clear_progress();
    return 0;
  } catch (const io::InputError& error) {
    std::cout.flush();
    clear_progress();
    std::cerr << fmt::format("plumb: {}:{}: {}\n", error.file(), error.line(), error.what());
    return kExitBadInput;
  } catch (const LimitReached& stop) {
    std::cout.flush();
    clear_progress();
    std::cerr << fmt::format("plumb: {}\n", stop.what());
    return kExitLimit;
  } catch (const io::EnvironmentError& failure) {
    std::cout.flush();
    clear_progress();
    std::cerr << fmt::format("plumb: {}\n", failure.what());
    return kExitEnvironment;
  }
}

}  // namespace

int run_solve(const PuzzleRun& run) {
  return guarded([&] {
    io::TextInput input = io::TextInput::open(run.file.empty() ? "-" : run.file);
    run.puzzle->solve(input, run.options, std::cout);
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
  });
}

}  // namespace plumb::cli
