// plumb/search/search_tree.hpp: SearchTree, the parent pointers of a search by node id, from which
// the moves to any node are read back.
//
// Node ids are dense and assigned in insertion order, so they can match a StateTable's ids. Each node
// costs one id and one Move. Roots have no parent (kNone) and a default-constructed move. A search
// calls make_room(budget) before add() so that the tree grows only as the memory limit allows.
#pragma once

#include <algorithm>
#include <concepts>
#include <cstdint>
#include <vector>

#include "plumb/search/budget.hpp"

namespace plumb::search {

template <std::default_initializable Move>
class SearchTree {
 public:
  using Id = std::uint32_t;
  static constexpr Id kNone = ~Id{0};

  Id add_root() { return add(kNone, Move{}); }

  // Whether one more node fits the budget (the tree grows first if it must); false stops the search.
  bool make_room(Budget& budget) { return budget.make_room(parents_) && budget.make_room(moves_); }

  // A node reached from `parent` by `move`.
  Id add(Id parent, const Move& move) {
    parents_.push_back(parent);
    moves_.push_back(move);
    return static_cast<Id>(parents_.size() - 1);
  }

  Id parent(Id node) const { return parents_[node]; }
  const Move& move(Id node) const { return moves_[node]; }
  std::size_t size() const { return parents_.size(); }

  // The moves from the node's root to the node, in order.
  std::vector<Move> path_to(Id node) const {
    std::vector<Move> path = path_from(node);
    std::reverse(path.begin(), path.end());
    return path;
  }

  // The moves along the parent chain from the node to its root, in that order (the order a backward
  // search tree stores its forward moves in).
  std::vector<Move> path_from(Id node) const {
    std::vector<Move> path;
    for (; parents_[node] != kNone; node = parents_[node]) path.push_back(moves_[node]);
    return path;
  }

 private:
  std::vector<Id> parents_;
  std::vector<Move> moves_;
};

}  // namespace plumb::search
