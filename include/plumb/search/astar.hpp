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
// astar_detail::BestFirst is the search itself, given the start's heuristic value and a function
// that lists a state's successors with theirs (so that a heuristic kept up to date move by move can
// serve). It can also stop once it stores a given number of states and hand its open list on
// (astar_ida_star.hpp): an expansion is never cut in two, so every open node (an entry whose g is
// still its node's best) is then in the open list, and, as at any time of A*, one of them lies on
// an optimal path with its optimal g.
#pragma once

#include <cstdint>
#include <limits>
#include <span>
#include <utility>
#include <vector>

#include "plumb/search/budget.hpp"
#include "plumb/search/domain.hpp"
#include "plumb/search/state_table.hpp"

namespace plumb::search {

namespace astar_detail {

// successors(s, arrived_by, visit) calls visit(move, successor, h(successor)) for the successors of
// s, which was reached by the move in arrived_by (none for the start); it may leave out the one
// that move's inverse leads to (the parent: never cheaper again, when no step costs less than 0).
template <Domain D, class Successors>
class BestFirst {
 public:
  using State = typename D::State;
  using Move = typename D::Move;
  using Id = typename StateTable<StateKey<D>>::Id;
  static constexpr Id kNone = StateTable<StateKey<D>>::kNone;

  // Why run() returned.
  enum class Outcome {
    goal,         // a goal was popped: goal() is its node
    exhausted,    // the open list is empty
    full,         // `max_stored` states are stored; the open list is whole
    depth_limit,  // the least f passed context.limits.max_depth
    stopped,      // a limit of the Budget stopped the search (its stats.reason says which)
  };

  // The search from `start`, which it stores and queues.
  BestFirst(const D& d, const State& start, Cost start_h, const Successors& successors,
            const SearchContext& context, Budget& budget, SearchStats& stats)
      : d_(d), successors_(successors), context_(context), budget_(budget), stats_(stats),
        table_(1024, &budget) {
    table_.insert(state_key(d, start));
    nodes_.push_back({start, 0, Move{}, kNone});
    push(0, 0, start_h);
  }

  // Expands nodes in order of f until one of the outcomes; before each expansion it stops if
  // `max_stored` states or more are stored.
  Outcome run(std::uint64_t max_stored = std::numeric_limits<std::uint64_t>::max()) {
    while (open_size_ > 0 && !budget_.stopped()) {
      if (table_.size() >= max_stored) return Outcome::full;
      while (buckets_[lowest_].empty()) ++lowest_;
      const Entry entry = buckets_[lowest_].back();
      buckets_[lowest_].pop_back();
      --open_size_;
      // A cheaper path to it was found after this push.
      if (entry.g != nodes_[entry.id].best_g) continue;
      stats_.depth = static_cast<Cost>(lowest_);
      if (static_cast<Cost>(lowest_) > context_.limits.max_depth) return Outcome::depth_limit;
      if (d_.is_goal(nodes_[entry.id].state)) {
        goal_ = entry.id;
        return Outcome::goal;
      }
      if (!budget_.charge()) break;
      expand(entry);
      budget_.note_stored(table_.size());
    }
    return budget_.stopped() ? Outcome::stopped : Outcome::exhausted;
  }

  Id goal() const { return goal_; }
  Cost g(Id node) const { return nodes_[node].best_g; }
  std::uint64_t stored() const { return table_.size(); }
  const State& state(Id node) const { return nodes_[node].state; }
  // The move into the node along its best path: one move, or none for the start.
  std::span<const Move> last_move(Id node) const {
    return {&nodes_[node].move, nodes_[node].parent == kNone ? 0u : 1u};
  }

  // The moves from the start to the node, along its best path.
  std::vector<Move> path_to(Id node) const {
    std::vector<Move> path;
    for (; nodes_[node].parent != kNone; node = nodes_[node].parent)
      path.push_back(nodes_[node].move);
    return {path.rbegin(), path.rend()};
  }

  // Calls visit(node, g, f) for every open node, in the order run() would expand them: by f, and
  // among equal f the last pushed first.
  template <class Visit>
  void for_each_open(Visit&& visit) const {
    for (std::size_t f = lowest_; f < buckets_.size(); ++f) {
      for (auto entry = buckets_[f].rbegin(); entry != buckets_[f].rend(); ++entry) {
        if (entry->g == nodes_[entry->id].best_g) visit(entry->id, entry->g, static_cast<Cost>(f));
      }
    }
  }

 private:
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

  // Queues a node; a heuristic value of kInfiniteCost or more marks a dead end, never queued.
  void push(Id id, Cost g, Cost h_value) {
    if (h_value >= kInfiniteCost) return;
    const Cost f = g + h_value;
    if (static_cast<std::size_t>(f) >= buckets_.size()) buckets_.resize(f + 1);
    if (!budget_.make_room(buckets_[f])) return;
    buckets_[f].push_back({id, g});
    if (static_cast<std::size_t>(f) < lowest_) lowest_ = f;
    ++open_size_;
  }

  void expand(const Entry& entry) {
    const State state = nodes_[entry.id].state;
    const auto visit = [&](const Move& move, const State& successor, Cost h_value) {
      if (budget_.stopped() || !budget_.make_room(nodes_)) return;
      ++stats_.generated;
      const Cost g = entry.g + step_cost(d_, state, move);
      const auto [id, inserted] = table_.insert(state_key(d_, successor));
      if (inserted) {
        nodes_.push_back({successor, g, move, entry.id});
      } else if (g < nodes_[id].best_g) {
        nodes_[id].best_g = g;
        nodes_[id].move = move;
        nodes_[id].parent = entry.id;
      } else {
        ++stats_.duplicates;
        return;
      }
      push(id, g, h_value);
    };
    successors_(state, last_move(entry.id), visit);
  }

  const D& d_;
  const Successors& successors_;
  const SearchContext& context_;
  Budget& budget_;
  SearchStats& stats_;
  StateTable<StateKey<D>> table_;
  std::vector<Node> nodes_;  // by id
  std::vector<std::vector<Entry>> buckets_;
  std::size_t lowest_ = 0;
  std::uint64_t open_size_ = 0;
  Id goal_ = kNone;
};

}  // namespace astar_detail

template <Domain D, HeuristicFor<D> H>
SearchResult<D> astar(const D& d, const typename D::State& start, const H& h, const SearchContext& context = {}) {
  const auto successors = [&](const typename D::State& s, std::span<const typename D::Move>,
                              const auto& visit) {
    d.for_each_successor(s, [&](const typename D::Move& move, const typename D::State& successor) {
      visit(move, successor, static_cast<Cost>(h(successor)));
    });
  };
  using Search = astar_detail::BestFirst<D, decltype(successors)>;
  SearchResult<D> result;
  Budget budget(context, result.stats);
  Search search(d, start, static_cast<Cost>(h(start)), successors, context, budget, result.stats);
  switch (search.run()) {
    case Search::Outcome::goal:
      result.moves = search.path_to(search.goal());
      result.cost = search.g(search.goal());
      budget.finish(StopReason::solved);
      break;
    case Search::Outcome::depth_limit:
      budget.finish(StopReason::depth_limit);
      break;
    default:
      budget.finish(StopReason::exhausted);
  }
  return result;
}

}  // namespace plumb::search
