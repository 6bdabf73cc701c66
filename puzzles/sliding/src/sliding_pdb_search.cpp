// solve_sliding_pdb: the engine's parallel IDA* (search/parallel_ida_star.hpp), or A* then IDA*
// from its frontier (search/astar_ida_star.hpp), over a partition's additive pattern databases
// with the mirror about the main diagonal (pdb/additive_heuristic.hpp), on the board flipped and
// renamed to the databases' blank-first goal; solve_sliding_as_pdb_would, IDA* with linear
// conflicts on the same flipped board. See plumb/puzzles/sliding_pdb.hpp.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <optional>
#include <stdexcept>

#include "plumb/pdb/additive_heuristic.hpp"
#include "plumb/puzzles/sliding.hpp"
#include "plumb/puzzles/sliding_heuristics.hpp"
#include "plumb/puzzles/sliding_pdb.hpp"
#include "plumb/search/astar_ida_star.hpp"
#include "plumb/search/ida_star.hpp"
#include "plumb/search/parallel_ida_star.hpp"

namespace plumb::puzzles {

pdb::AdditivePdb sliding_additive_pdb(const SlidingPdbSet& pdbs) {
  const SlidingPartition& partition = pdbs.partition;
  const unsigned width = partition.width, cells = width * partition.height;
  if (!is_valid_sliding_size(static_cast<int>(partition.height), static_cast<int>(width)))
    throw std::invalid_argument("sliding pdb: not a board size of the sliding puzzle");
  std::array<bool, pdb::kMaxCells> covered{};
  for (const std::vector<std::uint8_t>& pattern : partition.patterns) {
    for (std::uint8_t tile : pattern) {
      if (tile == 0 || tile >= cells) throw std::invalid_argument("sliding pdb: bad partition");
      covered[tile] = true;
    }
  }
  if (static_cast<unsigned>(std::count(covered.begin(), covered.end(), true)) + 1 != cells)
    throw std::invalid_argument("sliding pdb: the patterns must cover every tile");
  pdb::AdditivePdb::CostTable manhattan{};
  for (unsigned tile = 0; tile < cells; ++tile) {
    for (unsigned cell = 0; cell < cells; ++cell) {
      manhattan[tile][cell] = static_cast<std::uint8_t>(
          std::abs(static_cast<int>(tile / width) - static_cast<int>(cell / width)) +
          std::abs(static_cast<int>(tile % width) - static_cast<int>(cell % width)));
    }
  }
  std::vector<const pdb::NibbleArray*> databases;
  for (const pdb::PatternDatabase& database : pdbs.databases)
    databases.push_back(&database.entries);
  std::optional<pdb::Reflection> mirror;
  if (width == partition.height) mirror = pdb::main_diagonal_reflection(width);
  return pdb::AdditivePdb(cells, partition.patterns, std::move(databases), manhattan, 2, mirror);
}

namespace {

// A board as the databases see it: flipped so that the goal's blank is in cell 0, each tile named
// by its home cell, in the domain of the ordered blank-first goal; and the way back for the moves
// found there.
struct CornerView {
  SlidingDomain domain;
  SlidingState start;
  bool flip_rows = false, flip_cols = false;

  // The moves found in the view, as moves of the board given.
  void turn_back(std::vector<SlidingMove>& moves) const {
    for (SlidingMove& move : moves) {
      const bool vertical = move == SlidingMove::up || move == SlidingMove::down;
      if (vertical ? flip_rows : flip_cols) move = SlidingDomain::inverse(move);
    }
  }
};

// Throws std::invalid_argument unless both boards hold 0..cells-1 once each and the goal's blank
// is in a corner.
CornerView corner_view(unsigned height, unsigned width, std::span<const std::uint8_t> cells,
                       std::span<const std::uint8_t> goal) {
  const unsigned n = width * height;
  const auto is_board = [n](std::span<const std::uint8_t> board) {
    std::array<bool, pdb::kMaxCells> seen{};
    for (std::uint8_t tile : board) {
      if (tile >= n || seen[tile]) return false;
      seen[tile] = true;
    }
    return board.size() == n;
  };
  if (!is_board(cells) || !is_board(goal)) {
    throw std::invalid_argument(
        fmt::format("sliding pdb: the boards must hold 0..{} once each", n - 1));
  }
  const unsigned goal_blank =
      static_cast<unsigned>(std::find(goal.begin(), goal.end(), 0) - goal.begin());
  const unsigned blank_row = goal_blank / width, blank_col = goal_blank % width;
  if ((blank_row != 0 && blank_row != height - 1) || (blank_col != 0 && blank_col != width - 1)) {
    throw std::invalid_argument("sliding pdb: the goal's blank must be in a corner");
  }
  const auto rows = static_cast<int>(height), cols = static_cast<int>(width);
  CornerView view{SlidingDomain(rows, cols, ordered_sliding_goal(rows, cols, BlankPlace::first)),
                  {},
                  blank_row != 0,
                  blank_col != 0};
  const auto flip = [&](unsigned cell) {
    const unsigned row = cell / width, col = cell % width;
    return (view.flip_rows ? height - 1 - row : row) * width +
           (view.flip_cols ? width - 1 - col : col);
  };
  std::array<std::uint8_t, pdb::kMaxCells> home{};
  for (unsigned cell = 0; cell < n; ++cell)
    home[goal[cell]] = static_cast<std::uint8_t>(flip(cell));
  for (unsigned cell = 0; cell < n; ++cell) {
    view.start.cells[flip(cell)] = home[cells[cell]];
    if (cells[cell] == 0) view.start.blank = static_cast<std::uint8_t>(flip(cell));
  }
  return view;
}

// The solution of a search of the view, turned back.
SlidingPdbSolution turned_back(const CornerView& view,
                               search::SearchResult<SlidingDomain>&& result) {
  SlidingPdbSolution solution;
  solution.stats = result.stats;
  if (result.moves) {
    view.turn_back(*result.moves);
    solution.moves = std::move(result.moves);
  }
  return solution;
}

}  // namespace

SlidingPdbSolution solve_sliding_pdb(const SlidingPdbSet& pdbs, std::span<const std::uint8_t> cells,
                                     std::span<const std::uint8_t> goal,
                                     const search::SearchContext& context, unsigned threads,
                                     std::uint64_t astar_states,
                                     const search::Deepening& deepening) {
  const pdb::AdditivePdb heuristic_tables = sliding_additive_pdb(pdbs);
  const CornerView view = corner_view(pdbs.partition.height, pdbs.partition.width, cells, goal);
  if (!view.domain.is_solvable(view.start)) {
    SlidingPdbSolution solution;
    solution.stats.reason = search::StopReason::exhausted;  // the other parity class
    return solution;
  }
  const pdb::AdditivePdbHeuristic heuristic(view.domain, heuristic_tables, view.start);
  const auto position = [&](const SlidingState& s) {
    return pdb::AdditivePdbHeuristic(view.domain, heuristic_tables, s);
  };
  threads = std::max(1u, threads);
  SlidingPdbSolution solution = turned_back(
      view, astar_states == 0 ? search::parallel_ida_star(view.domain, view.start, heuristic,
                                                          context, threads, deepening)
                              : search::astar_ida_star(view.domain, view.start, position,
                                                       astar_states, context, threads, deepening));
  solution.root_bound = heuristic.value();
  return solution;
}

SlidingPdbSolution solve_sliding_as_pdb_would(SlidingSize size, std::span<const std::uint8_t> cells,
                                              std::span<const std::uint8_t> goal,
                                              const search::SearchContext& context) {
  const CornerView view =
      corner_view(static_cast<unsigned>(size.rows), static_cast<unsigned>(size.cols), cells, goal);
  const SlidingLinearConflicts heuristic(view.domain);
  SlidingPdbSolution solution =
      turned_back(view, search::ida_star(view.domain, view.start, heuristic, context));
  solution.root_bound = heuristic(view.start);
  return solution;
}

}  // namespace plumb::puzzles
