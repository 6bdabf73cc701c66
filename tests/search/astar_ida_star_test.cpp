// astar_ida_star (A* then IDA* from its frontier) on pancake stacks against ida_star and
// parallel_ida_star: the optimal cost whatever A*'s budget (one state, a few hundred, more than the
// whole space) and thread count, the same moves on one thread or two, IDA*'s own expansions when
// A* stores only the start, and the limits of the context in either phase.
#include "plumb/search/astar_ida_star.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <random>
#include <utility>

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

// The gap heuristic positioned at a stack of N pancakes.
template <int N>
constexpr auto gaps_at = [](const typename Pancakes<N>::State& s) { return IncrementalGaps<N>(s); };

TEST(AStarIdaStar, OptimalWhateverTheBudgetAndThreads) {
  constexpr int kN = 12;  // 12! stacks: more than the biggest budget below stores
  const Pancakes<kN> d;
  std::mt19937 rng(21);
  int through_ida = 0;  // runs whose A* stored its whole budget (more than the start)
  for (int trial = 0; trial < 6; ++trial) {
    const auto start = Pancakes<kN>::random(rng);
    const auto expected = ida_star(d, start, GapHeuristic<kN>{});
    ASSERT_TRUE(expected.solved());
    for (std::uint64_t budget : {1u, 2u, 30u, 300u, 20'000u}) {
      const auto one = astar_ida_star(d, start, gaps_at<kN>, budget, {}, 1);
      const auto two = astar_ida_star(d, start, gaps_at<kN>, budget, {}, 2);
      ASSERT_TRUE(one.solved() && two.solved()) << budget;
      EXPECT_EQ(one.cost, expected.cost) << budget;
      EXPECT_EQ(*one.moves, *two.moves) << budget;
      EXPECT_TRUE(reaches_goal(d, start, *one.moves)) << budget;
      EXPECT_EQ(one.stats.reason, StopReason::solved);
      // A* either found the goal itself or stored its budget (an expansion may pass it).
      if (one.stats.iterations > 0) {
        EXPECT_GE(one.stats.peak_stored, budget) << budget;
        through_ida += budget > 1;
      }
    }
  }
  EXPECT_GT(through_ida, 6);
}

// A budget of one state leaves the start as the only item: IDA* from it, expansion for expansion.
TEST(AStarIdaStar, OneStateIsIdaStarFromTheStart) {
  constexpr int kN = 11;
  const Pancakes<kN> d;
  std::mt19937 rng(11);
  const auto start = Pancakes<kN>::random(rng);
  const auto ida = parallel_ida_star(d, start, IncrementalGaps<kN>(start), {}, 1);
  const auto hybrid = astar_ida_star(d, start, gaps_at<kN>, 1, {}, 1);
  ASSERT_TRUE(ida.solved() && hybrid.solved());
  EXPECT_EQ(*hybrid.moves, *ida.moves);
  EXPECT_EQ(hybrid.stats.expanded, ida.stats.expanded);
  EXPECT_EQ(hybrid.stats.iterations, ida.stats.iterations);
  EXPECT_EQ(hybrid.stats.peak_stored, 1u);
}

// A budget bigger than the space: A* alone finds the goal, and no IDA* iteration runs.
TEST(AStarIdaStar, ABudgetBiggerThanTheSpaceIsAStar) {
  const Pancakes<7> d;
  std::mt19937 rng(7);
  for (int trial = 0; trial < 5; ++trial) {
    const auto start = Pancakes<7>::random(rng);
    const auto expected = ida_star(d, start, GapHeuristic<7>{});
    const auto found = astar_ida_star(d, start, gaps_at<7>, 1'000'000, {}, 2);
    ASSERT_TRUE(found.solved());
    EXPECT_EQ(found.cost, expected.cost);
    EXPECT_TRUE(reaches_goal(d, start, *found.moves));
    EXPECT_EQ(found.stats.iterations, 0u);
    EXPECT_LE(found.stats.peak_stored, d.num_states());
  }
  const auto goal = Pancakes<7>::sorted();
  const auto at_goal = astar_ida_star(d, goal, gaps_at<7>, 10, {}, 2);
  ASSERT_TRUE(at_goal.solved());
  EXPECT_TRUE(at_goal.moves->empty());
}

TEST(AStarIdaStar, WeightedStepsGiveTheCheapestSolution) {
  const CostlyPancakes<8> d;
  std::mt19937 rng(8);
  for (int trial = 0; trial < 6; ++trial) {
    const auto start = Pancakes<8>::random(rng);
    const auto expected = ida_star(d, start, GapHeuristic<8>{});
    for (std::uint64_t budget : {1u, 50u, 5'000u}) {
      const auto found = astar_ida_star(d, start, gaps_at<8>, budget, {}, 2);
      ASSERT_TRUE(found.solved()) << budget;
      EXPECT_EQ(found.cost, expected.cost) << budget;
      EXPECT_TRUE(reaches_goal(d, start, *found.moves)) << budget;
    }
  }
}

TEST(AStarIdaStar, LimitsStopEitherPhase) {
  constexpr int kN = 14;
  const Pancakes<kN> d;
  std::mt19937 rng(14);
  const auto start = Pancakes<kN>::random(rng);

  SearchLimits depth_limited;
  depth_limited.max_depth = IncrementalGaps<kN>(start).value();  // the stack needs more
  for (std::uint64_t budget : {1u, 100'000u}) {
    const auto shallow = astar_ida_star(d, start, gaps_at<kN>, budget, depth_limited, 2);
    EXPECT_FALSE(shallow.solved()) << budget;
    EXPECT_EQ(shallow.stats.reason, StopReason::depth_limit) << budget;
  }

  SearchLimits node_limited;
  node_limited.max_nodes = 10;  // within A*
  const auto in_astar = astar_ida_star(d, start, gaps_at<kN>, 1'000, node_limited, 2);
  EXPECT_FALSE(in_astar.solved());
  EXPECT_EQ(in_astar.stats.reason, StopReason::node_limit);
  EXPECT_LE(in_astar.stats.expanded, 10u);

  // Blind, a stack 7 or more flips away needs far more than a thread's first check.
  const Pancakes<9> blind;
  std::array<std::uint8_t, 9> far{8, 7, 6, 5, 4, 3, 2, 1, 0};
  std::swap(far[0], far[4]);
  const auto no_heuristic = [](const Pancakes<9>::State&) { return NoHeuristic{}; };
  node_limited.max_nodes = 200;  // past A*'s 100 states, within IDA*
  const auto in_ida = astar_ida_star(blind, far, no_heuristic, 100, node_limited, 2);
  EXPECT_FALSE(in_ida.solved());
  EXPECT_EQ(in_ida.stats.reason, StopReason::node_limit);
  EXPECT_GT(in_ida.stats.iterations, 0u);
  SearchContext context;
  context.cancel();
  for (std::uint64_t budget : {1u, 10'000u}) {
    const auto interrupted = astar_ida_star(blind, far, no_heuristic, budget, context, 2);
    EXPECT_FALSE(interrupted.solved()) << budget;
    EXPECT_EQ(interrupted.stats.reason, StopReason::cancelled) << budget;
  }
  SearchLimits timed;
  timed.max_seconds = 1e-9;
  const auto late = astar_ida_star(blind, far, no_heuristic, 10'000, timed, 2);
  EXPECT_FALSE(late.solved());
  EXPECT_EQ(late.stats.reason, StopReason::time_limit);
}

// The memory limit stops A* cleanly; a process is always past one byte.
TEST(AStarIdaStar, TheMemoryLimitStopsAStar) {
  constexpr int kN = 12;
  const Pancakes<kN> d;
  std::mt19937 rng(3);
  SearchLimits tight;
  tight.max_memory_bytes = 1;
  const auto found = astar_ida_star(d, Pancakes<kN>::random(rng), gaps_at<kN>, 1'000'000, tight, 2);
  EXPECT_FALSE(found.solved());
  EXPECT_EQ(found.stats.reason, StopReason::memory_limit);
}

}  // namespace
}  // namespace plumb::search
