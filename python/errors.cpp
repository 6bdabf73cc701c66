// plumb's failures as Python exceptions (see python/errors.hpp).
#include "python/errors.hpp"

#include "plumb/puzzle_interface/render.hpp"

namespace plumb::python {

void raise_failure(const puzzle_interface::Failure& failure, py::object solutions) {
  const py::module_ plumb = py::module_::import("plumb");
  py::object error;
  switch (failure.status) {
    case puzzle_interface::ExitCode::bad_input:
      if (!failure.option.empty()) {
        error = plumb.attr("UsageError")(failure.message, failure.option);
      } else {
        error = plumb.attr("InputError")(
            failure.message,
            failure.source.empty() ? py::object(py::none()) : py::str(failure.source),
            failure.line > 0 ? py::object(py::int_(failure.line)) : py::object(py::none()));
      }
      break;
    case puzzle_interface::ExitCode::limit:
      error = plumb.attr("LimitReached")(failure.message,
                                         std::string(puzzle_interface::reason_code(*failure.limit)),
                                         std::move(solutions));
      break;
    default:
      error = plumb.attr("EnvironmentFailure")(failure.message);
  }
  PyErr_SetObject(reinterpret_cast<PyObject*>(Py_TYPE(error.ptr())), error.ptr());
  throw py::error_already_set();
}

void raise_current(py::object solutions) {
  raise_failure(puzzle_interface::current_failure(), std::move(solutions));
}

}  // namespace plumb::python
