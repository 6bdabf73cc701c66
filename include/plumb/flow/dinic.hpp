// plumb/flow/dinic.hpp: DinicSolver, Dinic's blocking-flow algorithm, and DinicMaxFlow.
//
// E. A. Dinic, "Algorithm for solution of a problem of maximum flow in a network with power
// estimation", Soviet Math. Doklady 11 (1970). Each phase labels nodes by their breadth-first
// distance from s in the residual network (stopping at t's layer), then saturates that layered
// network with depth-first searches that keep a current-arc pointer per node: O(n m) a phase.
// The search is iterative (an explicit path of arcs), so paths of a million nodes cannot overflow
// the call stack. Complexity: O(n^2 m) in general, O(m sqrt(n)) with unit capacities, O(F m) when
// the maximum flow F is small (the min cuts of puzzles). Memory: 12 bytes per node.
#pragma once

#include <algorithm>
#include <vector>

#include "plumb/flow/max_flow.hpp"

namespace plumb::flow {

class DinicSolver {
 public:
  Capacity augment(ResidualNetwork& g, int s, int t, Capacity limit, search::Budget* budget) {
    budget_ = budget;
    Capacity total = 0;
    while (total < limit && assign_levels(g, s, t)) total += blocking_flow(g, s, t, limit - total);
    return total;
  }

 private:
  // Charges the budget for a node scanned; false once it stops the search.
  bool charge() { return budget_ == nullptr || budget_->charge(); }

  // Breadth-first distances from s over residual arcs, up to t's distance; true if t was reached
  // (false too when the budget stopped the search).
  bool assign_levels(const ResidualNetwork& g, int s, int t) {
    level_.assign(g.num_nodes(), -1);
    queue_.resize(g.num_nodes());
    int head = 0, tail = 0;
    level_[s] = 0;
    queue_[tail++] = s;
    while (head < tail) {
      const int v = queue_[head++];
      if (level_[t] >= 0 && level_[v] >= level_[t]) break;
      if (!charge()) return false;
      for (int a = g.first_arc(v), end = g.first_arc(v + 1); a < end; ++a) {
        const Arc& arc = g.arc(a);
        if (arc.residual > 0 && level_[arc.head] < 0) {
          level_[arc.head] = level_[v] + 1;
          queue_[tail++] = arc.head;
        }
      }
    }
    return level_[t] >= 0;
  }

  // Pushes flow along level-increasing paths until none is left or `limit` has been pushed.
  Capacity blocking_flow(ResidualNetwork& g, int s, int t, Capacity limit) {
    current_.resize(g.num_nodes());
    for (int v = 0; v < g.num_nodes(); ++v) current_[v] = g.first_arc(v);
    path_.clear();
    Capacity pushed = 0;
    int v = s;
    while (pushed < limit) {
      if (v == t) {
        Capacity amount = limit - pushed;
        for (int a : path_) amount = std::min(amount, g.arc(a).residual);
        std::size_t first_saturated = path_.size();
        for (std::size_t i = 0; i < path_.size(); ++i) {
          Arc& arc = g.arc(path_[i]);
          arc.residual -= amount;
          g.arc(arc.partner).residual += amount;
          if (arc.residual == 0 && first_saturated == path_.size()) first_saturated = i;
        }
        pushed += amount;
        path_.resize(first_saturated);
        v = path_.empty() ? s : g.arc(path_.back()).head;
        continue;
      }
      int& a = current_[v];
      const int end = g.first_arc(v + 1);
      while (a < end && (g.arc(a).residual == 0 || level_[g.arc(a).head] != level_[v] + 1)) ++a;
      if (a < end) {
        path_.push_back(a);
        v = g.arc(a).head;
      } else if (v == s || !charge()) {
        break;
      } else {
        level_[v] = -1;  // a dead end: no later search enters it this phase
        path_.pop_back();
        v = path_.empty() ? s : g.arc(path_.back()).head;
      }
    }
    return pushed;
  }

  std::vector<int> level_, queue_, current_, path_;
  search::Budget* budget_ = nullptr;
};

using DinicMaxFlow = MaxFlow<DinicSolver>;

}  // namespace plumb::flow
