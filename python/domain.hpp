// python/domain.hpp: a search domain written in Python, searched by plumb's engine (bfs, astar,
// ida_star, bidirectional_bfs, explore; plumb/search/domain.hpp).
//
// The Python object has `start`, `is_goal(state)` and `successors(state)`, which yields (move,
// next_state) pairs; optionally `heuristic(state)` (an admissible estimate, for A* and IDA*),
// `predecessors(state)`, which yields (move, previous_state) pairs whose move leads from the
// previous state to `state`, and `goal`, the one goal (both for the bidirectional search). States
// are any hashable Python values; moves any values.
//
// PythonValues interns them: equal values (Python's hash and ==) get one dense integer id, and the
// value is kept, referenced, for the domain's life. So the engine's State is an integer and its
// loops, tables and trees are C++. A Move is the id of its value and that of the state it leads
// to, so that a solution's moves give its states. Every call into Python takes the GIL (the search
// runs without it: python/cancellable.hpp). The goal test and the heuristic are called once a
// state, when it is first seen, with the successors that bring it; a search then reads their
// answers without Python. A callback that raises, or answers what is not a pair, a bool or an
// estimate, cancels the search's context; rethrow_failure() throws that first exception again after
// the search has returned. A callback that keeps yielding (an endless generator, a slow one) is
// watched as the search's expansions are: the domain charges a Budget of its own (search/budget.hpp) for
// every pair yielded, and when that finds a limit or the cancellation, it stops taking pairs,
// cancels the context and names the reason (stopped_by()), which is then the search's: an
// expansion cut short leaves the search's answer unproven. A domain serves one search on one
// thread; make, use and destroy it with the GIL held but for the search itself.
#pragma once

#include <pybind11/pybind11.h>

#include <cstdint>
#include <exception>
#include <limits>
#include <optional>
#include <utility>
#include <vector>

#include "plumb/search/budget.hpp"
#include "plumb/search/context.hpp"
#include "plumb/search/domain.hpp"
#include "plumb/search/stats.hpp"

namespace plumb::python {

namespace py = pybind11;

// The largest estimate heuristic(state) may return: A* keeps an open list by f = g + h, one bucket
// each value, so a larger one would be a large allocation, and no Python search goes that deep.
inline constexpr long long kMaxEstimate = (1 << 20) - 1;

// Python values with dense ids, equal ones (by hash and ==) sharing one; see above.
class PythonValues {
 public:
  using Id = std::uint32_t;

  PythonValues() : slots_(1024, kEmpty) {}

  // The id of the value equal to `value` and false, or a new id for it and true. Throws
  // py::error_already_set if hashing or comparing it raises (TypeError for an unhashable value).
  std::pair<Id, bool> intern(py::handle value);
  // A new id for `value`, which is kept but never compared: for values that cannot be hashed.
  Id append(py::handle value);

  py::handle value(Id id) const { return values_[id]; }

 private:
  // A slot holds an id in its low half and the high half of its value's mixed hash in its high
  // half, so that a probe compares hashes without reading elsewhere.
  static constexpr std::uint64_t kEmpty = std::numeric_limits<std::uint64_t>::max();

  void grow();
  Id add(py::handle value, Py_hash_t hash);
  void place(std::uint64_t mixed, Id id);

  std::vector<py::object> values_;
  std::vector<Py_hash_t> hashes_;     // by id; -1 for a value appended, never hashed
  std::vector<std::uint64_t> slots_;  // open addressing, linear probing; a power of 2, at most
                                      // half full
  std::size_t hashed_ = 0;            // the ids in slots_
};

// method(argument), without the tuple of arguments a call through pybind11 makes.
py::object call_python(const py::object& method, py::handle argument);

// What a search asks of the Python domain besides start and successors.
struct DomainNeeds {
  bool goal_test = false;  // is_goal (bfs, astar, ida)
  bool heuristic = false;  // heuristic, if the domain has one (astar, ida); else 0
  bool backward = false;   // predecessors and goal (bidir)
  // bfs or explore: each expansion is asked for once, in the order its state was first reached, and
  // a state reached again is a duplicate (python/batch_domain.hpp hands out each state once).
  bool breadth_first = false;
};

class PythonDomain {
 public:
  using State = PythonValues::Id;
  struct Move {
    PythonValues::Id label = 0;  // the move's value
    State to = 0;                // the state it leads to
    bool operator==(const Move&) const = default;
  };

  // Reads the domain's attributes (AttributeError for one it lacks) and interns its start and
  // goal. `context` is the one the search runs under, which a failed callback cancels.
  PythonDomain(const py::object& domain, DomainNeeds needs, search::SearchContext context);
  PythonDomain(const PythonDomain&) = delete;  // its Budget counts into its own statistics
  PythonDomain& operator=(const PythonDomain&) = delete;

  State start() const { return start_; }
  bool is_goal(State s) const { return goal_flags_[s] != 0; }
  Cost estimate(State s) const { return estimates_.empty() ? 0 : estimates_[s]; }

  template <class F>
  void for_each_successor(State s, F&& f) const {
    expand(successors_, s, /*backward=*/false, f);
  }
  template <class F>
  void for_each_predecessor(State s, F&& f) const {
    expand(predecessors_, s, /*backward=*/true, f);
  }
  template <class F>
  void for_each_goal(F&& f) const {
    f(goal_);
  }

  // After the search, with the GIL: the values of a state and of a move.
  py::object state(State s) const { return py::reinterpret_borrow<py::object>(states_.value(s)); }
  py::object move(const Move& m) const {
    return py::reinterpret_borrow<py::object>(moves_.value(m.label));
  }
  // Throws again what a callback raised, if one did.
  void rethrow_failure() const {
    if (failure_) std::rethrow_exception(failure_);
  }
  // The limit (or the cancellation) that stopped the search while a callback yielded; none if
  // nothing did.
  std::optional<search::StopReason> stopped_by() const {
    if (!yields_.stopped()) return std::nullopt;
    return yielded_.reason;
  }

 private:
  // Calls f(move, neighbour) for each pair `method(s)` yields: (move, next) forwards, (move,
  // previous) backwards, where the move leads to s.
  template <class F>
  void expand(const py::object& method, State s, bool backward, F&& f) const {
    std::vector<std::pair<Move, State>> found;
    {
      const py::gil_scoped_acquire gil;
      if (failure_ || yields_.stopped()) return;
      try {
        for (const py::handle pair : call_python(method, states_.value(s))) {
          if (!yields_.charge()) {
            context_.cancel();
            return;
          }
          const auto [move, neighbour] = unpack(pair);
          const State id = see(neighbour);
          found.push_back({Move{label(move), backward ? s : id}, id});
        }
      } catch (...) {
        fail();
        return;
      }
    }
    for (const auto& [move, neighbour] : found) f(std::as_const(move), std::as_const(neighbour));
  }

  // The (move, state) of a pair a callback yielded; TypeError for anything else.
  static std::pair<py::handle, py::handle> unpack(py::handle pair);
  // The id of a state, and if it is new, its goal test and estimate.
  State see(py::handle state) const;
  PythonValues::Id label(py::handle move) const;
  void fail() const;

  DomainNeeds needs_;
  search::SearchContext context_;
  py::object is_goal_, successors_, heuristic_, predecessors_;
  mutable PythonValues states_, moves_;
  mutable std::vector<std::uint8_t> goal_flags_;  // by state id
  mutable std::vector<Cost> estimates_;           // by state id, when needs_.heuristic
  mutable std::exception_ptr failure_;
  mutable search::SearchStats yielded_;  // expanded: the pairs the callbacks yielded
  mutable search::Budget yields_;        // over yielded_ and context_ (a Python search has no node
                                         // limit)
  State start_ = 0, goal_ = 0;
};

}  // namespace plumb::python
