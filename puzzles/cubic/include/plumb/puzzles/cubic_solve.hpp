// plumb/puzzles/cubic_solve.hpp: the least number of moves from a Cubic Eight-Puzzle start to a
// goal top view, by three interchangeable methods that the tests cross-check:
//   solve_bidirectional  search::bidirectional_bfs from the start and, backwards, from all 2^dice
//                        states showing the goal view at once (each die: 2 orientations a top
//                        colour);
//   solve_ida            search::ida_star with WalkBound (cubic_bound.hpp), memory linear in depth;
//   solve_with_table     one ViewTable lookup (cubic_table.hpp), no moves; a contest's start only
//                        (the table holds the least moves from those).
// An answer within max_moves has its moves (except from the table); otherwise moves = -1. When a
// search limit (time, memory, nodes) stops a search, stats.reason says so and moves = -1.
//
// Solver answers dataset after dataset with one CubicAlgorithm; a start given in full (a game
// played on) is IDA*'s under `automatic` and `table` alike. CubicAlgorithm::automatic uses the
// table when the board has one in the cache (or the front end's lender has it ready); otherwise it
// runs IDA* until its searches have cost about as much as building the table would (ski rental: at
// most about twice the better of the two choices made in hindsight), then builds the table, saves
// it for every later run and answers from it. Boards too big for a table get IDA*. The choice is
// measured in puzzles/cubic/README.md: IDA* with WalkBound beats the bidirectional search per query
// (time and memory, much more so on 3x4), and an IDA* expansion costs about half a table-building
// one, while ViewTable::build_work is about twice the states a build really expands; so the
// threshold is build_work IDA* expansions.
#pragma once

#include <memory>
#include <optional>
#include <vector>

#include "plumb/io/table_lender.hpp"
#include "plumb/puzzles/cubic.hpp"
#include "plumb/puzzles/cubic_io.hpp"
#include "plumb/puzzles/cubic_table.hpp"
#include "plumb/search/budget.hpp"

namespace plumb::puzzles::cubic {

struct CubicSolution {
  int moves = -1;                              // the least moves, or -1: more than max_moves needed
  std::optional<std::vector<Direction>> path;  // a shortest solution, when the method gives one
  search::SearchStats stats;
};

CubicSolution solve_bidirectional(const Board& board, const Dataset& dataset, int max_moves,
                                  const search::SearchContext& context = {});
CubicSolution solve_ida(const Board& board, const Dataset& dataset, int max_moves,
                        const search::SearchContext& context = {});
CubicSolution solve_with_table(const ViewTable& table, const Dataset& dataset, int max_moves);

// The state after playing `path` from the dataset's start (the path's moves must be legal).
State replay(const Board& board, const Dataset& dataset, const std::vector<Direction>& path);

enum class CubicAlgorithm { automatic, table, bidirectional, ida };

class Solver {
 public:
  // Throws std::invalid_argument for CubicAlgorithm::table on a board without a table
  // (ViewTable::fits). `lender`, if given, lends the boards' tables it keeps (io/table_lender.hpp;
  // what it throws when one is not ready passes through solve) and must outlive the solver.
  Solver(Board board, CubicAlgorithm method, int max_moves, search::SearchContext context = {},
         const io::TableLender* lender = nullptr);

  CubicSolution solve(const Dataset& dataset);
  // The same under `context` from now on (a front end passes one a request) instead of the one
  // given at construction.
  CubicSolution solve(const Dataset& dataset, const search::SearchContext& context);

  // The method that gave the last answer (never automatic).
  CubicAlgorithm last_method() const { return last_method_; }
  // The statistics of the table build, when this solver built one or a limit stopped its build
  // (then every answer is stopped, its stats only the reason: the build's work is counted here).
  const std::optional<search::SearchStats>& table_build() const { return table_build_; }

  // CubicAlgorithm::automatic builds the table once its IDA* searches have expanded this many
  // states.
  static std::uint64_t build_threshold(const Board& board);

 private:
  // Loads or builds the table unless that was done; false if a limit stopped the build.
  bool ensure_table(bool may_build);

  Board board_;
  CubicAlgorithm method_;
  int max_moves_;
  search::SearchContext context_;
  const io::TableLender* lender_;
  std::shared_ptr<const ViewTable> table_;  // null until loaded, built or lent
  bool table_loaded_ = false;               // the cache was tried
  std::optional<search::SearchStats> table_build_;
  std::uint64_t searched_ = 0;  // states expanded by searches so far
  CubicAlgorithm last_method_ = CubicAlgorithm::automatic;
};

}  // namespace plumb::puzzles::cubic
