// plumb/search/bfs.hpp: breadth-first search for a shortest move sequence in a unit-cost domain.
//
// Layer by layer from the start; a goal is recognized when generated, which is safe with unit costs.
// Duplicate detection through VisitedSet (dense bits for small ranked spaces, a flat hash table
// otherwise). Time and memory O(states within the solution's depth); every table and frontier grows
// through the Budget, so the memory limit stops the search before a growth would pass it. With
// Answer::cost_only it keeps no search tree and returns the solution's length alone.
#pragma once

#include <utility>
#include <vector>

#include "plumb/search/domain.hpp"
#include "plumb/search/limits.hpp"
#include "plumb/search/search_tree.hpp"
#include "plumb/search/visited_set.hpp"

namespace plumb::search {

template <Domain D>
SearchResult<D> bfs(const D& d, const typename D::State& start, const SearchContext& context = {},
                    Answer answer = Answer::moves) {
  using State = typename D::State;
  using Move = typename D::Move;
  using Id = typename SearchTree<Move>::Id;

  SearchResult<D> result;
  Budget budget(context, result.stats);
  if (d.is_goal(start)) {
    result.moves.emplace();
    budget.finish(StopReason::solved);
    return result;
  }
  VisitedSet<D> visited(d, budget);
  visited.insert(start);
  const bool keep_tree = answer == Answer::moves;
  SearchTree<Move> tree;
  std::vector<std::pair<State, Id>> frontier{{start, keep_tree ? tree.add_root() : Id{0}}}, next;
  bool found = false;
  Id goal = SearchTree<Move>::kNone;  // the goal's node, when the tree is kept

  for (Cost depth = 0; !frontier.empty(); ++depth) {
    result.stats.depth = depth;
    if (depth >= context.limits.max_depth) {
      budget.finish(StopReason::depth_limit);
      return result;
    }
    ++result.stats.iterations;
    for (const auto& [state, frontier_id] : frontier) {
      const Id id = frontier_id;  // clang 14 cannot capture a structured binding in a lambda
      if (!budget.charge()) break;
      d.for_each_successor(state, [&](const Move& move, const State& successor) {
        if (found || budget.stopped()) return;
        if ((keep_tree && !tree.make_room(budget)) || !budget.make_room(next)) return;
        ++result.stats.generated;
        if (!visited.insert(successor)) {
          ++result.stats.duplicates;
          return;
        }
        const Id child = keep_tree ? tree.add(id, move) : Id{0};
        if (d.is_goal(successor)) {
          found = true;
          goal = child;
        } else {
          next.emplace_back(successor, child);
        }
      });
      if (found || budget.stopped()) break;
    }
    budget.note_stored(visited.size() + next.size());
    if (found) {
      if (keep_tree) result.moves = tree.path_to(goal);
      result.cost = depth + 1;
      result.stats.depth = result.cost;
      budget.finish(StopReason::solved);
      return result;
    }
    if (budget.stopped()) break;
    frontier.swap(next);
    next.clear();
  }
  budget.finish(StopReason::exhausted);
  return result;
}

}  // namespace plumb::search
