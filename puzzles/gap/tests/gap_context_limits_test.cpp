// Gap's searches honour every limit of their SearchContext and its cancellation
// (tests/support/limit_table.hpp, cancellation.hpp): BFS, A*, the bidirectional search and the
// exploration of a random 4 x 7 deal stop with exactly the limit's StopReason and no answer; a
// cancellation from another thread stops BFS on a 9 x 13 deal within the bound.
#include <gtest/gtest.h>

#include "plumb/puzzles/gap_io.hpp"
#include "plumb/puzzles/gap_solve.hpp"
#include "tests/support/cancellation.hpp"
#include "tests/support/limit_table.hpp"

namespace plumb::puzzles {
namespace {

using search::SearchContext;
using search::StopReason;
using Outcome = testing::SearchOutcome;

const GapShape kShape{4, 7};

GapLayout deal() {
  return gap_start_layout(kShape, random_gap_deal(kShape, 3));
}

TEST(GapContextLimits, EverySearchStopsAtEveryLimitWithItsReasonAndNoAnswer) {
  const auto solver = [](GapAlgorithm algorithm) {
    return [=](const SearchContext& c) {
      const auto answer = solve_gap(kShape, deal(), algorithm, c);
      return Outcome{answer.stats, answer.stats.reason == StopReason::solved};
    };
  };
  testing::expect_every_search_stops_at_every_limit(
      {
          {"gap bfs", solver(GapAlgorithm::bfs)},
          {"gap astar", solver(GapAlgorithm::astar)},
          {"gap bidirectional", solver(GapAlgorithm::bidirectional)},
          {"gap explore",
           [](const SearchContext& c) {
             const GapExploration explored = explore_gap(kShape, deal(), c);
             return Outcome{explored.stats, explored.stats.reason == StopReason::exhausted};
           }},
      },
      0);
}

TEST(GapContextLimits, CancellingFromAnotherThreadStopsALongSearchWithinTheBound) {
  testing::expect_cancelled_within_bound("gap 9 x 13 by BFS", {}, [](const SearchContext& c) {
    const GapShape shape{9, 13};
    return solve_gap(shape, gap_start_layout(shape, random_gap_deal(shape, 1)), GapAlgorithm::bfs,
                     c)
        .stats;
  });
}

}  // namespace
}  // namespace plumb::puzzles
