// The search algorithms agree with each other on random instances, and every solution replays to a goal.
#include <gtest/gtest.h>

#include <random>

#include "plumb/search/astar.hpp"
#include "plumb/search/bfs.hpp"
#include "plumb/search/bidirectional_bfs.hpp"
#include "plumb/search/distance_table.hpp"
#include "plumb/search/explore.hpp"
#include "plumb/search/ida_star.hpp"
#include "tests/search/test_domains.hpp"

namespace plumb::search {
namespace {

using testing::CostlyPancakes;
using testing::GapHeuristic;
using testing::NumberWalk;
using testing::Pancakes;
using testing::ZeroHeuristic;

template <class D>
void expect_replays_to_goal(const D& d, typename D::State s, const std::vector<typename D::Move>& moves) {
  for (const auto& m : moves) d.apply(s, m);
  EXPECT_TRUE(d.is_goal(s));
}

TEST(Algorithms, AgreeOnRandomPancakeStacks) {
  Pancakes<7> d;
  const std::array<typename Pancakes<7>::State, 1> goal{Pancakes<7>::sorted()};
  const DistanceTable table = distance_table(d, std::span(goal));
  ASSERT_EQ(table.stats.reason, StopReason::exhausted);
  std::mt19937 rng(7);
  for (int i = 0; i < 60; ++i) {
    const auto start = Pancakes<7>::random(rng);
    const auto by_bfs = bfs(d, start);
    const auto by_bidirectional = bidirectional_bfs(d, start);
    const auto by_astar = astar(d, start, GapHeuristic<7>{});
    const auto by_astar_blind = astar(d, start, ZeroHeuristic{});
    const auto by_ida = ida_star(d, start, GapHeuristic<7>{});
    for (const auto* result : {&by_bfs, &by_bidirectional, &by_astar, &by_astar_blind, &by_ida}) {
      ASSERT_TRUE(result->solved());
      EXPECT_EQ(result->stats.reason, StopReason::solved);
      EXPECT_EQ(result->cost, static_cast<Cost>(result->moves->size()));
      EXPECT_EQ(result->cost, by_bfs.cost);
      expect_replays_to_goal(d, start, *result->moves);
    }
    EXPECT_EQ(by_bfs.cost, table.distances[d.rank(start)]);
  }
}

TEST(Algorithms, AlreadySolvedNeedsNoMoves) {
  Pancakes<5> d;
  const auto goal = Pancakes<5>::sorted();
  EXPECT_EQ(bfs(d, goal).moves->size(), 0u);
  EXPECT_EQ(bidirectional_bfs(d, goal).moves->size(), 0u);
  EXPECT_EQ(astar(d, goal, GapHeuristic<5>{}).moves->size(), 0u);
  EXPECT_EQ(ida_star(d, goal, GapHeuristic<5>{}).moves->size(), 0u);
}

TEST(Algorithms, AgreeOnADirectedDomainWithoutRanksOrPacking) {
  std::mt19937 rng(3);
  for (int i = 0; i < 100; ++i) {
    NumberWalk d{static_cast<int>(rng() % 150), 150};
    const int start = static_cast<int>(rng() % 150);
    const auto by_bfs = bfs(d, start);
    const auto by_astar = astar(d, start, ZeroHeuristic{});
    ASSERT_TRUE(by_bfs.solved() && by_astar.solved());
    EXPECT_EQ(by_astar.cost, by_bfs.cost);
    std::vector<const SearchResult<NumberWalk>*> results{&by_bfs, &by_astar};
    SearchResult<NumberWalk> by_ida;
    if (by_bfs.cost <= 9) {  // blind IDA* is exponential in the depth
      by_ida = ida_star(d, start, ZeroHeuristic{});
      ASSERT_TRUE(by_ida.solved());
      EXPECT_EQ(by_ida.cost, by_bfs.cost);
      results.push_back(&by_ida);
    }
    for (const auto* result : results) {
      int x = start;
      for (char m : *result->moves) x = d.apply(x, m);
      EXPECT_EQ(x, d.target);
    }
  }
}

TEST(Algorithms, WeightedCostsAgreeBetweenAStarAndIdaStar) {
  CostlyPancakes<5> d;
  std::mt19937 rng(11);
  for (int i = 0; i < 30; ++i) {
    const auto start = Pancakes<5>::random(rng);
    const auto by_astar = astar(d, start, ZeroHeuristic{});
    const auto by_ida = ida_star(d, start, ZeroHeuristic{});
    ASSERT_TRUE(by_astar.solved() && by_ida.solved());
    EXPECT_EQ(by_astar.cost, by_ida.cost);
    Cost replayed = 0;
    for (int k : *by_ida.moves) replayed += k;
    EXPECT_EQ(replayed, by_ida.cost);
    expect_replays_to_goal(d, start, *by_astar.moves);
  }
}

TEST(Algorithms, UnreachableGoalsExhaustTheSpace) {
  NumberWalk d{500, 100};  // the target lies beyond the walk's limit
  EXPECT_EQ(bfs(d, 7).stats.reason, StopReason::exhausted);
  EXPECT_EQ(astar(d, 7, ZeroHeuristic{}).stats.reason, StopReason::exhausted);
  SearchLimits shallow;
  shallow.max_depth = 12;
  const auto by_ida = ida_star(d, 7, ZeroHeuristic{}, shallow);
  EXPECT_FALSE(by_ida.solved());
  EXPECT_EQ(by_ida.stats.reason, StopReason::depth_limit);
}

// A diamond, 1 -> 2, 3 -> 4 -> 5, whose state 4 is reached twice: a domain that yields each state
// once would yield it once, so when this one says it does (`says_so`), bfs takes its word and
// keeps no table, which shows as 4 generated twice and never found a duplicate.
struct Diamond {
  using State = int;
  using Move = int;
  bool says_so = false;
  bool is_goal(State s) const { return s == 5; }
  template <class F>
  void for_each_successor(State s, F&& f) const {
    if (s == 1) f(0, 2), f(1, 3);
    if (s == 2 || s == 3) f(0, 4);
    if (s == 4) f(0, 5);
  }
  bool yields_each_state_once() const { return says_so; }
};

TEST(Algorithms, BfsKeepsNoTableForADomainThatYieldsEachStateOnce) {
  const auto checked = bfs(Diamond{.says_so = false}, 1);
  ASSERT_TRUE(checked.solved());
  EXPECT_EQ(checked.moves->size(), 3U);
  EXPECT_EQ(checked.stats.duplicates, 1U);  // 4 from 3

  const auto trusted = bfs(Diamond{.says_so = true}, 1);
  ASSERT_TRUE(trusted.solved());
  EXPECT_EQ(trusted.moves->size(), 3U);
  EXPECT_EQ(trusted.stats.duplicates, 0U);
  EXPECT_EQ(trusted.stats.generated, checked.stats.generated);  // 2, 3, 4, 4, 5
}

TEST(Algorithms, LimitsStopCleanlyWithTheReason) {
  Pancakes<12> d;
  std::mt19937 rng(5);
  const auto start = Pancakes<12>::random(rng);
  SearchLimits few_nodes;
  few_nodes.max_nodes = 5000;
  for (const auto& result : {bfs(d, start, few_nodes), bidirectional_bfs(d, start, few_nodes),
                             astar(d, start, ZeroHeuristic{}, few_nodes), ida_star(d, start, ZeroHeuristic{}, few_nodes)}) {
    EXPECT_FALSE(result.solved());
    EXPECT_EQ(result.stats.reason, StopReason::node_limit);
    EXPECT_EQ(result.stats.expanded, 5000u);
  }
  SearchLimits shallow;
  shallow.max_depth = 2;
  EXPECT_EQ(bfs(d, start, shallow).stats.reason, StopReason::depth_limit);
  EXPECT_EQ(bidirectional_bfs(d, start, shallow).stats.reason, StopReason::depth_limit);
  EXPECT_EQ(astar(d, start, GapHeuristic<12>{}, shallow).stats.reason, StopReason::depth_limit);
}

TEST(Algorithms, ProgressIsReportedDuringLongSearches) {
  Pancakes<9> d;
  int reports = 0;
  SearchContext context;
  context.set_progress(
      [&](const SearchStats& stats) {
        EXPECT_GT(stats.expanded, 0u);
        ++reports;
      },
      0);
  std::mt19937 rng(1);
  bfs(d, Pancakes<9>::random(rng), context);
  EXPECT_GT(reports, 0);
}

// Pancake numbers (the diameters of the pancake graphs): 4, 5, 7, 8 for 4..7 pancakes.
TEST(Explore, CountsEveryStateAndFindsTheDiameter) {
  const auto check = [](auto d, std::uint64_t states, std::size_t diameter) {
    using D = decltype(d);
    const std::array<typename D::State, 1> goal{D::sorted()};
    const auto dense = explore(d, std::span(goal));
    const auto hashed = detail::explore_hashed(d, std::span(goal), {}, 1000);
    EXPECT_TRUE(dense.complete());
    EXPECT_EQ(dense.total(), states);
    EXPECT_EQ(dense.layer_sizes.size(), diameter + 1);
    EXPECT_EQ(dense.layer_sizes, hashed.layer_sizes);
    EXPECT_EQ(dense.deepest.size(), std::min<std::uint64_t>(16, dense.layer_sizes.back()));
    for (const auto& s : dense.deepest) EXPECT_EQ(bfs(d, s).cost, static_cast<Cost>(diameter));
    EXPECT_EQ(hashed.deepest.size(), hashed.layer_sizes.back());
  };
  check(Pancakes<4>{}, 24, 4);
  check(Pancakes<5>{}, 120, 5);
  check(Pancakes<6>{}, 720, 7);
  check(Pancakes<7>{}, 5040, 8);
}

TEST(Explore, ThreadsShareTheDenseLayersExactly) {
  Pancakes<9> d;  // 362,880 states: past the size where the dense explorer starts its workers
  const std::array<typename Pancakes<9>::State, 1> goal{Pancakes<9>::sorted()};
  SearchLimits one, two;
  one.threads = 1;
  two.threads = 2;
  const auto alone = explore(d, std::span(goal), one);
  const auto shared = explore(d, std::span(goal), two);
  EXPECT_EQ(alone.total(), 362880u);
  EXPECT_EQ(alone.layer_sizes.size(), 11u);  // the pancake number of 9 is 10
  EXPECT_EQ(shared.layer_sizes, alone.layer_sizes);
  EXPECT_EQ(shared.stats.expanded, 362880u);
  EXPECT_EQ(shared.stats.generated, 362880u * 8);
  EXPECT_EQ(shared.deepest, alone.deepest);
}

TEST(Explore, DepthLimitStopsEarly) {
  Pancakes<6> d;
  const std::array<typename Pancakes<6>::State, 1> goal{Pancakes<6>::sorted()};
  SearchLimits limits;
  limits.max_depth = 3;
  const auto result = explore(d, std::span(goal), limits);
  EXPECT_EQ(result.stats.reason, StopReason::depth_limit);
  EXPECT_EQ(result.layer_sizes.size(), 4u);
}

}  // namespace
}  // namespace plumb::search
