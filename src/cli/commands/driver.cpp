// How every command runs: guarded() turns what a command throws into the program's message and exit
// status, and checks that its output was written; report_cache_line() prints the table cache's
// notices and warnings. See commands.hpp for the statuses.
#include <fmt/core.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <iostream>
#include <string_view>
#include <vector>

#include "cli/commands/commands.hpp"
#include "cli/progress.hpp"
#include "plumb/puzzle_interface/run.hpp"

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
  std::cerr << fmt::format("plumb: {}\n", with_arguments_quoted(message));
  return status;
}

// The longest piece of the command line a message shows as it is: a long path (a file deep in a
// tree) but not a pasted screenful.
constexpr std::size_t kLongestShownArgument = 256;

// See quote_arguments_in_messages(): the longest first, so that a piece is replaced before any
// piece of it.
std::vector<std::string>& arguments_to_quote() {
  static std::vector<std::string> pieces;
  return pieces;
}

// Runs the command, mapping its failures to messages and statuses
// (puzzle_interface::current_failure); output failures propagate.
ExitCode run_reported(const std::function<ExitCode()>& command) {
  try {
    const ExitCode status = command();
    finish_output();
    return status;
  } catch (...) {
    const puzzle_interface::Failure failure = puzzle_interface::current_failure();
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

void finish_command(const std::function<ExitCode()>& command) {
  throw CLI::RuntimeError(puzzle_interface::status(guarded(command)));
}

void quote_arguments_in_messages(int argc, char** argv) {
  std::vector<std::string>& pieces = arguments_to_quote();
  pieces.clear();
  const auto add = [&](std::string_view piece) {
    if (piece.size() > kLongestShownArgument || io::printable(piece) != piece)
      pieces.emplace_back(piece);
  };
  for (int i = 1; i < argc; ++i) {
    const std::string_view word = argv[i];
    add(word);
    if (const std::size_t equals = word.find('='); word.starts_with('-') && equals != word.npos) {
      add(word.substr(0, equals));
      add(word.substr(equals + 1));
    }
  }
  std::sort(pieces.begin(), pieces.end(),
            [](const std::string& a, const std::string& b) { return a.size() > b.size(); });
}

std::string with_arguments_quoted(std::string message) {
  for (const std::string& piece : arguments_to_quote()) {
    const std::string shown = io::quote(piece);
    for (std::size_t at = message.find(piece); at != std::string::npos;
         at = message.find(piece, at + shown.size()))
      message.replace(at, piece.size(), shown);
  }
  return message;
}

void report_cache_line(const std::string& line) {
  clear_progress();
  std::cerr << fmt::format("plumb: {}\n", line);
}

}  // namespace plumb::cli
