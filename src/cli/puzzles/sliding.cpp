// The `sliding` puzzle for the program: the 8-puzzle contest format (POJ 1077, HDU 1043) and every
// board up to 5x5, solved optimally by a distance table (small boards), IDA* over pattern databases
// (4x4, 5x5: built on first use, saying so) or IDA*; contest, pretty and JSON output; exploration
// of whole state spaces.
#include <fmt/format.h>

#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <stdexcept>

#include "cli/progress.hpp"
#include "cli/registry.hpp"
#include "cli/stats_json.hpp"
#include "plumb/io/counted.hpp"
#include "plumb/puzzles/sliding_solver.hpp"
#include "plumb/puzzles/sliding_text.hpp"
#include "plumb/search/explore.hpp"

namespace plumb::cli {
namespace {

using puzzles::size_name;
using puzzles::SlidingMove;
using puzzles::SlidingSize;
using puzzles::SlidingSolution;
using puzzles::SlidingSolver;
using puzzles::SlidingState;

constexpr std::string_view kDescription =
    R"(sliding: sliding-tile puzzles (POJ 1077 "Eight", HDU 1043, the 15- and 24-puzzles)

Rules. A board of R rows and C columns holds the tiles 1 .. R*C-1 and one blank. A move slides a
tile next to the blank into it; moves are named by the direction the BLANK moves: u d l r.
Goal: the tiles in order, row by row, with the blank last (1 2 3 4 5 6 7 8 x).

Input: one board per line until the end of input, R*C tokens row by row: the tiles and the blank,
written x or 0. The size is inferred from a square token count (9 -> 3x3, 16 -> 4x4, 25 -> 5x5) or
given with --size. Blank lines are skipped.
Output (contest): one line per board: a shortest move string, `unsolvable`, or an empty line when
the board is already solved.
  --format pretty   the boards step by step
  --format json     one JSON object per board and line: moves, length, statistics

Options:
  --size RxC        boards of R rows and C columns (R, C >= 2, R*C <= 25), e.g. 2x4, 3x4
  --goal G          blank-last (default), blank-first (0 1 2 ...: Korf's benchmark sets), or an
                    explicit board in quotes, e.g. --goal "1 2 3 8 x 4 7 6 5"
  --algo A          auto (default): the table on boards of at most 2,000,000 states (3x3, 2x5 and
                    smaller); beyond, pdb where there are pattern databases (4x4, 5x5, or the --pdb
                    set) and the goal's blank is in a corner; else ida.
                    table: a breadth-first distance table of the goal's half of the states, built
                    once and cached, each board then a walk down it.
                    pdb: IDA* over additive pattern databases with reflection, on --threads
                    threads (default: one a core); the databases are built on first use (15-7-8:
                    about 1.5 minutes on 2 cores, 24-6666: about 2; 1.3 GB of memory), saying so on
                    standard error, and then loaded from the cache ($PLUMB_CACHE, else
                    ~/.cache/plumb; see plumb pdb).
                    ida: IDA* with Manhattan distance plus linear conflicts, nothing to build.
                    astar, bfs, bidir: the generic engine's A*, breadth-first and bidirectional
                    breadth-first search.
  --pdb SET         the pattern databases of pdb (default 15-7-8 on 4x4, 24-6666 on 5x5):
                    15-7-8, 24-6666, 15-555 (4x4, small and quick to build), 8-44 (3x3), 7-34
                    (2x4); the set must match the board's size
Unsolvable boards are answered at once by the parity rule, with every algorithm.

Explore: `plumb explore sliding --size RxC [FILE]` counts the states at each depth from the goal
(or from the first board of FILE) and shows the deepest; boards of up to 2^33 states (3x4: 239,500,800).
)";

// What --size and --goal said, checked once the command line is parsed.
struct BoardSettings {
  std::optional<SlidingSize> size;  // --size, else inferred from each line
  puzzles::BlankPlace blank = puzzles::BlankPlace::last;
  std::optional<SlidingState> explicit_goal;  // --goal "tiles"; its size is then `size`
};

BoardSettings check_settings(const std::string& size_text, const std::string& goal_text) {
  BoardSettings settings;
  if (!size_text.empty()) {
    auto size = puzzles::parse_size(size_text);
    if (!size)
      throw CLI::ValidationError("--size",
                                 io::quote(size_text) + " is not a size such as 3x3 or 2x4");
    if (!puzzles::is_valid_sliding_size(size->rows, size->cols)) {
      throw CLI::ValidationError(
          "--size", "a board needs at least 2 rows and 2 columns and at most 25 cells");
    }
    settings.size = size;
  }
  if (goal_text == "blank-last") return settings;
  if (goal_text == "blank-first") {
    settings.blank = puzzles::BlankPlace::first;
    return settings;
  }
  if (!settings.size) {
    settings.size = puzzles::square_size(puzzles::count_tokens(goal_text));
    if (!settings.size) {
      throw CLI::ValidationError("--goal",
                                 "expected blank-last, blank-first or a square board of tiles "
                                 "(or give --size RxC)");
    }
  }
  SlidingState goal;
  const std::string error = puzzles::read_board(goal_text, *settings.size, goal);
  if (!error.empty()) throw CLI::ValidationError("--goal", error);
  settings.explicit_goal = goal;
  return settings;
}

// The partition --pdb names (null when it is not given).
const puzzles::SlidingPartition* check_partition(const std::string& name) {
  if (name.empty()) return nullptr;
  const puzzles::SlidingPartition* partition = puzzles::find_sliding_partition(name);
  if (partition == nullptr) {
    throw CLI::ValidationError("--pdb", "no pattern database set named " + io::quote(name) +
                                            "; the sets: " + puzzles::sliding_partition_list());
  }
  return partition;
}

class SlidingPuzzle : public Puzzle {
 public:
  std::string_view name() const override { return "sliding"; }
  std::string_view summary() const override {
    return "sliding-tile puzzles (POJ 1077 Eight, the 15- and 24-puzzles): shortest solutions, up "
           "to 5x5";
  }
  std::string_view description() const override { return kDescription; }
  std::vector<std::string> algorithms() const override {
    std::vector<std::string> names;
    for (const auto& algorithm : puzzles::sliding_algorithms()) names.emplace_back(algorithm.name);
    return names;
  }

  void add_options(CLI::App& command) override {
    command.add_option("--size", size_text_,
                       "Board size RxC (default: inferred from a square token count)");
    command
        .add_option("--goal", goal_text_,
                    "blank-last, blank-first, or the goal board's tiles in quotes")
        ->capture_default_str();
    command.add_option(
        "--pdb", pdb_name_,
        "Pattern databases of --algo pdb, one of: " + puzzles::sliding_partition_list() +
            " (default: 15-7-8 on 4x4, 24-6666 on 5x5)");
    command.callback([this] {
      settings_ = check_settings(size_text_, goal_text_);
      partition_ = check_partition(pdb_name_);
    });
  }

  // Answers go to a buffer written out every 64 KiB, after any instance that took a millisecond or
  // more, at the end, and before an error propagates: so fast runs make few system calls and slow
  // ones show each answer when it is found.
  void solve(io::TextInput& in, const RunOptions& options, std::ostream& out) override {
    const puzzles::SlidingAlgorithm& algorithm = *puzzles::find_sliding_algorithm(options.algo);
    std::string line, text;
    SlidingState board;
    SlidingSolution solution;
    int boards = 0;
    auto write_out = [&] {
      out.write(text.data(), static_cast<std::streamsize>(text.size()));
      out.flush();
      text.clear();
    };
    try {
      while (in.next_line(line)) {
        if (line.find_first_not_of(" \t\r\f\v") == std::string::npos) continue;
        const SlidingSize size = size_of(in, line);
        SlidingSolver* solver = nullptr;
        try {
          solver = &solver_for(size);
          if (const std::string error = puzzles::read_board(line, size, board); !error.empty())
            in.fail(error);
          solver->solve(board, algorithm, options.context, solution);
        } catch (const std::invalid_argument& error) {
          in.fail(error.what());
        }
        if (search::is_limit(solution.stats.reason)) throw LimitReached(solution.stats);
        const std::string label = fmt::format("Board {}", ++boards);
        if (options.stats) print_stats(std::cerr, label, solution.stats);
        switch (options.format) {
          case Format::contest:
            write_contest(text, solution);
            break;
          case Format::pretty:
            write_pretty(text, label, *solver, board, solution);
            break;
          case Format::json:
            write_json(text, in.line_number(), size, board, solution);
            break;
        }
        if (text.size() >= (1 << 16) || solution.stats.seconds >= 1e-3) write_out();
      }
    } catch (...) {
      write_out();
      throw;
    }
    write_out();
  }

  void explore(io::TextInput* in, const RunOptions& options, std::ostream& out) override;

 private:
  // The board size of `line`: --size, or the square of its token count.
  SlidingSize size_of(const io::TextInput& in, const std::string& line) const {
    if (settings_.size) return *settings_.size;
    const int tokens = puzzles::count_tokens(line);
    auto size = puzzles::square_size(tokens);
    if (!size) {
      in.fail(fmt::format(
          "cannot infer a square board from {} (4, 9, 16 or 25); give --size RxC",
          io::counted(static_cast<std::uint64_t>(tokens), "token")));
    }
    return *size;
  }

  SlidingState goal_for(SlidingSize size) const {
    return settings_.explicit_goal
               ? *settings_.explicit_goal
               : puzzles::ordered_sliding_goal(size.rows, size.cols, settings_.blank);
  }

  SlidingSolver& solver_for(SlidingSize size) {
    if (last_ != nullptr && last_->size() == size) return *last_;
    for (auto& solver : solvers_) {
      if (solver->size() == size) return *(last_ = solver.get());
    }
    solvers_.push_back(std::make_unique<SlidingSolver>(size, goal_for(size), partition_));
    return *(last_ = solvers_.back().get());
  }

  static void write_contest(std::string& text, const SlidingSolution& solution) {
    if (!solution.solvable) {
      text += "unsolvable\n";
      return;
    }
    puzzles::append_moves(text, solution.moves.data(), solution.moves.size());
    text += '\n';
  }

  static void write_pretty(std::string& text, std::string_view label, const SlidingSolver& solver,
                           SlidingState board, const SlidingSolution& solution) {
    if (!solution.solvable) {
      text += fmt::format("{}: unsolvable\n", label);
      puzzles::append_board(text, board, solver.size());
      text += '\n';
      return;
    }
    std::string moves;
    puzzles::append_moves(moves, solution.moves.data(), solution.moves.size());
    text += fmt::format("{}: {}: {}\n", label, io::counted(solution.moves.size(), "move"), moves);
    puzzles::append_board(text, board, solver.size());
    for (std::size_t i = 0; i < solution.moves.size(); ++i) {
      solver.domain().apply(board, solution.moves[i]);
      text += fmt::format("\n{}. {}\n", i + 1, puzzles::to_letter(solution.moves[i]));
      puzzles::append_board(text, board, solver.size());
    }
    text += '\n';
  }

  static void write_json(std::string& text, int line, SlidingSize size, const SlidingState& board,
                         const SlidingSolution& solution) {
    nlohmann::json answer = {{"line", line},
                             {"size", size_name(size)},
                             {"board", puzzles::board_line(board, size)},
                             {"solvable", solution.solvable}};
    if (solution.solvable) {
      std::string moves;
      puzzles::append_moves(moves, solution.moves.data(), solution.moves.size());
      answer["moves"] = moves;
      answer["length"] = solution.moves.size();
    }
    answer["stats"] = stats_json(solution.stats);
    text += answer.dump();
    text += '\n';
  }

  std::string size_text_;
  std::string goal_text_ = "blank-last";
  std::string pdb_name_;
  BoardSettings settings_;
  const puzzles::SlidingPartition* partition_ = nullptr;  // --pdb; null for each size's default
  std::vector<std::unique_ptr<SlidingSolver>> solvers_;   // one per board size met
  SlidingSolver* last_ = nullptr;
};

void SlidingPuzzle::explore(io::TextInput* in, const RunOptions& options, std::ostream& out) {
  SlidingSize size = settings_.size.value_or(SlidingSize{3, 3});
  SlidingState start;
  std::string origin = "the goal";
  if (in != nullptr) {
    std::string line;
    if (!in->next_nonblank_line(line)) in->fail("no board to explore from: the input is empty");
    size = size_of(*in, line);
    if (const std::string error = puzzles::read_board(line, size, start); !error.empty())
      in->fail(error);
    origin = fmt::format("{} line {}", in->name(), in->line_number());
  } else {
    start = goal_for(size);
  }
  const int cells = size.rows * size.cols;
  const std::uint64_t states = cells <= puzzles::kMaxRankedSlidingCells
                                   ? encode::count_permutations(static_cast<std::size_t>(cells)) / 2
                                   : 0;
  if (states == 0 || states > search::kDenseExploreLimit) {
    const std::string count = states == 0 ? "more than 2^64" : fmt::format("{}", states);
    const std::string message = fmt::format("a {} board has {} states: explore handles at most {}",
                                            size_name(size), count, search::kDenseExploreLimit);
    if (in != nullptr) in->fail(message);
    throw io::InputError("--size", 0, message);
  }
  const puzzles::RankedSlidingDomain domain(size.rows, size.cols, goal_for(size), start);
  const auto result = search::explore(domain, std::span(&start, 1), options.context, 16);
  if (!result.complete()) throw LimitReached(result.stats);
  if (options.stats) print_stats(std::cerr, "explore", result.stats);
  const int max_depth = static_cast<int>(result.layer_sizes.size()) - 1;
  constexpr std::size_t kShown = 4;
  if (options.format == Format::json) {
    nlohmann::json deepest = nlohmann::json::array();
    for (const SlidingState& s : result.deepest) deepest.push_back(puzzles::board_line(s, size));
    nlohmann::json report = {
        {"size", size_name(size)},      {"start", puzzles::board_line(start, size)},
        {"states", result.total()},     {"max_depth", max_depth},
        {"layers", result.layer_sizes}, {"deepest_count", result.layer_sizes.back()},
        {"deepest", deepest},           {"stats", stats_json(result.stats)}};
    out << report.dump() << '\n';
    return;
  }
  out << fmt::format("{} board, from {}: {}\n", size_name(size), origin,
                     puzzles::board_line(start, size));
  print_layers(out, "depth", "states", result.layer_sizes);
  std::string text =
      fmt::format("the deepest are {} away: {}", io::counted(max_depth, "move"),
                  io::counted(result.layer_sizes.back(), "state"));
  const std::size_t shown = std::min(kShown, result.deepest.size());
  text += shown < result.layer_sizes.back() ? fmt::format(", the first {}:\n", shown) : ":\n";
  for (std::size_t i = 0; i < shown; ++i) {
    text += '\n';
    puzzles::append_board(text, result.deepest[i], size);
  }
  out << text;
}

}  // namespace

std::unique_ptr<Puzzle> make_sliding_puzzle() {
  return std::make_unique<SlidingPuzzle>();
}

}  // namespace plumb::cli
