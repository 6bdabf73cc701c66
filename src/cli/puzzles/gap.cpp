// The `gap` puzzle for the program: the Gap card solitaire (POJ 2046) and larger decks up to
// Montana's 4 x 13, solved by BFS, A* or bidirectional BFS; contest, pretty and JSON output.
#include <fmt/format.h>

#include <iostream>
#include <nlohmann/json.hpp>
#include <ostream>

#include "cli/registry.hpp"
#include "cli/stats_json.hpp"
#include "plumb/io/counted.hpp"
#include "plumb/puzzles/gap_io.hpp"
#include "plumb/puzzles/gap_solver.hpp"

namespace plumb::cli {
namespace {

using puzzles::GapAlgorithm;
using puzzles::GapLayout;
using puzzles::GapMove;
using puzzles::GapShape;

constexpr std::string_view kDescription = R"(gap: the Gap card solitaire (POJ 2046, BOJ 3937)

Rules. The 28 cards 11..47 (suit 1-4, then value 1-7) are dealt in 4 rows of 7, with an empty
column added on the left. The aces move first, each to the left column of its own suit's row (11 to
row 1, ...), leaving four gaps; these moves are not counted. A move fills a gap with the card one
higher, of the same suit, than the card on the gap's left; a gap right of a 7 or of another gap
cannot be filled. Goal: row s holds s1 s2 ... s7 in order, the gaps in the last column. The answer
is the fewest moves, or -1 when the goal cannot be reached.

Input: a count T, then T deals of 4 lines of 7 cards (blank lines may separate deals).
Output (contest): one number per deal.
  --format pretty   replays an optimal solution move by move, drawing the layout
  --format json     one JSON object per deal and line: answer, moves, statistics

Options:
  --suits S --values V   S rows of V cards (defaults 4 and 7). Cards are two digits while S and V
                         are at most 9; `suit.value` (3.12) is accepted in any size and required
                         when V > 9 (Montana solitaire: --suits 4 --values 13).
  --algo bfs|astar|bidir
                         bfs (default: the fastest at every size measured, docs/gap.md); astar
                         uses an admissible bound (misplaced cards, plus one for each card sitting
                         in its predecessor's goal cell); bidir searches from both ends.
  --seed N               explore without FILE starts from random deal number N (default 1).

Explore: `plumb explore gap [FILE]` counts the layouts reachable from the first deal of FILE (or
from the random deal --seed picks) at each depth.
)";

GapAlgorithm algorithm_named(const std::string& name) {
  if (name == "astar") return GapAlgorithm::astar;
  if (name == "bidir") return GapAlgorithm::bidirectional;
  return GapAlgorithm::bfs;
}

// Row and column of a cell as the user sees them: 1-based, column 1 being the aces' column.
nlohmann::json place_json(const GapShape& shape, int cell) {
  return {shape.row_of(cell) + 1, shape.column_of(cell) + 1};
}

class GapPuzzle : public Puzzle {
 public:
  std::string_view name() const override { return "gap"; }
  std::string_view summary() const override {
    return "Gap card solitaire (POJ 2046): fewest moves to order the rows; decks up to 9 x 13";
  }
  std::string_view description() const override { return kDescription; }
  std::vector<std::string> algorithms() const override { return {"bfs", "astar", "bidir"}; }

  void add_options(CLI::App& command) override {
    command.add_option("--suits", shape_.suits, "Suits, the rows of a deal")
        ->check(CLI::Range(1, puzzles::kGapMaxSuits))
        ->capture_default_str();
    command.add_option("--values", shape_.values, "Values per suit, the cards in a row")
        ->check(CLI::Range(2, puzzles::kGapMaxValues))
        ->capture_default_str();
    command.add_option("--seed", seed_, "explore without FILE: the random deal to start from")
        ->capture_default_str();
  }

  void solve(io::TextInput& in, const RunOptions& options, std::ostream& out) override {
    const GapAlgorithm algorithm = algorithm_named(options.algo);
    const long long count = puzzles::read_gap_count(in);
    for (long long deal = 1; deal <= count; ++deal) {
      const GapLayout start = puzzles::gap_start_layout(shape_, puzzles::read_gap_deal(in, shape_));
      const puzzles::GapSolution solution =
          puzzles::solve_gap(shape_, start, algorithm, options.context);
      if (search::is_limit(solution.stats.reason)) throw LimitReached(solution.stats);
      if (options.stats) print_stats(std::cerr, fmt::format("Deal {}", deal), solution.stats);
      const long long answer = solution.moves ? static_cast<long long>(solution.moves->size()) : -1;
      switch (options.format) {
        case Format::contest:
          out << answer << '\n';
          break;
        case Format::pretty:
          write_pretty(out, deal, start, solution);
          break;
        case Format::json:
          write_json(out, deal, start, answer, solution);
          break;
      }
      out.flush();
    }
    puzzles::expect_gap_end(in, count);
  }

  void explore(io::TextInput* in, const RunOptions& options, std::ostream& out) override {
    GapLayout start;
    std::string origin;
    if (in != nullptr) {
      puzzles::read_gap_count(*in);
      start = puzzles::gap_start_layout(shape_, puzzles::read_gap_deal(*in, shape_));
      origin = "the first deal of " + in->name();
    } else {
      start = puzzles::gap_start_layout(shape_, puzzles::random_gap_deal(shape_, seed_));
      origin = fmt::format("random deal {}", seed_);
    }
    const puzzles::GapExploration result = puzzles::explore_gap(shape_, start, options.context);
    if (search::is_limit(result.stats.reason)) throw LimitReached(result.stats);
    if (options.stats) print_stats(std::cerr, "explore", result.stats);
    std::uint64_t total = 0;
    for (std::uint64_t size : result.layer_sizes) total += size;
    if (options.format == Format::json) {
      out << nlohmann::json{{"start", origin},
                            {"layers", result.layer_sizes},
                            {"total", total},
                            {"stats", stats_json(result.stats)}}
                 .dump()
          << '\n';
      return;
    }
    out << fmt::format("{} x {} layouts reachable from {}:\n{}", shape_.suits, shape_.values,
                       origin, puzzles::draw_gap_layout(shape_, start));
    print_layers(out, "depth", "layouts", result.layer_sizes);
    if (!result.deepest.empty()) {
      out << fmt::format("a deepest layout ({}):\n{}", io::counted(result.layer_sizes.size() - 1, "move"),
                         puzzles::draw_gap_layout(shape_, result.deepest.front()));
    }
  }

 private:
  void write_pretty(std::ostream& out, long long deal, GapLayout layout,
                    const puzzles::GapSolution& solution) const {
    if (!solution.moves) {
      out << fmt::format("Deal {}: no solution (-1)\n{}\n", deal,
                         puzzles::draw_gap_layout(shape_, layout));
      return;
    }
    out << fmt::format("Deal {}: {}\n{}", deal, io::counted(solution.moves->size(), "move"),
                       puzzles::draw_gap_layout(shape_, layout));
    int number = 0;
    for (const GapMove& move : *solution.moves) {
      const std::string card = puzzles::format_gap_code(shape_, layout[move.from]);
      puzzles::apply_gap_move(shape_, layout, move);
      out << fmt::format(
          "\nMove {}: {} from row {}, column {} into the gap at row {}, column {}\n{}", ++number,
          card, shape_.row_of(move.from) + 1, shape_.column_of(move.from) + 1,
          shape_.row_of(move.to) + 1, shape_.column_of(move.to) + 1,
          puzzles::draw_gap_layout(shape_, layout));
    }
    out << '\n';
  }

  void write_json(std::ostream& out, long long deal, GapLayout layout, long long answer,
                  const puzzles::GapSolution& solution) const {
    nlohmann::json moves = nullptr;
    if (solution.moves) {
      moves = nlohmann::json::array();
      for (const GapMove& move : *solution.moves) {
        moves.push_back({{"card", puzzles::format_gap_code(shape_, layout[move.from])},
                         {"from", place_json(shape_, move.from)},
                         {"to", place_json(shape_, move.to)}});
        puzzles::apply_gap_move(shape_, layout, move);
      }
    }
    out << nlohmann::json{{"deal", deal},
                          {"answer", answer},
                          {"moves", moves},
                          {"stats", stats_json(solution.stats)}}
               .dump()
        << '\n';
  }

  GapShape shape_;
  std::uint64_t seed_ = 1;
};

}  // namespace

std::unique_ptr<Puzzle> make_gap_puzzle() {
  return std::make_unique<GapPuzzle>();
}

}  // namespace plumb::cli
