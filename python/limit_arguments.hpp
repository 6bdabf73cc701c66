// python/limit_arguments.hpp: the keyword arguments time_limit, max_memory and threads as a search
// context, read as the program reads --time-limit, --max-memory and --threads
// (puzzle_interface/limit_options.hpp): each a number or its text (max_memory also "512M", "16G"),
// None for none; a value the program would refuse raises plumb.UsageError with its message.
// `progress`, unless None, is called with the search's statistics (a dict, docs/json.md) about
// every half second, from the search's thread with the GIL; if it raises, the search is cancelled
// (plumb.LimitReached, reason "cancelled") and its exception is reported as unraisable
// (sys.unraisablehook).
#pragma once

#include <pybind11/pybind11.h>

#include "plumb/search/context.hpp"

namespace plumb::python {

// A call's search context. Its progress function holds a copy of the context (to cancel it), so
// it is let go with the call's context, with the GIL held.
struct CallContext {
  search::SearchContext context;

  ~CallContext() {
    if (context.reports_progress()) context.set_progress(nullptr);
  }
};

// Throws puzzle_interface::UsageError for a refused value.
CallContext limits_context(const pybind11::object& time_limit, const pybind11::object& max_memory,
                           const pybind11::object& threads,
                           const pybind11::object& progress = pybind11::none());

}  // namespace plumb::python
