// plumb/puzzle_interface/puzzle.hpp: the interface every built-in puzzle implements, so that
// any front end (the command line, a web service, a cluster run) drives every puzzle the same way.
//
// A Puzzle is its declarations (PuzzleInfo: name, help, options, algorithms; the precomputed tables
// it can build, table_sets.hpp) and, given option values, configures an Instance. An Instance reads
// an input's datasets one at a time, solves a dataset under a search::SearchContext to a structured
// Solution, explores from a dataset or its natural start to an Exploration, and renders either as
// text in a Format; it describes a dataset without solving it (its start, its shape, whether it is
// known to have no solution). Nothing here writes to a stream: a front end decides where text goes,
// so answers before a bad dataset or a limit are its to write. This is the only place puzzles are
// type-erased (a puzzle writes typed calls, and typed_instance.hpp's template erases them): these
// calls run once a dataset, never in a search loop. Bad input throws io::InputError (with its
// line), bad option values UsageError.
#pragma once

#include <any>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "plumb/io/text_input.hpp"
#include "plumb/search/context.hpp"
#include "plumb/search/explore.hpp"

namespace plumb::puzzle_interface {

class TableSets;  // table_sets.hpp

enum class Format { contest, pretty, json };

// One of a puzzle's own options, declared once: the command line makes it `--NAME`, the help lists
// it, a web service describes it. Values travel as text and the puzzle checks them (configure()).
// A `file` option names a file the puzzle reads, or one of its `choices` (values it knows by name),
// or is the file's text itself (any value with a line break): the command line and a library pass
// what they are given, a web service only a choice or a text (it never names its host's files).
// A `flag` is yes or no: the command line's `--NAME` without a value, a web service's and a
// library's true or false; its value travels as "true" or "false", its default "false".
struct OptionSpec {
  enum class Type { integer, text, file, flag };
  // The commands that read it.
  enum class Use { solve_and_explore, solve, explore };
  std::string name;  // without dashes: "size"
  std::string help;  // one line
  Type type = Type::text;
  std::string default_value;         // as it would be typed; empty: none (the help says why)
  long long min = 0, max = 0;        // integer options: the allowed range, inclusive
  std::vector<std::string> choices;  // text options with a fixed set of values (empty: free text);
                                     // file options: the names it takes instead of a file
  Use use = Use::solve_and_explore;  // a command that does not read it does not declare it
  std::string alias = {};            // a shorter name the command line also takes ("def"), or none
};

// Option values by name (without dashes), as text; an option left out takes its default.
using OptionValues = std::map<std::string, std::string, std::less<>>;

// An option value a puzzle cannot use. The front end names the option: "--size: MESSAGE".
class UsageError : public std::runtime_error {
 public:
  UsageError(std::string option, const std::string& message)
      : std::runtime_error(message), option_(std::move(option)) {}
  const std::string& option() const { return option_; }

 private:
  std::string option_;
};

// The longest line a puzzle's input may have unless it says otherwise: 1 MiB, thousands of times
// what a line of a contest's dataset holds (a board of a few dozen tiles, a row of cards, dice or
// holes).
inline constexpr std::size_t kMaxInputLineBytes = std::size_t{1} << 20;

struct PuzzleInfo {
  std::string name;          // "gap"
  std::string summary;       // one line, for `plumb list`
  std::string description;   // rules, formats and options, for `plumb help NAME`
  std::string dataset_noun;  // what a dataset is called in messages and stats: "Deal", "Board"
  std::vector<OptionSpec> options;
  std::vector<std::string> algorithms;  // the first is the default
  // The longest input line any dataset can need: a longer one is bad input, refused as soon as it
  // is read that far (io::ReadLimits).
  std::size_t max_line_bytes = kMaxInputLineBytes;
};

// One dataset of an input: its number (from 1), the line it starts on, the puzzle's own data, and
// the input it came from (a later problem with the dataset is an io::InputError at source:line).
struct Dataset {
  std::size_t number = 0;
  std::size_t line = 0;
  std::any data;
  std::string source;  // the input's name ("<stdin>", a path), for messages about the dataset
};

// The structured answer to one dataset. `moves` and `states` are JSON in the puzzle's own
// vocabulary (docs/json.md): what a client needs to show the solution without knowing the puzzle's
// code.
struct Solution {
  std::size_t dataset = 0;              // the dataset's number
  std::size_t line = 0;                 // the line it starts on
  std::optional<std::uint64_t> length;  // the optimal length; nothing when there is no solution
  bool optimal = true;                  // whether the length is proven optimal (false: a limit)
  nlohmann::json moves;                 // an array of moves, or null when there is no solution
  std::vector<nlohmann::json> states;   // the start, then the state after each move; empty while
                                        // not recorded (PathRecording)
  // reason: solved, exhausted (there is none), depth_limit (none within the puzzle's bound on the
  // length, as cubic's --max-moves), else the limit that stopped it
  search::SearchStats stats;
  std::string algorithm;  // the algorithm asked for, one of PuzzleInfo::algorithms ("auto")
  std::string method;     // the algorithm that ran: `algorithm`, or the one `auto` chose ("ida")
  std::any answer;        // the puzzle's own result, for its renderings
};

// An exploration: the states at each depth from a start, and a few of the deepest.
struct Exploration : search::LayerCounts {
  std::string origin;                   // what it started from: "the goal", "random deal 1"
  nlohmann::json start;                 // the state it started from, as JSON
  std::vector<nlohmann::json> deepest;  // some states of the last layer, as JSON
  std::any detail;                      // the puzzle's own result, for its renderings
};

// Reads an input's datasets in order.
class DatasetReader {
 public:
  virtual ~DatasetReader() = default;
  // The next dataset, or nothing after the last one (by the input's count, end or terminator).
  virtual std::optional<Dataset> next() = 0;
};

// How much of a solution's path solve() works out: the moves and the states (JSON, for every
// move), which the contest text does not need and which a front end may want for only a few of
// many solutions.
enum class PathRecording {
  full,      // moves and states filled
  deferred,  // the moves found and kept in the answer; moves null and states empty until
             // Instance::record_path() fills them
  length,    // the length alone: moves null and states empty even when there is a solution (length
             // says whether there is one), and a puzzle may save the work of finding the moves
             // (cubic's table answers with a lookup, gap's search keeps no tree)
};

// A puzzle with its options set.
class Instance {
 public:
  virtual ~Instance() = default;

  // Starts reading the datasets of `in`, which must outlive the reader.
  virtual std::unique_ptr<DatasetReader> read(io::TextInput& in) const = 0;
  // Solves one dataset with `algorithm` (one of PuzzleInfo::algorithms). A limit or a cancellation
  // returns a Solution without moves whose stats.reason says which (search::is_limit).
  virtual Solution solve(const Dataset& dataset, std::string_view algorithm,
                         const search::SearchContext& context) const = 0;
  // Whether solve() may run on several threads at once, each on a dataset of its own (the instance
  // guards what its solves share), its searches taking their threads by search::ThreadLease.
  // solve_input then solves a batch's datasets side by side, a thread each, where the context
  // allows more threads than one: many short searches, each too small to share among threads, keep
  // every core busy so.
  virtual bool solves_side_by_side() const { return false; }
  // Explores everything reachable from `start`, or from the puzzle's natural start when it is null.
  virtual Exploration explore(const Dataset* start, const search::SearchContext& context) const = 0;

  // The text a front end writes for a solution or an exploration, ending in a newline.
  virtual std::string render(const Solution& solution, Format format) const = 0;
  virtual std::string render(const Exploration& exploration, Format format) const = 0;
  // The JSON record of a solution or an exploration (docs/json.md): what render writes as text in
  // Format::json, as a value for a front end that puts it into a document of its own.
  virtual nlohmann::json to_json(const Solution& solution) const = 0;
  virtual nlohmann::json to_json(const Exploration& exploration) const = 0;

  // What a front end shows of a dataset before any search (docs/json.md, the read record): its
  // number and line, its start as JSON (the state a solution's `states` begin with), the puzzle's
  // own facts of its shape, and "unsolvable": why it has no solution where the puzzle knows without
  // a search, else null. Quick: no search, no table loaded.
  virtual nlohmann::json describe(const Dataset& dataset) const = 0;

  // A start drawn at random from `seed`: the text of one dataset in the puzzle's input format,
  // the same for the same seed on every machine (random_draws.hpp), always one with a solution.
  // Uniform over the starts that have one where the puzzle can draw so; a puzzle that must search
  // to know draws until its own solver finds a solution, under `context` (a limit throws as a
  // solve's would). Throws UsageError when the options leave no start with a solution.
  virtual std::string scramble(std::uint64_t seed, const search::SearchContext& context) const = 0;

  // How much of a solution's path solve() works out (PathRecording); full unless set otherwise.
  void set_path_recording(PathRecording recording) { path_recording_ = recording; }
  PathRecording path_recording() const { return path_recording_; }

  // Fills `solution`'s moves and states from its answer when solve() deferred them
  // (PathRecording::deferred); does nothing when they are filled. Precondition: `solution` came
  // from this instance's solve() under full or deferred recording.
  void record_path(Solution& solution) const {
    if (solution.states.empty()) fill_path(solution);
  }

 private:
  // Sets solution.moves and solution.states from solution.answer (and whatever the pretty and
  // JSON renderings need there): what solve() does last under PathRecording::full.
  virtual void fill_path(Solution& solution) const = 0;

  PathRecording path_recording_ = PathRecording::full;
};

class Puzzle {
 public:
  using Configure =
      std::function<std::unique_ptr<Instance>(const PuzzleInfo& info, const OptionValues& values)>;

  // A puzzle with precomputed tables declares them (table_sets.hpp); null: it has none.
  Puzzle(PuzzleInfo info, Configure configure, std::shared_ptr<const TableSets> tables = nullptr);

  const PuzzleInfo& info() const { return info_; }
  // An instance with these option values (the rest at their defaults). Throws UsageError.
  std::unique_ptr<Instance> configure(const OptionValues& options) const;
  // The precomputed tables it declares; null if none.
  const std::shared_ptr<const TableSets>& table_sets() const { return tables_; }

 private:
  PuzzleInfo info_;
  Configure configure_;
  std::shared_ptr<const TableSets> tables_;
};

}  // namespace plumb::puzzle_interface
