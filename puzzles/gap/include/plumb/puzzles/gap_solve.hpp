// plumb/puzzles/gap_solve.hpp: optimal solving and exhaustive exploration of Gap layouts of any
// supported shape, through the engine's algorithms over the GapDomain instance with_gap_domain()
// picks for the shape.
//
//   bfs            breadth-first search (search/bfs.hpp) over packed states in a StateTable
//   astar          A* (search/astar.hpp) with GapDomain::lower_bound, admissible and consistent
//   bidirectional  bidirectional BFS (search/bidirectional_bfs.hpp) from the deal and the unique
//   goal
// BFS is the default at every size measured, 4 x 7 to 5 x 13 (puzzles/gap/README.md has the figures): most
// random deals cannot be solved, so every algorithm must exhaust the reachable layouts, and BFS
// spends the least per layout.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "plumb/puzzles/gap.hpp"
#include "plumb/search/budget.hpp"
#include "plumb/search/stats.hpp"

namespace plumb::puzzles {

enum class GapAlgorithm { bfs, astar, bidirectional };

struct GapSolution {
  std::optional<std::vector<GapMove>> moves;  // an optimal solution, when solved and asked for
  std::size_t length = 0;                     // its length, when stats.reason is solved
  search::SearchStats stats;
};

// Solves from `start` (a layout after the aces moved). stats.reason says solved, exhausted (no
// solution: the answer is -1) or which limit stopped the search. With Answer::cost_only, bfs
// finds the length alone (the other algorithms give the moves regardless). bfs and astar expand
// the moves `pruning` keeps (gap.hpp); bidirectional search always makes every move.
GapSolution solve_gap(const GapShape& shape, const GapLayout& start, GapAlgorithm algorithm,
                      const search::SearchContext& context = {},
                      search::Answer answer = search::Answer::moves,
                      GapPruning pruning = GapPruning::none);

struct GapExploration {
  std::vector<std::uint64_t> layer_sizes;  // states first reached in k moves, by k
  std::vector<GapLayout> deepest;          // some of the deepest states
  search::SearchStats stats;
};

// Every layout reachable from `start`, layer by layer (search/explore.hpp).
GapExploration explore_gap(const GapShape& shape, const GapLayout& start,
                           const search::SearchContext& context = {}, std::size_t keep_deepest = 4);

}  // namespace plumb::puzzles
