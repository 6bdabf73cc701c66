// plumb/flow/boykov_kolmogorov.hpp: BoykovKolmogorovSolver, augmenting paths found by two search
// trees that are kept between augmentations, and BoykovKolmogorovMaxFlow = MaxFlow<it>.
//
// Y. Boykov and V. Kolmogorov, "An experimental comparison of min-cut/max-flow algorithms for
// energy minimization in vision", IEEE PAMI 26(9), 2004. A tree S grows from s over residual arcs
// and a tree T grows into t; where they touch there is an augmenting path. Pushing flow along it
// saturates some tree arcs, whose lower ends become orphans; the adoption stage finds each orphan a
// new parent in its tree (preferring one close to the root, checked with the paper's timestamps and
// distances) or frees it. Trees are not rebuilt from scratch, which wins on grid-like graphs with
// short augmenting paths. Every node keeps parent_[v], the arc from v to its parent (v's own arc
// list): in S flow enters v through that arc's partner, in T flow leaves v through the arc itself.
// Complexity: O(n m^2 F) in the worst case for a maximum flow F (no strongly polynomial bound),
// near linear on the grids it was designed for. Memory: 18 bytes per node.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "plumb/flow/max_flow.hpp"

namespace plumb::flow {

class BoykovKolmogorovSolver {
 public:
  Capacity augment(ResidualNetwork& g, int s, int t, Capacity limit, search::Budget* budget) {
    reset(g.num_nodes(), s, t);
    Capacity total = 0;
    while (total < limit && active_count_ > 0) {
      const int p = pop_active();
      if (tree_[p] == kFree) continue;
      if (budget != nullptr && !budget->charge()) break;
      for (int a = g.first_arc(p), end = g.first_arc(p + 1); a < end && total < limit;) {
        const Arc& arc = g.arc(a);
        const int q = arc.head;
        if (!can_carry(g, a, tree_[p]) || (tree_[q] == tree_[p] && !shortens(p, q))) {
          ++a;
        } else if (tree_[q] == kFree || tree_[q] == tree_[p]) {
          attach(q, tree_[p], arc.partner, p);
          ++a;
        } else {
          total += push(g, tree_[p] == kSource ? a : arc.partner, limit - total);
          adopt_orphans(g);
          if (tree_[p] == kFree) break;  // p lost its place; its arcs no longer grow a tree
        }
      }
    }
    return total;
  }

 private:
  enum Tree : std::uint8_t { kFree, kSource, kSink };
  static constexpr int kTerminal = -1;  // parent_ of s and t
  static constexpr int kOrphan = -2;

  void reset(int n, int s, int t) {
    tree_.assign(n, kFree);
    parent_.assign(n, kOrphan);
    dist_.assign(n, 0);
    stamp_.assign(n, 0);
    queued_.assign(n, 0);
    active_.assign(n, 0);
    active_head_ = active_count_ = 0;
    time_ = 0;
    for (auto [root, tree] : {std::pair{s, kSource}, std::pair{t, kSink}}) {
      tree_[root] = tree;
      parent_[root] = kTerminal;
      make_active(root);
    }
  }

  // Whether arc a of a node in `tree` has room in that tree's direction (away from s in S, towards
  // t in T).
  static bool can_carry(const ResidualNetwork& g, int a, std::uint8_t tree) {
    return tree == kSource ? g.arc(a).residual > 0 : g.arc(g.arc(a).partner).residual > 0;
  }

  // Whether p, of q's own tree, is a better parent for q: fresher and closer to the root.
  bool shortens(int p, int q) const { return stamp_[q] <= stamp_[p] && dist_[q] > dist_[p] + 1; }

  void attach(int q, std::uint8_t tree, int arc_to_parent, int parent) {
    if (tree_[q] == kFree) make_active(q);
    tree_[q] = static_cast<Tree>(tree);
    parent_[q] = arc_to_parent;
    dist_[q] = dist_[parent] + 1;
    stamp_[q] = stamp_[parent];
  }

  void make_active(int v) {
    if (queued_[v]) return;
    queued_[v] = 1;
    active_[(active_head_ + active_count_++) % active_.size()] = v;
  }
  int pop_active() {
    const int v = active_[active_head_];
    active_head_ = (active_head_ + 1) % active_.size();
    --active_count_;
    queued_[v] = 0;
    return v;
  }

  // Pushes flow along the path through `bridge` (an arc from S into T); returns how much. Tree arcs
  // that become saturated turn their lower ends into orphans.
  Capacity push(ResidualNetwork& g, int bridge, Capacity limit) {
    Capacity amount = std::min(limit, g.arc(bridge).residual);
    const int source_end = g.arc(g.arc(bridge).partner).head, sink_end = g.arc(bridge).head;
    for (int v = source_end; parent_[v] != kTerminal; v = g.arc(parent_[v]).head) {
      amount = std::min(amount, g.arc(g.arc(parent_[v]).partner).residual);
    }
    for (int v = sink_end; parent_[v] != kTerminal; v = g.arc(parent_[v]).head) {
      amount = std::min(amount, g.arc(parent_[v]).residual);
    }
    send(g, bridge, amount);
    for (int v = source_end; parent_[v] != kTerminal;) {
      const int up = g.arc(parent_[v]).head;
      if (send(g, g.arc(parent_[v]).partner, amount)) make_orphan(v);
      v = up;
    }
    for (int v = sink_end; parent_[v] != kTerminal;) {
      const int up = g.arc(parent_[v]).head;
      if (send(g, parent_[v], amount)) make_orphan(v);
      v = up;
    }
    return amount;
  }

  // Moves `amount` along arc a; true if that saturated it.
  static bool send(ResidualNetwork& g, int a, Capacity amount) {
    Arc& arc = g.arc(a);
    arc.residual -= amount;
    g.arc(arc.partner).residual += amount;
    return arc.residual == 0;
  }

  void make_orphan(int v) {
    parent_[v] = kOrphan;
    orphans_.push_back(v);
  }

  // Distance from q to its tree's root if q still hangs from it (no orphan on the way), else -1.
  // Marks the nodes on a valid way with the current stamp and their distances.
  int rooted_distance(const ResidualNetwork& g, int q) {
    int steps = 0, u = q;
    for (;; ++steps) {
      if (stamp_[u] == time_) break;
      if (parent_[u] == kTerminal) {
        dist_[u] = 0;
        stamp_[u] = time_;
        break;
      }
      if (parent_[u] == kOrphan) return -1;
      u = g.arc(parent_[u]).head;
    }
    const int total = steps + dist_[u];
    for (int v = q, d = total; v != u; v = g.arc(parent_[v]).head, --d) {
      dist_[v] = d;
      stamp_[v] = time_;
    }
    return total;
  }

  void adopt_orphans(const ResidualNetwork& g) {
    ++time_;
    for (std::size_t next = 0; next < orphans_.size(); ++next) {
      const int p = orphans_[next];
      const std::uint8_t tree = tree_[p];
      int best_arc = kOrphan, best_dist = 0;
      for (int a = g.first_arc(p), end = g.first_arc(p + 1); a < end; ++a) {
        const int q = g.arc(a).head;
        // In S flow must be able to enter p from q; in T leave p to q.
        if (tree_[q] != tree || !can_carry(g, g.arc(a).partner, tree)) continue;
        const int d = rooted_distance(g, q);
        if (d >= 0 && (best_arc == kOrphan || d + 1 < best_dist)) best_arc = a, best_dist = d + 1;
      }
      if (best_arc != kOrphan) {
        parent_[p] = best_arc;
        dist_[p] = best_dist;
        stamp_[p] = time_;
        continue;
      }
      for (int a = g.first_arc(p), end = g.first_arc(p + 1); a < end; ++a) {
        const int q = g.arc(a).head;
        if (tree_[q] != tree) continue;
        if (can_carry(g, g.arc(a).partner, tree)) make_active(q);
        if (parent_[q] >= 0 && g.arc(parent_[q]).head == p) make_orphan(q);
      }
      tree_[p] = kFree;
    }
    orphans_.clear();
  }

  std::vector<Tree> tree_;
  std::vector<int> parent_, dist_, stamp_;
  std::vector<std::uint8_t> queued_;
  std::vector<int> active_, orphans_;  // active_: a ring of active_count_ nodes from active_head_
  std::size_t active_head_ = 0, active_count_ = 0;
  int time_ = 0;
};

using BoykovKolmogorovMaxFlow = MaxFlow<BoykovKolmogorovSolver>;

}  // namespace plumb::flow
