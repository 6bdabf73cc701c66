// python/errors.hpp: plumb's failures as the Python exceptions of the package (plumb/__init__.py):
// what puzzle_interface::current_failure() makes of a C++ exception becomes plumb.InputError (bad
// input, with its source and line), plumb.UsageError (a value refused, with the CLI's option name),
// plumb.LimitReached (a limit or a cancellation, with the answers before it) or
// plumb.EnvironmentFailure, each with the message the program prints after "plumb: ". Exceptions
// that are not plumb's own (a Python error a callback raised) pass through unchanged.
#pragma once

#include <pybind11/pybind11.h>

#include "plumb/puzzle_interface/run.hpp"

namespace plumb::python {

namespace py = pybind11;

// Raises the exception `failure` stands for; `solutions` is what LimitReached carries.
[[noreturn]] void raise_failure(const puzzle_interface::Failure& failure, py::object solutions);

// Inside a catch block: raises the exception the one being handled stands for (see above), or
// rethrows it when it is not one of plumb's failures.
[[noreturn]] void raise_current(py::object solutions = py::list());

// Returns call(), raising what it throws as raise_current() does; Python's exceptions pass.
template <class Call>
auto guarded(Call&& call) -> decltype(call()) {
  try {
    return call();
  } catch (const py::error_already_set&) {
    throw;
  } catch (...) {
    raise_current();
  }
}

}  // namespace plumb::python
