// The distributed exploration (plumb/search/distributed_explore.hpp) shared by 1 to 4 processes
// (threads of a ThreadGroup) gives what explore() alone gives: layers, deepest states and
// statistics, dense and hashed; a limit or a cancellation on one process stops them all; a
// checkpointed run that loses its processes carries on, with another number of them, to the same
// result.
#include <gtest/gtest.h>

#include <unistd.h>
#include <filesystem>
#include <string>

#include "plumb/search/explore.hpp"
#include "tests/search/test_domains.hpp"
#include "tests/support/fresh_folder.hpp"
#include "tests/support/thread_exchange.hpp"

namespace plumb::search {
namespace {

using testing::fresh_folder;
using testing::NumberWalk;
using testing::Pancakes;
using testing::run_in_group;

// Pancakes without ranks: explored with hash sets, its states sent as bytes.
template <int N>
struct UnrankedPancakes {
  using State = typename Pancakes<N>::State;
  using Move = int;
  Pancakes<N> pancakes;
  bool is_goal(const State& s) const { return pancakes.is_goal(s); }
  template <class F>
  void for_each_successor(const State& s, F&& f) const {
    pancakes.for_each_successor(s, f);
  }
  std::uint64_t pack(const State& s) const { return pancakes.pack(s); }
};

template <class D>
void expect_same(const ExploreResult<D>& shared, const ExploreResult<D>& alone) {
  EXPECT_EQ(shared.layer_sizes, alone.layer_sizes);
  EXPECT_EQ(shared.deepest, alone.deepest);
  EXPECT_EQ(shared.stats.reason, alone.stats.reason);
  EXPECT_EQ(shared.stats.expanded, alone.stats.expanded);
  EXPECT_EQ(shared.stats.generated, alone.stats.generated);
  EXPECT_EQ(shared.stats.duplicates, alone.stats.duplicates);
  EXPECT_EQ(shared.stats.peak_stored, alone.stats.peak_stored);
  EXPECT_EQ(shared.stats.iterations, alone.stats.iterations);
  EXPECT_EQ(shared.stats.depth, alone.stats.depth);
}

// explore(d, starts) shared by `processes` threads, under `limits` and `distribution` (its exchange
// set for each).
template <class D>
std::vector<ExploreResult<D>> explore_in_group(const D& d,
                                               const std::vector<typename D::State>& starts,
                                               int processes, std::size_t keep,
                                               SearchLimits limits = {},
                                               Distribution distribution = {}) {
  return run_in_group(processes, [&](std::shared_ptr<Exchange> member) {
    SearchContext context(limits);
    context.distribution = distribution;
    context.distribution.exchange = std::move(member);
    return explore(d, std::span(starts), context, keep);
  });
}

TEST(DistributedExplore, RankedSpacesGiveWhatOneProcessGives) {
  const Pancakes<7> d;
  const std::vector<Pancakes<7>::State> goal{Pancakes<7>::sorted()};
  const auto alone = explore(d, std::span(goal), {}, 1000);
  for (int processes = 1; processes <= 4; ++processes) {
    for (const auto& shared : explore_in_group(d, goal, processes, 1000))
      expect_same(shared, alone);
  }
  const Distribution in_small_rounds{.round_states = 40};
  for (const auto& shared : explore_in_group(d, goal, 3, 1000, {}, in_small_rounds))
    expect_same(shared, alone);
}

TEST(DistributedExplore, HashedSpacesGiveWhatOneProcessGives) {
  const UnrankedPancakes<7> d;
  const std::vector<Pancakes<7>::State> goal{Pancakes<7>::sorted()};
  const auto alone = explore(d, std::span(goal), {}, 5);
  ASSERT_EQ(alone.deepest.size(), 5u);
  for (int processes = 1; processes <= 4; ++processes) {
    for (const auto& shared : explore_in_group(d, goal, processes, 5)) expect_same(shared, alone);
  }
  const Distribution in_small_rounds{.round_states = 40};
  for (const auto& shared : explore_in_group(d, goal, 2, 5, {}, in_small_rounds))
    expect_same(shared, alone);
  const NumberWalk walk;
  const std::vector<int> from{0, 7, 7};
  const auto walked = explore(walk, std::span(from), {}, 3);
  for (const auto& shared : explore_in_group(walk, from, 3, 3)) expect_same(shared, walked);
}

TEST(DistributedExplore, HashedDeepestStatesAreTheCanonicalFirst) {
  const UnrankedPancakes<6> d;
  const std::vector<Pancakes<6>::State> goal{Pancakes<6>::sorted()};
  const auto all = explore(d, std::span(goal), {}, 1000);
  const auto some = explore(d, std::span(goal), {}, 2);
  ASSERT_EQ(some.deepest.size(), 2u);
  EXPECT_TRUE(std::is_sorted(all.deepest.begin(), all.deepest.end(), CanonicalOrder(d)));
  EXPECT_EQ(some.deepest, std::vector(all.deepest.begin(), all.deepest.begin() + 2));
}

TEST(DistributedExplore, ALimitOnOneProcessStopsThemAll) {
  const Pancakes<8> d;
  const std::vector<Pancakes<8>::State> goal{Pancakes<8>::sorted()};
  SearchLimits limits;
  limits.max_nodes = 1000;
  for (const auto& shared : explore_in_group(d, goal, 3, 4, limits)) {
    EXPECT_EQ(shared.stats.reason, StopReason::node_limit);
    EXPECT_GE(shared.stats.expanded, 1000u);
    EXPECT_TRUE(shared.deepest.empty());
  }
  limits = {};
  limits.max_depth = 3;
  for (const auto& shared : explore_in_group(d, goal, 2, 4, limits)) {
    EXPECT_EQ(shared.stats.reason, StopReason::depth_limit);
    EXPECT_EQ(shared.layer_sizes.size(), 4u);
  }
  const auto cancelled = run_in_group(3, [&](std::shared_ptr<Exchange> member) {
    SearchContext context;
    if (member->rank() == 1) context.cancel();
    context.distribution.exchange = std::move(member);
    return explore(d, std::span(goal), context, 4);
  });
  for (const auto& shared : cancelled) EXPECT_EQ(shared.stats.reason, StopReason::cancelled);
}

TEST(DistributedExplore, ProgressIsReportedByTheFirstProcessWithTheGroupsTotals) {
  const Pancakes<8> d;  // 40,320 states, expanded in rounds of a few thousand
  const std::vector<Pancakes<8>::State> goal{Pancakes<8>::sorted()};
  std::vector<int> reports(2, 0);
  std::uint64_t most = 0;
  run_in_group(2, [&](std::shared_ptr<Exchange> member) {
    SearchContext context;
    const int rank = member->rank();
    context.set_progress(
        [&, rank](const SearchStats& stats) {
          ++reports[static_cast<std::size_t>(rank)];
          if (rank == 0) most = std::max(most, stats.expanded);
        },
        0);
    context.distribution.exchange = std::move(member);
    return explore(d, std::span(goal), context, 4);
  });
  EXPECT_GT(reports[0], 0);
  EXPECT_EQ(reports[1], 0);
  EXPECT_EQ(most, 40320u);
}

// Every process of a run throws from its after_checkpoint hook at `layer`: a lost run.
struct LostRun {};

TEST(DistributedExplore, ACheckpointedRunResumesWithAnyNumberOfProcesses) {
  const auto check = [](const auto& d, const auto& starts, const std::string& name) {
    const auto alone = explore(d, std::span(starts), {}, 6);
    const auto folder = fresh_folder(name);
    const Distribution kept{.checkpoint = folder.string(),
                            .round_states = 100,
                            .after_checkpoint = [](std::size_t layer) {
                              if (layer == 4) throw LostRun{};
                            }};
    const auto lost = run_in_group(2, [&](std::shared_ptr<Exchange> member) {
      SearchContext context;
      context.distribution = kept;
      context.distribution.exchange = std::move(member);
      try {
        explore(d, std::span(starts), context, 6);
      } catch (const LostRun&) {
        return 1;
      }
      return 0;
    });
    EXPECT_EQ(lost, std::vector<int>(2, 1));
    for (int processes : {3, 1}) {
      const Distribution resumed{.checkpoint = folder.string(), .resume = true, .round_states = 70};
      for (const auto& shared : explore_in_group(d, starts, processes, 6, {}, resumed)) {
        EXPECT_EQ(shared.layer_sizes, alone.layer_sizes);
        EXPECT_EQ(shared.deepest, alone.deepest);
        EXPECT_EQ(shared.stats.expanded, alone.stats.expanded);
        EXPECT_EQ(shared.stats.generated, alone.stats.generated);
        EXPECT_EQ(shared.stats.duplicates, alone.stats.duplicates);
        EXPECT_EQ(shared.stats.reason, StopReason::exhausted);
      }
    }
    std::filesystem::remove_all(folder);
  };
  check(Pancakes<7>{}, std::vector<Pancakes<7>::State>{Pancakes<7>::sorted()}, "dense");
  check(UnrankedPancakes<7>{}, std::vector<Pancakes<7>::State>{Pancakes<7>::sorted()}, "hashed");
}

TEST(DistributedExplore, AResumeRefusesAnotherExplorationsCheckpoint) {
  const Pancakes<6> d;
  const auto folder = fresh_folder("another");
  const std::vector<Pancakes<6>::State> goal{Pancakes<6>::sorted()};
  SearchContext context;
  context.distribution.checkpoint = folder.string();
  explore(d, std::span(goal), context);
  std::vector<Pancakes<6>::State> other{d.unrank(5)};
  context.distribution.resume = true;
  EXPECT_THROW(explore(d, std::span(other), context), io::EnvironmentError);
  std::filesystem::remove_all(folder);
  EXPECT_THROW(explore(d, std::span(goal), context), io::EnvironmentError);
}

}  // namespace
}  // namespace plumb::search
