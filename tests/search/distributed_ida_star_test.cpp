// parallel_ida_star and astar_ida_star shared by a group of processes (threads of the test standing
// in for them, tests/support/thread_exchange.hpp), on pancake stacks: at every group size and
// thread count, every member returns what one process returns (the same moves, cost, iterations
// and bound) and the same node counts as the others; a limit or a cancellation on one member
// stops every member, with its reason.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <memory>
#include <random>
#include <utility>
#include <vector>

#include "plumb/search/astar_ida_star.hpp"
#include "plumb/search/parallel_ida_star.hpp"
#include "tests/search/test_domains.hpp"
#include "tests/support/thread_exchange.hpp"

namespace plumb::search {
namespace {

using testing::IncrementalGaps;
using testing::NoHeuristic;
using testing::Pancakes;
using testing::reaches_goal;
using testing::run_in_group;

// A context that shares its searches with `member`'s group.
SearchContext shared_by(std::shared_ptr<Exchange> member, SearchLimits limits = {}) {
  SearchContext context(limits);
  context.distribution.exchange = std::move(member);
  return context;
}

// Every member's result is `alone`'s answer, and all members count the same nodes.
template <class D>
void expect_same_answers(const D& d, const typename D::State& start,
                         const std::vector<SearchResult<D>>& members, const SearchResult<D>& alone,
                         int group) {
  ASSERT_TRUE(alone.solved());
  for (const SearchResult<D>& member : members) {
    ASSERT_TRUE(member.solved()) << group;
    EXPECT_EQ(*member.moves, *alone.moves) << group;
    EXPECT_EQ(member.cost, alone.cost) << group;
    EXPECT_EQ(member.stats.iterations, alone.stats.iterations) << group;
    EXPECT_EQ(member.stats.depth, alone.stats.depth) << group;
    EXPECT_EQ(member.stats.expanded, members.front().stats.expanded) << group;
    EXPECT_EQ(member.stats.generated, members.front().stats.generated) << group;
    EXPECT_TRUE(reaches_goal(d, start, *member.moves));
  }
}

TEST(DistributedIdaStar, EveryGroupSizeGivesOneProcesssAnswer) {
  constexpr int kN = 12;  // solutions of 10 to 13 flips: deeper than the work items
  const Pancakes<kN> d;
  std::mt19937 rng(31);
  for (int trial = 0; trial < 5; ++trial) {
    const auto start = Pancakes<kN>::random(rng);
    const IncrementalGaps<kN> h(start);
    const auto alone = parallel_ida_star(d, start, h, {}, 2);
    for (int group = 1; group <= 4; ++group) {
      for (unsigned threads : {1u, 2u}) {
        const auto members = run_in_group(group, [&](std::shared_ptr<Exchange> member) {
          return parallel_ida_star(d, start, h, shared_by(member), threads);
        });
        expect_same_answers(d, start, members, alone, group);
      }
    }
  }
}

TEST(DistributedIdaStar, AStarFrontiersAreSharedToo) {
  constexpr int kN = 12;
  const Pancakes<kN> d;
  const auto gaps_at = [](const Pancakes<kN>::State& s) { return IncrementalGaps<kN>(s); };
  std::mt19937 rng(32);
  for (int trial = 0; trial < 4; ++trial) {
    const auto start = Pancakes<kN>::random(rng);
    const auto alone = astar_ida_star(d, start, gaps_at, 300, {}, 2);
    for (int group = 2; group <= 4; ++group) {
      const auto members = run_in_group(group, [&](std::shared_ptr<Exchange> member) {
        return astar_ida_star(d, start, gaps_at, 300, shared_by(member), 2);
      });
      expect_same_answers(d, start, members, alone, group);
    }
  }
}

TEST(DistributedIdaStar, AStopOnOneMemberStopsEveryMember) {
  // A blind search for a stack 8 flips away: its splitter alone passes the first check
  // (parallel_ida_detail::kCheckInterval expansions) at bound 6, an iteration that cannot find
  // the goal.
  const Pancakes<9> blind;
  const std::array<std::uint8_t, 9> far{1, 3, 5, 7, 0, 2, 4, 6, 8};
  const auto alone = parallel_ida_star(blind, far, NoHeuristic{}, {}, 1);
  ASSERT_TRUE(alone.solved());
  ASSERT_GE(alone.cost, 8);
  for (int group = 2; group <= 4; ++group) {
    const auto cancelled = run_in_group(group, [&](std::shared_ptr<Exchange> member) {
      SearchContext context = shared_by(member);
      if (member->rank() == group - 1) context.cancel();
      return parallel_ida_star(blind, far, NoHeuristic{}, context, 2);
    });
    for (const auto& result : cancelled) {
      EXPECT_FALSE(result.solved()) << group;
      EXPECT_EQ(result.stats.reason, StopReason::cancelled) << group;
    }
    SearchLimits few_nodes;
    few_nodes.max_nodes = 10;
    const auto limited = run_in_group(group, [&](std::shared_ptr<Exchange> member) {
      return parallel_ida_star(blind, far, NoHeuristic{}, shared_by(member, few_nodes), 2);
    });
    for (const auto& result : limited) {
      EXPECT_FALSE(result.solved()) << group;
      EXPECT_EQ(result.stats.reason, StopReason::node_limit) << group;
    }
  }
  // A* stopped on one member only.
  const auto gaps_at = [](const Pancakes<9>::State& s) { return IncrementalGaps<9>(s); };
  const auto astar_cancelled = run_in_group(3, [&](std::shared_ptr<Exchange> member) {
    SearchContext context = shared_by(member);
    if (member->rank() == 1) context.cancel();
    return astar_ida_star(blind, far, gaps_at, 100'000, context, 1);
  });
  for (const auto& result : astar_cancelled) EXPECT_EQ(result.stats.reason, StopReason::cancelled);
}

}  // namespace
}  // namespace plumb::search
