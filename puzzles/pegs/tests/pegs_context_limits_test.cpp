// Moving Pegs' searches honour every limit of their SearchContext and its cancellation
// (tests/support/limit_table.hpp, cancellation.hpp): meet-in-the-middle, the table and the
// exploration stop with exactly the limit's StopReason and no answer; a depth limit just below the
// solution's length stops the search and one at it finds the same solution; a cancellation from
// another thread stops a 7-row search within the bound.
#include <gtest/gtest.h>

#include "plumb/puzzles/pegs_solve.hpp"
#include "tests/support/cancellation.hpp"
#include "tests/support/limit_table.hpp"

namespace plumb::puzzles {
namespace {

using search::SearchContext;
using search::SearchLimits;
using search::StopReason;
using Outcome = testing::SearchOutcome;

TEST(PegsContextLimits, EverySearchStopsAtEveryLimitWithItsReasonAndNoAnswer) {
  const auto solved = [](PegsAlgorithm algorithm) {
    return [=](const SearchContext& c) {
      const PegsSolution answer = solve_pegs(PegBoard(5), 4, algorithm, c);
      return Outcome{answer.stats, answer.stats.reason == StopReason::solved};
    };
  };
  testing::expect_every_search_stops_at_every_limit(
      {
          {"pegs meet", solved(PegsAlgorithm::meet)},
          {"pegs table", solved(PegsAlgorithm::table)},
          {"pegs explore",
           [](const SearchContext& c) {
             const PegsExploration explored = explore_pegs(PegBoard(5), PegBoard(5).start(4), c);
             return Outcome{explored.stats, explored.stats.reason == StopReason::exhausted};
           }},
      },
      0);
}

TEST(PegsContextLimits, SearchesStopBelowTheSolutionsLengthAndFindItAtIt) {
  const PegBoard board(5);
  const PegsSolution free = solve_pegs(board, 4);
  ASSERT_TRUE(free.moves);
  const auto length = static_cast<Cost>(free.moves->size());
  for (const PegsAlgorithm algorithm : {PegsAlgorithm::meet, PegsAlgorithm::table}) {
    const PegsSolution short_of_it =
        solve_pegs(board, 4, algorithm, SearchLimits{.max_depth = length - 1});
    EXPECT_EQ(short_of_it.stats.reason, StopReason::depth_limit);
    EXPECT_FALSE(short_of_it.moves);
    const PegsSolution at_it = solve_pegs(board, 4, algorithm, SearchLimits{.max_depth = length});
    EXPECT_EQ(at_it.moves, free.moves);
  }
}

TEST(PegsContextLimits, CancellingFromAnotherThreadStopsALongSearchWithinTheBound) {
  testing::expect_cancelled_within_bound(
      "pegs of 7 rows by meeting", {}, [](const SearchContext& c) {
        return solve_pegs(PegBoard(7), 0, PegsAlgorithm::meet, c).stats;
      });
}

}  // namespace
}  // namespace plumb::puzzles
