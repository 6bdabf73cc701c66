// The limits' keyword arguments (see python/limit_arguments.hpp).
#include "python/limit_arguments.hpp"

#include <string>

#include "plumb/protocol/limit_options.hpp"

namespace plumb::python {

namespace py = pybind11;

search::SearchContext limits_context(const py::object& time_limit, const py::object& max_memory,
                                     const py::object& threads) {
  const auto text = [](const py::object& value) { return std::string(py::str(value)); };
  search::SearchContext context;
  if (!time_limit.is_none())
    context.limits.max_seconds = protocol::time_limit_seconds(text(time_limit));
  if (!max_memory.is_none())
    context.limits.max_memory_bytes = protocol::memory_limit_bytes(text(max_memory));
  if (!threads.is_none()) context.limits.threads = protocol::thread_count(text(threads));
  return context;
}

}  // namespace plumb::python
