// Batched Python domains on plumb's engine (see python/batch_domain.hpp).
#include "python/batch_domain.hpp"

#include <pybind11/numpy.h>

#include <algorithm>
#include <array>
#include <string>

namespace plumb::python {

namespace {

// A state the domain gives as an attribute (start, goal): an int from 0 to 2**64 - 2.
std::uint64_t state_attribute(const py::object& domain, const char* name) {
  const py::object value = domain.attr(name);
  if (!PyIndex_Check(value.ptr()) || PyBool_Check(value.ptr()))
    throw py::type_error(std::string("a batched domain's ") + name + " must be an int, not " +
                         std::string(py::repr(value)));
  const py::int_ number = py::reinterpret_steal<py::int_>(PyNumber_Index(value.ptr()));
  const unsigned long long state = PyLong_AsUnsignedLongLong(number.ptr());
  if (PyErr_Occurred() != nullptr || state == kNoState) {
    PyErr_Clear();
    throw py::value_error(std::string("a batched domain's ") + name + " is " +
                          std::string(py::repr(value)) + ": a state is an int from 0 to 2**64 - 2");
  }
  return state;
}

py::array_t<std::uint64_t> to_numpy(const std::vector<std::uint64_t>& states) {
  return py::array_t<std::uint64_t>(static_cast<py::ssize_t>(states.size()), states.data());
}

// What a callback answered for `count` states, as an array of `dimensions` dimensions whose first
// has `count` entries and whose items are of a kind in `kinds` (numpy's dtype kinds); TypeError or
// ValueError naming the callback otherwise.
py::array answer_array(const py::object& answer, const char* callback, std::size_t count,
                       int dimensions, const char* kinds, const char* what) {
  const py::array array = py::array::ensure(answer);
  if (!array || std::string(kinds).find(array.dtype().kind()) == std::string::npos) {
    throw py::type_error(std::string(callback) + "(states) must return " + what + ", not " +
                         std::string(py::repr(answer)).substr(0, 80));
  }
  if (array.ndim() != dimensions || array.shape(0) != static_cast<py::ssize_t>(count)) {
    std::string shape;
    for (py::ssize_t axis = 0; axis < array.ndim(); ++axis)
      shape += (axis == 0 ? "" : ", ") + std::to_string(array.shape(axis));
    if (array.ndim() == 1) shape += ",";  // as Python writes a tuple of one
    throw py::value_error(std::string(callback) + "(states) returned an array of shape (" + shape +
                          ") for " + std::to_string(count) + " states: it must be " +
                          (dimensions == 1 ? "(states,)" : "(states, moves)"));
  }
  return array;
}

}  // namespace

KnownStates::KnownStates(search::Budget& budget, bool estimates)
    : budget_(budget), with_estimates_(estimates) {
  constexpr std::size_t kFirstSlots = 1024;
  keys_.assign(kFirstSlots, kNoState);
  flags_.assign(kFirstSlots, 0);
  if (with_estimates_) estimates_.assign(kFirstSlots, 0);
  mask_ = kFirstSlots - 1;
}

KnownStates::Slot KnownStates::find(std::uint64_t state) const {
  Slot slot = hash(state) & mask_;
  while (keys_[slot] != state) slot = (slot + 1) & mask_;
  return slot;
}

bool KnownStates::grow() {
  const std::size_t slots = 2 * keys_.size();
  if (!budget_.can_allocate(slots *
                            (sizeof(std::uint64_t) + 1 + (with_estimates_ ? sizeof(Cost) : 0))))
    return false;
  std::vector<std::uint64_t> keys(slots, kNoState);
  std::vector<std::uint8_t> flags(slots, 0);
  std::vector<Cost> estimates(with_estimates_ ? slots : 0, 0);
  mask_ = slots - 1;
  for (Slot old = 0; old < keys_.size(); ++old) {
    if (keys_[old] == kNoState) continue;
    Slot slot = hash(keys_[old]) & mask_;
    while (keys[slot] != kNoState) slot = (slot + 1) & mask_;
    keys[slot] = keys_[old];
    flags[slot] = flags_[old];
    if (with_estimates_) estimates[slot] = estimates_[old];
  }
  keys_ = std::move(keys);
  flags_ = std::move(flags);
  estimates_ = std::move(estimates);
  return true;
}

bool is_batched(const py::handle& domain) {
  const int batched = PyObject_IsTrue(py::getattr(domain, "batched", py::none()).ptr());
  if (batched < 0) throw py::error_already_set();
  return batched == 1;
}

BatchDomain::BatchDomain(const py::object& domain, DomainNeeds needs, search::SearchContext context)
    : needs_(needs),
      context_(std::move(context)),
      budget_(context_, stats_),
      known_(budget_, needs.heuristic) {
  forward_.method = domain.attr("successors");
  if (needs_.backward) backward_.method = domain.attr("predecessors");
  if (py::hasattr(domain, "goal")) goal_value_ = state_attribute(domain, "goal");
  if (needs_.goal_test && py::hasattr(domain, "is_goal")) {
    is_goal_ = domain.attr("is_goal");
  } else if (needs_.goal_test && !goal_value_) {
    throw py::attribute_error("a batched domain needs is_goal(states) or goal");
  }
  needs_.heuristic = needs_.heuristic && py::hasattr(domain, "heuristic");
  if (needs_.heuristic) heuristic_ = domain.attr("heuristic");
  moves_ = py::hasattr(domain, "moves") ? py::object(py::list(domain.attr("moves")))
                                        : py::object(py::none());
  start_ = state_attribute(domain, "start");
  if (needs_.backward) {
    if (!goal_value_) throw py::attribute_error("a batched domain needs goal for bidir");
    goal_ = *goal_value_;
  }
  try {
    learn({start_}, forward_);
    if (needs_.backward) learn({goal_}, backward_);
  } catch (const Stopped&) {
    context_.cancel();  // stopped_by() names the limit
  }
}

py::object BatchDomain::move(const Move& m) const {
  if (moves_.is_none()) return py::int_(m.column);
  return py::reinterpret_borrow<py::list>(moves_)[m.column];
}

const BatchDomain::State* BatchDomain::find_row(Direction& direction, State s) const {
  std::size_t row = direction.cursor;
  if (row >= direction.batch.size() || direction.batch[row] != s) {
    if (direction.row_of.empty()) {  // made at the batch's first expansion out of its order
      for (std::size_t i = 0; i < direction.batch.size(); ++i)
        direction.row_of.emplace(direction.batch[i], static_cast<std::uint32_t>(i));
    }
    const auto found = direction.row_of.find(s);
    if (found == direction.row_of.end()) return nullptr;
    row = found->second;
  }
  direction.cursor = row + 1;
  ++direction.used;
  return direction.rows.data() + row * direction.columns;
}

void BatchDomain::fetch(Direction& direction, State s) const {
  const py::gil_scoped_acquire gil;
  direction.batch.clear();
  direction.row_of.clear();
  direction.cursor = 0;
  if (direction.used > 0) direction.limit = std::min(2 * direction.used, kBatchStates);
  direction.used = 0;
  if (failure_ || budget_.stopped()) return;
  try {
    std::vector<State>& batch = next_batch_;
    batch.assign(1, s);
    while (batch.size() < direction.limit && direction.next_pending < direction.pending.size()) {
      const State pending = direction.pending[direction.next_pending++];
      if (pending != s) batch.push_back(pending);
    }
    if (2 * direction.next_pending > direction.pending.size()) {  // amortized: each moved once
      direction.pending.erase(
          direction.pending.begin(),
          direction.pending.begin() + static_cast<std::ptrdiff_t>(direction.next_pending));
      direction.next_pending = 0;
    }
    for (std::size_t i = 0; i < batch.size(); ++i) {
      if (!budget_.charge()) {
        context_.cancel();
        return;
      }
    }
    take_rows(direction, batch, call_python(direction.method, to_numpy(batch)));
  } catch (const Stopped&) {
    context_.cancel();
  } catch (...) {
    fail();
  }
}

void BatchDomain::take_rows(Direction& direction, std::vector<State>& batch,
                            const py::object& answer) const {
  const py::array array = answer_array(answer, direction.name, batch.size(), 2, "iu",
                                       "an integer array of shape (states, moves)");
  const auto columns = static_cast<std::size_t>(array.shape(1));
  if (!moves_.is_none() && columns != py::len(moves_)) {
    throw py::value_error(std::string(direction.name) + "(states) returned " +
                          std::to_string(columns) + " columns, and the domain has " +
                          std::to_string(py::len(moves_)) + " moves: one column a move");
  }
  // Signed values are taken as their two's complement: -1 is NO_STATE.
  const auto states =
      py::array_t<std::uint64_t, py::array::c_style | py::array::forcecast>::ensure(array);
  if (!states) throw py::error_already_set();
  direction.rows.assign(states.data(), states.data() + states.size());
  learn(direction.rows, direction);
  direction.columns = columns;
  direction.batch.swap(batch);  // the old one's room is the next's
}

void BatchDomain::learn(const std::vector<State>& states, Direction& direction) const {
  // The states' slots are loaded kAhead states before they are needed, so that the table's cache
  // misses overlap; each state's hash is computed then, kept in `ahead` until its turn.
  constexpr std::size_t kAhead = 16;
  std::array<std::uint64_t, kAhead> ahead{};
  const auto look_ahead = [&](std::size_t i) {
    if (i >= states.size() || states[i] == kNoState) return;
    ahead[i % kAhead] = KnownStates::hash(states[i]);
    known_.prefetch(ahead[i % kAhead]);
  };
  std::vector<State>& fresh = fresh_;
  fresh.clear();
  direction.first.assign(states.size(), 0);
  for (std::size_t i = 0; i < kAhead; ++i) look_ahead(i);
  for (std::size_t i = 0; i < states.size(); ++i) {
    if (states[i] == kNoState) {
      look_ahead(i + kAhead);
      continue;
    }
    const std::uint64_t hash = ahead[i % kAhead];
    look_ahead(i + kAhead);
    const auto inserted = known_.insert(states[i], hash);
    if (!inserted) throw Stopped{};
    const auto [slot, added] = *inserted;
    if (added) fresh.push_back(states[i]);
    const bool first = (known_.flags(slot) & direction.queued_flag) == 0;
    direction.first[i] = first;
    if (first) {
      known_.flags(slot) |= direction.queued_flag;
      if (!budget_.make_room(direction.pending)) throw Stopped{};
      direction.pending.push_back(states[i]);
    }
  }
  if (fresh.empty() || (!is_goal_ && !needs_.heuristic)) return;
  const py::array_t<std::uint64_t> asked = to_numpy(fresh);
  if (is_goal_) {
    const py::array goals = answer_array(call_python(is_goal_, asked), "is_goal", fresh.size(), 1,
                                         "biu", "a bool array of shape (states,)");
    const auto flags = py::array_t<bool, py::array::forcecast>::ensure(goals);
    for (std::size_t i = 0; i < fresh.size(); ++i) {
      if (flags.data()[i]) known_.flags(known_.find(fresh[i])) |= kGoalFlag;
    }
  }
  if (needs_.heuristic) {
    const py::array given = answer_array(call_python(heuristic_, asked), "heuristic", fresh.size(),
                                         1, "iu", "an integer array of shape (states,)");
    const auto values = py::array_t<long long, py::array::forcecast>::ensure(given);
    for (std::size_t i = 0; i < fresh.size(); ++i) {
      const long long value = values.data()[i];
      if (value < 0 || value > kMaxEstimate)
        throw py::value_error("heuristic(states) returned " + std::to_string(value) +
                              ": an estimate must be 0 to " + std::to_string(kMaxEstimate));
      known_.estimate(known_.find(fresh[i])) = static_cast<Cost>(value);
    }
  }
}

void BatchDomain::fail() const {
  if (!failure_) failure_ = std::current_exception();
  context_.cancel();
}

}  // namespace plumb::python
