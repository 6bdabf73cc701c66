// tests/search/context_test.cpp: every engine search honours every limit of its SearchContext and
// its cancellation, stopping with exactly the limit's StopReason and no answer (a table of searches
// by limits); a cancellation from another thread stops a long search within 100 ms; a flow
// network's layout stops for the budget and leaves the network as it was; a Budget checks slow
// expansions by time and fast ones rarely; and the context itself:
// one progress reporter at a time, the interval, copies sharing the cancellation (and a context
// with a cancellation of its own), the totals.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <functional>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "plumb/flow/dinic.hpp"
#include "plumb/flow/max_flow.hpp"
#include "plumb/search/astar.hpp"
#include "plumb/search/bfs.hpp"
#include "plumb/search/bidirectional_bfs.hpp"
#include "plumb/search/budget.hpp"
#include "plumb/search/context.hpp"
#include "plumb/search/distance_table.hpp"
#include "plumb/search/explore.hpp"
#include "plumb/search/ida_star.hpp"
#include "tests/search/test_domains.hpp"
#include "tests/support/cancellation.hpp"
#include "tests/support/limit_table.hpp"

namespace plumb::search {
namespace {

using testing::GapHeuristic;
using testing::NumberWalk;
using testing::Pancakes;
using testing::ZeroHeuristic;
using Clock = std::chrono::steady_clock;

using testing::SearchCase;
using Outcome = testing::SearchOutcome;

// A start whose every search here goes several layers deep.
Pancakes<8>::State scrambled() {
  return {7, 2, 5, 0, 3, 6, 1, 4};
}

std::vector<SearchCase> engine_searches() {
  const Pancakes<8> pancakes;
  const NumberWalk walk{.target = 199};
  const std::vector<Pancakes<8>::State> starts{scrambled()};
  const auto answered = [](auto result) { return Outcome{result.stats, result.solved()}; };
  return {
      {"bfs", [=](const SearchContext& c) { return answered(bfs(pancakes, scrambled(), c)); }},
      {"bfs_hashed", [=](const SearchContext& c) { return answered(bfs(walk, 0, c)); }},
      {"bidirectional_bfs",
       [=](const SearchContext& c) {
         return answered(bidirectional_bfs(pancakes, scrambled(), c));
       }},
      {"astar",
       [=](const SearchContext& c) {
         return answered(astar(pancakes, scrambled(), GapHeuristic<8>{}, c));
       }},
      {"astar_hashed",
       [=](const SearchContext& c) { return answered(astar(walk, 0, ZeroHeuristic{}, c)); }},
      {"ida_star",
       [=](const SearchContext& c) {
         return answered(ida_star(pancakes, scrambled(), GapHeuristic<8>{}, c));
       }},
      {"explore_dense",
       [=](const SearchContext& c) {
         const auto result = explore(pancakes, std::span(starts), c);
         return Outcome{result.stats, result.complete()};
       }},
      {"explore_hashed",
       [=](const SearchContext& c) {
         const std::vector<int> zero{0};
         const auto result = explore(walk, std::span(zero), c);
         return Outcome{result.stats, result.complete()};
       }},
      {"distance_table",
       [=](const SearchContext& c) {
         const DistanceTable table = distance_table(pancakes, std::span(starts), c);
         return Outcome{table.stats, table.stats.reason == StopReason::exhausted};
       }},
  };
}

TEST(SearchContext, EverySearchStopsAtEveryLimitWithItsReasonAndNoAnswer) {
  testing::expect_every_search_stops_at_every_limit(engine_searches(), 1);
}

TEST(SearchContext, AnIdaStarIterationPastTheDepthLimitIsNotTried) {
  const Pancakes<8> pancakes;
  const auto free = ida_star(pancakes, scrambled(), GapHeuristic<8>{});
  ASSERT_TRUE(free.solved());
  const auto bounded =
      ida_star(pancakes, scrambled(), GapHeuristic<8>{}, SearchLimits{.max_depth = free.cost - 1});
  EXPECT_EQ(bounded.stats.reason, StopReason::depth_limit);
  const auto enough =
      ida_star(pancakes, scrambled(), GapHeuristic<8>{}, SearchLimits{.max_depth = free.cost});
  ASSERT_TRUE(enough.solved());
  EXPECT_EQ(enough.moves, free.moves);
}

TEST(SearchContext, CancellingFromAnotherThreadStopsAnIdaStarWithinTheBound) {
  // Pancakes of 16 without a heuristic: far more than a lifetime of iterations.
  const Pancakes<16> pancakes;
  std::mt19937 random(16);
  const Pancakes<16>::State start = Pancakes<16>::random(random);
  testing::expect_cancelled_within_bound("ida_star", {}, [&](const SearchContext& c) {
    return ida_star(pancakes, start, ZeroHeuristic{}, c).stats;
  });
}

TEST(SearchContext, CancellingFromAnotherThreadStopsAParallelExplorationWithinTheBound) {
  // 11! states (10 MB of codes), explored by two threads: many seconds of work.
  const Pancakes<11> pancakes;
  const std::vector<Pancakes<11>::State> starts{Pancakes<11>::sorted()};
  testing::expect_cancelled_within_bound("explore", {.threads = 2}, [&](const SearchContext& c) {
    return explore(pancakes, std::span(starts), c).stats;
  });
}

// A network of about a million edges (a chain of nodes, each also joined to the sink).
flow::MaxFlow<flow::DinicSolver> large_network(int nodes) {
  flow::MaxFlow<flow::DinicSolver> graph(nodes);
  for (int v = 0; v + 1 < nodes; ++v) {
    graph.add_edge(v, v + 1, 2);
    graph.add_edge(v, nodes - 1, 1);
  }
  return graph;
}

TEST(SearchContext, ANetworksLayoutStopsForTheBudgetAndLeavesTheNetworkAsItWas) {
  const int nodes = 500'000;
  flow::MaxFlow<flow::DinicSolver> graph = large_network(nodes);
  const SearchContext cancelled;
  cancelled.cancel();
  SearchStats stats;
  Budget budget(cancelled, stats);
  EXPECT_EQ(graph.flow(0, nodes - 1, flow::kUnlimited, &budget), 0);
  EXPECT_EQ(stats.reason, StopReason::cancelled);
  EXPECT_FALSE(graph.network().built());
  // Unstopped, the same network is laid out and solved: every node but the sink sends 1 to it
  // directly, and the chain carries the rest of the source's 3 to the sink's neighbour.
  EXPECT_EQ(graph.flow(0, nodes - 1), 3);
  EXPECT_TRUE(graph.network().built());
}

TEST(SearchContext, ARebuildStoppedByTheBudgetKeepsTheFlows) {
  flow::MaxFlow<flow::DinicSolver> graph = large_network(200'000);
  const int sink = graph.num_nodes() - 1;
  ASSERT_EQ(graph.flow(0, sink), 3);
  graph.add_edge(0, sink, 5);  // the next flow lays the network out again
  const SearchContext cancelled;
  cancelled.cancel();
  SearchStats stats;
  Budget budget(cancelled, stats);
  EXPECT_EQ(graph.flow(0, sink, flow::kUnlimited, &budget), 0);
  EXPECT_EQ(stats.reason, StopReason::cancelled);
  EXPECT_EQ(graph.get_edge(0).flow + graph.get_edge(1).flow, 3);  // the source's edges, kept
  EXPECT_EQ(graph.flow(0, sink), 5);
}

TEST(SearchContext, OneThreadReportsAtATime) {
  SearchContext context;
  std::atomic<int> reporting{0}, most_at_once{0}, reports{0};
  context.set_progress(
      [&](const SearchStats&) {
        const int now = ++reporting;
        int most = most_at_once.load();
        while (now > most && !most_at_once.compare_exchange_weak(most, now)) {
        }
        ++reports;
        std::this_thread::sleep_for(std::chrono::microseconds(200));
        --reporting;
      },
      0);
  {
    std::vector<std::jthread> threads;
    for (int t = 0; t < 4; ++t) {
      threads.emplace_back([&] {
        SearchStats stats;
        for (int i = 0; i < 2000; ++i) {
          stats.expanded = static_cast<std::uint64_t>(i);
          context.report_progress(stats);
        }
      });
    }
  }
  EXPECT_EQ(most_at_once.load(), 1);
  EXPECT_GT(reports.load(), 0);
}

// Reports come an interval after set_progress() at the earliest, then an interval apart: the k-th
// no sooner than k intervals after it, whatever the machine's speed or load. (Each report is due
// an interval after the clock reading of the one before; a thread held up between that reading
// and the reporter makes that report late, and the gap to the next one shorter, never the next
// one early. The loop goes on until one report has come.)
TEST(SearchContext, ReportsAreAnIntervalApart) {
  SearchContext context;
  std::vector<Clock::time_point> times;
  const auto interval = std::chrono::milliseconds(20);
  const Clock::time_point set = Clock::now();
  context.set_progress([&](const SearchStats&) { times.push_back(Clock::now()); }, 0.02);
  const Clock::time_point end = set + std::chrono::milliseconds(150);
  const Clock::time_point give_up = set + std::chrono::seconds(30);
  while ((Clock::now() < end || times.empty()) && Clock::now() < give_up)
    context.report_progress({});
  ASSERT_GE(times.size(), 1u);
  for (std::size_t i = 0; i < times.size(); ++i)
    EXPECT_GE(times[i] - set, static_cast<int>(i + 1) * interval) << "report " << i + 1;
}

TEST(SearchContext, ASearchReportsThroughItsContext) {
  SearchContext context;
  std::vector<std::uint64_t> expanded;
  context.set_progress([&](const SearchStats& stats) { expanded.push_back(stats.expanded); }, 0);
  const auto result = bfs(Pancakes<8>{}, scrambled(), context);
  ASSERT_TRUE(result.solved());
  ASSERT_FALSE(expanded.empty());
  EXPECT_GT(expanded.front(), 0u);
  EXPECT_LE(expanded.back(), result.stats.expanded);
}

TEST(SearchContext, CopiesShareTheCancellation) {
  const SearchContext context;
  SearchContext copy = context;
  copy.limits.max_depth = 3;  // a copy's own limits
  EXPECT_FALSE(context.cancelled());
  copy.cancel();
  EXPECT_TRUE(context.cancelled());
  EXPECT_TRUE(copy.cancelled());
  EXPECT_EQ(context.limits.max_depth, kInfiniteCost);
  EXPECT_FALSE(SearchContext{}.cancelled());  // a new context is not
}

// A context with a cancellation of its own: cancelled with the one it was made from, never the
// other way; its copies share its cancellation, and its totals are the outer one's.
TEST(SearchContext, AnOwnCancellationStopsItsSearchesAlone) {
  const SearchContext outer;
  const SearchContext own = outer.with_own_cancellation();
  const SearchContext copy = own;
  copy.cancel();
  EXPECT_TRUE(own.cancelled());
  EXPECT_FALSE(outer.cancelled());
  own.record(SearchStats{.expanded = 5});
  EXPECT_EQ(outer.totals().expanded, 5U);
  const SearchContext other = outer.with_own_cancellation();
  outer.cancel();
  EXPECT_TRUE(other.cancelled());
  EXPECT_TRUE(other.with_own_cancellation().cancelled());
}

// Searches side by side lease the threads left idle, at most their limit, and give them back.
TEST(SearchContext, SearchesSideBySideLeaseTheIdleThreads) {
  SearchContext context({.threads = 3});
  EXPECT_EQ(ThreadLease(context).threads(), 3U) << "threads not shared: the limit's";
  context.shared_threads = std::make_shared<SharedThreads>(4);
  context.shared_threads->take_one();  // this search's own
  context.shared_threads->take_one();  // another's
  {
    const ThreadLease first(context);
    EXPECT_EQ(first.threads(), 3U) << "its own and two idle";
    EXPECT_EQ(ThreadLease(context).threads(), 1U) << "none idle left: its own alone";
  }
  context.shared_threads->give_back(1);  // the other search ends
  EXPECT_EQ(ThreadLease(context).threads(), 3U) << "at most the limit";
  context.limits.threads = 8;
  EXPECT_EQ(ThreadLease(context).threads(), 4U) << "at most those idle";
  ThreadLease growing(context);
  EXPECT_EQ(growing.threads(), 4U);
  EXPECT_EQ(growing.grow(), 0U) << "none idle";
  context.shared_threads->give_back(1);  // the first search ends
  EXPECT_EQ(growing.grow(), 1U) << "the thread it gave back";
  EXPECT_EQ(growing.threads(), 5U);
}

// Workers on leased threads: work(0) on the calling thread; a thread gone idle while it runs
// starts a worker at its next grow().
TEST(SearchContext, LeasedWorkersGrowWhenThreadsGoIdle) {
  SearchContext context({.threads = 2});
  context.shared_threads = std::make_shared<SharedThreads>(2);
  context.shared_threads->take_one();  // this search's own
  context.shared_threads->take_one();  // another's
  std::atomic<unsigned> ran = 0;
  std::atomic<bool> helper_ran = false;
  run_leased_workers(context, [&](unsigned worker, const auto& grow) {
    ++ran;
    if (worker != 0) {
      helper_ran = true;
      return;
    }
    grow();  // nothing idle yet
    EXPECT_EQ(ran.load(), 1U);
    context.shared_threads->give_back(1);  // the other search ends
    grow();
  });
  EXPECT_EQ(ran.load(), 2U);
  EXPECT_TRUE(helper_ran.load());
}

TEST(SearchContext, RecordedStatisticsAddUpFromEveryThread) {
  const SearchContext context;
  {
    std::vector<std::jthread> threads;
    for (int t = 0; t < 4; ++t) {
      threads.emplace_back([&context, t] {
        for (int i = 0; i < 1000; ++i) {
          SearchStats stats;
          stats.expanded = 2;
          stats.generated = 3;
          stats.depth = t * 10 + (i % 7);
          stats.peak_stored = static_cast<std::uint64_t>(i);
          context.record(stats);
        }
      });
    }
  }
  const SearchStats totals = context.totals();
  EXPECT_EQ(totals.expanded, 8000u);
  EXPECT_EQ(totals.generated, 12000u);
  EXPECT_EQ(totals.depth, 36);
  EXPECT_EQ(totals.peak_stored, 999u);
}

// Expansions of 5 ms each (a slow callback): the Budget's checks come by time, not only every
// 4,096 charges (20 s of them), so the time limit and a cancellation are seen within a few checks.
TEST(SearchContext, ABudgetSeesLimitsWhateverAnExpansionCosts) {
  using std::chrono_literals::operator""ms;
  const auto charge_slowly = [](const SearchContext& context) {
    SearchStats stats;
    Budget budget(context, stats);
    const auto started = Clock::now();
    while (budget.charge()) std::this_thread::sleep_for(5ms);
    EXPECT_LT(Clock::now() - started, std::chrono::seconds(10));  // about 0.2 s
    return stats.reason;
  };
  EXPECT_EQ(charge_slowly(SearchLimits{.max_seconds = 0.2}), StopReason::time_limit);
  const SearchContext cancelled;
  const std::jthread canceller([cancelled] {
    std::this_thread::sleep_for(200ms);
    cancelled.cancel();
  });
  EXPECT_EQ(charge_slowly(cancelled), StopReason::cancelled);
}

// Fast expansions are checked every 4,096 charges at most, after the first few: a million charges
// with a report at every check report a few hundred times.
TEST(SearchContext, ABudgetChecksFastExpansionsRarely) {
  SearchContext context;
  int reports = 0;
  context.set_progress([&reports](const SearchStats&) { ++reports; }, 0);
  SearchStats stats;
  Budget budget(context, stats);
  for (int i = 0; i < 1'000'000; ++i) ASSERT_TRUE(budget.charge());
  EXPECT_GE(reports, 1'000'000 / 4096);
  EXPECT_LT(reports, 400);
}

}  // namespace
}  // namespace plumb::search
