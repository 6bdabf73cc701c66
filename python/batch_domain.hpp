// python/batch_domain.hpp: a batched search domain written in Python, whose callbacks take many
// states at once, so that plumb's engine calls Python once a batch of states, not once a state
// (plumb.search and plumb.explore_domain take it where the per-state domain of python/domain.hpp
// goes; docs/python.md).
//
// The Python object has `batched = True`, `start` (an int from 0 to 2**64 - 2) and
// `successors(states)`: given a numpy uint64 array of n states, an integer array of shape (n, k)
// whose column j holds the state move j leads to, or NO_STATE (2**64 - 1, or -1 in a signed array)
// where move j does not apply. Optionally `moves`, the k moves' values (else a move is its column's
// number); `goal`, the one goal; `is_goal(states)`, a bool array (else a state is a goal when it
// equals `goal`); `heuristic(states)`, an int array of admissible estimates;
// `predecessors(states)`, in the same form, column j holding the state from which move j leads to
// the given one.
//
// States are the integers themselves: the engine's tables hold them without Python. The domain
// fetches ahead: asked for the successors of a state it has not fetched, it calls Python with that
// state and the states it has seen since in that direction and not fetched yet, in the order it
// first saw them, up to kBatchStates (and no more than twice the rows of the last batch that were
// asked for). That order is the one in which bfs, bidirectional_bfs and explore expand, so each
// of their layers is a call or a few. The rows of the last batch are kept, one batch a direction;
// a state asked for again later is fetched again. The goal test and the estimate of each new
// state are asked for at once, for all the states a batch brings. For bfs and explore
// (DomainNeeds::breadth_first) an expansion yields only the states it reached first, in the
// domain's order, which is the search's: the others are the search's duplicates, so it never sees
// them (its stats count none), and bfs keeps no table of the states it has seen (the domain's
// own is that table). Errors, limits and cancellation are as for the per-state domain
// (python/domain.hpp): a callback that raises or answers what is not an array of the right shape
// and type cancels the search, whose caller gets that exception; the domain's own tables grow
// through a Budget of its own, charged a state fetched.
#pragma once

#include <pybind11/pybind11.h>

#include <cstdint>
#include <exception>
#include <optional>
#include <unordered_map>
#include <vector>

#include "plumb/encode/hash.hpp"
#include "plumb/search/context.hpp"
#include "plumb/search/domain.hpp"
#include "plumb/search/budget.hpp"
#include "plumb/search/stats.hpp"
#include "python/domain.hpp"

namespace plumb::python {

namespace py = pybind11;

// The value successors() and predecessors() give for a move that does not apply.
inline constexpr std::uint64_t kNoState = ~std::uint64_t{0};

// The states a batched domain has seen, each with a byte of flags and, when asked for, an estimate:
// open addressing over the states themselves (kNoState marks an empty slot), linear probing from
// the state's mixed hash, at most half full, so that a state's key, flags and estimate are one
// probe and the same slot of three arrays. Grows (doubles) through the Budget it is given.
class KnownStates {
 public:
  using Slot = std::size_t;

  KnownStates(search::Budget& budget, bool estimates);

  // The hash of a state, and a hint to load its slot ahead (the slot moves if the table grows).
  static std::uint64_t hash(std::uint64_t state) { return encode::mix64(state); }
  void prefetch(std::uint64_t hash) const {
    __builtin_prefetch(keys_.data() + (hash & mask_));
    __builtin_prefetch(flags_.data() + (hash & mask_));
  }
  // The slot of a state of hash `hash` and whether it was added now (with flags 0); nullopt when
  // the table would have to grow and the budget refuses it. Slots move when the table grows.
  std::optional<std::pair<Slot, bool>> insert(std::uint64_t state, std::uint64_t hash);
  // The state's slot; the state must be in the table.
  Slot find(std::uint64_t state) const;

  std::uint8_t& flags(Slot slot) { return flags_[slot]; }
  std::uint8_t flags(Slot slot) const { return flags_[slot]; }
  Cost& estimate(Slot slot) { return estimates_[slot]; }
  Cost estimate(Slot slot) const { return estimates_[slot]; }

 private:
  bool grow();

  search::Budget& budget_;
  bool with_estimates_;
  std::vector<std::uint64_t> keys_;
  std::vector<std::uint8_t> flags_;
  std::vector<Cost> estimates_;  // empty without estimates
  std::size_t mask_ = 0, size_ = 0;
};

inline std::optional<std::pair<KnownStates::Slot, bool>> KnownStates::insert(std::uint64_t state,
                                                                             std::uint64_t hash) {
  for (Slot slot = hash & mask_;; slot = (slot + 1) & mask_) {
    if (keys_[slot] == state) return std::pair{slot, false};
    if (keys_[slot] != kNoState) continue;
    if (2 * (size_ + 1) <= keys_.size()) {
      keys_[slot] = state;
      ++size_;
      return std::pair{slot, true};
    }
    if (!grow()) return std::nullopt;
    return insert(state, hash);
  }
}

// Whether `domain` is a batched domain: it says so with `batched = True`.
bool is_batched(const py::handle& domain);

class BatchDomain {
 public:
  using State = std::uint64_t;
  struct Move {
    std::uint32_t column = 0;  // the move's column in the callbacks' rows
    State to = 0;              // the state it leads to
    bool operator==(const Move&) const = default;
  };

  // The most states one call of a callback is given.
  static constexpr std::size_t kBatchStates = 1 << 14;

  BatchDomain(const py::object& domain, DomainNeeds needs, search::SearchContext context);
  BatchDomain(const BatchDomain&) = delete;  // its Budget counts into its own statistics
  BatchDomain& operator=(const BatchDomain&) = delete;

  State start() const { return start_; }
  bool is_goal(State s) const {
    if (!is_goal_) return goal_value_ == s;
    return (known_.flags(known_.find(s)) & kGoalFlag) != 0;
  }
  Cost estimate(State s) const { return needs_.heuristic ? known_.estimate(known_.find(s)) : 0; }
  // For bfs, which then keeps no table of its own (search/domain.hpp).
  bool yields_each_state_once() const { return needs_.breadth_first; }

  template <class F>
  void for_each_successor(State s, F&& f) const {
    expand(forward_, s, f);
  }
  template <class F>
  void for_each_predecessor(State s, F&& f) const {
    expand(backward_, s, f);
  }
  template <class F>
  void for_each_goal(F&& f) const {
    f(goal_);
  }

  // After the search, with the GIL: the values of a state and of a move.
  py::object state(State s) const { return py::int_(s); }
  py::object move(const Move& m) const;
  void rethrow_failure() const {
    if (failure_) std::rethrow_exception(failure_);
  }
  std::optional<search::StopReason> stopped_by() const {
    if (!budget_.stopped()) return std::nullopt;
    return stats_.reason;
  }

 private:
  // One way of expanding, successors or predecessors: what it has fetched and what it will.
  struct Direction {
    Direction(const char* name_in_messages, std::uint8_t flag)
        : name(name_in_messages), queued_flag(flag) {}

    const char* name;                 // "successors" or "predecessors", for messages
    std::uint8_t queued_flag;         // in flags_: the state was queued or fetched this way
    py::object method;                // none when the search does not go this way
    std::vector<State> pending;       // seen this way, not fetched, in the order first seen
    std::size_t next_pending = 0;     // the first of `pending` not taken into a batch
    std::vector<State> batch;         // the states of the last batch
    std::vector<State> rows;          // their rows, `columns` a state
    std::vector<std::uint8_t> first;  // by entry of `rows`: 1 where it reached its state first
    std::size_t columns = 0;
    std::unordered_map<State, std::uint32_t> row_of;  // a batch state's row
    std::size_t cursor = 0;  // the row the next expansion is likeliest to ask for
    std::size_t used = 0;    // the rows of the batch asked for so far
    // The most states the next batch takes: twice the rows of the last that were used, so that a
    // search that expands in an order of its own (A*, IDA*) is not handed states it never asks for.
    std::size_t limit = kBatchStates;
  };

  static constexpr std::uint8_t kGoalFlag = 1, kForwardFlag = 2, kBackwardFlag = 4;

  // Calls f(move, neighbour) for each neighbour of s in `direction`, fetching s's row first if the
  // last batch lacks it.
  template <class F>
  void expand(Direction& direction, State s, F&& f) const {
    const State* row = find_row(direction, s);
    if (row == nullptr) {
      fetch(direction, s);
      row = find_row(direction, s);
      if (row == nullptr) return;  // a failure or a limit: the search is cancelled
    }
    const bool backward = &direction == &backward_;
    if (needs_.breadth_first) {  // each state once: a state reached again is a duplicate
      const std::uint8_t* first = direction.first.data() + (row - direction.rows.data());
      for (std::uint32_t column = 0; column < direction.columns; ++column) {
        if (first[column] != 0) f(Move{column, row[column]}, row[column]);
      }
      return;
    }
    // A copy: f may expand again (IDA*'s depth-first recursion), which may fetch a new batch.
    const std::vector<State> neighbours(row, row + direction.columns);
    for (std::uint32_t column = 0; column < neighbours.size(); ++column) {
      const State neighbour = neighbours[column];
      if (neighbour != kNoState) f(Move{column, backward ? s : neighbour}, neighbour);
    }
  }

  const State* find_row(Direction& direction, State s) const;
  // Calls direction.method on s and the states pending that way (with the GIL), and keeps the
  // rows; a failure or a limit cancels the context and keeps none.
  void fetch(Direction& direction, State s) const;
  // Takes the rows `answer` holds for `batch` as direction's last batch, and learns of the states
  // in them.
  void take_rows(Direction& direction, std::vector<State>& batch, const py::object& answer) const;
  // Adds the states new to the domain (but kNoState) to known_, asks the goal test and the
  // estimates of those, and queues those not yet queued in `direction`, marking in
  // direction.first the entries that did. Throws Stopped when the budget refuses room.
  void learn(const std::vector<State>& states, Direction& direction) const;
  struct Stopped {};
  void fail() const;

  DomainNeeds needs_;
  search::SearchContext context_;
  py::object is_goal_, heuristic_, moves_;  // moves_: a list, or None
  mutable Direction forward_{"successors", kForwardFlag};
  mutable Direction backward_{"predecessors", kBackwardFlag};
  mutable search::SearchStats stats_;  // expanded: the states fetched
  mutable search::Budget budget_;      // over stats_ and context_
  mutable KnownStates known_;          // every state seen
  mutable std::exception_ptr failure_;
  mutable std::vector<State> next_batch_, fresh_;  // fetch's and learn's, kept for their room
  std::optional<State> goal_value_;                // `goal`, when the domain has one
  State start_ = 0, goal_ = 0;
};

}  // namespace plumb::python
