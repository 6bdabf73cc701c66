// plumb/flow/edmonds_karp.hpp: EdmondsKarpSolver, shortest augmenting paths one at a time, and
// EdmondsKarpMaxFlow = MaxFlow<it>.
//
// J. Edmonds and R. M. Karp, "Theoretical improvements in algorithmic efficiency for network flow
// problems", J. ACM 19(2), 1972. Deliberately plain: it is the reference the tests hold the fast
// solvers to. Complexity: O(n m^2), or O(F m) for a maximum flow F. Memory: 8 bytes per node.
#pragma once

#include <algorithm>
#include <vector>

#include "plumb/flow/max_flow.hpp"

namespace plumb::flow {

class EdmondsKarpSolver {
 public:
  Capacity augment(ResidualNetwork& g, int s, int t, Capacity limit, search::Budget* budget) {
    Capacity total = 0;
    while (total < limit && find_path(g, s, t, budget)) {
      Capacity amount = limit - total;
      for (int v = t; v != s; v = g.arc(g.arc(parent_arc_[v]).partner).head) {
        amount = std::min(amount, g.arc(parent_arc_[v]).residual);
      }
      for (int v = t; v != s; v = g.arc(g.arc(parent_arc_[v]).partner).head) {
        Arc& arc = g.arc(parent_arc_[v]);
        arc.residual -= amount;
        g.arc(arc.partner).residual += amount;
      }
      total += amount;
    }
    return total;
  }

 private:
  // Breadth-first search from s; parent_arc_[v] is the arc that reached v. True if t was reached;
  // false too once the budget stops the search.
  bool find_path(const ResidualNetwork& g, int s, int t, search::Budget* budget) {
    parent_arc_.assign(g.num_nodes(), -1);
    std::vector<int> queue{s};
    std::vector<bool> seen(g.num_nodes(), false);
    seen[s] = true;
    for (std::size_t head = 0; head < queue.size() && !seen[t]; ++head) {
      const int v = queue[head];
      if (budget != nullptr && !budget->charge()) return false;
      for (int a = g.first_arc(v), end = g.first_arc(v + 1); a < end; ++a) {
        const Arc& arc = g.arc(a);
        if (arc.residual > 0 && !seen[arc.head]) {
          seen[arc.head] = true;
          parent_arc_[arc.head] = a;
          queue.push_back(arc.head);
        }
      }
    }
    return seen[t];
  }

  std::vector<int> parent_arc_;
};

using EdmondsKarpMaxFlow = MaxFlow<EdmondsKarpSolver>;

}  // namespace plumb::flow
