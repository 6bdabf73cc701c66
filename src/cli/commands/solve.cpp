// The `solve` and `explore` commands: run a puzzle over an input; and guarded(), which turns the
// errors of every command's work into the program's messages and exit statuses.
#include <fmt/core.h>

#include <iostream>
#include <new>
#include <string_view>

#include "cli/commands/commands.hpp"
#include "cli/progress.hpp"
#include "plumb/io/environment_error.hpp"

namespace plumb::cli {

int guarded(const std::function<int()>& work) {
  const auto report = [](int status, std::string_view message) {
    std::cout.flush();
    std::cerr << fmt::format("plumb: {}\n", message);
    return status;
  };
  try {
    const int status = work();
    std::cout.flush();
    clear_progress();
    return status;
  } catch (const io::InputError& error) {
    return report(kExitBadInput, fmt::format("{}:{}: {}", error.file(), error.line(), error.what()));
  } catch (const LimitReached& stop) {
    return report(kExitLimit, stop.what());
  } catch (const io::EnvironmentError& failure) {
    return report(kExitEnvironment, failure.what());
  } catch (const std::bad_alloc&) {
    return report(kExitEnvironment, "out of memory");
  }
}

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
