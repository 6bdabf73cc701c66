// The `pegs` puzzle for the program: Moving Pegs (UVa 1533) on triangles of any number of rows up
// to 10; the lexicographically smallest shortest solution in contest, pretty or JSON form.
#include <fmt/format.h>

#include <iostream>
#include <nlohmann/json.hpp>
#include <ostream>

#include "cli/registry.hpp"
#include "cli/stats_json.hpp"
#include "plumb/io/counted.hpp"
#include "plumb/puzzles/pegs_io.hpp"
#include "plumb/puzzles/pegs_solve.hpp"

namespace plumb::cli {
namespace {

using puzzles::PegBoard;
using puzzles::PegMove;
using puzzles::PegsAlgorithm;
using puzzles::PegSet;

constexpr std::string_view kDescription = R"(pegs: Moving Pegs (UVa 1533, LA 2093)

Rules. A triangle of 5 rows has 15 holes, numbered row by row from the apex, left to right:
1; 2 3; 4 5 6; 7 8 9 10; 11 12 13 14 15. Every hole holds a peg but one. A move jumps a peg
along a row or a diagonal over one or more adjacent pegs in a line, into the first empty hole after
them, and removes the pegs jumped. Goal: one peg left, in the hole that was empty at the start.

Input: a count T, then T lines each with the empty hole.
Output (contest): per case the fewest moves, then the moves as `from to` pairs on one line; among
all shortest solutions the lexicographically smallest sequence from1 to1 from2 to2 ...; or
IMPOSSIBLE.
  --format pretty   draws the triangle after every move
  --format json     one JSON object per case and line: moves, statistics

Options:
  --rows N          a triangle of N rows (1 to 10, default 5), holes numbered the same way
  --algo meet|table meet (default): breadth-first layers from the start only, meeting the goal
                    side through the board's self-duality (the distance from x to the goal is the
                    depth of x with pegs and holes swapped), so it stops at half the solution's
                    depth; table: the engine's one-byte distance table over all 2^holes positions.
                    Both then walk forward taking the smallest jump that stays on a shortest path.

Explore: `plumb explore pegs --rows N [FILE]` counts the positions reachable at each number of moves
from the first case of FILE (default: hole 1 empty).
)";

class PegsPuzzle : public Puzzle {
 public:
  std::string_view name() const override { return "pegs"; }
  std::string_view summary() const override {
    return "Moving Pegs (UVa 1533): fewest multi-peg jumps to one peg; triangles up to 10 rows";
  }
  std::string_view description() const override { return kDescription; }
  std::vector<std::string> algorithms() const override { return {"meet", "table"}; }

  void add_options(CLI::App& command) override {
    command.add_option("--rows", rows_, "Rows of the triangle")
        ->check(CLI::Range(1, PegBoard::kMaxRows))
        ->capture_default_str();
  }

  void solve(io::TextInput& in, const RunOptions& options, std::ostream& out) override {
    const PegBoard board(rows_);
    const PegsAlgorithm algorithm =
        options.algo == "table" ? PegsAlgorithm::table : PegsAlgorithm::meet;
    const long long count = puzzles::read_pegs_count(in);
    for (long long number = 1; number <= count; ++number) {
      const int empty = puzzles::read_pegs_case(in, board);
      const puzzles::PegsSolution solution =
          puzzles::solve_pegs(board, empty, algorithm, options.context);
      if (search::is_limit(solution.stats.reason)) throw LimitReached(solution.stats);
      if (options.stats) print_stats(std::cerr, fmt::format("Case {}", number), solution.stats);
      switch (options.format) {
        case Format::contest:
          out << puzzles::format_pegs_answer(solution.moves);
          break;
        case Format::pretty:
          write_pretty(out, board, number, empty, solution);
          break;
        case Format::json:
          write_json(out, number, empty, solution);
          break;
      }
      out.flush();
    }
    puzzles::expect_pegs_end(in, count);
  }

  void explore(io::TextInput* in, const RunOptions& options, std::ostream& out) override {
    const PegBoard board(rows_);
    int empty = 0;
    if (in != nullptr) {
      if (puzzles::read_pegs_count(*in) == 0) in->fail("no case to explore from");
      empty = puzzles::read_pegs_case(*in, board);
    }
    const puzzles::PegsExploration result = puzzles::explore_pegs(board, empty, options.context);
    if (search::is_limit(result.stats.reason)) throw LimitReached(result.stats);
    if (options.stats) print_stats(std::cerr, "explore", result.stats);
    std::uint64_t total = 0;
    for (std::uint64_t size : result.layer_sizes) total += size;
    if (options.format == Format::json) {
      out << nlohmann::json{{"rows", rows_},
                            {"empty", empty + 1},
                            {"layers", result.layer_sizes},
                            {"total", total},
                            {"stats", stats_json(result.stats)}}
                 .dump()
          << '\n';
      return;
    }
    out << fmt::format(
        "Positions reachable on the {}-row triangle ({} holes) from hole {} empty:\n", rows_,
        board.holes(), empty + 1);
    print_layers(out, "moves", "positions", result.layer_sizes);
    if (!result.deepest.empty()) {
      out << fmt::format("a deepest position ({}):\n{}", io::counted(result.layer_sizes.size() - 1, "move"),
                         puzzles::draw_pegs(board, result.deepest.front()));
    }
  }

 private:
  static void write_pretty(std::ostream& out, const PegBoard& board, long long number, int empty,
                           const puzzles::PegsSolution& solution) {
    PegSet pegs = board.start(empty);
    if (!solution.moves) {
      out << fmt::format("Case {}: hole {} empty: impossible\n{}\n", number, empty + 1,
                         puzzles::draw_pegs(board, pegs));
      return;
    }
    out << fmt::format("Case {}: hole {} empty: {}\n{}", number, empty + 1,
                       io::counted(solution.moves->size(), "move"), puzzles::draw_pegs(board, pegs));
    int step = 0;
    for (const PegMove& move : *solution.moves) {
      pegs = board.apply(pegs, move);
      out << fmt::format("\nMove {}: {} -> {}\n{}", ++step, move.from + 1, move.to + 1,
                         puzzles::draw_pegs(board, pegs));
    }
    out << '\n';
  }

  void write_json(std::ostream& out, long long number, int empty,
                  const puzzles::PegsSolution& solution) const {
    nlohmann::json moves = nullptr;
    if (solution.moves) {
      moves = nlohmann::json::array();
      for (const PegMove& move : *solution.moves) moves.push_back({move.from + 1, move.to + 1});
    }
    out << nlohmann::
               json{{"case", number},
                    {"rows", rows_},
                    {"empty", empty + 1},
                    {"length", solution.moves ? nlohmann::json(solution.moves->size()) : nullptr},
                    {"moves", moves},
                    {"stats", stats_json(solution.stats)}}
                   .dump()
        << '\n';
  }

  int rows_ = 5;
};

}  // namespace

std::unique_ptr<Puzzle> make_pegs_puzzle() {
  return std::make_unique<PegsPuzzle>();
}

}  // namespace plumb::cli
