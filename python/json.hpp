// python/json.hpp: JSON values (the puzzle interface's moves, states and statistics, docs/json.md)
// as the Python values json.loads would give: dict, list, str, int, float, bool, None.
#pragma once

#include <pybind11/pybind11.h>

#include <nlohmann/json.hpp>

namespace plumb::python {

pybind11::object to_python(const nlohmann::json& value);

}  // namespace plumb::python
