// python/domain.cpp: Python-defined domains on plumb's engine (see python/domain.hpp), and
// plumb.search(), plumb.explore_domain() and the class SearchResult.
#include "python/domain.hpp"

#include <pybind11/stl.h>

#include <array>
#include <span>
#include <string>

#include "plumb/io/text_input.hpp"
#include "plumb/puzzle_interface/render.hpp"
#include "plumb/puzzle_interface/run.hpp"
#include "plumb/search/astar.hpp"
#include "plumb/search/bfs.hpp"
#include "plumb/search/bidirectional_bfs.hpp"
#include "plumb/search/explore.hpp"
#include "plumb/search/ida_star.hpp"
#include "python/batch_domain.hpp"
#include "python/bindings.hpp"
#include "python/cancellable.hpp"
#include "python/errors.hpp"
#include "python/json.hpp"
#include "python/limit_arguments.hpp"

namespace plumb::python {

namespace {

constexpr std::uint64_t kHighHalf = 0xffffffff00000000ULL;

// Python's hashes of small ints are the ints themselves: mixed (Fibonacci hashing), their high bits
// pick the home slot and tell values apart.
std::uint64_t mixed_hash(Py_hash_t hash) {
  return static_cast<std::uint64_t>(hash) * 0x9e3779b97f4a7c15ULL;
}

}  // namespace

void PythonValues::place(std::uint64_t mixed, Id id) {
  const std::size_t mask = slots_.size() - 1;
  std::size_t slot = (mixed >> 32) & mask;
  while (slots_[slot] != kEmpty) slot = (slot + 1) & mask;
  slots_[slot] = (mixed & kHighHalf) | id;
}

void PythonValues::grow() {
  slots_.assign(2 * slots_.size(), kEmpty);
  for (Id id = 0; id < values_.size(); ++id) {
    if (hashes_[id] != -1) place(mixed_hash(hashes_[id]), id);
  }
}

PythonValues::Id PythonValues::add(py::handle value, Py_hash_t hash) {
  values_.push_back(py::reinterpret_borrow<py::object>(value));
  hashes_.push_back(hash);
  return static_cast<Id>(values_.size() - 1);
}

std::pair<PythonValues::Id, bool> PythonValues::intern(py::handle value) {
  const Py_hash_t hash = PyObject_Hash(value.ptr());
  if (hash == -1) throw py::error_already_set();
  if (2 * (hashed_ + 1) > slots_.size()) grow();
  const std::uint64_t mixed = mixed_hash(hash);
  const std::size_t mask = slots_.size() - 1;
  for (std::size_t slot = (mixed >> 32) & mask;; slot = (slot + 1) & mask) {
    const std::uint64_t entry = slots_[slot];
    if (entry == kEmpty) {
      const Id id = add(value, hash);
      slots_[slot] = (mixed & kHighHalf) | id;
      ++hashed_;
      return {id, true};
    }
    if ((entry & kHighHalf) != (mixed & kHighHalf)) continue;
    const auto id = static_cast<Id>(entry);
    const int equal = PyObject_RichCompareBool(values_[id].ptr(), value.ptr(), Py_EQ);
    if (equal < 0) throw py::error_already_set();
    if (equal == 1) return {id, false};
  }
}

PythonValues::Id PythonValues::append(py::handle value) {
  return add(value, -1);  // -1: no hash (Python never gives -1 as a hash)
}

PythonDomain::PythonDomain(const py::object& domain, DomainNeeds needs,
                           search::SearchContext context)
    : needs_(needs),
      context_(std::move(context)),
      successors_(domain.attr("successors")),
      yields_(context_, yielded_) {
  if (needs_.goal_test) is_goal_ = domain.attr("is_goal");
  needs_.heuristic = needs_.heuristic && py::hasattr(domain, "heuristic");
  if (needs_.heuristic) heuristic_ = domain.attr("heuristic");
  if (needs_.backward) predecessors_ = domain.attr("predecessors");
  start_ = see(domain.attr("start"));
  if (needs_.backward) goal_ = see(domain.attr("goal"));
}

py::object call_python(const py::object& method, py::handle argument) {
  PyObject* result = PyObject_CallOneArg(method.ptr(), argument.ptr());
  if (result == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::object>(result);
}

std::pair<py::handle, py::handle> PythonDomain::unpack(py::handle pair) {
  if (!PyTuple_Check(pair.ptr()) || PyTuple_GET_SIZE(pair.ptr()) != 2) {
    const std::string given = py::repr(pair);
    throw py::type_error("successors and predecessors must yield (move, state) tuples, not " +
                         given);
  }
  return {PyTuple_GET_ITEM(pair.ptr(), 0), PyTuple_GET_ITEM(pair.ptr(), 1)};
}

PythonDomain::State PythonDomain::see(py::handle state) const {
  const auto [id, added] = states_.intern(state);
  if (!added) return id;
  if (needs_.goal_test) {
    const int goal = PyObject_IsTrue(call_python(is_goal_, state).ptr());
    if (goal < 0) throw py::error_already_set();
    goal_flags_.push_back(static_cast<std::uint8_t>(goal));
  }
  if (needs_.heuristic) {
    const py::object estimate = call_python(heuristic_, state);
    if (!PyLong_Check(estimate.ptr()))
      throw py::type_error("heuristic(state) must return an int, not " +
                           std::string(py::repr(estimate)));
    const long long value = PyLong_AsLongLong(estimate.ptr());
    if (value == -1 && PyErr_Occurred()) throw py::error_already_set();
    if (value < 0 || value > kMaxEstimate)
      throw py::value_error("heuristic(state) returned " + std::to_string(value) +
                            ": an estimate must be 0 to " + std::to_string(kMaxEstimate));
    estimates_.push_back(static_cast<Cost>(value));
  }
  return id;
}

PythonValues::Id PythonDomain::label(py::handle move) const {
  if (PyObject_Hash(move.ptr()) != -1) return moves_.intern(move).first;
  if (!PyErr_ExceptionMatches(PyExc_TypeError)) throw py::error_already_set();
  PyErr_Clear();  // unhashable: kept as it is
  return moves_.append(move);
}

void PythonDomain::fail() const {
  if (!failure_) failure_ = std::current_exception();
  context_.cancel();
}

namespace {

constexpr std::array<const char*, 4> kAlgorithms{"bfs", "astar", "ida", "bidir"};

// plumb.SearchResult: a search of a Python domain that ended.
struct SearchResultView {
  py::object length = py::none();  // None: no solution
  py::object moves = py::none();   // a list, or None
  py::list states;
  py::object stats;
};

std::size_t algorithm_named(const std::string& name) {
  for (std::size_t i = 0; i < kAlgorithms.size(); ++i) {
    if (name == kAlgorithms[i]) return i;
  }
  throw puzzle_interface::UsageError(
      "algorithm", "no algorithm named " + io::quote(name) + ": bfs, astar, ida or bidir");
}

// Runs `search(domain)` off the GIL on its own thread (python/cancellable.hpp), whose Python
// thread state the domain's callbacks share, and returns its result; a callback's exception is
// raised, and a limit, the search's or one the domain met in its callbacks, is
// puzzle_interface::LimitReached.
template <class Domain, class Search>
auto run_on_domain(const Domain& domain, const search::SearchContext& context, Search&& search) {
  decltype(search()) result;
  run_cancellable(context, [&] {
    const py::gil_scoped_acquire thread_state;
    const py::gil_scoped_release searching;
    result = search();
  });
  domain.rethrow_failure();
  if (const std::optional<search::StopReason> reason = domain.stopped_by())
    result.stats.reason = *reason;
  if (search::is_limit(result.stats.reason)) throw puzzle_interface::LimitReached(result.stats);
  return result;
}

// plumb.search on a domain of type Domain (PythonDomain or BatchDomain).
template <class Domain>
SearchResultView search_with(const py::object& domain, std::size_t chosen,
                             const search::SearchContext& context) {
  const Domain d(domain,
                 {.goal_test = chosen != 3,
                  .heuristic = chosen == 1 || chosen == 2,
                  .backward = chosen == 3,
                  .breadth_first = chosen == 0},
                 context);
  const auto estimate = [&d](typename Domain::State s) { return d.estimate(s); };
  const auto result = run_on_domain(d, context, [&] {
    switch (chosen) {
      case 0:
        return search::bfs(d, d.start(), context);
      case 1:
        return search::astar(d, d.start(), estimate, context);
      case 2:
        return search::ida_star(d, d.start(), estimate, context);
      default:
        return search::bidirectional_bfs(d, d.start(), context);
    }
  });
  SearchResultView view;
  view.states.append(d.state(d.start()));
  if (result.solved()) {
    view.length = py::int_(result.moves->size());
    py::list moves;
    for (const typename Domain::Move& move : *result.moves) {
      moves.append(d.move(move));
      view.states.append(d.state(move.to));
    }
    view.moves = std::move(moves);
  }
  view.stats = to_python(puzzle_interface::stats_json(result.stats));
  return view;
}

SearchResultView search_domain(const py::object& domain, const std::string& algorithm,
                               const py::object& time_limit, const py::object& max_memory,
                               const py::object& progress) {
  return guarded([&] {
    const std::size_t chosen = algorithm_named(algorithm);
    const CallContext call = limits_context(time_limit, max_memory, py::none(), progress);
    const search::SearchContext& context = call.context;
    return is_batched(domain) ? search_with<BatchDomain>(domain, chosen, context)
                              : search_with<PythonDomain>(domain, chosen, context);
  });
}

// plumb.explore_domain on a domain of type Domain.
template <class Domain>
ExplorationView explore_with(const py::object& domain, const search::SearchContext& context) {
  const Domain d(domain, {.breadth_first = true}, context);
  const typename Domain::State start = d.start();
  auto result =
      run_on_domain(d, context, [&] { return search::explore(d, std::span(&start, 1), context); });
  ExplorationView view;
  static_cast<search::LayerCounts&>(view.exploration) = result;
  view.origin = "the domain's start";
  view.start = d.state(start);
  for (const typename Domain::State state : result.deepest) view.deepest.append(d.state(state));
  return view;
}

ExplorationView explore_domain(const py::object& domain, const py::object& time_limit,
                               const py::object& max_memory, const py::object& progress) {
  return guarded([&] {
    const CallContext call = limits_context(time_limit, max_memory, py::none(), progress);
    const search::SearchContext& context = call.context;
    return is_batched(domain) ? explore_with<BatchDomain>(domain, context)
                              : explore_with<PythonDomain>(domain, context);
  });
}

}  // namespace

void bind_domain(py::module_& module) {
  py::class_<SearchResultView>(module, "SearchResult",
                               "What plumb.search found in a Python-defined domain.")
      .def_readonly("length", &SearchResultView::length,
                    "the length of a shortest solution; None when there is none")
      .def_readonly("moves", &SearchResultView::moves,
                    "a shortest solution's moves, as successors() yielded them; None when "
                    "there is none")
      .def_readonly("states", &SearchResultView::states,
                    "the start, then the state after each move")
      .def_readonly("stats", &SearchResultView::stats,
                    "the search's statistics, a dict as docs/json.md describes")
      .def("__repr__", [](const SearchResultView& view) {
        return "<plumb.SearchResult length " + std::string(py::str(view.length)) + ">";
      });
  made_by_plumb_only(module.attr("SearchResult"));

  module.def("search", &search_domain, py::arg("domain"), py::arg("algorithm") = "bfs",
             py::kw_only(), py::arg("time_limit") = py::none(), py::arg("max_memory") = py::none(),
             py::arg("progress") = py::none(),
             R"(A shortest solution of a puzzle written in Python, found by plumb's engine.

domain: an object with `start`, `is_goal(state)` and `successors(state)`, which yields
(move, next_state) tuples; optionally `heuristic(state)`, an admissible estimate (an int,
for "astar" and "ida"; 0 without it), and `predecessors(state)`, which yields (move,
previous_state) tuples, with `goal`, the one goal (both for "bidir"). States are any
hashable values. algorithm: "bfs", "astar", "ida" or "bidir".
Returns a SearchResult. Raises plumb.LimitReached when a limit stops the search, and
whatever a callback raises.)");
  module.def("explore_domain", &explore_domain, py::arg("domain"), py::kw_only(),
             py::arg("time_limit") = py::none(), py::arg("max_memory") = py::none(),
             py::arg("progress") = py::none(),
             R"(Counts the states of a Python-defined domain at each depth from its start
(it needs `start` and `successors(state)`). Returns an Exploration.)");
}

}  // namespace plumb::python
