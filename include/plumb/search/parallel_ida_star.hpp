// plumb/search/parallel_ida_star.hpp: IDA* (Korf 1985) on several threads, for a ReversibleDomain
// searched in place with a heuristic that is updated move by move (IncrementalHeuristic: O(1) a
// move for additive pattern databases, pdb/additive_heuristic.hpp).
//
// Each iteration (bound) with several threads first searches from the root down to kSplitDepth
// moves and lists the nodes there within the bound, in depth-first order (work items); the threads
// then take the items in that order and search below each. The solution returned is the first in
// depth-first order: an item with one stops the threads working on later items, and the earlier
// items are still searched to the end. So the moves do not depend on the thread count (the node
// counts may, a little: where the later items were stopped). One thread lists no items.
// The hot loop never generates the move back to the parent (nor counts it), and prepares every
// child (the heuristic's table entries prefetched) before it evaluates the first; the children of
// a node sit in an array of D::kMaxMoves on its stack frame (BranchingBounded). The goal test
// runs only where h = 0: a goal's heuristic value must be 0, as every admissible heuristic's is.
// Across processes: under a context whose distribution names a group of several processes
// (exchange.hpp), every process lists the same items and its threads take them, in order, from the
// group's counter (Exchange::fetch_add at process 0) instead of a counter of their own; a process
// that finds a solution or stops pushes the counter past the end, so that no more items are handed
// out. At an iteration's end the processes agree (one all_gather): the first solution in depth-first
// order (the lowest item's: the moves of one process), the least f over the bound, the node counts
// summed, and a stop on any process stops every one. Every process returns the same result.
// Limits (context.limits): max_depth bounds the f-bound; max_nodes (expansions, summed over the
// threads; across processes, each process's plus the finished iterations' of the others),
// max_seconds and the context's cancellation are checked by each thread every
// kCheckInterval expansions, where it also reports progress (context.report_progress, which lets
// one thread at a time report). max_memory_bytes is not checked: the memory is linear in the depth,
// plus the items' move lists.
#pragma once

#include <algorithm>
#include <array>
#include <cassert>
#include <atomic>
#include <chrono>
#include <concepts>
#include <cstddef>
#include <cstring>
#include <limits>
#include <mutex>
#include <optional>
#include <span>
#include <type_traits>
#include <utility>
#include <vector>

#include "plumb/search/budget.hpp"
#include "plumb/search/context.hpp"
#include "plumb/search/deepening.hpp"
#include "plumb/search/domain.hpp"
#include "plumb/search/exchange.hpp"
#include "plumb/search/stats.hpp"

namespace plumb::search {

// A heuristic that follows the search's state: positioned at a state, value() is its estimate;
// prepare(s, m) computes, without changing anything, what the move m from s (the current state)
// changes, and may prefetch the tables it will read; apply(prepared) then makes that change (after
// the domain's apply) and returns what undo(prepared, saved) needs to take it back. Copies are
// independent (each thread works on its own).
template <class H, class D>
concept IncrementalHeuristic =
    ReversibleDomain<D> && std::copyable<H> &&
    requires(H& h, const H& ch, const typename D::State& s, const typename D::Move& m,
             const typename H::Prepared& prepared, const typename H::Saved& saved) {
      { ch.value() } -> std::convertible_to<Cost>;
      { ch.prepare(s, m) } -> std::same_as<typename H::Prepared>;
      { h.apply(prepared) } -> std::same_as<typename H::Saved>;
      h.undo(prepared, saved);
    };

// A domain that declares the most moves any state has (static constexpr std::size_t kMaxMoves).
template <class D>
concept BranchingBounded = ReversibleDomain<D> && requires {
  { D::kMaxMoves } -> std::convertible_to<std::size_t>;
};

namespace parallel_ida_detail {

// The depth of the work items: a few thousand subtrees balance a few threads well.
inline constexpr std::size_t kSplitDepth = 8;
// A thread checks the limits, the other threads' solutions and the time for progress once per this
// many expansions, counted across its work items.
inline constexpr unsigned kCheckInterval = 4096;
// What a process adds to the group's counter to close an iteration's handing out of items.
inline constexpr std::uint64_t kClosed = std::uint64_t{1} << 40;

// The group of processes a search under `context` is shared by; null for a process alone.
inline Exchange* group_of(const SearchContext& context) {
  Exchange* group = context.distribution.exchange.get();
  return group != nullptr && group->size() > 1 ? group : nullptr;
}

// What the threads of one search share: the context, the group of processes (null: alone), an
// expansion count, the stop flag, the current bound and the first work item (in depth-first
// order) known to hold a solution.
struct Shared {
  explicit Shared(const SearchContext& context)
      : context(context), group(group_of(context)), start(std::chrono::steady_clock::now()) {}

  double seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }
  void stop(StopReason why) {
    if (!stopped.exchange(true)) reason = why;
  }

  const SearchContext& context;
  Exchange* group;
  std::chrono::steady_clock::time_point start;
  Cost bound = 0;
  std::atomic<std::uint64_t> expanded{0};
  std::atomic<bool> stopped{false};
  StopReason reason = StopReason::exhausted;  // written by the thread that stopped the search
  std::atomic<std::size_t> solved_item{std::numeric_limits<std::size_t>::max()};
};

// One thread's depth-first search from the root or from a work item: the state, the heuristic
// positioned at it and the moves from the root.
template <class D, class H>
class Worker {
 public:
  using State = typename D::State;
  using Move = typename D::Move;

  Worker(const D& d, Shared& shared, const State& start, const H& h)
      : d_(&d), shared_(&shared), state_(start), h_(h) {}

  Cost heuristic() const { return static_cast<Cost>(h_.value()); }

  // Makes the moves of `moves` from this node (the root); returns their cost.
  Cost replay(const std::vector<Move>& moves) {
    Cost g = 0;
    for (const Move& m : moves) {
      const typename H::Prepared prepared = h_.prepare(state_, m);
      g += step_cost(*d_, state_, m);
      d_->apply(state_, m);
      h_.apply(prepared);
      path_.push_back(m);
    }
    return g;
  }

  // Whether this node, reached at cost g, is a goal; if so it is the solution (path(), cost g).
  bool is_goal_at(Cost g) {
    if (heuristic() != 0 || !d_->is_goal(state_)) return false;
    solution_cost_ = g;
    return true;
  }

  // Puts this worker at another node: its state, the heuristic positioned there and the moves that
  // path() starts with from now on (the last move to the node, for the parent pruning, or none).
  void place(const State& state, const H& h, std::span<const Move> last_moves) {
    state_ = state;
    h_ = h;
    path_.assign(last_moves.begin(), last_moves.end());
  }

  // Searches below this node, at cost g, for a goal within `bound`; when it finds one, path() is
  // the moves from the root and solution_cost() their cost. False if none, or if it must stop.
  bool search(Cost g, Cost bound) {
    if (collect_ != nullptr && path_.size() == collect_depth_) {
      collect_->push_back(path_);
      return false;
    }
    ++stats.expanded;
    if (++unchecked_ == kCheckInterval && !keep_going()) return false;
    std::array<Pending, D::kMaxMoves> pending;
    std::size_t end = 0;
    const bool has_last = !path_.empty();
    const Move back = has_last ? d_->inverse(path_.back()) : Move{};
    // The moves first, then their preparation: a callback this small is inlined into the domain's
    // move loop, and the domain's loop into this one.
    d_->for_each_move(std::as_const(state_), [&](const Move& m) {
      if (has_last && m == back) return;
      assert(end < pending.size());
      pending[end++] = {m, {}};
    });
    for (std::size_t i = 0; i < end; ++i)
      pending[i].prepared = h_.prepare(state_, pending[i].move);
    bool found = false;
    for (std::size_t i = 0; i < end && !found; ++i) {
      const Pending& child = pending[i];
      const Cost child_g = g + step_cost(*d_, state_, child.move);
      d_->apply(state_, child.move);
      const typename H::Saved saved = h_.apply(child.prepared);
      ++stats.generated;
      const Cost h = static_cast<Cost>(h_.value()), f = child_g + h;
      if (f > bound) {
        next_bound = std::min(next_bound, f);
      } else {
        path_.push_back(child.move);
        if (h == 0 && d_->is_goal(state_)) {
          solution_cost_ = child_g;
          found = true;
        } else {
          found = search(child_g, bound);
        }
        if (found) break;
        path_.pop_back();
      }
      h_.undo(child.prepared, saved);
      d_->undo(state_, child.move);
      if (aborted_ || shared_->stopped.load(std::memory_order_relaxed)) break;
    }
    return found;
  }

  // From now on search() lists the move sequences of the nodes `depth` moves deep within the bound
  // in `items`, instead of searching below them.
  void collect_at(std::size_t depth, std::vector<std::vector<Move>>* items) {
    collect_depth_ = depth;
    collect_ = items;
  }
  // Makes search() give up as soon as an earlier item than `item` has a solution, and go on from
  // `unchecked` expansions since the thread's last check (what unchecked() said after its last
  // item).
  void work_on(std::size_t item, unsigned unchecked) {
    item_ = item;
    unchecked_ = unchecked;
  }
  unsigned unchecked() const { return unchecked_; }

  const std::vector<Move>& path() const { return path_; }
  Cost solution_cost() const { return solution_cost_; }

  SearchStats stats;
  Cost next_bound = kInfiniteCost;

 private:
  struct Pending {
    Move move;
    typename H::Prepared prepared;
  };

  // Every kCheckInterval expansions: stop for an earlier solution or a limit, and report progress.
  bool keep_going() {
    unchecked_ = 0;
    if (shared_->solved_item.load(std::memory_order_relaxed) < item_) {
      aborted_ = true;
      return false;
    }
    const std::uint64_t total =
        shared_->expanded.fetch_add(kCheckInterval, std::memory_order_relaxed) + kCheckInterval;
    const SearchContext& context = shared_->context;
    if (context.limits.max_nodes != 0 && total >= context.limits.max_nodes)
      shared_->stop(StopReason::node_limit);
    const double seconds = shared_->seconds();
    if (context.limits.max_seconds > 0 && seconds >= context.limits.max_seconds)
      shared_->stop(StopReason::time_limit);
    if (context.cancelled()) shared_->stop(StopReason::cancelled);
    if (context.reports_progress()) {
      SearchStats now;
      now.expanded = total;
      now.depth = shared_->bound;
      now.seconds = seconds;
      context.report_progress(now);
    }
    return !shared_->stopped.load(std::memory_order_relaxed);
  }

  const D* d_;
  Shared* shared_;
  State state_;
  H h_;
  std::vector<Move> path_;
  std::vector<std::vector<Move>>* collect_ = nullptr;
  std::size_t collect_depth_ = 0;
  std::size_t item_ = 0;
  unsigned unchecked_ = 0;  // expansions since the last keep_going()
  bool aborted_ = false;
  Cost solution_cost_ = 0;
};

// One iteration's outcome: the solution of the earliest work item that has one, the least f over
// the bound, and the statistics of every item searched.
template <class Move>
struct Iteration {
  bool found = false;
  std::vector<Move> moves;
  Cost cost = 0;
  Cost next_bound = kInfiniteCost;
  SearchStats stats;

  template <class W>
  void absorb(W& worker) {
    stats += worker.stats;
    worker.stats = {};
    next_bound = std::min(next_bound, worker.next_bound);
  }
  template <class W>
  void take_solution(const W& worker) {
    found = true;
    moves = worker.path();
    cost = worker.solution_cost();
  }
};

// The stop of the first process (by rank) of `group` that stopped, `mine` being this process's (none
// if it did not); none if no process stopped. Collective: one all_gather.
inline std::optional<StopReason> first_stop(Exchange& group, std::optional<StopReason> mine) {
  const std::array<std::uint64_t, 2> record{mine ? std::uint64_t{1} : 0,
                                            static_cast<std::uint64_t>(mine.value_or(StopReason{}))};
  for (const std::vector<std::byte>& each : group.all_gather(std::as_bytes(std::span(record)))) {
    std::array<std::uint64_t, 2> theirs{};
    std::memcpy(theirs.data(), each.data(), sizeof theirs);
    if (theirs[0] != 0) return static_cast<StopReason>(theirs[1]);
  }
  return std::nullopt;
}

// The processes of shared.group agree on an iteration's outcome, each having searched the items it
// took into `result` (a solution, the least f over the bound, the items' statistics): afterwards
// every process holds the first solution in depth-first order (a solution of its own found before
// the items, as the splitter's, goes first; then by item), with shared.solved_item its item, the
// least f, the statistics summed, and, if any process stopped, the stop of the first (by rank)
// that did. Collective: one all_gather.
template <class Move>
void agree(Shared& shared, Iteration<Move>& result) {
  static_assert(std::is_trivially_copyable_v<Move>);
  constexpr std::uint64_t kNone = std::numeric_limits<std::uint64_t>::max();
  constexpr std::size_t kFields = 7;
  const std::size_t solved = shared.solved_item.load();
  const bool stopped = shared.stopped.load();
  const std::array<std::uint64_t, kFields> mine{
      !result.found ? kNone : solved == std::numeric_limits<std::size_t>::max() ? 0 : solved + 1,
      static_cast<std::uint64_t>(result.next_bound),
      stopped ? std::uint64_t{1} : 0,
      static_cast<std::uint64_t>(shared.reason),
      result.stats.expanded,
      result.stats.generated,
      static_cast<std::uint64_t>(result.cost)};
  std::vector<std::byte> record(sizeof mine + result.moves.size() * sizeof(Move));
  std::memcpy(record.data(), mine.data(), sizeof mine);
  if (!result.moves.empty())
    std::memcpy(record.data() + sizeof mine, result.moves.data(), result.moves.size() * sizeof(Move));
  const std::vector<std::vector<std::byte>> records = shared.group->all_gather(record);
  std::uint64_t first = kNone, expanded = 0, generated = 0;
  const std::vector<std::byte>* winner = nullptr;
  bool any_stopped = false;
  for (const std::vector<std::byte>& each : records) {
    std::array<std::uint64_t, kFields> theirs{};
    std::memcpy(theirs.data(), each.data(), sizeof theirs);
    if (theirs[0] < first) first = theirs[0], winner = &each;
    result.next_bound = std::min(result.next_bound, static_cast<Cost>(theirs[1]));
    if (theirs[2] != 0 && !any_stopped) {
      any_stopped = true;
      shared.reason = static_cast<StopReason>(theirs[3]);
    }
    expanded += theirs[4];
    generated += theirs[5];
  }
  shared.expanded.fetch_add(expanded - result.stats.expanded);
  result.stats.expanded = expanded;
  result.stats.generated = generated;
  if (any_stopped) shared.stopped = true;
  result.found = winner != nullptr;
  if (!result.found) return;
  std::array<std::uint64_t, kFields> won{};
  std::memcpy(won.data(), winner->data(), sizeof won);
  result.cost = static_cast<Cost>(won[6]);
  result.moves.resize((winner->size() - sizeof won) / sizeof(Move));
  if (!result.moves.empty())
    std::memcpy(result.moves.data(), winner->data() + sizeof won, result.moves.size() * sizeof(Move));
  shared.solved_item = first == 0 ? std::numeric_limits<std::size_t>::max() : first - 1;
}

// Searches below work items 0 .. count - 1 within `bound` on `threads` threads, which take them in
// order; a worker (a copy of `root`) is put on item i by position(worker, i), which makes the item's
// moves from the root (or places it there) and returns their cost. The item's node must be within
// the bound; it may be a goal itself. Adds the items' statistics and the earliest item's solution
// to `result`. In a group of processes (shared.group) the threads of every process take the items
// from the group's counter, and the processes then agree on the outcome (agree()): collective.
template <class D, class H, class Position>
void search_items(const Worker<D, H>& root, std::size_t count, const Position& position, Cost bound,
                  Shared& shared, unsigned threads, Iteration<typename D::Move>& result) {
  Exchange* const group = shared.group;
  std::atomic<std::size_t> next_item{0};
  if (group != nullptr) group->reset_counter();
  const auto take = [&]() -> std::uint64_t {
    return group != nullptr ? group->fetch_add(1) : next_item.fetch_add(1);
  };
  // Hands out no more items to any process of the group.
  const auto close = [group] {
    if (group != nullptr) group->fetch_add(kClosed);
  };
  std::mutex merge;
  run_workers(threads, [&](unsigned) {
    unsigned unchecked = 0;
    Worker<D, H> worker = root;  // assigned the root for each item, keeping its vectors' storage
    for (;;) {
      const std::uint64_t taken = take();
      if (shared.stopped.load()) close();
      if (taken >= count || taken > shared.solved_item.load() || shared.stopped.load()) break;
      const auto item = static_cast<std::size_t>(taken);
      worker = root;
      worker.work_on(item, unchecked);
      const Cost g = position(worker, item);
      const bool found = worker.is_goal_at(g) || worker.search(g, bound);
      unchecked = worker.unchecked();
      const std::lock_guard lock(merge);
      if (found && item < shared.solved_item.load()) {
        shared.solved_item = item;
        result.take_solution(worker);
        close();
      }
      result.absorb(worker);
    }
  });
  if (group != nullptr) agree(shared, result);
}

// One IDA* iteration with bound `bound` on `threads` threads.
template <class D, class H>
Iteration<typename D::Move> iterate(const Worker<D, H>& root, Cost bound, Shared& shared,
                                    unsigned threads) {
  using Move = typename D::Move;
  Iteration<Move> result;
  Worker<D, H> splitter = root;
  std::vector<std::vector<Move>> items;
  if (threads > 1 || shared.group != nullptr) splitter.collect_at(kSplitDepth, &items);
  if (splitter.search(0, bound)) result.take_solution(splitter);
  // Every process of a group lists the same items (or finds the same solution) and agrees, items
  // or none; its splitter's statistics are counted once a process, after the agreement.
  if (shared.group != nullptr || !(result.found || items.empty())) {
    const auto replay_item = [&items](Worker<D, H>& worker, std::size_t item) {
      return worker.replay(items[item]);
    };
    search_items(root, result.found ? 0 : items.size(), replay_item, bound, shared, threads,
                 result);
  }
  result.absorb(splitter);
  return result;
}

// Runs iterations with bounds from `bound` (or deepening.first_bound, if larger) on, each the least
// f that passed the previous one, until one finds a solution (result.moves and cost), none is left
// (exhausted), the bound passes context.limits.max_depth (depth_limit) or a limit stops the threads
// (shared.reason); adds every iteration's statistics to result.stats and tells
// deepening.after_iteration of each that ends without a solution. iterate(bound) runs one.
template <class D, class Iterate>
void deepen(Cost bound, const Iterate& iterate, Shared& shared, SearchResult<D>& result,
            const Deepening& deepening) {
  SearchStats& stats = result.stats;
  const SearchLimits& limits = shared.context.limits;
  stats.reason = StopReason::exhausted;
  bound = std::max(bound, deepening.first_bound);
  while (bound < kInfiniteCost) {
    stats.depth = bound;
    if (bound > limits.max_depth) {
      stats.reason = StopReason::depth_limit;
      return;
    }
    shared.bound = bound;
    Iteration<typename D::Move> iteration = iterate(bound);
    stats += iteration.stats;
    ++stats.iterations;
    if (iteration.found) {
      result.moves = std::move(iteration.moves);
      result.cost = iteration.cost;
      stats.reason = StopReason::solved;
      return;
    }
    if (!shared.stopped && deepening.after_iteration)
      deepening.after_iteration(iteration.next_bound, iteration.stats);
    if (!shared.stopped && limits.max_nodes != 0 && stats.expanded >= limits.max_nodes)
      shared.stop(StopReason::node_limit);
    if (shared.stopped) {
      stats.reason = shared.reason;
      return;
    }
    shared.solved_item = std::numeric_limits<std::size_t>::max();
    bound = iteration.next_bound;
  }
}

// The thread count for `threads` (0: search::worker_threads(context)).
inline unsigned thread_count(unsigned threads, const SearchContext& context) {
  return threads == 0 ? worker_threads(context) : std::clamp(threads, 1u, max_worker_threads());
}

}  // namespace parallel_ida_detail

// An optimal solution from `start` by IDA* with the heuristic `h` (positioned at `start`), on
// `threads` threads (0: search::worker_threads(context)), deepening as `deepening` asks
// (deepening.hpp). stats.depth is the last bound tried, stats.peak_stored the solution's length;
// reason: solved, exhausted (no goal is reachable), depth_limit (the next bound exceeds
// context.limits.max_depth) or the limit that stopped it.
template <BranchingBounded D, IncrementalHeuristic<D> H>
SearchResult<D> parallel_ida_star(const D& d, const typename D::State& start, const H& h,
                                  const SearchContext& context = {}, unsigned threads = 0,
                                  const Deepening& deepening = {}) {
  using namespace parallel_ida_detail;
  threads = thread_count(threads, context);
  SearchResult<D> result;
  Shared shared(context);
  const Worker<D, H> root(d, shared, start, h);
  if (root.heuristic() == 0 && d.is_goal(start)) {
    result.moves.emplace();
    result.stats.reason = StopReason::solved;
  } else {
    const auto iteration = [&](Cost bound) { return iterate(root, bound, shared, threads); };
    deepen(root.heuristic(), iteration, shared, result, deepening);
  }
  result.stats.seconds = shared.seconds();
  result.stats.peak_stored = result.moves ? result.moves->size() : 0;
  return result;
}

}  // namespace plumb::search
