// The Gap solitaire: the contest sample, every solution replayed to the goal, BFS, A* and
// bidirectional BFS agreeing on random deals of several sizes, predecessors matching successors,
// and the heuristic never above the true distance.
#include "plumb/puzzles/gap.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "plumb/puzzles/gap_io.hpp"
#include "plumb/puzzles/gap_solve.hpp"
#include "tests/support/run_plumb.hpp"

namespace plumb::puzzles {
namespace {

bool sanitized() {
  return std::getenv("PLUMB_SANITIZED") != nullptr;
}

// Replays the moves from `start` and checks each is legal and that they end at the goal.
void expect_solves(const GapShape& shape, GapLayout layout, const std::vector<GapMove>& moves) {
  for (std::size_t i = 0; i < moves.size(); ++i) {
    ASSERT_TRUE(apply_gap_move(shape, layout, moves[i])) << "illegal move " << i;
  }
  EXPECT_EQ(layout, gap_goal_layout(shape));
}

std::vector<GapLayout> read_deals(const std::string& text, const GapShape& shape) {
  std::istringstream stream(text);
  io::TextInput in(stream, "test");
  std::vector<GapLayout> deals;
  for (long long count = read_gap_count(in); count > 0; --count) {
    deals.push_back(gap_start_layout(shape, read_gap_deal(in, shape)));
  }
  expect_gap_end(in, static_cast<long long>(deals.size()));
  return deals;
}

// Shapes and how many random deals of each the cross-checks solve (the contest's size only
// without sanitizers, which slow it most).
struct Case {
  GapShape shape;
  int deals;
};
std::vector<Case> random_deal_cases() {
  std::vector<Case> cases{{{2, 4}, 200}, {{3, 5}, 100}, {{4, 5}, 40}, {{3, 7}, 20}};
  if (!sanitized()) cases.push_back({{4, 7}, 12});
  return cases;
}

TEST(Gap, ShapesPackIntoFewestWords) {
  EXPECT_EQ((GapShape{4, 7}.words()), 3u);   // 28 cells of 5 bits
  EXPECT_EQ((GapShape{4, 13}.words()), 5u);  // 52 cells of 6 bits
  EXPECT_EQ((GapShape{2, 4}.words()), 1u);   // 8 cells of 3 bits
  EXPECT_EQ((GapShape{9, 13}.words()), kGapMaxWords);
}

TEST(Gap, Sample) {
  const GapShape shape;
  const auto deals =
      read_deals(testing::read_file(testing::sample_path("gap", "sample.in")), shape);
  ASSERT_EQ(deals.size(), 4u);
  const std::vector<long long> expected{0, 33, 60, -1};
  for (std::size_t i = 0; i < deals.size(); ++i) {
    for (GapAlgorithm algorithm :
         {GapAlgorithm::bfs, GapAlgorithm::astar, GapAlgorithm::bidirectional}) {
      const GapSolution solution = solve_gap(shape, deals[i], algorithm);
      if (expected[i] < 0) {
        EXPECT_FALSE(solution.moves);
        EXPECT_EQ(solution.stats.reason, search::StopReason::exhausted);
        continue;
      }
      ASSERT_TRUE(solution.moves) << "deal " << i;
      EXPECT_EQ(static_cast<long long>(solution.moves->size()), expected[i]) << "deal " << i;
      expect_solves(shape, deals[i], *solution.moves);
    }
  }
}

TEST(Gap, AlgorithmsAgreeOnRandomDeals) {
  const std::vector<Case> cases = random_deal_cases();
  int solved = 0, unsolvable = 0;
  for (const Case& c : cases) {
    for (int seed = 1; seed <= c.deals; ++seed) {
      const GapLayout start = gap_start_layout(c.shape, random_gap_deal(c.shape, seed));
      const GapSolution bfs = solve_gap(c.shape, start, GapAlgorithm::bfs);
      const GapSolution astar = solve_gap(c.shape, start, GapAlgorithm::astar);
      const GapSolution bidir = solve_gap(c.shape, start, GapAlgorithm::bidirectional);
      ASSERT_EQ(bfs.moves.has_value(), astar.moves.has_value())
          << c.shape.suits << "x" << c.shape.values << " seed " << seed;
      ASSERT_EQ(bfs.moves.has_value(), bidir.moves.has_value())
          << c.shape.suits << "x" << c.shape.values << " seed " << seed;
      if (!bfs.moves) {
        ++unsolvable;
        continue;
      }
      ++solved;
      EXPECT_EQ(astar.moves->size(), bfs.moves->size())
          << c.shape.suits << "x" << c.shape.values << " seed " << seed;
      EXPECT_EQ(bidir.moves->size(), bfs.moves->size())
          << c.shape.suits << "x" << c.shape.values << " seed " << seed;
      for (const GapSolution* s : {&bfs, &astar, &bidir}) expect_solves(c.shape, start, *s->moves);
    }
  }
  EXPECT_GT(solved, 20);  // both kinds of answer were exercised
  EXPECT_GT(unsolvable, 20);
}

// Pruning to strong stubborn sets keeps every answer and length, for BFS and A*, from fewer
// layouts; each pruned expansion makes some of the moves of the full one, in the same order.
TEST(Gap, StubbornPruningKeepsOptimalLengths) {
  const std::vector<Case> cases = random_deal_cases();
  std::uint64_t full_layouts = 0, pruned_layouts = 0;
  int solved = 0;
  for (const Case& c : cases) {
    for (int seed = 1; seed <= c.deals; ++seed) {
      const GapLayout start = gap_start_layout(c.shape, random_gap_deal(c.shape, seed));
      const GapSolution full = solve_gap(c.shape, start, GapAlgorithm::bfs);
      for (GapAlgorithm algorithm : {GapAlgorithm::bfs, GapAlgorithm::astar}) {
        const GapSolution pruned =
            solve_gap(c.shape, start, algorithm, {}, search::Answer::moves, GapPruning::stubborn);
        ASSERT_EQ(pruned.moves.has_value(), full.moves.has_value())
            << c.shape.suits << "x" << c.shape.values << " seed " << seed;
        if (!full.moves) continue;
        EXPECT_EQ(pruned.moves->size(), full.moves->size())
            << c.shape.suits << "x" << c.shape.values << " seed " << seed;
        expect_solves(c.shape, start, *pruned.moves);
        if (algorithm == GapAlgorithm::bfs) {
          EXPECT_LE(pruned.stats.peak_stored, full.stats.peak_stored);
          ++solved;
        }
      }
      if (!full.moves) {
        full_layouts += full.stats.peak_stored;
        pruned_layouts += solve_gap(c.shape, start, GapAlgorithm::bfs, {}, search::Answer::moves,
                                    GapPruning::stubborn)
                              .stats.peak_stored;
      }
    }
  }
  EXPECT_GT(solved, 20);
  // Unsolvable deals store every layout the search reaches: pruning reaches fewer than half.
  EXPECT_LT(2 * pruned_layouts, full_layouts);

  const GapShape shape{3, 5};
  ASSERT_EQ(shape.words(), 1u);
  const GapDomain<GapCells<1>> every(shape), pruned(shape, GapPruning::stubborn);
  int fewer = 0;
  for (int seed = 1; seed <= 300; ++seed) {
    const auto s = every.pack(gap_start_layout(shape, random_gap_deal(shape, seed)));
    std::vector<GapMove> all, kept;
    every.for_each_successor(s, [&](const GapMove& move, const auto&) { all.push_back(move); });
    pruned.for_each_successor(s, [&](const GapMove& move, const auto&) { kept.push_back(move); });
    EXPECT_TRUE(std::includes(all.begin(), all.end(), kept.begin(), kept.end(),
                              [](const GapMove& a, const GapMove& b) { return a.to < b.to; }))
        << "seed " << seed;
    fewer += kept.size() < all.size();
  }
  EXPECT_GT(fewer, 10);
}

// For random layouts: t is a successor of s exactly when s is a predecessor of t, with the same
// move.
TEST(Gap, PredecessorsInvertSuccessors) {
  const GapShape shape{3, 5};
  GapDomain<GapCells<1>> domain(shape);
  for (int seed = 1; seed <= 300; ++seed) {
    const auto s = domain.pack(gap_start_layout(shape, random_gap_deal(shape, seed)));
    domain.for_each_successor(s, [&](const GapMove& move, const auto& t) {
      bool found = false;
      domain.for_each_predecessor(
          t, [&](const GapMove& back, const auto& p) { found |= back == move && p == s; });
      EXPECT_TRUE(found) << "seed " << seed;
    });
    domain.for_each_predecessor(s, [&](const GapMove& move, const auto& p) {
      bool found = false;
      domain.for_each_successor(
          p, [&](const GapMove& forward, const auto& t) { found |= forward == move && t == s; });
      EXPECT_TRUE(found) << "seed " << seed;
    });
  }
}

// The two packings of a small shape agree: the same successors and predecessors in the same order,
// the same bound; the places take 2 words at 4 x 7, the cells 3.
TEST(Gap, PositionsAndCellsPackingsAgree) {
  const GapShape shape{4, 7};
  ASSERT_TRUE(gap_packs_positions(shape));
  EXPECT_FALSE(gap_packs_positions(GapShape{4, 13}));
  const GapDomain<GapPositions<2>> positions(shape);
  const GapDomain<GapCells<3>> cells(shape);
  auto successors = [&](const auto& domain, const GapLayout& layout) {
    std::vector<std::pair<GapMove, GapLayout>> found;
    domain.for_each_successor(domain.pack(layout), [&](const GapMove& move, const auto& next) {
      found.emplace_back(move, domain.unpack(next));
    });
    return found;
  };
  auto predecessors = [&](const auto& domain, const GapLayout& layout) {
    std::vector<std::pair<GapMove, GapLayout>> found;
    domain.for_each_predecessor(domain.pack(layout), [&](const GapMove& move, const auto& pred) {
      found.emplace_back(move, domain.unpack(pred));
    });
    return found;
  };
  for (int seed = 1; seed <= 200; ++seed) {
    const GapLayout layout = gap_start_layout(shape, random_gap_deal(shape, seed));
    EXPECT_EQ(positions.unpack(positions.pack(layout)), layout);
    EXPECT_EQ(successors(positions, layout), successors(cells, layout)) << "seed " << seed;
    EXPECT_EQ(predecessors(positions, layout), predecessors(cells, layout)) << "seed " << seed;
    EXPECT_EQ(positions.lower_bound(positions.pack(layout)), cells.lower_bound(cells.pack(layout)));
  }
  EXPECT_TRUE(positions.is_goal(positions.pack(gap_goal_layout(shape))));
}

// Along every optimal solution, the heuristic is at most the moves still to go.
TEST(Gap, HeuristicIsAdmissibleAlongOptimalPaths) {
  const GapShape shape{4, 5};
  GapDomain<GapCells<2>> domain(shape);
  ASSERT_EQ(shape.words(), 2u);
  int checked = 0;
  for (int seed = 1; seed <= 60; ++seed) {
    GapLayout layout = gap_start_layout(shape, random_gap_deal(shape, seed));
    const GapSolution solution = solve_gap(shape, layout, GapAlgorithm::bfs);
    if (!solution.moves) continue;
    const auto& moves = *solution.moves;
    for (std::size_t i = 0; i <= moves.size(); ++i) {
      EXPECT_LE(domain.lower_bound(domain.pack(layout)), static_cast<Cost>(moves.size() - i))
          << "seed " << seed;
      if (i < moves.size()) apply_gap_move(shape, layout, moves[i]);
      ++checked;
    }
  }
  EXPECT_GT(checked, 50);
  EXPECT_EQ(domain.lower_bound(domain.pack(gap_goal_layout(shape))), 0);
}

TEST(Gap, PackUnpackRoundTrip) {
  const GapShape shape{4, 13};
  GapDomain<GapCells<5>> domain(shape);
  for (int seed = 1; seed <= 20; ++seed) {
    const GapLayout layout = gap_start_layout(shape, random_gap_deal(shape, seed));
    EXPECT_EQ(domain.unpack(domain.pack(layout)), layout);
  }
}

TEST(Gap, RandomDealsAreDeterministicAndComplete) {
  const GapShape shape{4, 13};
  const GapDeal a = random_gap_deal(shape, 7), b = random_gap_deal(shape, 7);
  EXPECT_EQ(a, b);
  EXPECT_NE(a, random_gap_deal(shape, 8));
  std::istringstream text("1\n" + format_gap_deal(shape, a));
  io::TextInput in(text, "deal");
  read_gap_count(in);
  EXPECT_EQ(read_gap_deal(in, shape), a);  // it reads back: each card once, dotted notation
}

TEST(Gap, ExploreCountsEveryReachableLayout) {
  const GapShape shape{2, 4};
  const GapLayout start = gap_start_layout(shape, random_gap_deal(shape, 3));
  const GapExploration exploration = explore_gap(shape, start);
  EXPECT_EQ(exploration.stats.reason, search::StopReason::exhausted);
  ASSERT_FALSE(exploration.layer_sizes.empty());
  EXPECT_EQ(exploration.layer_sizes.front(), 1u);
  EXPECT_FALSE(exploration.deepest.empty());
}

}  // namespace
}  // namespace plumb::puzzles
