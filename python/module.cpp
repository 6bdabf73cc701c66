// python/module.cpp: the extension module plumb._plumb, which the package plumb (plumb/__init__.py)
// re-exports: plumb's built-in puzzles through the puzzle interface, Python-defined domains on the
// engine, and each puzzle's own submodule (plumb.sliding's exact labels; docs/python.md).
#include <pybind11/pybind11.h>

#include "plumb/io/table_cache.hpp"
#include "plumb/version.hpp"
#include "python/bindings.hpp"

namespace plumb::python {
namespace {

extern "C" PyObject* refuse_new(PyTypeObject* type, PyObject* /*args*/, PyObject* /*kwargs*/) {
  PyErr_Format(PyExc_TypeError, "cannot create '%s' instances", type->tp_name);
  return nullptr;
}

}  // namespace

void made_by_plumb_only(const py::handle& type) {
  // TYPE.__new__ as Python looks it up (which makes tp_new call it)...
  type.attr("__new__") = py::staticmethod(
      py::cpp_function([](const py::handle& cls, const py::args&, const py::kwargs&) {
        refuse_new(reinterpret_cast<PyTypeObject*>(cls.ptr()), nullptr, nullptr);
        throw py::error_already_set();
      }));
  // ... and tp_new itself, which subclasses inherit, so that no base's __new__ (object's,
  // pybind11_object's) may make one either. pybind11 makes the objects it returns without it.
  auto* const python_type = reinterpret_cast<PyTypeObject*>(type.ptr());
  python_type->tp_new = refuse_new;
  PyType_Modified(python_type);
}

}  // namespace plumb::python

PYBIND11_MODULE(_plumb, module) {
  module.doc() = "plumb's engine and puzzles; import the package plumb, which re-exports them";
  module.attr("__version__") = std::string(plumb::version());
  plumb::python::bind_exploration(module);
  plumb::python::bind_builtin(module);
  plumb::python::bind_domain(module);
  plumb::python::bind_tables(module);
  plumb::python::bind_puzzle_modules(module);
  // The cache's notices and warnings go to plumb._notice (plumb/__init__.py): Python's logging.
  plumb::io::set_cache_reporter([](const std::string& line) {
    const pybind11::gil_scoped_acquire gil;
    try {
      pybind11::module_::import("plumb").attr("_notice")(line);
    } catch (pybind11::error_already_set& error) {
      error.discard_as_unraisable("plumb's notice");
    }
  });
}
