// plumb/puzzle_interface/run.hpp: what every front end does with a puzzle's input, written once:
// solve every dataset of an input in order, describe each without a search, or explore from its
// first dataset, and say what a failure means (its exit status and message). The command line
// (src/cli) and the web service (src/serve) both run through here, so they refuse the same input
// with the same message and stop at the same limit.
//
// A search stopped by a limit or a cancellation is the exception LimitReached: the answers before
// it have already gone to the caller's callback. So is a read of the input stopped by one. Bad
// input is io::InputError, bad option values UsageError; current_failure() turns any of them into a
// Failure.
#pragma once

#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "plumb/io/text_input.hpp"
#include "plumb/puzzle_interface/exit_code.hpp"
#include "plumb/puzzle_interface/puzzle.hpp"

namespace plumb::puzzle_interface {

// A search stopped by a limit or a cancellation before it answered, or a read of the input stopped
// by one (read_limits): ExitCode::limit.
class LimitReached : public std::runtime_error {
 public:
  explicit LimitReached(const search::SearchStats& stats);
  LimitReached(search::StopReason reason, const io::ReadProgress& read);
  const search::SearchStats& stats() const { return stats_; }

 private:
  search::SearchStats stats_;
};

// The format a front end names "contest", "pretty" or "json"; nothing for any other name.
std::optional<Format> format_named(std::string_view name);

// The algorithm to run: `requested`, or the puzzle's default when it is empty. Throws
// UsageError("algo", ...) for a name the puzzle does not declare.
std::string chosen_algorithm(const PuzzleInfo& info, std::string_view requested);

// Throws io::InputError ("the input is empty: expected a dataset") when `input` holds nothing but
// white space: every puzzle's input must hold a dataset.
void expect_dataset(io::TextInput& input);

// How a front end reads a puzzle's input from a file or a pipe under `context`
// (io::TextInput::open): lines of at most `max_line_bytes` (PuzzleInfo::max_line_bytes), and a read
// that throws LimitReached when the context is cancelled (an interrupt) or a line's buffer would
// take the process past its memory limit. Text a front end already holds needs neither.
io::ReadLimits read_limits(std::size_t max_line_bytes, const search::SearchContext& context);

// Solves every dataset of `input` with `algorithm`, passing each solution to `answer` in input
// order as soon as it and those before it are found (to keep, if it wants), then checks that
// nothing but white space follows the last dataset. Throws LimitReached at the first search a limit
// stops, io::InputError at bad input: what comes first in the input, after the answers before it.
// Where the instance solves side by side (Instance::solves_side_by_side) and the context allows
// several threads and shares no search among processes, the first dataset is solved alone on every
// thread (it builds or loads what the others read), and the rest side by side, a thread each, read
// by whichever thread is free, a search borrowing the threads left idle (search::SharedThreads);
// `answer` is called on the calling thread all the same. A failure stops the searches after it in
// the input (their answers are never passed on).
void solve_input(const Instance& instance, io::TextInput& input, std::string_view algorithm,
                 const search::SearchContext& context,
                 const std::function<void(Solution&&)>& answer);

// Describes every dataset of `input` in order (Instance::describe), passing each description to
// `description` as soon as it is made, then checks that nothing but white space follows the last
// dataset: the input read as solve_input reads it, without a search. Throws io::InputError at bad
// input.
void describe_input(const Instance& instance, io::TextInput& input,
                    const std::function<void(nlohmann::json&&)>& description);

// Explores from the first dataset of `input`, or from the puzzle's natural start when `input` is
// null. Throws LimitReached when a limit stops it, io::InputError when the input holds no dataset.
Exploration explore_input(const Instance& instance, io::TextInput* input,
                          const search::SearchContext& context);

// Why a front end's run failed: the status it ends with, the message it shows ("FILE:LINE: ...",
// "--OPTION: ...", "stopped by the time limit ..."), and what the message names, for a front end
// that passes them on apart: the input and its line (io::InputError), the option (UsageError), the
// limit (LimitReached).
struct Failure {
  ExitCode status = ExitCode::bad_input;
  std::string message;
  int line = 0;                             // 0: none
  std::string source;                       // the input's name ("<stdin>", a path); empty: none
  std::string option;                       // without dashes ("size"); empty: none
  std::optional<search::StopReason> limit;  // the reason a search stopped
};

// The Failure that the exception being handled stands for: io::InputError and UsageError
// bad_input, LimitReached limit, io::EnvironmentError, filesystem errors and std::bad_alloc
// environment. Rethrows any other exception. Call it only inside a catch block.
Failure current_failure();

}  // namespace plumb::puzzle_interface
