// parallel_ida_star against the sequential ida_star on pancake stacks, with an incremental gap
// heuristic: the same first solution on any number of threads, the same expansions on one, and
// the limits, cancellation and progress of the context.
#include "plumb/search/parallel_ida_star.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <random>

#include "plumb/search/ida_star.hpp"
#include "tests/search/test_domains.hpp"

namespace plumb::search {
namespace {

using testing::CostlyPancakes;
using testing::GapHeuristic;
using testing::IncrementalGaps;
using testing::NoHeuristic;
using testing::Pancakes;
using testing::reaches_goal;

static_assert(IncrementalHeuristic<IncrementalGaps<5>, Pancakes<5>>);
static_assert(IncrementalHeuristic<NoHeuristic, Pancakes<5>>);

TEST(ParallelIdaStar, SameFirstSolutionAsIdaStarOnAnyThreadCount) {
  constexpr int kN = 12;  // solutions of 10 to 13 flips: deeper than the work items
  const Pancakes<kN> d;
  std::mt19937 rng(12);
  for (int trial = 0; trial < 8; ++trial) {
    const auto start = Pancakes<kN>::random(rng);
    const auto expected = ida_star(d, start, GapHeuristic<kN>{});
    ASSERT_TRUE(expected.solved());
    ASSERT_GT(expected.cost, static_cast<Cost>(parallel_ida_detail::kSplitDepth));
    for (unsigned threads : {1u, 2u, 3u}) {
      const auto found = parallel_ida_star(d, start, IncrementalGaps<kN>(start), {}, threads);
      ASSERT_TRUE(found.solved()) << threads;
      EXPECT_EQ(*found.moves, *expected.moves) << threads;
      EXPECT_EQ(found.cost, expected.cost);
      EXPECT_EQ(found.stats.iterations, expected.stats.iterations);
      EXPECT_EQ(found.stats.depth, expected.stats.depth);
      EXPECT_TRUE(reaches_goal(d, start, *found.moves));
      // One thread expands what the sequential search does (it counts no parent moves).
      if (threads == 1) {
        EXPECT_EQ(found.stats.expanded, expected.stats.expanded);
        EXPECT_EQ(found.stats.generated, expected.stats.generated - expected.stats.duplicates);
      }
    }
  }
}

TEST(ParallelIdaStar, WeightedStepsGiveTheCheapestSolution) {
  const CostlyPancakes<8> d;
  std::mt19937 rng(8);
  for (int trial = 0; trial < 6; ++trial) {
    const auto start = Pancakes<8>::random(rng);
    const auto expected = ida_star(d, start, GapHeuristic<8>{});
    const auto found = parallel_ida_star(d, start, IncrementalGaps<8>(start), {}, 2);
    ASSERT_TRUE(found.solved());
    EXPECT_EQ(found.cost, expected.cost);
    EXPECT_EQ(*found.moves, *expected.moves);
    EXPECT_TRUE(reaches_goal(d, start, *found.moves));
  }
}

TEST(ParallelIdaStar, TheGoalNeedsNoMoves) {
  const Pancakes<6> d;
  const auto goal = Pancakes<6>::sorted();
  const auto found = parallel_ida_star(d, goal, IncrementalGaps<6>(goal), {}, 2);
  ASSERT_TRUE(found.solved());
  EXPECT_TRUE(found.moves->empty());
  EXPECT_EQ(found.stats.expanded, 0u);
}

TEST(ParallelIdaStar, LimitsAndCancellationStopIt) {
  constexpr int kN = 14;
  const Pancakes<kN> d;
  std::mt19937 rng(14);
  const auto start = Pancakes<kN>::random(rng);
  const IncrementalGaps<kN> h(start);

  SearchLimits depth_limited;
  depth_limited.max_depth = h.value();  // the root's bound only; the stack needs more
  const auto shallow = parallel_ida_star(d, start, h, depth_limited, 2);
  EXPECT_FALSE(shallow.solved());
  EXPECT_EQ(shallow.stats.reason, StopReason::depth_limit);
  EXPECT_EQ(shallow.stats.iterations, 1u);

  SearchLimits node_limited;
  node_limited.max_nodes = 10;
  const auto stopped = parallel_ida_star(d, start, h, node_limited, 2);
  EXPECT_FALSE(stopped.solved());
  EXPECT_EQ(stopped.stats.reason, StopReason::node_limit);

  // Cancellation is seen at a thread's first check, after parallel_ida_detail::kCheckInterval
  // expansions: far fewer than a blind search needs for a stack 7 or more flips away.
  const Pancakes<9> blind;
  std::array<std::uint8_t, 9> far{8, 7, 6, 5, 4, 3, 2, 1, 0};
  std::swap(far[0], far[4]);
  SearchContext context;
  context.cancel();
  const auto interrupted = parallel_ida_star(blind, far, NoHeuristic{}, context, 2);
  EXPECT_FALSE(interrupted.solved());
  EXPECT_EQ(interrupted.stats.reason, StopReason::cancelled);
}

// Progress comes from the workers' checks, one thread at a time.
TEST(ParallelIdaStar, ReportsProgressOneThreadAtATime) {
  const Pancakes<8> d;
  const std::array<std::uint8_t, 8> start{3, 7, 1, 5, 0, 6, 2, 4};
  SearchContext context;
  int reports = 0, inside = 0, most_inside = 0;
  context.set_progress(
      [&](const SearchStats& stats) {
        most_inside = std::max(most_inside, ++inside);
        ++reports;
        EXPECT_GT(stats.expanded, 0u);
        --inside;
      },
      0);
  const auto found = parallel_ida_star(d, start, NoHeuristic{}, context, 2);
  ASSERT_TRUE(found.solved());
  EXPECT_TRUE(reaches_goal(d, start, *found.moves));
  EXPECT_GT(found.stats.expanded, 4 * parallel_ida_detail::kCheckInterval);
  EXPECT_GT(reports, 0);
  EXPECT_EQ(most_inside, 1);
}

}  // namespace
}  // namespace plumb::search
