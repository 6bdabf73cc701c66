// Max-flow solvers checked by certificate: on thousands of seeded random graphs every solver's flow
// is a valid flow (capacities and conservation), equals the capacity of the cut it reports, and
// equals the plain Edmonds-Karp reference.
#include <gtest/gtest.h>

#include <cstdlib>
#include <random>
#include <vector>

#include "plumb/flow/boykov_kolmogorov.hpp"
#include "plumb/flow/dinic.hpp"
#include "plumb/flow/edmonds_karp.hpp"

namespace plumb::flow {
namespace {

struct RandomGraph {
  int nodes = 0;
  std::vector<Edge> edges;  // flow unused
};

RandomGraph random_graph(std::mt19937_64& rng, int max_nodes, int max_edges, Capacity max_cap) {
  RandomGraph graph;
  graph.nodes = std::uniform_int_distribution<int>(2, max_nodes)(rng);
  const int m = std::uniform_int_distribution<int>(0, max_edges)(rng);
  std::uniform_int_distribution<int> node(0, graph.nodes - 1);
  std::uniform_int_distribution<Capacity> cap(0, max_cap);
  for (int i = 0; i < m; ++i) graph.edges.push_back({node(rng), node(rng), cap(rng), 0});
  return graph;
}

// Checks that `g` holds a valid s-t flow of value `value` whose min_cut has capacity `value`.
template <class Solver>
void expect_certified(MaxFlow<Solver>& g, int s, int t, Capacity value) {
  std::vector<Capacity> net(g.num_nodes(), 0);
  for (const Edge& e : g.edges()) {
    ASSERT_GE(e.flow, 0);
    ASSERT_LE(e.flow, e.cap);
    net[e.from] -= e.flow;
    net[e.to] += e.flow;
  }
  for (int v = 0; v < g.num_nodes(); ++v) {
    if (v != s && v != t) {
      ASSERT_EQ(net[v], 0) << "conservation at " << v;
    }
  }
  ASSERT_EQ(net[t], value);
  const std::vector<bool> source_side = g.min_cut(s);
  ASSERT_TRUE(source_side[s]);
  ASSERT_FALSE(source_side[t]);
  Capacity cut = 0;
  for (const Edge& e : g.edges()) {
    if (source_side[e.from] && !source_side[e.to]) {
      cut += e.cap;
      ASSERT_EQ(e.flow, e.cap) << "a cut edge is not saturated";
    }
    if (!source_side[e.from] && source_side[e.to]) {
      ASSERT_EQ(e.flow, 0);
    }
  }
  ASSERT_EQ(cut, value);
}

template <class Solver>
Capacity solve(const RandomGraph& graph, int s, int t, bool check) {
  MaxFlow<Solver> g(graph.nodes);
  for (std::size_t i = 0; i < graph.edges.size(); ++i) {
    const Edge& e = graph.edges[i];
    EXPECT_EQ(g.add_edge(e.from, e.to, e.cap), static_cast<int>(i));
  }
  const Capacity value = g.flow(s, t);
  if (check) expect_certified(g, s, t, value);
  return value;
}

void stress(std::uint64_t seed, int graphs, int max_nodes, int max_edges, Capacity max_cap) {
  std::mt19937_64 rng(seed);
  for (int i = 0; i < graphs; ++i) {
    const RandomGraph graph = random_graph(rng, max_nodes, max_edges, max_cap);
    const int s = 0, t = graph.nodes - 1;
    const Capacity reference = solve<EdmondsKarpSolver>(graph, s, t, true);
    ASSERT_EQ(solve<DinicSolver>(graph, s, t, true), reference) << "graph " << i;
    ASSERT_EQ(solve<BoykovKolmogorovSolver>(graph, s, t, true), reference) << "graph " << i;
    if (::testing::Test::HasFatalFailure()) return;
  }
}

bool sanitized() {
  return std::getenv("PLUMB_SANITIZED") != nullptr;
}

TEST(MaxFlowStress, TenThousandSmallGraphs) {
  stress(1, sanitized() ? 2000 : 10000, 8, 24, 10);
}

TEST(MaxFlowStress, UnitCapacitiesDense) {
  stress(2, 1000, 12, 80, 1);
}

TEST(MaxFlowStress, BiggerGraphs) {
  stress(3, sanitized() ? 20 : 200, 400, 3000, 1000);
}

TEST(MaxFlowStress, LongPathsAndGrids) {
  // A long path (no recursion may follow it) and grids with random capacities.
  RandomGraph path{200001, {}};
  for (int v = 0; v + 1 < path.nodes; ++v) path.edges.push_back({v, v + 1, 5 + v % 3, 0});
  EXPECT_EQ(solve<DinicSolver>(path, 0, path.nodes - 1, false), 5);
  EXPECT_EQ(solve<BoykovKolmogorovSolver>(path, 0, path.nodes - 1, false), 5);
  std::mt19937_64 rng(4);
  for (int round = 0; round < 20; ++round) {
    const int side = 30;
    RandomGraph grid{side * side, {}};
    std::uniform_int_distribution<Capacity> cap(0, 4);
    for (int r = 0; r < side; ++r) {
      for (int c = 0; c < side; ++c) {
        const int v = r * side + c;
        if (c + 1 < side) grid.edges.push_back({v, v + 1, cap(rng), 0});
        if (c + 1 < side) grid.edges.push_back({v + 1, v, cap(rng), 0});
        if (r + 1 < side) grid.edges.push_back({v, v + side, cap(rng), 0});
        if (r + 1 < side) grid.edges.push_back({v + side, v, cap(rng), 0});
      }
    }
    const Capacity reference = solve<EdmondsKarpSolver>(grid, 0, grid.nodes - 1, true);
    EXPECT_EQ(solve<DinicSolver>(grid, 0, grid.nodes - 1, true), reference);
    EXPECT_EQ(solve<BoykovKolmogorovSolver>(grid, 0, grid.nodes - 1, true), reference);
  }
}

template <class Solver>
class MaxFlowApi : public ::testing::Test {};
using Solvers = ::testing::Types<DinicSolver, BoykovKolmogorovSolver, EdmondsKarpSolver>;
TYPED_TEST_SUITE(MaxFlowApi, Solvers);

TYPED_TEST(MaxFlowApi, LimitStopsEarlyAndTheRestFollows) {
  std::mt19937_64 rng(5);
  for (int i = 0; i < 300; ++i) {
    const RandomGraph graph = random_graph(rng, 10, 30, 9);
    const int s = 0, t = graph.nodes - 1;
    const Capacity full = solve<EdmondsKarpSolver>(graph, s, t, false);
    MaxFlow<TypeParam> g(graph.nodes);
    for (const Edge& e : graph.edges) g.add_edge(e.from, e.to, e.cap);
    const Capacity limit = std::uniform_int_distribution<Capacity>(0, full + 2)(rng);
    const Capacity first = g.flow(s, t, limit);
    ASSERT_EQ(first, std::min(limit, full));
    ASSERT_EQ(first + g.flow(s, t), full);
    expect_certified(g, s, t, full);
  }
}

TYPED_TEST(MaxFlowApi, EdgesAddedBetweenFlowsKeepTheirFlow) {
  MaxFlow<TypeParam> g(4);
  EXPECT_EQ(g.add_edge(0, 1, 3), 0);
  EXPECT_EQ(g.add_edge(1, 3, 2), 1);
  EXPECT_EQ(g.flow(0, 3), 2);
  EXPECT_EQ(g.add_edge(1, 2, 5), 2);
  EXPECT_EQ(g.add_edge(2, 3, 5), 3);
  EXPECT_EQ(g.get_edge(1).flow, 2);
  EXPECT_EQ(g.flow(0, 3), 1);
  const Edge first = g.get_edge(0);
  EXPECT_EQ(first.from, 0);
  EXPECT_EQ(first.to, 1);
  EXPECT_EQ(first.cap, 3);
  EXPECT_EQ(first.flow, 3);
  expect_certified(g, 0, 3, 3);
}

TYPED_TEST(MaxFlowApi, UnlimitedCapacities) {
  MaxFlow<TypeParam> g(3);
  g.add_edge(0, 1, kUnlimited);
  g.add_edge(1, 2, kUnlimited);
  EXPECT_EQ(g.flow(0, 2, 1000), 1000);
  MaxFlow<TypeParam> h(4);
  h.add_edge(0, 1, kUnlimited);
  h.add_edge(1, 2, 7);
  h.add_edge(2, 3, kUnlimited);
  h.add_edge(3, 3, 4);  // a self-loop carries nothing
  EXPECT_EQ(h.flow(0, 3), 7);
  EXPECT_EQ(h.min_cut(0), (std::vector<bool>{true, true, false, false}));
}

TYPED_TEST(MaxFlowApi, DisconnectedAndEmpty) {
  MaxFlow<TypeParam> g(5);
  g.add_edge(0, 1, 4);
  g.add_edge(3, 4, 4);
  EXPECT_EQ(g.flow(0, 4), 0);
  EXPECT_EQ(g.min_cut(0), (std::vector<bool>{true, true, false, false, false}));
  MaxFlow<TypeParam> empty(2);
  EXPECT_EQ(empty.flow(1, 0), 0);
  EXPECT_TRUE(empty.edges().empty());
}

}  // namespace
}  // namespace plumb::flow
