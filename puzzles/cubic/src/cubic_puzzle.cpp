// The `cubic` puzzle in the one puzzle interface (puzzle_interface/puzzle.hpp): the Cubic
// Eight-Puzzle (AOJ 1268, UVa 1604, POJ 3131) and its R x C generalization, answered from a cached
// table of every start and top view, by bidirectional search or by IDA*; explored from a start.
//
// JSON vocabulary: a move is the letter of the way the empty cell goes ("u", "d", "l", "r"); a
// state is the board's rows, each die as its top, north-south and east-west colours ("WRB") and
// the empty cell as "..."; a top view is its rows of letters W, R, B, E. A solution's record adds
// "goal" (the top view) and, when this dataset's answer built the table, "table_build" (its
// statistics, which the solution's statistics also count, so that --stats shows all the work of
// each dataset); an exploration's adds "size" ("RxC") and "top_view_layers" (the top views first
// reached at each depth, where a table fits), and its statistics count the search for those top
// views with the exploration's. A dataset's description adds "rows", "columns" and "goal"; it never
// says a dataset is unsolvable (the reader refuses a goal without one E; the rest needs a search).
// An answer of -1 (none within --max-moves) stops with depth_limit
// whichever method looked, so that its status is "none_within_bound".
//
// An instance keeps one cubic::Solver a method, made on first use, so that `auto` learns across the
// datasets it answers and a table is loaded or built once (or lent by the front end's
// io::TableLender: the tables of the boards cubic_table_sets.hpp declares); its solves run one at a
// time.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <stdexcept>
#include <utility>

#include "cubic_table_sets.hpp"
#include "plumb/io/counted.hpp"
#include "plumb/puzzle_interface/builtin.hpp"
#include "plumb/puzzle_interface/options.hpp"
#include "plumb/puzzle_interface/random_draws.hpp"
#include "plumb/puzzle_interface/render.hpp"
#include "plumb/puzzle_interface/typed_instance.hpp"
#include "plumb/puzzles/cubic_io.hpp"
#include "plumb/puzzles/cubic_solve.hpp"
#include "plumb/puzzles/grid_size.hpp"
#include "plumb/search/explore.hpp"

namespace plumb::puzzle_interface {
namespace {

namespace cubic = puzzles::cubic;

constexpr std::string_view kDescription =
    R"(cubic: the Cubic Eight-Puzzle (AOJ 1268, UVa 1604, POJ 3131)

Rules. A 3 x 3 board holds 8 identical dice and one empty cell. Opposite faces of a die have the same
colour: white (W), red (R) or blue (B). At the start every die shows white on top, red to the north
and south, blue to the east and west. A move rolls a die over its edge into the adjacent empty cell.
The answer is the fewest moves that make the top view equal the goal, or -1 if that needs more than
30 moves (--max-moves).

Input: datasets, each a line `x y` (the empty cell's column and row, from 1 at the top left), then 3
lines of 3 letters W, R, B, E (the goal seen from above; E marks the empty cell, anywhere), with or
without spaces between letters. `0 0` (or the end of the input) ends the input. A start played on
from there is given in full instead of `x y`: 3 lines of 3 dice as --format pretty draws them, each
its top, north-south and east-west colours (`RWB`), `...` the empty cell; ida answers it.
Output (contest): one number per dataset.
  --format pretty   an optimal solution move by move, each die drawn as its top, north-south and
                    east-west colours; moves are named by the way the empty cell goes (u d l r)
  --format json     one JSON object per dataset and line (docs/json.md): status, length, moves,
                    states, method, statistics, goal

Options:
  --size RxC        boards of R rows and C columns, R*C-1 dice, at most 21 cells (default 3x3)
  --max-moves N     the contest's limit of 30 moves, changed
  --algo auto|table|bidir|ida
      table   the least moves from every start to every top view, built once by breadth-first
              search (about 3 s for 3x3) and kept in the cache directory ($PLUMB_CACHE, else
              ~/.cache/plumb); then a dataset is one lookup. Boards of at most 2^25 states only
              (boards of at most 9 cells).
      bidir   bidirectional breadth-first search from the start and from all 2^(R*C-1) states
              that show the goal at once.
      ida     IDA* with an admissible bound on the walk the empty cell must make.
      auto    (default) the table when it is cached; otherwise ida until the searches have
              cost about as much as building the table, then the table, saved for later runs.
              Boards without a table: ida. Measurements: puzzles/cubic/README.md.

Explore: `plumb explore cubic [FILE]` counts the states reachable from the first dataset's start (by
default the empty cell in the centre) at each depth, and where a table fits, the top views first
reached at each depth: the hardest goals.
)";

// The one mapping of algorithm names to methods; the first is the default.
constexpr std::array<NamedAlgorithm<cubic::CubicAlgorithm>, 4> kMethods{{
    {"auto", cubic::CubicAlgorithm::automatic},
    {"table", cubic::CubicAlgorithm::table},
    {"bidir", cubic::CubicAlgorithm::bidirectional},
    {"ida", cubic::CubicAlgorithm::ida},
}};

std::string_view name_of(cubic::CubicAlgorithm method) {
  return std::find_if(kMethods.begin(), kMethods.end(),
                      [&](const auto& named) { return named.algorithm == method; })
      ->name;
}

const PuzzleInfo& cubic_info() {
  static const PuzzleInfo info = [] {
    PuzzleInfo info;
    info.name = "cubic";
    info.summary =
        "Cubic Eight-Puzzle (AOJ 1268): roll dice to a top view; cached table, R x C boards";
    info.description = kDescription;
    info.dataset_noun = "Dataset";
    info.options = {
        {.name = "size",
         .help = "Board size RxC (rows x columns), at most 21 cells",
         .type = OptionSpec::Type::text,
         .default_value = "3x3",
         .choices = {}},
        {.name = "max-moves",
         .help = "Answer -1 when more moves than this are needed",
         .type = OptionSpec::Type::integer,
         .default_value = "30",
         .min = 0,
         .max = 254,
         .choices = {},
         .use = OptionSpec::Use::solve},
    };
    info.algorithms = algorithm_names(kMethods);
    return info;
  }();
  return info;
}

// A drawing (draw_state, draw_top_view) as JSON: its lines, each an array of its tokens.
nlohmann::json drawing_json(const std::string& drawing) {
  nlohmann::json rows = nlohmann::json::array();
  std::size_t begin = 0;
  for (std::size_t end = drawing.find('\n'); end != std::string::npos;
       begin = end + 1, end = drawing.find('\n', begin)) {
    nlohmann::json row = nlohmann::json::array();
    for (std::string_view token :
         io::split_tokens(std::string_view(drawing).substr(begin, end - begin)))
      row.push_back(std::string(token));
    rows.push_back(std::move(row));
  }
  return rows;
}

// A drawing from its JSON (drawing_json's): each row's words, one line a row.
std::string drawn_rows(const nlohmann::json& rows) {
  std::string text;
  for (const nlohmann::json& row : rows) {
    const char* separator = "";
    for (const nlohmann::json& word : row) {
      text += separator + word.get<std::string>();
      separator = " ";
    }
    text += '\n';
  }
  return text;
}

// The (x, y) of a cell as the input names it: column and row from 1.
std::pair<int, int> position_of(const cubic::Board& board, int cell) {
  return {board.col_of(cell) + 1, board.row_of(cell) + 1};
}

// What a cubic Solution's `answer` holds.
struct CubicResult {
  cubic::Dataset dataset;
  cubic::CubicSolution answer;                                      // a path whenever moves >= 0
  cubic::CubicAlgorithm method = cubic::CubicAlgorithm::automatic;  // the one that answered
  std::optional<search::SearchStats> table_build;  // when this dataset's answer built the table
};

// What a cubic Exploration's `detail` holds.
struct CubicSurvey {
  cubic::State start;
  std::vector<cubic::State> deepest;
  std::vector<std::uint64_t> views_at;  // top views whose least moves are each depth
  std::vector<std::uint64_t> hardest;   // the view indices at the greatest depth
};

class CubicReader : public DatasetReader {
 public:
  CubicReader(io::TextInput& in, cubic::Board board) : in_(in), board_(board) {}

  std::optional<Dataset> next() override {
    if (ended_ || in_.only_blank_left()) return end();
    const auto line = static_cast<std::size_t>(in_.line_number());  // the lookahead's: `x y`
    std::optional<cubic::Dataset> dataset = cubic::read_dataset(in_, board_);
    if (!dataset) return end();
    return Dataset{++read_, line, std::move(*dataset), in_.name()};
  }

 private:
  std::optional<Dataset> end() {
    ended_ = true;  // after `0 0` nothing more is a dataset
    return std::nullopt;
  }

  io::TextInput& in_;
  cubic::Board board_;
  std::size_t read_ = 0;
  bool ended_ = false;
};

class CubicInstance : public TypedInstance<cubic::Dataset, CubicResult, CubicSurvey> {
 public:
  // `tables`, if given, lends the declared boards' tables (cubic_table_sets.hpp).
  CubicInstance(cubic::Board board, int max_moves, std::shared_ptr<const io::TableLender> tables)
      : TypedInstance(cubic_info()),
        board_(board),
        max_moves_(max_moves),
        tables_(std::move(tables)) {}

  std::unique_ptr<DatasetReader> read(io::TextInput& in) const override {
    return std::make_unique<CubicReader>(in, board_);
  }

 private:
  Found<CubicResult> find_solution(const Dataset& /*dataset*/, const cubic::Dataset& data,
                                   std::string_view algorithm,
                                   const search::SearchContext& context) const override {
    const cubic::CubicAlgorithm method = named_algorithm(kMethods, algorithm).algorithm;
    CubicResult result;
    result.dataset = data;
    {
      const std::lock_guard lock(solvers_mutex_);
      cubic::Solver& solver = solver_for(method, context);
      const bool had_table = solver.table_build().has_value();
      result.answer = solver.solve(result.dataset, context);
      result.method = solver.last_method();
      if (!had_table) result.table_build = solver.table_build();
    }
    cubic::CubicSolution& answer = result.answer;
    if (result.table_build) answer.stats += *result.table_build;  // the work this answer cost
    if (answer.moves >= 0 && !answer.path &&
        path_recording() != PathRecording::length) {  // the table gives the length alone
      cubic::CubicSolution walk =
          cubic::solve_bidirectional(board_, result.dataset, answer.moves, context);
      answer.path = std::move(walk.path);
      answer.stats += walk.stats;
      if (search::is_limit(walk.stats.reason)) answer.stats.reason = walk.stats.reason;
    }
    Found<CubicResult> found{.stats = answer.stats, .method = std::string(name_of(result.method))};
    if (answer.moves >= 0 && !search::is_limit(answer.stats.reason)) {
      found.length = static_cast<std::size_t>(answer.moves);
    } else if (answer.moves < 0 && !search::is_limit(answer.stats.reason)) {
      // -1: none within --max-moves, whichever method looked (the table says exhausted)
      found.stats.reason = search::StopReason::depth_limit;
    }
    found.answer = std::move(result);
    return found;
  }

  // The empty cell drawn uniformly, and as goal the top view after --max-moves random rolls from
  // there (none undoing the one before): a goal within the contest's limit.
  std::string scramble(std::uint64_t seed,
                       const search::SearchContext& /*context*/) const override {
    std::mt19937_64 random(seed);
    const int empty = static_cast<int>(
        puzzle_interface::uniform_below(random, static_cast<std::uint64_t>(board_.cells())));
    const cubic::CubicDomain domain(board_);
    cubic::State state = domain.start(empty);
    std::optional<cubic::Direction> last;
    for (int roll = 0; roll < max_moves_; ++roll) {
      std::vector<cubic::Direction> rolls;
      domain.for_each_move(state, [&](cubic::Direction d) {
        if (!last || d != cubic::opposite(*last)) rolls.push_back(d);
      });
      last = rolls[puzzle_interface::uniform_below(random, rolls.size())];
      domain.apply(state, *last);
    }
    return fmt::format("{} {}\n{}", board_.col_of(empty) + 1, board_.row_of(empty) + 1,
                       cubic::draw_top_view(board_, domain.top_view(state)));
  }

  Surveyed<CubicSurvey> survey(const Dataset* /*start*/, const cubic::Dataset* data,
                               const search::SearchContext& context) const override {
    Surveyed<CubicSurvey> surveyed;
    Exploration& exploration = surveyed.exploration;
    CubicSurvey& survey = surveyed.detail;
    const cubic::CubicDomain domain(board_);
    survey.start = data != nullptr
                       ? cubic::start_state(board_, *data)
                       : domain.start((board_.rows / 2) * board_.cols + board_.cols / 2);
    const cubic::State& origin = survey.start;
    auto states = search::explore(domain, std::span<const cubic::State>(&origin, 1), context, 4);
    static_cast<search::LayerCounts&>(exploration) = states;
    exploration.origin = origin_text(survey);
    exploration.start = state_json(origin);
    survey.deepest = std::move(states.deepest);
    for (const cubic::State& state : survey.deepest)
      exploration.deepest.push_back(state_json(state));
    if (!search::is_limit(exploration.stats.reason) && cubic::ViewTable::fits(board_)) {
      search::SearchStats view_stats;
      const auto least = cubic::ViewTable::least_moves_from(board_, origin, context, view_stats);
      exploration.stats += view_stats;
      if (search::is_limit(view_stats.reason)) exploration.stats.reason = view_stats.reason;
      for (std::uint64_t index = 0; index < least.size(); ++index) {
        if (least[index] == cubic::ViewTable::kUnreachable) continue;
        if (least[index] >= survey.views_at.size()) {
          survey.views_at.resize(least[index] + 1);
          survey.hardest.clear();
        }
        ++survey.views_at[least[index]];
        if (least[index] + 1U == survey.views_at.size()) survey.hardest.push_back(index);
      }
    }
    return surveyed;
  }

  // Solution::states from the start and, when there is a solution, its moves and the states
  // after each.
  void path_from(const CubicResult& result, Solution& solution) const override {
    const cubic::CubicDomain domain(board_, result.dataset.goal);
    cubic::State state = cubic::start_state(board_, result.dataset);
    solution.states.push_back(state_json(state));
    if (!solution.length || !result.answer.path) return;
    solution.moves = nlohmann::json::array();
    for (cubic::Direction d : *result.answer.path) {
      domain.apply(state, d);
      solution.moves.push_back(std::string(1, cubic::letter_of(d)));
      solution.states.push_back(state_json(state));
    }
  }

  nlohmann::json start_json(const cubic::Dataset& data) const override {
    return state_json(cubic::start_state(board_, data));
  }

  void add_dataset_fields(nlohmann::json& record, const cubic::Dataset& data) const override {
    record["rows"] = board_.rows;
    record["columns"] = board_.cols;
    record["goal"] = goal_json(data);
  }

  std::string solution_text(const Solution& solution, const CubicResult& result,
                            Format format) const override {
    if (format == Format::contest) return fmt::format("{}\n", result.answer.moves);
    return pretty_solution(
        info(), solution,
        {.legend = "Each die is drawn as the colours of its top, north-south and east-west faces "
                   "(W white, R red, B blue), ... as the empty cell; a goal as the colours "
                   "facing up, E the empty cell. A move names the way the empty cell goes: u "
                   "up, d down, l left, r right.",
         .beyond_bound = fmt::format("more than {} needed", io::counted(max_moves_, "move")),
         .about = "Goal, seen from above:\n" + cubic::draw_top_view(board_, result.dataset.goal) +
                  "Start:\n",
         .draw = drawn_rows,
         .say = [](const nlohmann::json& move) { return move.get<std::string>(); }});
  }

  void add_solution_fields(nlohmann::json& record, const CubicResult& result) const override {
    record["goal"] = goal_json(result.dataset);
    if (result.table_build) record["table_build"] = stats_json(*result.table_build);
  }

  void add_exploration_fields(nlohmann::json& record, const CubicSurvey& survey) const override {
    record["size"] = fmt::format("{}x{}", board_.rows, board_.cols);
    record["top_view_layers"] = survey.views_at;
  }

  std::string exploration_text(const Exploration& exploration,
                               const CubicSurvey& survey) const override {
    std::string text =
        fmt::format("{}x{} board, from {}:\n", board_.rows, board_.cols, origin_text(survey));
    text += "depth  states     top views first reached\n";
    const std::vector<std::uint64_t>& states = exploration.layer_sizes;
    for (std::size_t depth = 0; depth < std::max(states.size(), survey.views_at.size()); ++depth) {
      text += fmt::format(
          "{:5}  {:<9}  {}\n", depth, depth < states.size() ? fmt::format("{}", states[depth]) : "",
          depth < survey.views_at.size() ? fmt::format("{}", survey.views_at[depth]) : "");
    }
    std::uint64_t views_total = 0;
    for (std::uint64_t count : survey.views_at) views_total += count;
    text += fmt::format("total  {:<9}  {}\n", exploration.total(),
                        survey.views_at.empty() ? "" : fmt::format("{}", views_total));
    if (!survey.deepest.empty()) {
      text += fmt::format("a deepest state ({}; top, north-south, east-west colours):\n{}",
                          states.size() - 1, cubic::draw_state(board_, survey.deepest.front()));
    }
    if (!survey.hardest.empty()) {
      text += fmt::format("the hardest top views ({}):\n",
                          io::counted(survey.views_at.size() - 1, "move"));
      for (std::uint64_t index : survey.hardest)
        text += cubic::draw_top_view(board_, cubic::ViewTable::view_at(board_, index)) + '\n';
    }
    return text;
  }

  // Where an exploration starts, in words.
  std::string origin_text(const CubicSurvey& survey) const {
    const auto [x, y] = position_of(board_, survey.start.empty);
    return survey.start == cubic::CubicDomain(board_).start(survey.start.empty)
               ? fmt::format("the empty cell at ({}, {}), every die white up", x, y)
               : fmt::format("the start given in full (the empty cell at ({}, {}))", x, y);
  }

  nlohmann::json state_json(const cubic::State& state) const {
    return drawing_json(cubic::draw_state(board_, state));
  }

  // A dataset's goal, its top view's rows of letters.
  nlohmann::json goal_json(const cubic::Dataset& data) const {
    return drawing_json(cubic::draw_top_view(board_, data.goal));
  }

  // The solver of `method`, made under `context` on first use. Holds solvers_mutex_.
  cubic::Solver& solver_for(cubic::CubicAlgorithm method,
                            const search::SearchContext& context) const {
    if (auto found = solvers_.find(method); found != solvers_.end()) return found->second;
    try {
      return solvers_.try_emplace(method, board_, method, max_moves_, context, tables_.get())
          .first->second;
    } catch (const std::invalid_argument& error) {
      throw UsageError("algo", fmt::format("{}: {}", name_of(method), error.what()));
    }
  }

  cubic::Board board_;
  int max_moves_;
  std::shared_ptr<const io::TableLender> tables_;  // outlives the solvers, which borrow through it
  mutable std::mutex solvers_mutex_;
  mutable std::map<cubic::CubicAlgorithm, cubic::Solver> solvers_;
};

std::unique_ptr<Instance> configure_cubic(const PuzzleInfo& info, const OptionValues& options,
                                          std::shared_ptr<const io::TableLender> tables) {
  const std::string size = text_option(info, options, "size");
  std::string error;
  const std::optional<puzzles::GridSize> board = puzzles::read_grid_size(
      size, {.min_side = 1, .min_cells = 2, .max_cells = cubic::kMaxCells}, error);
  if (!board) throw UsageError("size", error);
  const auto max_moves = static_cast<int>(integer_option(info, options, "max-moves"));
  return std::make_unique<CubicInstance>(cubic::Board{board->rows, board->cols}, max_moves,
                                         std::move(tables));
}

}  // namespace

std::unique_ptr<Puzzle> make_cubic_puzzle(std::shared_ptr<const io::TableLender> tables) {
  return std::make_unique<Puzzle>(
      cubic_info(),
      [tables](const PuzzleInfo& info, const OptionValues& options) {
        return configure_cubic(info, options, tables);
      },
      cubic::cubic_table_sets());
}

}  // namespace plumb::puzzle_interface
