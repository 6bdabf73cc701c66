// plumb/search/astar_ida_star.hpp: A*+IDA* (Bu and Korf, "A*+IDA*: A Simple Hybrid Search
// Algorithm", IJCAI 2019): A* from the start until it stores a given number of states, then IDA*
// iterations from the open nodes A* leaves (its frontier), on the threads of parallel IDA*
// (parallel_ida_star.hpp), for a ReversibleDomain with an IncrementalHeuristic.
//
// The frontier is fixed once A* stops: its open nodes, ordered by f and, among equal f, by h, the
// nearest the goal first (Bu and Korf's order: the last iteration finds the solution early), then
// in the order A* would have expanded them. Iteration T (T from the frontier's least f up, each
// the least f that passed the previous iteration) searches depth first, with bound T, below every
// frontier node n with f(n) <= T, in the frontier's order: those nodes are the work items of
// parallel IDA*. A worker is put on one by copying its state from A*'s table and positioning the
// heuristic there; A*'s moves to it are read back only for the solution. The solution returned is
// the first in that order (A*'s moves to its node, then IDA*'s below it), whatever the threads.
// Optimality: at any time of A* some open node lies on an optimal path with its optimal g (Hart,
// Nilsson and Raphael's lemma; A* stops only between expansions, so the frontier is every open
// node), and its f is at most the optimal cost C* (h admissible). IDA* below it with bound C*
// therefore reaches the goal, so the iteration T = C* finds a solution; an earlier iteration has
// T < C* and finds only paths of cost at most T, so none. Every path found costs at most T: the
// iteration that finds one finds an optimal one. A goal A* itself expands first is returned as is.
// The A* phase positions the heuristic at each state it expands (position(s)) and moves it to each
// child but the parent and back; it stops at the first of: `astar_states` states stored, the goal,
// an empty open list (no solution), or a limit. Limits: A*'s Budget (nodes, time, memory,
// cancellation, progress: budget.hpp) during A*, then those of parallel IDA* (its expansions
// counted on top of A*'s; the memory is no longer checked: it grows only by the frontier's list);
// max_depth bounds f in both. Across processes (a context whose distribution names a group), every
// process runs the same A* and has the same frontier, whose nodes are the items the processes share
// (parallel_ida_star.hpp); a limit that stops A* on one process stops every one. Statistics: expanded and generated sum both phases, peak_stored is
// the states A* stored, iterations and depth are those of the IDA* phase (depth: A*'s last f when
// A* finds the goal).
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <span>
#include <type_traits>
#include <utility>
#include <vector>

#include "plumb/search/astar.hpp"
#include "plumb/search/budget.hpp"
#include "plumb/search/context.hpp"
#include "plumb/search/deepening.hpp"
#include "plumb/search/domain.hpp"
#include "plumb/search/parallel_ida_star.hpp"
#include "plumb/search/stats.hpp"

namespace plumb::search {

// A function that gives a heuristic positioned at a state: position(s) is an IncrementalHeuristic
// of D whose value() is the estimate of s.
template <class P, class D>
concept HeuristicPositioner =
    ReversibleDomain<D> && std::invocable<const P&, const typename D::State&> &&
    IncrementalHeuristic<std::invoke_result_t<const P&, const typename D::State&>, D>;

// About the bytes A* spends on each state it stores for the domain D: its node (the state, g,
// parent and move), its key in the state table with the table's slots, and an open-list entry.
template <Domain D>
constexpr std::uint64_t astar_bytes_per_state() {
  return sizeof(typename D::State) + sizeof(typename D::Move) + 2 * sizeof(Cost) +
         sizeof(std::uint32_t) + sizeof(StateKey<D>) + 4 * sizeof(std::uint64_t);
}

// An optimal solution from `start` by A*+IDA*: A* until it stores `astar_states` states (at least
// one: 1 makes it IDA* from the start), then IDA* from its frontier on `threads` threads (0:
// search::worker_threads(context)), deepening as `deepening` asks (deepening.hpp: A* runs as
// ever; the first bound applies to the IDA* iterations). Reason: solved, exhausted, depth_limit or
// the limit that stopped it.
template <BranchingBounded D, HeuristicPositioner<D> Positioner>
SearchResult<D> astar_ida_star(const D& d, const typename D::State& start,
                               const Positioner& position, std::uint64_t astar_states,
                               const SearchContext& context = {}, unsigned threads = 0,
                               const Deepening& deepening = {}) {
  using namespace parallel_ida_detail;
  using State = typename D::State;
  using Move = typename D::Move;
  using H = std::invoke_result_t<const Positioner&, const State&>;
  // A*'s successors but the parent: the heuristic positioned once at the state expanded, then
  // moved to each child and back.
  const auto successors = [&d, &position](const State& s, std::span<const Move> arrived_by,
                                          const auto& visit) {
    H h = position(s);
    State child = s;
    const bool has_parent = !arrived_by.empty();
    const Move back = has_parent ? d.inverse(arrived_by.front()) : Move{};
    d.for_each_move(s, [&](const Move& move) {
      if (has_parent && move == back) return;
      const typename H::Prepared prepared = h.prepare(child, move);
      d.apply(child, move);
      const typename H::Saved saved = h.apply(prepared);
      visit(move, std::as_const(child), static_cast<Cost>(h.value()));
      h.undo(prepared, saved);
      d.undo(child, move);
    });
  };
  using AStar = astar_detail::BestFirst<D, decltype(successors)>;
  threads = thread_count(threads, context);
  SearchResult<D> result;
  Shared shared(context);
  Budget budget(context, result.stats);
  const Worker<D, H> root(d, shared, start, position(start));
  AStar astar(d, start, root.heuristic(), successors, context, budget, result.stats);
  auto outcome = astar.run(std::max<std::uint64_t>(astar_states, 1));
  if (shared.group != nullptr) {  // a limit may stop A* on some of the processes only
    const bool stopped = outcome == AStar::Outcome::stopped;
    if (const auto stop = first_stop(*shared.group, stopped ? std::optional(result.stats.reason)
                                                            : std::nullopt)) {
      budget.finish(*stop);
      result.stats.reason = *stop;
      return result;
    }
  }
  switch (outcome) {
    case AStar::Outcome::goal:
      result.moves = astar.path_to(astar.goal());
      result.cost = astar.g(astar.goal());
      budget.finish(StopReason::solved);
      return result;
    case AStar::Outcome::exhausted:
      budget.finish(StopReason::exhausted);
      return result;
    case AStar::Outcome::depth_limit:
      budget.finish(StopReason::depth_limit);
      return result;
    case AStar::Outcome::stopped:
      budget.finish(StopReason::exhausted);  // which keeps the limit's reason
      return result;
    case AStar::Outcome::full:
      break;
  }

  struct FrontierNode {
    typename AStar::Id id;
    Cost f, h;
  };
  std::vector<FrontierNode> frontier;
  if (!budget.can_allocate(astar.stored() * sizeof(FrontierNode))) {  // at most one a state
    budget.finish(StopReason::exhausted);  // which keeps the memory limit
    return result;
  }
  astar.for_each_open([&frontier](typename AStar::Id id, Cost g, Cost f) {
    frontier.push_back({id, f, f - g});
  });
  if (frontier.empty()) {  // only stale entries were left: every state was expanded
    budget.finish(StopReason::exhausted);
    return result;
  }
  // By f, and among equal f the nearest the goal by h first (Bu and Korf's order, which finds the
  // solution early in the last iteration): each iteration's items are a prefix.
  const auto goes_first = [](const FrontierNode& a, const FrontierNode& b) {
    return a.f != b.f ? a.f < b.f : a.h < b.h;
  };
  std::stable_sort(frontier.begin(), frontier.end(), goes_first);
  shared.expanded = result.stats.expanded;
  const auto place_at_node = [&](Worker<D, H>& worker, std::size_t item) {
    const typename AStar::Id node = frontier[item].id;
    worker.place(astar.state(node), position(astar.state(node)), astar.last_move(node));
    return astar.g(node);
  };
  const auto iteration = [&](Cost bound) {
    Iteration<Move> outcome;
    const auto within_bound = [bound](const FrontierNode& node) { return node.f <= bound; };
    const auto within = std::partition_point(frontier.begin(), frontier.end(), within_bound);
    if (within != frontier.end()) outcome.next_bound = within->f;
    const auto items = static_cast<std::size_t>(within - frontier.begin());
    search_items(root, items, place_at_node, bound, shared, threads, outcome);
    if (outcome.found) {  // A*'s moves to the node, then the worker's, which start with its last
      std::vector<Move> moves = astar.path_to(frontier[shared.solved_item].id);
      const std::size_t repeated = moves.empty() ? 0 : 1;
      moves.insert(moves.end(), outcome.moves.begin() + repeated, outcome.moves.end());
      outcome.moves = std::move(moves);
    }
    return outcome;
  };
  deepen(frontier.front().f, iteration, shared, result, deepening);
  result.stats.peak_stored = astar.stored();
  result.stats.seconds = shared.seconds();
  return result;
}

}  // namespace plumb::search
