// The `solve` and `explore` commands: run a puzzle over an input; and guarded(), which turns the
// errors of every command's work into the program's messages and exit statuses.
#include <fmt/core.h>

#include <iostream>
#include <new>
#include <string>
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
    // Line 0 is the input as a whole (it is empty, say): then only the file is named.
    const std::string where =
        error.line() == 0 ? error.file() : fmt::format("{}:{}", error.file(), error.line());
    return report(kExitBadInput, fmt::format("{}: {}", where, error.what()));
  } catch (const LimitReached& stop) {
    return report(kExitLimit, stop.what());
  } catch (const io::EnvironmentError& failure) {
    return report(kExitEnvironment, failure.what());
  } catch (const std::bad_alloc&) {
    return report(kExitEnvironment, "out of memory");
  }
}

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
