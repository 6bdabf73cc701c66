// The sliding-tile puzzle behind the puzzle interface (puzzle_interface/builtin.hpp:
// make_sliding_puzzle): the 8-puzzle contest format (POJ 1077, HDU 1043) and every board up to 5x5,
// solved optimally by puzzles::SlidingSolver's algorithms (a distance table, IDA* over pattern
// databases, ...); contest, pretty and JSON renderings; exploration of whole state spaces; its
// pattern database sets declared to the front ends that load, build and list them
// (sliding_table_sets.hpp).
//
// A dataset is one non-blank line: a board of --size, or of the square of its token count. Moves
// are named by the way the blank goes (JSON "u" "d" "l" "r"); a state is the array of tiles row by
// row, 0 for the blank. A dataset's description adds its "rows", "columns" and "goal", and a
// board of the other parity than the goal's is unsolvable. An instance keeps one solver per board
// size met (their tables and pattern databases are built once, or lent by the front end's
// io::TableLender), so it is used by one thread at a time.
#include <fmt/format.h>

#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <random>
#include <stdexcept>

#include "plumb/encode/permutation_rank.hpp"
#include "plumb/io/counted.hpp"
#include "plumb/puzzle_interface/builtin.hpp"
#include "plumb/puzzle_interface/options.hpp"
#include "plumb/puzzle_interface/render.hpp"
#include "plumb/puzzle_interface/typed_instance.hpp"
#include "plumb/puzzles/sliding_io.hpp"
#include "plumb/puzzles/sliding_solve.hpp"
#include "plumb/search/explore.hpp"
#include "sliding_table_sets.hpp"

namespace plumb::puzzles {
namespace {

using puzzle_interface::Format;
using puzzle_interface::UsageError;

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
  --format json     one JSON object per board and line (docs/json.md): status, length, moves,
                    states, method (what auto chose), statistics

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
                    threads (default: one a core); the databases are built on first use, saying
                    so on standard error (15-7-8: about 1.5 minutes on 2 cores and 1.3 GB of
                    memory; 24-6666: about 3 minutes and 0.5 GB), then loaded from the cache
                    ($PLUMB_CACHE, else ~/.cache/plumb; see plumb pdb) into 288 MB (15-7-8)
                    or 255 MB (24-6666) of memory.
                    astar-ida: A* over the same databases until it stores 10,000,000 states
                    (with --max-memory: what a quarter of it holds), then IDA* from A*'s
                    frontier (Bu and Korf 2019).
                    ida: IDA* with Manhattan distance plus linear conflicts, nothing to build.
                    astar, bfs, bidir: the generic engine's A*, breadth-first and bidirectional
                    breadth-first search.
  --pdb SET         the pattern databases of pdb (default 15-7-8 on 4x4, 24-6666 on 5x5):
                    15-7-8, 24-6666, 15-555 (4x4, small and quick to build), 8-44 (3x3), 7-34
                    (2x4); the set must match the board's size
Unsolvable boards are answered at once by the parity rule, with every algorithm.

Explore: `plumb explore sliding --size RxC [FILE]` counts the states at each depth from the goal
(or from the first board of FILE) and shows the deepest; boards of up to 2^33 states (3x4: 239,500,800)
a process: bigger ones across the processes of an MPI job (docs/scale-out.md).
)";

// A board read from the input.
struct SlidingBoard {
  SlidingSize size;
  SlidingState board;
};

// What a solution's renderings need: the start and the moves.
struct SlidingAnswer {
  SlidingSize size;
  bool solvable = false;
  SlidingState start;
  std::vector<SlidingMove> moves;
};

// What an exploration's renderings need besides its counts.
struct SlidingReach {
  SlidingSize size;
  SlidingState start;
  std::vector<SlidingState> deepest;
};

constexpr std::size_t kKeptDeepest = 16;  // deepest boards an exploration keeps; 4 are drawn
constexpr std::size_t kDrawnDeepest = 4;

nlohmann::json board_json(const SlidingState& board, SlidingSize size) {
  nlohmann::json tiles = nlohmann::json::array();
  for (int cell = 0; cell < size.rows * size.cols; ++cell) tiles.push_back(board.cells[cell]);
  return tiles;
}

// A board drawn from its JSON (board_json's), one line a row.
std::string drawn_board(const nlohmann::json& tiles, SlidingSize size) {
  SlidingState board{};
  for (int cell = 0; cell < size.rows * size.cols; ++cell)
    board.cells[cell] = tiles.at(static_cast<std::size_t>(cell)).get<std::uint8_t>();
  std::string text;
  append_board(text, board, size);
  return text;
}

// What --size, --goal and --pdb said.
struct SlidingSettings {
  std::optional<SlidingSize> size;  // --size, else inferred from each line
  BlankPlace blank = BlankPlace::last;
  std::optional<SlidingState> explicit_goal;      // --goal "tiles"; its size is then `size`
  const SlidingPartition* partition = nullptr;    // --pdb; null for each size's default
  std::shared_ptr<const io::TableLender> tables;  // the front end's loaded sets, if any
};

std::optional<SlidingSize> size_option(const puzzle_interface::PuzzleInfo& info,
                                       const puzzle_interface::OptionValues& options) {
  const std::string given = puzzle_interface::text_option(info, options, "size");
  if (given.empty()) return std::nullopt;
  std::string error;
  const auto size = read_grid_size(given, kSlidingBounds, error);
  if (!size) throw UsageError("size", error);
  return size;
}

void read_goal_option(const puzzle_interface::PuzzleInfo& info,
                      const puzzle_interface::OptionValues& options, SlidingSettings& settings) {
  const std::string goal_text = puzzle_interface::text_option(info, options, "goal");
  if (goal_text == "blank-last") return;
  if (goal_text == "blank-first") {
    settings.blank = BlankPlace::first;
    return;
  }
  if (!settings.size) {
    settings.size = square_size(count_tokens(goal_text));
    if (!settings.size) {
      throw UsageError("goal",
                       "expected blank-last, blank-first or a square board of tiles (or give "
                       "--size RxC)");
    }
  }
  SlidingState goal;
  if (const std::string error = read_board(goal_text, *settings.size, goal); !error.empty())
    throw UsageError("goal", error);
  settings.explicit_goal = goal;
}

const SlidingPartition* partition_option(const puzzle_interface::PuzzleInfo& info,
                                         const puzzle_interface::OptionValues& options) {
  const std::string given = puzzle_interface::text_option(info, options, "pdb");
  if (given.empty()) return nullptr;
  const SlidingPartition* partition = find_sliding_partition(given);
  if (partition == nullptr) {
    throw UsageError("pdb", "no pattern database set named " + io::quote(given) +
                                "; the sets: " + sliding_partition_list());
  }
  return partition;
}

class SlidingInstance
    : public puzzle_interface::TypedInstance<SlidingBoard, SlidingAnswer, SlidingReach> {
 public:
  SlidingInstance(const puzzle_interface::PuzzleInfo& info, SlidingSettings settings)
      : TypedInstance(info), settings_(settings) {}

  std::unique_ptr<puzzle_interface::DatasetReader> read(io::TextInput& in) const override;

  // The board size of `line`: --size, or the square of its token count.
  SlidingSize size_of(const io::TextInput& in, const std::string& line) const {
    if (settings_.size) return *settings_.size;
    const int tokens = count_tokens(line);
    const auto size = square_size(tokens);
    if (!size) {
      in.fail(fmt::format("cannot infer a square board from {} (4, 9, 16 or 25); give --size RxC",
                          io::counted(static_cast<std::uint64_t>(tokens), "token")));
    }
    return *size;
  }

 private:
  SlidingState goal_for(SlidingSize size) const {
    return settings_.explicit_goal ? *settings_.explicit_goal
                                   : ordered_sliding_goal(size.rows, size.cols, settings_.blank);
  }

  SlidingSolver& solver_for(SlidingSize size) const {
    if (last_ != nullptr && last_->size() == size) return *last_;
    for (auto& solver : solvers_) {
      if (solver->size() == size) return *(last_ = solver.get());
    }
    solvers_.push_back(std::make_unique<SlidingSolver>(size, goal_for(size), settings_.partition,
                                                       settings_.tables.get()));
    return *(last_ = solvers_.back().get());
  }

  puzzle_interface::Found<SlidingAnswer> find_solution(
      const puzzle_interface::Dataset& dataset, const SlidingBoard& start,
      std::string_view algorithm, const search::SearchContext& context) const override;
  void path_from(const SlidingAnswer& answer, puzzle_interface::Solution& solution) const override;
  nlohmann::json start_json(const SlidingBoard& start) const override {
    return board_json(start.board, start.size);
  }
  std::optional<std::string> unsolvable_reason(const SlidingBoard& start) const override;
  // A uniformly random board of --size (3x3 without it) that reaches the goal.
  std::string scramble(std::uint64_t seed,
                       const search::SearchContext& /*context*/) const override {
    const SlidingSize size = settings_.size.value_or(SlidingSize{3, 3});
    std::mt19937_64 random(seed);
    return board_line(SlidingDomain(size.rows, size.cols, goal_for(size)).random_solvable(random),
                      size) +
           '\n';
  }
  void add_dataset_fields(nlohmann::json& record, const SlidingBoard& start) const override {
    record["rows"] = start.size.rows;
    record["columns"] = start.size.cols;
    record["goal"] = board_json(goal_for(start.size), start.size);
  }
  puzzle_interface::Surveyed<SlidingReach> survey(
      const puzzle_interface::Dataset* start, const SlidingBoard* board,
      const search::SearchContext& context) const override;
  std::string solution_text(const puzzle_interface::Solution& solution, const SlidingAnswer& answer,
                            Format format) const override;
  std::string exploration_text(const puzzle_interface::Exploration& exploration,
                               const SlidingReach& reach) const override;
  void add_solution_fields(nlohmann::json& record, const SlidingAnswer& answer) const override {
    record["size"] = size_name(answer.size);
  }
  void add_exploration_fields(nlohmann::json& record, const SlidingReach& reach) const override {
    record["size"] = size_name(reach.size);
  }

  SlidingSettings settings_;
  mutable std::vector<std::unique_ptr<SlidingSolver>> solvers_;  // one per board size met
  mutable SlidingSolver* last_ = nullptr;
};

// One board a non-blank line, to the end of the input.
class SlidingReader : public puzzle_interface::DatasetReader {
 public:
  SlidingReader(const SlidingInstance& instance, io::TextInput& in)
      : instance_(instance), in_(in) {}

  std::optional<puzzle_interface::Dataset> next() override {
    if (!in_.next_nonblank_line(line_)) return std::nullopt;
    SlidingBoard board{instance_.size_of(in_, line_), {}};
    if (const std::string error = read_board(line_, board.size, board.board); !error.empty())
      in_.fail(error);
    return puzzle_interface::Dataset{++count_, static_cast<std::size_t>(in_.line_number()), board,
                                     in_.name()};
  }

 private:
  const SlidingInstance& instance_;
  io::TextInput& in_;
  std::string line_;  // the line read last (kept: its buffer serves the next)
  std::size_t count_ = 0;
};

std::unique_ptr<puzzle_interface::DatasetReader> SlidingInstance::read(io::TextInput& in) const {
  return std::make_unique<SlidingReader>(*this, in);
}

puzzle_interface::Found<SlidingAnswer> SlidingInstance::find_solution(
    const puzzle_interface::Dataset& dataset, const SlidingBoard& start, std::string_view algorithm,
    const search::SearchContext& context) const {
  const SlidingAlgorithm& named =
      puzzle_interface::named_algorithm(sliding_algorithms(), algorithm);
  SlidingSolution found;
  try {  // a --pdb set or a goal the board's size or the algorithm cannot use
    solver_for(start.size).solve(start.board, named, context, found);
  } catch (const std::invalid_argument& error) {
    throw io::InputError(dataset.source, static_cast<int>(dataset.line), error.what());
  }
  puzzle_interface::Found<SlidingAnswer> result{.stats = found.stats,
                                                .method = std::string(found.method)};
  if (found.solvable && !search::is_limit(found.stats.reason)) result.length = found.moves.size();
  result.answer = SlidingAnswer{start.size, found.solvable, start.board, std::move(found.moves)};
  return result;
}

// The boards from the start, one a move, and the moves, as JSON.
void SlidingInstance::path_from(const SlidingAnswer& answer,
                                puzzle_interface::Solution& solution) const {
  const SlidingDomain& domain = solver_for(answer.size).domain();
  SlidingState board = answer.start;
  solution.states.push_back(board_json(board, answer.size));
  if (!solution.length) return;
  solution.moves = nlohmann::json::array();
  for (const SlidingMove move : answer.moves) {
    domain.apply(board, move);
    solution.moves.push_back(std::string(1, to_letter(move)));
    solution.states.push_back(board_json(board, answer.size));
  }
}

// The parity rule every algorithm answers by, told without making a solver (and its tables).
std::optional<std::string> SlidingInstance::unsolvable_reason(const SlidingBoard& start) const {
  const SlidingState goal = goal_for(start.size);
  if (SlidingDomain(start.size.rows, start.size.cols, goal).is_solvable(start.board))
    return std::nullopt;
  return fmt::format(
      "this board has the wrong parity for the goal {}: no sequence of moves reaches it",
      board_line(goal, start.size));
}

std::string SlidingInstance::solution_text(const puzzle_interface::Solution& solution,
                                           const SlidingAnswer& answer, Format format) const {
  if (format == Format::contest) {
    if (!answer.solvable) return "unsolvable\n";
    std::string moves;
    moves.reserve(answer.moves.size() + 1);
    append_moves(moves, answer.moves.data(), answer.moves.size());
    moves += '\n';
    return moves;
  }
  return puzzle_interface::pretty_solution(
      info(), solution,
      {.legend = "x is the blank; a move says where it goes: u up, d down, l left, r right.",
       .draw = [&](const nlohmann::json& tiles) { return drawn_board(tiles, answer.size); },
       .say = [](const nlohmann::json& move) { return move.get<std::string>(); }});
}

puzzle_interface::Surveyed<SlidingReach> SlidingInstance::survey(
    const puzzle_interface::Dataset* start, const SlidingBoard* board,
    const search::SearchContext& context) const {
  puzzle_interface::Surveyed<SlidingReach> surveyed;
  puzzle_interface::Exploration& exploration = surveyed.exploration;
  SlidingReach& reach = surveyed.detail;
  reach.size = settings_.size.value_or(SlidingSize{3, 3});
  exploration.origin = "the goal";
  if (start != nullptr) {
    reach.size = board->size;
    reach.start = board->board;
    exploration.origin = fmt::format("{} line {}", start->source, start->line);
  } else {
    reach.start = goal_for(reach.size);
  }
  const int cells = reach.size.rows * reach.size.cols;
  const std::uint64_t states = cells <= kMaxRankedSlidingCells
                                   ? encode::count_permutations(static_cast<std::size_t>(cells)) / 2
                                   : 0;
  const auto& group = context.distribution.exchange;
  const std::uint64_t processes = group != nullptr ? static_cast<std::uint64_t>(group->size()) : 1;
  if (states == 0 || states / processes > search::kDenseExploreLimit) {
    const std::string count =
        states == 0 ? "more than 2^64" : io::human_count(static_cast<double>(states));
    const std::string message =
        fmt::format("a {} board has {} states, too many to count: explore counts at most {}{}",
                    size_name(reach.size), count,
                    io::human_count(static_cast<double>(search::kDenseExploreLimit)),
                    processes > 1 ? " a process" : "");
    if (start != nullptr)
      throw io::InputError(start->source, static_cast<int>(start->line), message);
    throw UsageError("size", message);
  }
  const RankedSlidingDomain domain(reach.size.rows, reach.size.cols, goal_for(reach.size),
                                   reach.start);
  auto result = search::explore(domain, std::span(&reach.start, 1), context, kKeptDeepest);
  static_cast<search::LayerCounts&>(exploration) = result;
  exploration.start = board_json(reach.start, reach.size);
  for (const SlidingState& board : result.deepest)
    exploration.deepest.push_back(board_json(board, reach.size));
  reach.deepest = std::move(result.deepest);
  return surveyed;
}

std::string SlidingInstance::exploration_text(const puzzle_interface::Exploration& exploration,
                                              const SlidingReach& reach) const {
  std::string text = fmt::format("{} board, from {}: {}\n", size_name(reach.size),
                                 exploration.origin, board_line(reach.start, reach.size));
  text += puzzle_interface::layers_table("depth", "states", exploration);
  const std::uint64_t deepest_count =
      exploration.layer_sizes.empty() ? 0 : exploration.layer_sizes.back();
  text += fmt::format("the deepest are {} away: {}",
                      io::counted(exploration.layer_sizes.size() - 1, "move"),
                      io::counted(deepest_count, "state"));
  const std::size_t shown = std::min(kDrawnDeepest, reach.deepest.size());
  text += shown < deepest_count ? fmt::format(", the first {}:\n", shown) : ":\n";
  for (std::size_t i = 0; i < shown; ++i) {
    text += '\n';
    append_board(text, reach.deepest[i], reach.size);
  }
  return text;
}

puzzle_interface::PuzzleInfo sliding_info() {
  puzzle_interface::PuzzleInfo info;
  info.name = "sliding";
  info.summary =
      "sliding-tile puzzles (POJ 1077 Eight, the 15- and 24-puzzles): shortest solutions, up to "
      "5x5";
  info.description = kDescription;
  info.dataset_noun = "Board";
  using Type = puzzle_interface::OptionSpec::Type;
  info.options = {
      {.name = "size",
       .help = "Board size RxC (default: inferred from a square token count)",
       .type = Type::text,
       .default_value = "",
       .choices = {}},
      {.name = "goal",
       .help = "blank-last, blank-first, or the goal board's tiles in quotes",
       .type = Type::text,
       .default_value = "blank-last",
       .choices = {}},
      {.name = "pdb",
       .help = "Pattern databases of --algo pdb, one of: " + sliding_partition_list() +
               " (default: 15-7-8 on 4x4, 24-6666 on 5x5)",
       .type = Type::text,
       .default_value = "",
       .choices = {},
       .use = puzzle_interface::OptionSpec::Use::solve},
  };
  info.algorithms = puzzle_interface::algorithm_names(sliding_algorithms());
  return info;
}

std::unique_ptr<puzzle_interface::Instance> configure_sliding(
    const puzzle_interface::PuzzleInfo& info, const puzzle_interface::OptionValues& options,
    const std::shared_ptr<const io::TableLender>& tables) {
  SlidingSettings settings;
  settings.tables = tables;
  settings.size = size_option(info, options);
  read_goal_option(info, options, settings);
  settings.partition = partition_option(info, options);
  return std::make_unique<SlidingInstance>(info, settings);
}

}  // namespace
}  // namespace plumb::puzzles

namespace plumb::puzzle_interface {

std::unique_ptr<Puzzle> make_sliding_puzzle(std::shared_ptr<const io::TableLender> tables) {
  return std::make_unique<Puzzle>(
      puzzles::sliding_info(),
      [tables](const PuzzleInfo& info, const OptionValues& options) {
        return puzzles::configure_sliding(info, options, tables);
      },
      puzzles::sliding_table_sets());
}

}  // namespace plumb::puzzle_interface
