// Block's searches honour every limit of their SearchContext and its cancellation
// (tests/support/limit_table.hpp, cancellation.hpp): the three max-flow algorithms (which have no
// depth) and the exploration of a random 90 x 90 board stop with exactly the limit's StopReason
// and no answer; a cancellation from another thread stops Boykov-Kolmogorov on a 1500 x 1500 board
// within the bound.
#include <gtest/gtest.h>

#include "plumb/puzzles/block.hpp"
#include "tests/support/cancellation.hpp"
#include "tests/support/limit_table.hpp"

namespace plumb::puzzles {
namespace {

using search::SearchContext;
using search::StopReason;
using Outcome = testing::SearchOutcome;

BlockBoard board() {
  return random_block_board(90, 90, 150, 5, 11);
}

TEST(BlockContextLimits, EverySearchStopsAtEveryLimitWithItsReasonAndNoAnswer) {
  const auto solver = [](BlockAlgorithm algorithm) {
    return [=](const SearchContext& c) {
      const auto answer = solve_block(board(), algorithm, c);
      return Outcome{answer.stats, answer.stats.reason == StopReason::solved};
    };
  };
  testing::expect_every_search_stops_at_every_limit(
      {
          {"block dinic", solver(BlockAlgorithm::dinic), false},
          {"block boykov-kolmogorov", solver(BlockAlgorithm::boykov_kolmogorov), false},
          {"block edmonds-karp", solver(BlockAlgorithm::edmonds_karp), false},
          {"block explore",
           [](const SearchContext& c) {
             const BlockReach reach = explore_block(board(), c);
             return Outcome{reach.stats, reach.stats.reason == StopReason::exhausted};
           }},
      },
      0);
}

TEST(BlockContextLimits, CancellingFromAnotherThreadStopsALongSearchWithinTheBound) {
  testing::expect_cancelled_within_bound(
      "block 1500 x 1500 by Boykov-Kolmogorov", {}, [](const SearchContext& c) {
        return solve_block(random_block_board(1500, 1500, 100, 1, 5),
                           BlockAlgorithm::boykov_kolmogorov, c)
            .stats;
      });
}

}  // namespace
}  // namespace plumb::puzzles
