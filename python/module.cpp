// python/module.cpp: the extension module plumb._plumb, which the package plumb (plumb/__init__.py)
// re-exports: plumb's built-in puzzles through the protocol, Python-defined domains on the engine,
// and exact sliding-puzzle labels (docs/python.md).
#include <pybind11/pybind11.h>

#include "plumb/version.hpp"
#include "python/bindings.hpp"

PYBIND11_MODULE(_plumb, module) {
  module.doc() = "plumb's engine and puzzles; import the package plumb, which re-exports them";
  module.attr("__version__") = std::string(plumb::version());
  plumb::python::bind_exploration(module);
  plumb::python::bind_builtin(module);
  plumb::python::bind_domain(module);
  plumb::python::bind_sliding(module);
}
