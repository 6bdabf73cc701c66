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
// the 16-byte edge as added, a 4-byte index) and 4 bytes per node.
#pragma once

#include <cassert>
#include <cstdint>
#include <limits>
#include <vector>

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
  void build() {
    if (built()) return;
    std::vector<Capacity> flow;  // of the edges laid out before, kept across the new layout
    for (std::size_t id = 0; id < edge_arc_.size(); ++id) {
      flow.push_back(arcs_[arcs_[edge_arc_[id]].partner].residual);
    }
    // Counting sort of the arcs by tail: first_[v] counts, then is used as v's insertion cursor,
    // which leaves it at v's end, then everything is shifted back by one node.
    first_.assign(num_nodes_ + 1, 0);
    for (std::size_t id = 0; id < from_.size(); ++id) {
      ++first_[from_[id]];
      ++first_[to_[id]];
    }
    int start = 0;
    for (int v = 0; v <= num_nodes_; ++v) {
      const int count = first_[v];
      first_[v] = start;
      start += count;
    }
    arcs_.resize(2 * from_.size());
    edge_arc_.resize(from_.size());
    for (std::size_t id = 0; id < from_.size(); ++id) {
      const int forward = first_[from_[id]]++;
      const int backward = first_[to_[id]]++;
      const Capacity carried = id < flow.size() ? flow[id] : 0;
      arcs_[forward] = {to_[id], backward, cap_[id] - carried};
      arcs_[backward] = {from_[id], forward, carried};
      edge_arc_[id] = forward;
    }
    for (int v = num_nodes_; v > 0; --v) first_[v] = first_[v - 1];
    first_[0] = 0;
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
  int num_nodes_;
  std::vector<int> from_, to_;  // the edges as added
  std::vector<Capacity> cap_;
  std::vector<int> first_;  // CSR offsets, num_nodes_ + 1 of them
  std::vector<Arc> arcs_;
  std::vector<int> edge_arc_;  // edge id -> its forward arc
};

}  // namespace plumb::flow
