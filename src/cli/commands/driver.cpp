// How every command runs: guarded() turns what a command throws into the program's message and exit
// status, and checks that its output was written; report_cache_line() prints the table cache's
// notices and warnings. See commands.hpp for the statuses.
#include <fmt/core.h>

#include <cerrno>
#include <cstring>
#include <iostream>

#include "cli/commands/commands.hpp"
#include "cli/progress.hpp"
#include "plumb/protocol/run.hpp"

namespace plumb::cli {
namespace {

// For its life, a failed write to standard output throws std::ios_base::failure at once: the
// command stops at the first answer that cannot be written, and errno still says why. (Standard
// error is tied to standard output, so writing a message flushes it too, and may throw.)
class OutputFailuresThrow {
 public:
  OutputFailuresThrow() { std::cout.exceptions(std::ios::badbit); }
  ~OutputFailuresThrow() { std::cout.exceptions(std::ios::goodbit); }
  OutputFailuresThrow(const OutputFailuresThrow&) = delete;
  OutputFailuresThrow& operator=(const OutputFailuresThrow&) = delete;
};

// Standard output written out (so that answers come before a message about a later dataset) and the
// progress line erased.
void finish_output() {
  std::cout.flush();
  clear_progress();
}

ExitCode report(const std::string& message, ExitCode status) {
  std::cerr << fmt::format("plumb: {}\n", message);
  return status;
}

// Runs the command, mapping its failures to messages and statuses (protocol::current_failure);
// output failures propagate.
ExitCode run_reported(const std::function<ExitCode()>& command) {
  try {
    const ExitCode status = command();
    finish_output();
    return status;
  } catch (...) {
    const protocol::Failure failure = protocol::current_failure();
    finish_output();
    return report(failure.message, failure.status);
  }
}

}  // namespace

ExitCode guarded(const std::function<ExitCode()>& command) {
  try {
    const OutputFailuresThrow output_failures_throw;  // off again before a handler writes a message
    return run_reported(command);
  } catch (const std::exception&) {
    // What the stream throws is std::ios_base::failure of libstdc++'s old ABI, which a catch of
    // the new one does not match (GCC bug 66145); the stream's state says it was the output.
    if (!std::cout.bad()) throw;
    const int reason = errno;
    clear_progress();
    return report(fmt::format("cannot write the output: {}", std::strerror(reason)),
                  ExitCode::environment);
  }
}

void report_cache_line(const std::string& line) {
  clear_progress();
  std::cerr << fmt::format("plumb: {}\n", line);
}

}  // namespace plumb::cli
