// plumb/puzzles/pegs_solve.hpp: the lexicographically smallest of the shortest solutions of Moving
// Pegs, and exhaustive exploration.
//
// The contest asks, among all shortest jump sequences, for the smallest when the whole sequence
// from1, to1, from2, to2, ... is compared as integers. Plain BFS with first-visit parents does not
// give that (an early small move may lead to a state first reached through a larger one). Both
// algorithms here instead know, for any position, whether it still lies on a shortest path, and
// walk forward from the start taking at each step the smallest jump (moves are enumerated in
// increasing (from, to) order) that stays on one: the greedy walk is exactly the lexicographic
// minimum because every prefix it keeps can still be completed optimally.
//
//   meet   breadth-first layers, stored as sorted vectors of positions, from the start and from
//          ~goal: by the board's self-duality (pegs.hpp) dist(x, goal) = dist(~goal, ~x), so a
//          position y reached in i moves whose complement ~goal reaches in j moves lies on a
//          solution of i + j moves. The smaller side grows until the sides meet. From a contest
//          start (~goal itself) the two sides are one set of layers, and the search stops at half
//          the solution's depth. Positions on the start's side of the meeting are marked "on a
//          shortest path" by one pass backwards over its layers. Memory 8 bytes per stored
//          position; no 2^holes array.
//   table  the engine's distance_table (one byte for every one of the 2^holes positions) from
//          ~goal, then the same walk with dist(x, goal) = table[~x]. Explores everything
//          reachable; kept as an independent cross-check and for small boards.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "plumb/puzzles/pegs.hpp"
#include "plumb/search/budget.hpp"
#include "plumb/search/stats.hpp"

namespace plumb::puzzles {

enum class PegsAlgorithm { meet, table };

struct PegsSolution {
  std::optional<std::vector<PegMove>> moves;  // present when stats.reason is solved
  search::SearchStats stats;  // exhausted: no solution; depth_limit: none of at most max_depth
                              // moves; or the limit (or cancellation) that stopped it
};

// The lexicographically smallest shortest solution from `start` to one peg in `goal_hole`
// (0-based).
PegsSolution solve_pegs(const PegBoard& board, PegSet start, int goal_hole,
                        PegsAlgorithm algorithm = PegsAlgorithm::meet,
                        const search::SearchContext& context = {});

// The same from a contest start: only `empty` (0-based) empty, the last peg to end there.
inline PegsSolution solve_pegs(const PegBoard& board, int empty,
                               PegsAlgorithm algorithm = PegsAlgorithm::meet,
                               const search::SearchContext& context = {}) {
  return solve_pegs(board, board.start(empty), empty, algorithm, context);
}

struct PegsExploration {
  std::vector<std::uint64_t> layer_sizes;  // positions first reached in k moves, by k
  std::vector<PegSet> deepest;             // some of the deepest positions
  search::SearchStats stats;
};

// Every position reachable from `start` (search/explore.hpp).
PegsExploration explore_pegs(const PegBoard& board, PegSet start,
                             const search::SearchContext& context = {},
                             std::size_t keep_deepest = 4);

}  // namespace plumb::puzzles
