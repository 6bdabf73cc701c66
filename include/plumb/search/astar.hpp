// plumb/search/astar.hpp: A* (Hart, Nilsson and Raphael 1968) with integer costs.
//
// The open list is an array of buckets indexed by f = g + h, each a stack, so that among equal f the
// most recently generated (usually the deepest) node is expanded first; stale entries are skipped
// when popped (lazy deletion). With an admissible h the first goal expanded is optimal; nodes are
// reopened when a cheaper path is found, so an inconsistent (but admissible) h stays optimal.
// A heuristic value of kInfiniteCost or more prunes the state (a proven dead end).
// Every generated state is stored, with its g, parent and move: memory O(states generated). The table
// and the nodes grow through the Budget, which stops the search before a growth would pass the
// memory limit.
#pragma once

#include <utility>
#include <vector>

#include "plumb/search/domain.hpp"
#include "plumb/search/limits.hpp"
#include "plumb/search/state_table.hpp"

namespace plumb::search {

template <Domain D, HeuristicFor<D> H>
SearchResult<D> astar(const D& d, const typename D::State& start, const H& h, const SearchContext& context = {}) {
  using State = typename D::State;
  using Move = typename D::Move;
  using Id = typename StateTable<StateKey<D>>::Id;
  constexpr Id kNone = StateTable<StateKey<D>>::kNone;
  struct Entry {
    Id id;
    Cost g;
  };
  struct Node {
    State state;
    Cost best_g;
    Move move;  // from the current parent
    Id parent;
  };

  SearchResult<D> result;
  SearchStats& stats = result.stats;
  Budget budget(context, stats);
  StateTable<StateKey<D>> table(1024, &budget);
  std::vector<Node> nodes;  // by id
  std::vector<std::vector<Entry>> buckets;
  std::size_t lowest = 0;
  std::uint64_t open_size = 0;

  // Queues a node; a heuristic value of kInfiniteCost or more marks a dead end, never queued.
  auto push = [&](Id id, Cost g, Cost h_value) {
    if (h_value >= kInfiniteCost) return;
    const Cost f = g + h_value;
    if (static_cast<std::size_t>(f) >= buckets.size()) buckets.resize(f + 1);
    if (!budget.make_room(buckets[f])) return;
    buckets[f].push_back({id, g});
    if (static_cast<std::size_t>(f) < lowest) lowest = f;
    ++open_size;
  };

  table.insert(state_key(d, start));
  nodes.push_back({start, 0, Move{}, kNone});
  push(0, 0, static_cast<Cost>(h(start)));

  while (open_size > 0 && !budget.stopped()) {
    while (buckets[lowest].empty()) ++lowest;
    const Entry entry = buckets[lowest].back();
    buckets[lowest].pop_back();
    --open_size;
    // A cheaper path to it was found after this push.
    if (entry.g != nodes[entry.id].best_g) continue;
    stats.depth = static_cast<Cost>(lowest);
    if (static_cast<Cost>(lowest) > context.limits.max_depth) {
      budget.finish(StopReason::depth_limit);
      return result;
    }
    if (d.is_goal(nodes[entry.id].state)) {
      std::vector<Move> path;
      for (Id id = entry.id; nodes[id].parent != kNone; id = nodes[id].parent) {
        path.push_back(nodes[id].move);
      }
      result.moves.emplace(path.rbegin(), path.rend());
      result.cost = entry.g;
      budget.finish(StopReason::solved);
      return result;
    }
    if (!budget.charge()) break;
    const State state = nodes[entry.id].state;
    d.for_each_successor(state, [&](const Move& move, const State& successor) {
      if (budget.stopped() || !budget.make_room(nodes)) return;
      ++stats.generated;
      const Cost g = entry.g + step_cost(d, state, move);
      const auto [id, inserted] = table.insert(state_key(d, successor));
      if (inserted) {
        nodes.push_back({successor, g, move, entry.id});
      } else if (g < nodes[id].best_g) {
        nodes[id].best_g = g;
        nodes[id].move = move;
        nodes[id].parent = entry.id;
      } else {
        ++stats.duplicates;
        return;
      }
      push(id, g, static_cast<Cost>(h(successor)));
    });
    budget.note_stored(table.size());
  }
  budget.finish(StopReason::exhausted);
  return result;
}

}  // namespace plumb::search
