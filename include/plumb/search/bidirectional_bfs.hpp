// plumb/search/bidirectional_bfs.hpp: bidirectional breadth-first search between a start and the set
// of all goal states, for unit-cost domains whose predecessors can be generated.
//
// Two breadth-first searches, one from the start and one backwards from every goal at once
// (GoalEnumerable); each step expands the whole next layer of the side with the smaller frontier.
// Every generated state is looked up in the other side's table, and the first meeting gives an
// optimal path: with layers 0..F and 0..B complete on the two sides and no state in both, every path
// is longer than F + B, and a meeting found while expanding layer F is at most F + 1 + B long.
// Time and memory O(b^(d/2)) for branching factor b and solution length d, against O(b^d) for bfs.
// Tables, trees and frontiers grow through the Budget, which stops the search before a growth would
// pass the memory limit.
#pragma once

#include <utility>
#include <vector>

#include "plumb/search/budget.hpp"
#include "plumb/search/domain.hpp"
#include "plumb/search/search_tree.hpp"
#include "plumb/search/state_table.hpp"

namespace plumb::search {

namespace detail {

// One direction of a bidirectional search: the states seen (ids shared by table and tree) and the
// current frontier layer.
template <Domain D>
struct SearchSide {
  using State = typename D::State;
  using Id = typename SearchTree<typename D::Move>::Id;

  explicit SearchSide(Budget& budget) : table(1024, &budget) {}

  StateTable<StateKey<D>> table;
  SearchTree<typename D::Move> tree;
  std::vector<std::pair<State, Id>> frontier;
  Cost depth = 0;

  // Adds a state reached from parent by move; returns its id, or kNone if it was seen before (or
  // the budget has no room for it: the budget is then stopped).
  Id add(const D& d, const State& s, Id parent, const typename D::Move& move, Budget& budget) {
    if (!tree.make_room(budget) || !table.insert(state_key(d, s)).second) {
      return SearchTree<typename D::Move>::kNone;
    }
    return tree.add(parent, move);
  }
};

}  // namespace detail

template <Domain D>
  requires BackwardDomain<D> && GoalEnumerable<D>
SearchResult<D> bidirectional_bfs(const D& d, const typename D::State& start, const SearchContext& context = {}) {
  using State = typename D::State;
  using Move = typename D::Move;
  using Side = detail::SearchSide<D>;
  using Id = typename Side::Id;
  constexpr Id kNone = SearchTree<Move>::kNone;

  SearchResult<D> result;
  SearchStats& stats = result.stats;
  Budget budget(context, stats);
  Side forward(budget), backward(budget);
  forward.frontier.emplace_back(start, forward.add(d, start, kNone, Move{}, budget));
  d.for_each_goal([&](const State& goal) {
    if (!budget.make_room(backward.frontier)) return;
    const Id id = backward.add(d, goal, kNone, Move{}, budget);
    if (id != kNone) backward.frontier.emplace_back(goal, id);
  });

  // The path through a meeting: forward moves to `forward_id`, then `middle` (if any), then the
  // backward chain from `backward_id` to its goal.
  auto finish_path = [&](Id forward_id, const Move* middle, Id backward_id) {
    std::vector<Move> moves = forward.tree.path_to(forward_id);
    if (middle != nullptr) moves.push_back(*middle);
    for (const Move& m : backward.tree.path_from(backward_id)) moves.push_back(m);
    result.cost = static_cast<Cost>(moves.size());
    stats.depth = result.cost;
    result.moves = std::move(moves);
    budget.finish(StopReason::solved);
  };

  if (budget.stopped()) {  // no room for the starts
    budget.finish(StopReason::exhausted);
    return result;
  }
  if (const Id met = backward.table.find(state_key(d, start)); met != StateTable<StateKey<D>>::kNone) {
    finish_path(0, nullptr, met);
    return result;
  }

  while (!forward.frontier.empty() && !backward.frontier.empty()) {
    if (forward.depth + backward.depth >= context.limits.max_depth) {
      budget.finish(StopReason::depth_limit);
      return result;
    }
    ++stats.iterations;
    const bool go_forward = forward.frontier.size() <= backward.frontier.size();
    Side& side = go_forward ? forward : backward;
    const Side& other = go_forward ? backward : forward;
    std::vector<std::pair<State, Id>> next;
    Id meet_here = kNone, meet_there = kNone;
    Move meet_move{};
    for (const auto& [state, frontier_id] : side.frontier) {
      const Id id = frontier_id;  // clang 14 cannot capture a structured binding in a lambda
      if (!budget.charge()) break;
      auto visit = [&](const Move& move, const State& neighbour) {
        if (meet_here != kNone || budget.stopped()) return;
        ++stats.generated;
        if (const Id there = other.table.find(state_key(d, neighbour)); there != kNone) {
          meet_here = id, meet_there = there, meet_move = move;
          return;
        }
        if (!budget.make_room(next)) return;
        const Id child = side.add(d, neighbour, id, move, budget);
        if (child == kNone) {
          stats.duplicates += !budget.stopped();
        } else {
          next.emplace_back(neighbour, child);
        }
      };
      if (go_forward) {
        d.for_each_successor(state, visit);
      } else {
        for_each_predecessor(d, state, visit);
      }
      if (meet_here != kNone || budget.stopped()) break;
    }
    budget.note_stored(forward.table.size() + backward.table.size());
    if (meet_here != kNone) {
      if (go_forward) {
        finish_path(meet_here, &meet_move, meet_there);
      } else {
        finish_path(meet_there, &meet_move, meet_here);
      }
      return result;
    }
    if (budget.stopped()) break;
    side.frontier = std::move(next);
    ++side.depth;
    stats.depth = forward.depth + backward.depth;
  }
  budget.finish(StopReason::exhausted);
  return result;
}

}  // namespace plumb::search
