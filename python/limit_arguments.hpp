// python/limit_arguments.hpp: the keyword arguments time_limit, max_memory and threads as a search
// context, read as the program reads --time-limit, --max-memory and --threads
// (protocol/limit_options.hpp): each a number or its text (max_memory also "512M", "16G"), None for
// none; a value the program would refuse raises plumb.UsageError with its message.
#pragma once

#include <pybind11/pybind11.h>

#include "plumb/search/context.hpp"

namespace plumb::python {

// Throws protocol::UsageError for a refused value.
search::SearchContext limits_context(const pybind11::object& time_limit,
                                     const pybind11::object& max_memory,
                                     const pybind11::object& threads);

}  // namespace plumb::python
