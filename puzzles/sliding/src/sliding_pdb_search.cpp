// solve_sliding_pdb: the engine's parallel IDA* (search/parallel_ida_star.hpp), or A* then IDA*
// from its frontier (search/astar_ida_star.hpp), over a partition's additive pattern databases
// with the mirror about the main diagonal (pdb/additive_heuristic.hpp), on the board flipped and
// renamed to the databases' blank-first goal. See plumb/puzzles/sliding_pdb.hpp.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <optional>
#include <stdexcept>

#include "plumb/pdb/additive_heuristic.hpp"
#include "plumb/puzzles/sliding.hpp"
#include "plumb/puzzles/sliding_pdb.hpp"
#include "plumb/search/astar_ida_star.hpp"
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
  for (const pdb::PatternDatabase& database : pdbs.databases) databases.push_back(&database.entries);
  std::optional<pdb::Reflection> mirror;
  if (width == partition.height) mirror = pdb::main_diagonal_reflection(width);
  return pdb::AdditivePdb(cells, partition.patterns, std::move(databases), manhattan, 2, mirror);
}

SlidingPdbSolution solve_sliding_pdb(const SlidingPdbSet& pdbs, std::span<const std::uint8_t> cells,
                                     std::span<const std::uint8_t> goal,
                                     const search::SearchContext& context, unsigned threads,
                                     std::uint64_t astar_states,
                                     const search::Deepening& deepening) {
  const pdb::AdditivePdb heuristic_tables = sliding_additive_pdb(pdbs);
  const unsigned width = pdbs.partition.width, height = pdbs.partition.height, n = width * height;
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
  // Flip the board so that the goal's blank is in cell 0, and name each tile by its home cell.
  const unsigned goal_blank =
      static_cast<unsigned>(std::find(goal.begin(), goal.end(), 0) - goal.begin());
  const unsigned blank_row = goal_blank / width, blank_col = goal_blank % width;
  if ((blank_row != 0 && blank_row != height - 1) || (blank_col != 0 && blank_col != width - 1)) {
    throw std::invalid_argument("sliding pdb: the goal's blank must be in a corner");
  }
  const bool flip_rows = blank_row != 0, flip_cols = blank_col != 0;
  const auto flip = [&](unsigned cell) {
    const unsigned row = cell / width, col = cell % width;
    return (flip_rows ? height - 1 - row : row) * width + (flip_cols ? width - 1 - col : col);
  };
  std::array<std::uint8_t, pdb::kMaxCells> home{};
  for (unsigned cell = 0; cell < n; ++cell)
    home[goal[cell]] = static_cast<std::uint8_t>(flip(cell));
  const auto rows = static_cast<int>(height), cols = static_cast<int>(width);
  const SlidingDomain domain(rows, cols, ordered_sliding_goal(rows, cols, BlankPlace::first));
  SlidingState start;
  for (unsigned cell = 0; cell < n; ++cell) {
    start.cells[flip(cell)] = home[cells[cell]];
    if (cells[cell] == 0) start.blank = static_cast<std::uint8_t>(flip(cell));
  }

  SlidingPdbSolution solution;
  if (!domain.is_solvable(start)) {
    solution.stats.reason = search::StopReason::exhausted;  // the other parity class
    return solution;
  }
  const pdb::AdditivePdbHeuristic heuristic(domain, heuristic_tables, start);
  solution.root_bound = heuristic.value();
  const auto position = [&](const SlidingState& s) {
    return pdb::AdditivePdbHeuristic(domain, heuristic_tables, s);
  };
  threads = std::max(1u, threads);
  search::SearchResult<SlidingDomain> result =
      astar_states == 0
          ? search::parallel_ida_star(domain, start, heuristic, context, threads, deepening)
          : search::astar_ida_star(domain, start, position, astar_states, context, threads,
                                   deepening);
  solution.stats = result.stats;
  if (result.moves) {
    for (SlidingMove& move : *result.moves) {  // back to the board's orientation
      const bool vertical = move == SlidingMove::up || move == SlidingMove::down;
      if (vertical ? flip_rows : flip_cols) move = SlidingDomain::inverse(move);
    }
    solution.moves = std::move(result.moves);
  }
  return solution;
}

}  // namespace plumb::puzzles
