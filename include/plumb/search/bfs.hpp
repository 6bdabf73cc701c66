// plumb/search/bfs.hpp: breadth-first search for a shortest move sequence in a unit-cost domain.
//
// Layer by layer from the start; a goal is recognized when generated, which is safe with unit
// costs. Duplicate detection through VisitedSet (dense bits for small ranked spaces, a flat hash
// table otherwise), an expansion's successors all hashed before any is looked up; none for a domain
// that yields each state once (search/domain.hpp). Time and memory O(states within the solution's
// depth); every table and frontier grows through the Budget, so the memory limit stops the search
// before a growth would pass it. With Answer::cost_only it keeps no search tree and returns the
// solution's length alone.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "plumb/search/budget.hpp"
#include "plumb/search/domain.hpp"
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
  const bool deduplicate = !yields_each_state_once(d);
  if (deduplicate) visited.insert(start);
  const bool keep_tree = answer == Answer::moves;
  SearchTree<Move> tree;
  std::vector<std::pair<State, Id>> frontier{{start, keep_tree ? tree.add_root() : Id{0}}}, next;
  // One expansion's successors, each prepared for `visited` before any is inserted (hashed, in a
  // table): their hashes' latencies overlap. At most the domain's branching factor, so not charged
  // to the budget.
  struct Successor {
    Move move;
    State state;
    std::uint64_t prepared;
  };
  std::vector<Successor> successors;
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
      if (!budget.charge()) break;
      successors.clear();
      d.for_each_successor(state, [&](const Move& move, const State& successor) {
        successors.push_back({move, successor, deduplicate ? visited.prepare(successor) : 0});
      });
      for (const Successor& successor : successors) {
        if (budget.stopped() || (keep_tree && !tree.make_room(budget)) || !budget.make_room(next)) {
          break;
        }
        ++result.stats.generated;
        if (deduplicate && !visited.insert(successor.state, successor.prepared)) {
          ++result.stats.duplicates;
          continue;
        }
        const Id child = keep_tree ? tree.add(frontier_id, successor.move) : Id{0};
        if (d.is_goal(successor.state)) {
          found = true;
          goal = child;
          break;
        }
        next.emplace_back(successor.state, child);
      }
      if (found || budget.stopped()) break;
    }
    budget.note_stored((deduplicate ? visited.size() : result.stats.generated + 1) + next.size());
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
