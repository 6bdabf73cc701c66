// How every command runs: guarded() turns what a command throws into the program's message and exit
// status, and checks that its output was written; report_cache_line() prints the table cache's
// notices and warnings; LimitReached's message. See commands.hpp for the statuses.
#include <fmt/core.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <new>

#include "cli/commands/commands.hpp"
#include "cli/progress.hpp"
#include "plumb/io/counted.hpp"
#include "plumb/io/environment_error.hpp"

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

// Runs the command, mapping its failures to messages and statuses; output failures propagate.
ExitCode run_reported(const std::function<ExitCode()>& command) {
  try {
    const ExitCode status = command();
    finish_output();
    return status;
  } catch (const io::InputError& error) {
    finish_output();
    return report(error.located(), ExitCode::bad_input);
  } catch (const protocol::UsageError& error) {
    finish_output();
    return report(fmt::format("--{}: {}", error.option(), error.what()), ExitCode::bad_input);
  } catch (const LimitReached& stop) {
    finish_output();
    return report(stop.what(), ExitCode::limit);
  } catch (const io::EnvironmentError& failure) {
    finish_output();
    return report(failure.what(), ExitCode::environment);
  } catch (const std::filesystem::filesystem_error& failure) {
    finish_output();
    return report(failure.what(), ExitCode::environment);
  } catch (const std::bad_alloc&) {
    finish_output();
    return report("out of memory", ExitCode::environment);
  }
}

}  // namespace

LimitReached::LimitReached(const search::SearchStats& stats)
    : std::runtime_error(fmt::format(
          "{} after {:.1f} s and {} expanded states",
          stats.reason == search::StopReason::cancelled
              ? std::string("interrupted")
              : fmt::format("stopped by the {}", search::to_string(stats.reason)),
          stats.seconds, io::human_count(static_cast<double>(stats.expanded)))),
      stats_(stats) {}

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
