// plumb/flow/max_flow.hpp: MaxFlow<Solver>, maximum flow and minimum cut over a ResidualNetwork,
// with an interface in the spirit of the AtCoder Library's mf_graph.
//
//   MaxFlow<DinicSolver> g(n);                  // or DinicMaxFlow, BoykovKolmogorovMaxFlow, ...
//   int e = g.add_edge(from, to, cap);          // dense edge ids 0, 1, 2, ...
//   Capacity f = g.flow(s, t);                  // or g.flow(s, t, limit): stops once `limit` flows
//                                               // g.flow(s, t, limit, &budget): or a search limit
//   std::vector<bool> side = g.min_cut(s);      // source side of a minimum cut
//   Edge info = g.get_edge(e);                  // from, to, cap, flow; g.edges() lists them all
//
// flow() adds to the flow already present (calling it twice with the same s and t returns the rest,
// 0 the second time), so edges may be added between calls. A Solver is a class with
//   Capacity augment(ResidualNetwork&, int s, int t, Capacity limit, search::Budget* budget);
// that increases the s-t flow by as much as it can, up to `limit`, and returns the increase; with a
// budget it charges it once a node it scans, and returns early (the flow valid but not maximum) once
// the budget stops (search/budget.hpp: time, node and memory limits, cancellation); the network's
// layout, before the first augmentation, checks the budget too and returns 0 when it stops.
// Preconditions (asserted): s != t, both nodes exist, capacities are >= 0, and the total capacity
// leaving s fits in a Capacity (int64). After flow(s, t) without a limit (or with one not reached),
// min_cut(s) is a minimum cut whose capacity equals the flow; its cost is O(n + m).
#pragma once

#include <cassert>
#include <vector>

#include "plumb/flow/residual_network.hpp"
#include "plumb/search/budget.hpp"

namespace plumb::flow {

template <class Solver>
class MaxFlow {
 public:
  explicit MaxFlow(int num_nodes) : network_(num_nodes) {}

  int num_nodes() const { return network_.num_nodes(); }
  int num_edges() const { return network_.num_edges(); }

  void reserve_edges(std::size_t edges) { network_.reserve_edges(edges); }
  int add_edge(int from, int to, Capacity cap) { return network_.add_edge(from, to, cap); }

  Capacity flow(int s, int t) { return flow(s, t, kUnlimited); }
  Capacity flow(int s, int t, Capacity limit, search::Budget* budget = nullptr) {
    assert(0 <= s && s < num_nodes() && 0 <= t && t < num_nodes() && s != t && limit >= 0);
    if (!network_.build(budget)) return 0;
    return solver_.augment(network_, s, t, limit, budget);
  }

  std::vector<bool> min_cut(int s) {
    network_.build();
    return network_.reachable_from(s);
  }

  Edge get_edge(int id) const { return network_.get_edge(id); }
  std::vector<Edge> edges() const { return network_.edges(); }

  const ResidualNetwork& network() const { return network_; }

 private:
  ResidualNetwork network_;
  Solver solver_;
};

}  // namespace plumb::flow
