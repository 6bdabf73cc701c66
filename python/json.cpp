// JSON values as Python values (see python/json.hpp).
#include "python/json.hpp"

namespace plumb::python {

namespace py = pybind11;

py::object to_python(const nlohmann::json& value) {
  switch (value.type()) {
    case nlohmann::json::value_t::object: {
      py::dict object;
      for (const auto& [key, item] : value.items()) object[py::str(key)] = to_python(item);
      return object;
    }
    case nlohmann::json::value_t::array: {
      py::list array(value.size());
      for (std::size_t i = 0; i < value.size(); ++i) array[i] = to_python(value[i]);
      return array;
    }
    case nlohmann::json::value_t::string:
      return py::str(value.get_ref<const std::string&>());
    case nlohmann::json::value_t::boolean:
      return py::bool_(value.get<bool>());
    case nlohmann::json::value_t::number_integer:
      return py::int_(value.get<std::int64_t>());
    case nlohmann::json::value_t::number_unsigned:
      return py::int_(value.get<std::uint64_t>());
    case nlohmann::json::value_t::number_float:
      return py::float_(value.get<double>());
    default:
      return py::none();
  }
}

}  // namespace plumb::python
