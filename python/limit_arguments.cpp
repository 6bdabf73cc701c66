// The limits' keyword arguments (see python/limit_arguments.hpp).
#include "python/limit_arguments.hpp"

#include <memory>
#include <string>

#include "plumb/puzzle_interface/limit_options.hpp"
#include "plumb/puzzle_interface/render.hpp"
#include "python/json.hpp"

namespace plumb::python {

namespace py = pybind11;

CallContext limits_context(const py::object& time_limit, const py::object& max_memory,
                           const py::object& threads, const py::object& progress) {
  const auto text = [](const py::object& value) { return std::string(py::str(value)); };
  search::SearchContext context;
  if (!time_limit.is_none())
    context.limits.max_seconds = puzzle_interface::time_limit_seconds(text(time_limit));
  if (!max_memory.is_none())
    context.limits.max_memory_bytes = puzzle_interface::memory_limit_bytes(text(max_memory));
  if (!threads.is_none()) context.limits.threads = puzzle_interface::thread_count(text(threads));
  if (!progress.is_none()) {
    if (!PyCallable_Check(progress.ptr()))
      throw py::type_error("progress must be a function of the statistics, not " +
                           std::string(py::repr(progress)));
    // The reporter outlives no call (the context is the call's), but holds the function with the
    // GIL released: its reference is taken and dropped with the GIL.
    auto function = std::make_shared<py::object>(progress);
    context.set_progress([function, cancel = context](const search::SearchStats& stats) {
      const py::gil_scoped_acquire gil;
      try {
        (*function)(to_python(puzzle_interface::stats_json(stats)));
      } catch (py::error_already_set& error) {
        error.discard_as_unraisable("plumb's progress function");
        cancel.cancel();
      }
    });
  }
  return {context};
}

}  // namespace plumb::python
