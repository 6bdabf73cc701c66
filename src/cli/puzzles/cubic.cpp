// The `cubic` puzzle for the program: the Cubic Eight-Puzzle (AOJ 1268, UVa 1604, POJ 3131) and its
// R x C generalization, answered from a cached table of every start and top view, or by
// bidirectional search or IDA*; contest, pretty and JSON output; exploration of the state space.
#include <fmt/format.h>

#include <algorithm>
#include <iostream>
#include <nlohmann/json.hpp>
#include <ostream>
#include <stdexcept>

#include "cli/registry.hpp"
#include "cli/stats_json.hpp"
#include "plumb/io/counted.hpp"
#include "plumb/puzzles/cubic_io.hpp"
#include "plumb/puzzles/cubic_solve.hpp"
#include "plumb/search/explore.hpp"

namespace plumb::cli {
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
without spaces between letters. `0 0` (or the end of the input) ends the input.
Output (contest): one number per dataset.
  --format pretty   an optimal solution move by move, each die drawn as its top, north-south and
                    east-west colours; moves are named by the way the empty cell goes (u d l r)
  --format json     one JSON object per dataset and line: answer, solution, statistics

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
              Boards without a table: ida. Measurements: docs/cubic.md.

Explore: `plumb explore cubic [FILE]` counts the states reachable from the first dataset's start (by
default the empty cell in the centre) at each depth, and where a table fits, the top views first
reached at each depth: the hardest goals.
)";

cubic::Method method_named(const std::string& name) {
  if (name == "table") return cubic::Method::table;
  if (name == "bidir") return cubic::Method::bidirectional;
  if (name == "ida") return cubic::Method::ida;
  return cubic::Method::automatic;
}

std::string_view method_name(cubic::Method method) {
  switch (method) {
    case cubic::Method::table:
      return "table";
    case cubic::Method::bidirectional:
      return "bidir";
    case cubic::Method::ida:
      return "ida";
    case cubic::Method::automatic:
      break;
  }
  return "auto";
}

std::string solution_letters(const std::vector<cubic::Direction>& path) {
  std::string letters;
  for (cubic::Direction d : path) letters += cubic::letter_of(d);
  return letters;
}

class CubicPuzzle : public Puzzle {
 public:
  std::string_view name() const override { return "cubic"; }
  std::string_view summary() const override {
    return "Cubic Eight-Puzzle (AOJ 1268): roll dice to a top view; cached table, R x C boards";
  }
  std::string_view description() const override { return kDescription; }
  std::vector<std::string> algorithms() const override { return {"auto", "table", "bidir", "ida"}; }

  void add_options(CLI::App& command) override {
    command.add_option("--size", size_, "Board size RxC (rows x columns), at most 21 cells")
        ->check(CLI::Validator(
            [](std::string& text) {
              return parse_size(text) ? std::string() : "expected RxC with 2 to 21 cells";
            },
            "RxC", "board size"))
        ->capture_default_str();
    command.add_option("--max-moves", max_moves_, "Answer -1 when more moves than this are needed")
        ->check(CLI::Range(0, 254))
        ->capture_default_str();
  }

  void solve(io::TextInput& in, const RunOptions& options, std::ostream& out) override {
    const cubic::Board board = *parse_size(size_);
    std::optional<cubic::Solver> solver;
    try {
      solver.emplace(board, method_named(options.algo), max_moves_, options.context);
    } catch (const std::invalid_argument& error) {
      in.fail_at(0, fmt::format("--algo {}: {}", options.algo, error.what()));
    }
    for (int number = 1;; ++number) {
      const std::optional<cubic::Dataset> dataset = cubic::read_dataset(in, board);
      if (!dataset) break;
      const bool had_table = solver->table_build().has_value();
      cubic::Answer answer = solver->solve(*dataset);
      if (search::is_limit(answer.stats.reason)) throw LimitReached(answer.stats);
      if (options.stats) {
        if (!had_table && solver->table_build())
          print_stats(std::cerr, "table build", *solver->table_build());
        print_stats(std::cerr,
                    fmt::format("Dataset {} ({})", number, method_name(solver->last_method())),
                    answer.stats);
      }
      if (options.format != Format::contest && answer.moves >= 0 && !answer.path) {
        answer.path =
            cubic::solve_bidirectional(board, *dataset, answer.moves, options.context).path;
      }
      switch (options.format) {
        case Format::contest:
          out << answer.moves << '\n';
          break;
        case Format::pretty:
          write_pretty(out, board, number, *dataset, answer);
          break;
        case Format::json:
          write_json(out, board, number, *dataset, answer);
          break;
      }
      out.flush();
    }
  }

  void explore(io::TextInput* in, const RunOptions& options, std::ostream& out) override {
    const cubic::Board board = *parse_size(size_);
    int start_empty = (board.rows / 2) * board.cols + board.cols / 2;
    if (in != nullptr) {
      const auto dataset = cubic::read_dataset(*in, board);
      if (!dataset) in->fail("expected a dataset to start from");
      start_empty = dataset->start_empty;
    }
    const cubic::Domain domain(board);
    const cubic::State start = domain.start(start_empty);
    const auto result =
        search::explore(domain, std::span<const cubic::State>(&start, 1), options.context, 4);
    if (search::is_limit(result.stats.reason)) throw LimitReached(result.stats);
    if (options.stats) print_stats(std::cerr, "explore", result.stats);
    std::vector<std::uint64_t> views_at;  // top views whose least moves are each depth
    std::vector<std::uint64_t> hardest;   // view indices at the greatest depth
    if (cubic::ViewTable::fits(board)) {
      search::SearchStats stats;
      const auto least =
          cubic::ViewTable::least_moves_from(board, start_empty, options.context, stats);
      if (search::is_limit(stats.reason)) throw LimitReached(stats);
      for (std::uint64_t index = 0; index < least.size(); ++index) {
        if (least[index] == cubic::ViewTable::kUnreachable) continue;
        if (least[index] >= views_at.size()) views_at.resize(least[index] + 1), hardest.clear();
        ++views_at[least[index]];
        if (least[index] + 1U == views_at.size()) hardest.push_back(index);
      }
    }
    const int x = board.col_of(start_empty) + 1, y = board.row_of(start_empty) + 1;
    if (options.format == Format::json) {
      out << nlohmann::json{{"size", size_},
                            {"start", {x, y}},
                            {"layers", result.layer_sizes},
                            {"total", result.total()},
                            {"top_view_layers", views_at},
                            {"stats", stats_json(result.stats)}}
                 .dump()
          << '\n';
      return;
    }
    out << fmt::format("{}x{} board, empty cell starting at ({}, {}), every die white up:\n",
                       board.rows, board.cols, x, y);
    out << "depth  states     top views first reached\n";
    for (std::size_t depth = 0; depth < std::max(result.layer_sizes.size(), views_at.size());
         ++depth) {
      const auto states =
          depth < result.layer_sizes.size() ? fmt::format("{}", result.layer_sizes[depth]) : "";
      const auto views = depth < views_at.size() ? fmt::format("{}", views_at[depth]) : "";
      out << fmt::format("{:5}  {:<9}  {}\n", depth, states, views);
    }
    std::uint64_t views_total = 0;
    for (std::uint64_t count : views_at) views_total += count;
    out << fmt::format("total  {:<9}  {}\n", result.total(),
                       views_at.empty() ? "" : fmt::format("{}", views_total));
    if (!result.deepest.empty()) {
      out << fmt::format("a deepest state ({}; top, north-south, east-west colours):\n{}",
                         result.layer_sizes.size() - 1,
                         cubic::draw_state(board, result.deepest.front()));
    }
    if (!hardest.empty()) {
      out << fmt::format("the hardest top views ({}):\n", io::counted(views_at.size() - 1, "move"));
      for (std::uint64_t index : hardest) {
        out << cubic::draw_top_view(board, cubic::ViewTable::view_at(board, index)) << '\n';
      }
    }
  }

 private:
  static std::optional<cubic::Board> parse_size(const std::string& text) {
    const auto x = text.find('x');
    if (x == std::string::npos) return std::nullopt;
    const auto rows = io::parse_int(std::string_view(text).substr(0, x));
    const auto cols = io::parse_int(std::string_view(text).substr(x + 1));
    // Each side is bounded before the product, which could overflow (found by options_fuzz).
    if (!rows || !cols || *rows < 1 || *cols < 1 || *rows > cubic::kMaxCells ||
        *cols > cubic::kMaxCells || *rows * *cols < 2 || *rows * *cols > cubic::kMaxCells) {
      return std::nullopt;
    }
    return cubic::Board{static_cast<int>(*rows), static_cast<int>(*cols)};
  }

  void write_pretty(std::ostream& out, const cubic::Board& board, int number,
                    const cubic::Dataset& dataset, const cubic::Answer& answer) const {
    const int x = board.col_of(dataset.start_empty) + 1, y = board.row_of(dataset.start_empty) + 1;
    out << fmt::format("Dataset {}: empty cell at ({}, {}), goal:\n{}", number, x, y,
                       cubic::draw_top_view(board, dataset.goal));
    if (answer.moves < 0) {
      out << fmt::format("more than {} moves needed (-1)\n\n", max_moves_);
      return;
    }
    const cubic::Domain domain(board, dataset.goal);
    cubic::State state = domain.start(dataset.start_empty);
    out << fmt::format("{}: {}\n{}", io::counted(answer.moves, "move"), solution_letters(*answer.path),
                       cubic::draw_state(board, state));
    int step = 0;
    for (cubic::Direction d : *answer.path) {
      domain.apply(state, d);
      out << fmt::format("\nMove {}: {}\n{}", ++step, cubic::letter_of(d),
                         cubic::draw_state(board, state));
    }
    out << '\n';
  }

  void write_json(std::ostream& out, const cubic::Board& board, int number,
                  const cubic::Dataset& dataset, const cubic::Answer& answer) const {
    const int x = board.col_of(dataset.start_empty) + 1, y = board.row_of(dataset.start_empty) + 1;
    nlohmann::json solution = nullptr;
    if (answer.path) solution = solution_letters(*answer.path);
    std::string goal = cubic::draw_top_view(board, dataset.goal);
    std::replace(goal.begin(), goal.end(), '\n', '/');
    goal.pop_back();
    out << nlohmann::json{{"dataset", number},    {"start", {x, y}},
                          {"goal", goal},         {"answer", answer.moves},
                          {"solution", solution}, {"stats", stats_json(answer.stats)}}
               .dump()
        << '\n';
  }

  std::string size_ = "3x3";
  int max_moves_ = 30;
};

}  // namespace

std::unique_ptr<Puzzle> make_cubic_puzzle() {
  return std::make_unique<CubicPuzzle>();
}

}  // namespace plumb::cli
