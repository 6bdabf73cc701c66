// cli/puzzle.hpp: the program's old puzzle interface, which writes to a stream; cubic, pegs and block
// use it until their protocol versions (plumb/protocol/puzzle.hpp) replace them, and then this file,
// src/cli/puzzles/, registry.*, report.cpp and commands/legacy.* go.
//
// A Puzzle's methods run once a command, never in a search loop. A puzzle answers each dataset as
// soon as it is solved, so when a later dataset is bad or a limit stops a search, the answers before
// it are already written; LimitReached (commands.hpp) stops it with ExitCode::limit.
#pragma once

#include <CLI/CLI.hpp>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "cli/commands/commands.hpp"
#include "plumb/io/text_input.hpp"
#include "plumb/search/limits.hpp"

namespace plumb::cli {

enum class Format { contest, pretty, json };

struct RunOptions {
  Format format = Format::contest;
  std::string algo;             // empty: the puzzle's default algorithm
  bool stats = false;           // statistics to standard error
  search::SearchContext context;  // --time-limit, --max-memory, --threads, the progress display
};

class Puzzle {
 public:
  virtual ~Puzzle() = default;

  virtual std::string_view name() const = 0;
  // One line, for `plumb list`.
  virtual std::string_view summary() const = 0;
  // The rules, the input and output formats and the options, for `plumb help NAME`.
  virtual std::string_view description() const = 0;
  // The names --algo accepts; the first is the default.
  virtual std::vector<std::string> algorithms() const = 0;
  // Adds the puzzle's own options (--size, --goal, ...) to `command`, bound to members of this
  // object.
  virtual void add_options(CLI::App& command) = 0;

  // Reads every dataset of `in` and writes each answer to `out` in options.format. Throws
  // io::InputError on bad input and LimitReached when a limit stops a search.
  virtual void solve(io::TextInput& in, const RunOptions& options, std::ostream& out) = 0;
  // Explores everything reachable from a start: the first dataset of `in`, or, when `in` is null,
  // the puzzle's natural start (its goal, for most). Writes the count of states at each depth and
  // the deepest.
  virtual void explore(io::TextInput* in, const RunOptions& options, std::ostream& out) = 0;
};

// Writes `stats` to `err` in the program's one human-readable format, under a label ("dataset 3").
void print_stats(std::ostream& err, std::string_view label, const search::SearchStats& stats);

// Writes an exploration's layer sizes as a two-column table headed by the two names ("depth",
// "states"), one row a layer, then the total.
void print_layers(std::ostream& out, std::string_view depth_name, std::string_view count_name,
                  const std::vector<std::uint64_t>& layer_sizes);

}  // namespace plumb::cli
