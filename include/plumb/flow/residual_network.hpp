// plumb/flow/residual_network.hpp: ResidualNetwork, the directed graph with integer capacities that
// every max-flow algorithm of plumb::flow works on, stored compactly for graphs of millions of
// arcs.
//
// Edges are added one by one (add_edge returns a dense id); the first call of build() lays them out
// in compressed sparse rows: the arcs leaving each node are contiguous, and every edge gives two
// arcs, its forward arc (residual = cap - flow) and its partner, the reverse arc (residual = flow).
// An arc is 16 bytes {head, partner, residual}, so a scan over a node's arcs reads one or two cache
// lines. Adding edges after build() is allowed; the next build() lays everything out again, keeping
// flows.
//
// Invariants: 0 <= flow <= cap for every edge; residual(arc) + residual(partner) = cap of its edge.
// Complexity: add_edge O(1) amortized; build O(n + m). Memory: 52 bytes per edge (two 16-byte arcs,
// the 16-byte edge as added, a 4-byte index) and 4 bytes per node; a later build() holds the old
// layout and the new one at once.
// build(budget) checks the budget's limits and cancellation every kBuildCheck nodes, edges or arcs
// it allocates or lays out (a 6000 x 6000 board's layout takes about 0.3 s); stopped, it leaves the
// network as it was before the call (not built, if it never was) and returns false.
#pragma once

#include <algorithm>
#include <cassert>
#include <cstdint>
#include <limits>
#include <vector>

#include "plumb/search/budget.hpp"

namespace plumb::flow {

using Capacity = std::int64_t;
inline constexpr Capacity kUnlimited = std::numeric_limits<Capacity>::max();

// An edge as the caller added it, with the flow the algorithms put on it.
struct Edge {
  int from = 0;
  int to = 0;
  Capacity cap = 0;
  Capacity flow = 0;
};

struct Arc {
  int head;           // the node the arc enters
  int partner;        // the index of the reverse arc
  Capacity residual;  // how much more flow the arc can take
};

class ResidualNetwork {
 public:
  explicit ResidualNetwork(int num_nodes) : num_nodes_(num_nodes) { assert(num_nodes >= 0); }

  int num_nodes() const { return num_nodes_; }
  int num_edges() const { return static_cast<int>(from_.size()); }

  // Makes room for `edges` edges in all, so that adding them allocates once.
  void reserve_edges(std::size_t edges) {
    from_.reserve(edges);
    to_.reserve(edges);
    cap_.reserve(edges);
  }

  // Adds the edge from -> to with capacity cap >= 0; returns its id (0, 1, 2, ... in order).
  int add_edge(int from, int to, Capacity cap) {
    assert(0 <= from && from < num_nodes_ && 0 <= to && to < num_nodes_ && cap >= 0);
    from_.push_back(from);
    to_.push_back(to);
    cap_.push_back(cap);
    return num_edges() - 1;
  }

  Edge get_edge(int id) const {
    assert(0 <= id && id < num_edges());
    const bool laid_out = id < static_cast<int>(edge_arc_.size());
    const Capacity flow = laid_out ? arcs_[arcs_[edge_arc_[id]].partner].residual : 0;
    return {from_[id], to_[id], cap_[id], flow};
  }

  std::vector<Edge> edges() const {
    std::vector<Edge> all(from_.size());
    for (int id = 0; id < num_edges(); ++id) all[id] = get_edge(id);
    return all;
  }

  // Lays out the edges added since the last call (all of them the first time); flows are kept.
  // False, with nothing changed, if `budget` stopped the search first.
  bool build(search::Budget* budget = nullptr) {
    if (built()) return true;
    std::size_t steps = 0;
    const auto go_on = [&] {
      return budget == nullptr || ++steps % kBuildCheck != 0 || budget->check();
    };
    const std::size_t edges = from_.size();
    std::vector<int> first, edge_arc;
    std::vector<Arc> arcs;
    if (!grow(first, num_nodes_ + 1, budget) || !grow(arcs, 2 * edges, budget) ||
        !grow(edge_arc, edges, budget)) {
      return false;
    }
    // Counting sort of the arcs by tail: first[v] counts, then is used as v's insertion cursor,
    // which leaves it at v's end, then everything is shifted back by one node.
    for (std::size_t id = 0; id < edges; ++id) {
      if (!go_on()) return false;
      ++first[from_[id]];
      ++first[to_[id]];
    }
    int start = 0;
    for (int v = 0; v <= num_nodes_; ++v) {
      const int count = first[v];
      first[v] = start;
      start += count;
    }
    for (std::size_t id = 0; id < edges; ++id) {
      if (!go_on()) return false;
      const int forward = first[from_[id]]++;
      const int backward = first[to_[id]]++;
      // The flow an edge laid out before carries over to its new arcs.
      const Capacity carried =
          id < edge_arc_.size() ? arcs_[arcs_[edge_arc_[id]].partner].residual : 0;
      arcs[forward] = {to_[id], backward, cap_[id] - carried};
      arcs[backward] = {from_[id], forward, carried};
      edge_arc[id] = forward;
    }
    for (int v = num_nodes_; v > 0; --v) first[v] = first[v - 1];
    first[0] = 0;
    first_ = std::move(first);
    arcs_ = std::move(arcs);
    edge_arc_ = std::move(edge_arc);
    return true;
  }

  bool built() const {
    return first_.size() == static_cast<std::size_t>(num_nodes_) + 1 &&
           edge_arc_.size() == from_.size();
  }

  // The arcs leaving v are arcs [first_arc(v), first_arc(v + 1)); valid after build().
  int first_arc(int v) const { return first_[v]; }
  Arc& arc(int index) { return arcs_[index]; }
  const Arc& arc(int index) const { return arcs_[index]; }

  // The nodes reachable from s along arcs with residual capacity: after a maximum flow from s, the
  // source side of a minimum cut. O(n + m).
  std::vector<bool> reachable_from(int s) const {
    assert(built() && 0 <= s && s < num_nodes_);
    std::vector<bool> seen(num_nodes_, false);
    std::vector<int> stack{s};
    seen[s] = true;
    while (!stack.empty()) {
      const int v = stack.back();
      stack.pop_back();
      for (int a = first_[v]; a < first_[v + 1]; ++a) {
        const int w = arcs_[a].head;
        if (arcs_[a].residual > 0 && !seen[w]) {
          seen[w] = true;
          stack.push_back(w);
        }
      }
    }
    return seen;
  }

 private:
  static constexpr std::size_t kBuildCheck = std::size_t{1} << 16;

  // Sizes the empty `v` to `size` zeros a slice at a time, checking `budget` between slices (the
  // first touch of a large network's pages takes a while); false if the budget stopped.
  template <class T>
  static bool grow(std::vector<T>& v, std::size_t size, search::Budget* budget) {
    v.reserve(size);
    while (v.size() < size) {
      if (budget != nullptr && !budget->check()) return false;
      v.resize(std::min(size, v.size() + kBuildCheck));
    }
    return true;
  }

  int num_nodes_;
  std::vector<int> from_, to_;  // the edges as added
  std::vector<Capacity> cap_;
  std::vector<int> first_;  // CSR offsets, num_nodes_ + 1 of them
  std::vector<Arc> arcs_;
  std::vector<int> edge_arc_;  // edge id -> its forward arc
};

}  // namespace plumb::flow
